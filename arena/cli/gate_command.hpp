// `arena gate CONFIG [options]`: the command-line side of the regression gate (gate.hpp).
// Exit codes: 0 the candidate passes, 1 it fails (or is inconclusive, unless --inconclusive pass),
// 2 the gate could not judge (bad config or options, missing baseline, a bot that cannot start),
// 3 (--judge) no decision yet: play the next round (or the missing shards) and judge again.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

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
    // Across machines: play one shard of one round, or judge round directories.
    std::optional<std::size_t> round;
    std::string shard;               // "I/N"
    std::vector<std::string> judge;  // round directories
    BotLimitArgs limits;
};

// Declares the `gate` subcommand and its options on `app`; the values land in `args`.
CLI::App* add_gate_command(CLI::App& app, GateArgs& args);

// Runs the gate; returns its exit code (0 pass, 1 fail, 128+N interrupted). `command_line` is how
// the arena was run (argv): argv[0] for the replay commands, all of it for the command that goes
// on after an interrupt. Throws arena::Error when the gate cannot judge.
int run_gate_command(const GateArgs& args, const std::vector<std::string>& command_line);

}  // namespace arena::cli
