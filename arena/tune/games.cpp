#include "arena/tune/games.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "arena/tournament/bot_build.hpp"
#include "referees/registry.hpp"

namespace arena::tune {

namespace {

enum Role { plus = 0, minus = 1, opponent = 2 };

std::string two_digits(const char* prefix, int k, int j) {
    char text[48];
    std::snprintf(text, sizeof text, "k%05d-%s%02d", k, prefix, j);
    return text;
}

// The players of one seat order: roles to bots, the opponent's copies named apart.
std::vector<match::PlayerSpec> seat(const std::vector<int>& roles,
                                    const match::PlayerSpec& plus_bot,
                                    const match::PlayerSpec& minus_bot,
                                    const std::optional<match::PlayerSpec>& opponent_bot) {
    std::vector<match::PlayerSpec> players;
    int copies = 0;
    for (int role : roles) {
        if (role == plus) players.push_back(plus_bot);
        if (role == minus) players.push_back(minus_bot);
        if (role == opponent) {
            players.push_back(*opponent_bot);
            if (++copies > 1) players.back().name += std::to_string(copies);
        }
    }
    return players;
}

std::string joined_names(const std::vector<match::PlayerSpec>& players) {
    std::string names;
    for (const match::PlayerSpec& p : players) names += (names.empty() ? "" : "_vs_") + p.name;
    return names;
}

// Every distinct seat order of `roles`.
std::vector<std::vector<int>> seat_orders(std::vector<int> roles) {
    std::vector<std::vector<int>> orders;
    std::sort(roles.begin(), roles.end());
    do orders.push_back(roles);
    while (std::next_permutation(roles.begin(), roles.end()));
    return orders;
}

// The tables of one seed: who meets whom, before the seat orders.
std::vector<std::pair<std::string, std::vector<int>>> tables(const TuneConfig& config) {
    if (!config.opponent) return {{"", {plus, minus}}};
    if (config.players == 2) return {{"-plus", {plus, opponent}}, {"-minus", {minus, opponent}}};
    std::vector<int> table = {plus, minus};
    table.resize(config.players, opponent);
    return {{"", table}};
}

}  // namespace

match::PlayerSpec BotTemplate::with(const std::vector<Param>& params,
                                    const std::vector<double>& values,
                                    const std::string& name) const {
    match::PlayerSpec player = spec;
    player.name = name;
    const std::string filled = fill_in(arguments, params, values);
    player.command = filled.empty() ? program : program + " " + filled;
    return player;
}

BotTemplate bot_template(const match::PlayerSpec& bot) {
    BotTemplate t;
    t.spec = bot;
    const std::size_t end = bot.command.find_first_of(" \t");
    t.program = bot.command.substr(0, end);
    if (end != std::string::npos) t.arguments = bot.command.substr(end + 1);
    return t;
}

std::vector<IterationGame> iteration_games(const TuneConfig& config, const BotTemplate& bot,
                                           const std::optional<match::PlayerSpec>& opponent_bot,
                                           const Step& step) {
    const match::PlayerSpec plus_bot = bot.with(config.params, step.plus, kPlusName);
    const match::PlayerSpec minus_bot = bot.with(config.params, step.minus, kMinusName);
    const referee::GameInfo& info = referee::game_info(config.game);
    std::vector<IterationGame> games;
    for (int j = 1; j <= config.pairs_per; ++j) {
        if (config.puzzle) {
            const int boards = referee::builtin_testcase_count(info);
            const referee::Testcase board =
                boards > 0
                    ? referee::builtin_testcase(
                          info,
                          1 + static_cast<int>(draw(config.master_seed, step.k, Draw::board, j) %
                                               static_cast<std::uint64_t>(boards)))
                    : referee::default_testcase(info);
            for (const match::PlayerSpec& side : {plus_bot, minus_bot}) {
                IterationGame game;
                game.group = two_digits("b", step.k, j);
                game.id = game.group + "-" + side.name;
                game.setup = {config.game, 1, std::nullopt, board.text};
                game.testcase_name = board.name;
                game.players = {side};
                games.push_back(std::move(game));
            }
            continue;
        }
        std::optional<std::int64_t> seed;
        if (info.seeded)
            seed = static_cast<std::int64_t>(draw(config.master_seed, step.k, Draw::seed, j));
        for (const auto& [suffix, table] : tables(config)) {
            for (const std::vector<int>& order : seat_orders(table)) {
                IterationGame game;
                game.group = two_digits("p", step.k, j) + suffix;
                game.players = seat(order, plus_bot, minus_bot, opponent_bot);
                game.id = two_digits("p", step.k, j) + "-" + joined_names(game.players);
                game.setup = {config.game, config.players, seed, ""};
                games.push_back(std::move(game));
            }
        }
    }
    return games;
}

namespace {

// +1 when `a` did better than `b`, -1 worse, 0 as well.
int compare(double a, double b) {
    return a > b ? 1 : (a < b ? -1 : 0);
}

// How well the side named `name` did in `record`: -rank (a better rank is larger), or the score
// of a puzzle. Nullopt when it did not sit there.
std::optional<double> standing(const tournament::GameRecord& record, const std::string& name,
                               bool puzzle) {
    for (std::size_t s = 0; s < record.players.size(); ++s) {
        if (record.players[s] != name) continue;
        if (puzzle) return static_cast<double>(record.scores[s]);
        return -static_cast<double>(record.ranks[s]);
    }
    return std::nullopt;
}

void count(IterationScore& score, int outcome) {
    if (outcome > 0) ++score.wins;
    if (outcome == 0) ++score.draws;
    if (outcome < 0) ++score.losses;
}

void count_failures(IterationScore& score, const tournament::GameRecord& r) {
    for (std::size_t s = 0; s < r.players.size(); ++s) {
        const bool failed = r.outcomes[s] != match::Outcome::ok;
        const bool crashed = r.outcomes[s] == match::Outcome::crash;
        if (r.players[s] == kPlusName) {
            score.plus_failures += failed;
            score.plus_crashes += crashed;
        } else if (r.players[s] == kMinusName) {
            score.minus_failures += failed;
            score.minus_crashes += crashed;
        }
    }
}

// theta+ and theta- at one table: each game counts by their ranks.
void score_tables(const std::vector<tournament::GameRecord>& records, IterationScore& score) {
    for (const tournament::GameRecord& r : records) {
        const int outcome = r.referee_failure.empty()
                                ? compare(standing(r, kPlusName, false).value_or(0),
                                          standing(r, kMinusName, false).value_or(0))
                                : 0;
        count(score, outcome);
        score.result += outcome;
    }
}

// theta+ and theta- apart (a puzzle's board, or the opponent in one seat): each of theta+'s
// games against its twin of theta-'s, which comes `apart` games later in blocks of 2 * apart
// (iteration_games' order).
void score_twins(const TuneConfig& config, const std::vector<tournament::GameRecord>& records,
                 IterationScore& score) {
    const std::size_t apart = config.puzzle ? 1 : 2;
    for (std::size_t block = 0; block + 2 * apart <= records.size(); block += 2 * apart) {
        for (std::size_t t = block; t < block + apart; ++t) {
            const tournament::GameRecord& a = records[t];
            const tournament::GameRecord& b = records[t + apart];
            if (!a.referee_failure.empty() || !b.referee_failure.empty()) {
                count(score, 0);  // no result: counts as nothing learnt
                continue;
            }
            const double sa = standing(a, kPlusName, config.puzzle).value_or(0);
            const double sb = standing(b, kMinusName, config.puzzle).value_or(0);
            count(score, compare(sa, sb));
            // A puzzle's board weighs its score difference, in [-2, 2] like a pair's W - L.
            score.result += config.puzzle
                                ? 2 * (sa - sb) / std::max({std::abs(sa), std::abs(sb), 1.0})
                                : compare(sa, sb);
        }
    }
}

}  // namespace

IterationScore score_iteration(const TuneConfig& config,
                               const std::vector<tournament::GameRecord>& records) {
    IterationScore score;
    for (const tournament::GameRecord& r : records) count_failures(score, r);
    if (config.puzzle || (config.opponent && config.players == 2)) {
        score_twins(config, records, score);
    } else {
        score_tables(records, score);
    }
    return score;
}

}  // namespace arena::tune
