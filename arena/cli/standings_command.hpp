// `arena standings`: placeholder, completed by the shards engineer (issue 17).
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
int run_standings_command(const StandingsArgs& args);

}  // namespace arena::cli
