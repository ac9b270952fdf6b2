#include "arena/league/pairings.hpp"

#include <algorithm>
#include <cstdio>

#include "arena/tournament/config.hpp"

namespace arena::league {

namespace {

std::string joined(const std::vector<std::string>& players) {
    std::string text;
    for (const std::string& p : players) text += (text.empty() ? "" : "_vs_") + p;
    return text;
}

LeagueGame versus_game(const std::string& group, std::optional<std::int64_t> seed,
                       const std::vector<std::string>& players) {
    return {group + "-" + joined(players), group, seed, std::nullopt, players};
}

}  // namespace

std::string group_name(std::size_t number) {
    char text[32];
    std::snprintf(text, sizeof text, "m%06zu", number);
    return text;
}

std::optional<std::size_t> group_number(const std::string& group) {
    if (group.size() < 2 || group.front() != 'm') return std::nullopt;
    std::size_t number = 0;
    for (std::size_t i = 1; i < group.size(); ++i) {
        if (group[i] < '0' || group[i] > '9') return std::nullopt;
        number = number * 10 + static_cast<std::size_t>(group[i] - '0');
    }
    return number;
}

std::int64_t group_seed(std::int64_t master_seed, std::size_t number) {
    return tournament::seeds_from_master(master_seed + static_cast<std::int64_t>(number), 1)
        .front();
}

std::vector<std::vector<std::string>> seat_orders(const std::vector<std::string>& table) {
    std::vector<std::vector<std::string>> orders;
    if (table.size() >= 4) {  // 24 orders would be a long group: the rotations seat each once
        for (std::size_t r = 0; r < table.size(); ++r) {
            std::vector<std::string> order = table;
            std::rotate(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(r), order.end());
            orders.push_back(order);
        }
        return orders;
    }
    std::vector<std::string> order = table;
    std::sort(order.begin(), order.end());
    do orders.push_back(order);
    while (std::next_permutation(order.begin(), order.end()));
    // The table's own order first.
    std::stable_partition(orders.begin(), orders.end(),
                          [&](const std::vector<std::string>& o) { return o == table; });
    return orders;
}

std::vector<LeagueGame> group_games(const std::vector<std::string>& table, std::size_t number,
                                    std::int64_t master_seed) {
    const std::string group = group_name(number);
    const std::int64_t seed = group_seed(master_seed, number);
    std::vector<LeagueGame> games;
    for (const std::vector<std::string>& order : seat_orders(table))
        games.push_back(versus_game(group, seed, order));
    return games;
}

void PlayedGroups::add(const tournament::GameRecord& record) {
    const std::optional<std::size_t> number = group_number(record.group);
    if (!number) return;
    last_ = std::max(last_, *number);
    PlayedGroup& group = groups_[record.group];
    if (group.orders.empty()) {
        group.seed = record.seed;
        group.first = record.players;
    }
    group.orders.insert(record.players);
}

std::vector<LeagueGame> PlayedGroups::missing(const std::set<std::string>& active) const {
    std::vector<LeagueGame> games;
    for (const auto& [name, group] : groups_) {
        const bool all_active = std::all_of(group.first.begin(), group.first.end(),
                                            [&](const std::string& b) { return active.count(b); });
        if (!all_active) continue;  // a retired bot plays no more, not even to finish a group
        for (const std::vector<std::string>& order : seat_orders(group.first))
            if (!group.orders.count(order)) games.push_back(versus_game(name, group.seed, order));
    }
    return games;
}

LeagueGame board_game(const std::string& bot, std::size_t board, const std::string& board_name) {
    return {board_name + "-" + bot, board_name, std::nullopt, board, {bot}};
}

}  // namespace arena::league
