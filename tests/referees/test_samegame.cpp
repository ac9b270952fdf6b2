// The SameGame referee against the spec (shared/specs/samegame.md, copied facts cited by section)
// and against 150 move traces made by the original Java GameState (tests/data/samegame/golden,
// format in the README next to the shared copy; summarised in replay_golden_trace below).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"

using namespace arena::referee;

namespace {

const std::string kGoldenDir = ARENA_TEST_DATA_DIR "/samegame/golden";
const std::string kJsonDir = ARENA_TEST_DATA_DIR "/samegame/json";

// Error texts of spec §1.3, written out again here rather than taken from the referee.
const std::string kFormatError =
    "[ERROR] Action not properly formatted. Should be: 'x y [message];'";
const std::string kEmptyActionError = "[ERROR] Empty action provided.";
const std::string kEmptyTileError = "[ERROR] Selected empty tile.";
const std::string kSingletonError = "[ERROR] Selected region should have size greater than 1.";
const std::string kTimeoutError = "[ERROR] Timeout!";
const std::string kOnlyNewlinesMessageError =
    "[ERROR] Invalid message: made only of \\n sequences (the CodinGame referee crashes on it).";

std::string read_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    REQUIRE_MESSAGE(file.good(), "cannot read " << path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string two_digits(int number) {
    std::string digits = std::to_string(number);
    if (digits.size() < 2) digits.insert(digits.begin(), '0');
    return digits;
}

// The project's copy of testNN.txt (what the bot reads on turn 1).
std::string board_file(int number) {
    return read_file(SAMEGAME_BOARDS_DIR "/test" + two_digits(number) + ".txt");
}

SameGameReferee referee_for_board(int number) {
    return SameGameReferee(parse_samegame_testcase(board_file(number)));
}

std::string performed(int x, int y, int colour, int size) {
    return "Performed action x=" + std::to_string(x) + ", y=" + std::to_string(y) + " (color " +
           std::to_string(colour) + ", region size " + std::to_string(size) + ").";
}

// Replays one golden trace move by move through the public interface.
// first/greedy lines: "x y n color score_after"; random lines: "MOVE x y n color score_after"
// followed by the 15-line board after the move. Last line:
// "END moves=M score=S tiles_left=T cleared=true|false".
void replay_golden_trace(int board_number, const std::string& policy) {
    const std::string name = "test" + two_digits(board_number) + "_" + policy + ".txt";
    INFO("golden trace " << name);
    std::istringstream trace(read_file(kGoldenDir + "/" + name));
    SameGameReferee referee = referee_for_board(board_number);
    CHECK(referee.input() == board_file(board_number));
    CHECK(referee.time_limit_ms() == 20000);

    int moves = 0;
    std::string line;
    while (std::getline(trace, line) && line.rfind("END ", 0) != 0) {
        std::istringstream fields(line);
        if (policy == "random") {
            std::string tag;
            fields >> tag;
            REQUIRE(tag == "MOVE");
        }
        int x = 0, y = 0, size = 0, colour = 0;
        std::int64_t score = 0;
        fields >> x >> y >> size >> colour >> score;
        REQUIRE_FALSE(fields.fail());
        INFO("move " << moves + 1 << ": " << line);

        REQUIRE_FALSE(referee.over());
        CHECK(referee.current_player() == 0);
        CHECK(referee.time_limit_ms() == (moves == 0 ? 20000 : 50));
        const Verdict verdict = referee.play(std::to_string(x) + " " + std::to_string(y));
        ++moves;
        CHECK(verdict.accepted);
        CHECK(verdict.error.empty());
        CHECK(verdict.summary == performed(x, y, colour, size));
        CHECK(referee.score() == score);
        CHECK(referee.result().scores == std::vector<std::int64_t>{score});

        if (policy == "random") {
            std::string board_after;
            for (int row = 0; row < kSameGameRows; ++row) {
                std::string board_line;
                REQUIRE(std::getline(trace, board_line));
                board_after += board_line + "\n";
            }
            CHECK(referee.input() == board_after);
        }
    }
    REQUIRE(line.rfind("END ", 0) == 0);
    int end_moves = 0, tiles_left = 0;
    std::int64_t end_score = 0;
    char cleared_text[8] = {};
    REQUIRE(std::sscanf(line.c_str(), "END moves=%d score=%ld tiles_left=%d cleared=%7s",
                        &end_moves, &end_score, &tiles_left, cleared_text) == 4);

    CHECK(referee.over());  // over exactly after the last move: no more input is sent
    CHECK(moves == end_moves);
    CHECK(referee.moves_played() == end_moves);
    CHECK(referee.score() == end_score);
    CHECK(referee.tiles_left() == tiles_left);
    CHECK(referee.cleared() == (std::string(cleared_text) == "true"));
    const Result result = referee.result();
    CHECK(result.scores == std::vector<std::int64_t>{end_score});
    CHECK(result.ranks == std::vector<int>{1});
    CHECK(result.reason == "Endgame. Obtained a score of " + std::to_string(end_score) + ".");
}

// Plays one answer on a fresh referee and returns its verdict.
Verdict first_answer(int board_number, const std::string& line) {
    SameGameReferee referee = referee_for_board(board_number);
    return referee.play(line);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Golden traces from the Java engine.

TEST_CASE("all 150 golden traces replay move by move") {
    int files = 0;
    for (int board = 1; board <= 50; ++board) {
        for (const char* policy : {"first", "greedy", "random"}) {
            CAPTURE(board);
            CAPTURE(policy);
            replay_golden_trace(board, policy);
            ++files;
        }
    }
    CHECK(files == 150);
    CHECK(std::distance(std::filesystem::directory_iterator(kGoldenDir),
                        std::filesystem::directory_iterator{}) == 150);
}

TEST_CASE("the quick checks of the golden README") {
    // test01_first ends with 4873, test05_first with 25537, test06_first with 127 in 57 moves,
    // test06_greedy with 119 in 56 moves (shared/data/samegame/README.md).
    const auto play_trace_moves = [](int board, const std::string& policy) {
        std::istringstream trace(
            read_file(kGoldenDir + "/test" + two_digits(board) + "_" + policy + ".txt"));
        SameGameReferee referee = referee_for_board(board);
        for (std::string line; std::getline(trace, line) && line.rfind("END", 0) != 0;) {
            std::istringstream fields(line);
            int x = 0, y = 0;
            fields >> x >> y;
            REQUIRE(referee.play(std::to_string(x) + " " + std::to_string(y)).accepted);
        }
        return referee;
    };
    CHECK(play_trace_moves(1, "first").score() == 4873);
    CHECK(play_trace_moves(5, "first").score() == 25537);
    const SameGameReferee first6 = play_trace_moves(6, "first");
    CHECK(first6.score() == 127);
    CHECK(first6.moves_played() == 57);
    const SameGameReferee greedy6 = play_trace_moves(6, "greedy");
    CHECK(greedy6.score() == 119);
    CHECK(greedy6.moves_played() == 56);
}

// ---------------------------------------------------------------------------------------------
// What the bot may answer (spec §1.2, §1.3). Test 1 ("Horizontal lines") has rows y=6 and y=7 of
// colour 2, so any cell of them selects a region of 30 cells; the bottom row is colour 1 and the
// row above it colour 0, 15 cells each. In test 6, cell (3, 6) is a single tile of colour 2.

TEST_CASE("accepted spellings of a move, as Java's trim, split(\\s+) and parseInt read them") {
    const std::string summary_3_6 = performed(3, 6, 2, 30);
    const std::map<std::string, std::string> accepted = {
        {"3 6", summary_3_6},
        {"+3 6", summary_3_6},
        {"03 6", summary_3_6},
        {"3 +6", summary_3_6},
        {"3 06", summary_3_6},
        {"-0 6", performed(0, 6, 2, 30)},
        {"3\t6", summary_3_6},
        {"3   6", summary_3_6},
        {"\t 3 6 \t", summary_3_6},
        {"3 6\r", summary_3_6},
        {"3\v6", summary_3_6},                           // vertical tab is \s
        {"\uFF13 \uFF16", summary_3_6},                  // fullwidth digits ３ ６
        {"\u0663 \u0666", summary_3_6},                  // Arabic-Indic digits ٣ ٦
        {"3 6 hello world", summary_3_6},                // message with spaces
        {"3 6   a message\twith\ttabs  ", summary_3_6},  // message, trimmed end
        {"3 6 \\nsecond line", summary_3_6},             // message starting with \n
        {"3 6 first\\n\\n", summary_3_6},                // not only \n sequences
        {"3 6 \\\\n", summary_3_6},                      // backslash, then \n
        {"3 6 ;", summary_3_6},                          // ';' as a message
    };
    for (const auto& answer : accepted) {
        // Not a structured binding: clang 14 cannot capture one in INFO's lambda.
        const auto& line = answer.first;
        const auto& summary = answer.second;
        INFO("answer '" << line << "'");
        SameGameReferee referee = referee_for_board(1);
        const Verdict verdict = referee.play(line);
        CHECK(verdict.accepted);
        CHECK(verdict.error.empty());
        CHECK(verdict.summary == summary);
        CHECK(referee.score() == 28 * 28);
        CHECK_FALSE(referee.over());
    }
}

TEST_CASE("rejected answers end the game with CodinGame's exact error text") {
    struct Case {
        std::string line;
        std::string error;
        std::string summary;  // the "Performed action" line, when Java logs one
    };
    const std::vector<Case> rejected = {
        // Empty after Java's trim (every character <= U+0020 is trimmed).
        {"", kEmptyActionError, ""},
        {"   ", kEmptyActionError, ""},
        {"\t\t", kEmptyActionError, ""},
        {"\x01 \x1F", kEmptyActionError, ""},
        // Not two Java integers.
        {"3.0 6", kFormatError, ""},
        {"3 6.0", kFormatError, ""},
        {"1e1 6", kFormatError, ""},
        {"2147483648 6", kFormatError, ""},
        {"3 -2147483649", kFormatError, ""},
        {"3 6;", kFormatError, ""},  // the ';' of the format text must not be glued to y
        {"3,6", kFormatError, ""},
        {"3, 6", kFormatError, ""},
        {"3", kFormatError, ""},
        {"x 6", kFormatError, ""},
        {"++3 6", kFormatError, ""},
        {"3\u00A06", kFormatError, ""},      // NBSP is not a separator for \s
        {"\u00A03 6", kFormatError, ""},     // nor trimmed
        {"\uFF0B3 6", kFormatError, ""},     // fullwidth plus is not a sign
        {"\U0001D7D1 6", kFormatError, ""},  // 𝟑 is outside the BMP: two surrogates for Java
        {"3 6\\n", kFormatError, ""},        // "6\n" (backslash, n) is not a number
        // Out of bounds: parsed, but not 0 <= x, y < 15.
        {"-1 6", "[ERROR] Selected target out of bounds: x=-1, y=6", ""},
        {"3 -1", "[ERROR] Selected target out of bounds: x=3, y=-1", ""},
        {"15 0", "[ERROR] Selected target out of bounds: x=15, y=0", ""},
        {"0 15", "[ERROR] Selected target out of bounds: x=0, y=15", ""},
        {"-2147483648 2147483647",
         "[ERROR] Selected target out of bounds: x=-2147483648, y=2147483647", ""},
        {"-1 6 \\n", "[ERROR] Selected target out of bounds: x=-1, y=6", ""},  // bounds first
        // A message of only literal "\n" sequences crashes the Java referee.
        {"3 6 \\n", kOnlyNewlinesMessageError, ""},
        {"3 6 \\n\\n\\n", kOnlyNewlinesMessageError, ""},
        {"3\t6\t\\n\\n", kOnlyNewlinesMessageError, ""},
    };
    for (const Case& c : rejected) {
        INFO("answer '" << c.line << "'");
        SameGameReferee referee = referee_for_board(1);
        const Verdict verdict = referee.play(c.line);
        CHECK_FALSE(verdict.accepted);
        CHECK(verdict.error == c.error);
        CHECK(verdict.summary == c.summary);
        CHECK(referee.over());
        const Result result = referee.result();
        CHECK(result.scores == std::vector<std::int64_t>{0});
        CHECK(result.ranks == std::vector<int>{1});
        CHECK(result.reason == c.error);
    }
}

TEST_CASE("a single tile is rejected after the summary line") {
    const Verdict verdict = first_answer(6, "3 6");
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.summary == performed(3, 6, 2, 1));
    CHECK(verdict.error == kSingletonError);
    // The message check comes before the tile checks.
    CHECK(first_answer(6, "3 6 \\n").error == kOnlyNewlinesMessageError);
    CHECK(first_answer(6, "3 6 \\n").summary.empty());
    CHECK(first_answer(6, "3 6 just a message").error == kSingletonError);
}

TEST_CASE("an empty tile is rejected with colour -1 and size 0; the score so far is kept") {
    SameGameReferee referee = referee_for_board(1);
    // The bottom row (colour 1, 15 cells) goes: 13^2 = 169, and the top row becomes empty.
    Verdict verdict = referee.play("0 0");
    REQUIRE(verdict.accepted);
    CHECK(verdict.summary == performed(0, 0, 1, 15));
    CHECK(referee.score() == 169);
    CHECK(referee.input().substr(0, 45) == "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");

    verdict = referee.play("0 14");
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.summary == performed(0, 14, -1, 0));
    CHECK(verdict.error == kEmptyTileError);
    CHECK(referee.over());
    CHECK(referee.score() == 169);
    const Result result = referee.result();
    CHECK(result.scores == std::vector<std::int64_t>{169});  // the score before the bad move
    CHECK(result.reason == kEmptyTileError);
    CHECK(referee.tiles_left() == 210);  // the rejected move was not applied
}

TEST_CASE("an error after some moves keeps the score made so far") {
    SameGameReferee referee = referee_for_board(1);
    REQUIRE(referee.play("3 6").accepted);  // 30 cells: 28^2 = 784
    const Verdict verdict = referee.play("3 6;");
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.error == kFormatError);
    CHECK(referee.result().scores == std::vector<std::int64_t>{784});
    CHECK(referee.result().reason == kFormatError);
}

