// The rating fits of ratings.hpp over a run's games kept as counts of distinct finishing orders
// (run_tally.hpp): each order enters the fit once, weighted by its count, so a fit costs the same
// for 1,000 games as for 1,000,000, and the orders are taken in one fixed order (the map's), so
// the figures never depend on the order games finished. Same likelihoods as
// ratings::bradley_terry / plackett_luce on the games one by one.
#pragma once

#include <vector>

#include "arena/ratings/ratings.hpp"
#include "arena/report/run_tally.hpp"

namespace arena::report {

// Bradley-Terry over every two players of each game (the better ranked wins, equal ranks draw).
ratings::RatingFit bradley_terry_of(int players, const OrderCounts& orders);
// Plackett-Luce over each game's full finishing order.
ratings::RatingFit plackett_luce_of(int players, const OrderCounts& orders);
// table[a][b]: a's pairwise results against b.
std::vector<std::vector<ratings::WDL>> crosstable_of(int players, const OrderCounts& orders);
std::vector<ratings::WDL> wdl_of(const std::vector<std::vector<ratings::WDL>>& table);
std::vector<ratings::Placements> placements_of(int players, const OrderCounts& orders);
// The sum of two sets of counts (the report page's checkpoints, cumulated).
void add_counts(OrderCounts& into, const OrderCounts& more);

}  // namespace arena::report
