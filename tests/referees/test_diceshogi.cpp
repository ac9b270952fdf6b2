// The Dice Shogi referee against the spec (shared/specs/diceshogi.md; facts cited by section):
// the exact input bytes, the dice and the die filter, output parsing, every way a game ends, the
// SFEN start positions and state(), arena's documented action order, and the spec's game traces
// (tests/data/diceshogi, copied from §11) turn by turn.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "referees/diceshogi/diceshogi.hpp"
#include "referees/registry.hpp"

using namespace arena::referee;

namespace {

// One turn's input as a bot reads it (§3.1-§3.2).
struct TurnInput {
    std::optional<int> id;  // set on the player's first turn (with the board size line)
    std::vector<std::string> board;
    std::string hand0, hand1;
    int die = 0;
    std::string last_action;
    std::vector<std::string> actions;
};

std::vector<std::string> lines_of(const std::string& text) {
    REQUIRE(!text.empty());
    REQUIRE(text.back() == '\n');
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

TurnInput parse_input(const std::string& text) {
    const std::vector<std::string> lines = lines_of(text);
    TurnInput turn;
    std::size_t at = 0;
    if (lines.at(0).size() == 1) {  // "0" or "1": a board line has at least 5 characters
        turn.id = std::stoi(lines.at(0));
        REQUIRE(lines.at(1) == "5");
        at = 2;
    }
    for (int row = 0; row < 5; ++row) turn.board.push_back(lines.at(at++));
    turn.hand0 = lines.at(at++);
    turn.hand1 = lines.at(at++);
    turn.die = std::stoi(lines.at(at++));
    turn.last_action = lines.at(at++);
    const int count = std::stoi(lines.at(at++));
    for (int i = 0; i < count; ++i) turn.actions.push_back(lines.at(at++));
    CHECK(at == lines.size());
    return turn;
}

std::string joined(const std::vector<std::string>& parts, char separator) {
    std::string text;
    for (const std::string& part : parts) {
        if (!text.empty()) text += separator;
        text += part;
    }
    return text;
}

std::vector<std::string> sorted(std::vector<std::string> texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::istringstream stream(text);
    for (std::string part; std::getline(stream, part, separator);) parts.push_back(part);
    return parts;
}

DiceShogiReferee from_sfen(const std::string& sfen, std::int64_t seed = 0) {
    return DiceShogiReferee(seed, parse_diceshogi_testcase(sfen));
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The action order arena documents in diceshogi.hpp, written again from that description.
struct DocumentedOrder {
    std::uint64_t state;
    static std::uint64_t mix(std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    DocumentedOrder(std::int64_t seed, int move_number)
        : state(mix(mix(static_cast<std::uint64_t>(seed)) +
                    static_cast<std::uint64_t>(move_number))) {}
    std::uint64_t uniform(std::uint64_t k) {
        // Reject x >= 2^64 - (2^64 mod k).
        const unsigned __int128 two64 = static_cast<unsigned __int128>(1) << 64;
        const unsigned __int128 limit = two64 - two64 % k;
        for (;;) {
            state += 0x9E3779B97F4A7C15ULL;
            const std::uint64_t x = mix(state);
            if (x < limit) return x % k;
        }
    }
    std::vector<std::string> shuffle(std::vector<std::string> actions) {
        actions = sorted(actions);
        for (std::size_t i = actions.size() - 1; i >= 1; --i)
            std::swap(actions[i], actions[uniform(i + 1)]);
        return actions;
    }
};

const std::set<std::string> kStartMoves = {"5544", "4544", "4534", "3544", "3534", "3524", "2534",
                                           "2543", "2552", "2514", "1514", "1513", "1512", "5453"};

}  // namespace

// --- Input bytes ---------------------------------------------------------------------------

TEST_CASE("player 0's first input with seed 0 (spec §3.5)") {
    DiceShogiReferee referee(0);
    CHECK(referee.current_player() == 0);
    const std::string input = referee.input();
    const std::string head = "0\n5\nrbsgk\n....p\n.....\nP....\nKGSBR\n-\n-\n6\nnone\n14\n";
    REQUIRE(input.substr(0, head.size()) == head);
    const TurnInput turn = parse_input(input);
    CHECK(std::set<std::string>(turn.actions.begin(), turn.actions.end()) == kStartMoves);
    CHECK(turn.actions.size() == 14);
}

TEST_CASE("seed 12345: die 4, four actions, and player 1's first input after 5544 (§3.5)") {
    DiceShogiReferee referee(12345);
    const TurnInput first = parse_input(referee.input());
    CHECK(first.die == 4);
    CHECK(sorted(first.actions) == std::vector<std::string>{"2543", "3544", "4544", "5544"});
    CHECK_FALSE(referee.all_actions_offered());
    REQUIRE(referee.play("5544").accepted);
    CHECK(referee.current_player() == 1);
    CHECK(referee.input() == "1\n5\nrbsgk\n....p\n.....\nPK...\n.GSBR\n-\n-\n4\n5544\n1\n3142\n");
}

TEST_CASE("the id lines come only on each player's first turn; 1000 ms then 100 ms (§3.1, §7)") {
    DiceShogiReferee referee(0);
    CHECK(referee.time_limit_ms() == 1000);
    CHECK(parse_input(referee.input()).id == 0);
    REQUIRE(referee.play("5544").accepted);
    CHECK(referee.time_limit_ms() == 1000);
    CHECK(parse_input(referee.input()).id == 1);
    REQUIRE(referee.play("1213").accepted);
    CHECK(referee.time_limit_ms() == 100);
    const TurnInput third = parse_input(referee.input());
    CHECK_FALSE(third.id);
    CHECK(third.last_action == "1213");
    CHECK(third.board == std::vector<std::string>{"rbsgk", ".....", "....p", "PK...", ".GSBR"});
    REQUIRE(referee.play("5453").accepted);
    CHECK(referee.time_limit_ms() == 100);
    CHECK_FALSE(parse_input(referee.input()).id);
}

TEST_CASE("a game where player 1 moves first: its header, then player 0's") {
    DiceShogiReferee referee = from_sfen("4k/5/5/5/K4 w p 1");
    CHECK(referee.current_player() == 1);
    const TurnInput gote = parse_input(referee.input());
    CHECK(gote.id == 1);
    CHECK(gote.last_action == "none");
    CHECK(gote.hand0 == "-");
    CHECK(gote.hand1 == "p");
    CHECK(referee.time_limit_ms() == 1000);
    REQUIRE(referee.play("p*53").accepted);
    const TurnInput sente = parse_input(referee.input());
    CHECK(sente.id == 0);
    CHECK(sente.last_action == "p*53");  // in the mover's (lower) case
    CHECK(sente.board == std::vector<std::string>{"....k", ".....", "p....", ".....", "K...."});
}

TEST_CASE("hands are lists in capture order; a drop removes the first piece of its kind (§3.2)") {
    // Player 0's rook takes a silver, then a pawn; player 0 starts with a pawn in hand.
    DiceShogiReferee referee = from_sfen("4k/5/Rsp2/5/K4 b Pgs 1");
    TurnInput turn = parse_input(referee.input());
    CHECK(turn.hand0 == "P");
    CHECK(turn.hand1 == "gs");  // player 1's letters in lower case
    REQUIRE(referee.play("5343").accepted);
    turn = parse_input(referee.input());
    CHECK(turn.hand0 == "PS");  // not sorted: the silver was taken last
    REQUIRE(referee.play("1121").accepted);
    REQUIRE(referee.play("4333").accepted);
    turn = parse_input(referee.input());
    CHECK(turn.hand0 == "PSP");                            // not grouped
    CHECK(referee.state() == "3k1/5/2R2/5/K4 w 2PSgs 4");  // kinds in first-taken order
    REQUIRE(referee.play("2111").accepted);
    REQUIRE(referee.play("P*54").accepted);
    turn = parse_input(referee.input());
    CHECK(turn.hand0 == "SP");  // the first pawn left
    REQUIRE(referee.play("s*23").accepted);
    turn = parse_input(referee.input());
    CHECK(turn.hand1 == "g");
    REQUIRE(referee.play("S*43").accepted);
    CHECK(parse_input(referee.input()).hand0 == "P");
}

TEST_CASE("promoted pieces take two characters on the board lines (§3.2)") {
    DiceShogiReferee referee = from_sfen("4k/S4/5/5/K4 b - 1");
    REQUIRE(referee.play("5251+").accepted);
    CHECK(parse_input(referee.input()).board.front() == "+S...k");  // 5 cells, 6 characters
    DiceShogiReferee plain = from_sfen("4k/S4/5/5/K4 b - 1");
    REQUIRE(plain.play("5251").accepted);
    CHECK(parse_input(plain.input()).board.front() == "S...k");
}

// --- Dice and the die filter ---------------------------------------------------------------

TEST_CASE(
    "the die filter keeps the moves and drops to the die's file; fallback offers all (§5.3)") {
    // Seed 12345 rolls 4 first. The king on 15 can only reach files 1 and 2: fallback.
    DiceShogiReferee fallback = from_sfen("k4/5/5/5/4K b - 1", 12345);
    const TurnInput turn = parse_input(fallback.input());
    CHECK(turn.die == 4);  // the rolled value, not 6
    CHECK(fallback.all_actions_offered());
    CHECK(sorted(turn.actions) == std::vector<std::string>{"1514", "1524", "1525"});
    const Verdict verdict = fallback.play("1514");
    CHECK(verdict.accepted);
    CHECK(contains(verdict.summary, "no legal action to file 4"));

    // Drops count by their destination file too.
    DiceShogiReferee drops = from_sfen("k4/5/5/5/4K b G 1", 12345);
    for (const std::string& action : parse_input(drops.input()).actions) {
        CHECK_MESSAGE(action.substr(0, 2) == "G*", action);
        CHECK_MESSAGE(action[2] == '4', action);
    }
    CHECK(parse_input(drops.input()).actions.size() == 5);
    CHECK_FALSE(drops.all_actions_offered());
}

TEST_CASE("the dice follow the spec's vectors ply by ply, whatever is played (§5.1)") {
    // Seed 42: 3245421151...; seed 0: always 6.
    DiceShogiReferee referee(42);
    DiceShogiReferee plain(0);
    const std::string expected = "3245421151";
    for (char die : expected) {
        REQUIRE_FALSE(referee.over());
        CHECK(parse_input(referee.input()).die == die - '0');
        CHECK(referee.die() == die - '0');
        REQUIRE(referee.play("random").accepted);
        CHECK(plain.die() == 6);
        REQUIRE(plain.play("random").accepted);
    }
}

// --- The spec's traces ---------------------------------------------------------------------

namespace {

struct TraceRow {
    int ply, die;
    bool all;
    std::string board, hands;
    std::size_t count;
    std::vector<std::string> actions;
    std::string chosen;
};

std::vector<TraceRow> read_trace(const std::string& name) {
    std::ifstream file(std::string(ARENA_TEST_DATA_DIR "/diceshogi/") + name);
    REQUIRE_MESSAGE(file.good(), name);
    std::vector<TraceRow> rows;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        const std::vector<std::string> fields = split(line, '\t');
        REQUIRE(fields.size() == 8);
        rows.push_back({std::stoi(fields[0]), std::stoi(fields[1]), fields[2] == "true", fields[3],
                        fields[4], std::stoul(fields[5]), split(fields[6], ','), fields[7]});
    }
    return rows;
}

void replay_trace(DiceShogiReferee& referee, const std::vector<TraceRow>& rows) {
    std::string previous = "none";
    for (const TraceRow& row : rows) {
        INFO("ply " << row.ply);
        REQUIRE_FALSE(referee.over());
        CHECK(referee.current_player() == (row.ply - 1) % 2);
        const TurnInput turn = parse_input(referee.input());
        CHECK(turn.id.has_value() == (row.ply <= 2));
        CHECK(turn.die == row.die);
        CHECK(referee.all_actions_offered() == row.all);
        CHECK(joined(turn.board, '/') == row.board);
        CHECK(turn.hand0 + "," + turn.hand1 == row.hands);
        CHECK(turn.last_action == previous);
        CHECK(turn.actions.size() == row.count);
        CHECK(sorted(turn.actions) == row.actions);
        const Verdict verdict = referee.play(row.chosen);
        REQUIRE(verdict.accepted);
        CHECK(verdict.error.empty());
        CHECK(contains(verdict.summary, row.chosen));
        previous = row.chosen;
    }
}

}  // namespace

TEST_CASE("trace: seed 12345, both play the largest action; player 1 mates after ply 18 (§11)") {
    const std::vector<TraceRow> rows = read_trace("trace_seed12345_max.tsv");
    REQUIRE(rows.size() == 18);
    DiceShogiReferee referee(12345);
    replay_trace(referee, rows);
    REQUIRE(referee.over());
    const Result result = referee.result();
    CHECK(result.scores == std::vector<std::int64_t>{-1, 1});
    CHECK(result.ranks == std::vector<int>{2, 1});
    CHECK(contains(result.reason, "player 0 is checkmated after ply 18"));
    CHECK(referee.input().empty());
}

TEST_CASE("trace: seed 1, both play the smallest action, first 30 plies (§11)") {
    const std::vector<TraceRow> rows = read_trace("trace_seed1_min.tsv");
    REQUIRE(rows.size() == 30);
    DiceShogiReferee referee(1);
    replay_trace(referee, rows);
    CHECK_FALSE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 0});
}

