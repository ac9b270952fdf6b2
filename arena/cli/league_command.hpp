// `arena league`: a durable league in a directory (docs/league.md): bot versions added as
// snapshots, played continuously with pairings where they decide the table, rated as a
// tournament rates.
//   arena league new DIR GAME [--players N] [limits, --time-scale ...] (or --referee/--runner)
//   arena league add DIR NAME=COMMAND [NAME=COMMAND ...]
//   arena league retire DIR NAME
//   arena league run DIR [--games N] [--concurrency N]
//   arena league show DIR [--json]
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

struct LeagueArgs {
    std::string dir;
    // new
    std::string game;
    ExternalGameArgs external;  // --players also sizes a built-in game's tables
    TimeArgs time;
    BotLimitArgs limits;
    std::string boards;
    std::optional<std::int64_t> seed;
    int min_games = 20;
    int concurrency = 0;
    // add
    std::vector<std::string> bots;
    // retire
    std::string name;
    // run
    std::optional<std::size_t> games;
    // show
    bool json = false;
    // which one
    std::string action;
};

CLI::App* add_league_command(CLI::App& app, LeagueArgs& args);

// `program` is how the user ran arena (argv[0]), for the commands it suggests.
int run_league_command(const LeagueArgs& args, const std::string& program);

}  // namespace arena::cli
