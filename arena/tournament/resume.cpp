#include "arena/tournament/resume.hpp"

#include <algorithm>
#include <map>

namespace arena::tournament {

namespace {

template <typename T>
void compare(std::vector<std::string>& refused, const std::string& field, const T& saved,
             const T& now, std::string (*text)(const T&)) {
    if (!(saved == now))
        refused.push_back(field + ": " + text(saved) + " in the run, " + text(now) + " now");
}

std::string number_text(const int& n) {
    return std::to_string(n);
}
std::string double_text(const double& d) {
    std::string s = std::to_string(d);
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
}
std::string string_text(const std::string& s) {
    return "'" + s + "'";
}

bool same_limits(const match::PlayerSpec& a, const match::PlayerSpec& b) {
    const process::Limits none;
    const process::Limits& x = a.limits ? *a.limits : none;
    const process::Limits& y = b.limits ? *b.limits : none;
    return x.memory_mb == y.memory_mb && x.cpu_seconds == y.cpu_seconds &&
           x.processes == y.processes && x.file_size_mb == y.file_size_mb &&
           a.sandbox.value_or(false) == b.sandbox.value_or(false);
}

void compare_bots(const TournamentConfig& saved, const TournamentConfig& now,
                  RunComparison& result) {
    std::map<std::string, std::size_t> index_now;
    for (std::size_t i = 0; i < now.bots.size(); ++i) index_now[now.bots[i].name] = i;
    std::size_t last = 0;
    bool ordered = true;
    for (std::size_t i = 0; i < saved.bots.size(); ++i) {
        const match::PlayerSpec& bot = saved.bots[i];
        auto it = index_now.find(bot.name);
        if (it == index_now.end()) {
            result.refused.push_back("bot '" + bot.name +
                                     "' is in the run but not in the config (its games would "
                                     "stay in the standings)");
            continue;
        }
        // Seat rotations follow the config's order: keeping it keeps the game ids.
        if (i > 0 && it->second < last) ordered = false;
        last = it->second;
        if (!same_limits(bot, now.bots[it->second]))
            result.refused.push_back("bot '" + bot.name +
                                     "': limits or sandbox differ from the run's (give the same "
                                     "--max-* and --sandbox options)");
    }
    if (!ordered)
        result.refused.push_back(
            "bots: the run's bots are listed in another order (keep their "
            "order; new bots may go anywhere)");
    for (const match::PlayerSpec& bot : now.bots) {
        const bool known =
            std::any_of(saved.bots.begin(), saved.bots.end(),
                        [&](const match::PlayerSpec& b) { return b.name == bot.name; });
        if (!known) result.added.push_back("bot '" + bot.name + "'");
    }
}

void compare_seeds(const TournamentConfig& saved, const TournamentConfig& now,
                   RunComparison& result) {
    const bool prefix = saved.seeds.size() <= now.seeds.size() &&
                        std::equal(saved.seeds.begin(), saved.seeds.end(), now.seeds.begin());
    if (!prefix) {
        result.refused.push_back(
            "seeds: the run's " + std::to_string(saved.seeds.size()) +
            " seed(s) are not the first seeds of the config's " + std::to_string(now.seeds.size()) +
            " (only seeds added at the end can join a run; to change the seed count of a run "
            "sized with --games, give --games)");
    } else if (now.seeds.size() > saved.seeds.size()) {
        result.added.push_back("seeds " + std::to_string(saved.seeds.size() + 1) + " to " +
                               std::to_string(now.seeds.size()));
    }
}

void compare_boards(const TournamentConfig& saved, const TournamentConfig& now,
                    RunComparison& result) {
    for (const referee::Testcase& board : saved.testcases) {
        auto it = std::find_if(now.testcases.begin(), now.testcases.end(),
                               [&](const referee::Testcase& t) { return t.name == board.name; });
        if (it == now.testcases.end())
            result.refused.push_back("board '" + board.name +
                                     "' is in the run but not in the "
                                     "config");
        else if (it->text != board.text)
            result.refused.push_back("board '" + board.name + "' is not the same board");
    }
    for (const referee::Testcase& board : now.testcases) {
        const bool known =
            std::any_of(saved.testcases.begin(), saved.testcases.end(),
                        [&](const referee::Testcase& t) { return t.name == board.name; });
        if (!known) result.added.push_back("board '" + board.name + "'");
    }
}

}  // namespace

RunComparison compare_runs(const TournamentConfig& saved, const TournamentConfig& now) {
    RunComparison result;
    compare(result.refused, "game", saved.game, now.game, string_text);
    if (!result.refused.empty()) return result;
    compare(result.refused, "players_per_game", saved.players_per_game, now.players_per_game,
            number_text);
    compare(result.refused, "games_per_seed", saved.games_per_seed, now.games_per_seed,
            number_text);
    const auto format = [](const TournamentConfig& c) {
        return std::string(c.format == Format::gauntlet
                               ? "gauntlet of '" + c.bots.at(c.candidate).name + "'"
                               : "round-robin");
    };
    compare(result.refused, "format", format(saved), format(now), string_text);
    const auto orders = [](const TournamentConfig& c) {
        return std::string(c.seat_orders == SeatOrders::all ? "all" : "rotations");
    };
    compare(result.refused, "seat_orders", orders(saved), orders(now), string_text);
    compare(result.refused, "time.scale", saved.time_scale, now.time_scale, double_text);
    compare(result.refused, "time.margin_ms", saved.time_margin_ms, now.time_margin_ms,
            number_text);
    compare(result.refused, "time.startup_ms", saved.startup_ms, now.startup_ms, number_text);
    compare_bots(saved, now, result);
    compare_seeds(saved, now, result);
    compare_boards(saved, now, result);
    return result;
}

void keep_run_size(TournamentConfig& now, const TournamentConfig& saved) {
    if (!saved.games) return;
    now.games = saved.games;
    if (!now.seeds.empty()) {
        const std::size_t count = saved.seeds.size();
        if (now.master_seed && now.seeds.size() < count)
            now.seeds = seeds_from_master(*now.master_seed, static_cast<int>(count));
        else if (now.seeds.size() > count)
            now.seeds.resize(count);
    } else if (now.testcases.size() > saved.testcases.size()) {
        now.testcases.resize(saved.testcases.size());
    }
}

}  // namespace arena::tournament
