// The bot wrapper of arena/cli/wrap_command.hpp as a program of its own, for the tests of the
// SDK runner (tests/external/sdk_runner.cmake): `arena-sdk-wrap-test __wrap-bot FILE.json`, what
// `arena __wrap-bot FILE.json` runs, without the rest of arena.
#include "arena/cli/wrap_command.hpp"

int main(int argc, char** argv) {
    return arena::cli::run_wrap_bot_command(argc, argv);
}
