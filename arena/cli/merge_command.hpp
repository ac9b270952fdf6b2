// `arena merge`: placeholder, completed by the shards engineer (issue 17).
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
int run_merge_command(const MergeArgs& args);

}  // namespace arena::cli
