// The `arena` command: play one game, run a tournament, list the built-in boards.
// Exit codes: 0 the job ran (whatever the bots did), 2 an arena error (bad arguments, a broken
// config, a bot that cannot be started by `play`), 1 an unexpected internal failure.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <thread>

#include "arena/match/match.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"
#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

constexpr int kExitArenaError = 2;

struct ArenaError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

int default_concurrency() {
    const unsigned cores = std::thread::hardware_concurrency();
    return cores ? static_cast<int>(cores) : 1;
}

// A readable bot name from its command: the program's file name, made unique by seat if needed.
std::vector<std::string> bot_names(const std::vector<std::string>& commands) {
    std::vector<std::string> names;
    for (const std::string& command : commands) {
        std::string name = command;
        try {
            name = fs::path(process::split_command_line(command).front()).filename().string();
        } catch (const std::invalid_argument&) {
        }
        names.push_back(name);
    }
    std::set<std::string> unique(names.begin(), names.end());
    if (unique.size() != names.size()) {
        for (std::size_t i = 0; i < names.size(); ++i) names[i] += "#" + std::to_string(i);
    }
    return names;
}

void write_text(const fs::path& path, const std::string& text) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) throw ArenaError("cannot write '" + path.string() + "'");
}

std::string one_line(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

// The last `count` lines of `text`, each indented, for a short excerpt of a bot's stderr.
std::string last_lines(const std::string& text, int count) {
    std::size_t start = text.size();
    if (start > 0 && text[start - 1] == '\n') --start;
    for (int seen = 0; start > 0; --start) {
        if (text[start - 1] == '\n' && ++seen == count) break;
    }
    std::string excerpt;
    std::size_t begin = start;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        excerpt += "    | " + text.substr(begin, end - begin) + "\n";
        begin = end + 1;
    }
    return excerpt;
}

// ---- play -------------------------------------------------------------------------------

// A fresh CodinGame-style seed (any signed 64-bit value) for a game played without --seed.
std::int64_t draw_seed() {
    std::random_device device;
    const std::uint64_t high = device(), low = device();
    return static_cast<std::int64_t>((high << 32) ^ low);
}

struct PlayArgs {
    std::string game;
    std::vector<std::string> bots;
    std::string testcase;
    std::optional<std::int64_t> seed;
    std::string sfen;
    std::string log_file;
    bool json = false;
    bool verbose = false;
};

