// Bradley-Terry and Plackett-Luce fits (both built on detail::LogPosterior), W/D/L tables and
// multiplayer placements.
#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include "arena/ratings/rating_model.hpp"
#include "arena/ratings/ratings.hpp"

namespace arena::ratings {

namespace {

void check_players(int players) {
    if (players < 0) throw std::invalid_argument("ratings: negative number of players");
}

void check_pair_game(int players, const PairGame& game) {
    if (game.a < 0 || game.a >= players || game.b < 0 || game.b >= players || game.a == game.b) {
        throw std::invalid_argument("ratings: a game needs two different players in [0, " +
                                    std::to_string(players) + "), got " + std::to_string(game.a) +
                                    " and " + std::to_string(game.b));
    }
    if (!(game.score_a >= 0 && game.score_a <= 1)) {
        throw std::invalid_argument("ratings: a game's score must be in [0, 1]");
    }
}

void check_ranked_game(int players, const RankedGame& game) {
    if (game.players.size() != game.ranks.size()) {
        throw std::invalid_argument("ratings: a ranked game needs one rank per player");
    }
    std::vector<int> sorted = game.players;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        throw std::invalid_argument("ratings: a player appears twice in a ranked game");
    }
    for (int player : game.players) {
        if (player < 0 || player >= players) {
            throw std::invalid_argument("ratings: player " + std::to_string(player) +
                                        " out of range [0, " + std::to_string(players) + ")");
        }
    }
}

// The game's players grouped by rank, best group first.
std::vector<std::vector<int>> finishing_groups(const RankedGame& game) {
    std::map<int, std::vector<int>> by_rank;
    for (std::size_t k = 0; k < game.players.size(); ++k) {
        by_rank[game.ranks[k]].push_back(game.players[k]);
    }
    std::vector<std::vector<int>> groups;
    for (auto& [rank, group] : by_rank) groups.push_back(std::move(group));
    return groups;
}

// A tie of more players than this would make 2^size likelihood terms.
constexpr std::size_t kMaxTiedPlayers = 20;

}  // namespace

double RatingFit::los(int a, int b) const {
    const int n = static_cast<int>(ratings.size());
    if (a < 0 || a >= n || b < 0 || b >= n)
        throw std::invalid_argument("RatingFit::los: bad index");
    if (a == b) return 0.5;
    const double difference = ratings[a].elo - ratings[b].elo;
    const double variance = covariance[a][a] + covariance[b][b] - 2 * covariance[a][b];
    if (!(variance > 0)) return difference > 0 ? 1.0 : difference < 0 ? 0.0 : 0.5;
    return 0.5 * std::erfc(-difference / std::sqrt(2 * variance));
}

std::vector<WDL> wdl_by_player(int players, std::span<const PairGame> games) {
    const auto cross = crosstable(players, games);
    std::vector<WDL> table(players);
    for (int a = 0; a < players; ++a) {
        for (int b = 0; b < players; ++b) table[a] += cross[a][b];
    }
    return table;
}

std::vector<std::vector<WDL>> crosstable(int players, std::span<const PairGame> games) {
    check_players(players);
    std::vector<std::vector<WDL>> table(players, std::vector<WDL>(players));
    for (const PairGame& game : games) {
        check_pair_game(players, game);
        WDL& a = table[game.a][game.b];
        WDL& b = table[game.b][game.a];
        if (game.score_a > 0.5) {
            ++a.wins;
            ++b.losses;
        } else if (game.score_a < 0.5) {
            ++a.losses;
            ++b.wins;
        } else {
            ++a.draws;
            ++b.draws;
        }
    }
    return table;
}

RatingFit bradley_terry(int players, std::span<const PairGame> games, const FitOptions& options) {
    check_players(players);
    detail::LogPosterior posterior(players, options.prior_sd_elo);
    // Per game: score_a theta_a + (1 - score_a) theta_b - log(exp theta_a + exp theta_b), i.e.
    // score_a log P(a wins) + (1 - score_a) log P(b wins).
    for (const PairGame& game : games) {
        check_pair_game(players, game);
        posterior.add_linear(game.a, game.score_a);
        posterior.add_linear(game.b, 1 - game.score_a);
        posterior.add_log_sum_exp({game.a, game.b}, 1);
        if (game.score_a > 0) posterior.add_edge(game.a, game.b);
        if (game.score_a < 1) posterior.add_edge(game.b, game.a);
    }
    posterior.finish();
    return detail::fit(posterior);
}

