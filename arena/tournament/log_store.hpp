// Where a tournament keeps its match logs (OUT/games/): which games' logs are kept (the config's
// retention policy) and how they are written. The readers (replay, view) read them back through
// arena/common/log_files.hpp, whatever form they were written in.
#pragma once

#include <filesystem>
#include <string>

#include "arena/match/match.hpp"
#include "arena/tournament/config.hpp"

namespace arena::tournament {

// Writes the log of game `id` (atomically) as the config's "logs" and "log_compression" say
// (games/<id>.json.zst, or games/<id>.json) and returns its path
// relative to `out` (the record's "log"), or "" when the policy keeps no log of this game.
// `json_text`, when given, receives the log's JSON text as written (before compression) when
// the log is kept.
std::string store_log(const TournamentConfig& config, const std::filesystem::path& out,
                      const std::string& id, const match::MatchLog& log,
                      std::string* json_text = nullptr);

}  // namespace arena::tournament
