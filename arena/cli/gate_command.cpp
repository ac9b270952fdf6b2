#include "arena/cli/gate_command.hpp"

#include <unistd.h>

#include <iostream>
#include <optional>
#include <set>

#include "arena/cli/bot_options.hpp"
#include "arena/cli/numbers.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/gate/gate.hpp"
#include "arena/tournament/shards.hpp"
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

// The user's gate command without what says which round to play or judge and where: the base of
// the commands the rounds and the judge print.
std::string gate_command_of(const std::vector<std::string>& command_line) {
    static const std::set<std::string> with_value = {"--round", "--shard", "--out", "--junit",
                                                     "--concurrency"};
    static const std::set<std::string> flags = {"--resume", "--overwrite"};
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < command_line.size(); ++i) {
        const std::string& word = command_line[i];
        const std::string name = word.substr(0, word.find('='));
        if (flags.count(word)) continue;
        if (with_value.count(name)) {
            if (name == word) ++i;
            continue;
        }
        if (name == "--judge") {
            while (name == word && i + 1 < command_line.size() && command_line[i + 1][0] != '-')
                ++i;
            continue;
        }
        kept.push_back(word);
    }
    return shell_command(kept);
}

// Playing a round's shard or judging rounds: the options that go with them.
void check_round_options(const GateArgs& args) {
    const bool playing_round = args.round || !args.shard.empty();
    if (!args.judge.empty() && (playing_round || args.resume || args.overwrite))
        throw Error(
            "--judge reads the rounds played: it takes no --round, --shard, --resume or "
            "--overwrite");
    if ((playing_round || !args.judge.empty()) && (args.save_baseline || args.update_baseline))
        throw Error(
            "--save-baseline and --update-baseline are for a gate on one machine (not "
            "with --round, --shard or --judge)");
}

// Where the judged rounds were played: B when every directory given to --judge is
// B/round-R/shard-I-of-N (round_directory's layout), so that the commands the judge prints for
// the missing shards and the next judging name the user's directories; else `fallback`.
std::filesystem::path judged_rounds_base(const std::vector<std::string>& judged,
                                         const std::filesystem::path& fallback) {
    std::optional<std::filesystem::path> base;
    for (const std::string& dir : judged) {
        std::filesystem::path shard = std::filesystem::path(dir).lexically_normal();
        if (shard.filename().empty()) shard = shard.parent_path();  // a trailing '/'
        const std::filesystem::path round = shard.parent_path();
        if (!shard.filename().string().starts_with("shard-") ||
            !round.filename().string().starts_with("round-"))
            return fallback;
        if (base && *base != round.parent_path()) return fallback;
        base = round.parent_path();
    }
    return base ? *base : fallback;
}

// How the gate runs: output directory, concurrency, baseline action, and the command that goes on
// after an interrupt (the same command with --resume, not --overwrite).
gate::GateRunOptions run_options(const GateArgs& args, const gate::GateConfig& config,
                                 const std::vector<std::string>& command_line) {
    gate::GateRunOptions options;
    const std::filesystem::path base =
        output_directory("", config.tournament.out, args.config_file, RunKind::gate);
    options.out =
        output_directory(args.out, config.tournament.out, args.config_file, RunKind::gate);
    options.round = args.round;
    if (!args.shard.empty()) {
        try {
            options.shard = tournament::parse_shard(args.shard);
        } catch (const std::invalid_argument& e) {
            throw Error(std::string("--shard ") + e.what());
        }
    }
    for (const std::string& dir : args.judge) options.judge.emplace_back(dir);
    options.rounds_base = args.judge.empty() ? base : judged_rounds_base(args.judge, options.out);
    if ((options.round || options.shard) && args.out.empty())
        options.out = gate::round_directory(base, options.round.value_or(0),
                                            options.shard.value_or(tournament::Shard{}));
    options.gate_command = gate_command_of(command_line);
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
                    " baseline file; exit 0 pass, 1 fail, 2 error, 3 continue (--judge of rounds: "
                    "play the next round). See docs/gate.md");
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
    const std::string rounds = "Across machines (docs/gate.md)";
    numbers::add_whole_number(cmd, "--round", args.round,
                              {0, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "Play round R of the gate (its seeds R*K .. R*K+K-1, K the config's "
                              "gate.round_pairs) into --out (default <out>/round-R/shard-I-of-N)")
        ->group(rounds);
    cmd->add_option("--shard", args.shard,
                    "Play shard I (from 0) of N of round R (of the boards for " + puzzle_titles() +
                        "), e.g. 0/2 (default 0/1)")
        ->group(rounds);
    cmd->add_option("--judge", args.judge,
                    "Judge the round directories played (DIR...): exit 0 pass, 1 fail, 3 no "
                    "decision yet (it says which round or shard to play next), 2 error")
        ->group(rounds);
    add_sprt_options(cmd, args);
    add_baseline_options(cmd, args);
    add_limit_options(cmd, args.limits);
    add_build_timeout_option(cmd, args.limits);
    return cmd;
}

int run_gate_command(const GateArgs& args, const std::vector<std::string>& command_line) {
    gate::GateConfig config = gate::load_gate_config(args.config_file);
    gate::apply_overrides(config, overrides_from(args));
    apply_limit_args(args.limits, config.tournament.bots);
    if (args.limits.build_timeout) config.tournament.build_timeout = args.limits.build_timeout;
    check_limits_and_sandbox(config.tournament.bots);
    contain_referee(config.tournament.game, args.limits);
    check_external_referee(config.tournament.game, "the config's \"referee\"");
    check_round_options(args);
    const gate::GateRunOptions options = run_options(args, config, command_line);
    return system_errors_as_arena_errors([&] {
        if (!options.judge.empty())
            return gate::judge_rounds(config, options, std::cout).exit_code();
        if (options.round || options.shard) return gate::play_round(config, options, std::cout);
        return gate::run_gate(config, options, std::cout).exit_code();
    });
}

}  // namespace arena::cli
