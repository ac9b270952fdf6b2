// An SDK referee runner (convention 2, docs/other-games.md): a program that plays a whole game
// itself, `CMD -p1 "<bot 1>" ... -seed S -l result.json`, each bot run through arena's wrapper
// (containment, limits, sandbox), its result JSON turned into arena's match log.
#pragma once

#include <vector>

#include "arena/match/external_game.hpp"
#include "arena/match/match.hpp"
#include "referees/referee.hpp"

namespace arena::match {

// Plays one game of `spec` with `players`. Never throws for what the runner or a bot did: a
// runner that fails, or whose JSON is missing or malformed, makes a log with referee_failure set.
MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options);

}  // namespace arena::match
