// The Tsuro referee against shared/specs/tsuro.md (sections cited) and the data copied to
// tests/data/tsuro/. Positions are hand-made; the expected values are worked out by hand from
// the spec in the comments. Every seed-0 game starts from the deck of deck_vectors.txt:
//   27 31 21 | 18 7 29 | 22 12 26 | 0 14 33 |
//   9 10 30 24 3 15 8 4 11 25 17 34 2 16 6 1 20 23 13 32 19 28 5
// so player p holds d[3p..3p+2] (spec 4.5: player 0 draws 3, then player 1, ...).
// Where a kill reshuffles the deck, the expected order comes from JavaRandom/java_shuffle, which
// test_tsuro_model.cpp checks against a real JDK; the list that is shuffled is worked out here.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "referees/registry.hpp"
#include "referees/tsuro/tsuro.hpp"
#include "tests/referees/tsuro_data.hpp"

using namespace arena::referee;

namespace {

using arena::test::tsuro_data_lines;

// deck_vectors.txt: seed -> deck after the first shuffle.
std::vector<std::pair<std::int64_t, std::vector<int>>> deck_vectors() {
    std::vector<std::pair<std::int64_t, std::vector<int>>> vectors;
    for (const std::string& line : tsuro_data_lines("deck_vectors.txt")) {
        std::istringstream fields(line);
        std::int64_t seed = 0;
        fields >> seed;
        std::vector<int> deck(35);
        for (int& id : deck) fields >> id;
        vectors.emplace_back(seed, deck);
    }
    return vectors;
}

std::vector<int> seed0_deck() {
    for (const auto& [seed, deck] : deck_vectors()) {
        if (seed == 0) return deck;
    }
    FAIL("seed 0 is not in deck_vectors.txt");
    return {};
}

// The input line of a hand tile: "id c0 .. c7", the unrotated pairs of tiles.txt ("id a:b ...").
std::string tile_line(int id) {
    for (const std::string& line : tsuro_data_lines("tiles.txt")) {
        std::istringstream fields(line);
        int file_id = -1;
        fields >> file_id;
        if (file_id != id) continue;
        std::string text = std::to_string(id);
        for (std::string pair; fields >> pair;) {
            pair[pair.find(':')] = ' ';
            text += ' ';
            text += pair;
        }
        return text + "\n";
    }
    FAIL("tile " << id << " is not in tiles.txt");
    return {};
}

std::string hand_text(const std::vector<int>& hand) {
    std::string text = std::to_string(hand.size()) + "\n";
    for (int id : hand) text += tile_line(id);
    return text;
}

const std::string kNobody = "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n";

std::vector<int> slice(const std::vector<int>& list, std::size_t from, std::size_t to) {
    return std::vector<int>(list.begin() + from, list.begin() + to);
}

std::vector<int> concat(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The generator of a seed-0 game right after its first shuffle.
JavaRandom seed0_random_after_first_shuffle() {
    JavaRandom random(0);
    std::vector<int> ids(35);
    std::iota(ids.begin(), ids.end(), 0);
    java_shuffle(ids, random);
    REQUIRE(ids == seed0_deck());
    return random;
}

std::vector<int> shuffled(std::vector<int> list, JavaRandom& random) {
    java_shuffle(list, random);
    return list;
}

void start(TsuroReferee& referee, const std::vector<int>& marks) {
    for (int mark : marks) {
        const Verdict verdict = referee.play("START " + std::to_string(mark));
        REQUIRE_MESSAGE(verdict.accepted, verdict.error);
    }
}

Verdict place(TsuroReferee& referee, int tile, int rotation) {
    return referee.play("PLACE " + std::to_string(tile) + " " + std::to_string(rotation));
}

}  // namespace

TEST_CASE("registry: tsuro for 2 to 4 players, seed required") {
    const std::vector<std::string> games = known_games();
    CHECK(std::find(games.begin(), games.end(), "tsuro") != games.end());
    for (int players = 2; players <= 4; ++players) {
        const std::unique_ptr<Referee> referee = make_referee({"tsuro", players, 5, ""});
        CHECK(referee->game() == "tsuro");
        CHECK(referee->player_count() == players);
        CHECK_FALSE(referee->over());
        CHECK(referee->current_player() == 0);
    }
    CHECK_THROWS_AS(make_referee({"tsuro", 1, 5, ""}), std::invalid_argument);
    CHECK_THROWS_AS(make_referee({"tsuro", 5, 5, ""}), std::invalid_argument);
    CHECK_THROWS_WITH_AS(make_referee({"tsuro", 2, std::nullopt, ""}), doctest::Contains("seed"),
                         std::invalid_argument);
    CHECK_THROWS_AS(TsuroReferee(1, 0), std::invalid_argument);
}

TEST_CASE("every deck vector deals the hands and leaves the deck as spec 4.5 says") {
    for (const auto& [seed, deck] : deck_vectors()) {
        for (int players = 2; players <= 4; ++players) {
            INFO("seed " << seed << ", " << players << " players");
            TsuroReferee referee(players, seed);
            for (int p = 0; p < players; ++p) {
                CHECK(referee.player(p).hand == slice(deck, 3 * p, 3 * p + 3));
            }
            CHECK(referee.deck() == slice(deck, 3 * players, 35));
            // Player 0's first input: playerCount, n lines of -1, its hand in draw order.
            std::string expected = std::to_string(players) + "\n";
            for (int p = 0; p < players; ++p) expected += kNobody;
            expected += hand_text(slice(deck, 0, 3));
            CHECK(referee.input() == expected);
        }
    }
}

TEST_CASE("input bytes of a hand-made 2-player position (spec 3.2)") {
    TsuroReferee referee(2, 0);
    // Turn 1: player 0 gets "2", itself, player 1, its 3 tiles.
    CHECK(referee.input() == "2\n" + kNobody + kNobody + hand_text({27, 31, 21}));
    CHECK(referee.play("START 5").accepted);
    // The spec's example: mark 5 is (2,0,1); player 1 sees itself first.
    CHECK(referee.current_player() == 1);
    CHECK(referee.input() ==
          "2\n" + kNobody + "-1 -1 -1 -1 -1 -1 -1 -1 -1 2 0 1 5\n" + hand_text({18, 7, 29}));
    CHECK(referee.play("START 36").accepted);  // (0,5,6)
    // Turn 3: no playerCount line any more.
    CHECK(referee.current_player() == 0);
    CHECK(referee.input() ==
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 2 0 1 5\n"
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 5 6 36\n" +
              hand_text({27, 31, 21}));
    // Tile 21 (0:5 1:2 3:7 4:6) turned twice: +4 -> [4,1,5,6,7,3,0,2], pairs 4-1, 5-6, 7-3, 0-2.
    // Player 0 enters (2,0) at 1 -> 4 (bottom) -> (2,1) at point 1.
    const Verdict verdict = place(referee, 21, 2);
    CHECK(verdict.accepted);
    CHECK(verdict.summary == "$0 places tile 21 rotation 2 on col 2 row 0");
    // Player 0 drew d[6] = 22 after its tiles 27, 31.
    CHECK(referee.input() ==
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 0 5 6 36\n"
          "21 4 1 5 6 7 3 0 2 2 1 1 5\n" +
              hand_text({18, 7, 29}));
    CHECK(referee.player(0).hand == std::vector<int>{27, 31, 22});
    // Player 1 enters (0,5) at 6. Tile 7 (0:6 1:2 3:7 4:5) turned once: [2,0,3,4,5,1,6,7],
    // pairs 2-0, 3-4, 5-1, 6-7: 6 -> 7, the left edge: (-1,5,2), off the board on its own turn.
    const Verdict suicide = place(referee, 7, 1);
    CHECK(suicide.accepted);
    CHECK(suicide.error.empty());
    CHECK(suicide.summary ==
          "$1 places tile 7 rotation 1 on col 0 row 5\n$1 leaves the board (score 3)");
    CHECK(referee.over());
    CHECK(referee.player(1).position == tsuro::Position{-1, 5, 2});
    CHECK(referee.result().scores == std::vector<std::int64_t>{5, 3});  // turn 4: 4+1 and 4-1
    CHECK(referee.result().ranks == std::vector<int>{1, 2});
    CHECK(referee.result().reason == "$0 is the last player on the board after turn 4.");
}

TEST_CASE("time limits: 1000 ms on each player's START turn, then 100 ms (spec 7)") {
    TsuroReferee referee(4, 3);
    for (int seat = 0; seat < 4; ++seat) {
        CHECK(referee.current_player() == seat);
        CHECK(referee.time_limit_ms() == 1000);
        referee.play("START " + std::to_string(10 * seat));
    }
    CHECK(referee.time_limit_ms() == 100);
    // A player who timed out at START still had its first execution.
    TsuroReferee other(3, 3);
    CHECK(other.timeout().error == "$0 timeout!");
    CHECK(other.time_limit_ms() == 1000);
    other.play("START 0");
    CHECK(other.time_limit_ms() == 1000);
    other.play("START 1");
    CHECK(other.current_player() == 1);  // player 0 is out: turn 4 is player 1's
    CHECK(other.turn() == 4);
    CHECK(other.time_limit_ms() == 100);
}

TEST_CASE("START parsing, validation order and error texts (spec 2.2)") {
    const std::string format = "$1 Expected input was 'START <boardIndex> <optional message>'";
    const std::string range = "$1 Starting position boardIndex should be picked from interval 0-47";
    const std::string taken = "$1 Invalid starting position - same as opponent";
    struct Case {
        std::string line;
        std::string error;  // empty: accepted
        int mark = -1;
    };
    const std::vector<Case> cases = {
        {"START 6", "", 6},
        {"START 4", "", 4},  // the other mark of player 0's cell (2,0)
        {"START 0", "", 0},
        {"START 47", "", 47},
        {"START 6 hello world", "", 6},
        {"START 6 ", "", 6},  // a trailing space is an empty message
        {"START +6", "", 6},  // toIntOrNull takes a sign
        {"START -0", "", 0},
        {"START \xEF\xBC\x96", "", 6},  // fullwidth 6: Character.digit knows it
        {"START 5", taken},
        {"START 48", range},
        {"START -1", range},
        {"START 2147483647", range},
        {"START 2147483648", format},  // does not fit an Int
        {"START", format},
        {"", format},
        {"start 6", format},
        {"START  6", format},  // the double space makes token 1 empty
        {" START 6", format},
        {"START\t6", format},
        {"START 6\r", format},
        {"START x", format},
        {"START 6.0", format},
        {"STARTS 6", format},
        {"PLACE 27 0", format},
    };
    for (const Case& c : cases) {
        INFO("line '" << c.line << "'");
        TsuroReferee referee(2, 0);
        REQUIRE(referee.play("START 5").accepted);
        const Verdict verdict = referee.play(c.line);
        CHECK(verdict.accepted == c.error.empty());
        CHECK(verdict.error == c.error);
        if (c.error.empty()) {
            CHECK(referee.player(1).start_mark == c.mark);
            CHECK(referee.player(1).position == tsuro::kStartPositions[c.mark]);
            CHECK_FALSE(referee.over());
        } else {
            // Score 0; the other player is the last one: turn 2 + 1.
            CHECK(verdict.summary == c.error + " (score 0)");
            CHECK(referee.player(1).start_mark == -1);
            CHECK(referee.player(1).position == tsuro::Position{-1, -1, -1});
            CHECK(referee.over());
            CHECK(referee.result().scores == std::vector<std::int64_t>{3, 0});
            CHECK(referee.result().ranks == std::vector<int>{1, 2});
        }
    }
    // The first player rejected: the game ends at turn 1 and the other scores 2 without playing.
    TsuroReferee referee(2, 0);
    CHECK(referee.play("START 48").error ==
          "$0 Starting position boardIndex should be picked from interval 0-47");
    CHECK(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 2});
}

