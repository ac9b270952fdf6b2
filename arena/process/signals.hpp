// Signals the process layer sends, and their names. Private to arena/process.
//
// Why a file of its own: every signal the arena sends to a bot goes through here, so that each
// one is logged at debug with whom it reached and why (stop, a missed deadline, a limit, an
// interrupt), and the live-bot registry that lets the interrupt handler end every bot at once
// sits next to the function that signals one bot.
#pragma once

#include <sys/types.h>

namespace arena::process {

// "SIGSEGV" for 11, or nullptr for a number without a name.
const char* signal_name(int signal);

// Sends `signal` to the bot's process group and to the process itself (in case it left that
// group). Only while `pid` is not reaped, so neither id can belong to another process. `why`
// says why, for the diagnostics ("stop", "limit", ...).
void signal_bot(pid_t pid, int signal, const char* why);

// Contained bots: SIGTERM straight to the bot's main process `bot`, when that signal is sure to
// end it at once: still a child of `init` (its pid not reused), not traced, SIGTERM neither caught,
// ignored nor blocked by its main thread. The kernel then fixes its end ("killed by SIGTERM") as
// it sends the signal, so the stop needs neither the init's forwarding nor a grace period: the
// init can be SIGKILLed right after (every other process of the bot gets SIGKILL, as it does a
// moment after such a bot's end anyway). Returns false, sending nothing, otherwise.
bool terminate_at_once(pid_t bot, pid_t init, const char* why);

// SIGKILL to the init of a bot's PID namespace: the kernel then ends every process in it.
void kill_namespace(pid_t init, const char* why);

// The bots alive right now, for kill_all_bots() (interrupt.hpp). Lock-free: the interrupt
// handler reads them.
void register_live_bot(pid_t pid);
void unregister_live_bot(pid_t pid);

}  // namespace arena::process
