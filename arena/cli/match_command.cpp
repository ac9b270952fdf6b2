#include "arena/cli/match_command.hpp"

#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>

#include "arena/cli/match_setup.hpp"
#include "arena/cli/numbers.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/cli/run_output.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/error.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/gate/config.hpp"
#include "arena/report/match_summary.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// What a match plays and how it stops.
struct MatchRun {
    tournament::TournamentConfig config;
    MatchSettings settings;
    std::string rounding;   // how -n was rounded (games between bots)
    std::size_t asked = 0;  // -n or --max-games
};

bool puzzle(const tournament::TournamentConfig& config) {
    return referee::game_info(config.game).kind == referee::GameKind::puzzle;
}

// results/match-20261124-131502: a new directory for every match started.
fs::path default_out() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "match-%Y%m%d-%H%M%S", &local);
    // Two matches started in the same second (a script's loop) each get their own directory.
    fs::path out = fs::path("results") / stamp;
    for (int n = 2; fs::exists(out); ++n)
        out = fs::path("results") / (stamp + ("-" + std::to_string(n)));
    return out;
}

bool limits_given(const BotLimitArgs& l) {
    return l.memory_mb || l.cpu_seconds || l.processes || l.file_size_mb || l.sandbox;
}

// --resume goes on with the match as it was started: nothing that would change its games.
void check_resume_arguments(const MatchArgs& args) {
    if (args.out.empty())
        throw Error(
            "--resume needs --out DIR: the match to go on with (the directory its "
            "first run printed)");
    const bool changes = !args.game.empty() || args.external.given() || !args.bots.empty() ||
                         args.games || !args.sprt.empty() || args.max_games || args.seed ||
                         args.gauntlet || !args.boards.empty() || args.time.scale ||
                         args.time.margin_ms || args.time.no_limit || limits_given(args.limits);
    if (changes)
        throw Error("--resume goes on with the match in '" + args.out +
                    "' as it was started (its config.json): give only --out DIR and, if you "
                    "like, --concurrency or --replace NAME");
}

// A gauntlet seats the first bot with game.min_players - 1 of the others at each table.
void check_gauntlet(const referee::GameInfo& game, std::size_t bots) {
    if (game.kind == referee::GameKind::puzzle)
        throw Error(game.title +
                    " bots each play alone on the same boards: a match already compares the "
                    "first bot with each other one, board by board; leave out --gauntlet");
    const std::size_t players = static_cast<std::size_t>(game.min_players);
    if (bots < std::max<std::size_t>(players, 2))
        throw Error("--gauntlet plays the first bot against each other one at tables of " +
                    std::to_string(players) + ": give at least " +
                    std::to_string(std::max<std::size_t>(players, 2)) + " --bot options (got " +
                    std::to_string(bots) + ")");
}

// Options that only make sense together, checked before any bot is looked at.
void check_new_match_arguments(const MatchArgs& args, const referee::GameInfo& game) {
    if (args.bots.empty())
        throw Error(
            "give the bots with --bot NAME=COMMAND, e.g. --bot mine=./mine --bot "
            "old=./old");
    const bool versus = game.kind == referee::GameKind::versus;
    if (args.gauntlet)
        check_gauntlet(game, args.bots.size());
    else
        check_bot_count(game, args.bots.size());
    if (!versus && (args.games || !args.sprt.empty() || args.max_games || args.seed))
        throw Error(game.title +
                    " matches play every bot on the same boards: choose them with "
                    "--boards (e.g. --boards 1-10); -n, --sprt, --max-games and "
                    "--seed are for games between bots");
    if (versus && !args.boards.empty())
        throw Error("--boards is for puzzles; " + game.title +
                    " games are set by their seeds (--seed for the master seed)");
    if (!args.sprt.empty() && args.games)
        throw Error("--sprt plays until the test decides: give its limit with --max-games, not -n");
    if (args.max_games && args.sprt.empty())
        throw Error("--max-games is the limit of --sprt; without --sprt give the games with -n");
    if (!args.sprt.empty() && args.bots.size() != 2)
        throw Error(
            "--sprt tests the first bot against the second: give exactly 2 --bot "
            "options (got " +
            std::to_string(args.bots.size()) + ")");
}

