// Failures one click away: for each bot that failed, its first failed game's turn, outcome and
// error (with the bots' names, not CodinGame's "$0"/"$1") and the command that shows that turn.
// From game records alone, so standings and summaries need no match log.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "arena/tournament/record.hpp"

namespace arena::report {

// The terminal's failure summary after a run: "" when no bot failed.
std::string failures_text(const std::vector<tournament::GameRecord>& records,
                          const std::filesystem::path& out_dir);

}  // namespace arena::report
