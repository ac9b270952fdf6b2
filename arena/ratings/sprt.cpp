#include "arena/ratings/sprt.hpp"

#include <cmath>
#include <stdexcept>

namespace arena::ratings {

SprtTest::SprtTest(const SprtHypotheses& hypotheses, SprtObservations observations)
    : hypotheses_(hypotheses),
      observations_(observations),
      bounds_(sprt_bounds(hypotheses.alpha, hypotheses.beta)) {
    // sprt_llr checks the same, but only once there is an observation: fail at the start.
    if (!(std::isfinite(hypotheses.elo0) && std::isfinite(hypotheses.elo1) &&
          hypotheses.elo0 < hypotheses.elo1))
        throw std::invalid_argument("SprtTest: elo0 must be finite and less than elo1");
}

bool SprtTest::add_game(double score) {
    if (!(score >= 0 && score <= 1))
        throw std::invalid_argument("SprtTest::add_game: the score must be in [0, 1]");
    results_.wins += score > 0.5;
    results_.draws += score == 0.5;
    results_.losses += score < 0.5;
    if (observations_ != SprtObservations::games) return false;
    update();
    return true;
}

void SprtTest::add_pair(double first_score, double second_score) {
    if (observations_ != SprtObservations::pairs)
        throw std::logic_error("SprtTest::add_pair: this test observes single games");
    pentanomial_.add_pair(first_score, second_score);
    update();
}

void SprtTest::add_games(const WDL& games) {
    if (games.wins < 0 || games.draws < 0 || games.losses < 0)
        throw std::invalid_argument("SprtTest::add_games: negative count");
    results_ += games;
    if (observations_ == SprtObservations::games) update();
}

void SprtTest::add_pairs(const Pentanomial& pairs) {
    if (observations_ != SprtObservations::pairs)
        throw std::logic_error("SprtTest::add_pairs: this test observes single games");
    for (int count : pairs.counts)
        if (count < 0) throw std::invalid_argument("SprtTest::add_pairs: negative count");
    pentanomial_ += pairs;
    update();
}

int SprtTest::observed() const {
    return observations_ == SprtObservations::pairs ? pentanomial_.pairs() : results_.games();
}

HeadToHead SprtTest::elo() const {
    return observations_ == SprtObservations::pairs && pentanomial_.pairs() > 0
               ? pentanomial_elo(pentanomial_)
               : trinomial_elo(results_);
}

void SprtTest::update() {
    const SprtHypotheses& h = hypotheses_;
    llr_ = observations_ == SprtObservations::pairs
               ? sprt_llr(pentanomial_, h.elo0, h.elo1, h.model)
               : sprt_llr(results_, h.elo0, h.elo1, h.model);
    if (decided()) return;  // the first decision stands
    decision_ = sprt_decision(llr_, bounds_);
    if (!decided()) return;
    decided_after_games_ = results_.games();
    decided_llr_ = llr_;
}

bool sprt_verdict_known(std::span<const SprtTest> tests) {
    bool all_h1 = true;
    for (const SprtTest& test : tests) {
        if (test.decision() == SprtDecision::accept_h0) return true;
        all_h1 = all_h1 && test.decision() == SprtDecision::accept_h1;
    }
    return all_h1;
}

}  // namespace arena::ratings
