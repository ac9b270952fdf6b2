// The match log as JSON: the file format of `arena play --log`, `games/*.json` in a tournament,
// and the input of replays and reports. Schema in docs/match-log.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "arena/match/match.hpp"

namespace arena::match {

inline constexpr int kMatchLogVersion = 1;

// Keys keep the order they are written in (game and players first, turns last), so a log reads
// well in an editor.
using Json = nlohmann::ordered_json;

Json to_json(const MatchLog& log);

// Milliseconds as a log keeps them: rounded to 10 microseconds, the resolution of the records'
// turn-time histograms and finer than any limit (50 ms at the least). The third decimal was the
// clock's noise: 3% of a compressed Dice Shogi log (issue 17's size target).
inline double round_log_ms(double ms) {
    return static_cast<double>(static_cast<long long>(ms * 100 + 0.5)) / 100;
}

// Serialises a log (or any JSON) as text. Bytes that are not valid UTF-8 (a bot may print
// anything) are replaced by U+FFFD so the file always stays valid JSON.
template <class AnyJson>
std::string dump_json(const AnyJson& value, int indent = -1) {
    return value.dump(indent, ' ', false, AnyJson::error_handler_t::replace);
}

}  // namespace arena::match
