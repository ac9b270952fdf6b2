// Small text helpers every report shares: numbers, CSV fields, the replay command of a game.
#pragma once

#include <cstdint>
#include <string>

namespace arena::report {

// printf-style formatting of one number, e.g. format("%.1f", 12.345) == "12.3".
std::string format(const char* pattern, double value);

// 175716 -> "175,716": totals are easier to compare with separators.
std::string thousands(std::int64_t value);

// A CSV field in quotes, quotes inside doubled (bot names are the user's).
std::string csv_quoted(const std::string& text);

// "`build/arena replay OUT/games/ID.json`": the one line that replays a tournament game, as
// Markdown code (replay_command.hpp builds it).
std::string replay_command(const std::string& out_dir, const std::string& game_id);

}  // namespace arena::report