TEST_CASE("whole games with the min / max / mod policies end as the spec says (§11)") {
    std::ifstream file(ARENA_TEST_DATA_DIR "/diceshogi/outcomes.tsv");
    REQUIRE(file.good());
    int games = 0;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string policy, winner;
        std::int64_t seed = 0;
        int plies = 0;
        fields >> policy >> seed >> winner >> plies;
        INFO(policy << " seed " << seed);
        DiceShogiReferee referee(seed);
        int ply = 0;
        while (!referee.over()) {
            ++ply;
            const std::vector<std::string> actions = sorted(parse_input(referee.input()).actions);
            std::string chosen;
            if (policy == "min") {
                chosen = actions.front();
            } else if (policy == "max") {
                chosen = actions.back();
            } else {
                chosen = actions[static_cast<std::size_t>(ply) * 7919 % actions.size()];
            }
            REQUIRE(referee.play(chosen).accepted);
        }
        CHECK(ply == plies);
        const Result result = referee.result();
        if (winner == "draw") {
            CHECK(result.scores == std::vector<std::int64_t>{0, 0});
            CHECK(result.ranks == std::vector<int>{1, 1});
        } else {
            const int w = std::stoi(winner);
            CHECK(result.scores[w] == 1);
            CHECK(result.scores[1 - w] == -1);
            CHECK(result.ranks[w] == 1);
        }
        ++games;
    }
    CHECK(games == 18);
}

