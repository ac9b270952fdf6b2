// `arena tournament CONFIG`: every bot of a config over its boards or seeds, in parallel, into an
// output directory that can be resumed; standings, failures and the report at the end.
// Exit codes: 0 the run ended (whatever the bots did), 2 an arena error (main), 128+N when
// interrupted by signal N (the standings are then marked partial).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/cli/bot_options.hpp"

namespace arena::cli {

struct TournamentArgs {
    std::string config_file;  // empty with --resume: the run's own OUT/config.json
    std::string out;
    int concurrency = 0;
    bool resume = false;
    std::optional<std::size_t> games;
    std::vector<std::string> replace;  // bots whose old version's games are moved aside
    std::optional<std::string> shard;  // "I/N": play shard I of N of the schedule (shards.hpp)
    BotLimitArgs limits;
    std::optional<long> startup_ms;  // --startup-ms: the config's "time": {"startup_ms"}
};

CLI::App* add_tournament_command(CLI::App& app, TournamentArgs& args);

// `program` is how the user ran arena (argv[0]), for the command that goes on.
int run_tournament_command(const TournamentArgs& args, const std::string& program);

}  // namespace arena::cli
