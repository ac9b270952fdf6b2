// `arena replay LOG`: a logged game played again by its bots (or some replaced with --bot) and
// compared turn by turn, or with --script checked against the referee without any bot.
// Exit codes: 0 identical (consistent), 1 different, 2 an arena error (main), 128+N when
// interrupted by signal N.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

struct ReplayArgs {
    std::string log_file;
    std::vector<std::string> bot_overrides;  // "NAME=COMMAND[@DIR]", NAME a bot's or a seat
    bool script = false;
    // --script of an external referee's game: the user's referee command, or trust in the log's.
    std::string referee;
    bool trust_log_referee = false;
    int turn = 0;
    std::string new_log;
    int verbosity = 0;  // -v: each turn's line; -vv: and its input and stderr
    TimeArgs time;
};

CLI::App* add_replay_command(CLI::App& app, ReplayArgs& args);

int run_replay_command(const ReplayArgs& args);

}  // namespace arena::cli
