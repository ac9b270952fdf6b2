// JSON forms of the ratings values (nlohmann::json's to_json, found by argument-dependent lookup:
// `nlohmann::json j = estimate;`). Header-only, so arena_ratings itself needs no JSON library.
#pragma once

#include <nlohmann/json.hpp>

#include "arena/ratings/ratings.hpp"

namespace arena::ratings {

inline void to_json(nlohmann::json& j, const EloEstimate& e) {
    j = nlohmann::json{{"elo", e.elo},
                       {"lo95", e.lo95},
                       {"hi95", e.hi95},
                       {"open_below", e.open_below},
                       {"open_above", e.open_above}};
}

inline void to_json(nlohmann::json& j, const WDL& r) {
    j = nlohmann::json{
        {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}, {"score", r.score()}};
}

inline void to_json(nlohmann::json& j, const Pentanomial& p) {
    j = p.counts;
}

inline void to_json(nlohmann::json& j, const HeadToHead& h) {
    j = nlohmann::json{{"score", h.score}, {"elo", h.elo}, {"los", h.los}};
    j["nelo"] = h.nelo ? nlohmann::json(*h.nelo) : nlohmann::json(nullptr);
}

inline void to_json(nlohmann::json& j, const Placements& p) {
    j = nlohmann::json{{"games", p.games},
                       {"wins", p.wins},
                       {"win_rate", p.win_rate()},
                       {"average_rank", p.average_rank()}};
}

}  // namespace arena::ratings
