// What kind of gate a game gets, from the registry: games between bots are judged by an SPRT on
// the candidate's games, puzzles (one player) board by board against a baseline file.
#pragma once

#include <string>

namespace arena::gate {

// False for a game the registry does not know (the tournament loader names the known ones).
bool is_versus_game(const std::string& game);
// The puzzles' names, for messages: "samegame" (several: "a, b").
std::string puzzle_game_names();

}  // namespace arena::gate
