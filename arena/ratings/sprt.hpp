// A sequential probability ratio test (SPRT) between two players as a value: fed the games (or
// the seat-swapped pairs) one at a time, it answers the log-likelihood ratio, the bounds and the
// decision, with the stopping rule of fishtest and fastchess: the test decides the first time
// the LLR leaves (lower, upper), and that decision stands whatever the later games say (the
// games that were still running when it decided are counted, but cannot undo it).
// The maths (LLR, bounds) is in ratings.hpp; this is the bookkeeping around it, so that the
// stopping rule is tested without running bots. Pure: no I/O, no clock.
#pragma once

#include <span>

#include "arena/ratings/ratings.hpp"

namespace arena::ratings {

// H0: elo = elo0 against H1: elo = elo1 (elo0 < elo1), false positive rate alpha, false
// negative rate beta (0 < alpha, beta < 1, alpha + beta < 1).
struct SprtHypotheses {
    double elo0 = 0, elo1 = 0;
    double alpha = 0.05, beta = 0.05;
    SprtModel model = SprtModel::normalized;
};

// What one test observes: single games (trinomial W/D/L), or pairs of games that differ only by
// swapping the two players' seats (pentanomial), which cancel most of the seat's advantage.
enum class SprtObservations { games, pairs };

class SprtTest {
  public:
    // Throws std::invalid_argument for impossible hypotheses (see SprtHypotheses).
    SprtTest(const SprtHypotheses& hypotheses, SprtObservations observations);

    // One game from the first player's side: 1 win, 0.5 draw, 0 loss. Counted in results(); for
    // a test on games it is also an observation. Returns true when it was an observation.
    bool add_game(double score);
    // One complete seat-swapped pair: the first player's scores in its two games (both given to
    // add_game too, as they were played). Only for a test on pairs (std::logic_error otherwise).
    void add_pair(double first_score, double second_score);
    // Many at once, e.g. counts published elsewhere: the same as adding them one by one, except
    // that a decision reached in between is taken at the end.
    void add_games(const WDL& games);
    void add_pairs(const Pentanomial& pairs);  // test on pairs only; games not counted

    double llr() const { return llr_; }
    const SprtBounds& bounds() const { return bounds_; }
    // The first decision reached (continue_testing until then).
    SprtDecision decision() const { return decision_; }
    bool decided() const { return decision_ != SprtDecision::continue_testing; }
    // When it decided: the games counted in results() then, and the LLR then.
    int decided_after_games() const { return decided_after_games_; }
    double decided_llr() const { return decided_llr_; }

    SprtObservations observations() const { return observations_; }
    // Observations so far: games for a test on games, complete pairs for one on pairs.
    int observed() const;
    const WDL& results() const { return results_; }
    const Pentanomial& pentanomial() const { return pentanomial_; }
    const SprtHypotheses& hypotheses() const { return hypotheses_; }
    // Elo, nElo and LOS of the observations (the pairs once there is one, else the games).
    HeadToHead elo() const;

  private:
    void update();

    SprtHypotheses hypotheses_;
    SprtObservations observations_;
    SprtBounds bounds_;
    WDL results_;
    Pentanomial pentanomial_;
    double llr_ = 0;
    SprtDecision decision_ = SprtDecision::continue_testing;
    int decided_after_games_ = 0;
    double decided_llr_ = 0;
};

// The stopping rule of a candidate tested against several opponents at once (a regression gate):
// the verdict is known as soon as one test accepted H0 (weaker than one of them fails), or every
// test accepted H1 (vacuously true for no test at all).
bool sprt_verdict_known(std::span<const SprtTest> tests);

}  // namespace arena::ratings
