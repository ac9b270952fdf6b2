// The `arena` command: play one game, run a tournament, list the built-in boards.
// Exit codes: 0 the job ran (whatever the bots did), 2 an arena error (bad arguments, a broken
// config or file, a bot that cannot be started by `play`, any unexpected failure); `replay` and
// `gate` use 1 for "differs" and "fails".
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "arena/cli/numbers.hpp"
#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/cli/gate_command.hpp"
#include "arena/match/match.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/replay/replay.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/resume.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/view/view.hpp"
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
        // A file name may hold escape sequences: the name is printed on the terminal.
        names.push_back(terminal::visible(name));
    }
    // Only names that repeat get their seat: "strong", "random#1", "random#2".
    std::map<std::string, int> count;
    for (const std::string& name : names) ++count[name];
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (count[names[i]] > 1) names[i] += "#" + std::to_string(i);
    }
    return names;
}

// "SIGINT" for the log and the messages of an interrupted command.
std::string signal_name(int signal) {
    switch (signal) {
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        case SIGHUP:
            return "SIGHUP";
        default:
            return "signal " + std::to_string(signal);
    }
}

// Text a bot controls (its output and stderr, referee words that quote it) as one line for the
// terminal: control characters shown as escapes, never acted on by the terminal.
std::string one_line(const std::string& text) {
    return terminal::visible(text);
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
        excerpt += "    | " + one_line(text.substr(begin, end - begin)) + "\n";
        begin = end + 1;
    }
    return excerpt;
}

