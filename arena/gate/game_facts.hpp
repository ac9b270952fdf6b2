// What the gate reads of one game record, shared by its tests and its board checks.
#pragma once

#include <cstddef>
#include <string>

#include "arena/tournament/record.hpp"

namespace arena::gate {

constexpr std::size_t kListedGames = 6;  // lost games / failures named per test

// What went wrong for a seat: for a crash how the process ended (exit code, signal, limit); for
// a timeout or an invalid move the referee's words (the process was only ended afterwards).
// Shown on the terminal and in the reports' one-line summaries, so a quoted bot output's control
// characters are made visible (the game's log keeps the exact bytes).
std::string failure_detail(const tournament::GameRecord& r, std::size_t seat);

// The seat's thinking time over the game, in seconds.
double thinking_seconds(const tournament::GameRecord& r, std::size_t seat);

}  // namespace arena::gate
