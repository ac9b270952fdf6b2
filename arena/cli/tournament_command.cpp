#include "arena/cli/tournament_command.hpp"

#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <string_view>

#include "arena/cli/bot_options.hpp"
#include "arena/cli/numbers.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/cli/run_output.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/resume.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/schedule.hpp"
#include "arena/tournament/shards.hpp"
#include "arena/view/view.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// The size of what this run plays (its shard of the schedule): games, and the seat-swapped groups
// of the whole schedule, which the shards share out.
struct Schedule {
    std::size_t games = 0, groups = 0;
};

// "SameGame's boards": what --games sizes in games played on test cases, for the help text.
std::string catalogue_sets() {
    std::string sets;
    for (const referee::GameInfo& game : referee::games()) {
        if (game.testcases.form != referee::TestcaseForm::catalogue) continue;
        sets += (sets.empty() ? "" : ", ") + game.title + "'s " + game.testcases.noun + "s";
    }
    return sets;
}

// Sizes the config to about `games` games (--games, or its "games" field).
void resize(tournament::TournamentConfig& config, std::size_t games, bool say) {
    try {
        const std::string plan = tournament::resize_to_games(config, games);
        if (say) std::cout << "--games " << games << ": " << plan << "\n";
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("--games: ") + e.what());
    }
    config.games = games;
}

// The config of this run, sized: the one given, checked against the run already in OUT with
// --resume (only new bots or seeds may join), or with --resume alone the run's OUT/config.json
// (the caller made sure it exists).
tournament::TournamentConfig config_of_run(const TournamentArgs& args,
                                           std::optional<tournament::TournamentConfig> given,
                                           const fs::path& out, const std::string& program) {
    const fs::path saved_file = out / "config.json";
    const bool saved_exists = args.resume && fs::exists(saved_file);
    tournament::TournamentConfig now = given ? *given : tournament::load_config(saved_file);
    if (args.games)
        resize(now, *args.games, true);
    else if (given && now.games)
        resize(now, *now.games, false);  // the config's own "games"
    if (!given || !saved_exists) {
        apply_limit_args(args.limits, now.bots);
        if (args.startup_ms) now.startup_ms = static_cast<int>(*args.startup_ms);
        return now;
    }
    const tournament::TournamentConfig saved = tournament::load_config(saved_file);
    if (!args.games) tournament::keep_run_size(now, saved);
    // The comparison sees the config as it will run: sized and with the command-line limits.
    apply_limit_args(args.limits, now.bots);
    if (args.startup_ms) now.startup_ms = static_cast<int>(*args.startup_ms);
    const tournament::RunComparison diff = tournament::compare_runs(saved, now);
    if (!diff.refused.empty()) {
        std::string message = "the config differs from the run in '" + out.string() +
                              "' in what changes its games:\n";
        for (const std::string& d : diff.refused) message += "  - " + d + "\n";
        message += "  A resumed run may only add bots or seeds. Go on with the run as it was: " +
                   shell_command({program, "tournament", "--resume", "--out", out.string()}) +
                   "\n  or start a new run in another directory with --out";
        throw Error(message);
    }
    for (const std::string& a : diff.added) std::cout << "resume: adds " << a << "\n";
    return now;
}

// How each group of a seed is played, as the schedule does it (make_schedule): "each pair in
// both seat orders", "each table of 3 in all 6 seat orders", "each table of 4 in its 4 rotations
// (each bot in each seat once)", then how often ("2 games each").
std::string seat_orders_text(const tournament::TournamentConfig& config) {
    const int k = config.players_per_game;
    std::string text;
    if (k == 2) {
        text = "each pair in both seat orders";  // the 2 rotations are the 2 permutations
    } else if (config.seat_orders == tournament::SeatOrders::all) {
        long orders = 1;
        for (int i = 2; i <= k; ++i) orders *= i;
        text = "each table of " + std::to_string(k) + " in all " + std::to_string(orders) +
               " seat orders";
    } else {
        text = "each table of " + std::to_string(k) + " in its " + std::to_string(k) +
               " rotations (each bot in each seat once)";
    }
    if (config.games_per_seed > 1)
        text += ", " + std::to_string(config.games_per_seed) + " games each";
    return text;
}

