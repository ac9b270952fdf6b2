// `arena boards`: the built-in test cases of the games that have them (CodinGame's SameGame
// boards), their titles and best known scores.
#pragma once

#include <CLI/CLI.hpp>

namespace arena::cli {

CLI::App* add_boards_command(CLI::App& app);

int run_boards_command();

}  // namespace arena::cli
