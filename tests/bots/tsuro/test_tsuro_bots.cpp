// The sample Tsuro bots (bots/tsuro/) on hand-written turn inputs: every answer must be a legal
// line by the spec (shared with the project as the Tsuro referee spec, §2.2 and §3), and where a
// placement that keeps the bot on the board exists, survivor and strong must play one.
//
// The inputs follow spec §3.2: the first turn starts with playerCount, then one line of 13 ints
// per player starting with the receiver, the hand size and one line of 9 ints per tile. The
// expected safe placements were worked out by hand from the tile table (spec §1.2), the rotation
// rule (§1.3) and the moves between cells (§1.4); the working is in the comments.
//
// The bots' shared model (bots/tsuro/tsuro_model.hpp) is checked first against the spec's
// examples, and its tracker on a game where a player's START failed.
//
// A later turn is written for one START of the bot; the bot's actual START may differ (it is its
// own choice), and the bots take the positions in the input as the truth, as they must.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tsuro_model.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kBots = TSURO_BOTS_DIR;
const std::string kNone = "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1";  // no START yet

// The hand lines of the input: id and the unrotated pairs (spec §1.2).
std::string handLines(const std::vector<int>& tiles) {
    static const char* kPairs[35] = {
        "0 1 2 3 4 5 6 7", "0 7 1 6 2 3 4 5", "0 7 1 2 3 6 4 5", "0 7 1 2 3 4 5 6",
        "0 6 1 7 2 3 4 5", "0 1 2 7 3 6 4 5", "0 1 2 6 3 7 4 5", "0 6 1 2 3 7 4 5",
        "0 1 2 6 3 4 5 7", "0 6 1 2 3 4 5 7", "0 2 1 6 3 4 5 7", "0 2 1 6 3 7 4 5",
        "0 2 1 7 3 6 4 5", "0 3 1 7 2 6 4 5", "0 3 1 6 2 7 4 5", "0 3 1 2 4 7 5 6",
        "0 3 1 2 4 6 5 7", "0 4 1 2 3 6 5 7", "0 4 1 2 3 7 5 6", "0 5 1 7 2 3 4 6",
        "0 5 1 6 2 7 3 4", "0 5 1 2 3 7 4 6", "0 5 1 3 2 7 4 6", "0 5 1 3 2 6 4 7",
        "0 4 1 3 2 6 5 7", "0 2 1 3 4 6 5 7", "0 5 1 4 2 7 3 6", "0 5 1 4 2 6 3 7",
        "0 4 1 5 2 6 3 7", "0 3 1 5 2 6 4 7", "0 3 1 5 2 7 4 6", "0 2 1 5 3 7 4 6",
        "0 3 1 6 2 4 5 7", "0 6 1 3 2 4 5 7", "0 3 1 6 2 5 4 7"};
    std::string text = std::to_string(tiles.size()) + "\n";
    for (int t : tiles) text += std::to_string(t) + " " + kPairs[t] + "\n";
    return text;
}

std::vector<std::string> splitSpaces(const std::string& line) {  // Kotlin split(" ")
    std::vector<std::string> tokens;
    std::size_t from = 0;
    while (true) {
        const std::size_t at = line.find(' ', from);
        tokens.push_back(line.substr(from, at - from));
        if (at == std::string::npos) return tokens;
        from = at + 1;
    }
}

bool isPlainInt(const std::string& s) {
    return !s.empty() && s.size() < 6 && s.find_first_not_of("0123456789") == std::string::npos;
}

// START k: 0 <= k <= 47 and no other player's mark (spec §2.2).
void checkStart(const std::string& line, const std::set<int>& taken) {
    INFO("answer: '" << line << "'");
    const auto tokens = splitSpaces(line);
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[0] == "START");
    REQUIRE(isPlainInt(tokens[1]));
    const int mark = std::stoi(tokens[1]);
    CHECK(mark >= 0);
    CHECK(mark <= 47);
    CHECK(taken.count(mark) == 0);
}