// What a shard plays: "shard 1/4: 12 of 48 games (...)", or for a shard the split left without
// games (more shards than seat-swapped groups) that it has none and how many shards to use.
void print_shard_plan(const tournament::TournamentConfig& config, const Schedule& schedule,
                      tournament::Shard shard) {
    const std::string name = "shard " + tournament::to_string(shard);
    if (schedule.games == 0) {
        const auto counted = [](std::size_t n, const std::string& noun) {
            return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
        };
        std::cout << name << ": this shard has no games: " << counted(shard.count, "shard")
                  << " for " << counted(schedule.groups, "group") << "; use at most "
                  << counted(schedule.groups, "shard")
                  << " (its directory still gets a manifest, so `arena merge` of the "
                  << shard.count << " directories works)\n";
        return;
    }
    std::cout << name << ": " << schedule.games << " of " << tournament::scheduled_games(config)
              << " games (seat-swapped groups dealt in turn; `arena merge` joins the "
              << shard.count << " directories)\n";
}

void print_plan(const tournament::TournamentConfig& config, const Schedule& schedule,
                const tournament::RunOptions& options) {
    if (options.shard) {
        print_shard_plan(config, schedule, *options.shard);
        if (schedule.games == 0) return;
    }
    const referee::GameInfo& game = referee::game_info(config.game);
    if (game.kind == referee::GameKind::puzzle) {
        std::cout << config.game << " tournament: " << config.bots.size() << " bot(s) x "
                  << config.testcases.size() << " " << game.testcases.noun
                  << "(s) = " << schedule.games << " games";
    } else {
        std::cout << config.game << " tournament: " << config.bots.size() << " bots, "
                  << config.players_per_game << " per game, " << config.seeds.size() << " seed(s), "
                  << seat_orders_text(config) << " = " << schedule.games << " games";
    }
    std::cout << ", " << options.concurrency << " at a time, output in " << options.out.string()
              << "/\n"
              << std::flush;
}

// The options that only make sense together, checked before any file is read.
void check_arguments(const TournamentArgs& args) {
    if (args.config_file.empty() && !args.resume)
        throw Error("give a config file, or --resume --out DIR to go on with the run in DIR");
    if (!args.replace.empty() && !args.resume)
        throw Error("--replace works with --resume: it replaces games already in the directory");
    if (args.config_file.empty() && args.out.empty())
        throw Error("--resume without a config needs --out DIR: the run to go on with");
}

// A bot whose program cannot be started would lose every game as a crash: said before any game,
// as the gate and `play` say it (exit 2), naming the bot, its command and what to do. A bot
// still to be built from its source has no program yet: its build says what went wrong.
void check_commands(const std::vector<match::PlayerSpec>& bots) {
    for (const match::PlayerSpec& bot : bots) {
        if (!bot.source.empty() && bot.built.empty()) continue;
        try {
            match::check_command(bot);
        } catch (const std::exception& e) {
            std::string message = e.what();
            // check_command names the bot only when its name differs from its program.
            if (message.find("'" + bot.name + "'") == std::string::npos)
                message = "bot '" + bot.name + "': " + message;
            throw Error(message + " No game was played.");
        }
    }
}

}  // namespace

