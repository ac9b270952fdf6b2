// BotProcess: a bot as a child process, talked to through three pipes registered with the match's
// io_context.
//
// Design notes (the why; the what is in bot_process.hpp):
// - Each bot is contained in a PID namespace of its own, whose init (arena-bot-init) dies with
//   the arena and takes the namespace with it; limits for the whole bot are cgroups. How it is
//   started is in containment.cpp, the cgroups in cgroup.cpp, the sandbox in sandbox.cpp. The
//   process we own (pid_) is the init, or the bot itself in the process-group fallback; it
//   belongs to a Boost.Process v2 basic_process until stop() reaps it.
// - The hot path (exchange with a bot that answers at once) is kept close to a bare pipe round
//   trip: the input is written with one direct non-blocking write(), the stdout read is armed only
//   while a line is awaited and stops as soon as one is buffered, and lines already buffered answer
//   without any read at all. Asio only does the waiting: io_context::run_one_until(deadline),
//   whose epoll timeout is the turn deadline. (A steady_timer per turn measured ~1.1 us slower:
//   timerfd_settime plus the cancelled handler's trip through the scheduler.) Containment costs
//   nothing per turn; a bot with a CPU or memory limit is also checked every kLimitCheck while
//   it is waited for, and at the end of each exchange.
// - stderr has a read pending at all times, so a bot that floods stderr never blocks on a full
//   pipe, whichever bot of the match is being waited for.
// - Every handler we hand to asio points to *this; `outstanding_` counts them so stop() can run
//   the io_context until none is left before the Impl goes away.
// - stop() never waits on anything a bot controls: it waits for the init (or bot) with a bounded
//   grace, then SIGKILLs the init, whose end the kernel makes the end of every process in the
//   namespace.
#include "arena/process/bot_process.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <span>
#include <utility>

#include "arena/process/bot_init_protocol.hpp"
#include "arena/process/cgroup.hpp"
#include "arena/process/containment.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/process/process_v2.hpp"
#include "arena/process/sandbox.hpp"

namespace arena::process {

namespace asio = boost::asio;
namespace bp = boost::process::v2;
using error_code = boost::system::error_code;
using Clock = std::chrono::steady_clock;

namespace {

// The io_context's own executor type rather than any_io_executor: no type erasure per operation.
using Executor = asio::io_context::executor_type;
using Timer = asio::basic_waitable_timer<Clock, asio::wait_traits<Clock>, Executor>;

constexpr std::size_t kStdoutBufferStart = 16 * 1024;
constexpr std::size_t kMinStdoutRead = 4 * 1024;  // never read stdout into less room than this
constexpr std::size_t kStderrChunk = 64 * 1024;   // one pipe's worth: few reads for a flood

// The bots alive right now, so that an arena stopped by Ctrl-C, SIGTERM or SIGHUP takes them down
// with it: each bot runs in its own process group, out of reach of the terminal's Ctrl-C, and a
// bot deep in a 20 s first-turn search would otherwise outlive the arena. Lock-free slots,
// because the signal handler reads them.
std::array<std::atomic<pid_t>, 4096> live_bots{};

void register_live_bot(pid_t pid) {
    for (std::atomic<pid_t>& slot : live_bots) {
        pid_t empty = 0;
        if (slot.compare_exchange_strong(empty, pid)) return;
    }
}

void unregister_live_bot(pid_t pid) {
    for (std::atomic<pid_t>& slot : live_bots) {
        pid_t expected = pid;
        if (slot.compare_exchange_strong(expected, 0)) return;
    }
}

}  // namespace

void kill_all_bots() noexcept {
    for (const std::atomic<pid_t>& slot : live_bots) {
        const pid_t pid = slot.load();
        if (pid > 0) {
            ::kill(-pid, SIGKILL);
            ::kill(pid, SIGKILL);
        }
    }
}

namespace {

// Process-wide settings, made once when the first bot starts.
void prepare_arena_process() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Writing to a bot that has exited must give EPIPE (handled as "bot gone"), not kill us.
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        ::sigaction(SIGPIPE, &ignore, nullptr);

        // If the arena was started with stdin/stdout/stderr closed, a pipe could land on fd 0-2
        // and the dup2() calls in the child would overwrite one pipe with another.
        for (int fd = 0; fd <= 2; ++fd) {
            if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) ::open("/dev/null", O_RDWR);
        }

        // Become a child subreaper: when a bot dies, the processes it forked are re-parented to us
        // instead of to PID 1, so stop() can reap them. Without this they would stay zombies
        // wherever PID 1 does not reap orphans (containers without an init, such as ours).
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    });
}

