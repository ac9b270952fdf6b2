// What the arena does when it is told to stop (Ctrl-C's SIGINT, SIGTERM, a closed terminal's
// SIGHUP): the first signal ends every running bot at once and raises a flag; the layers above
// see the flag, start no more games, save what is finished, say how to go on and exit
// 128 + signal. A second signal ends the arena at once (the bots are already gone).
//
// Why a flag and not an exit from the handler: a tournament must write its partial standings and
// `play --log` the turns played, which cannot be done inside a signal handler.
#pragma once

namespace arena::process {

// Installs the handlers for SIGINT, SIGTERM and SIGHUP, unless a signal is ignored (nohup) or
// handled by someone else. Idempotent; the CLI calls it once at start.
void install_interrupt_handlers();

// The signal that interrupted the arena (SIGINT, SIGTERM or SIGHUP), or 0 while none arrived.
int interrupt_signal();

// The exit code an interrupted arena ends with: 128 + the signal (130, 143, 129).
inline int interrupted_exit_code(int signal) {
    return 128 + signal;
}

// Ends every bot alive in this process now (SIGKILL to each bot's containment). Async-signal-
// safe: the interrupt handler calls it. Defined in signals.cpp, which knows the live bots.
void kill_all_bots() noexcept;

// For tests: behave as if `signal` had arrived (flag raised, bots killed), or lower the flag.
void simulate_interrupt(int signal);
void clear_interrupt_for_tests();

}  // namespace arena::process