TEST_CASE("PLACE parsing, validation order and error texts (spec 3.3)") {
    const std::string format =
        "$0 Expected input was 'PLACE <tileId> <tileRotation> <optional message>";
    const std::string invalid = "$0 Invalid input - either tileId or rotation was invalid";
    struct Case {
        std::string line;
        std::string error;  // empty: accepted
    };
    const std::vector<Case> cases = {
        {"PLACE 27 0", ""},
        {"PLACE 27 0 hello  world", ""},
        {"PLACE 27 0 ", ""},
        {"PLACE +27 -0", ""},
        {"PLACE 27 3", ""},
        {"PLACE 31 0", ""},
        {"PLACE 21 0", ""},
        // Not in the hand {27, 31, 21}.
        {"PLACE 0 0", invalid},
        {"PLACE 18 0", invalid},  // player 1's tile
        {"PLACE 34 0", invalid},
        // These crash the published referee (spec 3.3, 9.2); arena rejects them as invalid.
        {"PLACE 35 0", invalid},
        {"PLACE -1 0", invalid},
        {"PLACE 27 4", invalid},
        {"PLACE 27 -1", invalid},
        {"PLACE 99 9", invalid},
        {"PLACE 2147483647 0", invalid},
        // The format check runs first.
        {"PLACE 99 x", format},
        {"PLACE x 9", format},
        {"PLACE 27", format},
        {"PLACE", format},
        {"", format},
        {"place 27 0", format},
        {"PLACE  27 0", format},
        {" PLACE 27 0", format},
        {"PLACE\t27\t0", format},
        {"PLACE 27 0\r", format},
        {"PLACE 27 2147483648", format},
        {"PLACE 27.0 0", format},
        {"START 5", format},
    };
    for (const Case& c : cases) {
        INFO("line '" << c.line << "'");
        TsuroReferee referee(2, 0);
        start(referee, {1, 20});  // player 0 on (0,0) at 1, player 1 on (5,4) at 2
        const Verdict verdict = referee.play(c.line);
        CHECK(verdict.accepted == c.error.empty());
        CHECK(verdict.error == c.error);
        if (c.error.empty()) {
            CHECK(referee.board().tiles_placed() == 1);
            CHECK(referee.player(0).hand.size() == 3);  // placed one, drew one
        } else {
            CHECK(verdict.summary == c.error + " (score 0)");
            CHECK(referee.board().tiles_placed() == 0);
            CHECK(referee.over());
            // The survivor scores turn + 1 = 4.
            CHECK(referee.result().scores == std::vector<std::int64_t>{0, 4});
        }
    }
}