// A file descriptor closed on scope exit.
struct UniqueFd {
    int fd = -1;
    UniqueFd() = default;
    explicit UniqueFd(int f) : fd(f) {}
    UniqueFd(UniqueFd&& other) noexcept : fd(std::exchange(other.fd, -1)) {}
    UniqueFd& operator=(UniqueFd&&) = delete;
    ~UniqueFd() {
        if (fd >= 0) ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

struct Pipe {
    UniqueFd read_end, write_end;
};

// Both ends close-on-exec: the child gets its ends through dup2() onto 0/1/2 (which clears the
// flag), and no other bot started meanwhile by another thread can inherit them, which would keep
// a dead bot's stdout open and hide its EOF.
Pipe make_pipe(const std::string& program) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw SpawnError("bot command '" + program + "': cannot create pipes: " +
                         std::strerror(errno) + ". Too many bots or open files?");
    }
    return Pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

std::string mib_text(long mib) {
    return std::to_string(mib) + " MB";
}

// Signals the bot's process group, and the bot itself in case it left that group. Only used while
// the bot is not reaped yet, so neither id can belong to another process.
void signal_bot(pid_t pid, int signal) {
    ::kill(-pid, signal);
    ::kill(pid, signal);
}

ExitStatus status_from_wait(int wstatus) {
    ExitStatus status;
    if (WIFEXITED(wstatus)) status.exit_code = WEXITSTATUS(wstatus);
    if (WIFSIGNALED(wstatus)) status.signal = WTERMSIG(wstatus);
    return status;
}

// Runs `bwrap <the sandbox's options> true` once, to tell a missing or unusable bubblewrap
// before any game starts. Returns what is wrong, or "" when it works.
std::string probe_sandbox() {
    prepare_arena_process();  // subreaper: bwrap's own children are reaped below
    const std::string bwrap = find_bwrap();
    if (bwrap.empty()) {
        return "--sandbox needs bubblewrap (the bwrap program), which is not installed: install "
               "it (Debian: apt-get install bubblewrap; scripts/install-deps.sh does) or run "
               "without --sandbox";
    }
    std::string true_program;
    try {
        true_program = resolve_executable("true", "", kSandboxPath);
    } catch (const SpawnError& e) {
        return std::string("--sandbox: ") + e.what();
    }
    std::vector<std::string> argv = sandboxed_argv(bwrap, {true_program}, true_program, "", 1, 1);
    // Without a new session here: bwrap's child stays in the group, so the loop below reaps it.
    std::erase(argv, std::string("--new-session"));
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    Pipe err = make_pipe(bwrap);
    // Its own process group, so that bwrap's children re-parented to us can be reaped below.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDWR, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, err.write_end.fd, STDERR_FILENO);
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, bwrap.c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (error != 0) return "--sandbox: cannot start " + bwrap + ": " + std::strerror(error);
    ::close(err.write_end.release());
    std::string message;
    char buffer[1024];
    for (ssize_t n; (n = ::read(err.read_end.fd, buffer, sizeof buffer)) != 0;) {
        if (n > 0 && message.size() < 4096) message.append(buffer, static_cast<std::size_t>(n));
        if (n < 0 && errno != EINTR) break;
    }
    int wstatus = 0;
    while (::waitpid(pid, &wstatus, 0) == -1 && errno == EINTR) {
    }
    // bwrap's PID-namespace init may outlive bwrap by a moment (it was re-parented to us, and
    // ends by itself now that `true` has ended): reap it too. Our own trusted command.
    while (::waitpid(-pid, nullptr, 0) > 0 || errno == EINTR) {
    }
    if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) return "";
    while (!message.empty() &&
           (message.back() == '\n' || message.back() == '\r' || message.back() == '.'))
        message.pop_back();
    const std::string why = message.empty() ? std::string() : ": " + message;
    return "--sandbox: bubblewrap (" + bwrap + ") cannot create its sandbox on this machine" + why +
           ". It needs user namespaces (sysctl kernel.unprivileged_userns_clone=1; in a container: "
           "allowed by its seccomp/AppArmor profile). Run without --sandbox, or on a machine where "
           "'bwrap --unshare-all --ro-bind / / true' works";
}

}  // namespace

void check_sandbox() {
    static std::once_flag once;
    static std::string problem;
    std::call_once(once, [] { problem = probe_sandbox(); });
    if (!problem.empty()) throw SpawnError(problem);
}

std::string Limits::describe() const {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (memory_mb) add("memory " + mib_text(*memory_mb));
    if (cpu_seconds) add("CPU " + std::to_string(*cpu_seconds) + " s");
    if (processes) add(std::to_string(*processes) + " processes");
    if (file_size_mb) add("file size " + mib_text(*file_size_mb));
    return text.empty() ? "none" : text;
}

