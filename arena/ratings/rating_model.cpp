#include "arena/ratings/rating_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace arena::ratings::detail {

namespace {

// Half the 95% quantile of chi-squared with 1 degree of freedom (1.959964^2 / 2): the drop of the
// log-likelihood at the ends of a 95% profile-likelihood interval.
constexpr double kHalfChi2At95 = 1.920729410347062;

// Solves the dense system a x = b in place (a: n x n row-major, b: n) by Gaussian elimination with
// partial pivoting. The systems solved here are non-singular by construction.
void solve_in_place(std::vector<double>& a, std::vector<double>& b) {
    const std::size_t n = b.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t row = col + 1; row < n; ++row) {
            if (std::abs(a[row * n + col]) > std::abs(a[pivot * n + col])) pivot = row;
        }
        if (pivot != col) {
            for (std::size_t k = 0; k < n; ++k) std::swap(a[col * n + k], a[pivot * n + k]);
            std::swap(b[col], b[pivot]);
        }
        const double diagonal = a[col * n + col];
        if (diagonal == 0) continue;  // singular direction: leave it at 0
        for (std::size_t row = col + 1; row < n; ++row) {
            const double factor = a[row * n + col] / diagonal;
            if (factor == 0) continue;
            for (std::size_t k = col; k < n; ++k) a[row * n + k] -= factor * a[col * n + k];
            b[row] -= factor * b[col];
        }
    }
    for (std::size_t col = n; col-- > 0;) {
        double sum = b[col];
        for (std::size_t k = col + 1; k < n; ++k) sum -= a[col * n + k] * b[k];
        const double diagonal = a[col * n + col];
        b[col] = diagonal == 0 ? 0 : sum / diagonal;
    }
}

struct Maximum {
    std::vector<double> theta;
    double value = 0;
    // d(max value) / d(theta of the fixed player): the Lagrange multiplier of that constraint.
    double slope = 0;
};

// Maximises the posterior over theta with sum theta = 0 and, when fixed >= 0, theta[fixed] held
// at its starting value, by Newton's method on the KKT system with a backtracking line search.
// `theta` must satisfy the constraints. The posterior is concave and, under the constraints,
// strictly so whenever it has a maximum, so this converges from any start.
Maximum maximize(const LogPosterior& posterior, std::vector<double> theta, int fixed) {
    const int n = posterior.players();
    const int m = n + (fixed >= 0 ? 2 : 1);
    std::vector<double> gradient, neg_hessian, kkt, rhs, trial(n);
    double value = posterior.value(theta);
    double slope = 0;
    for (int iteration = 0; iteration < 200; ++iteration) {
        posterior.derivatives(theta, gradient, neg_hessian);
        kkt.assign(static_cast<std::size_t>(m) * m, 0.0);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) kkt[i * m + j] = neg_hessian[i * n + j];
            kkt[i * m + n] = kkt[n * m + i] = 1;
        }
        if (fixed >= 0) kkt[fixed * m + n + 1] = kkt[(n + 1) * m + fixed] = 1;
        rhs.assign(m, 0.0);
        std::copy(gradient.begin(), gradient.end(), rhs.begin());
        solve_in_place(kkt, rhs);
        if (fixed >= 0) slope = rhs[n + 1];
        // Twice the increase that the quadratic model promises.
        double decrement = 0;
        for (int i = 0; i < n; ++i) decrement += gradient[i] * rhs[i];
        if (!(decrement > 1e-20)) break;
        // Near the maximum the full step is right and the value no longer resolves the gain.
        const bool near = decrement < 1e-10;
        double step = 1;
        bool moved = false;
        for (; step > 1e-12; step /= 2) {
            for (int i = 0; i < n; ++i) trial[i] = theta[i] + step * rhs[i];
            const double trial_value = posterior.value(trial);
            if (near || trial_value >= value + 1e-4 * step * decrement) {
                theta.swap(trial);
                value = trial_value;
                moved = true;
                break;
            }
        }
        if (!moved) break;
    }
    return {std::move(theta), value, slope};
}

}  // namespace

LogPosterior::LogPosterior(int players, double prior_sd_elo)
    : players_(players), linear_(players, 0.0), edges_(players, std::vector<bool>(players)) {
    if (!(prior_sd_elo >= 0)) throw std::invalid_argument("ratings: prior_sd_elo must be >= 0");
    const double sd = prior_sd_elo / kEloPerNat;
    precision_ = sd == 0 ? 0 : 1 / (sd * sd);
}

void LogPosterior::add_linear(int player, double weight) {
    linear_[player] += weight;
}

void LogPosterior::add_log_sum_exp(std::vector<int> set, double weight) {
    if (set.size() == 1) {
        linear_[set[0]] -= weight;  // log(exp(theta)) = theta
        return;
    }
    std::sort(set.begin(), set.end());
    pending_sets_[std::move(set)] += weight;
}

