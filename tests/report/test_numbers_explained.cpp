// Issue 16, item 7: the numbers of the standings are explained where they are shown. Built from
// hand-made records (no bots run), checked in the texts a user reads: the terminal table
// (to_text), standings.md (to_markdown) and standings.json (to_json, which the report page shows).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "referees/registry.hpp"

namespace {

using namespace arena;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

match::PlayerSpec bot(const std::string& name) {
    match::PlayerSpec spec;
    spec.name = name;
    spec.command = {"./" + name};
    return spec;
}

// One 2-player game of `group`: `first` in seat 0, ranked 1 when `first_wins`.
tournament::GameRecord versus_game(const std::string& id, const std::string& group,
                                   const std::string& first, const std::string& second,
                                   bool first_wins) {
    tournament::GameRecord r;
    r.id = id;
    r.game = "diceshogi";
    r.group = group;
    r.seed = 1;
    r.players = {first, second};
    r.scores = {first_wins ? 1 : 0, first_wins ? 0 : 1};
    r.ranks = {first_wins ? 1 : 2, first_wins ? 2 : 1};
    r.outcomes = {match::Outcome::ok, match::Outcome::ok};
    r.details = {"", ""};
    r.turns = 10;
    r.mean_turn_ms = {1, 1};
    r.max_turn_ms = {2, 2};
    r.turn_ms = {{1}, {1}};
    return r;
}

// `mine` against `random` in seat-swapped pairs: `pairs` pairs, `mine` winning every game.
std::vector<tournament::GameRecord> mine_wins_every_game(int pairs) {
    std::vector<tournament::GameRecord> records;
    for (int i = 0; i < pairs; ++i) {
        const std::string group = std::string("g").append(std::to_string(i));
        records.push_back(versus_game(group + "a", group, "mine", "random", true));
        records.push_back(versus_game(group + "b", group, "random", "mine", false));
    }
    return records;
}

tournament::TournamentConfig versus_config() {
    tournament::TournamentConfig config;
    config.game = "diceshogi";
    config.players_per_game = 2;
    config.bots = {bot("mine"), bot("random")};
    return config;
}

}  // namespace

TEST_SUITE("numbers_explained") {
    TEST_CASE("an open bound is explained where it is shown, naming whose side is open") {
        // 8-0: a perfect score, so mine's rating is open above and random's below, in the table
        // and in the pair's own Elo (+470 [-72, >+470]).
        const auto standings = report::versus_standings(versus_config(), mine_wins_every_game(4));
        REQUIRE(standings.rows.at(0).elo.open_above);
        REQUIRE(standings.pairs.at(0).elo.elo.open_above);
        CHECK(report::elo_text(standings.pairs.at(0).elo.elo) == "+470 [-72, >+470]");

        const std::string text = report::to_text(standings);
        CHECK(has(text, "< or > (here mine (above), random (below)): an open side"));
        CHECK(has(text, "not a measured bound"));
        CHECK(has(text, "docs/reading-standings.md"));

        const std::string md = report::to_markdown(standings);
        CHECK(has(md,
                  "Open bounds (< or >), here mine (above), random (below): the games set no "
                  "limit on that side."));
        CHECK(has(md, "Open bounds (< or >), here mine vs random (above): a perfect score"));
        CHECK(has(md,
                  "the Elo of half a game less (mine vs random, 8-0-0: +470 is the Elo of "
                  "7.5 points of 8)"));
        CHECK(has(md, "`docs/reading-standings.md`"));

        // A match of the two prints the pair alone, labelled and explained the same way.
        const std::string pair = report::pair_text(standings.pairs.at(0));
        CHECK(has(pair, "mine vs random: 8 games, W-D-L 8-0-0, pentanomial 0 / 0 / 0 / 0 / 4"));
        CHECK(has(pair, "Elo (pair's games) +470 [-72, >+470], LOS (pair's games) 100.0%"));
        CHECK(has(pair,
                  ">: an open side, a perfect (zero) score has no finite Elo: +470 is the "
                  "Elo of 7.5 points of 8"));

        const auto json = report::to_json(standings);
        CHECK(has(json.at("notes").at("open_bounds").get<std::string>(), "mine (above)"));
        CHECK(has(json.at("notes").at("pair_open_bounds").get<std::string>(), "perfect score"));
        CHECK(json.at("notes").at("reading_guide") == "docs/reading-standings.md");
    }

    TEST_CASE("no open bound: no open-bound note") {
        // Pairs won, split and lost: every rating is bounded on both sides, the pair's Elo too.
        std::vector<tournament::GameRecord> records = mine_wins_every_game(2);
        for (const std::string group : {"s1", "s2", "s3"}) {
            records.push_back(versus_game(group + "a", group, "mine", "random", true));
            records.push_back(versus_game(group + "b", group, "random", "mine", true));
        }
        records.push_back(versus_game("la", "l", "mine", "random", false));
        records.push_back(versus_game("lb", "l", "random", "mine", true));
        const auto standings = report::versus_standings(versus_config(), records);
        REQUIRE_FALSE(standings.rows.at(0).elo.open_above);
        REQUIRE_FALSE(standings.pairs.at(0).elo.elo.open_above);
        CHECK_FALSE(has(report::to_text(standings), "open side"));
        CHECK_FALSE(has(report::to_markdown(standings), "Open bounds"));
        CHECK_FALSE(report::to_json(standings).at("notes").contains("open_bounds"));
    }

    TEST_CASE("the two LOS figures are labelled for what they are and their difference said") {
        // 24 of 24: the joint fit's LOS is below 100 % (its spread includes the prior), the
        // pair's own is 100 %; each is labelled where it is printed.
        const auto standings = report::versus_standings(versus_config(), mine_wins_every_game(12));
        REQUIRE(standings.rows.at(0).los_next);
        CHECK(*standings.rows.at(0).los_next < 0.999);
        CHECK(standings.pairs.at(0).elo.los == doctest::Approx(1.0));

        const std::string text = report::to_text(standings);
        CHECK(has(text, "LOS next"));
        CHECK(has(text, "LOS next (joint fit): likelihood of being stronger than the next row"));
        CHECK(has(text, "each pair's LOS from its own games"));

        const std::string md = report::to_markdown(standings);
        CHECK(has(md, "| LOS next (joint fit) |"));
        CHECK(has(md, "| Elo (pair's games) | LOS (pair's games) |"));
        CHECK(has(md, "hence the two can differ"));
        CHECK(has(report::to_json(standings).at("notes").at("los").get<std::string>(),
                  "LOS next (joint fit)"));
    }
}