std::string ExitStatus::describe() const {
    std::string how = "still running";
    if (exit_code) {
        how = "exit code " + std::to_string(*exit_code);
    } else if (signal) {
        const char* abbrev = ::sigabbrev_np(*signal);  // "SEGV"
        how = "signal " + std::to_string(*signal);
        if (abbrev != nullptr) how += std::string(" (SIG") + abbrev + ")";
    }
    return limit_reached.empty() ? how : limit_reached + ": " + how;
}

struct BotProcess::Impl {
    Impl(asio::io_context& io, const std::vector<std::string>& argv, const BotOptions& options);
    ~Impl();

    ReadResult exchange(std::string_view input, std::chrono::milliseconds limit);
    ExitStatus stop();
    std::optional<ExitStatus> poll_exit();
    std::string take_stderr();

    // stdin
    void send(std::string_view input);
    void start_write();
    // stdout
    enum class LineScan { line, none, overflow };
    void start_stdout_read();
    std::size_t find_line_end();
    LineScan take_line(std::string& line);
    // stderr
    void start_stderr_read();
    void keep_stderr(std::size_t n);
    void drain_stderr_now();
    // waiting
    void run_one();
    void wait_for_leader_exit(std::chrono::milliseconds grace);
    void drain_handlers();
    void await_start(const std::string& executable);
    void wait_for_line(Clock::time_point deadline);
    // limits: checked while the bot is waited for
    bool watches_limits() const;
    void check_limits();
    // exit
    void kill_everything();
    std::optional<int> bot_wait_status();
    ExitStatus from_wait(int wstatus) const;
    std::string limit_reached(const ExitStatus& status) const;

    asio::io_context& io_;
    const BotOptions options_;
    const std::string program_;      // argv[0] as given, for messages
    pid_t pid_ = -1;                 // the init of the bot's namespace (or the bot), its group id
    bool contained_ = false;         // in a PID namespace, pid_ being its init
    int status_fd_ = -1;             // contained: the init's status pipe (read end, non-blocking)
    std::optional<int> bot_status_;  // contained: the bot's wait status, as the init reported it
    BotCgroup cgroup_;               // the bot's cgroups (limits); empty without such limits
    std::string limit_hit_;          // a limit the arena saw reached and ended the bot for
    // Owns the child (Boost.Process v2): SIGKILLs and reaps it should the BotProcess be destroyed
    // before stop() ran (e.g. an exception late in the constructor). stop() detaches it.
    bp::basic_process<Executor> process_;

    // Our ends of the pipes (stream_descriptor rather than readable/writable_pipe: it can be made
    // non-blocking up front, which exchange() needs for its direct write and stderr read).
    using Descriptor = asio::posix::basic_stream_descriptor<Executor>;
    Descriptor stdin_;
    Descriptor stdout_;
    Descriptor stderr_;
    Descriptor exit_watch_;  // pidfd and timer of the kill grace period, used by stop()
    Timer grace_timer_;

    int outstanding_ = 0;  // our handlers that asio has not run yet; each points to *this

    // stdin: what a non-blocking write() could not take at once is written asynchronously; input
    // of later turns waits in queued_input_ meanwhile.
    std::string inflight_input_, queued_input_;
    bool writing_ = false;
    bool stdin_closed_ = false;

    // stdout: bytes [out_begin_, out_end_) of out_buf_ are unconsumed; [out_begin_, scan_pos_)
    // holds no line end. A read is armed only while no full line is buffered.
    std::vector<char> out_buf_;
    std::size_t out_begin_ = 0, out_end_ = 0, scan_pos_ = 0;
    bool reading_stdout_ = false;
    bool stdout_eof_ = false;
    bool overflowed_ = false;  // sticky: there is no way to find the next answer after that
    bool skip_lf_ = false;     // the last line ended with a '\r' at the end of the data read

    // stderr: a read is pending at all times until EOF.
    std::array<char, kStderrChunk> err_chunk_;
    std::string stderr_text_;
    bool stderr_truncated_ = false;
    bool stderr_open_ = true;

    // exit
    bool leader_exited_ = false;
    bool grace_over_ = false;
    std::optional<ExitStatus> exit_;  // known once the bot has exited
    bool stopped_ = false;
};