// PLACE tile rotation: a tile of the hand, rotation 0..3 (spec §3.3). Returns "tile rotation".
std::string checkPlace(const std::string& line, const std::vector<int>& hand) {
    INFO("answer: '" << line << "'");
    const auto tokens = splitSpaces(line);
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[0] == "PLACE");
    REQUIRE(isPlainInt(tokens[1]));
    REQUIRE(isPlainInt(tokens[2]));
    const int tile = std::stoi(tokens[1]), rotation = std::stoi(tokens[2]);
    CHECK(tile <= 34);  // outside 0..34 or 0..3 the published referee crashes
    CHECK(rotation <= 3);
    if (!hand.empty()) CHECK(std::count(hand.begin(), hand.end(), tile) == 1);
    return tokens[1] + " " + tokens[2];
}

struct Run {
    std::vector<std::string> lines;
    int status = -1;
};

// Runs the bot with the whole input on stdin (it answers turn after turn and exits at EOF).
Run runBot(const std::string& bot, const std::string& input) {
    static int counter = 0;
    const fs::path file =
        fs::temp_directory_path() / ("tsuro_bot_input_" + std::to_string(::getpid()) + "_" +
                                     std::to_string(counter++) + ".txt");
    std::ofstream(file) << input;
    Run run;
    FILE* out = ::popen((bot + " < '" + file.string() + "' 2>/dev/null").c_str(), "r");
    REQUIRE(out != nullptr);
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;)
        text.append(buffer, n);
    const int status = ::pclose(out);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    fs::remove(file);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) run.lines.push_back(line);
    return run;
}

// Each bot with options that keep the test quick; strong also once with its defaults.
const std::vector<std::string> kAllBots = {kBots + "/random --seed 1", kBots + "/survivor --seed 1",
                                           kBots + "/strong --seed 1 --turn-ms 20 --start-ms 50",
                                           kBots + "/strong"};
const std::vector<std::string> kCarefulBots = {
    kBots + "/survivor --seed 7", kBots + "/strong --seed 7 --turn-ms 20 --start-ms 50"};

// --- Scenario 1: 2 players, the bot is seat 1, stuck in the bottom-right corner. --------------
// Turn 1: player 0 started on mark 5 = (2,0,1).
// Turn 2: player 0 placed tile 28 rotation 0 (0:4 1:5 2:6 3:7) on (2,0): from point 1 to 5, so it
// enters (2,1) at point 0. The bot stands on mark 24 = (5,5,4): the corner cell, entering at the
// bottom-right point 4. Exits through 2,3 (right) or 4,5 (bottom) leave the board; 0,1 (up) and
// 6,7 (left) reach empty cells. Hand: 0, 3, 1.
//  - tile 0 (0:1 2:3 4:5 6:7) and tile 3 (0:7 1:2 3:4 5:6) are the same in every rotation and
//    join 4 to 5 and 4 to 3: always off the board;
//  - tile 1 (0:7 1:6 2:3 4:5): rotation r adds 2r to every point. r=0 joins 4-5 (out),
//    r=1 gives 2:1 3:0 4:5 6:7 (4-5, out), r=2 gives 4:3 5:2 6:7 0:1 (4-3, out), r=3 gives
//    6:5 7:4 0:1 2:3 (4-7, left into (4,5): safe). Only PLACE 1 3 is safe.
const std::string kCornerTurn1 =
    "2\n" + kNone + "\n-1 -1 -1 -1 -1 -1 -1 -1 -1 2 0 1 5\n" + handLines({0, 3, 1});
const std::string kCornerTurn2 =
    "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 5 4 24\n"
    "28 0 4 1 5 2 6 3 7 2 1 0 5\n" +
    handLines({0, 3, 1});

// --- Scenario 2: 2 players, the bot is seat 1, sharing a cell with its opponent. --------------
// Turn 1: player 0 started on mark 4 = (2,0,0).
// Turn 2: the bot started on mark 5 = (2,0,1); player 0 placed tile 28 rotation 0 on (2,0),
// which took player 0 from 0 to 4, into (2,1) at point 1, and the bot from 1 to 5, into (2,1) at
// point 0. A tile joining 0 and 1 sends the bot out through 1 into (2,0) at point 4, which tile
// 28 joins to 0: off the top; the opponent goes the other way round and off too (a collision,
// spec §4.2). Any other exit of (2,1) reaches an empty cell. Hand: 0, 5, 6.
//  - tile 0 joins 0:1 in every rotation: collision;
//  - tile 5 (0:1 2:7 3:6 4:5): r=1 gives 2:3 4:1 5:0 6:7 and r=3 gives 6:7 0:5 1:4 2:3 (0-5,
//    down: safe); r=0 and r=2 (4:5 6:3 7:2 0:1) join 0:1;
//  - tile 6 (0:1 2:6 3:7 4:5): r=1 gives 2:3 4:0 5:1 6:7 and r=3 gives 6:7 0:4 1:5 2:3 (0-4:
//    safe); r=0 and r=2 join 0:1.
const std::string kSharedTurn1 =
    "2\n" + kNone + "\n-1 -1 -1 -1 -1 -1 -1 -1 -1 2 0 0 4\n" + handLines({0, 5, 6});