TEST_CASE("2 players: pushing the other off the board (spec 5)") {
    // Player 0 at mark 1 = (0,0,1), player 1 at mark 0 = (0,0,0), the same cell. Tile 31
    // (0:2 1:5 3:7 4:6) turned once: [2,4,3,7,5,1,6,0], pairs 2-4, 3-7, 5-1, 6-0.
    // Player 0: 1 -> 5, down to (0,1,0). Player 1: 0 -> 6, left to (-1,0,3): off, turn 3.
    TsuroReferee referee(2, 0);
    start(referee, {1, 0});
    const Verdict verdict = place(referee, 31, 1);
    CHECK(verdict.accepted);
    CHECK(verdict.summary ==
          "$0 places tile 31 rotation 1 on col 0 row 0\n$1 leaves the board (score 3)");
    CHECK(referee.player(0).position == tsuro::Position{0, 1, 0});
    CHECK(referee.player(1).position == tsuro::Position{-1, 0, 3});
    CHECK(referee.over());
    CHECK(referee.turn() == 3);
    CHECK(referee.result().scores == std::vector<std::int64_t>{4, 3});
    CHECK(referee.result().ranks == std::vector<int>{1, 2});
    CHECK_THROWS_AS(referee.play("PLACE 27 0"), std::logic_error);
    CHECK_THROWS_AS(referee.timeout(), std::logic_error);
}