// Referee texts name players as CodinGame's "$0", "$1", ... (the site puts in the nicknames);
// on the terminal, put in the bots' names.
std::string with_names(const std::string& text, const std::vector<match::PlayerSpec>& players) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool placeholder = text[i] == '$' && i + 1 < text.size() && text[i + 1] >= '0' &&
                                 text[i + 1] <= '9' &&
                                 static_cast<std::size_t>(text[i + 1] - '0') < players.size();
        if (placeholder) {
            out += players[text[i + 1] - '0'].name;
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

// ---- bot limits and sandbox (play and tournament) ---------------------------------------

// --max-memory, --max-cpu-seconds, --max-processes, --max-file-size, --sandbox.
struct BotLimitArgs {
    std::optional<long> memory_mb, cpu_seconds, processes, file_size_mb;
    bool sandbox = false;
};

void add_limit_options(CLI::App* command, BotLimitArgs& limits) {
    const std::string group = "Bot limits (each bot; end it as a crash with the reason)";
    numbers::add_whole_number(command, "--max-memory", limits.memory_mb, tournament::kMemoryMbRange,
                              "Address space per bot, MB (RLIMIT_AS)")
        ->group(group);
    numbers::add_whole_number(command, "--max-cpu-seconds", limits.cpu_seconds,
                              tournament::kCpuSecondsRange,
                              "CPU seconds per bot over the whole game (RLIMIT_CPU)")
        ->group(group);
    numbers::add_whole_number(command, "--max-processes", limits.processes,
                              tournament::kProcessesRange,
                              "Processes of the bot's user id (RLIMIT_NPROC; counts all the "
                              "user's processes, not applied to root)")
        ->group(group);
    numbers::add_whole_number(command, "--max-file-size", limits.file_size_mb,
                              tournament::kFileSizeMbRange,
                              "Largest file a bot may write, MB (RLIMIT_FSIZE)")
        ->group(group);
    command
        ->add_flag("--sandbox", limits.sandbox,
                   "Run each bot in a bubblewrap sandbox: no network, read-only file system "
                   "except a scratch directory ($TMPDIR)")
        ->group(group);
}

// Command-line limits apply to every bot, over what its config says.
void apply_limit_args(const BotLimitArgs& args, match::PlayerSpec& bot) {
    process::Limits limits = bot.limits.value_or(process::Limits{});
    if (args.memory_mb) limits.memory_mb = args.memory_mb;
    if (args.cpu_seconds) limits.cpu_seconds = args.cpu_seconds;
    if (args.processes) limits.processes = args.processes;
    if (args.file_size_mb) limits.file_size_mb = args.file_size_mb;
    if (limits.any()) bot.limits = limits;
    if (args.sandbox) bot.sandbox = true;
}

// A sandbox or a limit that cannot be had here is an arena error, said before any game starts
// (never a run whose every game is a "could not start" crash).
void check_sandbox_for(const std::vector<match::PlayerSpec>& bots) {
    bool sandbox_checked = false;
    for (const match::PlayerSpec& bot : bots) {
        try {
            if (bot.sandbox.value_or(false) && !sandbox_checked) {
                process::check_sandbox();
                sandbox_checked = true;
            }
            if (bot.limits) process::check_limits_supported(*bot.limits);
        } catch (const process::SpawnError& e) {
            throw ArenaError(e.what());
        }
    }
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
    BotLimitArgs limits;
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
            // Digits name a built-in board (unless a file has that name); any number of them
            // (4294967297 is not board 1).
            const bool is_number = !args.testcase.empty() && args.testcase.find_first_not_of(
                                                                 "0123456789") == std::string::npos;
            const int boards = static_cast<int>(referee::samegame_boards().size());
            if (args.testcase.empty()) {
                testcase = tournament::samegame_testcase(referee::kDefaultSameGameBoard);
            } else if (is_number && !fs::exists(args.testcase)) {
                const auto board = numbers::parse(args.testcase, {1, boards});
                if (!board)
                    throw std::invalid_argument("there is no built-in board " + args.testcase +
                                                ": CodinGame's boards are numbered 1 to " +
                                                std::to_string(boards));
                testcase = tournament::samegame_testcase(static_cast<int>(*board));
            } else
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
        match::PlayerSpec player;
        player.name = names[i];
        player.command = args.bots[i];
        players.push_back(std::move(player));
        apply_limit_args(args.limits, players.back());
        try {
            match::check_command(players.back());
        } catch (const std::exception& e) {
            throw ArenaError(std::string("--bot: ") + e.what());
        }
    }

    check_sandbox_for(players);

    match::MatchOptions options;
    if (args.verbose && !args.json) {
        options.on_turn = [&players](const match::Turn& t) {
            std::printf(
                "turn %3d  seat %d  %9.3f / %d ms  %-16s %s%s\n", t.turn, t.player, t.time_ms,
                t.limit_ms, t.output ? ("> " + one_line(*t.output)).c_str() : "(no answer)",
                with_names(one_line(t.summary), players).c_str(),
                t.error.empty() ? "" : ("  " + one_line(with_names(t.error, players))).c_str());
            std::fflush(stdout);
        };
    }
    match::MatchLog log = match::play_match(*referee, players, options);
    log.testcase = testcase_name;
    log.testcase_text = setup.testcase;
    log.seed = args.game == "samegame" ? std::nullopt : setup.seed;
    match::Json log_json = match::to_json(log);
    // Interrupted: the bots were killed, so the log ends early; it keeps the turns played and
    // says so (docs/match-log.md).
    const int signal = process::interrupt_signal();
    if (signal) log_json["interrupted"] = signal_name(signal);
    if (!args.log_file.empty())
        files::write_atomically(args.log_file, match::dump_json(log_json, 1) + "\n");
    if (signal) {
        if (args.json) std::cout << match::dump_json(log_json, 1) << "\n";
        std::cerr << "interrupted (" << signal_name(signal) << ") after " << log.turns.size()
                  << " turn(s)"
                  << (args.log_file.empty() ? "" : "; the turns played are in " + args.log_file)
                  << "\n";
        return process::interrupted_exit_code(signal);
    }

    if (args.json) {
        std::cout << match::dump_json(log_json, 1) << "\n";
        return 0;
    }
    std::cout << log.game
              << (testcase_name.empty()     ? ""
                  : args.game == "samegame" ? ", board " + testcase_name
                                            : ", " + testcase_name)
              << (log.seed ? ", seed " + std::to_string(*log.seed) : "") << ", " << log.turns.size()
              << " turns, " << static_cast<long>(log.duration_ms) << " ms\n"
              << "result: " << one_line(with_names(log.reason, log.players)) << "\n";
    for (std::size_t i = 0; i < log.seats.size(); ++i) {
        const match::SeatResult& s = log.seats[i];
        std::cout << "  seat " << i << " " << log.players[i].name << ": score " << s.score
                  << ", rank " << s.rank << ", " << match::to_string(s.outcome);
        if (s.outcome != match::Outcome::ok) std::cout << " (" << one_line(s.detail) << ")";
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
            std::cout << "turn " << t.turn << ", seat " << t.player << ": "
                      << one_line(with_names(t.error, log.players))
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
    std::string config_file;  // empty with --resume: the run's own OUT/config.json
    std::string out;
    int concurrency = 0;
    bool resume = false;
    std::optional<std::size_t> games;
    std::vector<std::string> replace;  // bots whose old version's games are moved aside
    BotLimitArgs limits;
};

tournament::TournamentConfig load_config_or_exit(const fs::path& file) {
    try {
        return tournament::load_config(file);
    } catch (const tournament::ConfigError& e) {
        throw ArenaError(e.what());
    }
}

// Sizes the config to about `games` games (--games, or its "games" field).
void resize(tournament::TournamentConfig& config, std::size_t games, bool say) {
    try {
        const std::string plan = tournament::resize_to_games(config, games);
        if (say) std::cout << "--games " << games << ": " << plan << "\n";
    } catch (const std::invalid_argument& e) {
        throw ArenaError(std::string("--games: ") + e.what());
    }
    config.games = games;
}

// The config of this run, sized: the one given, checked against the run already in OUT with
// --resume (only new bots or seeds may join), or with --resume alone the run's OUT/config.json.
tournament::TournamentConfig config_of_run(const TournamentArgs& args,
                                           std::optional<tournament::TournamentConfig> given,
                                           const fs::path& out, const std::string& program) {
    const fs::path saved_file = out / "config.json";
    const bool saved_exists = args.resume && fs::exists(saved_file);
    if (!given && !saved_exists)
        throw ArenaError("'" + saved_file.string() +
                         "' is missing: --resume without a config goes on with the run in the "
                         "--out directory; give the config to start a run there");
    tournament::TournamentConfig now = given ? *given : load_config_or_exit(saved_file);
    if (args.games)
        resize(now, *args.games, true);
    else if (given && now.games)
        resize(now, *now.games, false);  // the config's own "games"
    if (!given || !saved_exists) {
        for (match::PlayerSpec& bot : now.bots) apply_limit_args(args.limits, bot);
        return now;
    }
    const tournament::TournamentConfig saved = load_config_or_exit(saved_file);
    if (!args.games) tournament::keep_run_size(now, saved);
    // The comparison sees the config as it will run: sized and with the command-line limits.
    for (match::PlayerSpec& bot : now.bots) apply_limit_args(args.limits, bot);
    const tournament::RunComparison diff = tournament::compare_runs(saved, now);
    if (!diff.refused.empty()) {
        std::string message = "the config differs from the run in '" + out.string() +
                              "' in what changes its games:\n";
        for (const std::string& d : diff.refused) message += "  - " + d + "\n";
        message += "  A resumed run may only add bots or seeds. Go on with the run as it was: " +
                   shell_command({program, "tournament", "--resume", "--out", out.string()}) +
                   "\n  or start a new run in another directory with --out";
        throw ArenaError(message);
    }
    for (const std::string& a : diff.added) std::cout << "resume: adds " << a << "\n";
    return now;
}

// standings.json, .md, .csv and the table for the terminal, from the records alone. `partial`
// marks an interrupted run: "partial: 37 of 120 games".
std::string write_standings(const tournament::TournamentConfig& config,
                            const std::vector<tournament::GameRecord>& records, const fs::path& out,
                            const std::string& partial) {
    const std::string mark = partial.empty() ? "" : "**" + partial + "**\n\n";
    if (config.game == "samegame") {
        const auto standings = report::samegame_standings(config, records);
        files::write_atomically(out / "standings.json",
                                match::dump_json(report::to_json(standings), 2) + "\n");
        files::write_atomically(out / "standings.md",
                                mark + report::to_markdown(standings, config, out.string()));
        files::write_atomically(out / "standings.csv", report::to_csv(standings));
        return report::to_text(standings);
    }
    const auto standings = report::versus_standings(config, records);
    nlohmann::ordered_json json = report::to_json(standings);
    if (!partial.empty()) json["partial"] = partial;
    files::write_atomically(out / "standings.json", match::dump_json(json, 2) + "\n");
    files::write_atomically(out / "standings.md",
                            mark + report::to_markdown(standings, out.string()));
    files::write_atomically(out / "standings.csv", report::to_csv(standings));
    return report::to_text(standings);
}

// Failed games, each with the one line that replays it.
std::string failures_text(const std::vector<tournament::GameRecord>& records, const fs::path& out) {
    std::map<std::string, std::pair<int, std::string>> failures;  // bot -> count, first game
    for (const tournament::GameRecord& r : records) {
        for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
            if (r.outcomes[seat] == "ok") continue;
            auto& [count, first] = failures[r.players[seat]];
            if (count++ == 0) first = r.id;
        }
    }
    if (failures.empty()) return "";
    std::string text = "\nfailures (replay the first one of each bot with the command shown):\n";
    for (const auto& [bot, entry] : failures) {
        text += "  " + bot + ": " + std::to_string(entry.first) +
                " game(s), first: " + "build/arena replay " +
                (out / "games" / (entry.second + ".json")).string() + "\n";
    }
    return text;
}

