// The Tsuro game model (referees/tsuro/model.hpp) and the Java RNG (referees/tsuro/java_random.hpp)
// against shared/specs/tsuro.md (sections cited) and the data copied to tests/data/tsuro/: the
// spec's tile and start-mark tables, its deck vectors, and numbers a real JDK drew
// (java_random_vectors.txt, made by JavaRandomVectors.java next to it).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "referees/tsuro/java_random.hpp"
#include "referees/tsuro/model.hpp"
#include "tests/referees/tsuro_data.hpp"

using namespace arena::referee;
using namespace arena::referee::tsuro;

namespace {

using arena::test::tsuro_data_lines;

// The 4 pairs of a tile as a set of {low, high}, to compare tiles up to the order of the pairs.
std::set<std::pair<int, int>> pairs_of(const Connections& c) {
    std::set<std::pair<int, int>> pairs;
    for (int i = 0; i < kPointsPerCell; i += 2) {
        pairs.insert({std::min(c[i], c[i + 1]), std::max(c[i], c[i + 1])});
    }
    return pairs;
}

std::vector<int> shuffled_ids(std::int64_t seed) {
    std::vector<int> deck(kTileCount);
    std::iota(deck.begin(), deck.end(), 0);
    JavaRandom random(seed);
    java_shuffle(deck, random);
    return deck;
}

}  // namespace

TEST_CASE("the tile table is tiles.txt, pairs in the file's order (spec 1.2)") {
    const std::vector<std::string> lines = tsuro_data_lines("tiles.txt");
    REQUIRE(lines.size() == kTileCount);
    for (const std::string& line : lines) {
        std::istringstream fields(line);
        int id = -1;
        fields >> id;
        REQUIRE(valid_tile_id(id));
        Connections expected{};
        for (int pair = 0; pair < 4; ++pair) {
            char colon = 0;
            fields >> expected[2 * pair] >> colon >> expected[2 * pair + 1];
            REQUIRE(colon == ':');
        }
        CHECK_MESSAGE(kTiles[id] == expected, "tile " << id);
    }
}

TEST_CASE("every tile is a perfect matching, and the 35 are distinct up to rotation (spec 1.2)") {
    for (int id = 0; id < kTileCount; ++id) {
        std::set<int> points(kTiles[id].begin(), kTiles[id].end());
        CHECK(points.size() == 8);
        CHECK(*points.begin() == 0);
        CHECK(*points.rbegin() == 7);
        // Rotations of the same tile may coincide (symmetry); rotations of different tiles not.
        std::set<std::set<std::pair<int, int>>> own;
        for (int r = 0; r < kRotationCount; ++r) own.insert(pairs_of(rotated_tile(id, r)));
        for (int other = 0; other < id; ++other) {
            for (int r = 0; r < kRotationCount; ++r) {
                CHECK_MESSAGE(own.count(pairs_of(rotated_tile(other, r))) == 0,
                              "tiles " << other << " and " << id << " are the same tile");
            }
        }
    }
}

TEST_CASE("rotation symmetry classes as the spec lists them (spec 1.2)") {
    const std::set<int> all_rotations = {0, 3, 26, 28, 34};
    const std::set<int> half_turn = {5, 6, 15, 18, 24, 25, 27, 29, 31, 33};
    for (int id = 0; id < kTileCount; ++id) {
        const auto base = pairs_of(kTiles[id]);
        const bool quarter = pairs_of(rotated_tile(id, 1)) == base;
        const bool half = pairs_of(rotated_tile(id, 2)) == base;
        INFO("tile " << id);
        CHECK(quarter == (all_rotations.count(id) == 1));
        CHECK(half == (all_rotations.count(id) + half_turn.count(id) == 1));
    }
}

TEST_CASE("rotation adds 2 per quarter turn to every entry, keeping the array order (spec 1.3)") {
    // The spec's example: tile 1 [0,7,1,6,2,3,4,5] turned once.
    CHECK(rotated_tile(1, 1) == Connections{2, 1, 3, 0, 4, 5, 6, 7});
    CHECK(rotated_tile(1, 0) == kTiles[1]);
    // Tile 1 twice: +4 mod 8.
    CHECK(rotated_tile(1, 2) == Connections{4, 3, 5, 2, 6, 7, 0, 1});
    CHECK(rotated_tile(1, 3) == Connections{6, 5, 7, 4, 0, 1, 2, 3});
    // The statement's example tile (0-4, 1-3, 2-5, 6-7) is tile 13 turned once (spec 1.1).
    CHECK(pairs_of(rotated_tile(13, 1)) ==
          std::set<std::pair<int, int>>{{0, 4}, {1, 3}, {2, 5}, {6, 7}});
    CHECK(rotated_tile(13, 1) == Connections{2, 5, 3, 1, 4, 0, 6, 7});
    CHECK_THROWS_AS(rotated_tile(0, 4), std::out_of_range);
    CHECK_THROWS_AS(rotated_tile(0, -1), std::out_of_range);
    CHECK_THROWS_AS(rotated_tile(35, 0), std::out_of_range);
    CHECK_THROWS_AS(rotated_tile(-1, 0), std::out_of_range);
}

