// Internal: the log-posterior shared by Bradley-Terry and Plackett-Luce, and its fit.
//
// In natural units (theta = Elo * ln 10 / 400, so a player's strength is exp(theta)) both models'
// log-likelihoods have the form
//     l(theta) = sum_j linear_j theta_j - sum_t weight_t log(sum_{j in set_t} exp(theta_j)),
// concave and unchanged when every theta moves by the same amount (sum_j linear_j = sum_t
// weight_t). The prior adds -(precision / 2) |theta|^2. The fit keeps sum theta = 0, which the
// maximum of the posterior satisfies anyway (the prior is the only term that sees a common shift),
// so the ratings are relative to the field average with or without a prior.
#pragma once

#include <array>
#include <map>
#include <vector>

#include "arena/ratings/ratings.hpp"

namespace arena::ratings::detail {

// Elo per natural unit: 400 / ln 10.
inline constexpr double kEloPerNat = 173.71779276130073;

class LogPosterior {
  public:
    LogPosterior(int players, double prior_sd_elo);

    int players() const { return players_; }
    double prior_precision() const { return precision_; }

    // Adds weight * theta_player.
    void add_linear(int player, double weight);
    // Subtracts weight * log(sum over `set` of exp(theta)); `set` has distinct players.
    void add_log_sum_exp(std::vector<int> set, double weight);
    // The data contain a result where `better` did at least as well as `worse` (a win, a draw, a
    // better or equal rank). Decides which ratings the data leave unbounded.
    void add_edge(int better, int worse);

    double value(const std::vector<double>& theta) const;
    // Gradient and minus the Hessian (positive semi-definite), row-major n x n.
    void derivatives(const std::vector<double>& theta, std::vector<double>& gradient,
                     std::vector<double>& neg_hessian) const;

    // open[i] = {below, above}: whether the likelihood alone leaves player i's rating, relative
    // to the field average, unbounded on that side (it is bounded above iff every player reaches
    // i through edges, below iff i reaches every player).
    std::vector<std::array<bool, 2>> open_sides() const;

    // Flattens the merged terms; call once after the last add_*.
    void finish();

  private:
    int players_;
    double precision_;
    std::vector<double> linear_;
    std::map<std::vector<int>, double> pending_sets_;
    // Flattened sets: members of set t are members_[offsets_[t] .. offsets_[t + 1]).
    std::vector<int> members_;
    std::vector<int> offsets_{0};
    std::vector<double> weights_;
    std::vector<std::vector<bool>> edges_;  // edges_[better][worse]
};

// The fit in Elo: ratings with profile intervals and the covariance of the ratings.
RatingFit fit(const LogPosterior& posterior);

}  // namespace arena::ratings::detail
