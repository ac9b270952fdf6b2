#include "arena/cli/boards_command.hpp"

#include <cstdio>
#include <string>

#include "referees/registry.hpp"

namespace arena::cli {

CLI::App* add_boards_command(CLI::App& app) {
    std::string what;  // "the 50 built-in CodinGame SameGame boards"
    for (const referee::GameInfo& game : referee::games()) {
        if (game.testcases.form != referee::TestcaseForm::catalogue) continue;
        what += (what.empty() ? "the " : " and the ") +
                std::to_string(referee::builtin_testcase_count(game)) + " built-in CodinGame " +
                game.title + " " + game.testcases.noun + "s";
    }
    return app.add_subcommand("boards", "List " + what);
}

// Every game with a catalogue of built-in test cases (SameGame's boards) lists it.
int run_boards_command() {
    for (const referee::GameInfo& game : referee::games()) {
        if (game.testcases.form != referee::TestcaseForm::catalogue) continue;
        std::printf("%-7s %-40s %-10s %s\n", game.testcases.noun.c_str(), "title", "kind",
                    "best known");
        for (const referee::Testcase& t : game.testcases.builtins()) {
            std::printf("%-7d %-40s %-10s %s\n", t.board_number, t.title.c_str(),
                        t.validator ? "validator" : "test",
                        t.best_known ? std::to_string(t.best_known).c_str() : "-");
        }
    }
    return 0;
}

}  // namespace arena::cli
