// `arena referee GAME [--seed S] [--testcase T]`: one of arena's exact built-in referees as an
// external referee for other tools, speaking cg-brutaltester's referee protocol on stdin/stdout
// (docs/other-games.md): "###Start N" in, "###Input P" / "###Output P K" / "###End ..." out.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace arena::cli {

struct RefereeArgs {
    std::string game;
    std::optional<std::int64_t> seed;
    std::string testcase;
    // No "###Error P TEXT" lines (the errors on stderr only): cg-brutaltester's -o mode loops
    // forever on one, as its runner reads no further line after it.
    bool no_error_lines = false;
};

CLI::App* add_referee_command(CLI::App& app, RefereeArgs& args);
int run_referee_command(const RefereeArgs& args);

}  // namespace arena::cli