TEST_CASE("timeouts") {
    SUBCASE("on the first turn") {
        SameGameReferee referee = referee_for_board(6);
        const Verdict verdict = referee.timeout();
        CHECK_FALSE(verdict.accepted);
        CHECK(verdict.summary.empty());
        CHECK(verdict.error == kTimeoutError);
        CHECK(referee.over());
        CHECK(referee.result().scores == std::vector<std::int64_t>{0});
        CHECK(referee.result().reason == kTimeoutError);
    }
    SUBCASE("after a move: the score so far stays") {
        SameGameReferee referee = referee_for_board(1);
        REQUIRE(referee.play("0 0").accepted);
        CHECK(referee.timeout().error == kTimeoutError);
        CHECK(referee.over());
        CHECK(referee.result().scores == std::vector<std::int64_t>{169});
    }
}

TEST_CASE("time limits: 20000 ms for the first answer, 50 ms for every later one (§2)") {
    SameGameReferee referee = referee_for_board(1);
    CHECK(referee.time_limit_ms() == 20000);
    CHECK(referee.time_limit_ms() == 20000);  // asking does not use the first turn up
    REQUIRE(referee.play("0 0").accepted);
    CHECK(referee.time_limit_ms() == 50);
    REQUIRE(referee.play("0 0").accepted);
    CHECK(referee.time_limit_ms() == 50);
}

