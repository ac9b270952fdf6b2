#include "arena/league/matchmaker.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace arena::league {

namespace {

// An unrated bot's or an open interval's width: as uncertain as it gets.
constexpr double kWidestInterval = 1000;

double width(const BotStanding& bot) {
    if (!bot.rated) return kWidestInterval;
    const double w = bot.high - bot.low;
    return std::isfinite(w) ? std::clamp(w, 1.0, kWidestInterval) : kWidestInterval;
}

int met(const MatchmakerInput& input, const std::string& a, const std::string& b) {
    const auto it = input.met.find(pair_key(a, b));
    return it == input.met.end() ? 0 : it->second;
}

// The active bots, by index into input.bots, shuffled: ties below break at random.
std::vector<std::size_t> active_bots(const MatchmakerInput& input, std::mt19937_64& random) {
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < input.bots.size(); ++i)
        if (input.bots[i].active) active.push_back(i);
    std::shuffle(active.begin(), active.end(), random);
    return active;
}

// The newcomer with the fewest games and the bots it met least.
Table newcomer_table(const MatchmakerInput& input, const std::vector<std::size_t>& active,
                     std::size_t newcomer) {
    std::vector<std::size_t> others;
    for (std::size_t i : active)
        if (i != newcomer) others.push_back(i);
    const std::string& name = input.bots[newcomer].name;
    std::stable_sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
        return met(input, name, input.bots[a].name) < met(input, name, input.bots[b].name);
    });
    Table table{{name}, TableReason::newcomer};
    for (int s = 1; s < input.players; ++s) table.bots.push_back(input.bots[others[s - 1]].name);
    return table;
}

Table random_table(const MatchmakerInput& input, const std::vector<std::size_t>& active) {
    Table table{{}, TableReason::random};
    for (int s = 0; s < input.players; ++s) table.bots.push_back(input.bots[active[s]].name);
    return table;
}

// The leader and those its interval overlaps, drawn by width; the next best when too few.
Table top_table(const MatchmakerInput& input, const std::vector<std::size_t>& active,
                std::mt19937_64& random) {
    std::vector<std::size_t> by_rating = active;
    std::stable_sort(by_rating.begin(), by_rating.end(), [&](std::size_t a, std::size_t b) {
        return input.bots[a].rating > input.bots[b].rating;
    });
    const BotStanding& leader = input.bots[by_rating.front()];
    std::vector<std::size_t> overlapping, below;
    for (std::size_t k = 1; k < by_rating.size(); ++k) {
        const BotStanding& bot = input.bots[by_rating[k]];
        const bool overlaps = !bot.rated || !leader.rated || bot.high >= leader.low;
        (overlaps ? overlapping : below).push_back(by_rating[k]);
    }
    Table table{{leader.name}, TableReason::top};
    while (static_cast<int>(table.bots.size()) < input.players && !overlapping.empty()) {
        std::vector<double> weights;
        for (std::size_t i : overlapping) weights.push_back(width(input.bots[i]));
        std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
        const std::size_t k = pick(random);
        table.bots.push_back(input.bots[overlapping[k]].name);
        overlapping.erase(overlapping.begin() + static_cast<std::ptrdiff_t>(k));
    }
    for (std::size_t k = 0; static_cast<int>(table.bots.size()) < input.players; ++k)
        table.bots.push_back(input.bots[below[k]].name);
    return table;
}

// The table's sitters have played `games_per_table` more games, and met each other that often.
void count(MatchmakerInput& input, const Table& table) {
    for (BotStanding& bot : input.bots)
        if (std::find(table.bots.begin(), table.bots.end(), bot.name) != table.bots.end())
            bot.games += input.games_per_table;
    for (std::size_t a = 0; a < table.bots.size(); ++a)
        for (std::size_t b = a + 1; b < table.bots.size(); ++b)
            input.met[pair_key(table.bots[a], table.bots[b])] += input.games_per_table;
}

}  // namespace

std::pair<std::string, std::string> pair_key(const std::string& a, const std::string& b) {
    return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

std::vector<Table> next_tables(MatchmakerInput input, int tables, std::mt19937_64& random) {
    std::vector<Table> chosen;
    std::uniform_real_distribution<double> coin(0, 1);
    for (int t = 0; t < tables; ++t) {
        const std::vector<std::size_t> active = active_bots(input, random);
        if (static_cast<int>(active.size()) < input.players || input.players < 1) break;
        std::size_t newcomer = input.bots.size();
        for (std::size_t i : active) {
            if (input.bots[i].games >= input.min_games) continue;
            if (newcomer == input.bots.size() || input.bots[i].games < input.bots[newcomer].games)
                newcomer = i;
        }
        Table table;
        if (newcomer != input.bots.size())
            table = newcomer_table(input, active, newcomer);
        else if (coin(random) < input.random_share)
            table = random_table(input, active);
        else
            table = top_table(input, active, random);
        count(input, table);
        chosen.push_back(std::move(table));
    }
    return chosen;
}

}  // namespace arena::league
