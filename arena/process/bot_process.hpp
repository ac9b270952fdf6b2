// One bot as a child process: spawn it, exchange one turn (input in, one line out) under a
// deadline, and end everything it started at the end. The lowest layer of the arena; it knows
// nothing about games.
//
// Containment: each bot runs in a PID namespace of its own, whose first process (arena-bot-init,
// built next to the arena) starts the bot. Whatever the bot does (leave its process group or
// session, double-fork, keep pipes open, ignore SIGTERM, stop itself), all of it ends with the
// namespace when stop() kills the init, and when the arena dies (even by SIGKILL) the init gets
// a death signal. That signal is tied to the thread that started the bot (PR_SET_PDEATHSIG): stop
// a bot before the thread that created it ends (play_match does). See bots_contained() for the
// fallback.
//
// All bots of one match share one boost::asio::io_context, run only by the match's thread, so
// every bot's stderr is drained while any bot of the match is being waited for (a chatty bot
// never blocks on a full pipe) and no thread ever sleep-polls a child.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arena/common/error.hpp"

namespace boost::asio {
class io_context;
}

namespace arena::process {

// Splits a bot's command line into words as a POSIX shell would: blanks separate words, single
// quotes keep everything literally, double quotes keep blanks (backslash escapes " \ $ ` inside
// them), a backslash outside quotes escapes the next character. No shell is run, so no variable
// expansion, globbing, pipes or redirections. Throws std::invalid_argument on an unterminated
// quote or a trailing backslash, or when the line has no word at all.
std::vector<std::string> split_command_line(std::string_view command_line);

// Thrown when a bot cannot be started; what() names the command and says what to do.
struct SpawnError : arena::Error {
    using arena::Error::Error;
};

// Resolves argv[0] the way execvp would (a name with a '/' is a path, relative to working_dir if
// given; otherwise it is looked up in search_path, or in $PATH when that is empty) and checks it
// exists and is executable. Returns the path to run. Throws SpawnError naming the command and
// what to do.
std::string resolve_executable(const std::string& program, const std::string& working_dir = "",
                               const std::string& search_path = "");

// How a single turn's read ended.
enum class ReadStatus {
    line,      // a full line arrived in time
    timeout,   // the deadline passed first
    closed,    // the bot closed its stdout (usually: it exited) before a full line
    overflow,  // kMaxLineBytes or more arrived without a line end: CodinGame counts no answer
};

// CodinGame's AGENT_MAX_BUFFER_SIZE, which must also hold the line end: an answer has at most
// kMaxLineBytes - 1 bytes before its line end ("\r\n" counts its '\r' only).
inline constexpr std::size_t kMaxLineBytes = 10'000;
inline constexpr std::size_t kStderrCapPerTurn = 8 * 1024;  // stderr kept per turn

struct ReadResult {
    ReadStatus status = ReadStatus::timeout;
    // status == line: the answer without its line end ("\n", "\r" or "\r\n"). status == closed:
    // what came after the last line end before the output closed (a last line left without
    // its line end), once; empty when nothing did. The match never takes that for an answer
    // (CodinGame reads whole lines); an external referee's last command may end so.
    std::string line;
    // Monotonic time from just before the input was written until the line end arrived (or the
    // read gave up).
    std::chrono::nanoseconds elapsed{0};
    std::string stderr_text;        // what the bot wrote on stderr since the previous exchange
    bool stderr_truncated = false;  // stderr_text was cut at kStderrCapPerTurn

