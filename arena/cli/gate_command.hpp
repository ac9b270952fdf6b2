// `arena gate CONFIG [options]`: the command-line side of the regression gate (gate.hpp).
// Exit codes: 0 the candidate passes, 1 it fails (or is inconclusive, unless --inconclusive pass),
// 2 the gate could not judge (bad config or options, missing baseline, a bot that cannot start).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::gate {

struct GateArgs {
    std::string config_file;
    std::string out;
    int concurrency = 0;  // 0: the config's, else the number of cores
    bool resume = false;
    bool overwrite = false;
    std::optional<std::string> candidate;
    std::vector<std::string> commands;  // "NAME=COMMAND"
    std::optional<double> elo0, elo1, alpha, beta;
    std::string model;  // "", "normalized", "logistic"
    std::optional<std::size_t> max_games;
    std::string inconclusive;  // "", "pass", "fail"
    bool allow_failures = false;
    std::string baseline;
    bool save_baseline = false;
    bool update_baseline = false;
    std::string tolerance;
    std::string junit;
    // How the arena was run (argv), for the command that goes on after an interrupt.
    std::vector<std::string> command_line;
};

// Declares the `gate` subcommand and its options on `app`; the values land in `args`.
CLI::App* add_gate_command(CLI::App& app, GateArgs& args);

// Runs the gate. Never throws: errors are printed to `err` and give exit code 2. `arena_program`
// is how the user ran arena (argv[0]), for the replay commands. `prepare_bots` gets the config's
// bots before any game (the command line's limits and sandbox); it may throw to refuse them.
int run_gate_command(const GateArgs& args, const std::string& arena_program,
                     const std::function<void(std::vector<match::PlayerSpec>&)>& prepare_bots,
                     std::ostream& out, std::ostream& err);

}  // namespace arena::gate