void print_plan(const tournament::TournamentConfig& config, std::size_t games,
                const tournament::RunOptions& options) {
    if (config.seeds.empty()) {
        std::cout << config.game << " tournament: " << config.bots.size() << " bot(s) x "
                  << config.testcases.size() << " board(s) = " << games << " games";
    } else {
        std::cout << config.game << " tournament: " << config.bots.size() << " bots, "
                  << config.players_per_game << " per game, " << config.seeds.size()
                  << " seed(s), every seat order = " << games << " games";
    }
    std::cout << ", " << options.concurrency << " at a time, output in " << options.out.string()
              << "/\n"
              << std::flush;
}

// After the games: standings, failures and the report of what was played; interrupted, they are
// marked partial and the command that goes on is printed. Returns the exit code.
int finish_run(const tournament::TournamentConfig& config,
               const std::vector<tournament::GameRecord>& records, std::size_t scheduled,
               const fs::path& out, const std::string& program) {
    const int signal = process::interrupt_signal();
    const std::string partial = signal ? "partial: " + std::to_string(records.size()) + " of " +
                                             std::to_string(scheduled) + " games (interrupted)"
                                       : "";
    std::string table = write_standings(config, records, out, partial);
    table += failures_text(records, out);
    std::cout << "\n"
              << (partial.empty() ? "" : partial + "\n") << table
              << "\nwritten: " << (out / "results.jsonl").string() << ", "
              << (out / "standings.md").string() << " (.json, .csv), " << (out / "games").string()
              << "/\n";
    // The report page (standings, charts, failed games' replays) is a view of the files above:
    // a failure to write it must not hide the results.
    try {
        const view::ReportFiles report = view::write_report(out);
        std::cout << "report: " << report.report.string() << " (open it in a browser)\n";
    } catch (const std::exception& e) {
        std::cerr << "warning: no report.html: " << e.what() << "\n";
    }
    if (!signal) return 0;
    std::cout << records.size() << " of " << scheduled << " games saved; to go on: "
              << shell_command({program, "tournament", "--resume", "--out", out.string()}) << "\n";
    return process::interrupted_exit_code(signal);
}

