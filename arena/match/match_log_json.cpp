#include "arena/match/match_log_json.hpp"

namespace arena::match {

namespace {

nlohmann::json optional_string(const std::optional<std::string>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

// Milliseconds rounded to microseconds: enough for turn times, and keeps logs small.
double round_ms(double ms) { return static_cast<double>(static_cast<long long>(ms * 1000 + 0.5)) / 1000; }

}  // namespace

nlohmann::json to_json(const MatchLog& log) {
    nlohmann::json players = nlohmann::json::array();
    for (const PlayerSpec& p : log.players) {
        nlohmann::json player = {{"name", p.name}, {"command", p.command}};
        if (!p.working_dir.empty()) player["working_dir"] = p.working_dir;
        players.push_back(std::move(player));
    }
    nlohmann::json turns = nlohmann::json::array();
    for (const Turn& t : log.turns) {
        nlohmann::json turn = {{"turn", t.turn},
                               {"player", t.player},
                               {"input", t.input},
                               {"output", optional_string(t.output)},
                               {"stderr", t.stderr_text},
                               {"time_ms", round_ms(t.time_ms)},
                               {"limit_ms", t.limit_ms}};
        if (t.stderr_truncated) turn["stderr_truncated"] = true;
        if (!t.summary.empty()) turn["summary"] = t.summary;
        if (!t.error.empty()) turn["error"] = t.error;
        turns.push_back(std::move(turn));
    }
    nlohmann::json scores = nlohmann::json::array(), ranks = nlohmann::json::array(),
                   outcomes = nlohmann::json::array(), details = nlohmann::json::array();
    for (const SeatResult& s : log.seats) {
        scores.push_back(s.score);
        ranks.push_back(s.rank);
        outcomes.push_back(to_string(s.outcome));
        details.push_back(s.detail);
    }
    return {{"version", kMatchLogVersion},
            {"game", log.game},
            {"seed", log.seed ? nlohmann::json(*log.seed) : nlohmann::json(nullptr)},
            {"testcase", log.testcase.empty() ? nlohmann::json(nullptr) : nlohmann::json(log.testcase)},
            {"players", std::move(players)},
            {"turns", std::move(turns)},
            {"result",
             {{"scores", std::move(scores)},
              {"ranks", std::move(ranks)},
              {"outcomes", std::move(outcomes)},
              {"reason", log.reason},
              {"details", std::move(details)}}},
            {"duration_ms", round_ms(log.duration_ms)}};
}

std::string dump_json(const nlohmann::json& value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace arena::match
