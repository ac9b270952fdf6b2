#include "arena/cli/league_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <limits>
#include <random>
#include <set>

#include "arena/cli/match_setup.hpp"
#include "arena/cli/numbers.hpp"
#include "arena/cli/run_defaults.hpp"
#include "arena/cli/run_output.hpp"
#include "arena/common/error.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/league/league_file.hpp"
#include "arena/league/league_run.hpp"
#include "arena/league/league_table.hpp"
#include "arena/league/snapshot.hpp"
#include "arena/match/external_game.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/bot_process.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/view/view.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

CLI::App* add_action(CLI::App* league, LeagueArgs& args, const std::string& name,
                     const std::string& what) {
    CLI::App* action = league->add_subcommand(name, what);
    action->add_option("dir", args.dir, "The league's directory")->required();
    action->callback([&args, name] { args.action = name; });
    return action;
}

void add_new(CLI::App* league, LeagueArgs& args) {
    CLI::App* action = add_action(league, args, "new",
                                  "Create a league in DIR for GAME (or --referee / --runner): "
                                  "every game it plays has these limits and times");
    action->add_option("game", args.game, "The game (any case), unless --referee or --runner");
    add_external_game_options(action, args.external);
    add_time_options(action, args.time);
    add_limit_options(action, args.limits);
    action->add_option("--boards", args.boards,
                       "A puzzle's boards every bot plays (as match --boards; default: all)");
    numbers::add_whole_number(action, "--seed", args.seed,
                              {0, std::numeric_limits<std::int64_t>::max()},
                              "The master seed every game's seed is drawn from (default: random)");
    action
        ->add_option("--min-games", args.min_games,
                     "Games a new bot plays against the pool before pairings favour the top "
                     "(default 20)")
        ->check(CLI::Range(0, 100000));
    action
        ->add_option("--concurrency", args.concurrency,
                     "Games at once in `league run` (default: the number of cores)")
        ->check(CLI::Range(1, 1024));
}

}  // namespace

CLI::App* add_league_command(CLI::App& app, LeagueArgs& args) {
    CLI::App* league = app.add_subcommand(
        "league",
        "A durable league: add bot versions as snapshots, play them continuously "
        "where it matters, see the table (docs/league.md)");
    league->require_subcommand(1);
    add_new(league, args);
    CLI::App* add = add_action(league, args, "add",
                               "Add bots as snapshots: NAME=COMMAND, @DIR, a source file built "
                               "as for match (copied into DIR/bots/NAME/)");
    add->add_option("bots", args.bots, "NAME=COMMAND[@DIR], as --bot")->required();
    add_build_timeout_option(add, args.limits);
    CLI::App* retire = add_action(league, args, "retire",
                                  "Retire a bot: it keeps its games and rating, and "
                                  "plays no more");
    retire->add_option("name", args.name, "The bot's name")->required();
    CLI::App* run = add_action(league, args, "run",
                               "Play the league's games (N more with --games, else until Ctrl-C); "
                               "DIR/standings.md and report.html are rewritten as it goes");
    numbers::add_whole_number(run, "--games", args.games, {1, 10'000'000},
                              "Play this many more games (whole seat-fair groups: a few more)");
    run->add_option("--concurrency", args.concurrency,
                    "Games at once (default: the league's, else the number of cores)")
        ->check(CLI::Range(1, 1024));
    CLI::App* show = add_action(league, args, "show", "The league's table, best first");
    show->add_flag("--json", args.json,
                   "As JSON: {\"games\", \"bots\": [{\"name\", \"games\", \"rating\", "
                   "\"interval\", \"active\"}]}");
    league->footer(
        "Examples:\n"
        "  arena league new leagues/ds diceshogi --time-scale 0.5\n"
        "  arena league add leagues/ds v1=./mybot v2=bots/mine.cpp\n"
        "  arena league run leagues/ds --games 200\n"
        "  arena league show leagues/ds");
    return league;
}