BotProcess::Impl::Impl(asio::io_context& io, const std::vector<std::string>& argv,
                       const BotOptions& options)
    : io_(io),
      options_(options),
      program_(argv.empty() ? std::string() : argv.front()),
      process_(io.get_executor()),
      stdin_(io),
      stdout_(io),
      stderr_(io),
      exit_watch_(io),
      grace_timer_(io),
      out_buf_(kStdoutBufferStart) {
    prepare_arena_process();
    if (argv.empty()) {
        throw SpawnError("bot command is empty: give the program to run in --bot / the config.");
    }
    if (!options.working_dir.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_directory(options.working_dir, ec)) {
            throw SpawnError("bot command '" + program_ + "': working directory '" +
                             options.working_dir + "' does not exist. Fix it in the config.");
        }
    }
    std::string executable =
        resolve_executable(program_, options.working_dir, options.sandbox ? kSandboxPath : "");
    std::vector<std::string> command = argv;
    if (options.sandbox) {
        check_sandbox();
        std::error_code ec;
        const std::string working_dir =
            options.working_dir.empty()
                ? std::filesystem::current_path(ec).string()
                : std::filesystem::absolute(options.working_dir, ec).string();
        const std::string bwrap = find_bwrap();
        command = sandboxed_argv(bwrap, argv, executable, working_dir, options.scratch_mb,
                                 options.shm_mb);
        // In the fallback the bot's session (setsid, no terminal) is the one the arena made:
        // bwrap and the bot must stay in its group, which is all stop() reaches there.
        if (!bots_contained()) std::erase(command, std::string("--new-session"));
        executable = bwrap;
    }
    cgroup_ = BotCgroup(options.limits, program_, bots_contained() ? 1 : 0);

    Pipe in = make_pipe(program_), out = make_pipe(program_), err = make_pipe(program_);
    SpawnRequest request{command,          executable,          in.read_end.fd,
                         out.write_end.fd, err.write_end.fd,    options.working_dir,
                         options.limits,   cgroup_.procs_fds(), {}};
    if (options.sandbox) request.environment = sandbox_environment();
    const Spawned spawned = spawn_bot(request);
    pid_ = spawned.pid;
    contained_ = spawned.contained;
    status_fd_ = spawned.status_fd;
    register_live_bot(pid_);
    if (contained_) await_start(executable);
    try {
        // From here on, process_ kills and reaps the bot if anything below throws.
        process_ = bp::basic_process<Executor>(io.get_executor(), pid_);
    } catch (const std::exception& e) {
        // Process v2 needs pidfd_open (Linux 5.3): do not leave the bot behind.
        ::kill(pid_, SIGKILL);
        unregister_live_bot(pid_);
        ::waitpid(pid_, nullptr, 0);
        throw SpawnError("bot command '" + program_ + "': cannot watch the process: " + e.what());
    }

    // The child's ends are closed when `in`, `out` and `err` go out of scope; ours go to asio.
    // Non-blocking: exchange() writes stdin and drains stderr directly when it can.
    stdin_.assign(in.write_end.release());
    stdout_.assign(out.read_end.release());
    stderr_.assign(err.read_end.release());
    stdin_.non_blocking(true);
    stdout_.non_blocking(true);
    stderr_.non_blocking(true);
    start_stderr_read();
}

BotProcess::Impl::~Impl() {
    try {
        stop();
    } catch (...) {
        // Nothing sensible to do in a destructor; stop() only throws if asio itself fails.
    }
}

// ---- stdin ----

void BotProcess::Impl::send(std::string_view input) {
    if (stdin_closed_ || input.empty()) return;
    if (writing_) {  // an earlier input is still being written: keep the order
        queued_input_.append(input);
        return;
    }
    std::size_t done = 0;
    while (done < input.size()) {
        const ssize_t n = ::write(stdin_.native_handle(), input.data() + done, input.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
        } else if (errno == EAGAIN) {
            break;  // the pipe is full: the bot is not reading (yet)
        } else if (errno != EINTR) {
            stdin_closed_ = true;  // EPIPE: the bot closed its stdin or exited
            return;
        }
    }
    if (done == input.size()) return;
    // The rest is written as the bot reads; the deadline keeps running meanwhile.
    inflight_input_.assign(input.substr(done));
    start_write();
}

void BotProcess::Impl::start_write() {
    writing_ = true;
    ++outstanding_;
    asio::async_write(stdin_, asio::buffer(inflight_input_),
                      [this](const error_code& ec, std::size_t) {
                          --outstanding_;
                          writing_ = false;
                          if (ec) {
                              if (ec != asio::error::operation_aborted) stdin_closed_ = true;
                              queued_input_.clear();
                              return;
                          }
                          if (!queued_input_.empty()) {
                              inflight_input_.swap(queued_input_);
                              queued_input_.clear();
                              start_write();
                          }
                      });
}

// ---- stdout ----

void BotProcess::Impl::start_stdout_read() {
    // No read is in flight, so the buffer may move.
    if (out_begin_ == out_end_) out_begin_ = out_end_ = scan_pos_ = 0;
    if (out_buf_.size() - out_end_ < kMinStdoutRead) {
        std::memmove(out_buf_.data(), out_buf_.data() + out_begin_, out_end_ - out_begin_);
        out_end_ -= out_begin_;
        scan_pos_ -= out_begin_;
        out_begin_ = 0;
        if (out_buf_.size() - out_end_ < kMinStdoutRead) out_buf_.resize(out_buf_.size() * 2);
    }
    reading_stdout_ = true;
    ++outstanding_;
    stdout_.async_read_some(
        asio::buffer(out_buf_.data() + out_end_, out_buf_.size() - out_end_),
        [this](const error_code& ec, std::size_t n) {
            --outstanding_;
            reading_stdout_ = false;
            out_end_ += n;
            if (ec) {
                // EOF, or an error that amounts to it; "aborted" only happens in stop().
                if (ec != asio::error::operation_aborted) stdout_eof_ = true;
                return;
            }
            // Keep reading until a full line (or too much without one) is buffered.
            if (find_line_end() == std::string::npos && out_end_ - out_begin_ < kMaxLineBytes) {
                start_stdout_read();
            }
        });
}

