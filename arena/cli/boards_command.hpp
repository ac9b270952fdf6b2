// `arena boards`: the built-in CodinGame SameGame boards, their titles and best known scores.
#pragma once

#include <CLI/CLI.hpp>

namespace arena::cli {

CLI::App* add_boards_command(CLI::App& app);

int run_boards_command();

}  // namespace arena::cli
