#include "arena/report/bot_health.hpp"

#include <algorithm>
#include <map>

#include "arena/common/player_names.hpp"

namespace arena::report {

FailedGame failed_game(const tournament::GameRecord& record, std::size_t seat) {
    FailedGame failed;
    failed.game_id = record.id;
    failed.outcome = record.outcomes.at(seat);
    if (seat < record.details.size()) failed.detail = record.details[seat];
    if (const tournament::SeatFailure* failure = tournament::failure_of(record, seat)) {
        failed.turn = failure->turn;
        failed.error = with_player_names(failure->error, record.players);
    }
    return failed;
}

double quantile(std::vector<double> values, double q) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const double position = q * static_cast<double>(values.size() - 1);
    const std::size_t below = static_cast<std::size_t>(position);
    const std::size_t above = std::min(below + 1, values.size() - 1);
    const double fraction = position - static_cast<double>(below);
    return values[below] + (values[above] - values[below]) * fraction;
}

std::vector<BotHealth> bot_health(const std::vector<std::string>& bots,
                                  const std::vector<tournament::GameRecord>& records) {
    std::map<std::string, std::size_t> index;
    std::vector<BotHealth> health(bots.size());
    std::vector<std::vector<double>> times(bots.size());
    for (std::size_t i = 0; i < bots.size(); ++i) {
        health[i].bot = bots[i];
        index[bots[i]] = i;
    }
    for (const tournament::GameRecord& r : records) {
        for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
            auto it = index.find(r.players[seat]);
            if (it == index.end()) continue;
            BotHealth& h = health[it->second];
            ++h.games;
            const match::Outcome outcome = r.outcomes.at(seat);
            auto note = [&](int& count, std::string& first) {
                ++count;
                if (first.empty()) first = r.id;
                if (h.first_failure.empty()) {
                    h.first_failure = r.id;
                    h.first_failed_game = failed_game(r, seat);
                }
            };
            if (outcome == match::Outcome::timeout) note(h.timeouts, h.first_timeout);
            if (outcome == match::Outcome::crash) note(h.crashes, h.first_crash);
            if (outcome == match::Outcome::invalid) note(h.invalids, h.first_invalid);
            if (seat < r.turn_ms.size()) {
                times[it->second].insert(times[it->second].end(), r.turn_ms[seat].begin(),
                                         r.turn_ms[seat].end());
            }
        }
    }
    for (std::size_t i = 0; i < bots.size(); ++i) {
        BotHealth& h = health[i];
        const std::vector<double>& t = times[i];
        h.turns = static_cast<int>(t.size());
        if (t.empty()) continue;
        double sum = 0;
        for (double ms : t) sum += ms;
        h.mean_turn_ms = sum / static_cast<double>(t.size());
        h.p50_turn_ms = quantile(t, 0.50);
        h.p90_turn_ms = quantile(t, 0.90);
        h.p99_turn_ms = quantile(t, 0.99);
        h.max_turn_ms = *std::max_element(t.begin(), t.end());
    }
    return health;
}

namespace {

// Where the first failure happened, for the pages: null when the bot never failed.
nlohmann::ordered_json first_failure_json(const FailedGame& failed) {
    if (failed.game_id.empty()) return nullptr;
    return {{"game", failed.game_id},
            {"outcome", match::to_string(failed.outcome)},
            {"turn", failed.turn ? nlohmann::ordered_json(failed.turn) : nullptr},
            {"error", failed.error},
            {"detail", failed.detail}};
}

}  // namespace

nlohmann::ordered_json to_json(const BotHealth& h) {
    auto id_or_null = [](const std::string& id) {
        return id.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(id);
    };
    return {{"games", h.games},
            {"timeouts", h.timeouts},
            {"crashes", h.crashes},
            {"invalids", h.invalids},
            {"first_timeout", id_or_null(h.first_timeout)},
            {"first_crash", id_or_null(h.first_crash)},
            {"first_invalid", id_or_null(h.first_invalid)},
            {"first_failure", id_or_null(h.first_failure)},
            {"first_failure_at", first_failure_json(h.first_failed_game)},
            {"turn_ms",
             {{"turns", h.turns},
              {"mean", h.mean_turn_ms},
              {"p50", h.p50_turn_ms},
              {"p90", h.p90_turn_ms},
              {"p99", h.p99_turn_ms},
              {"max", h.max_turn_ms}}}};
}

}  // namespace arena::report
