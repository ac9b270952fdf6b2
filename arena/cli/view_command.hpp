// `arena view SOURCE`: an HTML page to open in a browser, the replay of a match log or the report
// of a tournament directory. Exit codes: 0 written, 2 an arena error (main).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace arena::cli {

struct ViewArgs {
    std::string source;
    std::string output;
};

CLI::App* add_view_command(CLI::App& app, ViewArgs& args);

int run_view_command(const ViewArgs& args);

}  // namespace arena::cli
