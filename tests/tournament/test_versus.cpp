// Tournaments of Dice Shogi and Tsuro through real bot processes, and their standings. The
// bots' results are known from the rules alone: a bot that answers something that is not a move
// loses at once (Dice Shogi: -1; Tsuro: eliminated with score 0), and `random` is a move the
// Dice Shogi referee accepts from anyone.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "arena/report/versus_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_versus_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

tournament::TournamentConfig load(const fs::path& dir, const std::string& json) {
    std::ofstream(dir / "config.json") << json;
    return tournament::load_config(dir / "config.json");
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A view: GCC 14 warns of a dangling reference for a reference returned with a temporary string.
const report::VersusStanding& row_of(const report::VersusStandings& s, std::string_view bot) {
    for (const auto& row : s.rows)
        if (row.bot == bot) return row;
    FAIL("no row for " << bot);
    throw;
}

std::size_t index_of(const report::VersusStandings& s, const std::string& bot) {
    for (std::size_t i = 0; i < s.rows.size(); ++i)
        if (s.rows[i].bot == bot) return i;
    FAIL("no row for " << bot);
    return 0;
}

const std::string kTestbot = ARENA_TESTBOT;

const std::string kDiceShogiConfig = R"({
  "game": "diceshogi",
  "bots": [
    {"name": "alpha", "command": ")" +
                                     kTestbot + R"( reply random"},
    {"name": "beta", "command": ")" + kTestbot +
                                     R"( reply random"},
    {"name": "blunder", "command": ")" +
                                     kTestbot + R"( reply nonsense"}
  ],
  "seeds": {"count": 4, "master": 3}
})";

}  // namespace

TEST_CASE("a Dice Shogi round robin: every pair, both seats, each seed; standings from results") {
    const fs::path dir = fresh_dir("diceshogi");
    const auto config = load(dir, kDiceShogiConfig);
    tournament::RunOptions options;
    options.out = dir / "out";
    options.concurrency = 2;
    std::ostringstream progress;
    const auto records = tournament::run_tournament(config, options, progress);
    REQUIRE(records.size() == 3 * 2 * 4);
    CHECK(lines_of(options.out / "results.jsonl").size() == 24);

    for (const auto& r : records) {
        REQUIRE(r.seed);
        CHECK(fs::exists(options.out / r.log));
        // "nonsense" is never a move: that seat loses (-1) by an invalid move, the other wins.
        for (std::size_t seat = 0; seat < 2; ++seat) {
            if (r.players[seat] != "blunder") continue;
            CHECK(r.outcomes[seat] == match::Outcome::invalid);
            CHECK(r.scores[seat] == -1);
            CHECK(r.scores[1 - seat] == 1);
            CHECK(r.ranks[seat] == 2);
        }
    }

    const report::VersusStandings standings = report::versus_standings(config, records);
    REQUIRE(standings.rows.size() == 3);
    const auto& blunder = row_of(standings, "blunder");
    CHECK(blunder.rank == 3);
    CHECK(blunder.games == 16);
    CHECK(blunder.results.losses == 16);
    CHECK(blunder.results.wins == 0);
    CHECK(blunder.health.invalids == 16);
    CHECK(!blunder.health.first_invalid.empty());
    CHECK(blunder.elo.open_below);
    for (const std::string other : {"alpha", "beta"}) {
        const auto& row = row_of(standings, other);
        CHECK(row.games == 16);
        CHECK(row.health.failures() == 0);
        CHECK(row.elo.lo95 > blunder.elo.hi95);  // a clear lead over the bot that always loses
        // Both seat orders of each seed against blunder: every pair won twice.
        const auto b = index_of(standings, "blunder"), o = index_of(standings, other);
        CHECK(standings.head_to_head[o][b].wins == 8);
        CHECK(standings.head_to_head[b][o].losses == 8);
    }
    // Every seed played in both seat orders makes one complete pentanomial pair per bot pair.
    for (const auto& pair : standings.pairs) {
        CHECK(pair.pentanomial.pairs() == 4);
        if (pair.b == "blunder") CHECK(pair.pentanomial.counts[4] == 4);
    }
    const auto& alpha = row_of(standings, "alpha");
    const auto& beta = row_of(standings, "beta");
    const auto a = index_of(standings, "alpha"), b = index_of(standings, "beta");
    CHECK(standings.head_to_head[a][b].wins == standings.head_to_head[b][a].losses);
    CHECK(alpha.results.games() == 16);
    CHECK(beta.results.games() == 16);

    const std::string md = report::to_markdown(standings);
    CHECK(md.find("blunder") != std::string::npos);
    CHECK(report::to_csv(standings).find("\"blunder\"") != std::string::npos);

    SUBCASE("killed mid-write and resumed: the same standings as the uninterrupted run") {
        std::vector<std::string> lines = lines_of(options.out / "results.jsonl");
        {
            std::ofstream out(options.out / "results.jsonl", std::ios::trunc);
            for (int i = 0; i < 9; ++i) out << lines[i] << "\n";
            out << lines[9].substr(0, lines[9].size() / 3);
        }
        options.resume = true;
        std::ostringstream resumed_progress;
        const auto resumed = tournament::run_tournament(config, options, resumed_progress);
        CHECK(resumed_progress.str().find("[10/24]") != std::string::npos);
        CHECK(lines_of(options.out / "results.jsonl").size() == 24);
        auto without_times = [](nlohmann::ordered_json j) {
            for (auto& row : j["standings"]) {
                row["health"].erase("turn_ms");
                row["health"].erase("startup_ms");  // the machine's clock, as turn times are
            }
            return j;
        };
        CHECK(without_times(report::to_json(report::versus_standings(config, resumed))) ==
              without_times(report::to_json(standings)));
    }
}

