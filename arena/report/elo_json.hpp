// The JSON forms of an Elo estimate (ratings::EloEstimate), all in one place. There are three
// because three files already published them and their bytes must not change:
//   - standings.json (and report.html's standings): an object, the open sides only when open;
//   - report.html's rating progress: a bare [elo, lo95, hi95] (40 points per bot, no names);
//   - gate.json: flat fields beside the rest of a pairing ("elo", "elo_lo95", "elo_hi95").
// (ratings/json.hpp's to_json, with both open sides always present, is the ratings' own debug
// form for tests; no output file uses it.)
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "arena/ratings/ratings.hpp"

namespace arena::report {

// {"elo", "lo95", "hi95"} and "open_below" / "open_above": true when that side is open.
nlohmann::ordered_json elo_object(const ratings::EloEstimate& estimate);

// [elo, lo95, hi95]
nlohmann::json elo_array(const ratings::EloEstimate& estimate);

// Adds PREFIX, PREFIX_lo95 and PREFIX_hi95 to `object`, in that order.
void add_elo_fields(nlohmann::ordered_json& object, const std::string& prefix,
                    const ratings::EloEstimate& estimate);

}  // namespace arena::report
