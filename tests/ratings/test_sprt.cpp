// The SPRT as a value (arena/ratings/sprt.hpp): the stopping rule without bots. Decisions are
// checked against the LLRs fastchess publishes in its own tests (app/tests/sprt_test.cpp, also
// used by test_head_to_head.cpp): with alpha = beta = 0.05 the bounds are -+ln(19) = -+2.944, so
// a published LLR of 3.01 accepts H1, -3.07 accepts H0 and 2.25 goes on.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "arena/ratings/sprt.hpp"

using namespace arena::ratings;

TEST_SUITE("sprt") {
    TEST_CASE("bounds from alpha and beta") {
        const SprtTest t({0, 5, 0.05, 0.05, SprtModel::normalized}, SprtObservations::pairs);
        CHECK(t.bounds().lower == doctest::Approx(-std::log(19.0)));
        CHECK(t.bounds().upper == doctest::Approx(std::log(19.0)));
        CHECK(t.bounds().upper == doctest::Approx(2.944).epsilon(0.001));
        const SprtTest u({0, 5, 0.05, 0.1, SprtModel::normalized}, SprtObservations::games);
        CHECK(u.bounds().lower == doctest::Approx(std::log(0.1 / 0.95)));
        CHECK(u.bounds().upper == doctest::Approx(std::log(0.9 / 0.05)));
        CHECK(t.llr() == 0);
        CHECK(!t.decided());
        CHECK(t.observed() == 0);
    }

    TEST_CASE("impossible hypotheses are refused at the start") {
        CHECK_THROWS_AS(SprtTest({5, 0}, SprtObservations::pairs), std::invalid_argument);
        CHECK_THROWS_AS(SprtTest({0, 0}, SprtObservations::pairs), std::invalid_argument);
        CHECK_THROWS_AS(SprtTest({0, 5, 0, 0.05}, SprtObservations::pairs), std::invalid_argument);
        CHECK_THROWS_AS(SprtTest({0, 5, 0.6, 0.5}, SprtObservations::games), std::invalid_argument);
        SprtTest games({0, 5}, SprtObservations::games);
        CHECK_THROWS_AS(games.add_pair(1, 1), std::logic_error);
        CHECK_THROWS_AS(games.add_game(1.5), std::invalid_argument);
    }

    TEST_CASE("fastchess's published pentanomial LLRs, and the decisions they make") {
        using enum SprtModel;
        SprtTest h1({-1.75, 0.25, 0.05, 0.05, normalized}, SprtObservations::pairs);
        h1.add_pairs(Pentanomial{{127, 4883, 10311 + 401, 5150, 104}});
        CHECK(h1.llr() == doctest::Approx(3.01).epsilon(0.01));
        CHECK(h1.decision() == SprtDecision::accept_h1);
        CHECK(h1.decided_llr() == h1.llr());
        CHECK(h1.observed() == h1.pentanomial().pairs());

        SprtTest h0({0.5, 2.5, 0.05, 0.05, logistic}, SprtObservations::pairs);
        h0.add_pairs(Pentanomial{{223, 9863, 20279 + 1000, 10037, 246}});
        CHECK(h0.llr() == doctest::Approx(-3.07).epsilon(0.01));
        CHECK(h0.decision() == SprtDecision::accept_h0);

        SprtTest open({0, 2, 0.05, 0.05, normalized}, SprtObservations::pairs);
        open.add_pairs(Pentanomial{{365, 16618, 36029 + 200, 16974, 390}});
        CHECK(open.llr() == doctest::Approx(2.25).epsilon(0.01));
        CHECK(open.decision() == SprtDecision::continue_testing);
        CHECK(open.decided_after_games() == 0);
    }

    TEST_CASE("fastchess's published trinomial LLRs") {
        SprtTest normalized({0, 2}, SprtObservations::games);
        normalized.add_games(WDL{36433, 68692, 36027});
        CHECK(normalized.llr() == doctest::Approx(0.92).epsilon(0.01));
        CHECK(!normalized.decided());
        CHECK(normalized.observed() == 36433 + 68692 + 36027);
        CHECK(normalized.decided_after_games() == 0);

        SprtTest logistic({0.5, 2.5, 0.05, 0.05, SprtModel::logistic}, SprtObservations::games);
        logistic.add_games(WDL{21404, 40708, 21184});
        CHECK(logistic.llr() == doctest::Approx(-1.57).epsilon(0.01));
    }

    TEST_CASE("one game at a time: the same LLR as the counts, decided at the crossing game") {
        // A candidate that wins both games of every pair: the LLR climbs by the same step per
        // pair until it crosses the upper bound; that game is the decision's.
        SprtTest t({0, 10}, SprtObservations::pairs);
        Pentanomial counts;
        int decided_at = 0;
        for (int pair = 1; pair <= 200 && !t.decided(); ++pair) {
            CHECK(!t.add_game(1));  // a game of a test on pairs is not an observation
            t.add_game(1);
            t.add_pair(1, 1);
            counts.add_pair(1, 1);
            CHECK(t.llr() == doctest::Approx(sprt_llr(counts, 0, 10)));
            if (t.decided()) decided_at = 2 * pair;
        }
        REQUIRE(t.decided());
        CHECK(t.decision() == SprtDecision::accept_h1);
        CHECK(t.decided_after_games() == decided_at);
        CHECK(t.results().games() == decided_at);
        CHECK(t.results().wins == decided_at);
        CHECK(t.decided_llr() >= t.bounds().upper);
        // One pair less would not have decided.
        Pentanomial before = counts;
        --before.counts[4];
        CHECK(sprt_llr(before, 0, 10) < t.bounds().upper);
    }

    TEST_CASE("the first decision stands: later games move the LLR, not the decision") {
        SprtTest t({0, 10}, SprtObservations::games);
        while (!t.decided()) t.add_game(0);
        CHECK(t.decision() == SprtDecision::accept_h0);
        const int games = t.decided_after_games();
        const double llr = t.decided_llr();
        CHECK(llr <= t.bounds().lower);
        for (int k = 0; k < 400; ++k) CHECK(t.add_game(1));  // on games: each one observed
        CHECK(t.llr() > t.bounds().upper);                   // would accept H1 by now
        CHECK(t.decision() == SprtDecision::accept_h0);
        CHECK(t.decided_after_games() == games);
        CHECK(t.decided_llr() == llr);
        CHECK(t.results().games() == games + 400);
    }

    TEST_CASE("Elo of the observations: the pairs once there is one, else the games") {
        SprtTest t({0, 10}, SprtObservations::pairs);
        t.add_game(1);
        CHECK(t.elo().elo.elo == trinomial_elo(WDL{1, 0, 0}).elo.elo);
        t.add_game(0.5);
        t.add_pair(1, 0.5);
        Pentanomial one;
        one.add_pair(1, 0.5);
        CHECK(t.elo().elo.elo == pentanomial_elo(one).elo.elo);
    }

    TEST_CASE("the stopping rule of several tests: one H0, or every test H1") {
        auto decided = [](SprtDecision d) {
            SprtTest t({0, 10}, SprtObservations::games);
            while (d != SprtDecision::continue_testing && !t.decided())
                t.add_game(d == SprtDecision::accept_h1 ? 1 : 0);
            return t;
        };
        using enum SprtDecision;
        const std::vector<SprtTest> none;
        CHECK(sprt_verdict_known(none));
        CHECK(!sprt_verdict_known(std::vector{decided(continue_testing)}));
        CHECK(!sprt_verdict_known(std::vector{decided(accept_h1), decided(continue_testing)}));
        CHECK(sprt_verdict_known(std::vector{decided(accept_h1), decided(accept_h1)}));
        CHECK(sprt_verdict_known(std::vector{decided(continue_testing), decided(accept_h0)}));
        CHECK(sprt_verdict_known(std::vector{decided(accept_h1), decided(accept_h0)}));
    }
}
