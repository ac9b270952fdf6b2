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
//
// The gate's files, one job each:
//   config.hpp          the config's "gate" object and "candidate", the command line's overrides
//   baseline.hpp        the baseline files of puzzles
//   versus_tracker.hpp  the SPRT per opponent as the games come (ratings/sprt.hpp)
//   verdicts.hpp        the verdicts as values (per opponent, per board, the summary)
//   render.hpp          the terminal text, gate.json and the JUnit suite (junit.hpp: its XML)
//   rounds.hpp          the gate in rounds: round configs, the rounds' stamps, look points
//   gate.cpp            run_gate: plays the games and puts the rest together
//   rounds_run.cpp      play_round (one shard of one round) and judge_rounds (across machines)
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arena/gate/baseline.hpp"
#include "arena/gate/config.hpp"
#include "arena/gate/junit.hpp"
#include "arena/gate/verdicts.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::gate {

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

    // Across machines (docs/gate.md): play shard `shard` of round `round` into `out`, or judge
    // the round directories `judge` (gate.json and the JUnit report then go to `out`).
    std::optional<std::size_t> round;
    std::optional<tournament::Shard> shard;
    std::vector<std::filesystem::path> judge;
    // How the user runs this gate, shell-quoted, without the options that say what to play or
    // judge and where ("build/arena gate configs/x.json --command a=b"): for the commands the
    // judge and the rounds print.
    std::string gate_command;
    // Where a round's shard goes unless --out says otherwise: <base>/round-R/shard-I-of-N.
    std::filesystem::path rounds_base;
};

// The default directory of a round's shard under `base`: base/round-R/shard-I-of-N.
std::filesystem::path round_directory(const std::filesystem::path& base, std::size_t round,
                                      tournament::Shard shard);

// Plays the gate's games into options.out and judges them; prints progress, the result per test
// and a final verdict line to `out`; writes OUT/gate.json and the JUnit report when asked.
// Every bot must be startable (GateError otherwise). Throws GateError, tournament::ConfigError or
// files::FileError for errors.
GateReport run_gate(const GateConfig& config, const GateRunOptions& options, std::ostream& out);

// Plays shard options.shard (default 0/1) of round options.round (default 0) into options.out,
// with its stamp (rounds.hpp); judges nothing. A puzzle's gate has one round: its boards, split
// by the shards. Returns the exit code: 0 played, 128 + N interrupted. Throws GateError for a
// round out of range, a gate without "round_pairs", or a directory of another gate or round.
int play_round(const GateConfig& config, const GateRunOptions& options, std::ostream& out);

// Reads the round directories options.judge, checks that they belong to this gate (stamp: arena
// version, gate hash; a shard twice is an error), and judges the unbroken prefix of whole rounds
// at the rounds' ends. The report's verdict is undecided_yet (exit 3) when no decision is reached
// and rounds are left or missing: it says which shards to play next and how. Throws GateError.
GateReport judge_rounds(const GateConfig& config, const GateRunOptions& options, std::ostream& out);

}  // namespace arena::gate
