// The games of one SPSA iteration and what they say: theta+ against theta- in seat-fair pairs
// (both seat orders of a seed), or each against the opponent, or at a table with the opponent(s)
// in every seat order; for a puzzle, theta+ and theta- on the same boards. docs/tune.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tune/config.hpp"
#include "arena/tune/spsa.hpp"
#include "referees/referee.hpp"

namespace arena::tune {

// The bot's command split once, before any game: its program (a source file built, its built
// command) and the rest, which holds the placeholders.
struct BotTemplate {
    match::PlayerSpec spec;  // name, working directory, limits; command replaced per game
    std::string program;
    std::string arguments;
    // The bot playing `values` under `name`.
    match::PlayerSpec with(const std::vector<Param>& params, const std::vector<double>& values,
                           const std::string& name) const;
};
BotTemplate bot_template(const match::PlayerSpec& bot);

struct IterationGame {
    std::string id;     // "k00012-p03-plus_vs_minus": unique in the run, its log's file name
    std::string group;  // the games of one seat-fair pair (one seed) or one board
    referee::GameSetup setup;
    std::string testcase_name;  // puzzles: the board's name
    std::vector<match::PlayerSpec> players;
};

// Iteration `step.k`'s games. `opponent` is set when the config has one (built).
std::vector<IterationGame> iteration_games(const TuneConfig& config, const BotTemplate& bot,
                                           const std::optional<match::PlayerSpec>& opponent,
                                           const Step& step);

// What an iteration's games say of theta+ against theta-.
struct IterationScore {
    int wins = 0, draws = 0, losses = 0;        // of theta+, game by game (docs/tune.md)
    double result = 0;                          // what SPSA's update multiplies: wins - losses
    int plus_failures = 0, minus_failures = 0;  // seats that crashed, timed out or were invalid
    int plus_crashes = 0, minus_crashes = 0;
};
// `records` are those of the iteration's games, in iteration_games' order.
IterationScore score_iteration(const TuneConfig& config,
                               const std::vector<tournament::GameRecord>& records);

}  // namespace arena::tune