TEST_CASE("2 players: suicide scores turn - 1, the other turn + 1 (spec 5)") {
    // Player 0 at mark 0 = (0,0,0). Tile 21 (0:5 1:2 3:7 4:6) turned 3 times: +6 ->
    // [6,3,7,0,1,5,2,4], pairs 6-3, 7-0, 1-5, 2-4. 0 -> 7, left: (-1,0,2).
    TsuroReferee referee(2, 0);
    start(referee, {0, 5});
    CHECK(place(referee, 21, 3).accepted);
    CHECK(referee.player(0).position == tsuro::Position{-1, 0, 2});
    CHECK(referee.result().scores == std::vector<std::int64_t>{2, 4});
    CHECK(referee.result().ranks == std::vector<int>{2, 1});
}

TEST_CASE("2 players: a collision eliminates both, the placer with turn - 1 (spec 4.2, 5)") {
    // Player 0 at mark 0 = (0,0,0), player 1 at mark 47 = (0,0,7). Tile 21 turned 3 times joins
    // 7-0: player 0 leaves through 7 (left), player 1 through 0 (top).
    TsuroReferee referee(2, 0);
    start(referee, {0, 47});
    const Verdict verdict = place(referee, 21, 3);
    CHECK(verdict.summary ==
          "$0 places tile 21 rotation 3 on col 0 row 0\n$0 leaves the board (score 2)\n"
          "$1 leaves the board (score 3)");
    CHECK(referee.player(0).position == tsuro::Position{-1, 0, 2});
    CHECK(referee.player(1).position == tsuro::Position{0, -1, 5});
    CHECK(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{2, 3});
    CHECK(referee.result().ranks == std::vector<int>{2, 1});
    CHECK(referee.result().reason == "No player left on the board after turn 3.");
    // Both hands went back: 29 + 2 + 3 tiles, everything but the tile on the board.
    CHECK(referee.deck().size() == 34);
}

