#include "arena/cli/standings_command.hpp"

#include "arena/common/error.hpp"

namespace arena::cli {

CLI::App* add_standings_command(CLI::App& app, StandingsArgs& args) {
    CLI::App* command = app.add_subcommand("standings", "(not yet)");
    command->add_option("dirs", args.dirs, "Result directories")->required();
    return command;
}

int run_standings_command(const StandingsArgs& args) {
    (void)args;
    throw Error("standings: not yet");
}

}  // namespace arena::cli
