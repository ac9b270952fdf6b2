// Issue 17, item 5 ("flat cost"): standings from a report::RunTally, which keeps aggregates, not
// records. The figures must not depend on the order records are added (a run played 2 at a time,
// resumed or merged from shards gives byte-identical standings.json); the first failure is the
// earliest in game-id order; turn-time percentiles come from fixed-size histograms; the tally
// does not grow with the games; the streaming reader of results.jsonl reads line by line.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "arena/report/bot_health.hpp"
#include "arena/report/failures.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/turn_histogram.hpp"

namespace {

using namespace arena;
using match::Outcome;
namespace fs = std::filesystem;

tournament::TournamentConfig config_of(int players_per_game, int bots, int seeds) {
    tournament::TournamentConfig config;
    config.game = players_per_game == 2 ? "diceshogi" : "tsuro";
    config.players_per_game = players_per_game;
    for (int b = 0; b < bots; ++b) {
        match::PlayerSpec bot;
        bot.name = "bot" + std::string(1, static_cast<char>('a' + b));
        bot.command = "x";
        config.bots.push_back(bot);
    }
    for (int s = 0; s < seeds; ++s) config.seeds.push_back(1000 + s);
    return config;
}

// Seat-swapped 2-player games of every pair on `seeds` seeds; outcomes drawn from `seed`.
std::vector<tournament::GameRecord> duel_records(const tournament::TournamentConfig& config,
                                                 int seeds, unsigned seed) {
    std::mt19937 dice(seed);
    std::vector<tournament::GameRecord> records;
    const int n = static_cast<int>(config.bots.size());
    for (int s = 1; s <= seeds; ++s) {
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                const std::string tag = "s" + std::to_string(s);
                const std::string group =
                    tag + "-" + config.bots[a].name + "_vs_" + config.bots[b].name;
                for (int order = 0; order < 2; ++order) {
                    const int first = order ? b : a, second = order ? a : b;
                    tournament::GameRecord r;
                    r.id = tag + "-" + config.bots[first].name + "_vs_" + config.bots[second].name;
                    r.game = config.game;
                    r.seed = s;
                    r.group = group;
                    r.players = {config.bots[first].name, config.bots[second].name};
                    const int result = static_cast<int>(dice() % 3);  // 0 first wins, 1 draw
                    r.ranks = {result == 2 ? 2 : 1, result == 0 ? 2 : 1};
                    r.scores = {r.ranks[0] == 1, r.ranks[1] == 1};
                    const bool fails = dice() % 9 == 0;
                    r.outcomes = {Outcome::ok, fails ? Outcome::timeout : Outcome::ok};
                    r.details = {"exit code 0", fails ? "stopped by the arena" : "exit code 0"};
                    r.reason = "done";
                    r.turns = 10;
                    r.turn_ms = {{}, {}};
                    for (int t = 0; t < 5; ++t) {
                        r.turn_ms[0].push_back((dice() % 2000) / 100.0);
                        r.turn_ms[1].push_back((dice() % 300) / 100.0);
                    }
                    r.mean_turn_ms = {1, 1};
                    r.max_turn_ms = {20, 3};
                    r.log = "games/" + r.id + ".json";
                    if (fails)
                        r.failures = {std::nullopt, tournament::SeatFailure{3, "$1 timeout!"}};
                    records.push_back(std::move(r));
                }
            }
        }
    }
    return records;
}

std::string standings_json(const tournament::TournamentConfig& config,
                           const std::vector<tournament::GameRecord>& records) {
    report::RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return report::to_json(report::versus_standings(config, tally)).dump(2) +
           report::failures_text(tally, "out");
}

}  // namespace

TEST_CASE("shuffled records give byte-identical standings (2 players, pentanomials, failures)") {
    const tournament::TournamentConfig config = config_of(2, 4, 30);
    std::vector<tournament::GameRecord> records = duel_records(config, 30, 7);
    const std::string in_order = standings_json(config, records);
    for (unsigned shuffle = 1; shuffle <= 5; ++shuffle) {
        std::shuffle(records.begin(), records.end(), std::mt19937(shuffle));
        CHECK(standings_json(config, records) == in_order);
    }
    CHECK(in_order.find("\"pentanomial\"") != std::string::npos);
}

TEST_CASE("shuffled multiplayer records give byte-identical standings (Plackett-Luce, ties)") {
    const tournament::TournamentConfig config = config_of(3, 4, 0);
    std::mt19937 dice(3);
    std::vector<tournament::GameRecord> records;
    for (int g = 0; g < 300; ++g) {
        tournament::GameRecord r;
        r.id = "g" + std::to_string(g);
        r.game = config.game;
        std::vector<int> seats = {0, 1, 2, 3};
        std::shuffle(seats.begin(), seats.end(), dice);
        for (int s = 0; s < 3; ++s) r.players.push_back(config.bots[seats[s]].name);
        r.ranks = {1 + static_cast<int>(dice() % 3), 1 + static_cast<int>(dice() % 3),
                   1 + static_cast<int>(dice() % 3)};
        r.scores = {0, 0, 0};
        r.outcomes = {Outcome::ok, Outcome::ok, Outcome::ok};
        r.details = {"", "", ""};
        r.mean_turn_ms = {1, 1, 1};
        r.max_turn_ms = {1, 1, 1};
        r.turn_ms = {{0.5}, {0.25}, {0.75}};
        records.push_back(std::move(r));
    }
    const std::string in_order = standings_json(config, records);
    std::shuffle(records.begin(), records.end(), std::mt19937(11));
    CHECK(standings_json(config, records) == in_order);
    CHECK(in_order.find("\"plackett_luce\"") != std::string::npos);
}