void LogPosterior::add_edge(int better, int worse) {
    edges_[better][worse] = true;
}

void LogPosterior::finish() {
    for (auto& [set, weight] : pending_sets_) {
        members_.insert(members_.end(), set.begin(), set.end());
        offsets_.push_back(static_cast<int>(members_.size()));
        weights_.push_back(weight);
    }
    pending_sets_.clear();
}

double LogPosterior::value(const std::vector<double>& theta) const {
    double sum = 0;
    for (int j = 0; j < players_; ++j) {
        sum += linear_[j] * theta[j] - 0.5 * precision_ * theta[j] * theta[j];
    }
    for (std::size_t t = 0; t < weights_.size(); ++t) {
        double top = theta[members_[offsets_[t]]];
        for (int k = offsets_[t] + 1; k < offsets_[t + 1]; ++k)
            top = std::max(top, theta[members_[k]]);
        double total = 0;
        for (int k = offsets_[t]; k < offsets_[t + 1]; ++k)
            total += std::exp(theta[members_[k]] - top);
        sum -= weights_[t] * (top + std::log(total));
    }
    return sum;
}

void LogPosterior::derivatives(const std::vector<double>& theta, std::vector<double>& gradient,
                               std::vector<double>& neg_hessian) const {
    const int n = players_;
    gradient.assign(n, 0.0);
    neg_hessian.assign(static_cast<std::size_t>(n) * n, 0.0);
    for (int j = 0; j < n; ++j) {
        gradient[j] = linear_[j] - precision_ * theta[j];
        neg_hessian[j * n + j] = precision_;
    }
    std::vector<double> share;
    for (std::size_t t = 0; t < weights_.size(); ++t) {
        const int begin = offsets_[t], end = offsets_[t + 1];
        double top = theta[members_[begin]];
        for (int k = begin + 1; k < end; ++k) top = std::max(top, theta[members_[k]]);
        share.assign(end - begin, 0.0);
        double total = 0;
        for (int k = begin; k < end; ++k)
            total += share[k - begin] = std::exp(theta[members_[k]] - top);
        for (double& s : share) s /= total;
        // d/dtheta of w log sum exp = w * softmax; its Hessian is w (diag(p) - p p^T).
        const double w = weights_[t];
        for (int a = begin; a < end; ++a) {
            const int i = members_[a];
            const double pa = share[a - begin];
            gradient[i] -= w * pa;
            neg_hessian[i * n + i] += w * pa;
            for (int b = begin; b < end; ++b) {
                neg_hessian[i * n + members_[b]] -= w * pa * share[b - begin];
            }
        }
    }
}

std::vector<std::array<bool, 2>> LogPosterior::open_sides() const {
    const int n = players_;
    // Which players reach `start` (reverse = true) or are reached from it, through edges.
    auto reach_count = [&](int start, bool reverse) {
        std::vector<bool> seen(n);
        std::vector<int> stack{start};
        seen[start] = true;
        int count = 1;
        while (!stack.empty()) {
            const int at = stack.back();
            stack.pop_back();
            for (int next = 0; next < n; ++next) {
                const bool edge = reverse ? edges_[next][at] : edges_[at][next];
                if (edge && !seen[next]) {
                    seen[next] = true;
                    ++count;
                    stack.push_back(next);
                }
            }
        }
        return count;
    };
    // A direction d along which no result's likelihood decreases must have d_better >= d_worse
    // on every edge. Raising i's rating relative to the mean is such a direction (e.g. raising i
    // and everyone reaching it) unless everyone reaches i; lowering it, unless i reaches everyone.
    std::vector<std::array<bool, 2>> open(n);
    for (int i = 0; i < n; ++i) {
        open[i] = {reach_count(i, false) < n, reach_count(i, true) < n};
    }
    return open;
}

