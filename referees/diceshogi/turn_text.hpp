// A Dice Shogi turn drawn as text (`arena replay --turn`), from what the bot read.
#pragma once

#include <string>

namespace arena::referee {

// The board of `input` drawn with its files and ranks, then both hands, the die, the last action
// and how many actions were offered. An input of another shape comes back as it is.
std::string draw_diceshogi_turn(const std::string& input);

}  // namespace arena::referee