const std::string kSharedTurn2 =
    "-1 -1 -1 -1 -1 -1 -1 -1 -1 2 1 0 5\n"
    "28 0 4 1 5 2 6 3 7 2 1 1 4\n" +
    handLines({0, 5, 6});

// --- Scenario 3: 4 players, the bot is seat 2, a hand of 4, one player already out. ----------
// Turn 1 (lines: seat 2, 3, 0, 1): players 0 and 1 started on marks 10 and 30.
// Turn 2: player 3 started on mark 40; player 0 placed tile 0 on (5,0) from point 0 to 1 and left
// the top of the board, shown as (5,-1) entering at 4 (spec §3.2); player 1 placed tile 28 on
// (2,5) from point 4 to 0, into (2,4) at 5. The bot stands on mark 22 = (5,5,2): the corner,
// entering at the right-upper point 2; only exits 0,1 (up) and 6,7 (left) stay on the board.
// Hand: 0, 34, 1, 4.
//  - tile 0 joins 2:3, tile 34 (0:3 1:6 2:5 4:7) joins 2:5 in every rotation: off;
//  - tile 1 at r=1 (2:1 3:0 4:5 6:7) joins 2 to 1: up, safe; r=0 2:3, r=2 (4:3 5:2) 2:5,
//    r=3 (6:5 7:4 0:1 2:3) 2:3: off;
//  - tile 4 (0:6 1:7 2:3 4:5): r=1 (2:0 3:1 4:5 6:7) joins 2 to 0: safe; r=0 2:3, r=2 (4:2) and
//    r=3 (6:4 7:5 0:1 2:3) off.
const std::string kFourTurn1 = "4\n" + kNone + "\n" + kNone +
                               "\n-1 -1 -1 -1 -1 -1 -1 -1 -1 5 0 0 10\n"
                               "-1 -1 -1 -1 -1 -1 -1 -1 -1 2 5 4 30\n" +
                               handLines({0, 34, 1});
const std::string kFourTurn2 =
    "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 5 2 22\n"
    "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 3 6 40\n"
    "0 0 1 2 3 4 5 6 7 5 -1 4 10\n"
    "28 0 4 1 5 2 6 3 7 2 4 5 30\n" +
    handLines({0, 34, 1, 4});

}  // namespace

TEST_CASE("every bot answers --help on stdout and rejects an unknown option") {
    for (const char* name : {"random", "survivor", "strong"}) {
        INFO(name);
        Run help = runBot(kBots + "/" + name + " --help", "");
        CHECK(help.status == 0);
        REQUIRE(!help.lines.empty());
        CHECK(help.lines[0].rfind("usage: ", 0) == 0);
        CHECK(runBot(kBots + "/" + name + " --no-such-option", "").status == 2);
    }
}

TEST_CASE("first turn as seat 0 of 2: a legal START, then exit at end of input") {
    const std::string input = "2\n" + kNone + "\n" + kNone + "\n" + handLines({7, 21, 33});
    for (const auto& bot : kAllBots) {
        INFO(bot);
        const Run run = runBot(bot, input);
        CHECK(run.status == 0);
        REQUIRE(run.lines.size() == 1);
        checkStart(run.lines[0], {});
    }
}