// --- Output parsing (§3.4) -----------------------------------------------------------------

TEST_CASE("output parsing: trim, message after a space, case, random, exact '+'") {
    const auto accepts = [](const std::string& sfen, const std::string& line,
                            const std::string& played) {
        DiceShogiReferee referee = from_sfen(sfen);
        const Verdict verdict = referee.play(line);
        INFO("line '" << line << "'");
        CHECK(verdict.accepted);
        CHECK(verdict.error.empty());
        if (!played.empty()) CHECK(parse_input(referee.input()).last_action == played);
        return verdict;
    };
    const auto rejects = [](const std::string& sfen, const std::string& line,
                            const std::string& error) {
        DiceShogiReferee referee = from_sfen(sfen);
        const Verdict verdict = referee.play(line);
        INFO("line '" << line << "'");
        CHECK_FALSE(verdict.accepted);
        CHECK(verdict.error == error);
        CHECK(referee.over());
        CHECK(referee.result().scores == std::vector<std::int64_t>{-1, 1});
    };
    const std::string start = "rbsgk/4p/5/P4/KGSBR b - 1";

    accepts(start, "5544", "5544");
    accepts(start, " \t5544 \r", "5544");
    CHECK(contains(accepts(start, "5544 Take this!", "5544").summary, "message: Take this!"));
    // Empty pieces of split(" ") keep their spaces inside the message.
    CHECK(contains(accepts(start, "5544  hello   world  ", "5544").summary,
                   "message: hello   world."));
    accepts(start, "5544 2552", "5544");  // only the first piece is the action
    accepts(start, "RANDOM", "");
    accepts(start, "Random please", "");
    accepts("4k/5/5/5/K4 b P 1", "p*24", "P*24");  // the offered text is what the opponent reads
    accepts("4k/5/5/5/K4 w p 1", "P*24", "p*24");
    accepts("4k/5/5/5/K4 b S 1", "\xC5\xBF*33", "S*33");  // U+017F upper-cases to 'S' in Java
    accepts("4k/S4/5/5/K4 b - 1", "5251+", "5251+");
    accepts("4k/S4/5/5/K4 b - 1", "5251", "5251");

    rejects(start, "5554", "$0: 5554 is not valid move");
    rejects(start, "5544+", "$0: 5544+ is not valid move");
    rejects("4k/P4/5/5/K4 b - 1", "5251", "$0: 5251 is not valid move");  // only 5251+ exists
    rejects(start, "5544\tmsg", "$0: 5544\tmsg is not valid move");       // a tab does not separate
    rejects(start, "", "$0:  is not valid move");
    rejects(start, "   ", "$0:  is not valid move");
    rejects(start, "randomly", "$0: randomly is not valid move");
    rejects(start, "55 44", "$0: 55 is not valid move");
    rejects(start, "P*24", "$0: P*24 is not valid move");
}

