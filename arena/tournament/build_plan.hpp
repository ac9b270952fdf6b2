// How one source bot is built (bot_build.hpp): its language, its build command, the compiler
// found for it, what the sandbox shows the build, and the cache key, which covers everything
// the build may read: the whole folder of the source, the compiler and the command.
// Private to arena/tournament.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "arena/match/match.hpp"
#include "arena/process/job.hpp"
#include "arena/tournament/bot_languages.hpp"

namespace arena::tournament {

// A source bot's folder is hashed whole for each run and shown whole to its build: beyond these
// the bot is asked to live in a folder of its own.
inline constexpr std::size_t kMaxFolderEntries = 2000;
inline constexpr std::uintmax_t kMaxFolderBytes = 64ull << 20;

struct Toolchain {
    std::string program;      // the compiler that runs (absolute)
    std::string root;         // shown read-only to a sandboxed build; "" under the system dirs
    std::string fingerprint;  // its path, content hash and version: part of the cache key
};

struct BuildPlan {
    const Language* language = nullptr;  // nullptr: an unknown extension with its own build
    std::string build;             // the build command; {source}, {dir} and {out} still to replace
    std::string run;               // the bot's command line, placeholders not replaced
    std::string key;               // cache key (hex); empty: nothing to build
    bool sandbox = false;          // the build runs in the --sandbox
    std::filesystem::path folder;  // the source's folder, resolved: all the build is shown
    std::string source_word;       // {source}: as given, or (sandboxed) the file's name
    std::string working_dir;       // where the build runs: the bot's, or (sandboxed) `folder`
    Toolchain tool;                // default builds only
};

// The plan of `bot`'s build. Compilers are asked their version (and root) with `run_job`, once
// each (`known`). Throws BuildError naming the bot when its source is missing, of an unknown
// language, its compiler missing, or its folder too big.
BuildPlan plan_build(const match::PlayerSpec& bot, const process::JobRunner& run_job,
                     const std::filesystem::path& cache, std::map<std::string, Toolchain>& known);

// `text` with each {name} of `values` replaced by its shell-quoted value.
std::string expand(std::string text, const std::map<std::string, std::string>& values);

// The environment a build gets besides the sandbox's (never the arena's whole environment):
// PATH, HOME, LANG and the toolchains' own homes (rustup, cargo, Go), when set.
std::vector<std::string> build_environment();

}  // namespace arena::tournament
