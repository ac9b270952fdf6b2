#include "arena/report/bot_health.hpp"

#include <algorithm>

#include "arena/common/player_names.hpp"
#include "arena/report/run_tally.hpp"

namespace arena::report {

FailedGame failed_game(const tournament::GameRecord& record, std::size_t seat) {
    FailedGame failed;
    failed.game_id = record.id;
    failed.game = record.game;
    failed.outcome = record.outcomes.at(seat);
    failed.log = record.log;
    if (seat < record.details.size()) failed.detail = record.details[seat];
    if (const tournament::SeatFailure* failure = tournament::failure_of(record, seat)) {
        failed.turn = failure->turn;
        failed.error = with_player_names(failure->error, record.players);
        failed.timing = failure->timing;
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

std::vector<BotHealth> bot_health(const std::vector<std::string>& bots, const RunTally& tally) {
    std::vector<BotHealth> health;
    for (const std::string& bot : bots) {
        BotHealth h;
        h.bot = bot;
        auto it = tally.health().find(bot);
        if (it != tally.health().end()) {
            const BotTally& t = it->second;
            h.games = t.games;
            h.timeouts = t.timeouts;
            h.crashes = t.crashes;
            h.invalids = t.invalids;
            h.load_timeouts = t.load_timeouts;
            h.startups = t.startups;
            h.startup_mean_ms = t.startups ? t.startup_total_ms / t.startups : 0;
            h.startup_max_ms = t.startup_max_ms;
            h.first_timeout = t.first_timeout.game_id;
            h.first_crash = t.first_crash.game_id;
            h.first_invalid = t.first_invalid.game_id;
            h.first_failure = t.first_failure.game_id;
            h.first_failed_game = t.first_failure;
            h.turns = static_cast<int>(t.turn_times.count());
            h.mean_turn_ms = t.turn_times.mean_ms();
            h.p50_turn_ms = t.turn_times.quantile_ms(0.50);
            h.p90_turn_ms = t.turn_times.quantile_ms(0.90);
            h.p99_turn_ms = t.turn_times.quantile_ms(0.99);
            h.max_turn_ms = t.turn_times.max_ms();
        }
        health.push_back(std::move(h));
    }
    return health;
}

std::vector<BotHealth> bot_health(const std::vector<std::string>& bots,
                                  const std::vector<tournament::GameRecord>& records) {
    tournament::TournamentConfig config;
    RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return bot_health(bots, tally);
}

namespace {

// Where the first failure happened, for the pages: null when the bot never failed.
nlohmann::ordered_json first_failure_json(const FailedGame& failed) {
    if (failed.game_id.empty()) return nullptr;
    return {{"game", failed.game_id},
            {"outcome", match::to_string(failed.outcome)},
            {"turn", failed.turn ? nlohmann::ordered_json(failed.turn) : nullptr},
            {"error", failed.error},
            {"timing", failed.timing},
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
            {"load_timeouts", h.load_timeouts},
            {"startup_ms",
             {{"games", h.startups}, {"mean", h.startup_mean_ms}, {"max", h.startup_max_ms}}},
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
