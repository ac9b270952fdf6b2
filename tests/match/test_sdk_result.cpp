// The CodinGame SDK's game result JSON (an SDK referee runner's -l file) as arena's match log:
// samples shaped as com.codingame.gameengine.runner's GameResult written by Gson.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "arena/match/sdk_result.hpp"

using namespace arena::match;

namespace {

MatchLog log_of(int players) {
    MatchLog log;
    log.players.resize(static_cast<std::size_t>(players));
    return log;
}

// Two players, three frames played (player 0, player 1, player 0), then the scores frame.
const char* const kTwoPlayers = R"({
  "errors": {"referee": ["", "", "", "", ""], "0": ["", "thinking\n", null, "again\n"],
             "1": ["", null, "", null]},
  "outputs": {"referee": ["", "", "", "", ""], "0": [null, "MOVE 1\n", null, "MOVE 3\n"],
              "1": [null, null, "WAIT\n", null]},
  "summaries": ["", "$0 moves to 1", "$1 waits", "$0 moves to 3", "$0 wins"],
  "views": [null, null, null, null, null],
  "scores": {"0": 12, "1": 7},
  "uinput": [], "metadata": "{\"seed\":\"1\"}",
  "tooltips": [], "ids": {}, "agents": [{"index": 0, "agentId": 0, "name": "Player 0"}]
})";

}  // namespace

TEST_CASE("sdk_result: turns carry each frame's answer, stderr and summary") {
    MatchLog log = log_of(2);
    fill_log_from_sdk_result(kTwoPlayers, {}, log);
    REQUIRE(log.turns.size() == 3);
    CHECK(log.turns[0].turn == 1);
    CHECK(log.turns[0].player == 0);
    CHECK(log.turns[0].output == std::optional<std::string>("MOVE 1"));
    CHECK(log.turns[0].stderr_text == "thinking\n");
    CHECK(log.turns[0].summary == "$0 moves to 1");
    CHECK(log.turns[1].player == 1);
    CHECK(log.turns[1].output == std::optional<std::string>("WAIT"));
    CHECK(log.turns[2].player == 0);
    CHECK(log.turns[2].output == std::optional<std::string>("MOVE 3"));
    // The scores frame has no player: its summary goes with the last turn, and is the reason.
    CHECK(log.turns[2].summary == "$0 moves to 3\n$0 wins");
    CHECK(log.reason == "$0 wins");
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].score == 12);
    CHECK(log.seats[0].rank == 1);
    CHECK(log.seats[1].score == 7);
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[0].outcome == Outcome::ok);
    CHECK(log.seats[1].outcome == Outcome::ok);
    CHECK(log.referee_failure.empty());
}

TEST_CASE("sdk_result: equal scores share a rank, the next rank skips (1, 1, 3)") {
    MatchLog log = log_of(3);
    fill_log_from_sdk_result(R"({"outputs": {"0": [null], "1": [null], "2": [null]},
                                 "scores": {"0": 5, "1": 9, "2": 9}})",
                             {}, log);
    CHECK(log.seats[0].rank == 3);
    CHECK(log.seats[1].rank == 1);
    CHECK(log.seats[2].rank == 1);
    CHECK(log.turns.empty());
}

TEST_CASE("sdk_result: a player asked in vain, deactivated with a tooltip, timed out") {
    MatchLog log = log_of(2);
    // Frame 2: player 1 was asked (its stderr read: ""), gave nothing; the referee deactivated it.
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "5\n", null], "1": [null, null, null]},
                                 "errors": {"0": ["", "", null], "1": ["", null, ""]},
                                 "summaries": ["", "$0 adds 5", "$1 has not provided 1 lines in time"],
                                 "tooltips": [{"turn": 2, "text": "$1 timeout!", "event": 1}],
                                 "scores": {"0": 5, "1": -1}})",
                             {}, log);
    REQUIRE(log.turns.size() == 2);
    CHECK(log.turns[1].player == 1);
    CHECK_FALSE(log.turns[1].output.has_value());
    CHECK(log.turns[1].error == "$1 timeout!");
    CHECK(log.seats[1].outcome == Outcome::timeout);
    CHECK(log.seats[1].detail == "$1 timeout!");
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[0].outcome == Outcome::ok);
}

TEST_CASE("sdk_result: a deactivation for a bad action is invalid") {
    MatchLog log = log_of(2);
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "FLY\n"], "1": [null, null]},
                                 "tooltips": [{"turn": 1, "text": "$0: invalid action", "event": 0}],
                                 "scores": {"0": -1, "1": 0}})",
                             {}, log);
    CHECK(log.seats[0].outcome == Outcome::invalid);
    CHECK(log.seats[0].detail == "$0: invalid action");
    CHECK(log.seats[1].outcome == Outcome::ok);
}

