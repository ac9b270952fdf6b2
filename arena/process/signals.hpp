// Signals the process layer sends, and their names. Private to arena/process.
//
// Why a file of its own: every signal the arena sends to a bot goes through here, so that each
// one is logged at debug with whom it reached and why (stop, a missed deadline, a limit, an
// interrupt), and the live-bot registry that lets the interrupt handler end every bot at once
// sits next to the function that signals one bot.
#pragma once

#include <sys/types.h>

#include <optional>

namespace arena::process {

// "SIGSEGV" for 11, or nullptr for a number without a name.
const char* signal_name(int signal);

// Sends `signal` to the bot's process group and to the process itself (in case it left that
// group). Only while `pid` is not reaped, so neither id can belong to another process. `why`
// says why, for the diagnostics ("stop", "limit", ...).
void signal_bot(pid_t pid, int signal, const char* why);

// What SIGTERM sent straight to a contained bot's main process did (sigterm_straight).
struct StraightSigterm {
    // It is ending by it (its end is "killed by SIGTERM": the kernel fixed it as the signal was
    // sent, marking the process with a pending SIGKILL, or it began its exit with that status).
    // Else it was not seen ending by it (it waits for the signal, or was exiting by itself).
    bool ending = false;
    // When ending: its usage as the signal was sent (CPU: its own and its reaped children's).
    double cpu_seconds = 0;
    long peak_rss_kib = 0;
};

// Contained bots: SIGTERM straight to the bot's main process `bot`, without the hop through the
// init, when that signal looks like it ends it at once: still a child of `init` (so its pid is
// not reused), not ending already, not traced, SIGTERM neither caught, ignored nor blocked.
// Nothing when not sent. Then what it did is read back, not foreseen (a bot in sigwaitinfo()
// shows SIGTERM unblocked, and takes it as news).
std::optional<StraightSigterm> sigterm_straight(pid_t bot, pid_t init, const char* why);

// SIGKILL to the init of a bot's PID namespace: the kernel then ends every process in it.
void kill_namespace(pid_t init, const char* why);

// The bots alive right now, for kill_all_bots() (interrupt.hpp). Lock-free: the interrupt
// handler reads them.
void register_live_bot(pid_t pid);
void unregister_live_bot(pid_t pid);

}  // namespace arena::process