TEST_CASE("3 players: a collision, each kill reshuffling, the third player wins (spec 4.1)") {
    // As above on turn 4, player 2 elsewhere (mark 20 = (5,4,2)).
    TsuroReferee referee(3, 0);
    start(referee, {0, 47, 20});
    const std::vector<int> d = seed0_deck();
    CHECK(place(referee, 21, 3).accepted);
    CHECK(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{3, 4, 5});
    CHECK(referee.result().ranks == std::vector<int>{3, 2, 1});
    // Kill of player 0: deck d[9..34] + its hand {27, 31}, shuffled; players 1 (still active,
    // its kill comes next) and 2 hold 3 tiles, so nothing is dealt. Kill of player 1: that deck
    // + {18, 7, 29}, shuffled again.
    JavaRandom random = seed0_random_after_first_shuffle();
    const std::vector<int> first = shuffled(concat(slice(d, 9, 35), {27, 31}), random);
    const std::vector<int> second = shuffled(concat(first, {18, 7, 29}), random);
    CHECK(referee.deck() == second);
    CHECK(referee.player(2).hand == std::vector<int>{22, 12, 26});
}

TEST_CASE("3 players: suicide puts the 2 tiles back and deals nothing (spec 4.5)") {
    // Player 0 at mark 0 leaves through 7 with tile 21 turned 3 times on turn 4: score 3.
    TsuroReferee referee(3, 0);
    start(referee, {0, 20, 40});
    const std::vector<int> d = seed0_deck();
    const Verdict verdict = place(referee, 21, 3);
    CHECK(verdict.accepted);
    CHECK_FALSE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{3, 0, 0});
    CHECK(referee.result().ranks == std::vector<int>{1, 2, 2});
    JavaRandom random = seed0_random_after_first_shuffle();
    CHECK(referee.deck() == shuffled(concat(slice(d, 9, 35), {27, 31}), random));
    CHECK(referee.player(0).hand.empty());
    CHECK(referee.player(1).hand == std::vector<int>{18, 7, 29});
    CHECK(referee.player(2).hand == std::vector<int>{22, 12, 26});
    CHECK(referee.current_player() == 1);
    CHECK(referee.turn() == 5);
}

TEST_CASE("3 players: knocking out the player just before you gives you 4 tiles (spec 4.5)") {
    // Player 0 at mark 1, player 2 at mark 0, both on (0,0); player 1 at 20 = (5,4,2).
    // Tile 31 turned once sends player 2 off (0 -> 6) and player 0 down to (0,1,0): turn 4.
    TsuroReferee referee(3, 0);
    start(referee, {1, 20, 0});
    const std::vector<int> d = seed0_deck();
    CHECK(place(referee, 31, 1).accepted);
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 0, 4});
    // Kill: d[9..34] + {22, 12, 26} shuffled = D. Dealing starts after player 2, at player 0
    // (2 tiles): it takes D[0]; now everyone active holds 3 and dealing stops. Then player 0
    // draws its turn's tile D[1].
    JavaRandom random = seed0_random_after_first_shuffle();
    const std::vector<int> shuffled_deck = shuffled(concat(slice(d, 9, 35), {22, 12, 26}), random);
    const std::vector<int> hand0 = {27, 21, shuffled_deck[0], shuffled_deck[1]};
    CHECK(referee.player(0).hand == hand0);
    CHECK(referee.player(1).hand == std::vector<int>{18, 7, 29});
    CHECK(referee.deck() == slice(shuffled_deck, 2, 29));
    // Turn 5, player 1 enters (5,4) at 2: tile 18 (0:4 1:2 3:7 5:6) unturned: 2 -> 1, up to
    // (5,3,4). It draws D[2].
    CHECK(referee.current_player() == 1);
    CHECK(place(referee, 18, 0).accepted);
    CHECK(referee.player(1).hand == std::vector<int>{7, 29, shuffled_deck[2]});
    // Turn 6, player 0: 4 tiles in its input; player 2 shows its mark and off-board position.
    CHECK(referee.current_player() == 0);
    CHECK(referee.turn() == 6);
    CHECK(referee.input() ==
          "31 2 4 3 7 5 1 6 0 0 1 0 1\n"
          "18 0 4 1 2 3 7 5 6 5 3 4 20\n"
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 0 3 0\n" +
              hand_text(hand0));
}

