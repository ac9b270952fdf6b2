// A gauntlet's view of the standings: the candidate (the first bot of `arena match --gauntlet`,
// or a config's "candidate") against each other bot, from the candidate's side, each pair from
// its own games only. The others never meet in a 2-player gauntlet, so their ratings rest on the
// candidate's games alone: the question a gauntlet answers is this view's, not the table's order.
#pragma once

#include <string>
#include <vector>

#include "arena/report/versus_standings.hpp"

namespace arena::report {

// The candidate's pairs in the table's order, from the candidate's side (versus_standings turns
// them so); empty when the standings are not a gauntlet's.
std::vector<PairReport> gauntlet_pairs(const VersusStandings& standings);

// "mine against each (each pair's own games):" and a line per opponent, for the terminal; "" when
// the standings are not a gauntlet's.
std::string gauntlet_text(const VersusStandings& standings);

// standings.md's section of the same, with the pentanomial counts; "" when not a gauntlet.
std::string gauntlet_markdown(const VersusStandings& standings);

}  // namespace arena::report