int run_tournament(const TournamentArgs& args, const std::string& program) {
    if (args.config_file.empty() && !args.resume)
        throw ArenaError("give a config file, or --resume --out DIR to go on with the run in DIR");
    if (!args.replace.empty() && !args.resume)
        throw ArenaError(
            "--replace works with --resume: it replaces games already in the directory");
    if (args.config_file.empty() && args.out.empty())
        throw ArenaError("--resume without a config needs --out DIR: the run to go on with");
    std::optional<tournament::TournamentConfig> given;
    if (!args.config_file.empty()) given = load_config_or_exit(args.config_file);
    tournament::RunOptions options;
    options.out = !args.out.empty() ? fs::path(args.out)
                  : given->out      ? *given->out
                                    : fs::path("results") / fs::path(args.config_file).stem();
    if (!given && !fs::exists(options.out / "config.json"))  // say so before creating anything
        throw ArenaError("'" + (options.out / "config.json").string() +
                         "' is missing: --resume without a config goes on with the run in the "
                         "--out directory; give the config to start a run there");
    // One writer per directory, from before anything in it is read until the standings.
    std::optional<tournament::RunLock> lock;
    try {
        lock.emplace(options.out, tournament::own_command_line());
    } catch (const tournament::DirectoryInUse& e) {
        throw ArenaError(e.what());
    }
    options.caller_holds_lock = true;
    const tournament::TournamentConfig config =
        config_of_run(args, std::move(given), options.out, program);
    check_sandbox_for(config.bots);
    options.concurrency = args.concurrency > 0 ? args.concurrency
                                               : config.concurrency.value_or(default_concurrency());
    options.resume = args.resume;
    options.replace = args.replace;
    options.interactive = isatty(STDOUT_FILENO);

    for (const match::PlayerSpec& bot : config.bots) {
        try {
            match::check_command(bot);
        } catch (const std::exception& e) {
            std::cerr << "warning: " << e.what() << "\n  its games will be recorded as crashes\n";
        }
    }
    const std::size_t scheduled = tournament::make_schedule(config).size();
    print_plan(config, scheduled, options);

    std::vector<tournament::GameRecord> records;
    try {
        records = tournament::run_tournament(config, options, std::cout);
    } catch (const fs::filesystem_error& e) {
        throw ArenaError(e.what());
    } catch (const tournament::RunError& e) {
        throw ArenaError(e.what());
    }
    return finish_run(config, records, scheduled, options.out, program);
}