TEST_CASE("the game is over after an error: no more play or timeout") {
    SameGameReferee referee = referee_for_board(1);
    REQUIRE_FALSE(referee.play("").accepted);
    CHECK_THROWS_AS(referee.play("0 0"), std::logic_error);
    CHECK_THROWS_AS(referee.timeout(), std::logic_error);
}

TEST_CASE("fixed facts of the referee") {
    SameGameReferee referee = referee_for_board(6);
    CHECK(referee.game() == "samegame");
    CHECK(referee.player_count() == 1);
    CHECK(referee.current_player() == 0);
    CHECK_FALSE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0});
    CHECK(referee.result().ranks == std::vector<int>{1});
    CHECK(referee.result().reason.empty());  // not over yet
    CHECK(SameGameReferee::kMaxMoves == 114);
}

TEST_CASE("the input is the board: 15 lines, top row first, single spaces, -1 for empty") {
    SameGameReferee referee = referee_for_board(6);
    const std::string input = referee.input();
    CHECK(input == board_file(6));  // the file is exactly what the bot reads on turn 1
    CHECK(std::count(input.begin(), input.end(), '\n') == 15);
    CHECK(input.back() == '\n');
    CHECK(input.find(" \n") == std::string::npos);
    CHECK(input.find("  ") == std::string::npos);
    // The last line is the bottom row: (0, 0) is its first value, (14, 0) its last.
    CHECK(input.substr(input.size() - 30) == "1 0 1 0 1 1 2 2 1 0 0 1 4 3 2\n");
    CHECK(referee.board().at(0, 0) == 1);
    CHECK(referee.board().at(14, 0) == 2);
    CHECK(referee.board().at(0, 14) == 3);  // first value of the first line
}

