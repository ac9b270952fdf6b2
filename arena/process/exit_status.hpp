// How a bot ended, decoded from what the kernel and bwrap report: pure functions of values, so
// that the decoding is unit-tested without running a bot (tests/process/test_exit_status.cpp).
// Private to arena/process; ExitStatus and Limits are in bot_process.hpp.
#pragma once

#include <string>

#include "arena/process/bot_process.hpp"

namespace arena::process {

// A wait status (waitpid, wait4, or the one arena-bot-init reports) as an ExitStatus: the exit
// code, or the signal that ended it. `sandboxed`: bwrap reports a bot's death by signal N as
// exit code 128 + N, shown as that signal (but 152, SIGXCPU's, which stays an exit code unless
// the CPU counter confirms the CPU limit: see limit_reached).
ExitStatus status_from_wait(int wstatus, bool sandboxed = false);

// waitid()'s siginfo (its si_code and si_status) as a wait status: the exit code in bits 8-15, or
// the signal in the low bits.
int wait_status_from_siginfo(int code, int status);

// "512 MB"
std::string mib_text(long mib);

// "CPU time limit (10 s) reached", "memory limit (512 MB) reached": the texts that name the
// limit a bot reached, one owner each.
std::string cpu_limit_reached(long seconds);
std::string memory_limit_reached(long mib);

// Which limit ended the bot, if any ("" when none did, or when the arena stopped it first).
// Told by the kernel's counters and the signals it sends at the per-process limits, never guessed
// from what the bot printed: `limit_hit` is the limit the arena's own check saw reached (or ""),
// `oom_kills` the OOM kills counted in the bot's memory cgroup.
std::string limit_reached(const ExitStatus& status, const Limits& limits,
                          const std::string& limit_hit, long oom_kills);

}  // namespace arena::process