// Position of the first line end in the unconsumed bytes, or npos. Resumes where the previous
// call stopped, so every byte is looked at once.
std::size_t BotProcess::Impl::find_line_end() {
    if (skip_lf_ && out_begin_ < out_end_) {
        // The previous line ended with '\r' as the last byte read: a '\n' right after it belongs
        // to that line end ("\r\n" split across two reads).
        if (out_buf_[out_begin_] == '\n') ++out_begin_;
        skip_lf_ = false;
        scan_pos_ = std::max(scan_pos_, out_begin_);
    }
    for (; scan_pos_ < out_end_; ++scan_pos_) {
        const char c = out_buf_[scan_pos_];
        if (c == '\n' || c == '\r') return scan_pos_;
    }
    return std::string::npos;
}

BotProcess::Impl::LineScan BotProcess::Impl::take_line(std::string& line) {
    if (overflowed_) return LineScan::overflow;
    const std::size_t end = find_line_end();
    const std::size_t length = (end == std::string::npos ? out_end_ : end) - out_begin_;
    // CodinGame's buffer of kMaxLineBytes must also hold the line end: kMaxLineBytes or more
    // bytes before it never complete a line (samegame spec 1.2).
    if (length >= kMaxLineBytes) {
        overflowed_ = true;
        return LineScan::overflow;
    }
    if (end == std::string::npos) return LineScan::none;

    line.assign(out_buf_.data() + out_begin_, length);
    std::size_t next = end + 1;
    if (out_buf_[end] == '\r') {
        if (next < out_end_) {
            if (out_buf_[next] == '\n') ++next;
        } else {
            skip_lf_ = true;  // the '\n' may still come: decide when the next byte arrives
        }
    }
    out_begin_ = scan_pos_ = next;
    return LineScan::line;
}

// ---- stderr ----

void BotProcess::Impl::start_stderr_read() {
    ++outstanding_;
    stderr_.async_read_some(asio::buffer(err_chunk_), [this](const error_code& ec, std::size_t n) {
        --outstanding_;
        keep_stderr(n);
        if (ec) {
            if (ec != asio::error::operation_aborted) stderr_open_ = false;
            return;
        }
        start_stderr_read();
    });
}

// Keeps the first n bytes of err_chunk_ up to the per-turn cap; the rest is read and dropped.
void BotProcess::Impl::keep_stderr(std::size_t n) {
    const std::size_t room = kStderrCapPerTurn - std::min(kStderrCapPerTurn, stderr_text_.size());
    if (n > room) {
        stderr_truncated_ = true;
        n = room;
    }
    stderr_text_.append(err_chunk_.data(), n);
}

// What the bot wrote on stderr just before its answer may not have been read yet: take it now so
// it is reported with this turn. The pending asio read simply finds the pipe empty later.
void BotProcess::Impl::drain_stderr_now() {
    if (!stderr_open_ || !stderr_.is_open()) return;
    for (;;) {
        const ssize_t n = ::read(stderr_.native_handle(), err_chunk_.data(), err_chunk_.size());
        if (n > 0) {
            keep_stderr(static_cast<std::size_t>(n));
            if (static_cast<std::size_t>(n) == err_chunk_.size()) continue;
        } else if (n < 0 && errno == EINTR) {
            continue;
        }
        return;  // empty (EAGAIN), or EOF which the pending read will see as well
    }
}

std::string BotProcess::Impl::take_stderr() {
    drain_stderr_now();
    stderr_truncated_ = false;
    return std::exchange(stderr_text_, std::string());
}

// ---- waiting ----

// Runs one handler of the match's io_context: ours, or another bot's (stderr drains, ...).
void BotProcess::Impl::run_one() {
    if (io_.stopped()) io_.restart();  // it stops by itself whenever it runs out of work
    io_.run_one();
}

void BotProcess::Impl::drain_handlers() {
    while (outstanding_ > 0) run_one();
}

// ---- the three operations ----