RatingFit plackett_luce(int players, std::span<const RankedGame> games, const FitOptions& options) {
    check_players(players);
    detail::LogPosterior posterior(players, options.prior_sd_elo);
    for (const RankedGame& game : games) {
        check_ranked_game(players, game);
        if (game.players.size() < 2) continue;
        // A strict order x1 > x2 > ... > xm has log-likelihood sum_k theta_xk - log sum_{j >= k}
        // exp theta_xj. For a tied group G whose players and those below it form R, every order of
        // G counts equally: averaged over them, the stage where k players of G are already placed
        // contributes -log sum over R minus a random k-subset T of G, i.e. the average over the
        // C(|G|, k) subsets T of -log sum_{R \ T} exp theta.
        for (int player : game.players) posterior.add_linear(player, 1);
        const auto groups = finishing_groups(game);
        std::vector<int> remaining = game.players;  // R: this group and those below
        for (const auto& group : groups) {
            const std::size_t size = group.size();
            if (size > kMaxTiedPlayers) {
                throw std::invalid_argument("plackett_luce: more than 20 players tied");
            }
            std::vector<double> subsets_of_size(size + 1, 1.0);  // C(size, k)
            for (std::size_t k = 1; k <= size; ++k) {
                subsets_of_size[k] = subsets_of_size[k - 1] * (size - k + 1) / k;
            }
            for (unsigned long mask = 0; mask + 1 < (1ul << size); ++mask) {
                std::vector<int> set;
                for (int player : remaining) {
                    const auto at = std::find(group.begin(), group.end(), player);
                    if (at == group.end() || !(mask >> (at - group.begin()) & 1))
                        set.push_back(player);
                }
                const auto placed = static_cast<std::size_t>(std::popcount(mask));
                posterior.add_log_sum_exp(std::move(set), 1 / subsets_of_size[placed]);
            }
            std::erase_if(remaining, [&](int player) {
                return std::find(group.begin(), group.end(), player) != group.end();
            });
        }
        // Raising a player above one it finished level with or ahead of never lowers the
        // likelihood of that game.
        for (std::size_t x = 0; x < game.players.size(); ++x) {
            for (std::size_t y = 0; y < game.players.size(); ++y) {
                if (x != y && game.ranks[x] <= game.ranks[y]) {
                    posterior.add_edge(game.players[x], game.players[y]);
                }
            }
        }
    }
    posterior.finish();
    return detail::fit(posterior);
}

double rank_score(int rank, int other_rank) {
    return rank < other_rank ? 1.0 : rank == other_rank ? 0.5 : 0.0;
}

std::vector<PairGame> pairwise_games(std::span<const RankedGame> games) {
    std::vector<PairGame> pairs;
    for (const RankedGame& game : games) {
        if (game.players.size() != game.ranks.size()) {
            throw std::invalid_argument("pairwise_games: a ranked game needs one rank per player");
        }
        for (std::size_t x = 0; x < game.players.size(); ++x) {
            for (std::size_t y = x + 1; y < game.players.size(); ++y) {
                pairs.push_back(
                    {game.players[x], game.players[y], rank_score(game.ranks[x], game.ranks[y])});
            }
        }
    }
    return pairs;
}

std::vector<Placements> placements(int players, std::span<const RankedGame> games) {
    check_players(players);
    std::vector<Placements> table(players);
    for (const RankedGame& game : games) {
        check_ranked_game(players, game);
        if (game.players.empty()) continue;
        const int best = *std::min_element(game.ranks.begin(), game.ranks.end());
        const auto winners = std::count(game.ranks.begin(), game.ranks.end(), best);
        for (std::size_t x = 0; x < game.players.size(); ++x) {
            Placements& entry = table[game.players[x]];
            ++entry.games;
            const auto better = std::count_if(game.ranks.begin(), game.ranks.end(),
                                              [&](int rank) { return rank < game.ranks[x]; });
            entry.rank_sum += 1 + static_cast<double>(better);
            if (game.ranks[x] == best) entry.wins += 1.0 / static_cast<double>(winners);
        }
    }
    return table;
}

}  // namespace arena::ratings