TEST_CASE("3 players: a 4th tile for the next player deals out the deck; an empty hand loses") {
    // Player 0 at mark 1 pushes player 1 (mark 0) off on turn 4 with tile 31 turned once.
    TsuroReferee referee(3, 0);
    start(referee, {1, 0, 20});
    const std::vector<int> d = seed0_deck();
    CHECK(place(referee, 31, 1).accepted);
    // Kill: d[9..34] + {18, 7, 29} shuffled = D, 29 tiles. Dealing starts at player 2, who
    // holds 3 and gets a 4th; from then on "everyone has exactly 3" never holds again, so the
    // whole deck goes round: player 2, player 0, (player 1 is out), player 2, ...
    // Player 2 gets D[0], D[2], ..., D[28] (15 tiles), player 0 D[1], D[3], ..., D[27] (14);
    // player 0's own draw then finds the deck empty.
    JavaRandom random = seed0_random_after_first_shuffle();
    const std::vector<int> shuffled_deck = shuffled(concat(slice(d, 9, 35), {18, 7, 29}), random);
    std::vector<int> hand0 = {27, 21};
    std::vector<int> hand2 = {22, 12, 26};
    for (int i = 0; i < 29; ++i) (i % 2 == 0 ? hand2 : hand0).push_back(shuffled_deck[i]);
    CHECK(referee.player(0).hand == hand0);
    CHECK(referee.player(2).hand == hand2);
    CHECK(referee.player(0).hand.size() == 16);
    CHECK(referee.player(2).hand.size() == 18);
    CHECK(referee.deck().empty());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 4, 0});

    // Turn 5: player 2's input lists all 18 tiles in draw order.
    CHECK(referee.current_player() == 2);
    CHECK(referee.input() ==
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 4 2 20\n"
          "31 2 4 3 7 5 1 6 0 0 1 0 1\n"
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 0 3 0\n" +
              hand_text(hand2));

    // 33 placements in which nobody leaves the board (found by a search over legal moves):
    // player 2 on turns 5, 7, ..., 37 (17 tiles), player 0 on turns 6, ..., 36 (16 tiles).
    const std::vector<std::pair<int, int>> moves = {
        {12, 1}, {21, 2}, {23, 1}, {34, 0}, {5, 0},  {25, 0}, {7, 2},  {32, 1}, {13, 0},
        {2, 2},  {33, 0}, {10, 0}, {14, 0}, {29, 3}, {30, 0}, {18, 3}, {6, 3},  {9, 2},
        {28, 3}, {11, 1}, {24, 3}, {8, 3},  {26, 1}, {27, 3}, {22, 3}, {19, 3}, {15, 3},
        {0, 2},  {1, 1},  {20, 1}, {16, 1}, {4, 2},  {17, 2}};
    for (const auto& [tile, rotation] : moves) {
        INFO("turn " << referee.turn() << ": PLACE " << tile << " " << rotation);
        REQUIRE_FALSE(referee.over());
        const Verdict verdict = place(referee, tile, rotation);
        REQUIRE(verdict.accepted);
        REQUIRE(referee.player(0).active);
        REQUIRE(referee.player(2).active);
    }
    // Turn 38 = maxTurns (35 + 3): player 0 has placed all 16 tiles, its input says 0 tiles, and
    // no PLACE can be valid.
    CHECK(referee.turn() == 38);
    CHECK(referee.max_turns() == 38);
    CHECK(referee.current_player() == 0);
    CHECK(referee.player(0).hand.empty());
    CHECK(referee.player(2).hand.size() == 1);
    CHECK(referee.board().tiles_placed() == 34);
    const std::string input = referee.input();
    CHECK(input.substr(input.size() - 3) == "\n0\n");
    const Verdict verdict = place(referee, 27, 0);
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.error == "$0 Invalid input - either tileId or rotation was invalid");
    // Player 2 is the last one on the board: turn + 1, even on the last turn.
    CHECK(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 4, 39});
    CHECK(referee.result().ranks == std::vector<int>{3, 2, 1});
}