TEST_CASE("first turn as seat 3 of 4: never a mark another player holds") {
    // Lines: seat 3, then 0, 1, 2, which started on marks 0, 1 and 47: all on cell (0,0).
    const std::string input = "4\n" + kNone +
                              "\n-1 -1 -1 -1 -1 -1 -1 -1 -1 0 0 0 0\n"
                              "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 0 1 1\n"
                              "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 0 7 47\n" +
                              handLines({2, 3, 4});
    for (const auto& bot : kAllBots) {
        INFO(bot);
        const Run run = runBot(bot, input);
        REQUIRE(run.lines.size() == 1);
        checkStart(run.lines[0], {0, 1, 47});
    }
    // random draws its mark: many seeds, so that a taken mark would show up.
    for (int seed = 1; seed <= 40; ++seed) {
        const Run run = runBot(kBots + "/random --seed " + std::to_string(seed), input);
        REQUIRE(run.lines.size() == 1);
        checkStart(run.lines[0], {0, 1, 47});
    }
}

TEST_CASE("two turns: a legal START then a legal PLACE, for 2 and 4 players") {
    struct Case {
        const char* name;
        std::string input;
        std::set<int> taken;
        std::vector<int> hand;
    };
    const std::vector<Case> cases = {
        {"corner", kCornerTurn1 + kCornerTurn2, {5}, {0, 3, 1}},
        {"shared cell", kSharedTurn1 + kSharedTurn2, {4}, {0, 5, 6}},
        {"4 players", kFourTurn1 + kFourTurn2, {10, 30}, {0, 34, 1, 4}},
    };
    for (const auto& c : cases) {
        for (const auto& bot : kAllBots) {
            INFO(c.name << ": " << bot);
            const Run run = runBot(bot, c.input);
            CHECK(run.status == 0);
            REQUIRE(run.lines.size() == 2);
            checkStart(run.lines[0], c.taken);
            checkPlace(run.lines[1], c.hand);
        }
    }
}

TEST_CASE("survivor and strong stay on the board when one placement allows it") {
    struct Case {
        const char* name;
        std::string input;
        std::vector<int> hand;
        std::set<std::string> safe;
    };
    const std::vector<Case> cases = {
        {"corner", kCornerTurn1 + kCornerTurn2, {0, 3, 1}, {"1 3"}},
        {"shared cell (collision)",
         kSharedTurn1 + kSharedTurn2,
         {0, 5, 6},
         {"5 1", "5 3", "6 1", "6 3"}},
        {"4 players, hand of 4", kFourTurn1 + kFourTurn2, {0, 34, 1, 4}, {"1 1", "4 1"}},
    };
    for (const auto& c : cases) {
        for (const auto& bot : kCarefulBots) {
            INFO(c.name << ": " << bot);
            const Run run = runBot(bot, c.input);
            REQUIRE(run.lines.size() == 2);
            CHECK(c.safe.count(checkPlace(run.lines[1], c.hand)) == 1);
        }
    }
}

TEST_CASE("an empty hand still gets a well-formed PLACE with an id in 0..34") {
    // No legal move exists (spec §4.5); the answer must not crash the referee (spec §3.3).
    const std::string input = kCornerTurn1 +
                              "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 5 4 24\n"
                              "28 0 4 1 5 2 6 3 7 2 1 0 5\n0\n";
    for (const auto& bot : kAllBots) {
        INFO(bot);
        const Run run = runBot(bot, input);
        REQUIRE(run.lines.size() == 2);
        checkPlace(run.lines[1], {});
    }
}