namespace {

void check_maximum_likelihood_exists(const LogPosterior& posterior,
                                     const std::vector<std::array<bool, 2>>& open) {
    if (posterior.prior_precision() != 0) return;
    for (const auto& sides : open) {
        if (sides[0] || sides[1]) {
            throw std::invalid_argument(
                "ratings: the maximum-likelihood ratings do not exist (a perfect or zero "
                "score, a player without games or a field in parts that never met); use a "
                "prior (prior_sd_elo > 0)");
        }
    }
}

// Covariance of ratings summing to 0: the inverse of the information on that subspace. The
// constant direction is an eigenvector of the information (eigenvalue = the prior precision),
// so adding J / n makes the matrix invertible without changing the rest, and the constant part
// is taken out again afterwards.
std::vector<std::vector<double>> covariance_at(const LogPosterior& posterior,
                                               const std::vector<double>& theta) {
    const int n = posterior.players();
    std::vector<std::vector<double>> covariance(n, std::vector<double>(n, 0.0));
    std::vector<double> gradient, information;
    posterior.derivatives(theta, gradient, information);
    const double constant_eigenvalue = posterior.prior_precision() + 1;
    std::vector<double> column;
    for (int j = 0; j < n; ++j) {
        std::vector<double> matrix = information;
        for (double& x : matrix) x += 1.0 / n;
        column.assign(n, 0.0);
        column[j] = 1;
        solve_in_place(matrix, column);
        for (int i = 0; i < n; ++i) {
            covariance[i][j] =
                (column[i] - 1.0 / (n * constant_eigenvalue)) * kEloPerNat * kEloPerNat;
        }
    }
    return covariance;
}

// Profile-likelihood interval ends: where the best fit with theta_i = t is kHalfChi2At95
// below the maximum. The profile is concave in t, so the end is bracketed by stepping out
// from the maximum, then found by Newton steps on the profile (its slope is the constraint's
// multiplier) from the outer side, which converge monotonically for a concave function, with
// bisection as the fallback.
class ProfileInterval {
  public:
    ProfileInterval(const LogPosterior& posterior, const Maximum& best)
        : posterior_(posterior),
          best_(best),
          n_(posterior.players()),
          target_(best.value - kHalfChi2At95) {}

    // The end of player i's interval on the side of `direction` (-1 below, +1 above), in nats;
    // `variance`: the normal approximation's, in Elo^2, for the first step.
    double end(int i, double direction, double variance) const {
        const double sd = std::sqrt(std::max(variance, 0.0)) / kEloPerNat;
        double step = std::max(1.96 * sd, 0.05);
        Side inner{best_.theta[i], best_}, outer{inner.t, Maximum{}};
        bool bracketed = false;
        for (int k = 0; k < 80 && !bracketed; ++k, step *= 2) {
            const double t = inner.t + direction * step;
            Maximum at = profile_at(t, inner.at.theta, i);
            if (at.value > target_) {
                inner = {t, std::move(at)};
            } else {
                outer = {t, std::move(at)};
                bracketed = true;
            }
        }
        if (!bracketed) return inner.t;
        return refine(i, inner, outer);
    }

  private:
    struct Side {
        double t;
        Maximum at;
    };

    Maximum profile_at(double t, const std::vector<double>& from, int i) const {
        std::vector<double> start = from;
        const double shift = t - start[i];
        for (int j = 0; j < n_; ++j) start[j] -= shift / (n_ - 1);
        start[i] = t;
        return maximize(posterior_, std::move(start), i);
    }

    // Between a t inside the interval and one outside it.
    double refine(int i, Side inner, Side outer) const {
        for (int k = 0; k < 100; ++k) {
            const double gap = outer.at.value - target_;  // < 0
            double t = outer.t - gap / outer.at.slope;
            const double low = std::min(inner.t, outer.t), high = std::max(inner.t, outer.t);
            if (!std::isfinite(t) || !(t > low && t < high)) t = 0.5 * (inner.t + outer.t);
            const bool near_outer = std::abs(t - outer.t) < std::abs(t - inner.t);
            Maximum at = profile_at(t, near_outer ? outer.at.theta : inner.at.theta, i);
            const double miss = at.value - target_;
            if (std::abs(miss) < 1e-9 || high - low < 1e-12) return t;
            if (miss > 0)
                inner = {t, std::move(at)};
            else
                outer = {t, std::move(at)};
        }
        return 0.5 * (inner.t + outer.t);
    }

    const LogPosterior& posterior_;
    const Maximum& best_;
    int n_;
    double target_;
};

}  // namespace

RatingFit fit(const LogPosterior& posterior) {
    const int n = posterior.players();
    RatingFit result;
    if (n == 0) return result;
    const auto open = posterior.open_sides();
    check_maximum_likelihood_exists(posterior, open);
    result.ratings.resize(n);
    result.covariance.assign(n, std::vector<double>(n, 0.0));
    if (n == 1) return result;  // alone, a player is the field average

    const Maximum best = maximize(posterior, std::vector<double>(n, 0.0), -1);
    result.covariance = covariance_at(posterior, best.theta);
    const ProfileInterval interval(posterior, best);
    for (int i = 0; i < n; ++i) {
        EloEstimate& rating = result.ratings[i];
        const double variance = result.covariance[i][i];
        rating.elo = best.theta[i] * kEloPerNat;
        rating.lo95 = std::min(interval.end(i, -1, variance) * kEloPerNat, rating.elo);
        rating.hi95 = std::max(interval.end(i, +1, variance) * kEloPerNat, rating.elo);
        rating.open_below = open[i][0];
        rating.open_above = open[i][1];
    }
    return result;
}

}  // namespace arena::ratings::detail