TEST_CASE("path_end gives the other end of each path") {
    // Tile 21: 0:5 1:2 3:7 4:6.
    const std::array<int, 8> expected = {5, 2, 1, 7, 6, 0, 4, 3};
    for (int point = 0; point < kPointsPerCell; ++point) {
        CHECK(path_end(kTiles[21], point) == expected[point]);
    }
}

TEST_CASE("the start-mark table is start_positions.txt and the closed form (spec 2)") {
    const std::vector<std::string> lines = tsuro_data_lines("start_positions.txt");
    REQUIRE(lines.size() == kStartMarkCount);
    for (const std::string& line : lines) {
        std::istringstream fields(line);
        int mark = -1;
        Position expected;
        fields >> mark >> expected.col >> expected.row >> expected.index;
        REQUIRE(valid_start_mark(mark));
        CHECK_MESSAGE(kStartPositions[mark] == expected, "mark " << mark);
    }
    for (int k = 0; k < kStartMarkCount; ++k) {
        Position closed;
        if (k < 12) {
            closed = {k / 2, 0, k % 2};
        } else if (k < 24) {
            closed = {5, (k - 12) / 2, 2 + k % 2};
        } else if (k < 36) {
            closed = {5 - (k - 24) / 2, 5, 4 + k % 2};
        } else {
            closed = {0, 5 - (k - 36) / 2, 6 + k % 2};
        }
        CHECK_MESSAGE(kStartPositions[k] == closed, "mark " << k);
    }
    // The spec's examples.
    CHECK(kStartPositions[11] == Position{5, 0, 1});
    CHECK(kStartPositions[12] == Position{5, 0, 2});
    CHECK(kStartPositions[24] == Position{5, 5, 4});
    CHECK(kStartPositions[35] == Position{0, 5, 5});
    CHECK(kStartPositions[36] == Position{0, 5, 6});
    CHECK(kStartPositions[47] == Position{0, 0, 7});
    CHECK_FALSE(valid_start_mark(-1));
    CHECK_FALSE(valid_start_mark(48));
}

TEST_CASE("leaving a cell enters the neighbour at the facing point (spec 1.4)") {
    // exit: neighbour (dcol, drow) and entry index, from the spec's table.
    struct Row {
        int exit, dcol, drow, entry;
    };
    const Row table[] = {{0, 0, -1, 5}, {1, 0, -1, 4}, {2, 1, 0, 7},  {3, 1, 0, 6},
                         {4, 0, 1, 1},  {5, 0, 1, 0},  {6, -1, 0, 3}, {7, -1, 0, 2}};
    for (const Row& row : table) {
        INFO("exit " << row.exit);
        CHECK(step_out(2, 3, row.exit) == Position{2 + row.dcol, 3 + row.drow, row.entry});
        CHECK(row.entry == ((row.exit ^ 1) + 4) % 8);  // the spec's closed form
    }
    // Leaving the top of (c,0) through point 0 gives (c,-1,5): off the board (spec 3.2).
    const Position off = step_out(4, 0, 0);
    CHECK(off == Position{4, -1, 5});
    CHECK_FALSE(off.on_board());
    CHECK_FALSE(step_out(5, 2, 3).on_board());
    CHECK_FALSE(step_out(0, 2, 7).on_board());
    CHECK_FALSE(step_out(3, 5, 4).on_board());
    CHECK(step_out(3, 4, 4).on_board());
}

TEST_CASE("markers follow paths through several tiles and stop at an empty cell") {
    Board board;
    CHECK(board.empty(0, 0));
    // Tile 0 (0:1 2:3 4:5 6:7) never leads a marker across a cell: 0 comes back out at 1.
    // Tile 28 turned 0 (0:4 1:5 2:6 3:7) goes straight across.
    board.place(1, 0, 28, 0);  // straight down and across
    board.place(1, 1, 28, 0);
    board.place(2, 2, 28, 0);
    CHECK(board.tiles_placed() == 3);
    CHECK_FALSE(board.empty(1, 0));
    CHECK(board.at(1, 0).tile == 28);
    // Entering (1,0) at top point 0: 0->4 (bottom) -> (1,1) at 1; 1->5 -> (1,2) at 0; empty.
    CHECK(board.follow({1, 0, 0}) == Position{1, 2, 0});
    // From the left of (1,1) at 7: 7->3 (right) -> (2,1) at 6; (2,1) is empty.
    CHECK(board.follow({1, 1, 7}) == Position{2, 1, 6});
    // Up from (1,1) bottom point 5: 5->1 (top) -> (1,0) at 4; 4->0 -> off the top at (1,-1,5).
    CHECK(board.follow({1, 1, 5}) == Position{1, -1, 5});
    // Tile 21 turned 3 on (0,0): pairs 6-3, 7-0, 1-5, 2-4 (spec 1.3 rotation of 0:5 1:2 3:7 4:6).
    board.place(0, 0, 21, 3);
    CHECK(board.at(0, 0).connections == Connections{6, 3, 7, 0, 1, 5, 2, 4});
    CHECK(board.follow({0, 0, 0}) == Position{-1, 0, 2});  // 0 -> 7: out to the left
    CHECK(board.follow({0, 0, 7}) == Position{0, -1, 5});  // 7 -> 0: out of the top
    // 1 -> 5 -> (0,1) at 0, empty cell.
    CHECK(board.follow({0, 0, 1}) == Position{0, 1, 0});
    // 6 -> 3 -> (1,0) at 6: tile 28 6->2 -> (2,0) at 7, empty.
    CHECK(board.follow({0, 0, 6}) == Position{2, 0, 7});
    // Off-board or empty-cell positions come back unchanged.
    CHECK(board.follow({-1, 0, 2}) == Position{-1, 0, 2});
    CHECK(board.follow({4, 4, 3}) == Position{4, 4, 3});
    CHECK_THROWS_AS(board.place(0, 0, 5, 0), std::logic_error);
    CHECK_THROWS_AS(board.place(6, 0, 5, 0), std::out_of_range);
}