int run_play(const PlayArgs& args) {
    referee::GameSetup setup;
    setup.game = args.game;
    setup.players = static_cast<int>(args.bots.size());
    setup.seed = args.seed;
    std::string testcase_name;
    if (args.game == "samegame") {
        if (args.seed) std::cerr << "note: samegame has no randomness; --seed is ignored\n";
        tournament::Testcase testcase;
        try {
            const bool is_number = !args.testcase.empty() && args.testcase.find_first_not_of(
                                                                 "0123456789") == std::string::npos;
            if (args.testcase.empty())
                testcase = tournament::samegame_testcase(referee::kDefaultSameGameBoard);
            else if (is_number && !fs::exists(args.testcase))
                testcase = tournament::samegame_testcase(std::stoi(args.testcase));
            else
                testcase = tournament::samegame_testcase_file(args.testcase);
        } catch (const std::invalid_argument& e) {
            throw ArenaError(std::string("--testcase: ") + e.what());
        }
        setup.testcase = testcase.text;
        testcase_name =
            testcase.board_number ? testcase.name + " (" + testcase.title + ")" : testcase.title;
    } else {
        if (!args.testcase.empty())
            throw ArenaError("--testcase is only used by samegame (boards); " + args.game +
                             " games are set by --seed" +
                             (args.game == "diceshogi" ? " and --sfen" : ""));
        // Games with dice or decks always get a seed, so that the log can replay them.
        if (!setup.seed) setup.seed = draw_seed();
    }
    if (!args.sfen.empty()) {
        if (args.game != "diceshogi") throw ArenaError("--sfen is only used by diceshogi");
        setup.testcase = args.sfen;
        testcase_name = "sfen " + args.sfen;
    }

    std::unique_ptr<referee::Referee> referee;
    try {
        referee = referee::make_referee(setup);
    } catch (const std::invalid_argument& e) {
        throw ArenaError(e.what());
    }

    std::vector<match::PlayerSpec> players;
    const std::vector<std::string> names = bot_names(args.bots);
    for (std::size_t i = 0; i < args.bots.size(); ++i) {
        players.push_back({names[i], args.bots[i], ""});
        try {
            match::check_command(players.back());
        } catch (const std::exception& e) {
            throw ArenaError(std::string("--bot: ") + e.what());
        }
    }

    match::MatchOptions options;
    if (args.verbose && !args.json) {
        options.on_turn = [](const match::Turn& t) {
            std::printf(
                "turn %3d  seat %d  %9.3f / %d ms  %-16s %s%s\n", t.turn, t.player, t.time_ms,
                t.limit_ms, t.output ? ("> " + one_line(*t.output)).c_str() : "(no answer)",
                one_line(t.summary).c_str(), t.error.empty() ? "" : ("  " + t.error).c_str());
            std::fflush(stdout);
        };
    }
    match::MatchLog log = match::play_match(*referee, players, options);
    log.testcase = testcase_name;
    log.seed = args.game == "samegame" ? std::nullopt : setup.seed;
    const match::Json log_json = match::to_json(log);
    if (!args.log_file.empty()) write_text(args.log_file, match::dump_json(log_json, 1) + "\n");

    if (args.json) {
        std::cout << match::dump_json(log_json, 1) << "\n";
        return 0;
    }
    std::cout << log.game
              << (testcase_name.empty()        ? ""
                  : args.game == "samegame" ? ", board " + testcase_name
                                            : ", " + testcase_name)
              << (log.seed ? ", seed " + std::to_string(*log.seed) : "") << ", "
              << log.turns.size() << " turns, " << static_cast<long>(log.duration_ms) << " ms\n"
              << "result: " << log.reason << "\n";
    for (std::size_t i = 0; i < log.seats.size(); ++i) {
        const match::SeatResult& s = log.seats[i];
        std::cout << "  seat " << i << " " << log.players[i].name << ": score " << s.score
                  << ", rank " << s.rank << ", " << match::to_string(s.outcome);
        if (s.outcome != match::Outcome::ok) std::cout << " (" << s.detail << ")";
        std::cout << "\n";
    }
    // A failing bot's last stderr usually says why (a traceback, a usage message).
    for (auto t = log.turns.rbegin(); t != log.turns.rend(); ++t) {
        if (log.seats[t->player].outcome == match::Outcome::ok || t->stderr_text.empty()) continue;
        std::cout << "  stderr of seat " << t->player << " on turn " << t->turn << ":\n"
                  << last_lines(t->stderr_text, 8);
        break;
    }
    for (const match::Turn& t : log.turns) {
        if (!t.error.empty()) {
            std::cout << "turn " << t.turn << ", seat " << t.player << ": " << t.error
                      << (t.output ? " (output: '" + one_line(*t.output) + "')" : "") << "\n";
        }
    }
    if (!args.log_file.empty())
        std::cout << "log: " << args.log_file << "\n";
    else
        std::cout << "(add --log FILE to keep the full transcript, or -v to see every turn)\n";
    return 0;
}

// ---- tournament --------------------------------------------------------------------------

struct TournamentArgs {
    std::string config_file;
    std::string out;
    int concurrency = 0;
    bool resume = false;
};

int run_tournament(const TournamentArgs& args) {
    tournament::TournamentConfig config;
    try {
        config = tournament::load_config(args.config_file);
    } catch (const tournament::ConfigError& e) {
        throw ArenaError(e.what());
    }
    tournament::RunOptions options;
    options.out = !args.out.empty() ? fs::path(args.out)
                  : config.out      ? *config.out
                                    : fs::path("results") / fs::path(args.config_file).stem();
    options.concurrency = args.concurrency > 0 ? args.concurrency
                                               : config.concurrency.value_or(default_concurrency());
    options.resume = args.resume;
    options.interactive = isatty(STDOUT_FILENO);

    for (const match::PlayerSpec& bot : config.bots) {
        try {
            match::check_command(bot);
        } catch (const std::exception& e) {
            std::cerr << "warning: " << e.what() << "\n  its games will be recorded as crashes\n";
        }
    }
    const std::size_t games = config.bots.size() * config.testcases.size();
    std::cout << config.game << " tournament: " << config.bots.size() << " bot(s) x "
              << config.testcases.size() << " board(s) = " << games << " games, "
              << options.concurrency << " at a time, output in " << options.out.string() << "/\n"
              << std::flush;

    std::vector<tournament::GameRecord> records;
    try {
        records = tournament::run_tournament(config, options, std::cout);
    } catch (const fs::filesystem_error& e) {
        throw ArenaError(e.what());
    }
    const auto standings = report::samegame_standings(config, records);
    write_text(options.out / "standings.json",
               match::dump_json(report::to_json(standings), 2) + "\n");
    write_text(options.out / "standings.md", report::to_markdown(standings, config));
    std::cout << "\n"
              << report::to_text(standings)
              << "\nwritten: " << (options.out / "results.jsonl").string() << ", "
              << (options.out / "standings.md").string() << ", "
              << (options.out / "standings.json").string() << ", "
              << (options.out / "games").string() << "/\n";
    return 0;
}

