// An iteration's games (who sits where, ids, seeds, boards), what their records say of theta+,
// and tune.jsonl's lines read back. Records built by hand, no bots.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "arena/tune/games.hpp"
#include "arena/tune/journal.hpp"

namespace fs = std::filesystem;
using arena::tournament::GameRecord;
using arena::tune::IterationGame;
using arena::tune::TuneConfig;

namespace {

TuneConfig config(const std::string& game, int players, bool opponent) {
    TuneConfig c;
    c.game = game;
    c.puzzle = game == "samegame";
    c.players = players;
    c.bot.command = "./bot --x {x}";
    if (opponent) c.opponent = arena::match::PlayerSpec{"opponent", "./other"};
    c.params = {{"x", false, 0.5, 0, 1, 0.1, 0.002}};
    c.gains.iterations = 10;
    c.pairs_per = 2;
    return c;
}

std::vector<IterationGame> games_of(const TuneConfig& c) {
    const arena::tune::Step step = arena::tune::make_step(c.params, c.gains, 1, 3, {0.5});
    return arena::tune::iteration_games(c, arena::tune::bot_template(c.bot), c.opponent, step);
}

GameRecord record(std::vector<std::string> players, std::vector<int> ranks,
                  std::vector<std::int64_t> scores = {}) {
    GameRecord r;
    r.players = std::move(players);
    r.ranks = std::move(ranks);
    r.scores = scores.empty() ? std::vector<std::int64_t>(r.players.size(), 0) : scores;
    r.outcomes.assign(r.players.size(), arena::match::Outcome::ok);
    return r;
}

}  // namespace

TEST_SUITE("iterations") {
    TEST_CASE("head to head: both seat orders of each seed, theta+ and theta- filled in") {
        const std::vector<IterationGame> games = games_of(config("diceshogi", 2, false));
        REQUIRE(games.size() == 4);
        CHECK(games[0].id == "k00003-p01-plus_vs_minus");
        CHECK(games[1].id == "k00003-p01-minus_vs_plus");
        CHECK(games[0].group == games[1].group);
        CHECK(games[0].setup.seed == games[1].setup.seed);
        CHECK(games[0].setup.seed != games[2].setup.seed);
        CHECK(games[0].players[0].command.starts_with("./bot --x 0."));
        CHECK(games[0].players[0].command != games[0].players[1].command);
    }

    TEST_CASE("against an opponent: theta+ and theta- each play it in both seats") {
        const std::vector<IterationGame> games = games_of(config("diceshogi", 2, true));
        REQUIRE(games.size() == 8);
        CHECK(games[0].id == "k00003-p01-plus_vs_opponent");
        CHECK(games[1].id == "k00003-p01-opponent_vs_plus");
        CHECK(games[2].id == "k00003-p01-minus_vs_opponent");
        CHECK(games[3].id == "k00003-p01-opponent_vs_minus");
    }

    TEST_CASE("a table of 4: every distinct seat order, the opponent's copies named apart") {
        const std::vector<IterationGame> games = games_of(config("tsuro", 4, true));
        CHECK(games.size() == 2 * 12);  // 4! / 2! orders per seed
        std::set<std::string> ids;
        for (const IterationGame& g : games) ids.insert(g.id);
        CHECK(ids.size() == games.size());
        CHECK(games[0].id == "k00003-p01-plus_vs_minus_vs_opponent_vs_opponent2");
    }

    TEST_CASE("SameGame: theta+ and theta- on the same board") {
        const std::vector<IterationGame> games = games_of(config("samegame", 1, false));
        REQUIRE(games.size() == 4);
        CHECK(games[0].id == "k00003-b01-plus");
        CHECK(games[1].id == "k00003-b01-minus");
        CHECK(games[0].setup.testcase == games[1].setup.testcase);
        CHECK(!games[0].testcase_name.empty());
    }

    TEST_CASE("the score: W - L of theta+, each game or twin compared") {
        const TuneConfig head = config("diceshogi", 2, false);
        arena::tune::IterationScore s = arena::tune::score_iteration(
            head, {record({"plus", "minus"}, {1, 2}), record({"minus", "plus"}, {1, 2}),
                   record({"plus", "minus"}, {1, 1}), record({"minus", "plus"}, {2, 1})});
        CHECK(s.wins == 2);
        CHECK(s.draws == 1);
        CHECK(s.losses == 1);
        CHECK(s.result == 1);

        // Against the opponent: theta+ won in seat 0 where theta- lost, both lost in seat 1.
        s = arena::tune::score_iteration(
            config("diceshogi", 2, true),
            {record({"plus", "opponent"}, {1, 2}), record({"opponent", "plus"}, {1, 2}),
             record({"minus", "opponent"}, {2, 1}), record({"opponent", "minus"}, {1, 2})});
        CHECK(s.wins == 1);
        CHECK(s.draws == 1);
        CHECK(s.result == 1);

        // SameGame: 2 (s+ - s-) / max(|s+|, |s-|, 1) per board.
        s = arena::tune::score_iteration(
            config("samegame", 1, false),
            {record({"plus"}, {1}, {300}), record({"minus"}, {1}, {200})});
        CHECK(s.wins == 1);
        CHECK(s.result == doctest::Approx(2.0 * 100 / 300));
    }

    TEST_CASE("failures and crashes are counted per side") {
        GameRecord r = record({"plus", "minus"}, {2, 1});
        r.outcomes[0] = arena::match::Outcome::crash;
        const arena::tune::IterationScore s =
            arena::tune::score_iteration(config("diceshogi", 2, false), {r});
        CHECK(s.plus_failures == 1);
        CHECK(s.plus_crashes == 1);
        CHECK(s.minus_failures == 0);
        CHECK(s.losses == 1);
    }

    TEST_CASE("tune.jsonl: lines read back exactly, a cut last line cut off") {
        const TuneConfig c = config("diceshogi", 2, false);
        arena::tune::IterationLine line;
        line.step = arena::tune::make_step(c.params, c.gains, 1, 1, {0.1234567890123});
        line.games = {"a", "b"};
        line.score.wins = 2;
        line.score.result = 2;
        line.theta_after = arena::tune::update(c.params, line.step, 2);
        const fs::path file = fs::temp_directory_path() / "arena_test_tune.jsonl";
        {
            std::ofstream out(file, std::ios::trunc);
            out << arena::tune::header_json().dump() << "\n"
                << arena::tune::to_json(c.params, line).dump() << "\n"
                << R"({"k": 2, "theta": {"x")";
        }
        const std::vector<arena::tune::IterationLine> lines =
            arena::tune::read_journal(file, c.params);
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].theta_after == line.theta_after);  // exactly: a resumed run goes on from it
        CHECK(lines[0].step.c == line.step.c);
        CHECK(lines[0].games == line.games);
        CHECK(fs::file_size(file) == arena::tune::header_json().dump().size() + 1 +
                                         arena::tune::to_json(c.params, line).dump().size() + 1);
        fs::remove(file);
    }
}
