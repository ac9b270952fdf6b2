// Signals sent to bots (see signals.hpp), and the registry of live bots that an interrupted
// arena takes down with it.
#include "arena/process/signals.hpp"

#include <signal.h>
#include <string.h>

#include <array>
#include <atomic>

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

}  // namespace

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
