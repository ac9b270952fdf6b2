#include "arena/cli/merge_command.hpp"

#include "arena/common/error.hpp"

namespace arena::cli {

CLI::App* add_merge_command(CLI::App& app, MergeArgs& args) {
    CLI::App* command = app.add_subcommand("merge", "(not yet)");
    command->add_option("dirs", args.dirs, "Result directories")->required();
    return command;
}

int run_merge_command(const MergeArgs& args) {
    (void)args;
    throw Error("merge: not yet");
}

}  // namespace arena::cli