namespace {

std::string now_utc() {
    const std::time_t t = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return text;
}

// The league's shared config fields from `league new`'s options.
nlohmann::ordered_json shared_fields(const LeagueArgs& args, const referee::GameInfo& game,
                                     int players) {
    nlohmann::ordered_json shared = nlohmann::ordered_json::object();
    if (const match::ExternalGameSpec* spec = match::external_game_spec(game.name))
        shared["referee"] = match::to_json(*spec);
    else
        shared["game"] = game.name;
    if (game.kind == referee::GameKind::puzzle) {
        nlohmann::ordered_json boards = nlohmann::ordered_json::array();
        for (const referee::Testcase& t :
             parse_boards(game, args.boards.empty() ? kDefaultMatchBoards : args.boards)) {
            if (t.board_number)
                boards.push_back(t.board_number);
            else
                boards.push_back(fs::absolute(t.title).lexically_normal().string());
        }
        shared["boards"] = boards;
    } else {
        if (!args.boards.empty())
            throw Error("--boards: " + game.name + " is played on seeds, not boards");
        shared["players_per_game"] = players;
    }
    nlohmann::ordered_json time = nlohmann::ordered_json::object();
    if (args.time.scale) time["scale"] = *args.time.scale;
    if (args.time.margin_ms) time["margin_ms"] = *args.time.margin_ms;
    if (args.time.startup_ms) time["startup_ms"] = *args.time.startup_ms;
    if (!time.empty()) shared["time"] = time;
    nlohmann::ordered_json limits = nlohmann::ordered_json::object();
    if (args.limits.memory_mb) limits["memory_mb"] = *args.limits.memory_mb;
    if (args.limits.cpu_seconds) limits["cpu_seconds"] = *args.limits.cpu_seconds;
    if (args.limits.processes) limits["processes"] = *args.limits.processes;
    if (args.limits.file_size_mb) limits["file_size_mb"] = *args.limits.file_size_mb;
    if (!limits.empty()) shared["limits"] = limits;
    if (args.limits.sandbox) shared["sandbox"] = true;
    return shared;
}

int run_new(const LeagueArgs& args, const std::string& program) {
    const fs::path dir = args.dir;
    if (league::is_league(dir))
        throw Error("'" + dir.string() + "' already holds a league: add bots with " +
                    shell_command({program, "league", "add", dir.string(), "NAME=COMMAND"}) +
                    ", or choose another directory");
    if (fs::exists(dir) && !(fs::is_directory(dir) && fs::is_empty(dir)))
        throw Error("'" + dir.string() +
                    "' exists and is not an empty directory: give a new "
                    "directory for the league");
    if (args.time.no_limit)
        throw Error("--no-time-limit is for a bot in a debugger (play, match), not a league");
    // --players sizes the tables of a built-in game too (Tsuro: 2 to 4).
    ExternalGameArgs external = args.external;
    std::optional<long> players = external.players;
    if (!external.given()) external.players.reset();
    const referee::GameInfo& game =
        game_of_args(args.game, external, static_cast<std::size_t>(players.value_or(2)),
                     "arena league new DIR diceshogi", args.limits);
    int k = static_cast<int>(players.value_or(std::clamp(2, game.min_players, game.max_players)));
    if (match::external_game_spec(game.name)) k = game.min_players;
    if (k < game.min_players || k > game.max_players)
        throw Error(
            "--players " + std::to_string(k) + ": " + game.name + " seats " +
            (game.min_players == game.max_players
                 ? std::to_string(game.min_players) + " players"
                 : std::to_string(game.min_players) + " to " + std::to_string(game.max_players)));
    league::League league;
    league.dir = dir;
    league.shared = shared_fields(args, game, k);
    league.master_seed =
        args.seed ? *args.seed : static_cast<std::int64_t>(std::random_device{}() >> 1);
    league.min_games = args.min_games;
    league.concurrency = args.concurrency;
    league::check_shared(league, std::max(k, 1));  // the fields as a tournament reads them
    fs::create_directories(dir / "bots");
    league::write_league(league);
    std::cout << "league " << dir.string() << ": " << game.name;
    if (game.kind != referee::GameKind::puzzle) std::cout << ", " << k << " players per game";
    std::cout << "\nadd bots: "
              << shell_command({program, "league", "add", dir.string(), "NAME=COMMAND"}) << "\n";
    return 0;
}

// A bot to add, named and checked, before any snapshot is made.
match::PlayerSpec bot_to_add(const std::string& text, const league::League& league,
                             const std::set<std::string>& adding, const std::string& program) {
    const BotArg arg = parse_bot_arg(text);
    std::string name = arg.name;
    if (name.empty()) {
        const std::size_t eq = text.find('=');
        const std::size_t blank = text.find_first_of(" \t");
        if (eq != std::string::npos && (blank == std::string::npos || eq < blank))
            name = text.substr(0, eq);  // meant as a name: said why it is not one
        else
            name = fs::path(process::split_command_line(arg.command).front()).stem().string();
    }
    if (const std::string fault = league::name_fault(name); !fault.empty())
        throw Error("'" + terminal::visible(name) + "': " + fault +
                    "; give the bot a name: arena league add DIR v2=./mybot");
    if (const league::LeagueBot* known = league.find(name); known || adding.count(name))
        throw Error("a bot named '" + name + "' is already in the league" +
                    (known ? " (added " + known->added + " from " + known->origin + ")" : "") +
                    ": add this version under another name, e.g. " +
                    shell_command({program, "league", "add", league.dir.string(),
                                   name + "-2=" + arg.command}) +
                    (known && !known->retired ? " (and retire the old one with " +
                                                    shell_command({program, "league", "retire",
                                                                   league.dir.string(), name}) +
                                                    " if it should play no more)"
                                              : ""));
    match::PlayerSpec bot;
    bot.name = name;
    bot.command = arg.command;
    bot.working_dir = arg.working_dir;
    tournament::source_from_command(bot);
    if (bot.source.empty()) check_bot(bot, "bot '" + name + "'");
    return bot;
}

int run_add(const LeagueArgs& args, const std::string& program) {
    const fs::path dir = args.dir;
    league::read_league(dir);  // "no league there" before the lock file is made
    league::EditLock edit(dir);
    league::League league = league::read_league(dir);
    std::set<std::string> adding;
    std::vector<match::PlayerSpec> bots;
    for (const std::string& text : args.bots) {
        bots.push_back(bot_to_add(text, league, adding, program));
        adding.insert(bots.back().name);
    }
    std::vector<std::string> sources(bots.size());
    for (std::size_t i = 0; i < bots.size(); ++i) sources[i] = bots[i].source;
    tournament::build_bots(bots, {{}, args.limits.build_timeout}, std::cout);
    std::vector<fs::path> made;
    try {
        for (std::size_t i = 0; i < bots.size(); ++i) {
            const fs::path into = league::snapshot_dir(dir, bots[i].name);
            fs::remove_all(into);  // a folder left by an add that did not finish
            fs::create_directories(into.parent_path());
            const std::string program_name =
                sources[i].empty() ? "" : fs::path(sources[i]).stem().string();
            const std::string command = league::take_snapshot(bots[i], into, program_name);
            made.push_back(into);
            league.bots.push_back({bots[i].name, command, args.bots[i], now_utc(), false});
        }
        league::write_league(league);
    } catch (...) {
        for (const fs::path& p : made) fs::remove_all(p);
        throw;
    }
    for (std::size_t i = 0; i < bots.size(); ++i)
        std::cout << "added " << bots[i].name << ": "
                  << league.bots[league.bots.size() - bots.size() + i].command << " in "
                  << league::snapshot_dir(dir, bots[i].name).string() << "\n";
    if (const std::string writer = tournament::writer_of(dir); !writer.empty())
        std::cout << "a run is going (" << writer << "): it picks the new bot(s) up at its next "
                  << "round\n";
    return 0;
}

int run_retire(const LeagueArgs& args) {
    const fs::path dir = args.dir;
    league::read_league(dir);
    league::EditLock edit(dir);
    league::League league = league::read_league(dir);
    for (league::LeagueBot& bot : league.bots) {
        if (bot.name != args.name) continue;
        if (bot.retired) {
            std::cout << args.name << " is retired already\n";
            return 0;
        }
        bot.retired = true;
        league::write_league(league);
        std::cout << "retired " << args.name
                  << ": it keeps its games and rating and plays no more\n";
        return 0;
    }
    std::string names;
    for (const std::string& n : league.names()) names += (names.empty() ? "" : ", ") + n;
    throw Error("no bot named '" + terminal::visible(args.name) + "' in the league in '" +
                dir.string() + "'" + (names.empty() ? "" : " (its bots: " + names + ")"));
}

league::LeagueTable table_of(const league::League& league) {
    if (!league::enough_bots(league)) return league::unplayed_table(league);
    const tournament::TournamentConfig config = league::league_config(league);
    return league::league_table(league, config, league::read_tally(league, config));
}

int run_show(const LeagueArgs& args) {
    const league::League league = league::read_league(args.dir);
    const league::LeagueTable table = table_of(league);
    if (args.json) {
        std::cout << match::dump_json(league::to_json(table), 2) << "\n";
        return 0;
    }
    std::cout << "league " << args.dir << ": " << table.games << " game(s), " << league.bots.size()
              << " bot(s)\n"
              << league::to_text(table, table.rows.size());
    if (const std::string writer = tournament::writer_of(args.dir); !writer.empty())
        std::cout << "running: " << writer << "\n";
    return 0;
}

// The standings files and report page of the league so far (live: marked running, the page
// reloading itself; final: as a tournament's).
void write_league_standings(const league::League& league,
                            const tournament::TournamentConfig& config,
                            const report::RunTally& tally, bool final, const std::string& program,
                            view::LiveReport& live, std::optional<std::size_t> target) {
    std::string retired;
    for (const league::LeagueBot& b : league.bots)
        if (b.retired) retired += (retired.empty() ? "" : ", ") + b.name;
    // A run of --games N ends at a known count; one until Ctrl-C has only its games so far.
    const std::size_t total = target ? std::max(*target, tally.games()) : tally.games();
    std::string mark;
    if (!final) {
        mark = "running: " + std::to_string(tally.games());
        mark += target ? " of " + std::to_string(total) + " games" : std::string(" games so far");
        mark += " (rewritten every few seconds while `arena league run` goes on)";
    }
    if (!retired.empty()) mark += (mark.empty() ? "" : "; ") + std::string("retired: ") + retired;
    write_standings(config, tally, league.dir, mark, program);
    if (final) {
        view::write_report(league.dir, config, tally);
        return;
    }
    live.write(config, tally, view::Running{tally.games(), total});
}

int run_run(const LeagueArgs& args, const std::string& program) {
    const league::League league = league::read_league(args.dir);
    int active = 0;
    for (const league::LeagueBot& b : league.bots) active += !b.retired;
    if (active < league::players_per_game(league))
        throw Error("the league in '" + args.dir + "' has " + std::to_string(active) +
                    " active bot(s) and a game seats " +
                    std::to_string(league::players_per_game(league)) + ": add bots with " +
                    shell_command({program, "league", "add", args.dir, "NAME=COMMAND"}));
    league::LeagueRunOptions options;
    options.games = args.games;
    options.concurrency = concurrency_of_run(
        args.concurrency,
        league.concurrency ? std::optional<int>(league.concurrency) : std::nullopt);
    // The games the run ends with: those so far and --games more.
    std::optional<std::size_t> target;
    if (args.games) target = table_of(league).games + *args.games;
    // One live page per run: each failed game's log is read once.
    auto live = std::make_shared<view::LiveReport>(args.dir);
    options.standings = [program, live, target](const league::League& l,
                                                const tournament::TournamentConfig& config,
                                                const report::RunTally& tally, bool final) {
        // The run is over: what Ctrl-C stopped were its games, not the reading of its results
        // for the final table and page.
        if (final) files::set_interrupt_poll(nullptr);
        write_league_standings(l, config, tally, final, program, *live, target);
    };
    const league::LeagueRunResult result = league::run_league(args.dir, options, std::cout);
    const league::League now = league::read_league(args.dir);
    std::cout << "\n" << league::to_text(table_of(now), 20);
    std::cout << "played " << result.played << " game(s); the league has " << result.total
              << "\nwritten: " << (fs::path(args.dir) / "results.jsonl").string() << ", "
              << (fs::path(args.dir) / "standings.md").string()
              << ", report: " << (fs::path(args.dir) / "report.html").string() << "\n";
    if (!result.idle.empty()) std::cout << "nothing more to play: " << result.idle << "\n";
    if (const int signal = process::interrupt_signal()) {
        std::cout << "interrupted; to go on: "
                  << shell_command({program, "league", "run", args.dir}) << "\n";
        return process::interrupted_exit_code(signal);
    }
    return 0;
}

}  // namespace

int run_league_command(const LeagueArgs& args, const std::string& program) {
    try {
        if (args.action == "new") return run_new(args, program);
        if (args.action == "add") return run_add(args, program);
        if (args.action == "retire") return run_retire(args);
        if (args.action == "run") return run_run(args, program);
        return run_show(args);
    } catch (const fs::filesystem_error& e) {  // said in the system's words
        throw Error(e.what());
    } catch (const std::invalid_argument& e) {  // a command that cannot be split into words
        throw Error(e.what());
    } catch (const tournament::DirectoryInUse& e) {  // a league has no --out to choose
        std::string what = e.what();
        const std::size_t out = what.find(", or choose another directory with --out");
        if (out != std::string::npos) what.erase(out);
        throw Error(what + " (`arena league show` works meanwhile)");
    }
}

}  // namespace arena::cli