// ---- replay ------------------------------------------------------------------------------

struct ReplayArgs {
    std::string log_file;
    std::vector<std::string> bot_overrides;  // "SEAT=COMMAND"
    bool script = false;
    int turn = 0;
    std::string new_log;
    bool verbose = false;
};

void print_difference(const replay::Difference& d) {
    if (d.turn == 0) {
        std::cout << "differs in the result: " << d.what << "\n  recorded: " << one_line(d.expected)
                  << "\n  now:      " << one_line(d.actual) << "\n";
        return;
    }
    std::cout << "differs at turn " << d.turn << ": " << d.what << "\n";
    auto show = [](const char* label, const std::string& text) {
        std::cout << "  " << label << ":\n";
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            std::cout << "    | " << one_line(line) << "\n";
    };
    show("recorded", d.expected);
    show("now", d.actual);
}

int run_replay(const ReplayArgs& args) {
    match::MatchLog recorded;
    std::unique_ptr<referee::Referee> referee;
    try {
        recorded = replay::read_match_log(args.log_file);
        referee = replay::referee_for(recorded);
    } catch (const std::invalid_argument& e) {
        throw ArenaError(e.what());
    }
    const std::string what = recorded.game +
                             (recorded.seed ? ", seed " + std::to_string(*recorded.seed) : "") +
                             ", " + std::to_string(recorded.turns.size()) + " turns";

    if (args.script) {
        if (!args.bot_overrides.empty()) throw ArenaError("--bot is not used with --script");
        const auto difference = replay::check_script(recorded, *referee, args.turn);
        if (difference) {
            std::cout << args.log_file << " (" << what << ") is NOT consistent with the "
                      << recorded.game << " referee:\n";
            // In a script check "recorded" is the log and "now" the referee.
            replay::Difference d = *difference;
            std::swap(d.expected, d.actual);
            print_difference(d);
            return 1;
        }
        if (args.turn > 0) {
            try {
                std::cout << replay::render_turn(recorded, args.turn);
            } catch (const std::invalid_argument& e) {
                throw ArenaError(std::string("--turn: ") + e.what());
            }
            return 0;
        }
        std::cout << "consistent: the " << recorded.game << " referee gives every input, verdict "
                  << "and the result of " << args.log_file << " (" << what << ")\n";
        return 0;
    }

    std::vector<match::PlayerSpec> players = recorded.players;
    for (const std::string& override_text : args.bot_overrides) {
        const std::size_t eq = override_text.find('=');
        const std::optional<std::int64_t> seat =
            eq == std::string::npos
                ? std::nullopt
                : numbers::parse(std::string_view(override_text).substr(0, eq),
                                 {0, static_cast<std::int64_t>(players.size()) - 1});
        if (!seat)
            throw ArenaError("--bot '" + override_text +
                             "': write SEAT=COMMAND with a seat from 0 to " +
                             std::to_string(players.size() - 1) + ", e.g. --bot 1=\"./new_bot\"");
        players[*seat].command = override_text.substr(eq + 1);
        players[*seat].name += " (replaced)";
    }
    for (const match::PlayerSpec& player : players) {
        try {
            match::check_command(player);
        } catch (const std::exception& e) {
            throw ArenaError(
                std::string(e.what()) +
                "\n  (replace it with --bot SEAT=COMMAND, or check the log with --script)");
        }
    }
    check_sandbox_for(players);
    match::MatchOptions options;
    if (args.verbose) {
        options.on_turn = [](const match::Turn& t) {
            std::printf("turn %3d  seat %d  %9.3f / %d ms  %s\n", t.turn, t.player, t.time_ms,
                        t.limit_ms,
                        t.output ? ("> " + one_line(*t.output)).c_str() : "(no answer)");
        };
    }
    match::MatchLog fresh = match::play_match(*referee, players, options);
    if (const int signal = process::interrupt_signal()) {
        std::cerr << "interrupted (" << signal_name(signal) << "): the replay did not finish\n";
        return process::interrupted_exit_code(signal);
    }
    fresh.seed = recorded.seed;
    fresh.testcase = recorded.testcase;
    fresh.testcase_text = recorded.testcase_text;
    if (!args.new_log.empty())
        files::write_atomically(args.new_log, match::dump_json(match::to_json(fresh), 1) + "\n");
    const auto difference = replay::compare(recorded, fresh);
    if (!difference) {
        std::cout << "identical: " << fresh.turns.size() << " turns, same inputs and outputs, "
                  << "result: " << one_line(fresh.reason) << "\n";
        if (args.turn > 0) std::cout << "\n" << replay::render_turn(fresh, args.turn);
        return 0;
    }
    print_difference(*difference);
    if (difference->turn > 0) {
        std::cout << "\nrecorded turn:\n"
                  << replay::render_turn(recorded, difference->turn) << "\nnew turn:\n";
        if (difference->turn <= static_cast<int>(fresh.turns.size()))
            std::cout << replay::render_turn(fresh, difference->turn);
        else
            std::cout << "  (the new game ended before it)\n";
    }
    std::cout << "new game: " << fresh.turns.size() << " turns, " << one_line(fresh.reason) << "\n";
    return 1;
}

