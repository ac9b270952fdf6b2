// The gate's config: a tournament config (configs/README.md) with a top-level "candidate" for
// every game and a "gate" object (docs/gate.md), and the command line's overrides of it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arena/common/numbers.hpp"
#include "arena/match/match.hpp"
#include "arena/ratings/ratings.hpp"
#include "arena/tournament/config.hpp"

namespace arena::gate {

enum class Inconclusive { fail, pass };

// How much worse than the baseline a SameGame board may score: points, or percent of the
// board's baseline score.
struct Tolerance {
    double amount = 0;
    bool percent = false;
    // The lowest score that still passes against `baseline`.
    double lowest_passing(std::int64_t baseline) const;
    std::string text() const;  // "0", "50", "2.5%"
};
// "12", "2.5%" (a finite number >= 0, optionally followed by %). Throws std::invalid_argument:
// "tolerance '-1': must be points, a number at least 0 (e.g. 10), or a percentage of the
// board's baseline score (e.g. 2.5%)".
Tolerance parse_tolerance(const std::string& text);

// The SPRT's bounds, for the config and the command line: Elo far beyond any real test is refused
// (infinities or 1e300 would only break the arithmetic), error rates are probabilities.
inline constexpr numbers::RealRange kEloRange{-1000, 1000};
inline constexpr numbers::RealRange kErrorRateRange{0, 1, true, true};

struct SprtSettings {
    // Non-regression by default: H0 "the candidate is 50 normalised Elo worse", H1 "it is as
    // strong". Stronger-or-not tests use e.g. elo0 = 0, elo1 = 10.
    double elo0 = -50, elo1 = 0;
    double alpha = 0.05, beta = 0.05;
    ratings::SprtModel model = ratings::SprtModel::normalized;
};
const char* model_name(ratings::SprtModel model);  // "normalized", "logistic"

// The failure kinds "allow_failures" can name.
const std::set<match::Outcome>& failure_kinds();  // every outcome but ok

// The "gate" object of the config, with the defaults.
struct GateSettings {
    SprtSettings sprt;
    // Games played at most (games between bots); the seeds are drawn from the config's master seed.
    // Unset: the config's own seeds when it says how many, else kDefaultMaxGames.
    std::optional<std::size_t> max_games;
    Inconclusive inconclusive = Inconclusive::fail;
    // Games between bots played in rounds (docs/gate.md, "Across machines"): round R is the seeds
    // R*K .. R*K+K-1 of the gate's seed sequence, K = round_pairs (a pair per opponent and
    // seed), and the tests look at the results only at the end of each round, on one machine as
    // across many. Unset: no rounds, the tests look after every pair.
    std::optional<std::size_t> round_pairs;
    std::set<match::Outcome> allowed_failures;  // of timeout, crash, invalid
    // SameGame: the baseline file (default: next to the config, <config stem>.baseline.json).
    std::filesystem::path baseline;
    Tolerance tolerance;
};
inline constexpr std::size_t kDefaultMaxGames = 1000;

struct GateConfig {
    std::filesystem::path file;
    tournament::TournamentConfig tournament;  // format gauntlet, `candidate` set, for every game
    GateSettings gate;
    // The config says how many seeds ("seeds" a count, {"count": N, ...} or a list): without
    // max_games the gate plays them; otherwise it plays up to kDefaultMaxGames games.
    bool seed_count_given = false;
};

// Reads a gate config: a tournament config plus "candidate" (any game; default the first bot)
// and "gate". Games between bots are played as a gauntlet of the candidate. Throws
// tournament::ConfigError naming the file and the field.
GateConfig load_gate_config(const std::filesystem::path& file);
GateConfig load_gate_config_text(const std::string& text, const std::filesystem::path& file);

// Command-line options, each over the config's value when given.
struct GateOverrides {
    std::optional<std::string> candidate;
    std::vector<std::pair<std::string, std::string>> commands;  // bot name -> new command line
    std::optional<double> elo0, elo1, alpha, beta;
    std::optional<ratings::SprtModel> model;
    std::optional<std::size_t> max_games;
    std::optional<Inconclusive> inconclusive;
    bool allow_failures = false;  // every kind
    std::optional<std::filesystem::path> baseline;
    std::optional<Tolerance> tolerance;
};
// Throws tournament::ConfigError when a name is unknown or the SPRT settings are impossible.
void apply_overrides(GateConfig& config, const GateOverrides& overrides);

}  // namespace arena::gate
