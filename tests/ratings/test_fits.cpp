// Bradley-Terry and Plackett-Luce fits, checked against values worked out by hand and against the
// models' likelihoods written out here independently of the library (the log-likelihoods below
// are the textbook formulas, evaluated directly).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "arena/ratings/json.hpp"
#include "arena/ratings/ratings.hpp"

using namespace arena::ratings;

namespace {

constexpr double kNatPerElo = 0.005756462732485115;  // ln 10 / 400
constexpr double kHalfChi2 = 1.920729410347062;      // 1.959964^2 / 2

// P(a beats b) on the Elo scale, from its definition.
double win_probability(double ra, double rb) {
    return 1 / (1 + std::pow(10.0, (rb - ra) / 400));
}

// Bradley-Terry log-likelihood, a draw counting half a win and half a loss.
double bt_log_likelihood(const std::vector<double>& r, const std::vector<PairGame>& games) {
    double sum = 0;
    for (const auto& g : games) {
        const double p = win_probability(r[g.a], r[g.b]);
        sum += g.score_a * std::log(p) + (1 - g.score_a) * std::log(1 - p);
    }
    return sum;
}

// The likelihood equations of Bradley-Terry: each player's points minus its expected points.
std::vector<double> bt_score_residuals(const std::vector<double>& r,
                                       const std::vector<PairGame>& games) {
    std::vector<double> residual(r.size(), 0.0);
    for (const auto& g : games) {
        const double p = win_probability(r[g.a], r[g.b]);
        residual[g.a] += g.score_a - p;
        residual[g.b] += (1 - g.score_a) - (1 - p);
    }
    return residual;
}

std::vector<double> elos(const RatingFit& fit) {
    std::vector<double> r;
    for (const auto& e : fit.ratings) r.push_back(e.elo);
    return r;
}

void add_games(std::vector<PairGame>& games, int a, int b, double score_a, int count) {
    for (int k = 0; k < count; ++k) games.push_back({a, b, score_a});
}

// Maximum of a concave function of one variable on [low, high] (golden-section search).
double maximum_of(const std::function<double(double)>& f, double low, double high) {
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double x1 = high - ratio * (high - low), x2 = low + ratio * (high - low);
    double f1 = f(x1), f2 = f(x2);
    for (int k = 0; k < 200; ++k) {
        if (f1 < f2) {
            low = x1;
            x1 = x2;
            f1 = f2;
            x2 = low + ratio * (high - low);
            f2 = f(x2);
        } else {
            high = x2;
            x2 = x1;
            f2 = f1;
            x1 = high - ratio * (high - low);
            f1 = f(x1);
        }
    }
    return std::max(f1, f2);
}

void check_all_finite(const RatingFit& fit) {
    for (const auto& e : fit.ratings) {
        CHECK(std::isfinite(e.elo));
        CHECK(std::isfinite(e.lo95));
        CHECK(std::isfinite(e.hi95));
        CHECK(e.lo95 <= e.elo);
        CHECK(e.elo <= e.hi95);
    }
    for (std::size_t a = 0; a < fit.ratings.size(); ++a) {
        for (std::size_t b = 0; b < fit.ratings.size(); ++b) {
            CHECK(std::isfinite(fit.covariance[a][b]));
            CHECK(std::isfinite(fit.los(a, b)));
        }
    }
}

// The 3-bot example worked out on paper. A (0) beats B (1) 3-0, B beats C (2) 3-0, and A scores
// 3 of 5 against C (2 wins, 2 draws, 1 loss).
//
// Guess strengths g = 10^(r/400) = (2, 1, 1/2), so P(A>B) = P(B>C) = 2/3 and P(A>C) = 4/5.
// Expected points: A 3 * 2/3 + 5 * 4/5 = 6 (actual 3 + 3 = 6), B 3 * 1/3 + 3 * 2/3 = 3 (actual
// 0 + 3), C 3 * 1/3 + 5 * 1/5 = 2 (actual 0 + 2). The likelihood equations (expected = actual
// for every player) hold, and the log-likelihood is strictly concave on ratings summing to 0 with
// a maximum (A scored against B, B against C, C against A: no group of players lost every game
// to the rest), so this is the unique maximum: A = 400 log10 2 = +120.412, B = 0, C = -120.412. Not
// a pair-by-pair fit: A scored 3 where 2 were expected against B, and 3 where 4 were expected
// against C.
//
// Information at the maximum (minus the Hessian in natural units, theta = r ln10 / 400): the
// weighted graph Laplacian with weight n p (1 - p) per pair: AB 3 * 2/9 = 2/3, BC 2/3, AC 5 *
// 4/25 = 4/5. Its pseudo-inverse, (L + J/3)^-1 - J/3, worked out with fractions:
//   [[31/102, -1/6, -7/51], [-1/6, 1/3, -1/6], [-7/51, -1/6, 31/102]]   (natural units^2)
std::vector<PairGame> three_bot_games() {
    std::vector<PairGame> games;
    add_games(games, 0, 1, 1, 3);
    add_games(games, 1, 2, 1, 3);
    add_games(games, 0, 2, 1, 2);
    add_games(games, 0, 2, 0.5, 2);
    add_games(games, 0, 2, 0, 1);
    return games;
}

}  // namespace