ReadResult BotProcess::Impl::exchange(std::string_view input, std::chrono::milliseconds limit) {
    ReadResult result;
    const auto start = Clock::now();  // the turn clock includes writing the input
    if (!stopped_) send(input);

    LineScan scan = take_line(result.line);  // an extra line of an earlier turn answers at once
    if (scan == LineScan::none && !stdout_eof_ && !stopped_) {
        if (!reading_stdout_) start_stdout_read();
        wait_for_line(start + limit);
        scan = take_line(result.line);
    }
    result.elapsed = Clock::now() - start;
    if (watches_limits() && !stopped_) check_limits();

    switch (scan) {
        case LineScan::line:
            result.status = ReadStatus::line;
            break;
        case LineScan::overflow:
            result.status = ReadStatus::overflow;
            break;
        case LineScan::none:
            result.status = (stdout_eof_ || stopped_) ? ReadStatus::closed : ReadStatus::timeout;
            break;
    }
    drain_stderr_now();
    result.stderr_text = std::exchange(stderr_text_, std::string());
    result.stderr_truncated = std::exchange(stderr_truncated_, false);
    return result;
}

// Runs handlers (ours and other bots') until the read stops: a full line, too much without one,
// or EOF. The pending read keeps the io_context from running out of work. A bot with a CPU or
// memory limit is checked every kLimitCheck meanwhile, and ended when over.
void BotProcess::Impl::wait_for_line(Clock::time_point deadline) {
    constexpr auto kLimitCheck = std::chrono::milliseconds(50);
    const bool watch = watches_limits();
    auto next_check = Clock::now() + kLimitCheck;
    while (reading_stdout_ && Clock::now() < deadline) {
        if (io_.stopped()) io_.restart();
        io_.run_one_until(watch ? std::min(deadline, next_check) : deadline);
        if (watch && Clock::now() >= next_check) {
            check_limits();
            next_check = Clock::now() + kLimitCheck;
        }
    }
}

// The first word of the init: the bot runs, or why it could not start (exec's errno). Waits as
// posix_spawn waits for the exec; the init is our program, and answers at once.
void BotProcess::Impl::await_start(const std::string& executable) {
    init_protocol::Record record{};
    ssize_t n;
    while ((n = ::read(status_fd_, &record, sizeof record)) < 0 && errno == EINTR) {
    }
    ::fcntl(status_fd_, F_SETFL, ::fcntl(status_fd_, F_GETFL) | O_NONBLOCK);
    if (n == sizeof record && record.kind == init_protocol::kStarted) return;
    ::kill(pid_, SIGKILL);
    unregister_live_bot(pid_);
    ::waitpid(pid_, nullptr, 0);
    ::close(status_fd_);
    status_fd_ = -1;
    const int error = n == sizeof record ? record.value : 0;
    std::string hint;
    if (error == ENOEXEC) hint = " (not a program; a script needs a #! line)";
    if (error == ENOENT) hint = " (for a script: does the interpreter in its #! line exist?)";
    if (error == ENOMEM || error == EAGAIN)
        hint =
            " (the limits are too tight for the program to start: " + options_.limits.describe() +
            ")";
    throw SpawnError("bot command '" + program_ + "': cannot start " + executable +
                     " (exec): " + (error != 0 ? std::strerror(error) : "its init ended first") +
                     hint + ". Fix --bot / the config.");
}

bool BotProcess::Impl::watches_limits() const {
    return !cgroup_.empty() && (options_.limits.cpu_seconds || options_.limits.memory_mb);
}

// Ends the bot when it is over its CPU time (all its processes together), or when the OOM killer
// has ended one of its processes (the memory limit of the whole bot was reached).
void BotProcess::Impl::check_limits() {
    if (!limit_hit_.empty()) return;
    const Limits& limits = options_.limits;
    if (limits.cpu_seconds) {
        const std::optional<double> used = cgroup_.cpu_seconds();
        if (used && *used >= static_cast<double>(*limits.cpu_seconds))
            limit_hit_ = "CPU time limit (" + std::to_string(*limits.cpu_seconds) + " s) reached";
    }
    if (limit_hit_.empty() && limits.memory_mb && cgroup_.oom_kills() > 0)
        limit_hit_ = "memory limit (" + mib_text(*limits.memory_mb) + ") reached";
    if (!limit_hit_.empty()) kill_everything();
}

// SIGKILL to everything of the bot. Contained: the init, and the kernel ends its namespace.
void BotProcess::Impl::kill_everything() {
    if (contained_) {
        ::kill(pid_, SIGKILL);
        return;
    }
    signal_bot(pid_, SIGKILL);
    cgroup_.kill_all();
}

// Contained: the bot's wait status, once the init has reported it (non-blocking).
std::optional<int> BotProcess::Impl::bot_wait_status() {
    while (!bot_status_ && status_fd_ >= 0) {
        init_protocol::Record record{};
        const ssize_t n = ::read(status_fd_, &record, sizeof record);
        if (n < 0 && errno == EINTR) continue;
        if (n != sizeof record) break;
        if (record.kind == init_protocol::kExited) bot_status_ = record.value;
    }
    return bot_status_;
}