TEST_CASE("clearing the board adds 1000 and ends the game") {
    // Test 1 "Horizontal lines" cleared by the first-region policy (golden trace): the last
    // move takes the final 15 cells.
    SameGameReferee referee = referee_for_board(1);
    std::istringstream trace(read_file(kGoldenDir + "/test01_first.txt"));
    std::vector<std::string> moves;
    for (std::string line; std::getline(trace, line) && line.rfind("END", 0) != 0;) {
        std::istringstream fields(line);
        int x = 0, y = 0;
        fields >> x >> y;
        moves.push_back(std::to_string(x) + " " + std::to_string(y));
    }
    for (std::size_t i = 0; i + 1 < moves.size(); ++i) REQUIRE(referee.play(moves[i]).accepted);
    const std::int64_t before = referee.score();
    const int tiles = referee.tiles_left();
    CHECK_FALSE(referee.over());
    REQUIRE(referee.play(moves.back()).accepted);
    CHECK(referee.score() == before + (tiles - 2) * (tiles - 2) + 1000);
    CHECK(referee.cleared());
    CHECK(referee.over());
    CHECK(referee.result().reason == "Endgame. Obtained a score of 4873.");
}

// ---------------------------------------------------------------------------------------------
// Test cases: board text or CodinGame JSON.

