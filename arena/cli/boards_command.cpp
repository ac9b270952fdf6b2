#include "arena/cli/boards_command.hpp"

#include <cstdio>
#include <string>

#include "referees/samegame/boards.hpp"

namespace arena::cli {

CLI::App* add_boards_command(CLI::App& app) {
    return app.add_subcommand("boards", "List the 50 built-in CodinGame SameGame boards");
}

int run_boards_command() {
    std::printf("%-7s %-40s %-10s %s\n", "board", "title", "kind", "best known");
    for (const referee::SameGameBoard& b : referee::samegame_boards()) {
        std::printf("%-7d %-40s %-10s %s\n", b.number, std::string(b.title).c_str(),
                    b.validator ? "validator" : "test",
                    b.best_known ? std::to_string(b.best_known).c_str() : "-");
    }
    return 0;
}

}  // namespace arena::cli
