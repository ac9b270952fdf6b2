// The Dice Shogi bots' engine (bots/diceshogi/minishogi.hpp) against published minishogi perft
// numbers and the referee traces of the project's Dice Shogi spec (§10, §11).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "minishogi.hpp"
#include "protocol.hpp"

using namespace diceshogi;

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, sep)) parts.push_back(trim(part));
    return parts;
}

// The legal actions the referee offers for a die (spec §5.3): destination file == die, all for a
// 6 or when no move goes to that file. Sorted; *all tells whether every legal move is offered.
std::vector<std::string> offered_actions(Position& pos, int die, bool* all) {
    MoveList legal;
    pos.generate_legal(legal);
    std::vector<std::string> every, filtered;
    for (Move m : legal) {
        every.push_back(pos.action(m));
        if (destination_file(m) == die) filtered.push_back(pos.action(m));
    }
    *all = die == 6 || filtered.empty();
    std::vector<std::string> result = *all ? every : filtered;
    std::sort(result.begin(), result.end());
    return result;
}

// The board as the referee prints it to the bots, lines joined by '/'.
std::string board_text(const Position& pos) {
    std::string s;
    for (int row = 4; row >= 0; --row) {
        for (int col = 0; col < 5; ++col) {
            const Piece p = pos.board[make_square(row, col)];
            s += p ? Position::piece_text(p) : ".";
        }
        if (row) s += '/';
    }
    return s;
}

struct TraceRow {
    int ply = 0;
    int die = 0;
    bool all = false;
    std::string board, hand0, hand1, chosen;
    std::vector<std::string> actions;
};

std::vector<TraceRow> read_traces() {
    std::ifstream in(std::string(DICESHOGI_TEST_DATA_DIR) + "/traces.txt");
    std::vector<TraceRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] != '|') continue;
        const std::vector<std::string> cells = split(line.substr(1), '|');
        REQUIRE(cells.size() >= 8);
        TraceRow r;
        r.ply = std::stoi(cells[0]);
        r.die = std::stoi(cells[1]);
        r.all = cells[2] == "true";
        r.board = cells[3];
        const std::vector<std::string> hands = split(cells[4], ',');
        r.hand0 = hands.at(0);
        r.hand1 = hands.at(1);
        r.actions = split(cells[6], ',');
        REQUIRE(int(r.actions.size()) == std::stoi(cells[5]));
        r.chosen = cells[7];
        rows.push_back(r);
    }
    return rows;
}

Position position_of_row(const TraceRow& r) {
    const std::vector<std::string> lines = split(r.board, '/');
    REQUIRE(lines.size() == 5);
    std::array<std::string, 5> rows;
    std::copy(lines.begin(), lines.end(), rows.begin());
    // Player 0 plays the odd plies (spec §2).
    const std::optional<Position> pos =
        Position::from_turn(rows, r.hand0, r.hand1, r.ply % 2 == 1 ? kBlack : kWhite);
    REQUIRE(pos.has_value());
    return *pos;
}

std::map<PieceType, int> hand_counts(const std::string& hand) {
    std::map<PieceType, int> counts;
    for (char ch : hand)
        if (ch != '-') ++counts[type_of(*Position::piece_from_char(ch, false))];
    return counts;
}

}  // namespace

TEST_CASE("perft from the start position matches the published minishogi numbers") {
    // Spec §10: 14 / 181 / 2 512 / 35 401 / 533 203 (Fairy-Stockfish, shogiops, harryuan65).
    Position pos = Position::start();
    CHECK(perft(pos, 1) == 14);
    CHECK(perft(pos, 2) == 181);
    CHECK(perft(pos, 3) == 2512);
    CHECK(perft(pos, 4) == 35401);
    CHECK(perft(pos, 5) == 533203);
    CHECK(pos.to_sfen() == "rbsgk/4p/5/P4/KGSBR b - 1");  // make/unmake restored everything
}

TEST_CASE("perft with pawn-drop mate forbidden (spec §10, the referee's own positions)") {
    // The mating pawn drop P*5b is not a legal move: 60, not 61.
    Position a = *Position::from_sfen("k2+PS/2G2/BS3/b2K1/R4 b PRg 101");
    CHECK(perft(a, 1) == 60);
    CHECK(perft(a, 2) == 955);
    CHECK(perft(a, 3) == 33979);
    Position b = *Position::from_sfen("2k1S/B1rP1/2KG1/GS1p1/R1B2 b - 91");
    CHECK(perft(b, 1) == 3);
    CHECK(perft(b, 2) == 16);
    CHECK(perft(b, 3) == 292);
    CHECK(perft(b, 4) == 3820);
    CHECK(perft(b, 5) == 74319);
}

TEST_CASE("the start moves in CodinGame notation (spec §3.5)") {
    Position pos = Position::start();
    bool all = false;
    const std::vector<std::string> actions = offered_actions(pos, 6, &all);
    std::vector<std::string> expected = {"5544", "4544", "4534", "3544", "3534", "3524", "2534",
                                         "2543", "2552", "2514", "1514", "1513", "1512", "5453"};
    std::sort(expected.begin(), expected.end());
    CHECK(actions == expected);
    CHECK(all);
}