TEST_CASE("model: tables and geometry match the spec's examples") {
    using namespace tsuro;
    // §1.3: tile 1 [0,7,1,6,2,3,4,5] rotated once is printed [2,1,3,0,4,5,6,7].
    CHECK(rotatedPairs(1, 1) == std::array<int, 8>{2, 1, 3, 0, 4, 5, 6, 7});
    // §1.1: the statement's example tile (0-4, 1-3, 2-5, 6-7) is tile 13 rotated once.
    const auto& example = kTables.partner[tileCode(13, 1)];
    CHECK(example[0] == 4);
    CHECK(example[1] == 3);
    CHECK(example[2] == 5);
    CHECK(example[6] == 7);
    CHECK(codeFromPairs(13, {0, 4, 1, 3, 2, 5, 6, 7}) == tileCode(13, 1));
    // §1.4: exits 0..7 enter the neighbour at 5,4,7,6,1,0,3,2; up, right, down, left.
    CHECK(kEntryAfterExit == std::array<std::int8_t, 8>{5, 4, 7, 6, 1, 0, 3, 2});
    CHECK(neighbourCell(cellOf(2, 2), 0) == cellOf(2, 1));
    CHECK(neighbourCell(cellOf(2, 2), 3) == cellOf(3, 2));
    CHECK(neighbourCell(cellOf(2, 2), 5) == cellOf(2, 3));
    CHECK(neighbourCell(cellOf(2, 2), 6) == cellOf(1, 2));
    CHECK(neighbourCell(cellOf(0, 0), 7) == kOff);
    // §2: 11 = (5,0,1), 12 = (5,0,2), 24 = (5,5,4), 35 = (0,5,5), 36 = (0,5,6), 47 = (0,0,7).
    CHECK(markerOfStart(11) == Marker{static_cast<std::int8_t>(cellOf(5, 0)), 1});
    CHECK(markerOfStart(12) == Marker{static_cast<std::int8_t>(cellOf(5, 0)), 2});
    CHECK(markerOfStart(24) == Marker{static_cast<std::int8_t>(cellOf(5, 5)), 4});
    CHECK(markerOfStart(35) == Marker{static_cast<std::int8_t>(cellOf(0, 5)), 5});
    CHECK(markerOfStart(36) == Marker{static_cast<std::int8_t>(cellOf(0, 5)), 6});
    CHECK(markerOfStart(47) == Marker{static_cast<std::int8_t>(cellOf(0, 0)), 7});
    // §1.2: 0, 3, 26, 28, 34 look the same in every rotation; 10 tiles only under 180 degrees.
    const std::set<int> fully = {0, 3, 26, 28, 34};
    const std::set<int> half = {5, 6, 15, 18, 24, 25, 27, 29, 31, 33};
    for (int t = 0; t < kTileCount; ++t) {
        INFO("tile " << t);
        CHECK(kTables.distinctRotationCount[t] == (fully.count(t) ? 1 : half.count(t) ? 2 : 4));
    }
}

TEST_CASE("model: the tracker rebuilds the board when a player's START failed") {
    // 4 players, the receiver is seat 2 (from a real game). Turn 3, its START: seat 0 started on
    // mark 5 = (2,0,1); seat 1 failed its START, so its line is all -1 like seat 3's, who has
    // not played yet. Lines: seat 2, 3, 0, 1.
    std::istringstream in(
        "4\n" + kNone + "\n" + kNone + "\n-1 -1 -1 -1 -1 -1 -1 -1 -1 2 0 1 5\n" + kNone + "\n" +
        handLines({22, 7, 19}) +
        // Turn 6, its first PLACE: seat 3 started on 44 = (0,1,6) in turn 4; seat 0 placed tile
        // 20 (0:5 1:6 2:7 3:4) rotated twice, printed 4 1 5 2 6 3 7 0, on (2,0) in turn 5: from
        // point 1 to 4, down into (2,1) at point 1. The receiver started on 17 = (5,2,3).
        "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 2 3 17\n"
        "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 1 6 44\n"
        "20 4 1 5 2 6 3 7 0 2 1 1 5\n" +
        kNone + "\n" + handLines({22, 7, 19}));
    tsuro::Tracker game;
    REQUIRE(game.read(in));
    CHECK(game.seat == 2);
    CHECK(game.turn == 3);
    CHECK(game.takenMarks()[5]);
    CHECK(game.waitingForStart == std::array<bool, 4>{false, true, false, false});
    game.playStart(17);
    REQUIRE(game.read(in));
    CHECK(game.turn == 6);
    CHECK(game.notes.empty());
    CHECK(game.table.board[tsuro::cellOf(2, 0)] == tsuro::tileCode(20, 2));
    int tiles = 0;
    for (auto cell : game.table.board) tiles += cell != tsuro::kEmpty ? 1 : 0;
    CHECK(tiles == 1);
    CHECK(game.table.marker[2] == tsuro::Marker{static_cast<std::int8_t>(tsuro::cellOf(2, 1)), 1});
    CHECK(game.table.alive == std::array<bool, 4>{true, true, true, false});
    CHECK(game.unseenTiles() ==
          (((1ull << 35) - 1) & ~(1ull << 20) & ~(1ull << 22) & ~(1ull << 7) & ~(1ull << 19)));
    CHECK(!game.read(in));  // end of input
}
