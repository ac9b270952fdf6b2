// A game record says where each failed seat went wrong (the failing turn and the referee's error
// in CodinGame's words), so that standings and summaries can point at that turn without the match
// log; results.jsonl lines written before this still read (issue 16, item 5).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "arena/tournament/record.hpp"

using arena::match::MatchLog;
using arena::match::Outcome;
using arena::match::Turn;
using arena::tournament::failure_in_log;
using arena::tournament::failure_of;
using arena::tournament::GameRecord;
using arena::tournament::make_record;
using arena::tournament::record_from_json;
using Json = nlohmann::json;

namespace {

Turn turn(int number, int player, const char* output, const std::string& error = "") {
    Turn t;
    t.turn = number;
    t.player = player;
    t.input.assign(1, 'x');  // (a string literal here trips GCC 12's -Wrestrict at -O3)
    if (output) t.output = output;
    t.error = error;
    return t;
}

// Two seats: seat 0 plays well, seat 1 answers twice and is rejected at turn 4.
MatchLog invalid_at_turn_4() {
    MatchLog log;
    log.game = "diceshogi";
    log.seed = 5;
    log.players.resize(2);
    log.players[0].name = "good";
    log.players[1].name = "bad";
    log.turns = {turn(1, 0, "a"), turn(2, 1, "b"), turn(3, 0, "c"),
                 turn(4, 1, "zz", "$1 sent an invalid move: zz")};
    log.seats.resize(2);
    log.seats[0].rank = 1;
    log.seats[1].rank = 2;
    log.seats[1].outcome = Outcome::invalid;
    log.reason = "$0 wins";
    return log;
}

Json line_of(const GameRecord& record) {
    return Json::parse(arena::tournament::to_json(record).dump());
}

}  // namespace

TEST_CASE("a failed seat's turn and error are kept in the record and its results line") {
    const GameRecord r = make_record("g1", "g1", invalid_at_turn_4(), "games/g1.json");
    REQUIRE(failure_of(r, 1) != nullptr);
    CHECK(failure_of(r, 1)->turn == 4);
    // CodinGame's exact text: the names go in where a person reads it, not in the file.
    CHECK(failure_of(r, 1)->error == "$1 sent an invalid move: zz");
    CHECK(failure_of(r, 0) == nullptr);

    const Json line = line_of(r);
    REQUIRE(line.contains("failures"));
    CHECK(line["failures"] ==
          Json::parse(R"([null, {"turn": 4, "error": "$1 sent an invalid move: zz"}])"));

    const GameRecord back = record_from_json(line);
    REQUIRE(failure_of(back, 1) != nullptr);
    CHECK(failure_of(back, 1)->turn == 4);
    CHECK(failure_of(back, 1)->error == "$1 sent an invalid move: zz");
    CHECK(failure_of(back, 0) == nullptr);
}

TEST_CASE("a game without failure writes no failures field") {
    MatchLog log = invalid_at_turn_4();
    log.turns.pop_back();
    log.seats[1].outcome = Outcome::ok;
    const GameRecord r = make_record("g2", "g2", log, "games/g2.json");
    CHECK(r.failures.empty());
    CHECK_FALSE(line_of(r).contains("failures"));
}

TEST_CASE("a results line from before failing turns were kept reads, with no turn known") {
    Json line = line_of(make_record("g1", "g1", invalid_at_turn_4(), "games/g1.json"));
    line.erase("failures");
    const GameRecord old = record_from_json(line);
    CHECK(old.outcomes[1] == Outcome::invalid);
    CHECK(failure_of(old, 1) == nullptr);
    CHECK(failure_of(old, 0) == nullptr);
}

TEST_CASE("the failing turn: the rejected turn, else the last unanswered one, else the last") {
    SUBCASE("a timeout: the turn without an answer, with the referee's error") {
        MatchLog log = invalid_at_turn_4();
        log.turns.back() = turn(4, 1, nullptr, "$1 timeout!");
        log.turns.push_back(turn(5, 0, "d"));  // the game may go on for the others
        log.seats[1].outcome = Outcome::timeout;
        const auto failure = failure_in_log(log, 1);
        REQUIRE(failure);
        CHECK(failure->turn == 4);
        CHECK(failure->error == "$1 timeout!");
    }
    SUBCASE("a crash without a referee's error: the last turn without an answer") {
        MatchLog log = invalid_at_turn_4();
        log.turns.back() = turn(4, 1, nullptr);
        log.seats[1].outcome = Outcome::crash;
        const auto failure = failure_in_log(log, 1);
        REQUIRE(failure);
        CHECK(failure->turn == 4);
        CHECK(failure->error.empty());
    }
    SUBCASE("a seat that did not fail, or never played, has none") {
        MatchLog log = invalid_at_turn_4();
        CHECK_FALSE(failure_in_log(log, 0));
        log.turns.resize(1);  // seat 1 never got a turn
        CHECK_FALSE(failure_in_log(log, 1));
    }
}

TEST_CASE("damaged failures are refused, naming the field") {
    const Json good = line_of(make_record("g1", "g1", invalid_at_turn_4(), "games/g1.json"));
    auto fault = [&](const char* failures) {
        Json line = good;
        line["failures"] = Json::parse(failures);
        try {
            record_from_json(line);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(fault(R"([null])") == "field 'failures' has 1 values for 2 players");
    CHECK(fault(R"([{"turn": 1, "error": ""}, null])") ==
          "field 'failures[0]' is a failure of a seat whose outcome is \"ok\"");
    CHECK(fault(R"([null, {"turn": 9, "error": ""}])") ==
          "field 'failures[1].turn' is 9 in a game of 4 turns");
    CHECK(fault(R"([null, {"error": "x"}])") == "field 'failures[1].turn' is missing");
    CHECK(fault(R"([null, 4])") ==
          "field 'failures[1]' must be null or {\"turn\": N, \"error\": TEXT}, got 4");
    CHECK(fault(R"([null, {"turn": 4, "error": 7}])") ==
          "field 'failures[1].error' must be a string, got 7");
}
