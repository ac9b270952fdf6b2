// cg-brutaltester's referee protocol (convention 1, docs/other-games.md): an external referee
// process behind the referee::Referee interface, so that play_match drives it like a built-in
// referee, with arena's clock, line rules, limits, containment and sandbox for the bots.
#pragma once

#include <memory>

#include "arena/match/external_game.hpp"
#include "referees/referee.hpp"

namespace arena::match {

// Starts the referee process of `spec` for `setup` ("{seed}" replaced) and reads it up to its
// first "###Output" (or "###End"). Throws referee::RefereeFailure when the referee cannot be
// started or breaks the protocol; every method of the returned referee may throw it later.
std::unique_ptr<referee::Referee> make_brutaltester_referee(const ExternalGameSpec& spec,
                                                            const referee::GameSetup& setup);

}  // namespace arena::match
