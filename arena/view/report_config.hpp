// The config a report is drawn for when the run's config.json no longer loads (a SameGame board
// file left behind when the directory was copied). Private to arena/view.
#pragma once

#include <filesystem>

#include "arena/tournament/config.hpp"

namespace arena::view {

// What the report needs of a config (the game, the bots, the boards), from the records (read as
// a stream: names and boards only are kept) and what config.json says, for a config that no
// longer loads.
tournament::TournamentConfig config_from_results(const std::filesystem::path& config_file,
                                                 const std::filesystem::path& results_file);

}  // namespace arena::view