std::optional<ExitStatus> BotProcess::Impl::poll_exit() {
    if (exit_ || pid_ <= 0) return exit_;
    if (contained_ && bot_wait_status()) {  // the init reported it: the bot has ended
        exit_ = from_wait(*bot_status_);
        return exit_;
    }
    // WNOWAIT: look without reaping. The zombie keeps the process group id reserved until stop()
    // has SIGKILLed the group, so that signal cannot hit an unrelated group that reused the id.
    // Contained, the init ends once the bot has, after reporting the bot's status.
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
        // As a wait status: exit code in bits 8-15, or the signal in the low bits.
        const int wstatus =
            info.si_code == CLD_EXITED ? W_EXITCODE(info.si_status, 0) : info.si_status;
        exit_ = from_wait(contained_ ? bot_wait_status().value_or(wstatus) : wstatus);
    }
    return exit_;
}

// How the bot ended, from a wait status: bwrap reports a sandboxed bot's death by signal N as
// exit code 128 + N, shown as the signal.
ExitStatus BotProcess::Impl::from_wait(int wstatus) const {
    ExitStatus status = status_from_wait(wstatus);
    if (options_.sandbox && status.exit_code && *status.exit_code > 128 &&
        *status.exit_code < 128 + NSIG) {
        status.signal = *status.exit_code - 128;
        status.exit_code.reset();
    }
    return status;
}

// Which limit ended the bot, if any ("" when none did, or when the arena stopped it first).
// Told by the kernel's counters (the cgroup's CPU time and OOM kills) and the signals it sends
// at the per-process limits, never guessed from what the bot printed.
std::string BotProcess::Impl::limit_reached(const ExitStatus& status) const {
    const Limits& limits = options_.limits;
    if (!limit_hit_.empty()) return limit_hit_;
    if (limits.memory_mb && cgroup_.oom_kills() > 0)
        return "memory limit (" + mib_text(*limits.memory_mb) + ") reached";
    if (status.killed_by_arena) return "";
    if (limits.cpu_seconds &&
        (status.signal == SIGXCPU ||
         (status.signal == SIGKILL && status.cpu_seconds >= *limits.cpu_seconds))) {
        return "CPU time limit (" + std::to_string(*limits.cpu_seconds) + " s) reached";
    }
    if (limits.file_size_mb && status.signal == SIGXFSZ)
        return "file size limit (" + mib_text(*limits.file_size_mb) + ") reached";
    return "";
}

// Waits (running the io_context, so stderr keeps draining) until the bot has ended or `grace`
// passes. Does not reap. Contained, what is watched is the init's status pipe: the init writes
// the bot's status there as soon as the bot ends (or dies, closing it). In the fallback, a pidfd
// of the bot. Readiness is only a hint, confirmed before we stop waiting: on Linux 6.18 the
// pidfd of a PID namespace's init was seen readable while the init still ran.
void BotProcess::Impl::wait_for_leader_exit(std::chrono::milliseconds grace) {
    const auto deadline = Clock::now() + grace;
    leader_exited_ = grace_over_ = false;  // stop() may wait twice: before and after its SIGTERM
    auto ended = [this] {
        if (contained_ && bot_wait_status()) return true;
        siginfo_t info{};
        return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
               info.si_pid == pid_;
    };
    // Without a pidfd (kernel before 5.3, valgrind) there is nothing to watch: polled.
    const int watched = contained_ ? ::fcntl(status_fd_, F_DUPFD_CLOEXEC, 3)
                                   : static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
    error_code ec;
    if (watched >= 0) exit_watch_.assign(watched, ec);
    if (exit_watch_.is_open()) {
        ++outstanding_;
        exit_watch_.async_wait(asio::posix::descriptor_base::wait_read,
                               [this](const error_code& wait_error) {
                                   --outstanding_;
                                   if (!wait_error) leader_exited_ = true;
                               });
    } else if (watched >= 0) {
        ::close(watched);
    }
    grace_timer_.expires_at(deadline);
    ++outstanding_;
    grace_timer_.async_wait([this](const error_code& wait_error) {
        --outstanding_;
        if (!wait_error) grace_over_ = true;
    });
    while (!leader_exited_ && !grace_over_ && exit_watch_.is_open()) run_one();
    while (!grace_over_ && !ended() && Clock::now() < deadline) {
        if (io_.stopped()) io_.restart();
        io_.run_one_for(std::chrono::milliseconds(1));
    }
    grace_timer_.cancel();
    exit_watch_.close(ec);
}

