// One pair of players: Elo, nElo and LOS from W/D/L or pentanomial counts, and the SPRT.
// The formulas are fastchess's and fishtest's (checked against fastchess's published test
// values in tests/ratings/test_head_to_head.cpp); the code is written from the formulas.
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <span>
#include <stdexcept>

#include "arena/ratings/ratings.hpp"

namespace arena::ratings {

namespace {

constexpr double kZ95 = 1.959963984540054;              // two-sided 95% normal quantile
constexpr double kNeloScale = 800 / 2.302585092994046;  // 800 / ln 10

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

// counts[k] observations (games, or pairs of games) with mean score values[k] per game.
// games_per_observation: 1 for games, 2 for pairs.
HeadToHead head_to_head(std::span<const double> values, std::span<const int> counts,
                        int games_per_observation) {
    HeadToHead result;
    const int n = std::accumulate(counts.begin(), counts.end(), 0);
    if (n == 0) {
        result.elo.open_below = result.elo.open_above = true;
        return result;
    }
    double score = 0;
    for (std::size_t k = 0; k < values.size(); ++k) score += counts[k] * values[k];
    score /= n;
    double variance = 0;  // of one observation
    for (std::size_t k = 0; k < values.size(); ++k) {
        variance += counts[k] * (values[k] - score) * (values[k] - score);
    }
    variance /= n;
    const double standard_error = std::sqrt(variance / n);
    const double low_score = score - kZ95 * standard_error;
    const double high_score = score + kZ95 * standard_error;
    result.score = score;

    // Half a game from either end: the largest (smallest) score that is not perfect (zero).
    const double cap = 0.5 / (static_cast<double>(n) * games_per_observation);
    EloEstimate& elo = result.elo;
    if (score >= 1) {
        elo.elo = elo.hi95 = score_to_elo(1 - cap);
        // Winning every one of n with probability p has chance p^n: p < 0.025^(1/n) is excluded
        // (one side of a two-sided 95% interval), and the mean score is at least p.
        elo.lo95 = std::min(score_to_elo(std::pow(0.025, 1.0 / n)), elo.elo);
        elo.open_above = true;
    } else if (score <= 0) {
        elo.elo = elo.lo95 = score_to_elo(cap);
        elo.hi95 = std::max(score_to_elo(1 - std::pow(0.025, 1.0 / n)), elo.elo);
        elo.open_below = true;
    } else {
        elo.elo = score_to_elo(std::clamp(score, cap, 1 - cap));
        elo.open_below = low_score < cap;
        elo.open_above = high_score > 1 - cap;
        elo.lo95 = std::min(score_to_elo(std::max(low_score, cap)), elo.elo);
        elo.hi95 = std::max(score_to_elo(std::min(high_score, 1 - cap)), elo.elo);
    }

    if (variance > 0) {
        const double nelo_per_score = kNeloScale / std::sqrt(games_per_observation * variance);
        result.nelo =
            EloEstimate{(score - 0.5) * nelo_per_score, (low_score - 0.5) * nelo_per_score,
                        (high_score - 0.5) * nelo_per_score};
        result.los = normal_cdf((score - 0.5) / standard_error);
    } else {
        result.los = score > 0.5 ? 1.0 : score < 0.5 ? 0.0 : 0.5;
    }
    return result;
}

constexpr std::array<double, 3> kTrinomialValues{0.0, 0.5, 1.0};
constexpr std::array<double, 5> kPentanomialValues{0.0, 0.25, 0.5, 0.75, 1.0};

// Root of a decreasing function on (low, high) that is positive near low and negative near high.
template <typename F>
double decreasing_root(F f, double low, double high) {
    for (int k = 0; k < 200; ++k) {
        const double middle = 0.5 * (low + high);
        if (middle <= low || middle >= high) break;
        (f(middle) > 0 ? low : high) = middle;
    }
    return 0.5 * (low + high);
}

// The distribution p closest to the empirical one (maximum likelihood) under a constraint of the
// form sum_k p_k phi_k = 0: by Lagrange, p_k = phat_k / (1 + theta phi_k) with theta solving
// sum_k phat_k phi_k / (1 + theta phi_k) = 0 (then sum p = 1 too). The left side decreases in
// theta; theta stays where every 1 + theta phi_k > 0.
template <std::size_t N>
std::array<double, N> constrained_mle(const std::array<double, N>& phat,
                                      const std::array<double, N>& phi) {
    const double lowest = *std::min_element(phi.begin(), phi.end());
    const double highest = *std::max_element(phi.begin(), phi.end());
    if (!(lowest < 0 && highest > 0)) return phat;  // unreachable for valid hypotheses
    const double theta = decreasing_root(
        [&](double t) {
            double sum = 0;
            for (std::size_t k = 0; k < N; ++k) sum += phat[k] * phi[k] / (1 + t * phi[k]);
            return sum;
        },
        -1 / highest, -1 / lowest);
    std::array<double, N> p;
    for (std::size_t k = 0; k < N; ++k) p[k] = phat[k] / (1 + theta * phi[k]);
    return p;
}

// Most likely distribution with mean score s (logistic Elo: the hypothesis fixes the score).
template <std::size_t N>
std::array<double, N> mle_with_mean(const std::array<double, N>& values,
                                    const std::array<double, N>& phat, double s) {
    std::array<double, N> phi;
    for (std::size_t k = 0; k < N; ++k) phi[k] = values[k] - s;
    return constrained_mle(phat, phi);
}

// Most likely distribution with (mean - 1/2) / standard deviation = t (normalised Elo). The
// constraint is not linear in p; its gradient gives phi_k = a_k - 1/2 - t sigma (1 + ((a_k -
// mu) / sigma)^2) / 2 at the current p, so p is found as a fixed point (Van den Bergh, "Comments
// on normalized Elo", section 4.1), starting from the uniform distribution.
template <std::size_t N>
std::array<double, N> mle_with_t(const std::array<double, N>& values,
                                 const std::array<double, N>& phat, double t) {
    std::array<double, N> p;
    p.fill(1.0 / N);
    for (int iteration = 0; iteration < 100; ++iteration) {
        double mean = 0, variance = 0;
        for (std::size_t k = 0; k < N; ++k) mean += p[k] * values[k];
        for (std::size_t k = 0; k < N; ++k)
            variance += p[k] * (values[k] - mean) * (values[k] - mean);
        const double sigma = std::sqrt(variance);
        std::array<double, N> phi;
        for (std::size_t k = 0; k < N; ++k) {
            const double z = (values[k] - mean) / sigma;
            phi[k] = values[k] - 0.5 - 0.5 * t * sigma * (1 + z * z);
        }
        const std::array<double, N> next = constrained_mle(phat, phi);
        double change = 0;
        for (std::size_t k = 0; k < N; ++k) change = std::max(change, std::abs(next[k] - p[k]));
        p = next;
        if (change < 1e-12) break;
    }
    return p;
}

template <std::size_t N>
double llr(const std::array<double, N>& values, const std::array<int, N>& counts, double elo0,
           double elo1, SprtModel model, double nelo_to_t) {
    if (!(std::isfinite(elo0) && std::isfinite(elo1) && elo0 < elo1)) {
        throw std::invalid_argument("sprt_llr: elo0 must be finite and less than elo1");
    }
    if (std::accumulate(counts.begin(), counts.end(), 0) == 0) return 0;
    std::array<double, N> phat;
    double total = 0;
    for (std::size_t k = 0; k < N; ++k) total += phat[k] = counts[k] == 0 ? 1e-3 : counts[k];
    for (double& p : phat) p /= total;
    std::array<double, N> p0, p1;
    if (model == SprtModel::logistic) {
        p0 = mle_with_mean(values, phat, elo_to_score(elo0));
        p1 = mle_with_mean(values, phat, elo_to_score(elo1));
    } else {
        p0 = mle_with_t(values, phat, elo0 * nelo_to_t);
        p1 = mle_with_t(values, phat, elo1 * nelo_to_t);
    }
    double sum = 0;
    for (std::size_t k = 0; k < N; ++k) sum += phat[k] * std::log(p1[k] / p0[k]);
    return total * sum;
}

}  // namespace

double elo_to_score(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

double score_to_elo(double score) {
    return -400 * std::log10(1 / score - 1);
}

double los(int wins, int losses) {
    if (wins < 0 || losses < 0) throw std::invalid_argument("los: negative count");
    if (wins + losses == 0) return 0.5;
    return normal_cdf((wins - losses) / std::sqrt(static_cast<double>(wins + losses)));
}

WDL& WDL::operator+=(const WDL& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
}

int Pentanomial::pairs() const {
    return std::accumulate(counts.begin(), counts.end(), 0);
}

void Pentanomial::add_pair(double first_score, double second_score) {
    const double points = first_score + second_score;
    if (!(first_score >= 0 && first_score <= 1 && second_score >= 0 && second_score <= 1)) {
        throw std::invalid_argument("Pentanomial::add_pair: scores must be in [0, 1]");
    }
    ++counts[static_cast<std::size_t>(std::lround(points * 2))];
}

Pentanomial& Pentanomial::operator+=(const Pentanomial& other) {
    for (std::size_t k = 0; k < counts.size(); ++k) counts[k] += other.counts[k];
    return *this;
}

HeadToHead trinomial_elo(const WDL& results) {
    if (results.wins < 0 || results.draws < 0 || results.losses < 0) {
        throw std::invalid_argument("trinomial_elo: negative count");
    }
    const std::array<int, 3> counts{results.losses, results.draws, results.wins};
    return head_to_head(kTrinomialValues, counts, 1);
}

HeadToHead pentanomial_elo(const Pentanomial& pairs) {
    for (int count : pairs.counts) {
        if (count < 0) throw std::invalid_argument("pentanomial_elo: negative count");
    }
    return head_to_head(kPentanomialValues, pairs.counts, 2);
}

SprtBounds sprt_bounds(double alpha, double beta) {
    if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1 && alpha + beta < 1)) {
        throw std::invalid_argument("sprt_bounds: need 0 < alpha, beta < 1 and alpha + beta < 1");
    }
    return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

SprtDecision sprt_decision(double llr, const SprtBounds& bounds) {
    if (llr >= bounds.upper) return SprtDecision::accept_h1;
    if (llr <= bounds.lower) return SprtDecision::accept_h0;
    return SprtDecision::continue_testing;
}

double sprt_llr(const Pentanomial& pairs, double elo0, double elo1, SprtModel model) {
    // A pair's standard deviation is sqrt(2) times smaller than a game's for the same nElo.
    return llr(kPentanomialValues, pairs.counts, elo0, elo1, model, std::sqrt(2.0) / kNeloScale);
}

double sprt_llr(const WDL& results, double elo0, double elo1, SprtModel model) {
    const std::array<int, 3> counts{results.losses, results.draws, results.wins};
    return llr(kTrinomialValues, counts, elo0, elo1, model, 1 / kNeloScale);
}

}  // namespace arena::ratings
