// `arena standings DIR...`: the standings of the games already in one or more result directories,
// recomputed and printed without playing: a tournament's, a match's or a merge's directory, or
// shards of one run (checked as `arena merge` checks them; missing shards are allowed and said:
// "standings of 2 of 3 shards"). Each results.jsonl is streamed, never held. Exit 2 on bad
// input (a directory without results, shards of different runs, ...).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace arena::cli {

struct StandingsArgs {
    std::vector<std::string> dirs;
    std::string out;
};

CLI::App* add_standings_command(CLI::App& app, StandingsArgs& args);
// `program` is how the user ran arena (argv[0]), for the commands the messages give.
int run_standings_command(const StandingsArgs& args, const std::string& program);

}  // namespace arena::cli
