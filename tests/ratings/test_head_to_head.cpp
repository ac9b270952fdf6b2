// One pair of players: trinomial and pentanomial Elo, nElo, LOS, and the SPRT. Checked against
// values computed by hand from the formulas (written out in the comments) and against the values
// published in fastchess's own tests (app/tests/elo_test.cpp, app/tests/sprt_test.cpp of
// github.com/Disservin/fastchess, which they check to 1 %). fastchess's Stats(ll, ld, wl, dd, wd,
// ww) are our counts {ll, ld, wl + dd, wd, ww}; its Stats(wins, losses, draws) our WDL{wins,
// draws, losses}.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "arena/ratings/json.hpp"
#include "arena/ratings/ratings.hpp"

using namespace arena::ratings;

namespace {

double half_width(const EloEstimate& e) {
    return (e.hi95 - e.lo95) / 2;
}

// Fishtest's older normal approximation of the logistic LLR: N (s1 - s0) (2 mean - s0 - s1) /
// (2 var), with the mean and variance of one observation's score. Close to the exact one when
// s0, s1 and the mean are close.
double approximate_llr(const std::array<double, 5>& values, const std::array<int, 5>& counts,
                       double elo0, double elo1) {
    double n = 0, mean = 0, variance = 0;
    for (int k = 0; k < 5; ++k) n += counts[k];
    for (int k = 0; k < 5; ++k) mean += counts[k] * values[k] / n;
    for (int k = 0; k < 5; ++k) variance += counts[k] * (values[k] - mean) * (values[k] - mean) / n;
    const double s0 = 1 / (1 + std::pow(10, -elo0 / 400)), s1 = 1 / (1 + std::pow(10, -elo1 / 400));
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

}  // namespace

TEST_SUITE("head_to_head") {
    TEST_CASE("the Elo scale") {
        CHECK(elo_to_score(400) == doctest::Approx(10.0 / 11));
        CHECK(elo_to_score(0) == 0.5);
        CHECK(score_to_elo(10.0 / 11) == doctest::Approx(400));
        CHECK(score_to_elo(0.75) == doctest::Approx(400 * std::log10(3.0)));
        CHECK(score_to_elo(elo_to_score(-123.4)) == doctest::Approx(-123.4));
    }

    TEST_CASE("pentanomial Elo by hand, and fastchess's published values") {
        // 290 pairs: 34 lost both, 54 scored 1/2, 63 scored 1, 64 scored 3/2, 75 won both.
        // Mean score per game s = (54/4 + 63/2 + 64*3/4 + 75) / 290 = 168 / 290 = 84/145 =
        // 0.579310. Per-pair variance of the pair's score per game: sum n_k (v_k - s)^2 / 290 =
        // 38049 / 336400 = 0.113106. Standard error sqrt(0.113106 / 290) = 0.0197490; 95% score
        // interval 0.579310 -+ 1.959964 * 0.0197490 = [0.540603, 0.618018].
        // Elo = -400 log10(1/s - 1) = 55.580, ends 28.276 and 83.583; fastchess's "+/-" is half
        // the width, 27.653. nElo = (s - 0.5) / sqrt(2 * 0.113106) * 800 / ln 10 = 57.936
        // +- 28.275. LOS = Phi((s - 0.5) / 0.0197490) = Phi(4.016) = 0.99997.
        const HeadToHead h = pentanomial_elo(Pentanomial{{34, 54, 63, 64, 75}});
        CHECK(h.score == doctest::Approx(84.0 / 145));
        CHECK(h.elo.elo == doctest::Approx(55.580).epsilon(1e-4));
        CHECK(h.elo.lo95 == doctest::Approx(28.276).epsilon(1e-4));
        CHECK(h.elo.hi95 == doctest::Approx(83.583).epsilon(1e-4));
        REQUIRE(h.nelo.has_value());
        CHECK(h.nelo->elo == doctest::Approx(57.936).epsilon(1e-4));
        CHECK(half_width(*h.nelo) == doctest::Approx(28.275).epsilon(1e-4));
        CHECK(h.los == doctest::Approx(0.99997).epsilon(1e-5));
        CHECK_FALSE(h.elo.open_below);
        CHECK_FALSE(h.elo.open_above);
        // fastchess "EloPentanomial 1": 55.58 +/- 27.65, nElo 57.94 +/- 28.28, score 0.579.
        CHECK(h.elo.elo == doctest::Approx(55.58).epsilon(0.01));
        CHECK(half_width(h.elo) == doctest::Approx(27.65).epsilon(0.01));
        CHECK(half_width(*h.nelo) == doctest::Approx(28.28).epsilon(0.01));

        // fastchess "EloPentanomial 2": Stats(332, 433, 457, 41, 333, 334): -8.64 +/- 10.33,
        // nElo -9.17 +/- 10.96, LOS 5.05 %.
        const HeadToHead h2 = pentanomial_elo(Pentanomial{{332, 433, 457 + 41, 333, 334}});
        CHECK(h2.elo.elo == doctest::Approx(-8.64).epsilon(0.01));
        CHECK(half_width(h2.elo) == doctest::Approx(10.33).epsilon(0.01));
        CHECK(h2.nelo->elo == doctest::Approx(-9.17).epsilon(0.01));
        CHECK(half_width(*h2.nelo) == doctest::Approx(10.96).epsilon(0.01));
        CHECK(h2.los == doctest::Approx(0.0505).epsilon(0.01));
    }

    TEST_CASE("trinomial Elo: fastchess's published values") {
        // fastchess "EloWDL 2": 136 wins, 96 losses, 111 draws: score (136 + 55.5) / 343 = 0.558,
        // 40.70 +/- 30.43, nElo 49.77 +/- 36.77, LOS 99.60 %.
        const HeadToHead h = trinomial_elo(WDL{136, 111, 96});
        CHECK(h.score == doctest::Approx(191.5 / 343));
        CHECK(h.elo.elo == doctest::Approx(40.70).epsilon(0.01));
        CHECK(half_width(h.elo) == doctest::Approx(30.43).epsilon(0.01));
        CHECK(h.nelo->elo == doctest::Approx(49.77).epsilon(0.01));
        CHECK(half_width(*h.nelo) == doctest::Approx(36.77).epsilon(0.01));
        CHECK(h.los == doctest::Approx(0.9960).epsilon(0.001));
        // "EloWDL 1": 76 wins, 123 draws, 89 losses: nElo -20.76 +/- 40.13, score 0.477.
        const HeadToHead h1 = trinomial_elo(WDL{76, 123, 89});
        CHECK(h1.nelo->elo == doctest::Approx(-20.76).epsilon(0.01));
        CHECK(half_width(*h1.nelo) == doctest::Approx(40.13).epsilon(0.01));
        CHECK(h1.los == doctest::Approx(0.1553).epsilon(0.01));
    }

    TEST_CASE("perfect, zero and empty records stay finite and say they are open") {
        // 10 pairs all won: no finite Elo. Reported: half a game short of perfect, 1 - 1/40, i.e.
        // 400 log10(39) = 636.43, open above; lower end where winning all 10 pairs has chance
        // 0.025: p = 0.025^(1/10) = 0.69150, 140.22 Elo.
        Pentanomial perfect;
        for (int k = 0; k < 10; ++k) perfect.add_pair(1, 1);
        CHECK(perfect.counts[4] == 10);
        const HeadToHead h = pentanomial_elo(perfect);
        CHECK(h.score == 1);
        CHECK(h.elo.elo == doctest::Approx(636.43).epsilon(1e-4));
        CHECK(h.elo.hi95 == h.elo.elo);
        CHECK(h.elo.lo95 == doctest::Approx(140.22).epsilon(1e-4));
        CHECK(h.elo.open_above);
        CHECK_FALSE(h.elo.open_below);
        CHECK_FALSE(h.nelo.has_value());
        CHECK(h.los == 1);

        const HeadToHead zero = trinomial_elo(WDL{0, 0, 20});
        CHECK(zero.elo.elo == doctest::Approx(-400 * std::log10(39.0)));  // 1/40 of 20 games
        CHECK(zero.elo.open_below);
        CHECK(zero.elo.hi95 < 0);
        CHECK(std::isfinite(zero.elo.lo95));
        CHECK(zero.los == 0);

        // Nearly perfect: the normal interval passes 1; its end is capped and open.
        const HeadToHead nearly = pentanomial_elo(Pentanomial{{0, 0, 0, 1, 9}});
        CHECK(std::isfinite(nearly.elo.hi95));
        CHECK(nearly.elo.open_above);
        CHECK(nearly.elo.elo == doctest::Approx(score_to_elo(0.975)));

        const HeadToHead empty = pentanomial_elo(Pentanomial{});
        CHECK(empty.score == 0.5);
        CHECK(empty.elo.elo == 0);
        CHECK((empty.elo.open_below && empty.elo.open_above));
        CHECK(empty.los == 0.5);

        const HeadToHead draws = trinomial_elo(WDL{0, 8, 0});
        CHECK(draws.elo.elo == 0);
        CHECK(draws.los == 0.5);
        CHECK_FALSE(draws.nelo.has_value());
    }

    TEST_CASE("pentanomial pairs") {
        Pentanomial p;
        p.add_pair(1, 0);
        p.add_pair(0.5, 0.5);
        p.add_pair(1, 0.5);
        p.add_pair(0, 0.5);
        p.add_pair(0, 0);
        CHECK(p.counts == std::array<int, 5>{1, 1, 2, 1, 0});
        CHECK(p.pairs() == 5);
        p += p;
        CHECK(p.counts[2] == 4);
        CHECK_THROWS_AS(p.add_pair(1.5, 0), std::invalid_argument);
        const nlohmann::json j = p;
        CHECK(j == nlohmann::json::array({2, 2, 4, 2, 0}));
    }

    TEST_CASE("SPRT bounds and decisions") {
        // alpha = beta = 0.05: ln(0.05 / 0.95) = -ln 19 = -2.944439, ln(0.95 / 0.05) = +2.944439.
        const SprtBounds b = sprt_bounds(0.05, 0.05);
        CHECK(b.lower == doctest::Approx(-2.944439));
        CHECK(b.upper == doctest::Approx(2.944439));
        const SprtBounds c = sprt_bounds(0.05, 0.1);
        CHECK(c.lower == doctest::Approx(std::log(0.1 / 0.95)));
        CHECK(c.upper == doctest::Approx(std::log(0.9 / 0.05)));
        CHECK(sprt_decision(3.0, b) == SprtDecision::accept_h1);
        CHECK(sprt_decision(-3.0, b) == SprtDecision::accept_h0);
        CHECK(sprt_decision(0.0, b) == SprtDecision::continue_testing);
        CHECK_THROWS_AS(sprt_bounds(0, 0.05), std::invalid_argument);
        CHECK_THROWS_AS(sprt_bounds(0.6, 0.5), std::invalid_argument);
    }

    TEST_CASE("SPRT LLR: fastchess's published values") {
        using enum SprtModel;
        // "logistic pentanomial 1/2", "normalized pentanomial 1/2/3".
        CHECK(sprt_llr(Pentanomial{{223, 9863, 20279 + 1000, 10037, 246}}, 0.5, 2.5, logistic) ==
              doctest::Approx(-3.07).epsilon(0.01));
        CHECK(sprt_llr(Pentanomial{{871, 26175, 55003 + 980, 26678, 821}}, 0, 2, logistic) ==
              doctest::Approx(-4.98).epsilon(0.01));
        CHECK(sprt_llr(Pentanomial{{365, 16618, 36029 + 200, 16974, 390}}, 0, 2, normalized) ==
              doctest::Approx(2.25).epsilon(0.01));
        CHECK(sprt_llr(Pentanomial{{127, 4883, 10311 + 401, 5150, 104}}, -1.75, 0.25) ==
              doctest::Approx(3.01).epsilon(0.01));
        CHECK(sprt_llr(Pentanomial{{0, 0, 0, 0, 5550}}, 0, 5) ==
              doctest::Approx(111.82).epsilon(0.01));
        // "normalized trinomial 1", "logistic trinomial 1".
        CHECK(sprt_llr(WDL{36433, 68692, 36027}, 0, 2) == doctest::Approx(0.92).epsilon(0.01));
        CHECK(sprt_llr(WDL{21404, 40708, 21184}, 0.5, 2.5, logistic) ==
              doctest::Approx(-1.57).epsilon(0.01));
    }

    TEST_CASE("SPRT LLR: sign and magnitude for known cases") {
        using enum SprtModel;
        const std::array<double, 5> values{0, 0.25, 0.5, 0.75, 1};
        // 2000 pairs: mean (410/4 + 900/2 + 430*3/4 + 150) / 2000 = 0.5125, +8.7 Elo, above H1.
        const Pentanomial strong{{110, 410, 900, 430, 150}};
        CHECK(pentanomial_elo(strong).score == doctest::Approx(0.5125));
        const double up = sprt_llr(strong, 0, 5, logistic);
        CHECK(up > 0);
        CHECK(up == doctest::Approx(approximate_llr(values, strong.counts, 0, 5)).epsilon(0.02));
        // Mirror image (each pair's result reversed, hypotheses reversed): exactly -LLR.
        const Pentanomial mirrored{{150, 430, 900, 410, 110}};
        CHECK(sprt_llr(mirrored, -5, 0, logistic) == doctest::Approx(-up).epsilon(1e-9));
        CHECK(pentanomial_elo(mirrored).score == doctest::Approx(1 - 0.5125));
        CHECK(sprt_llr(mirrored, 0, 5, logistic) < 0);
        // A symmetric record halfway between symmetric hypotheses: no evidence either way.
        const Pentanomial halfway{{100, 400, 1000, 400, 100}};  // 0 Elo, H0 -5, H1 +5
        CHECK(std::abs(sprt_llr(halfway, -5, 5, logistic)) < 1e-9);
        CHECK(std::abs(sprt_llr(halfway, -5, 5, normalized)) < 1e-9);
        // More of the same data, proportionally more evidence.
        Pentanomial doubled = strong;
        doubled += strong;
        CHECK(sprt_llr(doubled, 0, 5, logistic) == doctest::Approx(2 * up).epsilon(1e-6));
        CHECK(sprt_llr(Pentanomial{}, 0, 5) == 0);
        CHECK_THROWS_AS(sprt_llr(strong, 5, 0), std::invalid_argument);
    }
}