TEST_CASE("parse_samegame_testcase reads CodinGame test JSON the way GameState does") {
    // test1.json has trailing spaces on some rows: trimmed away.
    CHECK(parse_samegame_testcase(read_file(kJsonDir + "/test1.json")) ==
          parse_samegame_testcase(board_file(1)));
    CHECK(parse_samegame_testcase(read_file(kJsonDir + "/test31.json")) ==
          parse_samegame_testcase(board_file(31)));
}

TEST_CASE("parse_samegame_testcase accepts the board text with small variations") {
    const std::string text = board_file(6);
    const SameGameGrid expected = parse_samegame_testcase(text);
    std::string crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    CHECK(parse_samegame_testcase(crlf) == expected);
    CHECK(parse_samegame_testcase(text.substr(0, text.size() - 1)) == expected);  // no last \n
    CHECK(parse_samegame_testcase(text + "\n\n  \n") == expected);  // blank lines after
    std::string padded;                                             // spaces around each row
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) padded += "  " + line + " \t\n";
    CHECK(parse_samegame_testcase(padded) == expected);
    // Empty cells (-1) are allowed, as the Java referee allows them.
    std::string with_empty = text;
    with_empty.replace(0, 1, "-1");
    CHECK(parse_samegame_testcase(with_empty).at(0, 14) == -1);
}

