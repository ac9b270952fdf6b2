// `arena play GAME --bot [NAME=]COMMAND[@DIR]...` (or `arena play --referee CMD --bot ...`, a game
// through an external referee: docs/other-games.md): one game, its result on the terminal (or its
// log as JSON). Exit codes: 0 the game was played (whatever the bots did), 2 an arena error (main),
// 128+N when interrupted by signal N.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

struct PlayArgs {
    std::string game;  // empty with --referee / --runner
    ExternalGameArgs external;
    std::vector<std::string> bots;
    std::string testcase;
    std::optional<std::int64_t> seed;
    std::string sfen;
    std::string log_file;
    bool json = false;
    int verbosity = 0;  // -v: each turn's line; -vv: and its input and stderr
    BotLimitArgs limits;
    TimeArgs time;
};

CLI::App* add_play_command(CLI::App& app, PlayArgs& args);

int run_play_command(const PlayArgs& args, const std::string& program);

}  // namespace arena::cli