TEST_CASE("an action outside the die's list is invalid even if legal") {
    DiceShogiReferee referee(12345);  // die 4: 2543 3544 4544 5544
    const Verdict verdict = referee.play("2552");
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.error == "$0: 2552 is not valid move");
    CHECK(contains(verdict.summary, "'2552'"));
}

TEST_CASE("player 1's errors name $1 and make player 0 win") {
    DiceShogiReferee referee(0);
    REQUIRE(referee.play("5544").accepted);
    const Verdict verdict = referee.play("5544");
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.error == "$1: 5544 is not valid move");
    CHECK(referee.result().scores == std::vector<std::int64_t>{1, -1});
    CHECK(referee.result().ranks == std::vector<int>{1, 2});
    CHECK_THROWS_AS(referee.play("1213"), std::logic_error);
    CHECK_THROWS_AS(referee.timeout(), std::logic_error);
}

// --- Arena's action order and "random" -----------------------------------------------------

TEST_CASE("the action lines follow the documented shuffle of the sorted list") {
    for (const std::int64_t seed : {std::int64_t{0}, std::int64_t{12345}, std::int64_t{-7}}) {
        INFO("seed " << seed);
        DiceShogiReferee referee(seed);
        for (int move_number = 1; move_number <= 6; ++move_number) {
            const TurnInput turn = parse_input(referee.input());
            CHECK(turn.actions == DocumentedOrder(seed, move_number).shuffle(turn.actions));
            REQUIRE(referee.play(sorted(turn.actions).front()).accepted);
        }
    }
}

