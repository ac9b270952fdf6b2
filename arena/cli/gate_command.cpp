#include "arena/cli/gate_command.hpp"

#include <unistd.h>

#include <iostream>

#include "arena/cli/numbers.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/gate/gate.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace {

// "SameGame": the games judged against a baseline file, for the help texts.
std::string puzzle_titles() {
    return referee::game_titles(
        [](const referee::GameInfo& g) { return g.kind == referee::GameKind::puzzle; }, ", ");
}

gate::GateOverrides overrides_from(const GateArgs& args) {
    gate::GateOverrides o;
    o.candidate = args.candidate;
    for (const std::string& entry : args.commands) {
        const std::size_t eq = entry.find('=');
        if (eq == std::string::npos || eq == 0)
            throw Error("--command '" + entry + "': use NAME=COMMAND, NAME a bot of the config");
        o.commands.emplace_back(entry.substr(0, eq), entry.substr(eq + 1));
    }
    o.elo0 = args.elo0;
    o.elo1 = args.elo1;
    o.alpha = args.alpha;
    o.beta = args.beta;
    if (args.model == "normalized") o.model = ratings::SprtModel::normalized;
    if (args.model == "logistic") o.model = ratings::SprtModel::logistic;
    o.max_games = args.max_games;
    if (args.inconclusive == "pass") o.inconclusive = gate::Inconclusive::pass;
    if (args.inconclusive == "fail") o.inconclusive = gate::Inconclusive::fail;
    o.allow_failures = args.allow_failures;
    if (!args.baseline.empty()) o.baseline = args.baseline;
    if (!args.tolerance.empty()) {
        try {
            o.tolerance = gate::parse_tolerance(args.tolerance);
        } catch (const std::invalid_argument& e) {
            throw Error(std::string("--tolerance: ") + e.what());
        }
    }
    return o;
}

// How the gate runs: output directory, concurrency, baseline action, and the command that goes on
// after an interrupt (the same command with --resume, not --overwrite).
gate::GateRunOptions run_options(const GateArgs& args, const gate::GateConfig& config,
                                 const std::vector<std::string>& command_line) {
    gate::GateRunOptions options;
    options.out =
        output_directory(args.out, config.tournament.out, args.config_file, RunKind::gate);
    options.concurrency = concurrency_of_run(args.concurrency, config.tournament.concurrency);
    options.resume = args.resume;
    options.overwrite = args.overwrite;
    options.interactive = isatty(STDOUT_FILENO);
    options.baseline_action = args.save_baseline     ? gate::BaselineAction::save
                              : args.update_baseline ? gate::BaselineAction::update
                                                     : gate::BaselineAction::compare;
    if (!args.junit.empty()) options.junit = args.junit;
    options.arena_program = command_line.front();
    std::vector<std::string> again;
    for (const std::string& word : command_line)
        if (word != "--overwrite" && word != "--resume") again.push_back(word);
    again.push_back("--resume");
    options.resume_command = shell_command(again);
    return options;
}

