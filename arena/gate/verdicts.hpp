// The gate's verdicts as values: per opponent (an SPRT), per board (against the baseline), the
// candidate's failures, and the verdict with its one-line summary. Rendering them (terminal
// text, gate.json, JUnit) is render.hpp's job: nothing here is built for a particular output.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arena/gate/baseline.hpp"
#include "arena/gate/config.hpp"
#include "arena/ratings/ratings.hpp"
#include "arena/tournament/record.hpp"

namespace arena::gate {

// undecided_yet: a gate in rounds whose results so far decide nothing, with rounds left to play
// (exit code 3: play the next round, then judge again).
enum class Verdict { pass, fail, inconclusive, undecided_yet };
const char* to_string(Verdict verdict);

enum class BaselineAction {
    compare,  // judge the candidate against the baseline file
    save,     // write the baseline from this run, judge nothing but failures
    update,   // judge and report, then rewrite the baseline with this run
};

// One opponent's sequential test (games between bots).
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
    std::string game_id, bot;
    match::Outcome outcome = match::Outcome::ok;
    std::string detail;
};

// One SameGame board against the baseline.
struct BoardCheck {
    std::string board;
    std::int64_t score = 0;
    match::Outcome outcome = match::Outcome::ok;  // the candidate's game
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
    bool stopped_early = false;  // games between bots: stopped once the verdict was known
    ratings::SprtBounds bounds;
    std::vector<PairingTest> pairings;  // games between bots, one per opponent
    std::vector<BoardCheck> boards;     // puzzles
    // Puzzles: the candidate's total; the baseline's over the same boards when compared with it.
    std::optional<std::int64_t> total, baseline_total;
    std::vector<BotFailure> candidate_failures;  // allowed or not
    std::vector<BotFailure> opponent_failures;

    // The signal that interrupted the gate (0: none): no verdict, exit 128 + signal.
    int interrupted = 0;
    int exit_code() const {
        return interrupted                         ? 128 + interrupted
               : verdict == Verdict::undecided_yet ? kExitContinue
               : passed                            ? 0
                                                   : 1;
    }
    static constexpr int kExitContinue = 3;
};

// The first failure `allowed` does not allow (it fails the gate), or null.
const BotFailure* first_disallowed(const std::vector<BotFailure>& failures,
                                   const std::set<match::Outcome>& allowed);
// "invalid in s0001-a_vs_b (the referee's words)"
std::string failure_summary(const BotFailure& failure);

// Games between bots: the verdict from the tests of the tracker (versus_tracker.hpp), which
// `report` already holds (pairings, failures, games, stopped_early).
void judge_versus(const GateSettings& settings, GateReport& report);

// Puzzles: each board of `records` (the candidate's games) against `baseline` (none: nothing to
// compare with).
void judge_boards(const std::vector<tournament::GameRecord>& records, const GateSettings& settings,
                  const std::optional<Baseline>& baseline, BaselineAction action,
                  GateReport& report);

}  // namespace arena::gate
