// Signals sent to bots (see signals.hpp), and the registry of live bots that an interrupted
// arena takes down with it.
#include "arena/process/signals.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string_view>

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
    unsigned long long pending = ~0ULL, shared_pending = ~0ULL;  // SIGKILL there: it is ending
    unsigned long long blocked = ~0ULL, ignored = ~0ULL, caught = ~0ULL;
};

bool read_signal_state(pid_t pid, SignalState* state) {
    char path[40];
    ::snprintf(path, sizeof path, "/proc/%d/status", static_cast<int>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char text[4096];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return false;
    text[n] = '\0';
    int seen = 0;
    for (char* line = text; line != nullptr && *line != '\0';) {
        char* end = ::strchr(line, '\n');
        if (end != nullptr) *end = '\0';
        const std::string_view view(line);
        const char* value = ::strchr(line, ':');
        if (value != nullptr) {
            ++value;
            if (view.starts_with("State:")) {
                while (*value == ' ' || *value == '\t') ++value;
                state->state = *value, ++seen;
            }
            if (view.starts_with("PPid:")) state->parent = std::strtol(value, nullptr, 10), ++seen;
            if (view.starts_with("TracerPid:"))
                state->tracer = std::strtol(value, nullptr, 10), ++seen;
            if (view.starts_with("SigPnd:"))
                state->pending = std::strtoull(value, nullptr, 16), ++seen;
            if (view.starts_with("ShdPnd:"))
                state->shared_pending = std::strtoull(value, nullptr, 16), ++seen;
            if (view.starts_with("SigBlk:"))
                state->blocked = std::strtoull(value, nullptr, 16), ++seen;
            if (view.starts_with("SigIgn:"))
                state->ignored = std::strtoull(value, nullptr, 16), ++seen;
            if (view.starts_with("SigCgt:"))
                state->caught = std::strtoull(value, nullptr, 16), ++seen;
        }
        line = end != nullptr ? end + 1 : nullptr;
    }
    return seen == 8;
}

}  // namespace

bool terminate_at_once(pid_t bot, pid_t init, const char* why) {
    // A pidfd first: the signal then reaches the process read below or none, never another that
    // took its pid after the init reaped it (the status file names the parent: a reused pid's
    // process is not the init's child).
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, bot, 0));
    if (pidfd < 0) return false;
    SignalState state;
    constexpr unsigned long long kTerm = 1ULL << (SIGTERM - 1);
    constexpr unsigned long long kKill = 1ULL << (SIGKILL - 1);
    // Not ended nor ending (a SIGKILL pending: its end is that one's), then SIGTERM's default.
    const bool at_once =
        read_signal_state(bot, &state) && state.parent == init && state.state != 'Z' &&
        state.state != 'X' && ((state.pending | state.shared_pending) & kKill) == 0 &&
        state.tracer == 0 && ((state.blocked | state.ignored | state.caught) & kTerm) == 0;
    const bool sent = at_once && ::syscall(SYS_pidfd_send_signal, pidfd, SIGTERM, nullptr, 0) == 0;
    ::close(pidfd);
    if (sent)
        diagnostics::log().debug(
            "pid {}: SIGTERM to its main process {}, which ends it at once (its default action) "
            "({})",
            init, bot, why);
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
