#include "arena/cli/replay_command.hpp"

#include <cstdio>
#include <iostream>
#include <limits>
#include <sstream>

#include "arena/cli/numbers.hpp"
#include "arena/cli/terminal_output.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/replay/replay.hpp"

namespace arena::cli {

namespace {

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

// The logged game and the referee at its start.
struct Recorded {
    match::MatchLog log;
    std::unique_ptr<referee::Referee> referee;
    std::string what;  // "diceshogi, seed 5, 42 turns"
};

Recorded read_recorded(const std::string& file) {
    Recorded recorded;
    recorded.log = replay::read_match_log(file);
    recorded.referee = replay::referee_for(recorded.log);
    const match::MatchLog& log = recorded.log;
    recorded.what = log.game + (log.seed ? ", seed " + std::to_string(*log.seed) : "") + ", " +
                    std::to_string(log.turns.size()) + " turns";
    return recorded;
}

// --script: the recorded outputs fed to the referee, no bot run.
int run_script_check(const ReplayArgs& args, const Recorded& recorded) {
    if (!args.bot_overrides.empty()) throw Error("--bot is not used with --script");
    const auto difference = replay::check_script(recorded.log, *recorded.referee, args.turn);
    if (difference) {
        std::cout << args.log_file << " (" << recorded.what << ") is NOT consistent with the "
                  << recorded.log.game << " referee:\n";
        // In a script check "recorded" is the log and "now" the referee.
        replay::Difference d = *difference;
        std::swap(d.expected, d.actual);
        print_difference(d);
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
    return 0;
}

// The recorded bots, or those --bot puts in their seats, ready to run.
std::vector<match::PlayerSpec> players_of_replay(const ReplayArgs& args,
                                                 const match::MatchLog& recorded) {
    std::vector<match::PlayerSpec> players = recorded.players;
    replace_bots(players, args.bot_overrides);
    for (const match::PlayerSpec& player : players) {
        try {
            match::check_command(player);
        } catch (const std::exception& e) {
            throw Error(std::string(e.what()) +
                        "\n  (replace it with --bot SEAT=COMMAND, or check the log with --script)");
        }
    }
    check_limits_and_sandbox(players);
    return players;
}

// Where the new game parts from the log: both turns drawn, and how the new game ended.
void print_parting(const replay::Difference& difference, const match::MatchLog& recorded,
                   const match::MatchLog& fresh) {
    print_difference(difference);
    if (difference.turn > 0) {
        std::cout << "\nrecorded turn:\n"
                  << replay::render_turn(recorded, difference.turn) << "\nnew turn:\n";
        if (difference.turn <= static_cast<int>(fresh.turns.size()))
            std::cout << replay::render_turn(fresh, difference.turn);
        else
            std::cout << "  (the new game ended before it)\n";
    }
    std::cout << "new game: " << fresh.turns.size() << " turns, " << one_line(fresh.reason) << "\n";
}

}  // namespace

CLI::App* add_replay_command(CLI::App& app, ReplayArgs& args) {
    CLI::App* command = app.add_subcommand(
        "replay",
        "Play a logged game again and compare it turn by turn (exit 0 identical, 1 different)");
    command->add_option("log", args.log_file, "A match log (arena play --log, or games/*.json)")
        ->required()
        ->check(CLI::ExistingFile);
    command
        ->add_option("--bot", args.bot_overrides,
                     "Replace a seat's bot: SEAT=COMMAND, e.g. --bot 1=\"./new_bot\" (seats "
                     "from 0)")
        ->allow_extra_args(false);
    command->add_flag("--script", args.script,
                      "Run no bot: feed the recorded outputs to the referee and check every "
                      "input, verdict and the result");
    numbers::add_whole_number(
        command, "--turn", args.turn, {1, std::numeric_limits<int>::max()},
        "Print turn N readably: the board as text, input, output, time, error");
    command->add_option("--log", args.new_log, "Write the new game's log to this file");
    command->add_flag("-v,--verbose", args.verbose, "Print every turn as it is played");
    return command;
}

int run_replay_command(const ReplayArgs& args) {
    const Recorded recorded = read_recorded(args.log_file);
    if (args.script) return run_script_check(args, recorded);

    const std::vector<match::PlayerSpec> players = players_of_replay(args, recorded.log);
    match::MatchOptions options;
    if (args.verbose) {
        options.on_turn = [](const match::Turn& t) {
            std::printf("turn %3d  seat %d  %9.3f / %d ms  %s\n", t.turn, t.player, t.time_ms,
                        t.limit_ms,
                        t.output ? ("> " + one_line(*t.output)).c_str() : "(no answer)");
        };
    }
    match::MatchLog fresh = match::play_match(*recorded.referee, players, options);
    if (const int signal = process::interrupt_signal()) {
        std::cerr << "interrupted (" << signal_name(signal) << "): the replay did not finish\n";
        return process::interrupted_exit_code(signal);
    }
    fresh.seed = recorded.log.seed;
    fresh.testcase = recorded.log.testcase;
    fresh.testcase_text = recorded.log.testcase_text;
    if (!args.new_log.empty())
        files::write_atomically(args.new_log, match::dump_json(match::to_json(fresh), 1) + "\n");
    const auto difference = replay::compare(recorded.log, fresh);
    if (difference) {
        print_parting(*difference, recorded.log, fresh);
        return 1;
    }
    std::cout << "identical: " << fresh.turns.size() << " turns, same inputs and outputs, "
              << "result: " << one_line(fresh.reason) << "\n";
    if (args.turn > 0) std::cout << "\n" << replay::render_turn(fresh, args.turn);
    return 0;
}

}  // namespace arena::cli
