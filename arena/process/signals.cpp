// Signals sent to bots (see signals.hpp), and the registry of live bots that an interrupted
// arena takes down with it.
#include "arena/process/signals.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

#include "arena/common/diagnostics.hpp"
#include "arena/process/interrupt.hpp"

namespace arena::process {

namespace {

// The bots alive right now, so that an arena stopped by Ctrl-C, SIGTERM or SIGHUP takes them down
// with it: each bot runs in its own process group, out of reach of the terminal's Ctrl-C, and a
// bot deep in a 20 s first-turn search would otherwise outlive the arena. Lock-free slots,
// because the signal handler reads them.
std::array<std::atomic<pid_t>, 4096> live_bots{};

// For the diagnostics: "SIGTERM", or "?" for a number without a name.
const char* loggable_name(int signal) {
    const char* name = signal_name(signal);
    return name != nullptr ? name : "?";
}

// What /proc/<pid>/status says of a process's signals and parent, as the reader's PID namespace
// numbers them.
struct SignalState {
    char state = '?';  // R, S, D, ... Z once it has ended
    long parent = -1, tracer = -1;
    unsigned long long pending = ~0ULL, shared_pending = ~0ULL;
    unsigned long long blocked = ~0ULL, ignored = ~0ULL, caught = ~0ULL;
    long peak_rss_kib = 0;  // VmHWM
};

constexpr unsigned long long bit(int signal) {
    return 1ULL << (signal - 1);
}

// A whole /proc file, or nothing (a read error, or over 1 MiB: a long Groups: line may make a
// status file long, and a value cut at a buffer's end would read as another).
std::optional<std::string> read_proc_file(const char* path) {
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string text;
    char chunk[4096];
    ssize_t n;
    while ((n = ::read(fd, chunk, sizeof chunk)) > 0 && text.size() < (1U << 20))
        text.append(chunk, static_cast<std::size_t>(n));
    ::close(fd);
    if (n != 0) return std::nullopt;
    return text;
}

bool read_signal_state(pid_t pid, SignalState* state) {
    char path[40];
    ::snprintf(path, sizeof path, "/proc/%d/status", static_cast<int>(pid));
    const std::optional<std::string> text = read_proc_file(path);
    if (!text) return false;
    int seen = 0;
    auto number = [&](std::string_view line, std::string_view name, int base, auto* out) {
        if (!line.starts_with(name)) return false;
        *out = static_cast<std::remove_pointer_t<decltype(out)>>(
            std::strtoull(std::string(line.substr(name.size())).c_str(), nullptr, base));
        return true;
    };
    std::string_view rest = *text;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        if (end == std::string_view::npos) return false;  // every line ends: the file is whole
        const std::string_view line = rest.substr(0, end);
        rest.remove_prefix(end + 1);
        if (line.starts_with("State:")) {
            const std::size_t at = line.find_first_not_of(" \t", 6);
            if (at != std::string_view::npos) state->state = line[at], ++seen;
        }
        seen += number(line, "PPid:", 10, &state->parent) +
                number(line, "TracerPid:", 10, &state->tracer) +
                number(line, "SigPnd:", 16, &state->pending) +
                number(line, "ShdPnd:", 16, &state->shared_pending) +
                number(line, "SigBlk:", 16, &state->blocked) +
                number(line, "SigIgn:", 16, &state->ignored) +
                number(line, "SigCgt:", 16, &state->caught);
        number(line, "VmHWM:", 10, &state->peak_rss_kib);  // none once it has let its memory go
    }
    return seen == 8;
}

// What /proc/<pid>/stat says of a process on its way out.
struct ExitState {
    unsigned long long pending = 0;  // its main thread's pending signals (field 31)
    long exit_code = -1;             // its wait status once do_exit() began, else 0 (field 52)
    double cpu_seconds = 0;          // utime + stime + cutime + cstime: its own and its reaped
                                     // children's, as wait4 would count them (fields 14-17)
};

std::optional<ExitState> read_exit_state(pid_t pid) {
    char path[40];
    ::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    const std::optional<std::string> text = read_proc_file(path);
    const std::size_t name_end = text ? text->rfind(')') : std::string::npos;
    if (name_end == std::string::npos) return std::nullopt;  // the name may hold ')' and spaces
    std::istringstream fields(text->substr(name_end + 1));
    ExitState state;
    double ticks = 0;
    std::string field;
    int n = 3;  // field 3 is the state
    for (; n <= 52 && fields >> field; ++n) {
        if (n >= 14 && n <= 17) ticks += std::strtod(field.c_str(), nullptr);
        if (n == 31) state.pending = std::strtoull(field.c_str(), nullptr, 10);
        if (n == 52) state.exit_code = std::strtol(field.c_str(), nullptr, 10);
    }
    if (n <= 31) return std::nullopt;
    state.cpu_seconds = ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
    return state;
}

bool ended(const SignalState& state) {
    return state.state == 'Z' || state.state == 'X';
}

// A SIGKILL pending: the process is on its way out. The kernel marks a process that a signal
// ends so (complete_signal: SIGKILL added to each of its threads as the signal is sent).
bool ending(const SignalState& state) {
    return ((state.pending | state.shared_pending) & bit(SIGKILL)) != 0;
}

}  // namespace