TEST_SUITE("fits") {
    TEST_CASE("3-bot Bradley-Terry: the maximum-likelihood ratings worked out on paper") {
        const auto games = three_bot_games();
        const RatingFit fit = bradley_terry(3, games, {.prior_sd_elo = 0});
        const double d = 400 * std::log10(2.0);
        CHECK(fit.ratings[0].elo == doctest::Approx(d).epsilon(1e-9));
        CHECK(std::abs(fit.ratings[1].elo) < 1e-7);
        CHECK(fit.ratings[2].elo == doctest::Approx(-d).epsilon(1e-9));
        for (double residual : bt_score_residuals(elos(fit), games)) {
            CHECK(std::abs(residual) < 1e-9);
        }
        for (const auto& e : fit.ratings) {
            CHECK_FALSE(e.open_below);
            CHECK_FALSE(e.open_above);
        }

        const double nat2_to_elo2 = 1 / (kNatPerElo * kNatPerElo);
        const double paper[3][3] = {{31.0 / 102, -1.0 / 6, -7.0 / 51},
                                    {-1.0 / 6, 1.0 / 3, -1.0 / 6},
                                    {-7.0 / 51, -1.0 / 6, 31.0 / 102}};
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                CHECK(fit.covariance[i][j] == doctest::Approx(paper[i][j] * nat2_to_elo2));
            }
        }
    }

    TEST_CASE("3-bot Bradley-Terry: interval ends are where the profile likelihood drops 1.92") {
        const auto games = three_bot_games();
        const RatingFit fit = bradley_terry(3, games, {.prior_sd_elo = 0});
        const double best = bt_log_likelihood(elos(fit), games);
        for (int i = 0; i < 3; ++i) {
            const int j = (i + 1) % 3, k = (i + 2) % 3;
            // Best log-likelihood with player i at t relative to the mean (ratings summing to 0).
            auto profile = [&](double t) {
                return maximum_of(
                    [&](double rj) {
                        std::vector<double> r(3);
                        r[i] = t;
                        r[j] = rj;
                        r[k] = -t - rj;
                        return bt_log_likelihood(r, games);
                    },
                    -3000, 3000);
            };
            const EloEstimate& e = fit.ratings[i];
            CHECK(profile(e.lo95) == doctest::Approx(best - kHalfChi2).epsilon(1e-8));
            CHECK(profile(e.hi95) == doctest::Approx(best - kHalfChi2).epsilon(1e-8));
            CHECK(profile(e.lo95 + 1) > best - kHalfChi2);
            CHECK(profile(e.hi95 + 1) < best - kHalfChi2);
        }
        // About the width of the interval from the curvature (1.96 sqrt(31/102) = 187.7 Elo each
        // side for A), longer on the side of the long tail.
        const EloEstimate& a = fit.ratings[0];
        CHECK(a.elo - a.lo95 == doctest::Approx(187.7).epsilon(0.15));
        CHECK(a.hi95 - a.elo == doctest::Approx(187.7).epsilon(0.25));
    }

    TEST_CASE("2 players, 7-3: the likelihood-ratio interval solved by bisection") {
        std::vector<PairGame> games;
        add_games(games, 0, 1, 1, 7);
        add_games(games, 0, 1, 0, 3);
        const RatingFit fit = bradley_terry(2, games, {.prior_sd_elo = 0});
        // The gap is 400 log10(7/3) = 147.19 Elo, each player half of it from the mean.
        const double gap = 400 * std::log10(7.0 / 3.0);
        CHECK(fit.ratings[0].elo == doctest::Approx(gap / 2));
        CHECK(fit.ratings[1].elo == doctest::Approx(-gap / 2));
        // The interval of the gap g: 7 ln P(g) + 3 ln(1 - P(g)) = maximum - 1.92.
        auto log_likelihood = [](double g) {
            const double p = win_probability(g, 0);
            return 7 * std::log(p) + 3 * std::log(1 - p);
        };
        const double target = log_likelihood(gap) - kHalfChi2;
        auto solve = [&](double inside, double outside) {
            for (int k = 0; k < 200; ++k) {
                const double middle = (inside + outside) / 2;
                (log_likelihood(middle) > target ? inside : outside) = middle;
            }
            return inside;
        };
        const double gap_low = solve(gap, -2000), gap_high = solve(gap, 2000);
        CHECK(fit.ratings[0].lo95 == doctest::Approx(gap_low / 2).epsilon(1e-7));
        CHECK(fit.ratings[0].hi95 == doctest::Approx(gap_high / 2).epsilon(1e-7));
        CHECK(fit.ratings[1].lo95 == doctest::Approx(-gap_high / 2).epsilon(1e-7));
        // Asymmetric: the upper tail of a 70 % score is longer.
        CHECK(fit.ratings[0].hi95 - fit.ratings[0].elo > fit.ratings[0].elo - fit.ratings[0].lo95);
        // LOS from the curvature: information 10 * 0.7 * 0.3 = 2.1 on the gap ln(7/3) (natural
        // units), so Phi(ln(7/3) sqrt(2.1)) = Phi(1.2279) = 0.89025.
        CHECK(fit.los(0, 1) == doctest::Approx(0.89025).epsilon(1e-4));
    }

    TEST_CASE("the default prior moves well-determined ratings by little") {
        const auto games = three_bot_games();
        const RatingFit mle = bradley_terry(3, games, {.prior_sd_elo = 0});
        const RatingFit map = bradley_terry(3, games);
        for (int i = 0; i < 3; ++i) {
            CHECK(std::abs(map.ratings[i].elo - mle.ratings[i].elo) < 3);
            // Towards the mean, never past it.
            CHECK(std::abs(map.ratings[i].elo) <= std::abs(mle.ratings[i].elo) + 1e-9);
        }
        double sum = 0;
        for (const auto& e : map.ratings) sum += e.elo;
        CHECK(std::abs(sum) < 1e-9);
    }

    TEST_CASE("equal bots: ratings 0, overlapping intervals containing 0, LOS 1/2") {
        std::vector<PairGame> games;
        for (int a = 0; a < 4; ++a) {
            for (int b = a + 1; b < 4; ++b) {
                add_games(games, a, b, 1, 4);
                add_games(games, a, b, 0.5, 2);
                add_games(games, a, b, 0, 4);
            }
        }
        const RatingFit fit = bradley_terry(4, games);
        check_all_finite(fit);
        for (int a = 0; a < 4; ++a) {
            const EloEstimate& e = fit.ratings[a];
            CHECK(std::abs(e.elo) < 1e-6);
            CHECK(e.lo95 < 0);
            CHECK(e.hi95 > 0);
            CHECK(e.hi95 - e.lo95 < 300);
            CHECK_FALSE(e.open_below);
            CHECK_FALSE(e.open_above);
            for (int b = 0; b < 4; ++b) {
                if (b != a) CHECK(fit.los(a, b) == doctest::Approx(0.5).epsilon(1e-6));
            }
        }
    }

    TEST_CASE("a bot that always wins: a clear, one-sided lead and nothing infinite") {
        // 0 beats 1, 2, 3 ten times each; they score 5-5 among themselves.
        std::vector<PairGame> games;
        for (int b = 1; b < 4; ++b) add_games(games, 0, b, 1, 10);
        for (int a = 1; a < 4; ++a) {
            for (int b = a + 1; b < 4; ++b) {
                add_games(games, a, b, 1, 5);
                add_games(games, a, b, 0, 5);
            }
        }
        const RatingFit fit = bradley_terry(4, games);
        check_all_finite(fit);
        const EloEstimate& top = fit.ratings[0];
        CHECK(top.open_above);
        CHECK_FALSE(top.open_below);
        for (int b = 1; b < 4; ++b) {
            CHECK(top.lo95 > fit.ratings[b].hi95);
            CHECK(fit.los(0, b) > 0.95);
            // Relative to a field average that includes an unboundedly strong bot, the others
            // can be anything below: open below, bounded above.
            CHECK(fit.ratings[b].open_below);
            CHECK_FALSE(fit.ratings[b].open_above);
        }
        // 30 straight wins: the gap to the rest is at least where 30 ln P = -1.92, P = 0.938, i.e.
        // 472 Elo; 0's share of that above the mean is 3/4, 354. The profile also lets the other
        // three spread out, which lowers the end a little (to 329).
        CHECK(top.lo95 == doctest::Approx(354).epsilon(0.1));
        // Without a prior the ratings do not exist.
        CHECK_THROWS_AS(bradley_terry(4, games, {.prior_sd_elo = 0}), std::invalid_argument);
    }

    TEST_CASE("a bot that always loses: the mirror image") {
        std::vector<PairGame> games;
        for (int a = 1; a < 4; ++a) add_games(games, a, 0, 1, 8);
        add_games(games, 1, 2, 0.5, 4);
        add_games(games, 2, 3, 0.5, 4);
        add_games(games, 1, 3, 1, 2);
        add_games(games, 1, 3, 0, 2);
        const RatingFit fit = bradley_terry(4, games);
        check_all_finite(fit);
        CHECK(fit.ratings[0].open_below);
        CHECK_FALSE(fit.ratings[0].open_above);
        for (int a = 1; a < 4; ++a) {
            CHECK(fit.ratings[0].hi95 < fit.ratings[a].lo95);
            CHECK(fit.ratings[a].open_above);
            CHECK(fit.los(a, 0) == doctest::Approx(1 - fit.los(0, a)));
        }
    }

    TEST_CASE("no games, no players, one player") {
        const RatingFit none = bradley_terry(3, {});
        REQUIRE(none.ratings.size() == 3);
        check_all_finite(none);
        for (const auto& e : none.ratings) {
            CHECK(e.elo == 0);
            CHECK(e.open_below);
            CHECK(e.open_above);
        }
        CHECK(none.los(0, 1) == doctest::Approx(0.5));
        CHECK(bradley_terry(0, {}).ratings.empty());
        const RatingFit alone = bradley_terry(1, {});
        REQUIRE(alone.ratings.size() == 1);
        CHECK(alone.ratings[0].elo == 0);
        CHECK(alone.ratings[0].hi95 == 0);
        CHECK(alone.los(0, 0) == 0.5);
        CHECK_THROWS_AS(bradley_terry(3, {}, {.prior_sd_elo = 0}), std::invalid_argument);
    }

    TEST_CASE("a field in two parts that never met") {
        // 0 beats 1 7-3 and 2 beats 3 7-3: nothing relates {0, 1} to {2, 3}.
        std::vector<PairGame> games;
        add_games(games, 0, 1, 1, 7);
        add_games(games, 0, 1, 0, 3);
        add_games(games, 2, 3, 1, 7);
        add_games(games, 2, 3, 0, 3);
        const RatingFit fit = bradley_terry(4, games);
        check_all_finite(fit);
        CHECK(fit.ratings[0].elo == doctest::Approx(fit.ratings[2].elo));
        CHECK(fit.ratings[1].elo == doctest::Approx(fit.ratings[3].elo));
        CHECK(fit.los(0, 2) == doctest::Approx(0.5));
        CHECK(fit.los(0, 1) > 0.85);
        for (const auto& e : fit.ratings) CHECK((e.open_below && e.open_above));
        // Within a part the gap is still the data's (147 Elo for 7-3), less the prior's pull.
        CHECK(fit.ratings[0].elo - fit.ratings[1].elo == doctest::Approx(147.19).epsilon(0.03));
    }

    TEST_CASE("LOS: symmetric, and the decisive-games formula") {
        const RatingFit fit = bradley_terry(3, three_bot_games());
        for (int a = 0; a < 3; ++a) {
            CHECK(fit.los(a, a) == 0.5);
            for (int b = 0; b < 3; ++b) CHECK(fit.los(a, b) + fit.los(b, a) == doctest::Approx(1));
        }
        CHECK(fit.los(0, 1) > 0.5);
        CHECK(fit.los(1, 2) > 0.5);
        // Phi(5 / sqrt(15)) = Phi(1.2910) = 0.90165.
        CHECK(los(10, 5) == doctest::Approx(0.90165).epsilon(1e-4));
        CHECK(los(10, 5) + los(5, 10) == doctest::Approx(1));
        CHECK(los(0, 0) == 0.5);
        CHECK_THROWS_AS(fit.los(0, 3), std::invalid_argument);
    }

    TEST_CASE("W/D/L tables") {
        const auto games = three_bot_games();
        const auto table = wdl_by_player(3, games);
        CHECK(table[0] == WDL{5, 2, 1});  // 3 wins vs B; 2 wins, 2 draws, 1 loss vs C
        CHECK(table[1] == WDL{3, 0, 3});
        CHECK(table[2] == WDL{1, 2, 5});
        CHECK(table[0].score() == doctest::Approx(6.0 / 8));
        CHECK(WDL{}.score() == 0);
        const auto cross = crosstable(3, games);
        CHECK(cross[0][2] == WDL{2, 2, 1});
        CHECK(cross[2][0] == WDL{1, 2, 2});
        CHECK(cross[1][1] == WDL{});
    }

    TEST_CASE("invalid input throws") {
        CHECK_THROWS_AS(bradley_terry(2, std::vector<PairGame>{{0, 2, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(bradley_terry(2, std::vector<PairGame>{{1, 1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(bradley_terry(2, std::vector<PairGame>{{0, 1, 1.5}}),
                        std::invalid_argument);
        CHECK_THROWS_AS(bradley_terry(2, std::vector<PairGame>{{0, 1, NAN}}),
                        std::invalid_argument);
        CHECK_THROWS_AS(bradley_terry(-1, {}), std::invalid_argument);
        CHECK_THROWS_AS(bradley_terry(2, {}, {.prior_sd_elo = -1}), std::invalid_argument);
        CHECK_THROWS_AS(plackett_luce(3, std::vector<RankedGame>{{{0, 0}, {1, 2}}}),
                        std::invalid_argument);
        CHECK_THROWS_AS(plackett_luce(3, std::vector<RankedGame>{{{0, 1}, {1}}}),
                        std::invalid_argument);
        CHECK_THROWS_AS(placements(2, std::vector<RankedGame>{{{0, 2}, {1, 2}}}),
                        std::invalid_argument);
    }

    TEST_CASE("JSON forms") {
        const RatingFit fit = bradley_terry(3, three_bot_games(), {.prior_sd_elo = 0});
        const nlohmann::json j = fit.ratings[0];
        CHECK(j["elo"].get<double>() == doctest::Approx(120.412).epsilon(1e-5));
        CHECK(j["open_above"] == false);
        const nlohmann::json w = WDL{5, 2, 1};
        CHECK(w["draws"] == 2);
        CHECK(w["score"].get<double>() == doctest::Approx(0.75));
    }
}

namespace {

// Plackett-Luce log-likelihood of one game from its definition: over the strict orders that
// agree with the ranks, the average of sum_k [theta_k-th - log sum_{j >= k} exp theta_j-th].
double pl_game_log_likelihood(const std::vector<double>& r, const RankedGame& game) {
    std::vector<int> order(game.players.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
    double sum = 0;
    int orders = 0;
    do {
        bool agrees = true;
        for (std::size_t k = 0; k + 1 < order.size(); ++k) {
            agrees = agrees && game.ranks[order[k]] <= game.ranks[order[k + 1]];
        }
        if (!agrees) continue;
        ++orders;
        for (std::size_t k = 0; k < order.size(); ++k) {
            double total = 0;
            for (std::size_t j = k; j < order.size(); ++j) {
                total += std::exp(r[game.players[order[j]]] * kNatPerElo);
            }
            sum += r[game.players[order[k]]] * kNatPerElo - std::log(total);
        }
    } while (std::next_permutation(order.begin(), order.end()));
    return sum / orders;
}

double pl_log_likelihood(const std::vector<double>& r, const std::vector<RankedGame>& games) {
    double sum = 0;
    for (const auto& game : games) sum += pl_game_log_likelihood(r, game);
    return sum;
}

}  // namespace

TEST_SUITE("fits") {
    TEST_CASE("Plackett-Luce, strict orders: Hunter's likelihood equations hold") {
        // Every player finishes ahead of and behind someone, so the maximum exists.
        const std::vector<RankedGame> games = {
            {{0, 1, 2}, {1, 2, 3}},
            {{0, 1, 2}, {2, 1, 3}},
            {{0, 1, 2}, {1, 3, 2}},
            {{0, 1, 2}, {3, 2, 1}},
            {{0, 1, 2, 3}, {1, 2, 3, 4}},
            {{3, 1, 2, 0}, {1, 2, 3, 4}},
            {{0, 3}, {2, 1}},
            {{2, 3}, {1, 2}},
        };
        const RatingFit fit = plackett_luce(4, games, {.prior_sd_elo = 0});
        const auto r = elos(fit);
        // At each stage the player placed next is chosen with probability strength / (sum of the
        // strengths still in): the number of times i is chosen equals the sum over the stages
        // where i is still in of those probabilities.
        std::vector<double> chosen(4, 0.0), expected(4, 0.0);
        for (const auto& game : games) {
            std::vector<int> order = game.players;
            std::sort(order.begin(), order.end(), [&](int x, int y) {
                auto rank = [&](int p) {
                    return game.ranks[std::find(game.players.begin(), game.players.end(), p) -
                                      game.players.begin()];
                };
                return rank(x) < rank(y);
            });
            for (std::size_t k = 0; k < order.size(); ++k) {
                chosen[order[k]] += 1;
                double total = 0;
                for (std::size_t j = k; j < order.size(); ++j)
                    total += std::pow(10, r[order[j]] / 400);
                for (std::size_t j = k; j < order.size(); ++j) {
                    expected[order[j]] += std::pow(10, r[order[j]] / 400) / total;
                }
            }
        }
        for (int i = 0; i < 4; ++i) CHECK(chosen[i] == doctest::Approx(expected[i]).epsilon(1e-9));
    }

    TEST_CASE("Plackett-Luce with ties: the gradient of the averaged likelihood is 0") {
        const std::vector<RankedGame> games = {
            {{0, 1, 2, 3}, {1, 2, 2, 4}}, {{0, 1, 2}, {2, 1, 2}},
            {{1, 2, 3}, {1, 1, 1}},       {{0, 3}, {2, 1}},
            {{2, 0, 3}, {1, 3, 2}},       {{3, 1, 0, 2}, {1, 1, 3, 3}},
        };
        const RatingFit fit = plackett_luce(4, games, {.prior_sd_elo = 0});
        const auto r = elos(fit);
        const double best = pl_log_likelihood(r, games);
        for (int i = 0; i < 4; ++i) {
            std::vector<double> up = r, down = r;
            up[i] += 1e-3;
            down[i] -= 1e-3;
            const double gradient =
                (pl_log_likelihood(up, games) - pl_log_likelihood(down, games)) / 2e-3;
            CHECK(std::abs(gradient) < 1e-8);
            // And it is a maximum: any single move lowers the likelihood.
            up[i] += 10;
            CHECK(pl_log_likelihood(up, games) < best);
        }
        double sum = 0;
        for (double x : r) sum += x;
        CHECK(std::abs(sum) < 1e-9);
    }

    TEST_CASE("Plackett-Luce on 2-player games is Bradley-Terry, a tie a draw") {
        const std::vector<RankedGame> ranked = {
            {{0, 1}, {1, 2}}, {{0, 1}, {1, 2}}, {{1, 0}, {1, 1}}, {{1, 0}, {1, 2}},
            {{2, 1}, {2, 1}}, {{1, 2}, {1, 1}}, {{0, 2}, {2, 1}}, {{2, 0}, {2, 1}},
        };
        const std::vector<PairGame> pairs = pairwise_games(ranked);
        REQUIRE(pairs.size() == ranked.size());
        CHECK(pairs[2].score_a == 0.5);
        CHECK(pairs[4].score_a == 0);
        const RatingFit pl = plackett_luce(3, ranked);
        const RatingFit bt = bradley_terry(3, pairs);
        for (int i = 0; i < 3; ++i) {
            CHECK(pl.ratings[i].elo == doctest::Approx(bt.ratings[i].elo).epsilon(1e-9));
            CHECK(pl.ratings[i].lo95 == doctest::Approx(bt.ratings[i].lo95).epsilon(1e-9));
            CHECK(pl.ratings[i].hi95 == doctest::Approx(bt.ratings[i].hi95).epsilon(1e-9));
        }
    }

    TEST_CASE("Plackett-Luce: a bot that wins every multiplayer game leads clearly") {
        // Tsuro-like: 2 to 4 players a game; player 0 always survives alone, the others finish
        // in rotating orders (sometimes eliminated together).
        std::vector<RankedGame> games;
        for (int k = 0; k < 12; ++k) {
            const int x = 1 + k % 4, y = 1 + (k + 1) % 4, z = 1 + (k + 2) % 4;
            games.push_back({{0, x, y, z}, {1, 2, 3, k % 3 == 0 ? 3 : 4}});
            games.push_back({{y, 0}, {2, 1}});
            games.push_back({{x, y, z}, {1, 2, 3}});
        }
        const RatingFit fit = plackett_luce(5, games);
        check_all_finite(fit);
        CHECK(fit.ratings[0].open_above);
        for (int b = 1; b < 5; ++b) {
            CHECK(fit.ratings[0].lo95 > fit.ratings[b].hi95);
            CHECK(fit.los(0, b) > 0.99);
        }
    }

    TEST_CASE("placements: average rank and win rate, shared wins split") {
        const std::vector<RankedGame> games = {
            {{0, 1, 2}, {1, 2, 3}},
            {{0, 1, 2}, {1, 1, 3}},        // 0 and 1 share the win
            {{0, 1, 2, 3}, {2, 2, 4, 1}},  // competition ranks 2, 2, 4, 1
            {{3}, {1}},
        };
        const auto table = placements(4, games);
        CHECK(table[0].games == 3);
        CHECK(table[0].wins == doctest::Approx(1.5));
        CHECK(table[0].win_rate() == doctest::Approx(0.5));
        CHECK(table[0].average_rank() == doctest::Approx((1 + 1 + 2) / 3.0));
        CHECK(table[1].wins == doctest::Approx(0.5));
        CHECK(table[1].average_rank() == doctest::Approx((2 + 1 + 2) / 3.0));
        CHECK(table[2].average_rank() == doctest::Approx((3 + 3 + 4) / 3.0));
        CHECK(table[3].games == 2);
        CHECK(table[3].win_rate() == 1);
        // Ranks given densely (1, 1, 2) mean the same as competition ranks (1, 1, 3).
        const auto dense = placements(3, std::vector<RankedGame>{{{0, 1, 2}, {1, 1, 2}}});
        CHECK(dense[2].rank_sum == 3);
        CHECK(placements(2, {})[1].average_rank() == 0);
    }

    TEST_CASE("pairwise results implied by the ranks") {
        const auto pairs = pairwise_games(std::vector<RankedGame>{{{4, 2, 7}, {2, 1, 2}}});
        REQUIRE(pairs.size() == 3);
        CHECK((pairs[0].a == 4 && pairs[0].b == 2 && pairs[0].score_a == 0));
        CHECK((pairs[1].a == 4 && pairs[1].b == 7 && pairs[1].score_a == 0.5));
        CHECK((pairs[2].a == 2 && pairs[2].b == 7 && pairs[2].score_a == 1));
    }
}
