// Builds the referee of a game from its name: the one place that knows every game.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "referees/referee.hpp"

namespace arena::referee {

// The game names make_referee accepts, e.g. {"samegame"}.
std::vector<std::string> known_games();

// What the layers above need to know of a game before building a referee for it.
struct GameInfo {
    std::string name;
    int min_players = 1;
    int max_players = 1;
    bool seeded = false;  // has dice or decks drawn from a CodinGame seed
};

// Throws std::invalid_argument for a game that is not in known_games().
GameInfo game_info(const std::string& game);

// A fresh referee for setup.game, at the start of the game.
//   samegame: players must be 1; setup.testcase is a board (see parse_samegame_testcase) or
//             empty for the default board (kDefaultSameGameBoard); the seed is unused (the game
//             has no randomness).
//   diceshogi: players must be 2 and setup.seed is required (it decides the dice, 0 = always
//             6, and arena's order of the action lines); setup.testcase is a start position in
//             SFEN or empty for the standard start (see parse_diceshogi_testcase).
//   tsuro:    players must be 2..4 and setup.seed is required (the CodinGame seed: it decides
//             the deck and every reshuffle); the test case is unused.
// Throws std::invalid_argument for an unknown game ("unknown game 'x': known games are ..."),
// a wrong number of players or a bad test case.
std::unique_ptr<Referee> make_referee(const GameSetup& setup);

}  // namespace arena::referee