TEST_CASE("the deck vectors of the spec (shared/data/tsuro/deck_vectors.txt, spec 6)") {
    const std::vector<std::string> lines = tsuro_data_lines("deck_vectors.txt");
    REQUIRE(lines.size() == 12);
    for (const std::string& line : lines) {
        std::istringstream fields(line);
        std::int64_t seed = 0;
        fields >> seed;
        std::vector<int> expected(kTileCount);
        for (int& id : expected) fields >> id;
        REQUIRE_FALSE(fields.fail());
        CHECK_MESSAGE(shuffled_ids(seed) == expected, "seed " << seed);
    }
    // The spec's examples and the 48-bit equivalence.
    CHECK(shuffled_ids(0)[0] == 27);
    CHECK(shuffled_ids(1)[5] == 2);
    CHECK(shuffled_ids(-1) == shuffled_ids(INT64_MAX));
    CHECK(shuffled_ids(0) == shuffled_ids(std::int64_t{1} << 48));
    CHECK(shuffled_ids(0) == shuffled_ids(INT64_MIN));
}

TEST_CASE("JavaRandom next, nextInt and a shuffle continued on the same generator, as a JDK") {
    const std::vector<std::string> lines = tsuro_data_lines("java_random_vectors.txt");
    int next_lines = 0, next_int_lines = 0, reshuffle_lines = 0;
    for (const std::string& line : lines) {
        INFO(line);
        std::istringstream fields(line);
        std::string kind;
        std::int64_t seed = 0;
        fields >> kind >> seed;
        if (kind == "next" || kind == "next_int") {
            int parameter = 0, count = 0;
            std::string colon;
            fields >> parameter >> count >> colon;
            REQUIRE(colon == ":");
            JavaRandom random(seed);
            for (int i = 0; i < count; ++i) {
                std::int64_t expected = 0;
                fields >> expected;
                REQUIRE_FALSE(fields.fail());
                const std::int32_t got =
                    kind == "next" ? random.next(parameter) : random.next_int(parameter);
                CHECK(got == expected);
            }
            ++(kind == "next" ? next_lines : next_int_lines);
        } else {
            REQUIRE(kind == "reshuffle");
            int removed = 0;
            std::string appended_text, colon;
            fields >> removed >> appended_text >> colon;
            REQUIRE(colon == ":");
            std::vector<int> expected;
            for (int id; fields >> id;) expected.push_back(id);

            std::vector<int> deck(kTileCount);
            std::iota(deck.begin(), deck.end(), 0);
            JavaRandom random(seed);
            java_shuffle(deck, random);
            deck.erase(deck.begin(), deck.begin() + removed);
            if (appended_text != "-") {
                std::istringstream appended(appended_text);
                for (std::string id; std::getline(appended, id, ',');)
                    deck.push_back(std::stoi(id));
            }
            java_shuffle(deck, random);
            CHECK(deck == expected);
            ++reshuffle_lines;
        }
    }
    CHECK(next_lines == 28);
    CHECK(next_int_lines == 63);
    CHECK(reshuffle_lines == 7);
    // Well-known JDK value: new Random(0).nextInt() == -1155484576.
    JavaRandom zero(0);
    CHECK(zero.next(32) == -1155484576);
    CHECK_THROWS_AS(zero.next_int(0), std::invalid_argument);
}

TEST_CASE("java_shuffle draws size-1 numbers and none for 0 or 1 elements") {
    JavaRandom a(7), b(7);
    std::vector<int> one = {4};
    java_shuffle(one, a);
    CHECK(a.state() == b.state());
    std::vector<int> none;
    java_shuffle(none, a);
    CHECK(a.state() == b.state());
    std::vector<int> five = {0, 1, 2, 3, 4};
    java_shuffle(five, a);
    for (int bound = 5; bound > 1; --bound) b.next_int(bound);
    CHECK(a.state() == b.state());
}
