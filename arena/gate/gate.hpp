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
//   gate.cpp            run_gate: plays the games and puts the rest together
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

#include "arena/gate/baseline.hpp"
#include "arena/gate/config.hpp"
#include "arena/gate/junit.hpp"
#include "arena/gate/verdicts.hpp"

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
};

// Plays the gate's games into options.out and judges them; prints progress, the result per test
// and a final verdict line to `out`; writes OUT/gate.json and the JUnit report when asked.
// Every bot must be startable (GateError otherwise). Throws GateError, tournament::ConfigError or
// files::FileError for errors.
GateReport run_gate(const GateConfig& config, const GateRunOptions& options, std::ostream& out);

}  // namespace arena::gate
