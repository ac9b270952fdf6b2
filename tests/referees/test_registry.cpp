// The registry's entries against the games' specs and the arena's behaviour: players, kind,
// seeds, test-case catalogues, how texts name a test case, the viewer drawing, the standings,
// and each game's turn drawing for `arena replay --turn` (the same text as before it moved out
// of arena/replay).
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include "referees/registry.hpp"

using namespace arena::referee;

namespace {

std::string error_of(auto&& call) {
    try {
        call();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("every game has an entry, in a fixed order; an unknown game is named with the known") {
    REQUIRE(games().size() == 3);
    CHECK(known_games() == std::vector<std::string>{"samegame", "diceshogi", "tsuro"});
    CHECK(find_game("chess") == nullptr);
    CHECK(find_game("tsuro") == &game_info("tsuro"));
    CHECK(error_of([] { game_info("chess"); }) ==
          "unknown game 'chess': known games are samegame, diceshogi, tsuro");
    GameSetup setup;
    setup.game = "chess";
    CHECK(error_of([&] { make_referee(setup); }) ==
          "unknown game 'chess': known games are samegame, diceshogi, tsuro");
    for (const GameInfo& game : games()) {
        CHECK(static_cast<bool>(game.make));
        CHECK(static_cast<bool>(game.draw_turn));
        CHECK(game.min_players <= game.max_players);
        // Every viewer drawing named by an entry is a file of viewer/ (arena/view compiles it in).
        CHECK(
            std::filesystem::exists(std::filesystem::path(ARENA_VIEWER_DIR) / game.viewer_script));
    }
}

TEST_CASE("a game is found by its name or its title in any case (issue 16)") {
    CHECK(find_game("SameGame") == &game_info("samegame"));
    CHECK(find_game("SAMEGAME") == &game_info("samegame"));
    CHECK(find_game("DiceShogi") == &game_info("diceshogi"));
    CHECK(find_game("Dice Shogi") == &game_info("diceshogi"));
    CHECK(find_game("TSURO") == &game_info("tsuro"));
    CHECK(game_info("Tsuro").name == "tsuro");  // the canonical name is what callers keep
    CHECK(find_game("same game") == nullptr);
    CHECK(find_game("tsuro ") == nullptr);
    CHECK(find_game("") == nullptr);
    CHECK(error_of([] { game_info("Tsur0"); }) ==
          "unknown game 'Tsur0': known games are samegame, diceshogi, tsuro");
    GameSetup setup;
    setup.game = "SameGame";
    setup.players = 1;
    CHECK(make_referee(setup) != nullptr);
}

TEST_CASE("SameGame: a 1-player puzzle on CodinGame's 50 boards, no seed") {
    const GameInfo& game = game_info("samegame");
    CHECK(game.title == "SameGame");
    CHECK(game.min_players == 1);
    CHECK(game.max_players == 1);
    CHECK(game.kind == GameKind::puzzle);
    CHECK_FALSE(game.seeded);
    CHECK(game.standings == StandingsKind::validator_totals);
    CHECK(game.viewer_script == "games/samegame.js");
    CHECK(game.testcases.form == TestcaseForm::catalogue);
    CHECK(game.testcases.option == "--testcase");
    CHECK(game.testcases.noun == "board");

    REQUIRE(builtin_testcase_count(game) == 50);
    CHECK(testcase_set(game, "all").size() == 50);
    const auto tests = testcase_set(game, "tests");
    const auto validators = testcase_set(game, "validators");
    REQUIRE(tests.size() == 10);
    REQUIRE(validators.size() == 40);
    CHECK(tests.front().name == "test01");
    CHECK(tests.back().name == "test10");
    CHECK(validators.front().name == "test11");
    CHECK(validators.front().validator);
    CHECK(validators.back().board_number == 50);
    CHECK(error_of([&] { testcase_set(game, "some"); }) ==
          "unknown board set 'some': use \"all\", \"tests\", \"validators\", or a list of board "
          "numbers and board files");

    const Testcase standard = default_testcase(game);
    CHECK(game.testcases.default_number == 6);
    CHECK(standard.name == "test06");
    CHECK(standard.title == "Standard Testset 1");
    CHECK(standard.board_number == 6);
    CHECK_FALSE(standard.validator);
    CHECK(standard.best_known > 0);
    CHECK(builtin_testcase(game, 6).text == standard.text);
    CHECK(error_of([&] { builtin_testcase(game, 51); }) ==
          "there is no built-in SameGame board 51: CodinGame's boards are numbered 1 to 50");
    CHECK(error_of([&] { builtin_testcase(game, 0); }) ==
          "there is no built-in SameGame board 0: CodinGame's boards are numbered 1 to 50");

    // A board's text is checked as the referee reads it.
    CHECK_NOTHROW(game.testcases.check_text(standard.text));
    CHECK(error_of([&] {
              game.testcases.check_text("1 2 3\n");
          }).find("invalid SameGame test case") != std::string::npos);
    const Testcase file = testcase_from_text(game, standard.text, "mine", "boards/mine.txt");
    CHECK(file.name == "mine");
    CHECK(file.title == "boards/mine.txt");
    CHECK(file.board_number == 0);
    CHECK_THROWS_AS(testcase_from_text(game, "1 2 3\n", "bad", "bad.txt"), std::invalid_argument);

    // How `arena play` names it.
    CHECK(testcase_log_name(game, standard) == "test06 (Standard Testset 1)");
    CHECK(testcase_label(game, "test06 (Standard Testset 1)") ==
          "board test06 (Standard Testset 1)");
    CHECK(testcase_log_name(game, file) == "boards/mine.txt");
    CHECK(testcase_label(game, "boards/mine.txt") == "board boards/mine.txt");
}

TEST_CASE("Dice Shogi: 2 players ranked on a seed, a start position in SFEN") {
    const GameInfo& game = game_info("diceshogi");
    CHECK(game.title == "Dice Shogi");
    CHECK(game.min_players == 2);
    CHECK(game.max_players == 2);
    CHECK(game.kind == GameKind::versus);
    CHECK(game.seeded);
    CHECK(game.standings == StandingsKind::elo_ratings);
    CHECK(game.viewer_script == "games/diceshogi.js");
    CHECK(game.testcases.form == TestcaseForm::text);
    CHECK(game.testcases.option == "--sfen");
    CHECK(game.testcases.noun == "sfen");
    CHECK_FALSE(static_cast<bool>(game.testcases.builtins));
    CHECK(builtin_testcase_count(game) == 0);
    CHECK_THROWS_AS(testcase_set(game, "all"), std::invalid_argument);

    CHECK_NOTHROW(game.testcases.check_text(""));  // the standard start
    CHECK_NOTHROW(game.testcases.check_text("rbsgk/4p/5/P4/KGSBR b - 1"));
    CHECK_THROWS_AS(game.testcases.check_text("not an sfen"), std::invalid_argument);
    CHECK(default_testcase(game).text.empty());

    Testcase start;
    start.text = "rbsgk/4p/5/P4/KGSBR b - 1";
    CHECK(testcase_log_name(game, start) == "sfen rbsgk/4p/5/P4/KGSBR b - 1");
    CHECK(testcase_label(game, "sfen rbsgk/4p/5/P4/KGSBR b - 1") ==
          "sfen rbsgk/4p/5/P4/KGSBR b - 1");
    CHECK(testcase_log_name(game, Testcase{}).empty());
}

TEST_CASE("Tsuro: 2 to 4 players ranked on a seed, no test case") {
    const GameInfo& game = game_info("tsuro");
    CHECK(game.title == "Tsuro");
    CHECK(game.min_players == 2);
    CHECK(game.max_players == 4);
    CHECK(game.kind == GameKind::versus);
    CHECK(game.seeded);
    CHECK(game.standings == StandingsKind::elo_ratings);
    CHECK(game.viewer_script == "games/tsuro.js");
    CHECK(game.testcases.form == TestcaseForm::none);
    CHECK(game.testcases.option.empty());
    CHECK_FALSE(static_cast<bool>(game.testcases.check_text));
    CHECK(builtin_testcase_count(game) == 0);
    CHECK(testcase_log_name(game, Testcase{}).empty());
    CHECK(testcase_label(game, "").empty());
}

TEST_CASE("make_referee builds each game through its entry, with the same checks") {
    GameSetup setup;
    setup.game = "samegame";
    setup.players = 2;
    CHECK(error_of([&] { make_referee(setup); }) == "samegame is a 1-player game, got 2 players");
    setup.players = 1;
    CHECK(make_referee(setup)->input() == default_testcase(game_info("samegame")).text);
    setup.game = "diceshogi";
    setup.players = 2;
    CHECK(error_of([&] { make_referee(setup); }).find("diceshogi needs a seed") == 0);
    setup.seed = 1;
    CHECK(make_referee(setup)->game() == "diceshogi");
    setup.game = "tsuro";
    setup.players = 5;
    CHECK(error_of([&] { make_referee(setup); }) == "tsuro is a 2 to 4 player game, got 5 players");
    setup.players = 4;
    CHECK(make_referee(setup)->player_count() == 4);
}

TEST_CASE("SameGame's turn drawing: the board with coordinates, the chosen cell in brackets") {
    std::string input;
    for (int row = 0; row < 14; ++row) input += "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n";
    input += "0 1 2 3 4 0 1 2 3 4 0 1 2 3 4\n";
    const std::string text = game_info("samegame").draw_turn(input, "2 0", "");
    std::string expected;
    for (int y = 14; y >= 1; --y) {
        char label[8];
        std::snprintf(label, sizeof label, "%2d ", y);
        expected += label;
        for (int x = 0; x < 15; ++x) expected += " . ";
        expected += "\n";
    }
    expected += " 0  0  1 [2] 3  4  0  1  2  3  4  0  1  2  3  4 \n";
    expected += "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14   (x across, y up)\n";
    CHECK(text == expected);
    // A timeout marks no cell; a state is shown under the board.
    const std::string timeout = game_info("samegame").draw_turn(input, std::nullopt, "s");
    CHECK(timeout.find('[') == std::string::npos);
    CHECK(timeout.substr(timeout.size() - 10) == "\nstate: s\n");
}

TEST_CASE("Dice Shogi's turn drawing: board by files and ranks, hands, die; then the state") {
    const std::string input =
        "1\n5\nrbsgk\n....p\n.....\nP.S..\nKG.BR\n-\n-\n2\n3534\n4\n1122\n4123\n3122\n2122\n";
    CHECK(game_info("diceshogi").draw_turn(input, "4123", "rbsgk/4p/5/P1S2/KG1BR w - 2") ==
          "     5  4  3  2  1   (files; ranks 1-5 down the left)\n"
          "  1   r  b  s  g  k\n"
          "  2   .  .  .  .  p\n"
          "  3   .  .  .  .  .\n"
          "  4   P  .  S  .  .\n"
          "  5   K  G  .  B  R\n"
          "  hand of player 0 (upper case): -\n"
          "  hand of player 1 (lower case): -\n"
          "  die: 2   last action: 3534   4 action(s) offered\n"
          "\n"
          "state: rbsgk/4p/5/P1S2/KG1BR w - 2\n");
    // An input of another shape is shown as it is.
    CHECK(game_info("diceshogi").draw_turn("1\n2\n", std::nullopt, "") == "1\n2\n");
}

TEST_CASE("Tsuro's turn drawing: the board from the referee's state, then the players") {
    const std::string state =
        "turn 8 deck 25 board .,.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,./30r0,.,.,21r3,.,./"
        ".,.,.,12r0,33r0,. | $0 in 3,3,4 start 27 hand 0,1,19 score 0 | $1 in 1,4,7 start 39 "
        "hand 23,24,4 score 0 | $2 out 3,6,1 start 29 hand - score 5";
    CHECK(game_info("tsuro").draw_turn("3\n", "PLACE 4 0", state) ==
          "        0      1      2      3      4      5   (col; tile id r rotation)\n"
          " 0       .      .      .      .      .      .\n"
          " 1       .      .      .      .      .      .\n"
          " 2       .      .      .      .      .      .\n"
          " 3       .      .      .      .      .      .\n"
          " 4    30r0      .      .   21r3      .      .\n"
          " 5       .      .      .   12r0   33r0      .\n"
          "  turn 8 deck 25\n"
          "  player 0 in 3,3,4 start 27 hand 0,1,19 score 0\n"
          "  player 1 in 1,4,7 start 39 hand 23,24,4 score 0\n"
          "  player 2 out 3,6,1 start 29 hand - score 5\n");
    // The input never shows the board: without the state there is nothing to draw.
    CHECK(game_info("tsuro").draw_turn("3\n", std::nullopt, "").empty());
}
