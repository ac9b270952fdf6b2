// `arena match GAME --bot NAME=CMD --bot NAME=CMD ...`: a series between bots without a config
// (cg-brutaltester's `-p1 A -p2 B -n 100`). It is a tournament built from the command line, run
// into an output directory of the same layout (results.jsonl, games/, config.json, standings.*,
// report.html), so that `view`, `replay` and `--resume` work on it:
//   - games between bots (Dice Shogi: 2 bots; Tsuro: 2 to 4): every bot at every table, every
//     seat order of each seed (seat-swapped groups), -n games rounded up to whole groups, or
//     --sprt ELO0 ELO1 (2 bots) stopping when the test decides;
//   - --gauntlet: the first bot plays each other bot (every seat order), the others never play
//     each other; -n is then the games against each;
//   - a puzzle (SameGame): every bot on the same boards (--boards), compared board by board.
// Exit codes: 0 the match ran; with --sprt 0 when the first bot is accepted as stronger (H1), 1
// when it is not (H0 or undecided); 2 an arena error (main); 128+N interrupted by signal N.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

struct MatchArgs {
    std::string game;                      // empty with --resume, --referee or --runner
    ExternalGameArgs external;             // --referee / --runner and their options
    std::vector<std::string> bots;         // --bot NAME=COMMAND[@DIR], in seat order
    std::optional<std::size_t> games;      // -n
    std::vector<std::string> sprt;         // --sprt ELO0 ELO1, as given
    std::optional<std::size_t> max_games;  // --sprt's limit
    std::optional<std::int64_t> seed;      // the master seed of the seeds
    std::string boards;                    // --boards, puzzles only
    bool gauntlet = false;                 // the first bot against each other one, alone
    int concurrency = 0;
    std::string out;
    bool resume = false;
    std::vector<std::string> replace;  // --replace NAME (with --resume): a rebuilt bot's games
    TimeArgs time;
    BotLimitArgs limits;
};

CLI::App* add_match_command(CLI::App& app, MatchArgs& args);

// `program` is how the user ran arena (argv[0]), for the command that goes on.
int run_match_command(const MatchArgs& args, const std::string& program);

}  // namespace arena::cli
