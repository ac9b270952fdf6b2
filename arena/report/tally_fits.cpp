#include "arena/report/tally_fits.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>

#include "arena/ratings/rating_model.hpp"

namespace arena::report {

namespace {

// The order's players grouped by rank, best group first.
std::vector<std::vector<int>> finishing_groups(const FinishingOrder& order) {
    std::map<int, std::vector<int>> by_rank;
    for (const auto& [player, rank] : order) by_rank[rank].push_back(player);
    std::vector<std::vector<int>> groups;
    for (auto& [rank, group] : by_rank) groups.push_back(std::move(group));
    return groups;
}

// One finishing order's Plackett-Luce terms, `count` times (ratings::plackett_luce's per game).
void add_finishing_order(ratings::detail::LogPosterior& posterior, const FinishingOrder& order,
                         double count) {
    std::vector<int> remaining;  // R: this group and those below
    for (const auto& [player, rank] : order) {
        posterior.add_linear(player, count);
        remaining.push_back(player);
    }
    for (const std::vector<int>& group : finishing_groups(order)) {
        const std::size_t size = group.size();
        if (size > 20) throw std::invalid_argument("plackett_luce: more than 20 players tied");
        std::vector<double> subsets_of_size(size + 1, 1.0);  // C(size, k)
        for (std::size_t k = 1; k <= size; ++k)
            subsets_of_size[k] = subsets_of_size[k - 1] * (size - k + 1) / k;
        for (unsigned long mask = 0; mask + 1 < (1ul << size); ++mask) {
            std::vector<int> set;
            for (int player : remaining) {
                const auto at = std::find(group.begin(), group.end(), player);
                if (at == group.end() || !(mask >> (at - group.begin()) & 1)) set.push_back(player);
            }
            const auto placed = static_cast<std::size_t>(std::popcount(mask));
            posterior.add_log_sum_exp(std::move(set), count / subsets_of_size[placed]);
        }
        std::erase_if(remaining, [&](int player) {
            return std::find(group.begin(), group.end(), player) != group.end();
        });
    }
    for (const auto& [x, rank_x] : order)
        for (const auto& [y, rank_y] : order)
            if (x != y && rank_x <= rank_y) posterior.add_edge(x, y);
}

}  // namespace

ratings::RatingFit bradley_terry_of(int players, const OrderCounts& orders) {
    ratings::detail::LogPosterior posterior(players, ratings::FitOptions{}.prior_sd_elo);
    for (const auto& [order, count] : orders) {
        const double n = static_cast<double>(count);
        for (std::size_t x = 0; x < order.size(); ++x) {
            for (std::size_t y = x + 1; y < order.size(); ++y) {
                const int a = order[x].first, b = order[y].first;
                const double score = ratings::rank_score(order[x].second, order[y].second);
                posterior.add_linear(a, n * score);
                posterior.add_linear(b, n * (1 - score));
                posterior.add_log_sum_exp({a, b}, n);
                if (score > 0) posterior.add_edge(a, b);
                if (score < 1) posterior.add_edge(b, a);
            }
        }
    }
    posterior.finish();
    return ratings::detail::fit(posterior);
}

ratings::RatingFit plackett_luce_of(int players, const OrderCounts& orders) {
    ratings::detail::LogPosterior posterior(players, ratings::FitOptions{}.prior_sd_elo);
    for (const auto& [order, count] : orders)
        add_finishing_order(posterior, order, static_cast<double>(count));
    posterior.finish();
    return ratings::detail::fit(posterior);
}

std::vector<std::vector<ratings::WDL>> crosstable_of(int players, const OrderCounts& orders) {
    std::vector<std::vector<ratings::WDL>> table(players, std::vector<ratings::WDL>(players));
    for (const auto& [order, count] : orders) {
        const int n = static_cast<int>(count);
        for (std::size_t x = 0; x < order.size(); ++x) {
            for (std::size_t y = x + 1; y < order.size(); ++y) {
                ratings::WDL& a = table[order[x].first][order[y].first];
                ratings::WDL& b = table[order[y].first][order[x].first];
                const double score = ratings::rank_score(order[x].second, order[y].second);
                if (score > 0.5) {
                    a.wins += n;
                    b.losses += n;
                } else if (score < 0.5) {
                    a.losses += n;
                    b.wins += n;
                } else {
                    a.draws += n;
                    b.draws += n;
                }
            }
        }
    }
    return table;
}

std::vector<ratings::WDL> wdl_of(const std::vector<std::vector<ratings::WDL>>& table) {
    std::vector<ratings::WDL> wdl(table.size());
    for (std::size_t a = 0; a < table.size(); ++a)
        for (const ratings::WDL& against : table[a]) wdl[a] += against;
    return wdl;
}

std::vector<ratings::Placements> placements_of(int players, const OrderCounts& orders) {
    std::vector<ratings::Placements> table(players);
    for (const auto& [order, count] : orders) {
        int best = order.front().second, winners = 0;
        for (const auto& [player, rank] : order) best = std::min(best, rank);
        for (const auto& [player, rank] : order) winners += rank == best;
        for (const auto& [player, rank] : order) {
            ratings::Placements& entry = table[player];
            entry.games += static_cast<int>(count);
            int better = 0;
            for (const auto& [other, other_rank] : order) better += other_rank < rank;
            entry.rank_sum += static_cast<double>(count) * (1 + better);
            if (rank == best) entry.wins += static_cast<double>(count) / winners;
        }
    }
    return table;
}

void add_counts(OrderCounts& into, const OrderCounts& more) {
    for (const auto& [order, count] : more) into[order] += count;
}

}  // namespace arena::report
