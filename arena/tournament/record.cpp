#include "arena/tournament/record.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "arena/common/files.hpp"

namespace arena::tournament {

GameRecord make_record(const std::string& id, const std::string& group, const match::MatchLog& log,
                       const std::string& log_path) {
    GameRecord r;
    r.id = id;
    r.game = log.game;
    r.testcase = log.testcase;
    r.seed = log.seed;
    r.group = group;
    for (const match::PlayerSpec& p : log.players) r.players.push_back(p.name);
    for (const match::SeatResult& s : log.seats) {
        r.scores.push_back(s.score);
        r.ranks.push_back(s.rank);
        r.outcomes.push_back(match::to_string(s.outcome));
        r.details.push_back(s.detail);
    }
    r.reason = log.reason;
    r.turns = static_cast<int>(log.turns.size());
    const std::size_t seats = log.players.size();
    std::vector<double> total(seats, 0.0);
    std::vector<int> answered(seats, 0);
    r.max_turn_ms.assign(seats, 0.0);
    r.turn_ms.assign(seats, {});
    for (const match::Turn& t : log.turns) {
        // A turn without an answer (timeout, crash) says nothing of how fast the bot thinks.
        if (t.output) r.turn_ms[t.player].push_back(std::round(t.time_ms * 100) / 100);
        total[t.player] += t.time_ms;
        ++answered[t.player];
        r.max_turn_ms[t.player] = std::max(r.max_turn_ms[t.player], t.time_ms);
    }
    for (std::size_t i = 0; i < seats; ++i) {
        r.mean_turn_ms.push_back(answered[i] ? total[i] / answered[i] : 0.0);
    }
    r.log = log_path;
    return r;
}

nlohmann::ordered_json to_json(const GameRecord& r) {
    return {{"id", r.id},
            {"game", r.game},
            {"testcase", r.testcase},
            {"seed", r.seed ? nlohmann::ordered_json(*r.seed) : nlohmann::ordered_json(nullptr)},
            {"group", r.group},
            {"players", r.players},
            {"scores", r.scores},
            {"ranks", r.ranks},
            {"outcomes", r.outcomes},
            {"details", r.details},
            {"reason", r.reason},
            {"turns", r.turns},
            {"mean_turn_ms", r.mean_turn_ms},
            {"max_turn_ms", r.max_turn_ms},
            {"turn_ms", r.turn_ms},
            {"log", r.log}};
}

GameRecord record_from_json(const nlohmann::json& j) {
    GameRecord r;
    j.at("id").get_to(r.id);
    j.at("game").get_to(r.game);
    j.at("testcase").get_to(r.testcase);
    if (j.contains("seed") && !j.at("seed").is_null()) r.seed = j.at("seed").get<std::int64_t>();
    if (j.contains("group")) j.at("group").get_to(r.group);
    j.at("players").get_to(r.players);
    j.at("scores").get_to(r.scores);
    j.at("ranks").get_to(r.ranks);
    j.at("outcomes").get_to(r.outcomes);
    j.at("details").get_to(r.details);
    j.at("reason").get_to(r.reason);
    j.at("turns").get_to(r.turns);
    j.at("mean_turn_ms").get_to(r.mean_turn_ms);
    j.at("max_turn_ms").get_to(r.max_turn_ms);
    if (j.contains("turn_ms")) j.at("turn_ms").get_to(r.turn_ms);
    j.at("log").get_to(r.log);
    return r;
}

ResultsFile read_results(const std::filesystem::path& results) {
    const std::string text = files::read_text(results);
    ResultsFile file;
    int line_number = 0;
    for (std::size_t begin = 0, end; (end = text.find('\n', begin)) != std::string::npos;
         begin = end + 1) {
        ++line_number;
        file.complete_bytes = end + 1;
        if (end == begin) continue;
        try {
            file.records.push_back(
                record_from_json(nlohmann::json::parse(text.begin() + begin, text.begin() + end)));
        } catch (const nlohmann::json::exception& e) {
            throw std::runtime_error("'" + results.string() + "' line " +
                                     std::to_string(line_number) + " is damaged (" + e.what() +
                                     "): fix or remove that line");
        }
    }
    return file;
}

}  // namespace arena::tournament
