// The report page's numbers that come from the tally alone (and the earliest logs for the time
// limits): ratings over the games, turn-time histograms. Split from view.cpp (its size).
#include "arena/view/report_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "arena/common/log_files.hpp"
#include "arena/ratings/ratings.hpp"
#include "arena/report/elo_json.hpp"
#include "arena/report/tally_fits.hpp"

namespace fs = std::filesystem;

namespace arena::view {

namespace {

// ---- report data -----------------------------------------------------------------------

// Turn times are binned on a log scale, 10 bins per decade from 0.01 ms to 100 s; the first and
// last bins also hold what is below and above.
constexpr double kFirstEdgeMs = 0.01;
constexpr int kBinsPerDecade = 10;
constexpr int kBins = 7 * kBinsPerDecade;

int time_bin(double ms) {
    if (!(ms > kFirstEdgeMs)) return 0;
    const int bin = static_cast<int>(std::floor(std::log10(ms / kFirstEdgeMs) * kBinsPerDecade));
    return std::clamp(bin, 0, kBins - 1);
}

}  // namespace

// Ratings and scores at fixed checkpoints of the schedule (report::RunTally::checkpoints: after
// each share of the seeds, whatever order the games finished in): how the standings settled.
nlohmann::json rating_progress(const tournament::TournamentConfig& config,
                               const report::RunTally& tally) {
    const int n = static_cast<int>(config.bots.size());
    const bool multiplayer = config.players_per_game > 2;
    nlohmann::json games = nlohmann::json::array();
    std::vector<nlohmann::json> rating(n, nlohmann::json::array()),
        score(n, nlohmann::json::array());
    report::OrderCounts prefix;
    std::int64_t played = 0;
    for (const report::OrderCounts& checkpoint : tally.checkpoints()) {
        if (checkpoint.empty()) continue;
        report::add_counts(prefix, checkpoint);
        for (const auto& [order, count] : checkpoint) played += count;
        const ratings::RatingFit fit =
            multiplayer ? report::plackett_luce_of(n, prefix) : report::bradley_terry_of(n, prefix);
        const std::vector<ratings::WDL> wdl = report::wdl_of(report::crosstable_of(n, prefix));
        games.push_back(played);
        for (int b = 0; b < n; ++b) {
            rating[b].push_back(report::elo_array(fit.ratings[b]));
            score[b].push_back(wdl[b].games() ? nlohmann::json(100.0 * wdl[b].score())
                                              : nlohmann::json(nullptr));
        }
    }
    nlohmann::json bots = nlohmann::json::object();
    for (int b = 0; b < n; ++b)
        bots[config.bots[b].name] = {{"rating", rating[b]}, {"score", score[b]}};
    return {{"games", games},
            {"rating", multiplayer ? "Plackett-Luce (finishing order)" : "Elo (Bradley-Terry)"},
            {"bots", bots}};
}

// The first and the later turns' limits, as the logs recorded them (they follow the config's
// time scale and margin): from the earliest games' logs, the first that reads.
nlohmann::json time_limits(const fs::path& dir, const report::RunTally& tally) {
    std::optional<double> first_only;
    for (const auto& [id, log_path] : tally.first_logs()) {
        try {
            const nlohmann::json log = files::read_log_json(dir / log_path, files::kRunLogFile);
            std::set<int> seen_player;
            std::optional<double> first, later;
            for (const nlohmann::json& t : log.at("turns")) {
                const double limit = t.at("limit_ms").get<double>();
                if (seen_player.insert(t.at("player").get<int>()).second)
                    first = std::max(first.value_or(0), limit);
                else
                    later = std::min(later.value_or(limit), limit);
            }
            // A game that ended at a first turn (a crash) says nothing of the later limit: a
            // later game's log may.
            if (first && later) return {{"first_ms", *first}, {"later_ms", *later}};
            if (first && !first_only) first_only = *first;
        } catch (const std::exception&) {
            // A missing or damaged log: try the next game.
        }
    }
    if (first_only) return {{"first_ms", *first_only}, {"later_ms", nullptr}};
    return {{"first_ms", nullptr}, {"later_ms", nullptr}};
}

namespace {

// The page's bins of a tally's histogram (whose bins are far finer).
std::vector<std::int64_t> page_bins(const tournament::TurnHistogram& times) {
    std::vector<std::int64_t> bins(kBins, 0);
    for (const auto& [bin, count] : times.bins())
        bins[time_bin(tournament::TurnHistogram::ms_of_bin(bin))] +=
            static_cast<std::int64_t>(count);
    return bins;
}

}  // namespace

nlohmann::json turn_times(const std::vector<std::string>& bots, const report::RunTally& tally) {
    nlohmann::json edges = nlohmann::json::array();
    for (int b = 0; b <= kBins; ++b)
        edges.push_back(kFirstEdgeMs * std::pow(10.0, double(b) / kBinsPerDecade));
    nlohmann::json per_bot = nlohmann::json::object();
    for (const std::string& bot : bots) {
        std::vector<std::int64_t> first(kBins, 0), later(kBins, 0);
        nlohmann::json summary = nlohmann::json::object();
        auto it = tally.health().find(bot);
        if (it != tally.health().end() && it->second.turn_times.count() > 0) {
            const tournament::TurnHistogram& all = it->second.turn_times;
            first = page_bins(it->second.first_turn_times);
            later = page_bins(all);
            for (int b = 0; b < kBins; ++b) later[b] -= first[b];
            summary = {{"turns", all.count()},
                       {"p50", all.quantile_ms(0.5)},
                       {"p90", all.quantile_ms(0.9)},
                       {"p99", all.quantile_ms(0.99)},
                       {"max", all.max_ms()}};
        }
        if (it != tally.health().end() && it->second.startups > 0)
            summary["startup"] = {{"games", it->second.startups},
                                  {"mean", it->second.startup_total_ms / it->second.startups},
                                  {"max", it->second.startup_max_ms}};
        per_bot[bot] = {{"first", first}, {"later", later}, {"summary", summary}};
    }
    return {{"edges_ms", edges}, {"bots", per_bot}};
}

}  // namespace arena::view