// Options of versus games' gates: the sequential test and when it stops.
void add_sprt_options(CLI::App* cmd, GateArgs& args) {
    const std::string group =
        "SPRT (" +
        referee::game_titles(
            [](const referee::GameInfo& g) { return g.kind == referee::GameKind::versus; }, ", ") +
        ")";
    numbers::add_real_number(cmd, "--elo0", args.elo0, gate::kEloRange,
                             "H0: the candidate is elo0 Elo stronger (default -50)")
        ->group(group);
    numbers::add_real_number(cmd, "--elo1", args.elo1, gate::kEloRange,
                             "H1: the candidate is elo1 Elo stronger (default 0)")
        ->group(group);
    numbers::add_real_number(cmd, "--alpha", args.alpha, gate::kErrorRateRange,
                             "False positive rate, above 0 and below 1 (default 0.05)")
        ->group(group);
    numbers::add_real_number(cmd, "--beta", args.beta, gate::kErrorRateRange,
                             "False negative rate, above 0 and below 1 (default 0.05)")
        ->group(group);
    cmd->add_option("--model", args.model,
                    "Elo of elo0/elo1: normalized (nElo, the default, as fishtest) or logistic")
        ->check(CLI::IsMember({"normalized", "logistic"}))
        ->group(group);
    numbers::add_whole_number(cmd, "--max-games", args.max_games,
                              {1, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "Stop undecided after about this many games (whole seeds; default: "
                              "the config's seeds, else 1000)")
        ->group(group);
    cmd->add_option("--inconclusive", args.inconclusive,
                    "Verdict when the maximum is reached undecided: fail (default) or pass")
        ->check(CLI::IsMember({"pass", "fail"}))
        ->group(group);
}

// Options of puzzle gates: the baseline file and how much worse a test case may score.
void add_baseline_options(CLI::App* cmd, GateArgs& args) {
    const std::string group = "Baseline (" + puzzle_titles() + ")";
    cmd->add_option("--baseline", args.baseline,
                    "Baseline file (default: the config's, else <config>.baseline.json next to "
                    "the config)")
        ->group(group);
    cmd->add_option("--tolerance", args.tolerance,
                    "How much worse a board may score: points (10) or percent of its baseline "
                    "(2.5%); default 0")
        ->group(group);
    auto* save = cmd->add_flag("--save-baseline", args.save_baseline,
                               "Write the baseline from this run (compare nothing)")
                     ->group(group);
    auto* update = cmd->add_flag("--update-baseline", args.update_baseline,
                                 "Compare and report, then rewrite the baseline with this run")
                       ->group(group);
    save->excludes(update);
}

}  // namespace

CLI::App* add_gate_command(CLI::App& app, GateArgs& args) {
    CLI::App* cmd = app.add_subcommand(
        "gate", "Regression gate for CI: a candidate bot against a baseline (SPRT) or a " +
                    puzzle_titles() +
                    " baseline file; exit 0 pass, 1 fail, 2 error. See docs/gate.md");
    cmd->add_option("config", args.config_file,
                    "Gate config: a tournament config with \"candidate\" and \"gate\"")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", args.out,
                    "Output directory (default: the config's \"out\", else results/gate-<config "
                    "name>, or results/<config name> when it starts with \"gate\")");
    numbers::add_whole_number(cmd, "--concurrency", args.concurrency,
                              {1, tournament::kMaxConcurrency},
                              "Games played at once (default: the number of cores)");
    cmd->add_flag("--resume", args.resume,
                  "Keep the games already in the output directory and go on from them");
    cmd->add_flag("--overwrite", args.overwrite,
                  "Delete the output directory's earlier results and game logs first (a finished "
                  "gate's are replaced anyway: each run judges anew)");
    cmd->add_option("--candidate", args.candidate,
                    "The bot under test, by name (default: the config's \"candidate\", else its "
                    "first bot)");
    cmd->add_option("--command", args.commands,
                    "NAME=COMMAND: run the config's bot NAME with this command line (e.g. a "
                    "previous version built elsewhere); repeatable")
        ->allow_extra_args(false);
    cmd->add_flag("--allow-failures", args.allow_failures,
                  "The candidate's timeouts, crashes and invalid moves do not fail the gate by "
                  "themselves (they still count as the referee scores them)");
    cmd->add_option("--junit", args.junit, "Write a JUnit XML report to this file");
    add_sprt_options(cmd, args);
    add_baseline_options(cmd, args);
    add_limit_options(cmd, args.limits);
    return cmd;
}

int run_gate_command(const GateArgs& args, const std::vector<std::string>& command_line) {
    gate::GateConfig config = gate::load_gate_config(args.config_file);
    gate::apply_overrides(config, overrides_from(args));
    apply_limit_args(args.limits, config.tournament.bots);
    check_limits_and_sandbox(config.tournament.bots);
    const gate::GateRunOptions options = run_options(args, config, command_line);
    return system_errors_as_arena_errors(
        [&] { return gate::run_gate(config, options, std::cout).exit_code(); });
}

}  // namespace arena::cli