TEST_CASE("parse_samegame_testcase explains what is wrong") {
    const std::string text = board_file(6);
    const auto error_of = [](const std::string& bad) -> std::string {
        try {
            parse_samegame_testcase(bad);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "(no error)";
    };
    const auto replace_line = [&](int line_index, const std::string& line) {
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        lines[line_index] = line;
        std::string out;
        for (const std::string& l : lines) out += l + "\n";
        return out;
    };
    const auto contains = [](const std::string& haystack, const std::string& needle) {
        INFO("error: " << haystack);
        CHECK(haystack.find(needle) != std::string::npos);
        CHECK(haystack.find("expected 15 lines") != std::string::npos);  // the expected format
    };
    contains(error_of(""), "it is empty");
    contains(error_of(" \n\t\n"), "it is empty");
    contains(error_of(text.substr(0, text.find('\n') + 1)), "it has only 1 line(s)");
    contains(error_of(text + "1 2 3\n"), "line 16 is one line too many");
    contains(error_of(replace_line(2, "1 2 3")), "line 3 (row y=12) has 3 values instead of 15");
    contains(error_of(replace_line(2, "")), "line 3 (row y=12) is blank");
    contains(error_of(replace_line(0, "3 1 1 4 1 0 4 0 4 4 1 1 0 2 3 4")), "has 16 values");
    contains(error_of(replace_line(0, "3 1 1 4 1 0 4 0 4 4 1 1 0 2  3")), "has 16 values");
    contains(error_of(replace_line(4, "1 2 1 3 1 2 0 1 2 1 0 3 4 0 x")),
             "line 5 (row y=10), value 15 'x' is not an integer");
    contains(error_of(replace_line(14, "1 0 1 0 1 1 2 2 1 0 0 1 4 3 5")),
             "line 15 (row y=0), value 15 '5' is not a colour");
    contains(error_of(replace_line(14, "-2 0 1 0 1 1 2 2 1 0 0 1 4 3 2")),
             "value 1 '-2' is not a colour");
    contains(error_of("{\"title\": \"x\"}"), "no string field \"testIn\"");
    contains(error_of("{\"testIn\": 3}"), "no string field \"testIn\"");
    contains(error_of("{\"testIn\": "), "not valid JSON");
}

// ---------------------------------------------------------------------------------------------
// The embedded boards and the registry.

TEST_CASE("the embedded boards are the project's board files, byte for byte") {
    const std::vector<SameGameBoard>& boards = samegame_boards();
    REQUIRE(boards.size() == 50);
    for (int number = 1; number <= 50; ++number) {
        INFO("board " << number);
        const SameGameBoard& board = boards[number - 1];
        CHECK(board.number == number);
        CHECK(find_samegame_board(number) == &board);
        CHECK(board.text == board_file(number));
        // And the referee sends back exactly that text on turn 1.
        CHECK(SameGameReferee(parse_samegame_testcase(board.text)).input() == board.text);
    }
    CHECK(find_samegame_board(0) == nullptr);
    CHECK(find_samegame_board(51) == nullptr);
}

TEST_CASE("the board index: titles, tests and validators, classic boards, best known scores") {
    // shared/data/samegame/README.md: tests 1-10 (6-10 = classic 1, 5, 10, 15, 20), validators
    // 11-30 = classic 1-20, 31-50 = the same recoloured.
    CHECK(find_samegame_board(1)->title == "Horizontal lines");
    CHECK(find_samegame_board(2)->title == "Vertical lines");
    CHECK(find_samegame_board(3)->title == "Large tiles");
    CHECK(find_samegame_board(4)->title == "Few choices");
    CHECK(find_samegame_board(5)->title == "CodinGame");
    CHECK(find_samegame_board(6)->title == "Standard Testset 1");
    CHECK(find_samegame_board(10)->title == "Standard Testset 20");
    CHECK(find_samegame_board(11)->title == "Standard Testset 1");
    CHECK(find_samegame_board(31)->title == "Standard Testset 1 (recolored)");
    CHECK(find_samegame_board(50)->title == "Standard Testset 20 (recolored)");

    const std::map<int, int> classic_of_test = {{6, 1}, {7, 5}, {8, 10}, {9, 15}, {10, 20}};
    // js-games.de bests, shared/data/samegame/classic/README.md.
    const std::vector<int> best = {3413, 4023, 4019, 4215, 4379, 4869, 3435, 4771, 5041, 3937,
                                   3783, 3921, 3821, 3263, 4161, 5517, 5227, 5503, 5343, 5217};
    int validator_total = 0;
    for (const SameGameBoard& board : samegame_boards()) {
        INFO("board " << board.number);
        CHECK(board.validator == (board.number >= 11));
        int classic = 0;
        if (board.number >= 31) {
            classic = board.number - 30;
        } else if (board.number >= 11) {
            classic = board.number - 10;
        } else if (classic_of_test.count(board.number)) {
            classic = classic_of_test.at(board.number);
        }
        CHECK(board.classic_board == classic);
        CHECK(board.best_known == (classic == 0 ? 0 : best[classic - 1]));
        if (board.validator) validator_total += board.best_known;
        if (classic != 0) {
            CHECK(board.title.rfind("Standard Testset " + std::to_string(classic), 0) == 0);
        }
    }
    CHECK(validator_total == 2 * 87858);

    // Same classic board, same cells (tests 6-10 and validators 11-30), or the same cells up to
    // a permutation of the 5 colours (validators 31-50).
    for (int classic = 1; classic <= 20; ++classic) {
        const SameGameGrid original =
            parse_samegame_testcase(find_samegame_board(10 + classic)->text);
        const SameGameGrid recoloured =
            parse_samegame_testcase(find_samegame_board(30 + classic)->text);
        std::map<int, int> colour_map;
        std::set<int> images;
        for (int x = 0; x < kSameGameColumns; ++x) {
            for (int y = 0; y < kSameGameRows; ++y) {
                const auto [it, added] = colour_map.emplace(original.at(x, y), recoloured.at(x, y));
                CHECK(it->second == recoloured.at(x, y));
                if (added) images.insert(recoloured.at(x, y));
            }
        }
        CHECK(images.size() == colour_map.size());  // a bijection
    }
    for (const auto& [test, classic] : classic_of_test) {
        CHECK(find_samegame_board(test)->text == find_samegame_board(10 + classic)->text);
    }
}

TEST_CASE("make_referee builds SameGame; an empty test case means board 6") {
    CHECK(known_games() == std::vector<std::string>{"samegame", "diceshogi", "tsuro"});

    GameSetup setup;
    setup.game = "samegame";
    std::unique_ptr<Referee> referee = make_referee(setup);
    REQUIRE(referee);
    CHECK(referee->game() == "samegame");
    CHECK(referee->player_count() == 1);
    CHECK(kDefaultSameGameBoard == 6);
    CHECK(referee->input() == board_file(6));

    setup.testcase = board_file(31);
    CHECK(make_referee(setup)->input() == board_file(31));
    setup.testcase = read_file(kJsonDir + "/test1.json");
    CHECK(make_referee(setup)->input() == board_file(1));

    setup.testcase = "1 2 3";
    CHECK_THROWS_AS(make_referee(setup), std::invalid_argument);
    setup.testcase.clear();
    setup.players = 2;
    CHECK_THROWS_WITH_AS(make_referee(setup), "samegame is a 1-player game, got 2 players",
                         std::invalid_argument);

    GameSetup unknown;
    unknown.game = "chess";
    CHECK_THROWS_WITH_AS(make_referee(unknown),
                         "unknown game 'chess': known games are samegame, diceshogi, tsuro",
                         std::invalid_argument);
}