ratings::SprtHypotheses sprt_hypotheses(const std::vector<std::string>& given) {
    const auto elo0 = numbers::parse_real(given.at(0), gate::kEloRange);
    const auto elo1 = numbers::parse_real(given.at(1), gate::kEloRange);
    if (!elo0 || !elo1 || *elo0 >= *elo1)
        throw Error(
            "--sprt ELO0 ELO1: two numbers from -1000 to 1000, ELO0 below ELO1 (e.g. "
            "--sprt 0 10), got " +
            given[0] + " and " + given[1]);
    ratings::SprtHypotheses h;
    h.elo0 = *elo0;
    h.elo1 = *elo1;
    return h;
}

MatchRun new_match(const MatchArgs& args) {
    const referee::GameInfo& game =
        game_of_args(args.game, args.external, args.gauntlet ? 2 : args.bots.size(),
                     "arena match diceshogi --bot mine=./mine --bot old=./old, or arena match "
                     "--referee \"python3 referee.py\" --bot mine=./mine --bot old=./old",
                     args.limits);
    check_new_match_arguments(args, game);
    MatchRun run;
    if (!args.sprt.empty()) run.settings.sprt = sprt_hypotheses(args.sprt);
    std::vector<referee::Testcase> boards;
    if (game.kind == referee::GameKind::puzzle)
        boards = parse_boards(game, args.boards.empty() ? kDefaultMatchBoards : args.boards);
    std::vector<match::PlayerSpec> bots = bots_from_args(args.bots, args.limits);
    const std::int64_t master_seed =
        args.seed ? *args.seed : static_cast<std::int64_t>(std::random_device{}() % 1'000'000'000);
    run.asked = run.settings.sprt ? args.max_games.value_or(gate::kDefaultMaxGames)
                                  : args.games.value_or(kDefaultMatchGames);
    MatchPlan plan =
        match_plan(game, std::move(bots), std::move(boards), master_seed, run.asked, args.gauntlet);
    run.config = std::move(plan.config);
    run.rounding = std::move(plan.rounding);
    if (args.time.scale) run.config.time_scale = *args.time.scale;
    if (args.time.margin_ms) run.config.time_margin_ms = static_cast<int>(*args.time.margin_ms);
    run.config.no_time_limit = args.time.no_limit;
    if (args.time.startup_ms) run.config.startup_ms = static_cast<int>(*args.time.startup_ms);
    run.config.build_timeout = args.limits.build_timeout;
    check_limits_and_sandbox(run.config.bots, {args.out});
    // Before any game: exit 2 on failure.
    tournament::build_bots(run.config.bots, {{}, run.config.build_timeout}, std::cout);
    return run;
}

MatchRun resumed_match(const fs::path& out) {
    MatchRun run;
    run.config = tournament::load_config(out / "config.json");
    check_external_referee(run.config.game, "the match's referee");
    run.settings = load_match_settings(out);
    if (run.settings.sprt && run.config.bots.size() != 2)
        throw Error("'" + (out / "match.json").string() +
                    "' holds a sequential test but the match has " +
                    std::to_string(run.config.bots.size()) + " bots: remove the file");
    check_limits_and_sandbox(run.config.bots, {out.string()});
    // Before any game: exit 2 on failure.
    tournament::build_bots(run.config.bots, {{}, run.config.build_timeout}, std::cout);
    return run;
}

std::string bot_list(const tournament::TournamentConfig& config) {
    std::string names;
    const std::string joint = config.bots.size() == 2 ? " vs " : ", ";
    for (const match::PlayerSpec& bot : config.bots)
        names += (names.empty() ? "" : joint) + bot.name;
    return names;
}

void print_plan(const MatchRun& run, std::size_t scheduled, const tournament::RunOptions& options) {
    const tournament::TournamentConfig& config = run.config;
    const referee::GameInfo& game = referee::game_info(config.game);
    std::cout << game.title << " match: " << bot_list(config);
    if (puzzle(config)) {
        std::cout << " on the same " << report::boards_summary(config) << " = " << scheduled
                  << " games";
    } else {
        const bool gauntlet = config.format == tournament::Format::gauntlet;
        if (gauntlet)
            std::cout << ": a gauntlet of " << config.bots.front().name << ", "
                      << config.players_per_game << " players a game";
        else if (config.bots.size() > 2)
            std::cout << " at one table";
        const std::size_t per_seed = scheduled / std::max<std::size_t>(config.seeds.size(), 1);
        // A gauntlet's seed is played at one table per opponent group, each in every seat order.
        const std::size_t tables = gauntlet ? config.bots.size() - 1 : 1;
        std::string groups = std::to_string(config.seeds.size()) + " seed(s) x ";
        if (gauntlet && config.players_per_game == 2)
            groups += std::to_string(tables) + " opponent(s) x ";
        groups += std::to_string(gauntlet && config.players_per_game == 2 ? per_seed / tables
                                                                          : per_seed) +
                  (gauntlet && config.players_per_game != 2 ? " games" : " seat orders");
        if (run.settings.sprt) {
            const ratings::SprtHypotheses& h = *run.settings.sprt;
            std::cout << ", SPRT H0 " << h.elo0 << " / H1 " << h.elo1
                      << " nElo: stops when decided, at most " << scheduled << " games (" << groups
                      << ")";
        } else {
            std::cout << ", " << scheduled << " games (" << groups << ")";
        }
        if (gauntlet && run.asked)
            std::cout << "; " << run.asked << " against each other bot, in whole seat-swapped "
                      << "groups";
        else if (run.asked && scheduled != run.asked)
            std::cout << "; " << run.asked << " rounded up to whole seat-swapped groups";
        if (config.master_seed) std::cout << ", master seed " << *config.master_seed;
    }
    std::cout << "; " << options.concurrency << " at a time, output in " << options.out.string()
              << "/\n"
              << std::flush;
}

// What the match says after the standings: the first bot against each other one.
std::string match_summary(const MatchRun& run, const report::RunTally& tally,
                          const std::optional<MatchSprt>& sprt) {
    const tournament::TournamentConfig& config = run.config;
    const std::string& first = config.bots.front().name;
    std::string text;
    if (puzzle(config)) {
        const auto standings = report::samegame_standings(config, tally);
        // Every bot of the config has its row, with or without games.
        const auto row = [&](const std::string& name) {
            return std::find_if(standings.begin(), standings.end(),
                                [&](const auto& s) { return s.bot == name; });
        };
        const auto mine = row(first);
        for (std::size_t i = 1; i < config.bots.size(); ++i) {
            const auto other = row(config.bots[i].name);
            if (mine != standings.end() && other != standings.end())
                text += report::to_text(report::compare_boards(*mine, *other));
        }
    } else if (config.format != tournament::Format::gauntlet) {
        // A gauntlet's standings already show the first bot against each (report/gauntlet.hpp).
        const report::VersusStandings standings = report::versus_standings(config, tally);
        for (const report::PairReport& pair : standings.pairs)
            if (pair.a == first || pair.b == first)
                text += report::pair_text(report::seen_from(pair, first));
    }
    if (sprt) text += report::sprt_text(sprt->test(), first, config.bots[1].name);
    return text.empty() ? "" : "\n" + text;
}

}  // namespace