// Fallback only: reaps the processes of the bot's group that were re-parented to us (subreaper),
// for a bounded time. A process that left the group and rejoins it later could otherwise keep a
// blocking waitpid(-group) waiting for as long as it likes.
static void reap_group_bounded(pid_t group) {
    const auto until = Clock::now() + std::chrono::milliseconds(200);
    for (;;) {
        const pid_t reaped = ::waitpid(-group, nullptr, WNOHANG);
        if (reaped > 0 || (reaped < 0 && errno == EINTR)) continue;
        if (reaped < 0 || Clock::now() >= until) return;  // ECHILD: none left
        ::usleep(1000);
    }
}

ExitStatus BotProcess::Impl::stop() {
    if (stopped_) return exit_.value_or(ExitStatus{});
    stopped_ = true;
    error_code ignored;
    stdin_.close(ignored);  // EOF on stdin: a well-behaved bot may already leave by itself

    bool exited_before = poll_exit().has_value();
    if (!exited_before && stdout_eof_ && options_.kill_grace.count() > 0) {
        // Its stdout is closed: the bot is most likely ending by itself. Let it, before any
        // signal, so that its own end (an exit code 143, a SIGTERM or SIGKILL it raised) is
        // never taken for ours: what the arena did decides, not what the exit status looks like.
        wait_for_leader_exit(options_.kill_grace);
        exited_before = poll_exit().has_value();
    }
    if (!exited_before) {
        // Contained: the init forwards it to every process of the namespace.
        signal_bot(pid_, SIGTERM);
        if (options_.kill_grace.count() > 0) wait_for_leader_exit(options_.kill_grace);
    }
    // SIGKILL even if the bot is gone: what it started must go too. Contained, the end of the
    // init ends the namespace; in the fallback the group (and the cgroup, if any) is all we
    // reach. pid_ is not reaped yet, so it is still ours.
    kill_everything();
    unregister_live_bot(pid_);  // before reaping: after it, the pid may be reused

    int wstatus = 0;
    rusage usage{};
    pid_t reaped;
    do {
        // Quick and bounded: SIGKILL cannot be ignored, and the kernel ends the namespace.
        reaped = ::wait4(pid_, &wstatus, 0, &usage);
    } while (reaped == -1 && errno == EINTR);
    if (!exited_before && reaped == pid_) {
        const std::optional<int> bot = contained_ ? bot_wait_status() : std::optional<int>(wstatus);
        // Contained, no report means the bot was still running when we killed its init.
        ExitStatus status = bot ? from_wait(*bot) : status_from_wait(SIGKILL);
        // It was still running when we signalled it: the arena ended it, whatever status it
        // ended with (a JVM exits 143 on our SIGTERM, a bot may trap it and exit 0). A limit
        // the kernel or the arena's check enforced is told apart below (limit_reached).
        status.killed_by_arena = true;
        exit_ = status;
    }
    if (!contained_) reap_group_bounded(pid_);
    // We reaped the pid ourselves: Process v2 must never signal or wait for that number again.
    process_.detach();

    drain_stderr_now();  // the bot's last words (e.g. a traceback) stay available to take_stderr()
    if (reaped == pid_ && exit_) {
        // wait4 counts the init and all it reaped (contained), or the bot and its reaped children.
        auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
        exit_->cpu_seconds =
            cgroup_.cpu_seconds().value_or(seconds(usage.ru_utime) + seconds(usage.ru_stime));
        exit_->peak_rss_kib = std::max(usage.ru_maxrss, cgroup_.peak_kib());
        exit_->limit_reached = limit_reached(*exit_);
        // The kernel (OOM killer, RLIMIT) or the arena's limit check ended it, not our stop.
        if (!exit_->limit_reached.empty()) exit_->killed_by_arena = false;
    }
    cgroup_.remove();
    if (status_fd_ >= 0) ::close(std::exchange(status_fd_, -1));
    stdout_.close(ignored);
    stderr_.close(ignored);
    drain_handlers();  // the handlers point to *this: let all of them run before it goes away
    return exit_.value_or(ExitStatus{});
}

// ---- BotProcess: forwards to Impl ----

BotProcess::BotProcess(asio::io_context& io, const std::vector<std::string>& argv,
                       const BotOptions& options)
    : impl_(std::make_unique<Impl>(io, argv, options)) {}

BotProcess::~BotProcess() = default;  // ~Impl stops the bot
BotProcess::BotProcess(BotProcess&&) noexcept = default;
BotProcess& BotProcess::operator=(BotProcess&&) noexcept = default;

ReadResult BotProcess::exchange(std::string_view input, std::chrono::milliseconds limit) {
    return impl_->exchange(input, limit);
}

ExitStatus BotProcess::stop() {
    return impl_->stop();
}

std::optional<ExitStatus> BotProcess::poll_exit() {
    return impl_->poll_exit();
}

std::string BotProcess::take_stderr() {
    return impl_->take_stderr();
}

int BotProcess::pid() const {
    return impl_->pid_;
}

}  // namespace arena::process
