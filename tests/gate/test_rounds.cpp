// The gate in rounds (arena/gate/rounds.hpp): the seeds of each round, and the look points: the
// tests take a round's pairs at its end, so the order the games of a round come in never changes
// an LLR, and the verdict is known only at a look. Records built by hand, no bots.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arena/gate/rounds.hpp"
#include "arena/gate/versus_tracker.hpp"

using arena::gate::GateReport;
using arena::gate::GateSettings;
using arena::gate::RoundPlan;
using arena::gate::VersusTracker;
using arena::tournament::GameRecord;
using arena::tournament::TournamentConfig;

namespace {

TournamentConfig two_bots(int seeds) {
    TournamentConfig c;
    c.game = "test";
    c.players_per_game = 2;
    c.bots.resize(2);
    c.bots[0].name = "new";
    c.bots[1].name = "old";
    c.master_seed = 7;
    c.seeds = arena::tournament::seeds_from_master(7, seeds);
    return c;
}

// Seed `seed` (from 1) played in both seat orders; `new` wins `new_wins` of the two games.
std::vector<GameRecord> pair_of(int seed, int new_wins) {
    char tag[16];
    std::snprintf(tag, sizeof tag, "s%04d", seed);
    std::vector<GameRecord> games;
    for (int g = 0; g < 2; ++g) {
        GameRecord r;
        r.id = std::string(tag) + (g == 0 ? "-new_vs_old" : "-old_vs_new");
        r.group = std::string(tag) + "-new_vs_old";
        r.players = g == 0 ? std::vector<std::string>{"new", "old"}
                           : std::vector<std::string>{"old", "new"};
        const bool new_won = g < new_wins;
        const int new_rank = new_won ? 1 : 2;
        r.ranks = g == 0 ? std::vector<int>{new_rank, 3 - new_rank}
                         : std::vector<int>{3 - new_rank, new_rank};
        r.outcomes.assign(2, arena::match::Outcome::ok);
        games.push_back(r);
    }
    return games;
}

std::vector<std::string> printed;
VersusTracker tracker(const TournamentConfig& c, const GateSettings& s) {
    return VersusTracker(
        c, s, [](const std::string& line) { printed.push_back(line); }, true);
}

}  // namespace

TEST_SUITE("rounds") {
    TEST_CASE("round R is the seeds R*K .. R*K+K-1 of the gate's sequence, whole rounds") {
        TournamentConfig c = two_bots(10);
        const std::vector<std::int64_t> first = c.seeds;
        const RoundPlan plan = arena::gate::plan_rounds(c, 4);
        CHECK(plan.rounds == 3);
        CHECK(plan.seeds == 12);  // drawn from the master seed: 2 more for a whole last round
        CHECK(std::equal(first.begin(), first.end(), c.seeds.begin()));
        const TournamentConfig r1 = arena::gate::round_config(c, plan, 1);
        CHECK(r1.seeds == std::vector<std::int64_t>(c.seeds.begin() + 4, c.seeds.begin() + 8));
        CHECK_FALSE(r1.master_seed.has_value());  // its config.json lists its own seeds
        CHECK(arena::gate::seed_index_of("s0012-a_vs_b") == 11);
        CHECK_THROWS(arena::gate::seed_index_of("test06-greedy"));
    }

    TEST_CASE("a list of seeds keeps its length: the last round is shorter") {
        TournamentConfig c = two_bots(10);
        c.master_seed.reset();
        const RoundPlan plan = arena::gate::plan_rounds(c, 4);
        CHECK(plan.rounds == 3);
        CHECK(arena::gate::round_config(c, plan, 2).seeds.size() == 2);
    }

    TEST_CASE("the LLR at a look does not depend on the order of the round's games") {
        const TournamentConfig c = two_bots(8);
        GateSettings s;
        VersusTracker in_order = tracker(c, s), reversed = tracker(c, s);
        std::vector<GameRecord> round;
        for (int seed = 1; seed <= 4; ++seed)
            for (const GameRecord& r : pair_of(seed, seed % 3)) round.push_back(r);
        for (const GameRecord& r : round) in_order.add(r);
        for (auto it = round.rbegin(); it != round.rend(); ++it) reversed.add(*it);
        in_order.look(0);
        reversed.look(0);
        GateReport a, b;
        in_order.fill(a);
        reversed.fill(b);
        CHECK(a.pairings.at(0).llr == b.pairings.at(0).llr);
        CHECK(a.pairings.at(0).pentanomial == b.pairings.at(0).pentanomial);
        CHECK(a.pairings.at(0).pentanomial.pairs() == 4);
    }

    TEST_CASE("the verdict is known only at a look point") {
        const TournamentConfig c = two_bots(60);
        GateSettings s;
        VersusTracker t = tracker(c, s);
        for (int seed = 1; seed <= 60; ++seed)
            for (const GameRecord& r : pair_of(seed, 2)) CHECK_FALSE(t.add(r));
        CHECK_FALSE(t.stop_requested());
        GateReport before;
        t.fill(before);
        CHECK(before.pairings.at(0).llr == 0);  // nothing observed before the look
        CHECK(t.look(0));
        GateReport after;
        t.fill(after);
        CHECK(after.pairings.at(0).decision == arena::ratings::SprtDecision::accept_h1);
        CHECK(after.pairings.at(0).decided_after_games == 120);  // the whole round
        CHECK(printed.back().rfind("H1 accepted against old after 120 games", 0) == 0);
    }
}