TEST_CASE("3 players: a timed-out player's marker stays and is still moved (spec 3.2, 4.1)") {
    // Player 0 at mark 1 and player 1 at mark 0 share (0,0); player 2 at 20 = (5,4,2).
    TsuroReferee referee(3, 0);
    start(referee, {1, 0, 20});
    const std::vector<int> d = seed0_deck();
    const Verdict timeout = referee.timeout();
    CHECK_FALSE(timeout.accepted);
    CHECK(timeout.error == "$0 timeout!");
    CHECK(timeout.summary == "$0 timeout! (score 0)");
    CHECK_FALSE(referee.player(0).active);
    CHECK(referee.player(0).position == tsuro::Position{0, 0, 1});
    JavaRandom random = seed0_random_after_first_shuffle();
    const std::vector<int> shuffled_deck = shuffled(concat(slice(d, 9, 35), {27, 31, 21}), random);
    CHECK(referee.deck() == shuffled_deck);

    // Turn 5, player 1: tile 29 (0:3 1:5 2:6 4:7) turned once: [2,5,3,7,4,0,6,1], pairs 2-5,
    // 3-7, 4-0, 6-1. Player 1: 0 -> 4, down to (0,1,1). Player 0's marker: 1 -> 6, out to the
    // left (-1,0,3); it is already out, so no second kill (no reshuffle) and its score stays 0.
    const Verdict verdict = place(referee, 29, 1);
    CHECK(verdict.summary == "$1 places tile 29 rotation 1 on col 0 row 0");
    CHECK(referee.player(0).position == tsuro::Position{-1, 0, 3});
    CHECK(referee.player(1).position == tsuro::Position{0, 1, 1});
    CHECK(referee.deck() == slice(shuffled_deck, 1, 29));
    CHECK(referee.player(1).hand == std::vector<int>{18, 7, shuffled_deck[0]});
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 0, 0});

    // Turn 6, player 2 sees itself, then player 0 (never placed, off the board now), player 1.
    CHECK(referee.current_player() == 2);
    CHECK(referee.time_limit_ms() == 100);
    CHECK(referee.input() ==
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 5 4 2 20\n"
          "-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 0 3 1\n"
          "29 2 5 3 7 4 0 6 1 0 1 1 0\n"
          "3\n"
          "22 0 5 1 3 2 7 4 6\n"
          "12 0 2 1 7 3 6 4 5\n"
          "26 0 5 1 4 2 7 3 6\n");
}

TEST_CASE("4 players: two pushed off in one turn tie; their kills deal out the deck") {
    // Marks 1, 0, 46 are points 1, 0, 6 of the corner cell (0,0); player 3 at 20 = (5,4,2).
    // Tile 31 turned once (pairs 2-4, 3-7, 5-1, 6-0): player 0 goes 1 -> 5, down to (0,1,0);
    // player 1 0 -> 6, out left; player 2 6 -> 0, out the top. Turn 5: both score 5.
    TsuroReferee referee(4, 0);
    start(referee, {1, 0, 46, 20});
    const std::vector<int> d = seed0_deck();
    const Verdict verdict = place(referee, 31, 1);
    CHECK(verdict.summary ==
          "$0 places tile 31 rotation 1 on col 0 row 0\n"
          "$1 leaves the board (score 5)\n$2 leaves the board (score 5)");
    CHECK(referee.player(1).position == tsuro::Position{-1, 0, 3});
    CHECK(referee.player(2).position == tsuro::Position{0, -1, 5});
    CHECK_FALSE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 5, 5, 0});
    CHECK(referee.result().ranks == std::vector<int>{3, 1, 1, 3});

    // Kill of player 1: d[12..34] + {18, 7, 29} shuffled = D1 (26 tiles). Dealing starts at
    // player 2, still active until its own kill, who gets a 4th tile: the deck goes round
    // 2, 3, 0, (1 out), 2, 3, 0, ...: 9, 9 and 8 tiles.
    JavaRandom random = seed0_random_after_first_shuffle();
    const std::vector<int> d1 = shuffled(concat(slice(d, 12, 35), {18, 7, 29}), random);
    std::vector<int> hand0 = {27, 21};
    std::vector<int> hand2 = {22, 12, 26};
    std::vector<int> hand3 = {0, 14, 33};
    for (int i = 0; i < 26; ++i) {
        std::vector<int>* const order[] = {&hand2, &hand3, &hand0};
        order[i % 3]->push_back(d1[i]);
    }
    // Kill of player 2: its 12 tiles, shuffled = D2; dealing starts at player 3 and alternates
    // 3, 0 until the deck is empty: 6 each. Player 0's own draw finds nothing.
    const std::vector<int> d2 = shuffled(hand2, random);
    for (int i = 0; i < 12; ++i) (i % 2 == 0 ? hand3 : hand0).push_back(d2[i]);
    CHECK(referee.player(0).hand == hand0);
    CHECK(referee.player(3).hand == hand3);
    CHECK(referee.player(0).hand.size() == 16);
    CHECK(referee.player(3).hand.size() == 18);
    CHECK(referee.player(1).hand.empty());
    CHECK(referee.player(2).hand.empty());
    CHECK(referee.deck().empty());

    // Turn 6 is player 3's. It times out: score 0, its 18 tiles go to the only other player,
    // who is the last one on the board: turn 6 + 1.
    CHECK(referee.current_player() == 3);
    const std::string input = referee.input();
    CHECK(input.find("\n18\n") != std::string::npos);
    CHECK(referee.timeout().error == "$3 timeout!");
    CHECK(referee.over());
    CHECK(referee.player(0).hand.size() == 34);
    CHECK(referee.result().scores == std::vector<std::int64_t>{7, 5, 5, 0});
    CHECK(referee.result().ranks == std::vector<int>{1, 2, 2, 4});
}

