// `arena merge DIR... --out DIR`: the N shard directories of one run (`arena tournament CONFIG
// --shard I/N`) joined into one directory, as a one-machine run of the same schedule writes it:
// config.json, results.jsonl in schedule order, the games' logs, manifest.json (a merge of N
// shards), standings and report.html. The shards are checked first (one run, each shard once,
// every game there) and only read. Exit codes: 0 merged, 2 refused (the message names the
// directory, the fault and what to do). docs/shards.md.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace arena::cli {

struct MergeArgs {
    std::vector<std::string> dirs;
    std::string out;
};

CLI::App* add_merge_command(CLI::App& app, MergeArgs& args);
// `program` is how the user ran arena (argv[0]), for the commands the messages give.
int run_merge_command(const MergeArgs& args, const std::string& program);

}  // namespace arena::cli