namespace {

tournament::TournamentConfig samegame_config(const std::vector<int>& boards) {
    tournament::TournamentConfig config;
    config.game = "samegame";
    config.players_per_game = 1;
    config.bots = {bot("greedy")};
    for (int number : boards)
        config.testcases.push_back(
            referee::builtin_testcase(referee::game_info("samegame"), number));
    return config;
}

tournament::GameRecord board_game(const std::string& board, std::int64_t score) {
    tournament::GameRecord r;
    r.id = board;
    r.game = "samegame";
    r.testcase = board;
    r.players = {"greedy"};
    r.scores = {score};
    r.ranks = {1};
    r.outcomes = {match::Outcome::ok};
    r.details = {""};
    r.turns = 5;
    r.mean_turn_ms = {1};
    r.max_turn_ms = {2};
    r.turn_ms = {{1}};
    return r;
}

}  // namespace

TEST_SUITE("numbers_explained") {
    TEST_CASE("a puzzle run on boards 1 and 2: 2 tests, 0 validators, nowhere 'validators 2/2'") {
        const auto config = samegame_config({1, 2});
        const auto standings = report::samegame_standings(
            config, {board_game("test01", 4873), board_game("test02", 7107)});
        CHECK(report::boards_summary(config) == "boards 1-2 (2 tests, 0 validators)");

        const std::string text = report::to_text(standings, config);
        CHECK(has(text, "boards 1-2 (2 tests, 0 validators): no validator in this run"));
        CHECK(has(text, "boards passed"));
        CHECK(has(text, "2/2"));
        CHECK_FALSE(has(text, "validators passed"));
        CHECK_FALSE(has(text, "validator total"));
        // Boards 1-10 have no best known score: no percentage of one.
        CHECK(standings.at(0).best_known_total == 0);
        CHECK(has(text, "11,980        -               2/2"));
        // Without the config the columns still say what they count.
        CHECK_FALSE(has(report::to_text(standings), "validator"));

        const std::string md = report::to_markdown(standings, config);
        CHECK(has(md,
                  "Boards 1-2 (2 tests, 0 validators): no validator in this run, so no "
                  "submit score"));
        CHECK(has(md, "CodinGame's submit score is the total over its validators (boards 11-50)"));
        CHECK_FALSE(has(md, "validators 11-50"));
        CHECK(has(md, "| 1 | greedy | 0 | - | 0/0 | 11,980 |"));

        const auto json = report::to_json(standings, config);
        CHECK(json.at("boards_summary") == "boards 1-2 (2 tests, 0 validators)");
        CHECK(has(json.at("ranking").get<std::string>(), "no validator in this run"));
        CHECK(json.at("standings").at(0).at("best_known_total") == 0);
    }

    TEST_CASE("a puzzle run with validators says so and ranks by them") {
        const auto config = samegame_config({1, 2, 11, 12, 13});
        CHECK(report::boards_summary(config) == "boards 1-2, 11-13 (2 tests, 3 validators)");
        const auto standings = report::samegame_standings(
            config, {board_game("test01", 1000), board_game("test11", 3000)});
        const std::string text = report::to_text(standings, config);
        CHECK(has(text, "ranked as CodinGame ranks a submit"));
        CHECK(has(text, "validators passed"));
        CHECK(has(text, "1/1"));
        const std::string md = report::to_markdown(standings, config);
        CHECK(has(md, "Boards 1-2, 11-13 (2 tests, 3 validators): ranked as CodinGame ranks"));
        CHECK(has(md, "Validator total: the sum over the validators played."));
    }

    TEST_CASE("board files are neither tests nor validators") {
        auto config = samegame_config({3});
        const auto& game = referee::game_info("samegame");
        const std::string text = referee::builtin_testcase(game, 4).text;
        config.testcases.push_back(
            referee::testcase_from_text(game, text, "mine", "boards/mine.txt"));
        CHECK(report::boards_summary(config) ==
              "boards 3, mine (1 test, 1 board file, 0 validators)");
        for (int i = 0; i < 3; ++i)
            config.testcases.push_back(referee::testcase_from_text(
                game, text, std::string("f").append(std::to_string(i)), "f.txt"));
        CHECK(report::boards_summary(config) ==
              "boards 3 and 4 board files (1 test, 4 board files, 0 validators)");
    }
}