CLI::App* add_tournament_command(CLI::App& app, TournamentArgs& args) {
    CLI::App* command =
        app.add_subcommand("tournament", "Run every bot of a config over its boards, in parallel");
    command->add_option("config", args.config_file,
                        "Tournament config (JSON), see configs/README.md; with --resume it may be "
                        "left out: the run goes on from OUT/config.json");
    command->add_option(
        "--out", args.out,
        "Output directory (default: the config's \"out\", else results/<config name>)");
    numbers::add_whole_number(command, "--concurrency", args.concurrency,
                              {1, tournament::kMaxConcurrency},
                              "Games played at once (default: the number of cores)");
    command->add_flag(
        "--resume", args.resume,
        "Go on with the run in the output directory: play only the missing games (a config "
        "given may add bots or seeds)");
    command
        ->add_option("--replace", args.replace,
                     "NAME: the directory's games of an older version of bot NAME are moved aside "
                     "(replaced-<time>/) and played again by the config's version; repeatable")
        ->allow_extra_args(false);
    numbers::add_whole_number(command, "--games", args.games,
                              {1, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "About this many games: the seed count (or " + catalogue_sets() +
                                  ") is set to reach it, keeping every seed's seat orders "
                                  "together");
    command
        ->add_option(
            "--shard", args.shard,
            "I/N: play only shard I (counted from 0) of N of the schedule, into a directory of "
            "its own (--games sizes the whole run, the same on every shard); `arena merge` "
            "joins the N directories (docs/shards.md)")
        ->type_name("I/N");
    add_limit_options(command, args.limits);
    add_build_timeout_option(command, args.limits);
    numbers::add_whole_number(command, "--startup-ms", args.startup_ms, {0, 600'000},
                              "A bot's first turn's clock starts when it begins reading its input, "
                              "or this many ms after its start (default: the config's "
                              "\"time\": {\"startup_ms\"}, else " +
                                  std::to_string(match::kDefaultStartupMs) + "; 0: at the write)");
    return command;
}

namespace {

std::optional<tournament::Shard> shard_of_run(const TournamentArgs& args) {
    if (!args.shard) return std::nullopt;
    try {
        return tournament::parse_shard(*args.shard);
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("--shard ") + e.what());
    }
}

// --resume on a shard's directory goes on with the shard its manifest names (--shard may be left
// out), with the config (and --games) it was started with: another shard or config is refused.
std::optional<tournament::Shard> shard_of_resumed_run(const TournamentArgs& args,
                                                      std::optional<tournament::Shard> asked,
                                                      const tournament::TournamentConfig& config,
                                                      const fs::path& out,
                                                      const std::string& program) {
    if (!args.resume) return asked;
    const std::string as_it_was =
        shell_command({program, "tournament", "--resume", "--out", out.string()});
    return tournament::shard_to_resume(out, asked, tournament::config_hash(config), as_it_was);
}

}  // namespace

int run_tournament_command(const TournamentArgs& args, const std::string& program) {
    check_arguments(args);
    std::optional<tournament::Shard> shard = shard_of_run(args);
    std::optional<tournament::TournamentConfig> given;
    if (!args.config_file.empty()) given = tournament::load_config(args.config_file);
    tournament::RunOptions options;
    options.out = output_directory(args.out, given ? given->out : std::nullopt, args.config_file,
                                   RunKind::tournament);
    if (!given) require_saved_config(options.out);  // said before creating anything
    // One writer per directory, from before anything in it is read until the standings.
    std::optional<tournament::RunLock> lock;
    system_errors_as_arena_errors(
        [&] { lock.emplace(options.out, tournament::own_command_line()); });
    options.caller_holds_lock = true;
    tournament::TournamentConfig config =
        config_of_run(args, std::move(given), options.out, program);
    shard = shard_of_resumed_run(args, shard, config, options.out, program);
    if (args.limits.build_timeout) config.build_timeout = args.limits.build_timeout;
    check_limits_and_sandbox(config.bots, {options.out.string()});
    // Before any game: exit 2 on failure.
    tournament::build_bots(config.bots, {{}, config.build_timeout}, std::cout);
    options.concurrency = concurrency_of_run(args.concurrency, config.concurrency);
    options.resume = args.resume;
    options.replace = args.replace;
    options.interactive = isatty(STDOUT_FILENO);
    options.shard = shard;

    check_commands(config.bots);
    contain_referee(config.game, args.limits);
    check_external_referee(config.game, "the config's \"referee\"");
    // The counts only, computed (tournament::Schedule): a list of the games would cost about 200
    // bytes a game, on every run.
    const Schedule plan = [&] {
        const tournament::Schedule schedule(config);
        return Schedule{shard ? schedule.shard_size(*shard) : schedule.size(),
                        schedule.group_count()};
    }();
    const std::size_t scheduled = plan.games;
    options.snapshot = live_standings(config, scheduled, options.out, program);
    print_plan(config, plan, options);
    // Failed games' report entries and replay pages, made as they end (not read back at the end).
    std::vector<std::string> resume = {program, "tournament", "--resume", "--out",
                                       options.out.string()};
    if (shard) resume.insert(resume.end(), {"--shard", tournament::to_string(*shard)});
    const std::string resume_command = shell_command(resume);
    view::FailurePages failure_pages(options.out);
    const auto records = play_games(config, options, resume_command, &failure_pages);
    return finish_run(config, records, scheduled, options.out, resume_command, program,
                      &failure_pages);
}

}  // namespace arena::cli
