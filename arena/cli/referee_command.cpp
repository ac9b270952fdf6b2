#include "arena/cli/referee_command.hpp"

#include "arena/common/error.hpp"

namespace arena::cli {

CLI::App* add_referee_command(CLI::App& app, RefereeArgs& args) {
    CLI::App* command = app.add_subcommand(
        "referee", "Be a built-in game's referee for another tool (cg-brutaltester's protocol)");
    command->add_option("game", args.game, "The game")->required();
    return command;
}

int run_referee_command(const RefereeArgs&) {
    throw Error("arena referee: not implemented yet");
}

}  // namespace arena::cli
