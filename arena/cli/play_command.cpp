#include "arena/cli/play_command.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

#include "arena/cli/numbers.hpp"
#include "arena/cli/terminal_output.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/config.hpp"
#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// A fresh CodinGame-style seed (any signed 64-bit value) for a game played without --seed.
std::int64_t draw_seed() {
    std::random_device device;
    const std::uint64_t high = device(), low = device();
    return static_cast<std::int64_t>((high << 32) ^ low);
}

// The game as the referee gets it, and the test case's name for the summary and the log.
struct PlaySetup {
    referee::GameSetup setup;
    std::string testcase_name;
};

// --testcase: a board file, or digits naming a built-in board (unless a file has that name).
tournament::Testcase samegame_board(const std::string& testcase) {
    try {
        // Any number of digits (4294967297 is not board 1).
        const bool is_number =
            !testcase.empty() && testcase.find_first_not_of("0123456789") == std::string::npos;
        const int boards = static_cast<int>(referee::samegame_boards().size());
        if (testcase.empty()) return tournament::samegame_testcase(referee::kDefaultSameGameBoard);
        if (is_number && !fs::exists(testcase)) {
            const auto board = numbers::parse(testcase, {1, boards});
            if (!board)
                throw std::invalid_argument("there is no built-in board " + testcase +
                                            ": CodinGame's boards are numbered 1 to " +
                                            std::to_string(boards));
            return tournament::samegame_testcase(static_cast<int>(*board));
        }
        return tournament::samegame_testcase_file(testcase);
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("--testcase: ") + e.what());
    }
}

PlaySetup play_setup(const PlayArgs& args) {
    PlaySetup play;
    referee::GameSetup& setup = play.setup;
    setup.game = args.game;
    setup.players = static_cast<int>(args.bots.size());
    setup.seed = args.seed;
    if (args.game == "samegame") {
        if (args.seed) std::cerr << "note: samegame has no randomness; --seed is ignored\n";
        const tournament::Testcase testcase = samegame_board(args.testcase);
        setup.testcase = testcase.text;
        play.testcase_name =
            testcase.board_number ? testcase.name + " (" + testcase.title + ")" : testcase.title;
    } else {
        if (!args.testcase.empty())
            throw Error("--testcase is only used by samegame (boards); " + args.game +
                        " games are set by --seed" +
                        (args.game == "diceshogi" ? " and --sfen" : ""));
        // Games with dice or decks always get a seed, so that the log can replay them.
        if (!setup.seed) setup.seed = draw_seed();
    }
    if (!args.sfen.empty()) {
        if (args.game != "diceshogi") throw Error("--sfen is only used by diceshogi");
        setup.testcase = args.sfen;
        play.testcase_name = "sfen " + args.sfen;
    }
    return play;
}

// -v: every turn as it is played.
match::MatchOptions verbose_options(const std::vector<match::PlayerSpec>& players) {
    match::MatchOptions options;
    options.on_turn = [&players](const match::Turn& t) {
        std::printf("turn %3d  seat %d  %9.3f / %d ms  %-16s %s%s\n", t.turn, t.player, t.time_ms,
                    t.limit_ms, t.output ? ("> " + one_line(*t.output)).c_str() : "(no answer)",
                    with_names(one_line(t.summary), players).c_str(),
                    t.error.empty() ? "" : ("  " + one_line(with_names(t.error, players))).c_str());
        std::fflush(stdout);
    };
    return options;
}

// The game's result, each seat's outcome, a failing bot's last stderr and the turns' errors.
void print_summary(const PlayArgs& args, const match::MatchLog& log,
                   const std::string& testcase_name) {
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
                      << one_line(with_names(t.error, log.players)) << "\n";
        }
    }
    if (!args.log_file.empty())
        std::cout << "log: " << args.log_file << "\n";
    else
        std::cout << "(add --log FILE to keep the full transcript, or -v to see every turn)\n";
}

}  // namespace

CLI::App* add_play_command(CLI::App& app, PlayArgs& args) {
    CLI::App* command =
        app.add_subcommand("play", "Play one game and print its result (and log it as JSON)");
    std::string games;
    for (const std::string& g : referee::known_games()) games += (games.empty() ? "" : ", ") + g;
    command->add_option("game", args.game, "The game: " + games)->required();
    command
        ->add_option(
            "--bot", args.bots,
            "A bot's command line, split like a POSIX shell does (quotes honoured, no shell run); "
            "once per seat, in seat order")
        ->required()
        ->allow_extra_args(
            false);  // one command per --bot: `--bot ./a ./b` is an error, not two bots
    command->add_option(
        "--testcase", args.testcase,
        "SameGame board: a file (15 lines, top row first, or CodinGame's testN.json) or a "
        "built-in board number 1-50 (default: 6, Standard Testset 1)");
    numbers::add_whole_number(
        command, "--seed", args.seed, numbers::kInt64,
        "CodinGame seed (signed 64-bit) of Dice Shogi and Tsuro games: the same "
        "dice or decks as on CodinGame. Default: a random seed, printed and logged");
    command->add_option("--sfen", args.sfen,
                        "Dice Shogi start position in SFEN (default: the standard start)");
    command->add_option("--log", args.log_file, "Write the match log (JSON) to this file");
    command->add_flag("--json", args.json,
                      "Print the match log as JSON on stdout instead of a summary");
    command->add_flag("-v,--verbose", args.verbose, "Print every turn as it is played");
    add_limit_options(command, args.limits);
    return command;
}

int run_play_command(const PlayArgs& args) {
    const PlaySetup play = play_setup(args);
    std::unique_ptr<referee::Referee> referee;
    try {
        referee = referee::make_referee(play.setup);
    } catch (const std::invalid_argument& e) {  // the registry's refusal: the user's to fix
        throw Error(e.what());
    }
    const std::vector<match::PlayerSpec> players = bots_from_commands(args.bots, args.limits);
    check_limits_and_sandbox(players);

    const match::MatchOptions options =
        args.verbose && !args.json ? verbose_options(players) : match::MatchOptions{};
    match::MatchLog log = match::play_match(*referee, players, options);
    log.testcase = play.testcase_name;
    log.testcase_text = play.setup.testcase;
    log.seed = args.game == "samegame" ? std::nullopt : play.setup.seed;
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
    if (args.json)
        std::cout << match::dump_json(log_json, 1) << "\n";
    else
        print_summary(args, log, play.testcase_name);
    return 0;
}

}  // namespace arena::cli