CLI::App* add_match_command(CLI::App& app, MatchArgs& args) {
    CLI::App* command = app.add_subcommand(
        "match",
        "Play a series between bots given on the command line (no config): Elo, W-D-L, "
        "LOS, or a board-by-board comparison");
    command->add_option(
        "game", args.game, "The game: " + [] {
            std::string names;
            for (const std::string& g : referee::known_games())
                names += (names.empty() ? "" : ", ") + g;
            return names;
        }() + " (any case)");
    command
        ->add_option("--bot", args.bots,
                     "NAME=COMMAND[@DIR]: a bot, its name and its command line (NAME= may be "
                     "left out: named after its program; @DIR: its working directory); "
                     "repeatable, in seat order. The first bot is the one the summary and "
                     "--sprt look at")
        ->type_name("NAME=CMD")
        ->allow_extra_args(false);
    numbers::add_whole_number(command, "-n,--games", args.games,
                              {1, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "Games between bots (default 100), rounded up to whole "
                              "seat-swapped groups: every seat order of a seed (2 bots: 2 games, "
                              "3: 6, 4: 24)");
    command
        ->add_option("--sprt", args.sprt,
                     "ELO0 ELO1: play until a sequential test decides between H0 (the first "
                     "bot is ELO0 nElo stronger than the second) and H1 (ELO1), e.g. --sprt 0 "
                     "10; exit 0 when H1 is accepted, 1 otherwise. 2 bots only")
        ->expected(2)
        ->type_name("ELO");
    numbers::add_whole_number(command, "--max-games", args.max_games,
                              {1, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "With --sprt: stop undecided after about this many games "
                              "(default 1000)");
    command->add_flag("--gauntlet", args.gauntlet,
                      "Games between bots: the first bot plays each other bot (every seat order "
                      "of each seed), the others never play each other; -n is then the games "
                      "against each. Any number of bots; the standings show the first against "
                      "each");
    numbers::add_whole_number(command, "--seed", args.seed, numbers::kInt64,
                              "Master seed the games' CodinGame seeds are drawn from (default: a "
                              "random one, printed): the same seed plays the same games");
    command->add_option("--boards", args.boards,
                        "Puzzles: the boards every bot plays, e.g. validators, tests, all "
                        "(default), 1,2,5-8, or board files");
    numbers::add_whole_number(command, "--concurrency", args.concurrency,
                              {1, tournament::kMaxConcurrency},
                              "Games played at once (default: the number of cores)");
    command->add_option("--out", args.out,
                        "Output directory (default: results/match-<date>-<time>)");
    command->add_flag("--resume", args.resume,
                      "Go on with the interrupted match in --out DIR: play only its missing "
                      "games (with its sequential test, if any)");
    command
        ->add_option("--replace", args.replace,
                     "With --resume, NAME: bot NAME was rebuilt or edited; its games in --out DIR "
                     "are moved aside (replaced-<time>/) and played again; repeatable")
        ->allow_extra_args(false);
    add_external_game_options(command, args.external);
    add_time_options(command, args.time);
    add_limit_options(command, args.limits);
    add_build_timeout_option(command, args.limits);
    command->footer(
        "Examples:\n"
        "  arena match diceshogi --bot mine=./mine --bot old=./old -n 100\n"
        "  arena match diceshogi --bot mine=./mine --bot old=./old --sprt 0 10 --max-games 2000\n"
        "  arena match samegame --bot mine=./mine --bot greedy=build/bots/samegame/greedy "
        "--boards validators\n"
        "  arena match tsuro --bot mine=./mine --bot build/bots/tsuro/strong --bot "
        "build/bots/tsuro/random -n 60\n"
        "  arena match diceshogi --gauntlet --bot new=./new --bot v1=./v1 --bot v2=./v2 -n 50\n"
        "  arena match --referee \"python3 referee.py {seed}\" --bot mine=./mine --bot old=./old "
        "-n 50\n"
        "  arena match --resume --out results/match-20261124-131502\n"
        "Then: arena view DIR (report.html), arena replay DIR/games/<id>.json.zst");
    return command;
}

int run_match_command(const MatchArgs& args, const std::string& program) {
    if (args.resume) check_resume_arguments(args);
    if (!args.resume && !args.replace.empty())
        throw Error("--replace works with --resume: it replaces games already in --out DIR");
    if (!args.resume && args.game.empty() && !args.external.given())
        throw Error(
            "give the game and its bots, e.g. arena match diceshogi --bot mine=./mine "
            "--bot old=./old (or --resume --out DIR to go on with a match)");
    tournament::RunOptions options;
    options.out = args.out.empty() ? default_out() : fs::path(args.out);
    if (args.resume) require_saved_config(options.out);
    // A new match checks its bots before the directory is made.
    MatchRun run = args.resume ? MatchRun{} : new_match(args);
    std::optional<tournament::RunLock> lock;
    system_errors_as_arena_errors(
        [&] { lock.emplace(options.out, tournament::own_command_line()); });
    options.caller_holds_lock = true;
    if (args.resume) run = resumed_match(options.out);
    options.concurrency = concurrency_of_run(args.concurrency, run.config.concurrency);
    options.resume = args.resume;
    options.replace = args.replace;
    options.interactive = isatty(STDOUT_FILENO);
    std::optional<MatchSprt> sprt;
    if (run.settings.sprt) {
        sprt.emplace(*run.settings.sprt, run.config.bots[0].name, run.config.bots[1].name);
        options.stop_after = [&](const tournament::GameRecord& r) { return sprt->add(r); };
    }
    const std::string resume_command =
        shell_command({program, "match", "--resume", "--out", options.out.string()});
    if (!args.resume)
        tournament::refuse_earlier_results(options.out, "go on with that match: " + resume_command);
    const std::size_t scheduled = tournament::make_schedule(run.config).size();
    options.snapshot = live_standings(run.config, scheduled, options.out, program);
    print_plan(run, scheduled, options);
    save_match_settings(options.out, run.settings);
    view::FailurePages failure_pages(options.out);
    const report::RunTally tally = play_games(run.config, options, resume_command, &failure_pages);
    const int code = finish_run(run.config, tally, scheduled, options.out, resume_command, program,
                                &failure_pages);
    if (code != 0) return code;  // interrupted: the partial standings and the line that goes on
    std::cout << match_summary(run, tally, sprt) << std::flush;
    if (!sprt) return code;
    return sprt->test().decision() == ratings::SprtDecision::accept_h1 ? 0 : 1;
}

}  // namespace arena::cli