    // The first exchange only: from the spawn until the turn's clock started (the bot began
    // reading its input, or the start-up allowance ran out), and how much of that came after the
    // input was written (0 when the bot was already waiting for it). With a start-up allowance,
    // `elapsed` counts from that clock start, not from the write.
    std::optional<std::chrono::nanoseconds> startup;
    std::chrono::nanoseconds startup_wait{0};
    // The start-up allowance ran out before the bot began reading its first input.
    bool startup_exceeded = false;
    // status == timeout, with a late grace: a line came after the deadline but within the grace.
    // `elapsed` is then that line's real time and `line` the line, which is never an answer.
    bool late = false;
    // What the bot's threads used during the exchange: CPU time, and time runnable but waiting
    // for a CPU (run-queue delay). Unset where the kernel does not tell (cpu_usage.hpp).
    std::optional<std::chrono::nanoseconds> cpu;
    std::optional<std::chrono::nanoseconds> wait;
};

// How the process ended.
struct ExitStatus {
    std::optional<int> exit_code;  // set when it exited by itself
    std::optional<int> signal;     // set when a signal ended it
    bool killed_by_arena = false;  // the arena sent that signal (end of game or timeout)
    // Set when the bot ended because it reached one of its Limits, e.g. "memory limit (512 MB)
    // reached", "CPU time limit (2 s) reached", "file size limit (1 MB) reached".
    std::string limit_reached;
    double cpu_seconds = 0;        // user + system CPU time of the bot and the children it reaped
    long peak_rss_kib = 0;         // largest resident set of the bot or of a child it reaped
    std::string describe() const;  // "exit code 3", "signal 11 (SIGSEGV)", "CPU time limit..."
};

// Optional per-bot resource limits (unset = no limit). Memory, CPU and processes hold for the
// whole bot, all its processes together: they are cgroups (v2, else the v1 hierarchies), so they
// need a cgroup the arena may write (root, or delegation). A bot that reaches one is ended and
// stop() names the limit (ExitStatus::limit_reached), told by the kernel's counters.
struct Limits {
    // The bot's memory (memory cgroup: its processes' memory, including the shared memory and
    // tmpfs files it creates). Beyond it the kernel's OOM killer ends a process of the bot, and
    // the arena then ends the whole bot: "memory limit (N MB) reached: signal 9 (SIGKILL)".
    // Counts resident memory only: a JVM's or Go's reserved heap costs nothing until used.
    std::optional<long> memory_mb;
    // CPU seconds (user + system) over the whole game, all processes together (cpuacct / cpu.stat,
    // checked every 50 ms while the bot is waited for and after each exchange). Each process also
    // gets RLIMIT_CPU: SIGXCPU at the limit, SIGKILL a second later.
    std::optional<long> cpu_seconds;
    // Processes and threads the bot may have at once (pids cgroup; also for root): fork() and
    // thread creation fail beyond it.
    std::optional<long> processes;
    // RLIMIT_FSIZE: largest file the bot may write; SIGXFSZ beyond it.
    std::optional<long> file_size_mb;

    bool any() const { return memory_mb || cpu_seconds || processes || file_size_mb; }
    std::string describe() const;  // "memory 512 MB, CPU 10 s", or "none"
};

// Checks that every limit set in `limits` can be enforced on this machine (a writable cgroup for
// its controller). Throws SpawnError saying what is missing and what to do (run as root, enable
// cgroup delegation, or drop the option). Cheap after the first call: call it before the first
// game so that an impossible limit stops `play` / `tournament` at once. BotProcess checks too.
void check_limits_supported(const Limits& limits);

// Whether bots are contained in a PID namespace of their own here (the default), rather than in a
// process group only (the fallback: no PID namespaces, arena-bot-init missing, or
// ARENA_CONTAINMENT=process-group). The fallback prints a one-line notice to stderr once, when
// the first bot starts; containment_fallback_notice() returns it ("" when contained).
bool bots_contained();
std::string containment_fallback_notice();

struct BotOptions {
    std::string working_dir;                    // empty: the arena's working directory
    std::chrono::milliseconds kill_grace{100};  // between SIGTERM and SIGKILL, at most
    Limits limits;
    // Runs the bot in a bubblewrap (bwrap) sandbox that shuts every door: all namespaces
    // unshared (no network at all, not even Unix sockets), a new session (no terminal), the
    // environment reduced to PATH, HOME, TMPDIR, ARENA_SCRATCH and LANG, and a file system of the
    // system directories read-only, the bot's program and the files named on its command line
    // read-only, and a size-limited scratch tmpfs at /tmp (cwd, $HOME, $TMPDIR). A bare program
    // name is looked up in the sandbox's PATH (/usr/local/bin:/usr/bin:/bin). A sandboxed bot
    // that dies of signal N is reported by bwrap as exit code 128 + N; it is shown as that
    // signal. Throws SpawnError (see check_sandbox).
    bool sandbox = false;
    long scratch_mb = 256;  // sandbox: size of the scratch tmpfs
    long shm_mb = 64;       // sandbox: size of /dev/shm
    // sandbox, for a program that starts others (an SDK runner and the bots it runs): more of
    // the host shown, read-only ({host path, where it is shown}) and writable (directories), and
    // whether it may make namespaces of its own inside (to contain those bots).
    std::vector<std::pair<std::string, std::string>> sandbox_read_only{};
    std::vector<std::string> sandbox_writable{};
    bool sandbox_nested = false;
    // The constructor returns as soon as the bot's init runs, without waiting for the bot's own
    // exec; confirm_start() then waits for it (and throws the SpawnError the constructor would
    // have thrown). Lets a match start every seat's bot before waiting for any (their inits start
    // in parallel). Only the PID-namespace containment waits for an exec; elsewhere no effect.
    bool defer_start_check = false;
    // The first exchange's clock starts when the bot begins reading its input (it is then
    // waiting for it) or once this long has passed since the spawn, whichever is first, and
    // never before the input is written: a bot's start-up (a JVM, imports, tables built at load)
    // is not charged to its first turn, as CodinGame does not charge it. 0: the clock starts
    // when the input is written.
    std::chrono::milliseconds startup_allowance{0};
    // A cgroup of the CPU controller of its own (where one is writable): every bot then gets an
    // equal share of the CPUs when bots compete for them (cpu_shares_supported()).
    bool cpu_share = false;
};

// Whether bots can get a CPU share of their own here (BotOptions::cpu_share): a writable cgroup
// of the CPU controller (root, or delegation).
bool cpu_shares_supported();

// Checks once per process that bubblewrap is installed and can create its namespaces here
// (probing it with a trivial command). Throws SpawnError saying what is missing and what to do.
void check_sandbox();

// The host user (and group) id a sandboxed program runs as: the arena's own, or nobody (65534)
// when the arena runs as root, so that a sandboxed program is never host root.
unsigned sandbox_user_id();

// What a sandboxed `argv` (relative to working_dir) is shown of the host: its program and the
// files its arguments name, as {host path resolved, where it is shown}. Throws SpawnError as
// check_sandbox_paths does.
std::vector<std::pair<std::string, std::string>> sandbox_shown_paths(
    const std::vector<std::string>& argv, const std::string& working_dir);

// Checks what a sandboxed bot's command line (argv, relative to working_dir) names, before any
// game: a directory, or a symlink resolving outside working_dir, `/`, or a directory that holds
// one of `never_mount` (the results directory) is refused with a SpawnError naming the argument
// and what to do. A file is shown as the file it names.
void check_sandbox_paths(const std::vector<std::string>& argv, const std::string& working_dir,
                         const std::vector<std::string>& never_mount = {});

class BotProcess {
  public:
    // Starts argv (argv[0] resolved with resolve_executable) in a new process group, with
    // stdin/stdout/stderr on pipes registered with `io`. Throws SpawnError.
    BotProcess(boost::asio::io_context& io, const std::vector<std::string>& argv,
               const BotOptions& options = {});
    // Stops the bot (see stop()) if still running: no zombie, no orphan.
    ~BotProcess();
    BotProcess(const BotProcess&) = delete;
    BotProcess& operator=(const BotProcess&) = delete;
    // Movable (e.g. into a std::vector); a moved-from BotProcess may only be destroyed or
    // assigned to. Must be destroyed before its io_context.
    BotProcess(BotProcess&&) noexcept;
    BotProcess& operator=(BotProcess&&) noexcept;