// ---- view --------------------------------------------------------------------------------

struct ViewArgs {
    std::string source;
    std::string output;
};

// A match log becomes its replay page; a tournament directory gets its report.html again.
int run_view(const ViewArgs& args) {
    try {
        if (fs::is_directory(args.source)) {
            if (!args.output.empty())
                throw ArenaError(
                    "-o: a tournament's report is always <dir>/report.html (it links to the "
                    "replays in <dir>/replays/)");
            const view::ReportFiles report = view::write_report(args.source);
            for (const std::string& note : report.notes) std::cerr << "note: " << note << "\n";
            std::cout << "report: " << report.report.string() << " (" << report.failed_games
                      << " failed games, " << report.replays << " replay pages in replays/)\n";
            return 0;
        }
        const nlohmann::json log = view::read_match_log(args.source);
        const fs::path out = args.output.empty() ? fs::path(args.source).replace_extension(".html")
                                                 : fs::path(args.output);
        if (fs::exists(out) && fs::equivalent(out, args.source))
            throw ArenaError("the page would overwrite the log: choose another file with -o");
        files::write_atomically(out, view::replay_html(log));
        std::cout << "replay: " << out.string() << " (" << log["turns"].size()
                  << " turns; open it in a browser)\n";
    } catch (const view::ViewError& e) {
        throw ArenaError(e.what());
    }
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
        "  arena play diceshogi --bot build/bots/diceshogi/strong --bot "
        "build/bots/diceshogi/random "
        "--seed 42\n"
        "  arena play tsuro --bot build/bots/tsuro/strong --bot build/bots/tsuro/survivor "
        "--bot build/bots/tsuro/random\n"
        "  arena tournament configs/samegame.json --concurrency 2\n"
        "  arena view game.json   (writes game.html: the replay, to open in a browser)\n"
        "  arena gate configs/gate-diceshogi.json --junit gate.xml\n"
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
    numbers::add_whole_number(
        play_cmd, "--seed", play.seed, numbers::kInt64,
        "CodinGame seed (signed 64-bit) of Dice Shogi and Tsuro games: the same "
        "dice or decks as on CodinGame. Default: a random seed, printed and logged");
    play_cmd->add_option("--sfen", play.sfen,
                         "Dice Shogi start position in SFEN (default: the standard start)");
    play_cmd->add_option("--log", play.log_file, "Write the match log (JSON) to this file");
    play_cmd->add_flag("--json", play.json,
                       "Print the match log as JSON on stdout instead of a summary");
    play_cmd->add_flag("-v,--verbose", play.verbose, "Print every turn as it is played");
    add_limit_options(play_cmd, play.limits);

    TournamentArgs tour;
    CLI::App* tour_cmd =
        app.add_subcommand("tournament", "Run every bot of a config over its boards, in parallel");
    tour_cmd
        ->add_option("config", tour.config_file,
                     "Tournament config (JSON), see configs/README.md; with --resume it may be "
                     "left out: the run goes on from OUT/config.json")
        ->check(CLI::ExistingFile);
    tour_cmd->add_option(
        "--out", tour.out,
        "Output directory (default: the config's \"out\", else results/<config name>)");
    numbers::add_whole_number(tour_cmd, "--concurrency", tour.concurrency,
                              {1, tournament::kMaxConcurrency},
                              "Games played at once (default: the number of cores)");
    tour_cmd->add_flag(
        "--resume", tour.resume,
        "Go on with the run in the output directory: play only the missing games (a config "
        "given may add bots or seeds)");
    tour_cmd
        ->add_option("--replace", tour.replace,
                     "NAME: the directory's games of an older version of bot NAME are moved aside "
                     "(replaced-<time>/) and played again by the config's version; repeatable")
        ->allow_extra_args(false);
    numbers::add_whole_number(tour_cmd, "--games", tour.games,
                              {1, static_cast<std::int64_t>(tournament::kMaxGames)},
                              "About this many games: the seed count (or SameGame's boards) is "
                              "set to reach it, keeping every seed's seat orders together");
    add_limit_options(tour_cmd, tour.limits);

    ReplayArgs rep;
    CLI::App* replay_cmd = app.add_subcommand(
        "replay",
        "Play a logged game again and compare it turn by turn (exit 0 identical, 1 different)");
    replay_cmd->add_option("log", rep.log_file, "A match log (arena play --log, or games/*.json)")
        ->required()
        ->check(CLI::ExistingFile);
    replay_cmd
        ->add_option("--bot", rep.bot_overrides,
                     "Replace a seat's bot: SEAT=COMMAND, e.g. --bot 1=\"./new_bot\" (seats "
                     "from 0)")
        ->allow_extra_args(false);
    replay_cmd->add_flag("--script", rep.script,
                         "Run no bot: feed the recorded outputs to the referee and check every "
                         "input, verdict and the result");
    numbers::add_whole_number(
        replay_cmd, "--turn", rep.turn, {1, std::numeric_limits<int>::max()},
        "Print turn N readably: the board as text, input, output, time, error");
    replay_cmd->add_option("--log", rep.new_log, "Write the new game's log to this file");
    replay_cmd->add_flag("-v,--verbose", rep.verbose, "Print every turn as it is played");

    ViewArgs view_args;
    CLI::App* view_cmd = app.add_subcommand(
        "view",
        "Write an HTML page to open in a browser: the replay of a match log, or the report of a "
        "tournament directory");
    view_cmd
        ->add_option("source", view_args.source,
                     "A match log (arena play --log, a tournament's games/*.json), or a "
                     "tournament's output directory")
        ->required()
        ->check(CLI::ExistingPath);
    view_cmd->add_option("-o,--output", view_args.output,
                         "The page to write (default: the log's name ending in .html)");

    gate::GateArgs gate_args;
    CLI::App* gate_cmd = gate::add_gate_command(app, gate_args);
    BotLimitArgs gate_limits;
    add_limit_options(gate_cmd, gate_limits);

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
    arena::process::install_interrupt_handlers();
    try {
        if (*play_cmd) return run_play(play);
        if (*tour_cmd) return run_tournament(tour, argv[0]);
        if (*replay_cmd) return run_replay(rep);
        if (*view_cmd) return run_view(view_args);
        // Its own exit codes: 0 pass, 1 fail, 2 any error (it never throws).
        if (*gate_cmd) {
            gate_args.command_line.assign(argv, argv + argc);  // for "to go on: ..."
            return gate::run_gate_command(
                gate_args, argv[0],
                [&](std::vector<match::PlayerSpec>& bots) {
                    for (match::PlayerSpec& bot : bots) apply_limit_args(gate_limits, bot);
                    check_sandbox_for(bots);
                },
                std::cout, std::cerr);
        }
        return run_boards();
    } catch (const ArenaError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitArenaError;
    } catch (const files::FileError& e) {  // a file given on the command line, or an output
        std::cerr << "error: " << e.what() << "\n";
        return kExitArenaError;
    } catch (const std::exception& e) {
        // Not foreseen: still an arena error (exit 2, never the 1 of "replay differs" or "gate
        // failed"), said without the library's internal wording.
        std::cerr << "error: " << errors::user_text(e) << "\n";
        return kExitArenaError;
    }
}
