// A SameGame turn drawn as text (`arena replay --turn`), from what the bot read.
#pragma once

#include <optional>
#include <string>

namespace arena::referee {

// The board of `input` (15 rows of colours, top row first) drawn with its coordinates: colours as
// digits, empty cells as '.', the cell the bot chose (`output` "x y", y counted from the bottom)
// in brackets.
std::string draw_samegame_turn(const std::string& input, const std::optional<std::string>& output);

}  // namespace arena::referee