TEST_CASE(
    "every trace row: offered actions, fallback flag, and the move played gives the next "
    "row") {
    const std::vector<TraceRow> rows = read_traces();
    REQUIRE(rows.size() == 48);
    for (size_t i = 0; i < rows.size(); ++i) {
        const TraceRow& r = rows[i];
        CAPTURE(r.ply);
        CAPTURE(r.board);
        Position pos = position_of_row(r);
        bool all = false;
        CHECK(offered_actions(pos, r.die, &all) == r.actions);
        CHECK(all == r.all);

        MoveList legal;
        pos.generate_legal(legal);
        const auto chosen = std::find_if(legal.begin(), legal.end(),
                                         [&](Move m) { return pos.action(m) == r.chosen; });
        REQUIRE(chosen != legal.end());
        pos.do_move(*chosen);
        if (i + 1 < rows.size() && rows[i + 1].ply == r.ply + 1) {
            const TraceRow& next = rows[i + 1];
            CHECK(board_text(pos) == next.board);
            for (PieceType t : {kPawn, kSilver, kBishop, kRook, kGold}) {
                CHECK(pos.hand[kBlack][t] == hand_counts(next.hand0)[t]);
                CHECK(pos.hand[kWhite][t] == hand_counts(next.hand1)[t]);
            }
            CHECK(pos.key == position_of_row(next).key);  // incremental hash = hash from scratch
        }
        if (r.ply == 18 && r.chosen == "2122") {
            // Seed 12345: player 0 has no legal move after ply 18 and loses (spec §11).
            CHECK_FALSE(pos.has_legal_move());
            CHECK(pos.in_check());
        } else {
            CHECK(pos.has_legal_move());
        }
        pos.undo_move();
        CHECK(board_text(pos) == r.board);
    }
}

TEST_CASE("promoted pieces on the board lines and SFEN") {
    std::array<std::string, 5> rows = {"..+Bgk", ".....", ".....", "G....", "K.R.+p"};
    const std::optional<Position> pos = Position::from_turn(rows, "PS", "-", kBlack);
    REQUIRE(pos.has_value());
    CHECK(type_of(pos->board[make_square(4, 2)]) == kHorse);
    CHECK(color_of(pos->board[make_square(4, 2)]) == kBlack);
    CHECK(type_of(pos->board[make_square(0, 4)]) == kProPawn);
    CHECK(color_of(pos->board[make_square(0, 4)]) == kWhite);
    CHECK(pos->to_sfen() == "2+Bgk/5/5/G4/K1R1+p b SP 1");
    // A line of the wrong length is refused rather than misread.
    rows[1] = "......";
    CHECK_FALSE(Position::from_turn(rows, "-", "-", kBlack).has_value());
}

TEST_CASE("uchifuzume: a mating pawn drop is not legal, a checking one is") {
    // White king on 11 boxed in by its own pieces; a black pawn dropped on 12 would mate.
    Position mate = *Position::from_sfen("3rk/5/4G/5/K4 b P 1");
    MoveList legal;
    mate.generate_legal(legal);
    bool has_p12 = false;
    for (Move m : legal) has_p12 |= mate.action(m) == "P*12";
    CHECK_FALSE(has_p12);
    // Same, but the king can step aside to 22: the drop is legal.
    Position escape = *Position::from_sfen("4k/5/4G/5/K4 b P 1");
    legal.size = 0;
    escape.generate_legal(legal);
    has_p12 = false;
    for (Move m : legal) has_p12 |= escape.action(m) == "P*12";
    CHECK(has_p12);
}

TEST_CASE("the turn reader: first turn with id and size, later turns without") {
    std::istringstream in(
        "1\n5\nrbsgk\n....p\n.....\nPK...\n.GSBR\n-\n-\n4\n5544\n1\n3142\n"
        "rb.gk\n.s..p\n.....\nPKG..\n..SBR\n-\n-\n1\n4534\n2\n1213\n4114\n");
    TurnReader reader(in);
    TurnInput t;
    REQUIRE(reader.read(t));
    CHECK(t.id == 1);
    CHECK(t.turn == 0);
    CHECK(t.plies_before() == 1);
    CHECK(t.die == 4);
    CHECK(t.last_action == "5544");
    CHECK(t.actions == std::vector<std::string>{"3142"});
    REQUIRE(reader.read(t));
    CHECK(t.id == 1);
    CHECK(t.turn == 1);
    CHECK(t.rows[3] == "PKG..");
    CHECK(t.actions == std::vector<std::string>{"1213", "4114"});
    std::optional<Position> pos = position_of(t);
    REQUIRE(pos.has_value());
    CHECK(pos->side == kWhite);
    CHECK(match_offered(*pos, t.actions).size() == 2);
    CHECK_FALSE(reader.read(t));
}
