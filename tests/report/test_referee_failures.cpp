// Issue 18: a game whose referee failed (GameRecord::referee_failure) is counted in the run's
// tally but not rated: no finishing order, no seat-swapped pair, no board; the standings and the
// summaries say how many and the earliest by game id with the referee's words.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "arena/report/run_tally.hpp"
#include "arena/report/versus_standings.hpp"

namespace {

using namespace arena;

tournament::TournamentConfig duel_config() {
    tournament::TournamentConfig config;
    config.game = "diceshogi";
    config.players_per_game = 2;
    for (const char* name : {"a", "b"}) {
        match::PlayerSpec bot;
        bot.name = name;
        bot.command = "x";
        config.bots.push_back(bot);
    }
    config.seeds = {11, 12, 13};
    return config;
}

tournament::GameRecord game(const std::string& seed, bool a_first, const std::string& failure) {
    tournament::GameRecord r;
    r.id = seed + (a_first ? "-a_vs_b" : "-b_vs_a");
    r.game = "diceshogi";
    r.group = seed + "-a_vs_b";
    r.players = a_first ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{"b", "a"};
    r.ranks = a_first ? std::vector<int>{1, 2} : std::vector<int>{2, 1};  // a wins
    r.scores = {0, 0};
    r.outcomes = {match::Outcome::ok, match::Outcome::ok};
    r.details = {"", ""};
    r.turns = 4;
    r.mean_turn_ms = r.max_turn_ms = {1, 1};
    r.turn_ms = {{1, 1}, {1, 1}};
    r.log = "games/" + r.id + ".json";
    if (!failure.empty()) {
        r.ranks = {0, 0};
        r.reason = r.referee_failure = failure;
    }
    return r;
}

}  // namespace

TEST_CASE("a game the referee failed is counted, named, and not rated") {
    const tournament::TournamentConfig config = duel_config();
    report::RunTally tally(config);
    tally.add(game("s1", true, ""));
    tally.add(game("s1", false, ""));
    tally.add(game("s10", true, "referee 'r': line 9: garbage"));  // later by game id than s2
    tally.add(game("s2", true, ""));
    tally.add(game("s2", false, "referee 'r': exited before ###End\nits stderr: ..."));
    CHECK(tally.games() == 5);
    CHECK(tally.referee_failures() == 2);
    CHECK(tally.first_referee_failure_id() == "s2-b_vs_a");
    CHECK(tally.first_referee_failure() == "referee 'r': exited before ###End\nits stderr: ...");
    // Rated: the 3 games with a result; the pair of s2 is not complete, that of s10 neither.
    std::int64_t ordered = 0;
    for (const auto& [order, count] : tally.orders()) ordered += count;
    CHECK(ordered == 3);
    REQUIRE(tally.pentanomials().size() == 1);
    CHECK(tally.pentanomials().begin()->second.pairs() == 1);
    // Every seat still played: the bots' games count them.
    CHECK(tally.health().at("a").games == 5);
    CHECK(report::referee_failures_text(tally) ==
          "2 game(s) failed in the referee: first: s2-b_vs_a: referee 'r': exited before "
          "###End ...\n");

    report::RunTally none(config);
    none.add(game("s1", true, ""));
    CHECK(report::referee_failures_text(none).empty());
}
