#include "arena/cli/replay_command.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sstream>

#include "arena/cli/numbers.hpp"
#include "arena/cli/terminal_output.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/match/play_game.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/replay/replay.hpp"

namespace arena::cli {

namespace {

// A difference for the terminal: referee texts with the bots' names, seats with them too; what
// the bots sent or received stays as it is.
void print_difference(replay::Difference d, const std::vector<match::PlayerSpec>& players) {
    if (d.what == "error") {
        d.expected = with_names(d.expected, players);
        d.actual = with_names(d.actual, players);
    } else if (d.what == "player") {
        d.expected = seat_label(std::stoi(d.expected), players);
        d.actual = seat_label(std::stoi(d.actual), players);
    }
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

// The logged game and the referee at its start.
struct Recorded {
    match::MatchLog log;
    std::unique_ptr<referee::Referee> referee;
    std::string what;  // "diceshogi, seed 5, 42 turns"
};

// The referee is made for --script only: a bot replay plays the game with match::play_game, as
// every game is played (an SDK runner's game has no referee to step).
Recorded read_recorded(const ReplayArgs& args) {
    Recorded recorded;
    recorded.log = replay::read_match_log(args.log_file);
    const bool external = recorded.log.external.has_value();
    if (!args.referee.empty() && !external)
        throw Error("--referee: " + args.log_file + " is a game of " + recorded.log.game +
                    ", which arena referees itself: leave --referee out");
    if (args.script)
        recorded.referee =
            replay::referee_for(recorded.log, {args.referee, args.trust_log_referee});
    const match::MatchLog& log = recorded.log;
    recorded.what = log.game + (log.seed ? ", seed " + std::to_string(*log.seed) : "") + ", " +
                    std::to_string(log.turns.size()) + " turns";
    return recorded;
}

// --script: the recorded outputs fed to the referee, no bot run.
int run_script_check(const ReplayArgs& args, const Recorded& recorded) {
    if (!args.bot_overrides.empty()) throw Error("--bot is not used with --script");
    if (args.verbosity > 0) throw Error("-v is not used with --script: add --turn N to see a turn");
    const auto difference = replay::check_script(recorded.log, *recorded.referee, args.turn);
    if (difference) {
        std::cout << args.log_file << " (" << recorded.what << ") is NOT consistent with the "
                  << recorded.log.game << " referee:\n";
        // In a script check "recorded" is the log and "now" the referee.
        replay::Difference d = *difference;
        std::swap(d.expected, d.actual);
        print_difference(d, recorded.log.players);
        return 1;
    }
    if (args.turn > 0) {
        try {
            std::cout << replay::render_turn(recorded.log, args.turn);
        } catch (const replay::LogError& e) {
            throw Error(std::string("--turn: ") + e.what());
        }
        return 0;
    }
    std::cout << "consistent: the " << recorded.log.game << " referee gives every input, verdict "
              << "and the result of " << args.log_file << " (" << recorded.what << ")\n";
    // Consistent, and yet no result: said, or "consistent" alone reads as a game that counted.
    if (!recorded.log.referee_failure.empty())
        std::cout << "The game has no result: the referee failed, not the bots ("
                  << one_line(recorded.log.referee_failure) << ").\n";
    return 0;
}

// "'./mine --fast' in bots/mine": how a bot is run.
std::string how_run(const match::PlayerSpec& bot) {
    return "'" + one_line(bot.command) + "'" +
           (bot.working_dir.empty() ? "" : " in " + one_line(bot.working_dir));
}

// A recorded bot that cannot be run here: what to do instead.
void check_recorded_bot(const match::PlayerSpec& bot, const std::string& who) {
    const std::string instead = "\n  (replace it with --bot " + one_line(bot.name) +
                                "=COMMAND[@DIR], or check the log without bots with --script)";
    std::error_code ec;
    if (!bot.working_dir.empty() && !std::filesystem::is_directory(bot.working_dir, ec))
        throw Error("the log's bot of " + who + ": its working directory '" +
                    one_line(bot.working_dir) +
                    "' is not a directory here: replay from where the game was played" + instead);
    try {
        check_bot(bot, "the log's bot of " + who);
    } catch (const Error& e) {
        throw Error(e.what() + instead);
    }
}

// The recorded bots, or those --bot puts in their seats (saying which), ready to run.
std::vector<match::PlayerSpec> players_of_replay(const ReplayArgs& args,
                                                 const match::MatchLog& recorded) {
    std::vector<match::PlayerSpec> players = recorded.players;
    const std::vector<int> replaced = replace_bots(players, args.bot_overrides);
    for (std::size_t i = 0; i < players.size(); ++i) {
        const std::string who = seat_label(static_cast<int>(i), players);
        if (std::find(replaced.begin(), replaced.end(), static_cast<int>(i)) == replaced.end()) {
            check_recorded_bot(players[i], who);
            continue;
        }
        check_bot(players[i], "--bot " + one_line(players[i].name));
        std::cout << who << " is played by " << how_run(players[i]) << " instead of the log's "
                  << how_run(recorded.players[i]) << "\n";
    }
    check_limits_and_sandbox(players);
    return players;
}

// Where the new game parts from the log: both turns drawn, and how the new game ended.
void print_parting(const replay::Difference& difference, const match::MatchLog& recorded,
                   const match::MatchLog& fresh) {
    print_difference(difference, recorded.players);
    if (difference.turn > 0) {
        std::cout << "\nrecorded turn:\n"
                  << replay::render_turn(recorded, difference.turn) << "\nnew turn:\n";
        if (difference.turn <= static_cast<int>(fresh.turns.size()))
            std::cout << replay::render_turn(fresh, difference.turn);
        else
            std::cout << "  (the new game ended before it)\n";
    }
    std::cout << "new game: " << fresh.turns.size() << " turns, "
              << one_line(with_names(fresh.reason, fresh.players)) << "\n";
}

}  // namespace

CLI::App* add_replay_command(CLI::App& app, ReplayArgs& args) {
    CLI::App* command = app.add_subcommand(
        "replay",
        "Play a logged game again and compare it turn by turn (exit 0 identical, 1 different)");
    command
        ->add_option("game-log", args.log_file,
                     "A match log: plain JSON or compressed (arena play --log, a tournament's "
                     "games/*.json.zst or games/*.json)")
        ->required();
    command
        ->add_option("--bot", args.bot_overrides,
                     "Replace a bot: NAME=COMMAND or NAME=COMMAND@DIR, NAME the name of a bot of "
                     "the log or its seat from 0 (a name first: in a log with a bot named '1', "
                     "--bot 1=... replaces that bot). It keeps its name; it runs in DIR (a "
                     "relative program or file found there) or in the arena's directory, e.g. "
                     "--bot mine=./mine_v2")
        ->allow_extra_args(false);
    command->add_flag("--script", args.script,
                      "Run no bot: feed the recorded outputs to the referee and check every "
                      "input, verdict and the result");
    const std::string script_group = "With --script, a game of an external referee";
    command
        ->add_option("--referee", args.referee,
                     "The referee's command line: a log names its own, which a replay never "
                     "runs unless told (--trust-log-referee)")
        ->group(script_group);
    command
        ->add_flag("--trust-log-referee", args.trust_log_referee,
                   "Run the referee command the log names: only for a log whose source you trust")
        ->excludes("--referee")
        ->group(script_group);
    numbers::add_whole_number(
        command, "--turn", args.turn, {1, std::numeric_limits<int>::max()},
        "Print turn N readably: the board as text, input, output, time, error");
    command->add_option("--log", args.new_log,
                        "Write the new game's log to this file (compressed with zstd when its name "
                        "ends in .zst)");
    command->add_flag("-v,--verbose", args.verbosity,
                      "Print every turn as it is played: time, output, the referee's verdict; "
                      "-vv adds the input sent and the bot's stderr");
    add_time_options(command, args.time);
    return command;
}

int run_replay_command(const ReplayArgs& args) {
    if (!args.script && (!args.referee.empty() || args.trust_log_referee))
        throw Error(
            "--referee and --trust-log-referee go with --script: without it the game is "
            "played again as the log has it, by its bots and its referee");
    const Recorded recorded = read_recorded(args);
    if (args.script) return run_script_check(args, recorded);
    const referee::GameSetup setup = replay::setup_for(recorded.log);

    const std::vector<match::PlayerSpec> players = players_of_replay(args, recorded.log);
    match::MatchOptions options;
    if (args.verbosity > 0) {
        options.on_turn = [&players, &args](const match::Turn& t) {
            std::string text = turn_line(t, players);
            if (args.verbosity >= 2) text += turn_details(t);
            std::fputs(text.c_str(), stdout);
            std::fflush(stdout);
        };
    }
    apply_time_args(args.time, options);
    match::MatchLog fresh;
    try {
        fresh = match::play_game(setup, players, options);
    } catch (const std::invalid_argument& e) {  // the referee's refusal of the logged setup
        throw Error(args.log_file + ": " + e.what());
    }
    if (const int signal = process::interrupt_signal()) {
        std::cerr << "interrupted (" << signal_name(signal) << "): the replay did not finish\n";
        return process::interrupted_exit_code(signal);
    }
    fresh.seed = recorded.log.seed;
    fresh.testcase = recorded.log.testcase;
    fresh.testcase_text = recorded.log.testcase_text;
    if (!args.new_log.empty())
        files::write_log(args.new_log, match::dump_json(match::to_json(fresh), 1) + "\n");
    const auto difference = replay::compare(recorded.log, fresh);
    if (difference) {
        print_parting(*difference, recorded.log, fresh);
        return 1;
    }
    std::cout << "identical: " << fresh.turns.size() << " turns, same inputs and outputs, "
              << "result: " << one_line(with_names(fresh.reason, fresh.players)) << "\n";
    if (args.turn > 0) std::cout << "\n" << replay::render_turn(fresh, args.turn);
    return 0;
}

}  // namespace arena::cli
