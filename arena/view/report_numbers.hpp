// The report page's numbers that come from a run's tally alone (view.cpp builds the page):
// ratings and scores over the games, the turn limits from the earliest logs, turn-time
// histograms. Private to arena/view.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/report/run_tally.hpp"
#include "arena/tournament/config.hpp"

namespace arena::view {

// Ratings and scores at fixed checkpoints of the schedule (report::RunTally::checkpoints).
nlohmann::json rating_progress(const tournament::TournamentConfig& config,
                               const report::RunTally& tally);

// The first and the later turns' limits, from the earliest games' logs in `dir`.
nlohmann::json time_limits(const std::filesystem::path& dir, const report::RunTally& tally);

// Each bot's turn times as the page's log-scale bins (first turns apart) and percentiles.
nlohmann::json turn_times(const std::vector<std::string>& bots, const report::RunTally& tally);

}  // namespace arena::view