TEST_CASE("random plays the documented pick, the opponent reads it, the summary names it") {
    DiceShogiReferee referee(0);
    const TurnInput turn = parse_input(referee.input());
    DocumentedOrder order(0, 1);
    const std::vector<std::string> shuffled = order.shuffle(turn.actions);
    const std::string expected = shuffled[order.uniform(shuffled.size())];
    const Verdict verdict = referee.play("random");
    CHECK(verdict.accepted);
    CHECK(contains(verdict.summary, "random: " + expected));
    CHECK(parse_input(referee.input()).last_action == expected);
}

TEST_CASE("a replay with the same seed and answers is byte-exact, random included") {
    DiceShogiReferee first(77);
    DiceShogiReferee second(77);
    for (int ply = 0; ply < 40 && !first.over(); ++ply) {
        REQUIRE(first.input() == second.input());
        REQUIRE(first.state() == second.state());
        const std::string answer = ply % 3 == 0 ? "random" : sorted(first.actions()).back();
        REQUIRE(first.play(answer).summary == second.play(answer).summary);
    }
}

// --- The end of the game (§6.6, §7) --------------------------------------------------------

TEST_CASE("checkmate: the mated player loses") {
    DiceShogiReferee referee = from_sfen("4k/2S2/3GP/5/K4 b - 1");
    const Verdict verdict = referee.play("1312");
    CHECK(verdict.accepted);
    REQUIRE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{1, -1});
    CHECK(referee.result().ranks == std::vector<int>{1, 2});
    CHECK(contains(referee.result().reason, "player 1 is checkmated after ply 1"));
    CHECK(contains(verdict.summary, "checkmated"));
}

TEST_CASE("stalemate loses too") {
    DiceShogiReferee referee = from_sfen("4k/5/1g3/5/K4 w p 1");
    REQUIRE(referee.play("p*44").accepted);
    REQUIRE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{-1, 1});
    CHECK(contains(referee.result().reason, "player 0 has no legal move (stalemate)"));
    // A start position without a legal move ends before any turn.
    DiceShogiReferee stuck = from_sfen("4k/5/1g3/1p3/K4 b - 1");
    CHECK(stuck.over());
    CHECK(stuck.result().scores == std::vector<std::int64_t>{-1, 1});
}