TEST_CASE("sdk_result: the wrapper tells a crash from the SDK's timeout") {
    MatchLog log = log_of(2);
    std::vector<WrappedBotEnd> ends(2);
    ends[0].known = true;
    ends[0].detail = "signal 15 (SIGTERM)";
    ends[1].known = true;
    ends[1].ended_by_itself = true;
    ends[1].detail = "exit code 3";
    ends[0].lines = {{"2 0 1\n", "5", 3.5}};
    ends[1].lines = {{"2 1 1\n", std::nullopt, 0}};
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "5\n", null], "1": [null, null, null]},
                                 "errors": {"0": ["", "", null], "1": ["", null, "dying\n"]},
                                 "tooltips": [{"turn": 2, "text": "$1 timeout!", "event": 1}],
                                 "scores": {"0": 5, "1": -1}})",
                             ends, log);
    CHECK(log.seats[1].outcome == Outcome::crash);
    CHECK(log.seats[1].detail == "exit code 3");
    CHECK(log.turns[1].stderr_text == "dying\n");
    CHECK(log.seats[0].outcome == Outcome::ok);
    CHECK(log.seats[0].detail == "signal 15 (SIGTERM)");
    // The wrapper's transcript gives the turns the input and time the SDK does not record.
    CHECK(log.turns[0].input == "2 0 1\n");
    CHECK(log.turns[0].time_ms == 3.5);
    CHECK(log.turns[1].input == "2 1 1\n");
}

TEST_CASE("sdk_result: a transcript that does not match the answers is not used") {
    MatchLog log = log_of(1);
    std::vector<WrappedBotEnd> ends(1);
    ends[0].known = true;
    ends[0].lines = {{"a\n", "1", 1.0}, {"b\n", "9", 2.0}};
    // Two lines answer the second turn (a runner's "K lines"): their inputs and times add up.
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "1\n", "2\n3\n"]}, "scores": {"0": 5}})",
                             ends, log);
    REQUIRE(log.turns.size() == 2);
    CHECK(log.turns[0].input == "a\n");
    CHECK(log.turns[1].input.empty());  // "9" is not what the SDK recorded
    MatchLog two_lines = log_of(1);
    ends[0].lines = {{"a\n", "1", 1.0}, {"b\n", "2", 2.0}, {"", "3", 0.5}};
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "1\n", "2\n3\n"]}, "scores": {"0": 5}})",
                             ends, two_lines);
    CHECK(two_lines.turns[1].output == std::optional<std::string>("2\n3"));
    CHECK(two_lines.turns[1].input == "b\n");
    CHECK(two_lines.turns[1].time_ms == 2.5);
}

TEST_CASE("sdk_result: a bot that ended by itself after its last answer did not crash") {
    MatchLog log = log_of(1);
    std::vector<WrappedBotEnd> ends(1);
    ends[0].known = true;
    ends[0].ended_by_itself = true;
    ends[0].detail = "exit code 0";
    fill_log_from_sdk_result(R"({"outputs": {"0": [null, "5\n"]}, "scores": {"0": 5}})", ends, log);
    CHECK(log.seats[0].outcome == Outcome::ok);
}

TEST_CASE("sdk_result: what is not an SDK result is refused with what is wrong") {
    const auto refusal = [](const char* text, int players = 2) {
        MatchLog log = log_of(players);
        try {
            fill_log_from_sdk_result(text, {}, log);
        } catch (const SdkResultError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refusal("{not json").find("its result is not JSON") == 0);
    CHECK(refusal("").find("its result is not JSON") == 0);
    CHECK(refusal("[1, 2]") == "its result is not a JSON object");
    CHECK(refusal(R"({"scores": {"0": 1, "1": 2}})") == "no \"outputs\" object");
    CHECK(refusal(R"({"outputs": {"0": [null]}, "scores": {"0": 1, "1": 2}})") ==
          "no \"outputs\" list for player 1");
    CHECK(refusal(R"({"outputs": {"0": [null], "1": [null]}})") == "no \"scores\"");
    CHECK(refusal(R"({"outputs": {"0": [null], "1": [null]}, "scores": {"0": 3}})") ==
          "no \"scores\" for player 1");
    CHECK(refusal(
              R"({"outputs": {"0": [null, 7], "1": [null, null]}, "scores": {"0": 1, "1": 2}})") ==
          "outputs[1] is not a string");
    CHECK(refusal(R"({"outputs": {"0": [null], "1": [null]}, "scores": {"0": 1, "1": 2},
                      "failCause": "java.lang.NullPointerException at Referee.gameTurn"})") ==
          "the game failed: java.lang.NullPointerException at Referee.gameTurn");
}