std::optional<StraightSigterm> sigterm_straight(pid_t bot, pid_t init, const char* why) {
    // A pidfd first: the signal then reaches the process read below or none, never another that
    // took its pid after the init reaped it (the status file names the parent: a reused pid's
    // process is not the init's child).
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, bot, 0));
    if (pidfd < 0) return std::nullopt;
    SignalState before;
    const bool worth_it = read_signal_state(bot, &before) && before.parent == init &&
                          !ended(before) && !ending(before) && before.tracer == 0 &&
                          ((before.blocked | before.ignored | before.caught) & bit(SIGTERM)) == 0;
    std::optional<StraightSigterm> sent;
    if (worth_it && ::syscall(SYS_pidfd_send_signal, pidfd, SIGTERM, nullptr, 0) == 0) {
        // "Not blocked" can still mean "waited for" (in sigwaitinfo() the kernel unblocks what
        // is waited for), and a process already exiting drops the signal: what it did is read,
        // not foreseen. Ending by it: the kernel marked it with a pending SIGKILL as it sent the
        // signal, or (the bot already woke up to it) began its exit with SIGTERM as its status.
        // Anything else (gone: the init reaped it; exiting by itself) takes the usual stop.
        sent = StraightSigterm{};
        const std::optional<ExitState> after = read_exit_state(bot);
        sent->ending = after && (after->exit_code == SIGTERM ||
                                 (after->exit_code == 0 && (after->pending & bit(SIGKILL)) != 0));
        if (sent->ending) {
            sent->cpu_seconds = after->cpu_seconds;
            sent->peak_rss_kib = before.peak_rss_kib;  // VmHWM: it no longer grows
        }
        diagnostics::log().debug("pid {}: SIGTERM to its main process {} ({}): {}", init, bot, why,
                                 sent->ending ? "it is ending (SIGTERM's default action)"
                                              : "not seen ending by it: the usual stop");
    }
    ::close(pidfd);
    return sent;
}

const char* signal_name(int signal) {
    // sigabbrev_np answers "SEGV": kept in a static table of full names built once.
    static const std::array<std::array<char, 16>, NSIG> names = [] {
        std::array<std::array<char, 16>, NSIG> table{};
        for (int sig = 1; sig < NSIG; ++sig) {
            const char* abbrev = ::sigabbrev_np(sig);
            if (abbrev == nullptr) continue;
            auto& name = table[static_cast<std::size_t>(sig)];
            ::snprintf(name.data(), name.size(), "SIG%s", abbrev);
        }
        return table;
    }();
    if (signal <= 0 || signal >= NSIG) return nullptr;
    const char* name = names[static_cast<std::size_t>(signal)].data();
    return *name != '\0' ? name : nullptr;
}

void signal_bot(pid_t pid, int signal, const char* why) {
    diagnostics::log().debug("pid {}: {} to its process group and to itself ({})", pid,
                             loggable_name(signal), why);
    ::kill(-pid, signal);
    ::kill(pid, signal);
}

void kill_namespace(pid_t init, const char* why) {
    diagnostics::log().debug(
        "pid {}: SIGKILL to the init of its PID namespace, which ends every "
        "process of the bot ({})",
        init, why);
    ::kill(init, SIGKILL);
}

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

// Called by the interrupt handler: async-signal-safe, so it logs nothing (stop() says later that
// the bot was already killed by the interrupt).
void kill_all_bots() noexcept {
    for (const std::atomic<pid_t>& slot : live_bots) {
        const pid_t pid = slot.load();
        if (pid > 0) {
            ::kill(-pid, SIGKILL);
            ::kill(pid, SIGKILL);
        }
    }
}

}  // namespace arena::process