TEST_CASE("300 plies is a draw; a mate on ply 300 still wins (§6.5-§6.6)") {
    DiceShogiReferee referee = from_sfen("rbsgk/4p/5/P4/KGSBR b - 299");
    REQUIRE(referee.play("5544").accepted);
    REQUIRE_FALSE(referee.over());
    const Verdict last = referee.play("1213");
    CHECK(last.accepted);
    REQUIRE(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{0, 0});
    CHECK(referee.result().ranks == std::vector<int>{1, 1});
    CHECK(contains(referee.result().reason, "300 plies"));
    CHECK(contains(last.summary, "Draw"));

    DiceShogiReferee mate = from_sfen("4k/2S2/3GP/5/K4 b - 300");
    REQUIRE(mate.play("1312").accepted);
    CHECK(mate.result().scores == std::vector<std::int64_t>{1, -1});

    CHECK_THROWS_AS(parse_diceshogi_testcase("rbsgk/4p/5/P4/KGSBR b - 301"), std::invalid_argument);
}

TEST_CASE("a timeout loses: '$N timeout!'") {
    DiceShogiReferee referee(0);
    const Verdict verdict = referee.timeout();
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.error == "$0 timeout!");
    CHECK(referee.over());
    CHECK(referee.result().scores == std::vector<std::int64_t>{-1, 1});

    DiceShogiReferee second(0);
    REQUIRE(second.play("5544").accepted);
    CHECK(second.timeout().error == "$1 timeout!");
    CHECK(second.result().scores == std::vector<std::int64_t>{1, -1});
    CHECK(contains(second.result().reason, "player 1 gave no answer in time"));
}

// --- SFEN start positions and state() ------------------------------------------------------

TEST_CASE("state() is the SFEN of the position, move number included") {
    DiceShogiReferee referee(0);
    CHECK(referee.state() == "rbsgk/4p/5/P4/KGSBR b - 1");
    REQUIRE(referee.play("5544").accepted);
    CHECK(referee.state() == "rbsgk/4p/5/PK3/1GSBR w - 2");
    CHECK(from_sfen("").state() == "rbsgk/4p/5/P4/KGSBR b - 1");
    CHECK(from_sfen("  \n").state() == "rbsgk/4p/5/P4/KGSBR b - 1");
    CHECK(from_sfen("k2+PS/2G2/BS3/b2K1/R4 b PRg 101").state() ==
          "k2+PS/2G2/BS3/b2K1/R4 b PRg 101");
}

TEST_CASE("a game restarted from state() with the same seed continues identically") {
    DiceShogiReferee referee(12345);
    for (const TraceRow& row : read_trace("trace_seed12345_max.tsv")) {
        if (row.ply == 11) break;
        REQUIRE(referee.play(row.chosen).accepted);
    }
    DiceShogiReferee restarted = from_sfen(referee.state(), 12345);
    CHECK(restarted.die() == referee.die());
    CHECK(restarted.actions() == referee.actions());
    CHECK(restarted.hand_order() == referee.hand_order());
    for (int ply = 0; ply < 8 && !referee.over(); ++ply) {
        const std::string answer = sorted(referee.actions()).back();
        REQUIRE(referee.play(answer).accepted);
        REQUIRE(restarted.play(answer).accepted);
        CHECK(restarted.die() == referee.die());
        CHECK(restarted.actions() == referee.actions());
        CHECK(restarted.state() == referee.state());
    }
}

// --- Registry ------------------------------------------------------------------------------

TEST_CASE("registry: diceshogi needs 2 players and a seed; a bad SFEN is named") {
    const auto names = known_games();
    CHECK(std::find(names.begin(), names.end(), "diceshogi") != names.end());

    const auto referee = make_referee({"diceshogi", 2, 42, ""});
    CHECK(referee->game() == "diceshogi");
    CHECK(referee->player_count() == 2);
    CHECK(referee->state() == "rbsgk/4p/5/P4/KGSBR b - 1");
    CHECK(parse_input(referee->input()).die == 3);  // seed 42 starts 3245...

    CHECK(make_referee({"diceshogi", 2, 0, "4k/5/5/5/K4 b G 7"})->state() == "4k/5/5/5/K4 b G 7");

    const auto error_of = [](const GameSetup& setup) -> std::string {
        try {
            make_referee(setup);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    CHECK(contains(error_of({"diceshogi", 3, 1, ""}), "2-player game, got 3"));
    CHECK(contains(error_of({"diceshogi", 2, std::nullopt, ""}), "needs a seed"));
    CHECK(contains(error_of({"diceshogi", 2, 1, "rbsgk/4p/5/P4 b - 1"}), "4 ranks, expected 5"));
    CHECK(contains(error_of({"diceshogi", 2, 1, "4k/4R/5/5/K4 b - 1"}), "side not to move"));
    CHECK(contains(error_of({"diceshogi", 2, 1, "4k/5/5/5/K4 b - 400"}), "move number 400"));
}
