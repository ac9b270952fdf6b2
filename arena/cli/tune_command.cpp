#include "arena/cli/tune_command.hpp"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "arena/cli/bot_options.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/common/error.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tune/games.hpp"
#include "arena/tune/tuner.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// A "bot" or "opponent" of the config, read as --bot reads it (NAME=, @DIR).
match::PlayerSpec bot_from_text(const std::string& text) {
    const BotArg arg = parse_bot_arg(text);
    match::PlayerSpec bot;
    bot.name = arg.name;
    bot.command = arg.command;
    bot.working_dir = arg.working_dir;
    return bot;
}

// Before the directory is touched: a bot's program that is not there is the config's fault, named
// by its field (a source file is checked when it is built).
void check_bots(const tune::TuneConfig& config, const fs::path& config_file) {
    std::vector<double> start;
    for (const tune::Param& p : config.params) start.push_back(p.start);
    match::PlayerSpec bot = tune::bot_template(config.bot).with(config.params, start, "bot");
    bot.command = tune::bot_template(bot).program;
    tournament::source_from_command(bot);
    if (bot.source.empty()) check_bot(bot, config_file.string() + ": field 'bot'");
    if (!config.opponent) return;
    match::PlayerSpec opponent = *config.opponent;
    tournament::source_from_command(opponent);
    if (opponent.source.empty()) check_bot(opponent, config_file.string() + ": field 'opponent'");
}

}  // namespace

CLI::App* add_tune_command(CLI::App& app, TuneArgs& args) {
    CLI::App* command = app.add_subcommand(
        "tune", "Tune a bot's parameters by SPSA over seat-fair games (docs/tune.md)");
    command->add_option("config", args.config,
                        "The tune's config (JSON): game, bot with {name} placeholders, params, "
                        "iterations, pairs_per, ... (docs/tune.md)");
    command->add_option("--out", args.out,
                        "Run directory (default: the config's \"out\", else results/<config "
                        "name>): tune.jsonl, results.jsonl, games/, report.html, result.json");
    command
        ->add_option("--concurrency", args.concurrency,
                     "Games at once (default: the config's, else the number of cores)")
        ->check(CLI::Range(1, 1024));
    command->add_flag("--resume", args.resume,
                      "Go on with the tune in --out from its last whole iteration (after an "
                      "interrupt or kill -9): the same run as if never stopped");
    command->footer(
        "Examples:\n"
        "  arena tune tune.json --out results/tune-depth\n"
        "  arena tune --resume --out results/tune-depth\n"
        "At the end DIR/result.json holds the values and the --bot to paste.");
    return command;
}

int run_tune_command(const TuneArgs& args, const std::string& program) {
    if (args.resume && args.out.empty())
        throw Error("--resume needs --out DIR: the directory of the tune to go on with");
    if (!args.resume && args.config.empty())
        throw Error("arena tune needs a CONFIG (docs/tune.md), or --resume --out DIR");
    if (args.resume && !args.config.empty())
        throw Error("--resume goes on with the config saved in --out: drop '" + args.config +
                    "' (a changed config is a new tune: give it another --out)");
    tune::TuneOptions options;
    fs::path config_file = args.config;
    if (args.resume) {
        config_file = fs::path(args.out) / "tune-config.json";
        options.config_text = tune::saved_config_text(args.out);
    } else {
        options.config_text = files::read_text(config_file, files::kConfigFile);
    }
    const tune::TuneConfig config =
        tune::read_tune_config(options.config_text, config_file, bot_from_text);
    check_bots(config, config_file);
    options.out = args.resume
                      ? fs::path(args.out)
                      : output_directory(args.out, config.out, config_file, RunKind::tournament);
    options.resume = args.resume;
    options.concurrency = concurrency_of_run(args.concurrency, config.concurrency);
    options.interactive = isatty(STDOUT_FILENO);
    std::cout << "tune: " << config.params.size() << " parameter(s), " << config.gains.iterations
              << " iterations into " << options.out.string() << "/\n"
              << std::flush;
    const tune::TuneResult result = tune::run_tune(config, options, std::cout);
    std::cout << "report: " << (options.out / "report.html").string() << "\n";
    if (!result.complete) {
        std::cout << result.iterations << " of " << config.gains.iterations
                  << " iterations saved; to go on: " << program << " tune --resume --out "
                  << shell_quote(options.out.string()) << "\n";
        const int signal = process::interrupt_signal();
        return signal ? process::interrupted_exit_code(signal) : 2;
    }
    std::cout << "result: " << (options.out / "result.json").string() << " (" << result.games
              << " games)\n--bot " << shell_quote(result.bot) << "\n";
    return 0;
}

}  // namespace arena::cli
