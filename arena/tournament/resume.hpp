// `--resume` continues the run that is in the output directory: OUT/config.json holds its whole
// effective config (bots, seeds, --games...). A config given again may only add bots or seeds
// (how a new bot version joins a running league); anything else would mix games of two
// different tournaments in one set of standings, so it is listed and refused.
#pragma once

#include <string>
#include <vector>

#include "arena/tournament/config.hpp"

namespace arena::tournament {

struct RunComparison {
    std::vector<std::string> refused;  // differences that change the schedule or the bots
    std::vector<std::string> added;    // what the new config adds: "bot 'v12'", "seeds 5 to 8"
};

// How `now` (the config given with --resume) differs from `saved` (OUT/config.json). A bot's
// command and working directory are not compared here: the games recorded in the directory say
// which version played (bot_identity.hpp), and the message then names the two ways on.
RunComparison compare_runs(const TournamentConfig& saved, const TournamentConfig& now);

// A run sized with --games keeps its size when it is resumed with its config but without
// --games: the seeds (or SameGame boards) are cut to the saved run's count. Otherwise a config
// of 10 seeds would turn a stopped 48-game run into a 120-game one.
void keep_run_size(TournamentConfig& now, const TournamentConfig& saved);

}  // namespace arena::tournament
