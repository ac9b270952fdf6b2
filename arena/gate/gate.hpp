// The regression gate (`arena gate`): does a candidate bot pass against a baseline, yes or no,
// with an exit code for CI (0 pass, 1 fail, 2 error) and a JUnit report. docs/gate.md.
//   - Dice Shogi (2 players): candidate against the other bot(s) of the config, both seat orders
//     of every seed; a sequential probability ratio test (SPRT) per opponent on the pentanomial
//     counts of the seat-swapped pairs, stopped as soon as every test has decided or one has
//     accepted H0, else at a maximum game count (inconclusive);
//   - Tsuro (2-4 players): the candidate's tables with the field; the same test against each field
//     bot on the pairwise results (the better ranked wins), pairs being two games of a seed that
//     differ by swapping the candidate and that bot;
//   - SameGame: the candidate's score on every board against a baseline file written by an
//     earlier run; any board worse by more than a tolerance fails.
// Any timeout, crash or invalid move of the candidate fails the gate unless allowed.
//
// A gate config is a tournament config (configs/README.md) with a top-level "candidate" for every
// game and a "gate" object; the tournament is run in an output directory like any other, so it is
// resumable and its logs are kept.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "arena/gate/junit.hpp"
#include "arena/ratings/ratings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/common/error.hpp"

namespace arena::gate {

// A problem that stops the gate from judging (a missing baseline, an unwritable file, a bot that
// cannot be started): exit code 2. Config problems are tournament::ConfigError.
struct GateError : arena::Error {
    using arena::Error::Error;
};

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
// "12", "2.5%" (a number >= 0, optionally followed by %). Throws std::invalid_argument.
Tolerance parse_tolerance(const std::string& text);

struct SprtSettings {
    // Non-regression by default: H0 "the candidate is 50 normalised Elo worse", H1 "it is as
    // strong". Stronger-or-not tests use e.g. elo0 = 0, elo1 = 10.
    double elo0 = -50, elo1 = 0;
    double alpha = 0.05, beta = 0.05;
    ratings::SprtModel model = ratings::SprtModel::normalized;
};

// The "gate" object of the config, with the defaults.
struct GateSettings {
    SprtSettings sprt;
    // Games played at most (seeded games); the seeds are drawn from the config's master seed.
    // Unset: the config's own seeds when it says how many, else kDefaultMaxGames.
    std::optional<std::size_t> max_games;
    Inconclusive inconclusive = Inconclusive::fail;
    std::set<std::string> allowed_failures;  // of "timeout", "crash", "invalid"
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
// and "gate". Seeded games are played as a gauntlet of the candidate. Throws
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

enum class BaselineAction {
    compare,  // judge the candidate against the baseline file
    save,     // write the baseline from this run, judge nothing but failures
    update,   // judge and report, then rewrite the baseline with this run
};

struct GateRunOptions {
    std::filesystem::path out;
    int concurrency = 1;
    bool resume = false;     // keep the games already in OUT (the test replays them first)
    bool overwrite = false;  // delete OUT's earlier results and game logs first
    bool interactive = false;
    BaselineAction baseline_action = BaselineAction::compare;
    std::optional<std::filesystem::path> junit;
    // How the user runs arena, for the replay commands printed with each failure.
    std::string arena_program = "build/arena";
    // The command that goes on after an interrupt (printed, shell-quoted).
    std::string resume_command;
};

enum class Verdict { pass, fail, inconclusive };
const char* to_string(Verdict verdict);

// One opponent's sequential test (seeded games).
struct PairingTest {
    std::string opponent;
    bool pentanomial_model = true;     // false: trinomial on single games (no seat-swapped twins)
    ratings::Pentanomial pentanomial;  // the candidate's seat-swapped pairs against the opponent
    ratings::WDL results;              // the candidate's pairwise games against it
    double llr = 0;
    ratings::SprtDecision decision = ratings::SprtDecision::continue_testing;
    int decided_after_games = 0;  // the games against this opponent when it decided
    double decided_llr = 0;
    std::vector<std::string> lost_games;  // ids of games (lost pairs) the candidate lost, first few
    double bot_seconds = 0;  // the candidate's thinking time in these games (the JUnit time)
};

// One failure of a bot (timeout, crash, invalid move).
struct BotFailure {
    std::string game_id, bot, outcome, detail;
};

// One SameGame board against the baseline.
struct BoardCheck {
    std::string board;
    std::int64_t score = 0;
    std::string outcome;  // the candidate's game: "ok", "timeout", "crash", "invalid"
    std::string detail;
    std::optional<std::int64_t> baseline;  // empty: the board is not in the baseline
    std::string game_id;
    double bot_seconds = 0;
    bool worse = false;  // below baseline - tolerance
};

struct GateReport {
    Verdict verdict = Verdict::fail;
    bool passed = false;  // verdict pass, or inconclusive counted as pass
    std::string candidate;
    std::string summary;         // one line, e.g. "H1 accepted against previous after 84 games"
    int games = 0;               // games in the results (this run and resumed ones)
    bool stopped_early = false;  // seeded games: stopped once the verdict was known
    ratings::SprtBounds bounds;
    std::vector<PairingTest> pairings;                  // seeded games, one per opponent
    std::vector<BoardCheck> boards;                     // SameGame
    std::optional<std::int64_t> total, baseline_total;  // SameGame
    std::vector<BotFailure> candidate_failures;         // allowed or not
    std::vector<BotFailure> opponent_failures;
    JUnitSuite junit;

    // The signal that interrupted the gate (0: none): no verdict, exit 128 + signal.
    int interrupted = 0;
    int exit_code() const { return interrupted ? 128 + interrupted : passed ? 0 : 1; }
};

// Plays the gate's games into options.out and judges them; prints progress, the result per test
// and a final verdict line to `out`; writes OUT/gate.json and the JUnit report when asked.
// Every bot must be startable (GateError otherwise). Throws GateError, tournament::ConfigError or
// files::FileError for errors.
GateReport run_gate(const GateConfig& config, const GateRunOptions& options, std::ostream& out);

// The baseline file of SameGame gates: the candidate's score on each board.
struct Baseline {
    std::string bot;
    std::string command;
    std::vector<std::pair<std::string, std::int64_t>> scores;  // board name -> score
};
Baseline read_baseline(const std::filesystem::path& file);  // throws GateError
void write_baseline(const std::filesystem::path& file, const Baseline& baseline);  // FileError

}  // namespace arena::gate
