// Bots given as source files (`"source": "bots/mine.cpp"` in a config, `--bot mine=bots/mine.cpp`
// on the command line): each is built once per run, before the first game, with the default
// command of its language (bot_languages.hpp) or its own `"build"` command, and its PlayerSpec's
// command becomes the built program. A build is a process::Job: contained like a bot (its whole
// process tree ends with it), bounded in time, memory and output, and with the bot's --sandbox
// it sees only its source's folder (read-only), its compiler and its output directory. Builds
// are cached by a hash of the source's whole folder, the build command and the compiler
// (build_plan.hpp); the built program's content is the bot's identity (bot_identity.hpp).
// docs/bots-from-source.md says it all for users.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"
#include "arena/process/job.hpp"

namespace arena::tournament {

// A source bot that cannot be built: what() names the bot, the source and what to do, with the
// compiler's own message (trimmed).
struct BuildError : arena::Error {
    using arena::Error::Error;
};

// The bounds of every build. Memory and processes hold for the whole build where a cgroup can be
// had (root, or delegation); elsewhere each process's address space is bounded instead.
inline constexpr long kDefaultBuildTimeoutSeconds = 120;
inline constexpr long kBuildMemoryMb = 2048;
inline constexpr long kBuildAddressSpaceMb = 8192;  // a JVM reserves 2-4 GB it does not use
inline constexpr long kBuildProcesses = 1024;  // a JVM starts tens of threads per core
inline constexpr long kBuildOutputMb = 256;   // each file written, and all the output together
inline constexpr long kBuildScratchMb = 512;  // sandboxed: the tmpfs for the compiler's temporaries

struct BuildOptions {
    // Where builds are kept; empty: default_cache_dir().
    std::filesystem::path cache_dir;
    // Wall-clock limit of one build (--build-timeout, "build_timeout"); unset: the default.
    std::optional<long> timeout_seconds{};
    // Runs each build and compiler probe; empty: process::run_job. Tests pass a stand-in.
    process::JobRunner run_job{};
};


// $ARENA_CACHE, else $XDG_CACHE_HOME/arena/builds, else $HOME/.cache/arena/builds.
std::filesystem::path default_cache_dir();

// Builds every bot whose `source` is set (each distinct build once) and sets its `command` (and
// `built`). A bot with a cached build is not built again. Says one line per source bot on
// `progress` ("build: mine: bots/mine.cpp built (C++, 1.4 s)" / "... cached"). Throws
// BuildError before anything else when a source is missing, of an unknown language, its
// compiler is missing, or its build fails, times out, or is interrupted (then
// process::interrupt_signal() is set). A failed build leaves nothing in the cache.
void build_bots(std::vector<match::PlayerSpec>& bots, const BuildOptions& options,
                std::ostream& progress);

// The command line's `--bot NAME=path/to/mine.cpp`: true when `command` is one word naming an
// existing regular file (relative to `working_dir` if given) with a known source extension.
bool looks_like_source(const std::string& command, const std::string& working_dir = "");

// Turns a bot whose command looks_like_source() into a source bot (source = that word, command
// empty); other bots are left as they are.
void source_from_command(match::PlayerSpec& bot);

// The fields that say how a bot is started, for a run's config.json: {"name", "command"} for a
// command bot, {"name", "source"[, "build"]} for a source bot (never the cache's path, so that
// --resume builds again or finds the build in the cache).
nlohmann::ordered_json bot_program_json(const match::PlayerSpec& bot);

}  // namespace arena::tournament
