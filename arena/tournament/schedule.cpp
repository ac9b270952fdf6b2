#include "arena/tournament/schedule.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "arena/tournament/game_ids.hpp"

namespace arena::tournament {

namespace {

// Every k-subset of the bots in lexicographic order (k = players_per_game); in a gauntlet only
// those with the candidate.
std::vector<std::vector<std::size_t>> groups_of(const TournamentConfig& config) {
    const std::size_t k = static_cast<std::size_t>(std::max(config.players_per_game, 0));
    std::vector<std::vector<std::size_t>> all;
    if (k == 0 || k > config.bots.size()) return all;
    std::vector<bool> chosen(config.bots.size(), false);
    std::fill(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(k), true);
    do {
        std::vector<std::size_t> group;
        for (std::size_t i = 0; i < chosen.size(); ++i)
            if (chosen[i]) group.push_back(i);
        const bool has_candidate =
            std::find(group.begin(), group.end(), config.candidate) != group.end();
        if (config.format == Format::round_robin || has_candidate) all.push_back(group);
    } while (std::prev_permutation(chosen.begin(), chosen.end()));
    return all;
}

// The seat orders of a group of k bots, as positions in the group (listed in ascending bot
// order): every permutation in lexicographic order, or the rotations of the listed order.
std::vector<std::vector<std::size_t>> seat_orders_of(std::size_t k, SeatOrders seat_orders) {
    std::vector<std::size_t> order(k);
    for (std::size_t i = 0; i < k; ++i) order[i] = i;
    std::vector<std::vector<std::size_t>> orders;
    if (seat_orders == SeatOrders::all) {
        do orders.push_back(order);
        while (std::next_permutation(order.begin(), order.end()));
    } else {
        for (std::size_t rot = 0; rot < k; ++rot) {
            orders.push_back(order);
            std::rotate(order.begin(), order.begin() + 1, order.end());
        }
    }
    return orders;
}

// "s0003": the tag of the seed at place `seed` (0-based) in ids.
std::string seed_tag(std::size_t seed) {
    char tag[32];
    std::snprintf(tag, sizeof tag, "s%04zu", seed + 1);
    return tag;
}

// The seed's place from the tag an id starts with ("s0003-..." -> 2); nullopt when `id` does not
// start with a tag as seed_tag writes it. `rest` gets what follows the tag.
std::optional<std::size_t> seed_of_tag(std::string_view id, std::string_view& rest) {
    const std::size_t dash = id.find('-');
    if (id.size() < 2 || id[0] != 's' || dash == std::string_view::npos) return std::nullopt;
    std::size_t number = 0;
    const auto [end, error] = std::from_chars(id.data() + 1, id.data() + dash, number);
    if (error != std::errc() || end != id.data() + dash || number == 0) return std::nullopt;
    if (seed_tag(number - 1) != id.substr(0, dash)) return std::nullopt;  // "s03", "s+3"
    rest = id.substr(dash);
    return number - 1;
}

}  // namespace

Schedule::Schedule(const TournamentConfig& config) : config_(&config) {
    for (const match::PlayerSpec& bot : config.bots) bot_parts_.push_back(id_part(bot.name));
    if (config.seeds.empty()) {
        size_ = config.testcases.size() * config.bots.size();
        for (std::size_t t = 0; t < config.testcases.size(); ++t)
            board_parts_.emplace(id_part(config.testcases[t].name), t);
        for (std::size_t b = 0; b < bot_parts_.size(); ++b) bot_index_.emplace(bot_parts_[b], b);
        return;
    }
    groups_ = groups_of(config);
    orders_ = seat_orders_of(static_cast<std::size_t>(config.players_per_game), config.seat_orders);
    group_size_ = orders_.size();
    per_seed_ =
        groups_.size() * static_cast<std::size_t>(std::max(config.games_per_seed, 0)) * group_size_;
    size_ = per_seed_ * config.seeds.size();
    for (std::size_t i = 0; i < per_seed_; ++i) {
        std::string_view rest;
        const std::string first = id(i);
        seed_of_tag(first, rest);
        in_seed_.emplace(std::string(rest), i);  // the first game of an id, as a list's lookup
    }
}

std::string Schedule::board_id(std::size_t board, std::size_t bot) const {
    return id_part(config_->testcases[board].name) + "-" + bot_parts_[bot];
}

// "s0003-a_vs_b-r2": the seed tag, the bots in seat order, the repeat (when there are several).
std::string Schedule::seeded_name(std::size_t seed, const std::vector<std::size_t>& members,
                                  std::size_t order, std::size_t repeat) const {
    std::string name = seed_tag(seed);
    const std::vector<std::size_t>& positions = orders_[order];
    for (std::size_t i = 0; i < positions.size(); ++i)
        name += (i ? "_vs_" : "-") + bot_parts_[members[positions[i]]];
    if (config_->games_per_seed > 1) name += "-r" + std::to_string(repeat + 1);
    return name;
}

ScheduledGame Schedule::game(std::size_t index) const {
    ScheduledGame game;
    if (config_->seeds.empty()) {
        const std::size_t bots = bot_parts_.size();
        game.testcase = index / bots;
        game.seats = {index % bots};
        game.id = game.group = board_id(game.testcase, index % bots);
        return game;
    }
    const std::size_t seed = index / per_seed_, in_seed = index % per_seed_;
    const std::size_t per_group = group_size_ * static_cast<std::size_t>(config_->games_per_seed);
    const std::vector<std::size_t>& members = groups_[in_seed / per_group];
    const std::size_t repeat = in_seed % per_group / group_size_, order = in_seed % group_size_;
    game.seed = config_->seeds[seed];
    for (std::size_t position : orders_[order]) game.seats.push_back(members[position]);
    game.id = seeded_name(seed, members, order, repeat);
    // Named after its bots, not its number: a bot added to a resumed run renumbers the groups
    // but leaves the names of the old ones alone. The first seat order is the listed one.
    game.group = seeded_name(seed, members, 0, repeat);
    return game;
}

std::string Schedule::id(std::size_t index) const {
    if (config_->seeds.empty()) {
        const std::size_t bots = bot_parts_.size();
        return board_id(index / bots, index % bots);
    }
    const std::size_t seed = index / per_seed_, in_seed = index % per_seed_;
    const std::size_t per_group = group_size_ * static_cast<std::size_t>(config_->games_per_seed);
    return seeded_name(seed, groups_[in_seed / per_group], in_seed % group_size_,
                       in_seed % per_group / group_size_);
}

std::optional<std::size_t> Schedule::find(std::string_view id) const {
    if (config_->seeds.empty()) {
        // "<board part>-<bot part>": both parts may hold '-', so every split is tried, the
        // earliest game wins (as a list's lookup would).
        std::optional<std::size_t> found;
        for (std::size_t dash = id.find('-'); dash != std::string_view::npos;
             dash = id.find('-', dash + 1)) {
            const auto board = board_parts_.find(std::string(id.substr(0, dash)));
            const auto bot = bot_index_.find(std::string(id.substr(dash + 1)));
            if (board == board_parts_.end() || bot == bot_index_.end()) continue;
            const std::size_t index = board->second * bot_parts_.size() + bot->second;
            if (!found || index < *found) found = index;
        }
        return found;
    }
    std::string_view rest;
    const std::optional<std::size_t> seed = seed_of_tag(id, rest);
    if (!seed || *seed >= config_->seeds.size()) return std::nullopt;
    const auto it = in_seed_.find(std::string(rest));
    if (it == in_seed_.end()) return std::nullopt;
    return *seed * per_seed_ + it->second;
}

std::size_t Schedule::shard_of(std::size_t index, std::size_t count) const {
    return index / group_size_ % count;
}

std::size_t Schedule::shard_size(Shard shard) const {
    const std::size_t groups = group_count();
    if (shard.index >= groups) return 0;
    return (groups - shard.index + shard.count - 1) / shard.count * group_size_;
}

std::size_t Schedule::shard_game(Shard shard, std::size_t nth) const {
    const std::size_t group = nth / group_size_ * shard.count + shard.index;
    return group * group_size_ + nth % group_size_;
}

std::size_t Schedule::place_in_shard(std::size_t index, std::size_t count) const {
    return index / group_size_ / count * group_size_ + index % group_size_;
}

std::vector<ScheduledGame> make_schedule(const TournamentConfig& config) {
    const Schedule schedule(config);
    std::vector<ScheduledGame> games;
    games.reserve(schedule.size());
    for (std::size_t i = 0; i < schedule.size(); ++i) games.push_back(schedule.game(i));
    return games;
}

}  // namespace arena::tournament
