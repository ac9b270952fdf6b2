#include "arena/match/match_log_json.hpp"

namespace arena::match {

namespace {

Json optional_string(const std::optional<std::string>& value) {
    return value ? Json(*value) : Json(nullptr);
}

}  // namespace

Json to_json(const MatchLog& log) {
    Json players = Json::array();
    for (std::size_t i = 0; i < log.players.size(); ++i) {
        const PlayerSpec& p = log.players[i];
        Json player = {{"name", p.name}, {"command", p.command}};
        if (!p.working_dir.empty()) player["working_dir"] = p.working_dir;
        if (p.limits && p.limits->any()) player["limits"] = p.limits->describe();
        if (p.sandbox) player["sandbox"] = *p.sandbox;
        if (i < log.seats.size() && log.seats[i].startup_ms) {
            player["startup_ms"] = round_log_ms(*log.seats[i].startup_ms);
            if (log.seats[i].startup_ready) player["startup_ready"] = true;
        }
        players.push_back(std::move(player));
    }
    Json turns = Json::array();
    for (const Turn& t : log.turns) {
        // The fields in reading order: the position, what the bot got and said, what the
        // referee said of it, then stderr and the clock. The order also packs a log ~2% smaller
        // under zstd (issue 17's size target): the answer and the summary quoting it sit side
        // by side, the fields that rarely change run together.
        Json turn = {{"turn", t.turn}, {"player", t.player}};
        if (!t.state.empty()) turn["state"] = t.state;
        turn["input"] = t.input;
        turn["output"] = optional_string(t.output);
        if (!t.summary.empty()) turn["summary"] = t.summary;
        if (!t.error.empty()) turn["error"] = t.error;
        turn["stderr"] = t.stderr_text;
        if (t.stderr_truncated) turn["stderr_truncated"] = true;
        turn["time_ms"] = round_log_ms(t.time_ms);
        turn["limit_ms"] = t.limit_ms;
        turn["cpu_ms"] = t.cpu_ms ? Json(*t.cpu_ms) : Json(nullptr);
        turn["wait_ms"] = t.wait_ms ? Json(*t.wait_ms) : Json(nullptr);
        if (t.late) turn["late"] = true;
        if (t.load_timeout) turn["load_timeout"] = true;
        if (t.overrun) turn["overrun"] = true;
        if (t.bank_ms) turn["bank_ms"] = *t.bank_ms;
        turns.push_back(std::move(turn));
    }
    Json scores = Json::array(), ranks = Json::array(), outcomes = Json::array(),
         details = Json::array(), stderr_cut = Json::array(), timings = Json::array();
    bool any_stderr_cut = false, any_timing = false;
    for (const SeatResult& s : log.seats) {
        scores.push_back(s.score);
        ranks.push_back(s.rank);
        outcomes.push_back(to_string(s.outcome));
        details.push_back(s.detail);
        stderr_cut.push_back(s.stderr_cut);
        any_stderr_cut = any_stderr_cut || s.stderr_cut;
        timings.push_back(s.timing);
        any_timing = any_timing || !s.timing.empty();
    }
    Json result = {{"scores", std::move(scores)},
                   {"ranks", std::move(ranks)},
                   {"outcomes", std::move(outcomes)},
                   {"reason", log.reason},
                   {"details", std::move(details)}};
    if (any_stderr_cut) result["stderr_cut"] = std::move(stderr_cut);
    if (any_timing) result["timings"] = std::move(timings);
    Json json = {{"version", kMatchLogVersion}, {"game", log.game}};
    // An external referee's game: its spec, so that replay and view register the game from the
    // log alone (docs/other-games.md).
    if (log.external) json["referee"] = to_json(*log.external);
    json["seed"] = log.seed ? Json(*log.seed) : Json(nullptr);
    json["testcase"] = log.testcase.empty() ? Json(nullptr) : Json(log.testcase);
    json["testcase_text"] = log.testcase_text.empty() ? Json(nullptr) : Json(log.testcase_text);
    json["players"] = std::move(players);
    json["turns"] = std::move(turns);
    json["result"] = std::move(result);
    if (!log.referee_failure.empty()) json["referee_failure"] = log.referee_failure;
    json["duration_ms"] = round_log_ms(log.duration_ms);
    return json;
}

}  // namespace arena::match
