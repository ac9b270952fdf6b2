// The SDK's time rules (match/turn_timing.hpp, docs/timing.md): a seat's clock under plain rules,
// SDK 4.7.7's overruns and a timebank, checked rule by rule against the SDK's numbers; the spec
// fields refused as the SDK refuses them; and a toy brutaltester referee's game played under
// them end to end.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/match/external_game.hpp"
#include "arena/match/play_game.hpp"
#include "arena/match/turn_timing.hpp"

using namespace arena;
using match::SeatClock;
using match::TimeRules;

namespace {

const std::string kPython = ARENA_TEST_PYTHON;
const std::string kToyDir = ARENA_TOY_DIR;

match::Turn turn_limited(int limit_ms) {
    match::Turn turn;
    turn.limit_ms = limit_ms;
    return turn;
}

std::string spec_error(const nlohmann::json& json) {
    try {
        match::external_game_from_json(json);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(accepted)";
}

match::MatchLog play_toy(match::ExternalGameSpec spec, const std::vector<std::string>& bots) {
    spec.command = kPython + " toy_referee.py --seed {seed}";
    spec.working_dir = kToyDir;
    match::register_external_game(spec);
    std::vector<match::PlayerSpec> players;
    for (const std::string& b : bots) players.push_back({b, kPython + " toy_nim_bot.py " + b, kToyDir});
    referee::GameSetup setup;
    setup.game = spec.name;
    setup.players = static_cast<int>(players.size());
    setup.seed = 19;  // a pile of 29: many turns each
    return match::play_game(setup, players);
}

}  // namespace

TEST_CASE("plain rules: the limit is the hard limit, every answer within it counts") {
    SeatClock clock(TimeRules::plain, std::nullopt);
    const match::TurnLimits limits = clock.limits(50);
    CHECK(limits.limit_ms == 50);
    CHECK(limits.hard_ms == 50);
    match::Turn turn = turn_limited(50);
    CHECK(clock.accept_answer(49.99, turn));
    CHECK_FALSE(turn.overrun);
}

TEST_CASE("SDK 4.7.7: 50 ms over the limit is hard, two overruns forgiven, the third a timeout") {
    SeatClock clock(TimeRules::codingame_4_7_7, std::nullopt);
    CHECK(clock.limits(50).limit_ms == 50);
    CHECK(clock.limits(50).hard_ms == 100);
    CHECK(clock.limits(1000).hard_ms == 1050);  // the first turn too
    // Whole milliseconds, rounded down: 50.9 ms is 50, not over a 50 ms limit.
    match::Turn in_time = turn_limited(50);
    CHECK(clock.accept_answer(50.9, in_time));
    CHECK_FALSE(in_time.overrun);
    match::Turn first = turn_limited(50), second = turn_limited(50), third = turn_limited(50);
    CHECK(clock.accept_answer(51.0, first));
    CHECK(first.overrun);
    CHECK(clock.accept_answer(99.0, second));
    CHECK(second.overrun);
    CHECK_FALSE(clock.accept_answer(70.0, third));
    CHECK(third.overrun);
}

TEST_CASE("a timebank: each turn may take what is left, the time taken off, a timeout empties it") {
    SeatClock clock(TimeRules::codingame_4_7_7, 1000);
    CHECK(clock.limits(50).limit_ms == 1000);
    CHECK(clock.limits(50).hard_ms == 1000);  // no extra with a timebank
    match::Turn turn = turn_limited(1000);
    CHECK(clock.accept_answer(300.7, turn));
    CHECK_FALSE(turn.overrun);
    clock.end_turn(300.7, false, turn);
    REQUIRE(turn.bank_ms);
    CHECK(*turn.bank_ms == 700);
    CHECK(clock.limits(50).hard_ms == 700);
    match::Turn late = turn_limited(700);
    clock.end_turn(700.0, true, late);
    CHECK(*late.bank_ms == 0);
}

TEST_CASE("the spec's time rules are checked as the SDK checks them") {
    const nlohmann::json base = {{"command", "python3 referee.py"}, {"players", 2}};
    nlohmann::json json = base;
    json["time_rules"] = "codingame-4.7.7";
    CHECK(match::external_game_from_json(json).time_rules == TimeRules::codingame_4_7_7);
    json["time_rules"] = "4.7.7";
    CHECK(spec_error(json).find("field 'time_rules'") != std::string::npos);

    json = base;
    json["timebank_ms"] = 10000;
    CHECK(*match::external_game_from_json(json).timebank_ms == 10000);
    // Written back without per-turn limits, and read again the same.
    const match::ExternalGameSpec spec = match::external_game_from_json(json);
    CHECK_FALSE(match::to_json(spec).contains("turn_ms"));
    CHECK(*match::external_game_from_json(nlohmann::json(match::to_json(spec))).timebank_ms ==
          10000);
    json["turn_ms"] = 100;
    CHECK(spec_error(json).find("either timebank_ms or first_turn_ms/turn_ms") != std::string::npos);
    json = base;
    json["timebank_ms"] = 20000;  // 40,000 ms for two players
    CHECK(spec_error(json).find("at most 15000 ms per player") != std::string::npos);
    json["timebank_ms"] = 40;
    CHECK(spec_error(json).find("at least 50 ms") != std::string::npos);
}

TEST_CASE("a toy referee's game under SDK 4.7.7's rules: the third overrun is a timeout") {
    match::ExternalGameSpec spec;
    spec.name = "toy-4-7-7";
    spec.first_turn_ms = 3000;
    spec.turn_ms = 100;  // hard: 150 ms; the slow bot answers after ~120 ms
    spec.time_rules = TimeRules::codingame_4_7_7;
    const match::MatchLog log = play_toy(spec, {"slow120", "one"});
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].outcome == match::Outcome::timeout);
    CHECK(log.seats[1].outcome == match::Outcome::ok);
    int accepted_overruns = 0;
    const match::Turn* last = nullptr;
    for (const match::Turn& t : log.turns) {
        if (t.player != 0) continue;
        if (t.overrun && t.output) ++accepted_overruns;
        last = &t;
    }
    REQUIRE(last != nullptr);
    CHECK_FALSE(last->output);  // its last turn was the timeout
    CHECK(accepted_overruns <= 2);
    // On an idle machine every answer lands in the overrun window: two forgiven, then the third.
    if (last->overrun) {
        CHECK(accepted_overruns == 2);
        CHECK(log.seats[0].timing.find("third overrun") != std::string::npos);
    }
    // The same game under plain rules: its first slow answer is a timeout.
    spec.name = "toy-plain";
    spec.time_rules = TimeRules::plain;
    const match::MatchLog plain = play_toy(spec, {"slow120", "one"});
    CHECK(plain.seats[0].outcome == match::Outcome::timeout);
    int answered = 0;
    for (const match::Turn& t : plain.turns) answered += t.player == 0 && t.output.has_value();
    CHECK(answered == 1);
}

TEST_CASE("a toy referee's game with a timebank: the bank left after each turn is logged") {
    match::ExternalGameSpec spec;
    spec.name = "toy-bank";
    spec.timebank_ms = 5000;
    const match::MatchLog log = play_toy(spec, {"one", "one"});
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].outcome == match::Outcome::ok);
    int previous = 5000;
    for (const match::Turn& t : log.turns) {
        if (t.player != 0) continue;
        REQUIRE(t.bank_ms);
        CHECK(*t.bank_ms <= previous);
        CHECK(t.limit_ms == previous);  // each turn may take what was left
        previous = *t.bank_ms;
    }
}
