// One game of any game the registry knows: the one entry point the layers above use to play.
//
// A game with a referee arena drives turn by turn (the built-in ones, a cg-brutaltester
// referee process) is played by play_match. A game whose games are played whole by a program of
// its own (an SDK referee runner, arena/match/sdk_runner.hpp) has a runner added here; the layers
// above never tell the two apart.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "referees/referee.hpp"

namespace arena::match {

// Plays a whole game of `setup.game` with `players` (one per seat) and returns its log.
using GameRunner =
    std::function<MatchLog(const referee::GameSetup& setup, const std::vector<PlayerSpec>& players,
                           const MatchOptions& options)>;

// Makes `runner` play every game of `game` (a registered game without a referee of its own).
void add_game_runner(const std::string& game, GameRunner runner);

// Plays one game: through the game's runner when it has one, else its referee (make_referee)
// with play_match. Throws std::invalid_argument when the setup is refused (unknown game, wrong
// number of players, bad test case), as make_referee does. The log's game, external spec and test
// case text are set; its seed and test case name are the caller's to set.
MatchLog play_game(const referee::GameSetup& setup, const std::vector<PlayerSpec>& players,
                   const MatchOptions& options = {});

}  // namespace arena::match
