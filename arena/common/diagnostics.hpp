// The arena's own diagnostics: what the process layer decided (spawns, containment, signals sent,
// reaps) and what the tournament did (scheduling, resume, locks).
//
// They go through one spdlog logger, to stderr or to a file (--diagnostics FILE), never to stdout,
// so they are never mixed into the bots' text, a --json log or the standings. Off by default
// (warnings only); --log-level or ARENA_LOG_LEVEL chooses more:
//   trace  every message to and from the process layer (each turn's spawn, signals, waits)
//   debug  decisions: containment chosen, limits applied, signals sent, reaps, resume, locks
//   info   the run's big steps: schedule size, games started and ended
//   warn   (default) only what the user should look at
#pragma once

#include <spdlog/spdlog.h>

#include <filesystem>
#include <optional>
#include <string>

namespace arena::diagnostics {

// The arena's logger. Until configure() is called: stderr, warnings and errors only.
spdlog::logger& log();

// The level names configure() accepts, for --help: "trace, debug, info, warn, error, off".
std::string level_names();

// True for a name configure() accepts as a level, in any case ("DEBUG" too).
bool known_level(const std::string& level);

// Sets the level and where diagnostics go: `file` (appended to, created if missing) or stderr.
// Throws arena::Error for an unknown level name or a file that cannot be opened.
void configure(const std::string& level, const std::optional<std::filesystem::path>& file);

// ARENA_LOG_LEVEL when it is set and not empty, else "warn".
std::string level_from_environment();

}  // namespace arena::diagnostics
