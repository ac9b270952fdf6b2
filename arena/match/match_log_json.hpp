// The match log as JSON: the file format of `arena play --log`, `games/*.json` in a tournament,
// and the input of replays and reports. Schema in docs/match-log.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "arena/match/match.hpp"

namespace arena::match {

inline constexpr int kMatchLogVersion = 1;

nlohmann::json to_json(const MatchLog& log);

// Serialises a log (or any JSON) as text. Bytes that are not valid UTF-8 (a bot may print
// anything) are replaced by U+FFFD so the file always stays valid JSON.
std::string dump_json(const nlohmann::json& value, int indent = -1);

}  // namespace arena::match