// ---- boards ------------------------------------------------------------------------------

int run_boards() {
    std::printf("%-7s %-40s %-10s %s\n", "board", "title", "kind", "best known");
    for (const referee::SameGameBoard& b : referee::samegame_boards()) {
        std::printf("%-7d %-40s %-10s %s\n", b.number, std::string(b.title).c_str(),
                    b.validator ? "validator" : "test",
                    b.best_known ? std::to_string(b.best_known).c_str() : "-");
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "arena: a local referee and tournament arena for CodinGame bots (SameGame, Dice Shogi, "
        "Tsuro)",
        "arena"};
    app.set_version_flag("--version", "arena 0.1.0");
    app.require_subcommand(1);
    app.footer(
        "Examples:\n"
        "  arena play samegame --bot build/bots/samegame/greedy --testcase 12 -v\n"
        "  arena play diceshogi --bot build/bots/diceshogi/strong --bot build/bots/diceshogi/random "
        "--seed 42\n"
        "  arena play tsuro --bot build/bots/tsuro/strong --bot build/bots/tsuro/survivor "
        "--bot build/bots/tsuro/random\n"
        "  arena tournament configs/samegame.json --concurrency 2\n"
        "Run 'arena <command> --help' for the options of a command.");

    PlayArgs play;
    CLI::App* play_cmd =
        app.add_subcommand("play", "Play one game and print its result (and log it as JSON)");
    play_cmd
        ->add_option(
            "game", play.game,
            "The game: " +
                [] {
                    std::string list;
                    for (const std::string& g : referee::known_games())
                        list += (list.empty() ? "" : ", ") + g;
                    return list;
                }())
        ->required();
    play_cmd
        ->add_option(
            "--bot", play.bots,
            "A bot's command line, split like a POSIX shell does (quotes honoured, no shell run); "
            "once per seat, in seat order")
        ->required()
        ->allow_extra_args(
            false);  // one command per --bot: `--bot ./a ./b` is an error, not two bots
    play_cmd->add_option(
        "--testcase", play.testcase,
        "SameGame board: a file (15 lines, top row first, or CodinGame's testN.json) or a "
        "built-in board number 1-50 (default: 6, Standard Testset 1)");
    play_cmd->add_option("--seed", play.seed,
                         "CodinGame seed (signed 64-bit) of Dice Shogi and Tsuro games: the same "
                         "dice or decks as on CodinGame. Default: a random seed, printed and logged");
    play_cmd->add_option("--sfen", play.sfen,
                         "Dice Shogi start position in SFEN (default: the standard start)");
    play_cmd->add_option("--log", play.log_file, "Write the match log (JSON) to this file");
    play_cmd->add_flag("--json", play.json,
                       "Print the match log as JSON on stdout instead of a summary");
    play_cmd->add_flag("-v,--verbose", play.verbose, "Print every turn as it is played");

    TournamentArgs tour;
    CLI::App* tour_cmd =
        app.add_subcommand("tournament", "Run every bot of a config over its boards, in parallel");
    tour_cmd
        ->add_option("config", tour.config_file, "Tournament config (JSON), see configs/README.md")
        ->required()
        ->check(CLI::ExistingFile);
    tour_cmd->add_option(
        "--out", tour.out,
        "Output directory (default: the config's \"out\", else results/<config name>)");
    tour_cmd
        ->add_option("--concurrency", tour.concurrency,
                     "Games played at once (default: the number of cores)")
        ->check(CLI::PositiveNumber);
    tour_cmd->add_flag(
        "--resume", tour.resume,
        "Keep the results already in the output directory; play only the missing games");

    app.add_subcommand("boards", "List the 50 built-in CodinGame SameGame boards");

    if (argc == 1) {  // no command at all: show what there is to do
        std::cout << app.help();
        return kExitArenaError;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitArenaError;
    }
    // A bot that dies while we write to it must not take the arena down with SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    try {
        if (*play_cmd) return run_play(play);
        if (*tour_cmd) return run_tournament(tour);
        return run_boards();
    } catch (const ArenaError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitArenaError;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