TEST_CASE("the first failure is the earliest by game id, not the first added") {
    const tournament::TournamentConfig config = config_of(2, 2, 60);
    std::vector<tournament::GameRecord> records = duel_records(config, 60, 5);
    std::string earliest;  // by the schedule's order: seeds as numbers
    for (const auto& r : records)
        if (r.outcomes[1] != Outcome::ok && r.players[1] == "botb" && earliest.empty())
            earliest = r.id;
    REQUIRE(!earliest.empty());
    std::reverse(records.begin(), records.end());
    const auto health = report::bot_health({"botb"}, records);
    CHECK(health[0].first_failure == earliest);
    CHECK(report::schedule_before("s2-a", "s10-a"));
    CHECK(!report::schedule_before("s10-a", "s2-a"));
    CHECK(report::schedule_before("test2-greedy", "test10-greedy"));
}

TEST_CASE("percentiles from the histogram: exact below 10.24 ms, within 0.2 % above") {
    std::vector<double> times;
    for (int i = 1; i <= 999; ++i) times.push_back(i / 100.0);  // 0.01 .. 9.99 ms
    tournament::TurnHistogram hist;
    for (double t : times) hist.add(t);
    CHECK(hist.quantile_ms(0.5) == doctest::Approx(report::quantile(times, 0.5)).epsilon(1e-12));
    CHECK(hist.quantile_ms(0.9) == doctest::Approx(report::quantile(times, 0.9)).epsilon(1e-12));
    CHECK(hist.quantile_ms(0.99) == doctest::Approx(report::quantile(times, 0.99)).epsilon(1e-12));
    CHECK(hist.max_ms() == 9.99);
    tournament::TurnHistogram slow;
    for (double ms : {12.34, 48.9, 1234.5, 49999.99}) {
        slow = {};
        slow.add(ms);
        CHECK(slow.max_ms() <= ms);
        CHECK(slow.max_ms() >= ms * 0.998);
    }
}

TEST_CASE("the tally does not grow with the games: 50,000 records") {
    const tournament::TournamentConfig config = config_of(2, 4, 5000);
    // What the tally holds, measured by what it exposes: orders, pairs, failures listed, the
    // histograms' bins; none of it may grow from 10,000 to 50,000 games. (The checkpoints fill
    // as the seeds go on, each bounded by the distinct orders: checked below.)
    auto footprint = [](const report::RunTally& tally) {
        std::size_t size = tally.orders().size() + tally.pentanomials().size() +
                           tally.listed_failures().size() + tally.first_logs().size();
        for (const auto& [bot, h] : tally.health())
            size += h.turn_times.bins().size() + h.first_turn_times.bins().size();
        return size;
    };
    report::RunTally tally(config);
    std::size_t at_10k = 0, games = 0;
    for (int block = 0; block < 5; ++block) {
        tournament::TournamentConfig part = config_of(2, 4, 834);
        for (tournament::GameRecord& r : duel_records(part, 834, 100 + block)) {
            // Seeds of this block: s(block*834+1) ...
            const std::size_t dash = r.id.find('-');
            const int seed = std::stoi(r.id.substr(1, dash - 1)) + block * 834;
            r.id = "s" + std::to_string(seed) + r.id.substr(dash);
            r.group = "s" + std::to_string(seed) + r.group.substr(r.group.find('-'));
            tally.add(r);
            ++games;
        }
        if (block == 0) at_10k = footprint(tally);
    }
    CHECK(games >= 50000);
    CHECK(tally.games() == games);
    CHECK(footprint(tally) <= at_10k + at_10k / 10);
    for (const auto& checkpoint : tally.checkpoints())
        CHECK(checkpoint.size() <= tally.orders().size());
    CHECK(tally.checkpoints().size() <= static_cast<std::size_t>(report::RunTally::kCheckpoints));
}

TEST_CASE("a failure whose log was not kept says so instead of a replay command") {
    const tournament::TournamentConfig config = config_of(2, 2, 1);
    std::vector<tournament::GameRecord> records = duel_records(config, 1, 1);
    records[0].outcomes[1] = Outcome::crash;
    records[0].log = "";
    records[1].outcomes = {Outcome::ok, Outcome::ok};
    const std::string text = report::failures_text(records, "out");
    INFO(text);
    CHECK(text.find("no log was kept of game " + records[0].id) != std::string::npos);
    CHECK(text.find("replay out/") == std::string::npos);
    records[0].log = "games/" + records[0].id + ".json.zst";
    const std::string zst = report::failures_text(records, "out");
    CHECK(zst.find("build/arena replay out/games/" + records[0].id + ".json.zst") !=
          std::string::npos);
}