TEST_CASE("Tsuro at 3-player tables: every seat order; an eliminated-at-once bot ranks last") {
    const fs::path dir = fresh_dir("tsuro");
    const auto config = load(dir, R"({
      "game": "tsuro",
      "bots": [
        {"name": "r1", "command": ")" +
                                      std::string(ARENA_TSURO_RANDOM) + R"( --seed 1"},
        {"name": "r2", "command": ")" +
                                      std::string(ARENA_TSURO_RANDOM) + R"( --seed 2"},
        {"name": "blunder", "command": ")" +
                                      kTestbot + R"( reply nonsense"}
      ],
      "seeds": [5, -5]
    })");
    CHECK(config.players_per_game == 3);
    tournament::RunOptions options;
    options.out = dir / "out";
    options.concurrency = 2;
    std::ostringstream progress;
    const auto records = tournament::run_tournament(config, options, progress);
    REQUIRE(records.size() == 6 * 2);
    for (const auto& r : records) {
        for (std::size_t seat = 0; seat < 3; ++seat) {
            if (r.players[seat] != "blunder") continue;
            CHECK(r.outcomes[seat] == match::Outcome::invalid);
            CHECK(r.scores[seat] == 0);
            CHECK(r.ranks[seat] == 3);
        }
    }
    const report::VersusStandings standings = report::versus_standings(config, records);
    REQUIRE(standings.rows.size() == 3);
    const auto& blunder = row_of(standings, "blunder");
    CHECK(blunder.rank == 3);
    CHECK(blunder.average_rank == doctest::Approx(3.0));
    CHECK(blunder.win_percent == 0);
    REQUIRE(blunder.finishing_order_rating);
    CHECK(blunder.finishing_order_rating->open_below);
    CHECK(blunder.health.invalids == 12);
    for (const auto& row : standings.rows) {
        REQUIRE(row.finishing_order_rating);
        if (row.bot != "blunder") {
            CHECK(row.finishing_order_rating->lo95 > blunder.finishing_order_rating->hi95);
            CHECK(row.average_rank < 2.5);
        }
    }
    CHECK(standings.pairs.size() == 3);
}