    // Writes `input`, then waits until one full line is available or `limit` has passed since
    // the write started. A line already buffered from an earlier turn answers at once (as on
    // CodinGame, extra lines answer the next turns). Runs the shared io_context meanwhile.
    // `input` is written as is (include its final "\n"); what the bot does not read at once is
    // written in the background, so a bot that never reads cannot block the arena. A line that
    // arrives after a timeout stays buffered and answers the next exchange. After an overflow
    // every later exchange reports overflow; after stop(), closed (unless a line is buffered).
    // Must not be called from inside an io_context handler.
    // late_grace: when no line came by the deadline, the read goes on that much longer, so that a
    // late answer's real time is known (ReadResult::late); such a line is taken, never an answer.
    ReadResult exchange(std::string_view input, std::chrono::milliseconds limit,
                        std::chrono::milliseconds late_grace = std::chrono::milliseconds(0));

    // Closes stdin, sends SIGTERM to every process of the bot, waits up to kill_grace for the bot
    // to exit, then SIGKILLs everything of it and reaps. Bounded in time whatever the bot does.
    // Idempotent; returns how the bot ended. In the process-group fallback, processes that left
    // the group are out of reach (see README).
    ExitStatus stop();

    // Non-blocking: how the bot ended if it has exited already, else nullopt. It looks without
    // reaping: the zombie keeps the process group id reserved until stop() has SIGKILLed the
    // group (stop() reaps it). Note that a bot whose stdout just closed may still be exiting.
    std::optional<ExitStatus> poll_exit();

    // The bot's stderr collected since the last exchange (capped at kStderrCapPerTurn), e.g. a
    // crash message printed while dying; still available after stop().
    std::string take_stderr();

    // The process the arena owns: the init of the bot's namespace (contained), or the bot itself
    // (fallback). Also the id of its process group.
    int pid() const;

    // With BotOptions::defer_start_check: waits until the bot runs, or throws the SpawnError the
    // constructor would have thrown (the bot is then stopped). Once confirmed, or without the
    // option, returns at once. exchange() confirms first; stop() and poll_exit() never throw.
    void confirm_start();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arena::process
