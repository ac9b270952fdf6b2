// `arena tune CONFIG [--out DIR] [--concurrency N]` and `arena tune --resume --out DIR`: SPSA over
// seat-fair games (arena/tune/, docs/tune.md). Exit codes: 0 the tune ran all its iterations,
// 2 refused (a config field, a directory in use or holding another run), the interrupt's code
// when interrupted (--resume goes on).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace arena::cli {

struct TuneArgs {
    std::string config;
    std::string out;
    int concurrency = 0;
    bool resume = false;
};

CLI::App* add_tune_command(CLI::App& app, TuneArgs& args);
// `program` is how the user ran arena (argv[0]), for the command that goes on.
int run_tune_command(const TuneArgs& args, const std::string& program);

}  // namespace arena::cli