TEST_CASE("turn limit 35 + playerCount: survivors keep score 0 and tie (spec 4.6)") {
    // 35 placements in which nobody leaves the board (found by a search over legal moves),
    // seed 0, player 0 at mark 8 = (4,0,0), player 1 at mark 36 = (0,5,6).
    TsuroReferee referee(2, 0);
    start(referee, {8, 36});
    const std::vector<std::pair<int, int>> moves = {
        {27, 2}, {29, 1}, {21, 3}, {18, 2}, {26, 1}, {12, 1}, {14, 1}, {7, 1},  {9, 2},
        {33, 2}, {30, 2}, {0, 3},  {31, 2}, {15, 3}, {8, 0},  {24, 3}, {11, 0}, {10, 0},
        {3, 1},  {34, 0}, {17, 0}, {16, 0}, {6, 0},  {4, 2},  {20, 2}, {25, 0}, {13, 3},
        {32, 1}, {2, 0},  {28, 3}, {19, 0}, {23, 2}, {22, 3}, {1, 1},  {5, 0}};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        INFO("turn " << referee.turn() << ": PLACE " << moves[i].first << " " << moves[i].second);
        REQUIRE_FALSE(referee.over());
        CHECK(referee.turn() == static_cast<int>(i) + 3);
        CHECK(referee.current_player() == static_cast<int>(i % 2));
        REQUIRE(place(referee, moves[i].first, moves[i].second).accepted);
        REQUIRE(referee.player(0).active);
        REQUIRE(referee.player(1).active);
    }
    CHECK(referee.over());
    CHECK(referee.turn() == 37);
    CHECK(referee.max_turns() == 37);
    CHECK(referee.board().tiles_placed() == 35);
    // Both stand on the one empty cell.
    CHECK(referee.player(0).position.same_cell(referee.player(1).position));
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 0});
    CHECK(referee.result().ranks == std::vector<int>{1, 1});
    CHECK(referee.result().reason ==
          "Turn limit 37 reached with 2 players on the board (they score 0).");
}

TEST_CASE("state() shows the turn, the deck size, the board and every seat") {
    // The position of the 2-player input test after player 0's tile: 29 - 1 tiles in the deck.
    TsuroReferee referee(2, 0);
    start(referee, {5, 36});
    place(referee, 21, 2);
    CHECK(referee.state() ==
          "turn 4 deck 28 board .,.,21r2,.,.,./.,.,.,.,.,./.,.,.,.,.,./.,.,.,.,.,./"
          ".,.,.,.,.,./.,.,.,.,.,. | $0 in 2,1,1 start 5 hand 27,31,22 score 0 | "
          "$1 in 0,5,6 start 36 hand 18,7,29 score 0");
    place(referee, 7, 1);  // player 1 leaves the board
    CHECK(referee.state().find("| $1 out -1,5,2 start 36 hand - score 3") != std::string::npos);
}
