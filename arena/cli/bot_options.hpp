// The bot options of every command that runs bots (play, tournament, replay, gate), in one place:
// `play --bot COMMAND`, `replay --bot SEAT=COMMAND`, the limit options (--max-memory, ...,
// --sandbox) and the check that a limit or the sandbox can be had here before any game starts.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::cli {

// --max-memory, --max-cpu-seconds, --max-processes, --max-file-size, --sandbox.
struct BotLimitArgs {
    std::optional<long> memory_mb, cpu_seconds, processes, file_size_mb;
    bool sandbox = false;
};

// Declares the limit options on `command`; the values land in `limits`.
void add_limit_options(CLI::App* command, BotLimitArgs& limits);

// Command-line limits apply to every bot, over what its config says.
void apply_limit_args(const BotLimitArgs& args, match::PlayerSpec& bot);
void apply_limit_args(const BotLimitArgs& args, std::vector<match::PlayerSpec>& bots);

// A sandbox or a limit that cannot be had here is an arena error (process::SpawnError), said
// before any game starts (never a run whose every game is a "could not start" crash).
void check_limits_and_sandbox(const std::vector<match::PlayerSpec>& bots);

// One --bot of `play` and `match`: "COMMAND" or "NAME=COMMAND", either with "@DIR" at the end
// for the bot's working directory ("mine=python3 bot.py@bots/mine"). NAME is letters, digits
// and "_.+-" (so "./bot --depth=3" is a command, not a name).
struct BotArg {
    std::string name;         // empty: named after its program
    std::string command;      // a command line, or a source file (built before the games)
    std::string working_dir;  // empty: the arena's
};

// Throws Error naming the --bot when it has no command, or an empty name or directory.
BotArg parse_bot_arg(const std::string& text);

// The bots of `play` and `match`, one per --bot in seat order: named by NAME= or after their
// programs (made unique), with the command-line limits, each command checked ("--bot NAME:
// ..." when it cannot be run).
std::vector<match::PlayerSpec> bots_from_args(const std::vector<std::string>& args,
                                              const BotLimitArgs& limits);

// --time-scale, --time-margin-ms, --no-time-limit of `play` and `match`.
struct TimeArgs {
    std::optional<double> scale;
    std::optional<long> margin_ms;
    bool no_limit = false;
};
void add_time_options(CLI::App* command, TimeArgs& time);
void apply_time_args(const TimeArgs& time, match::MatchOptions& options);

// `play`'s bots, one per --bot command in seat order: named after their programs, with the
// command-line limits, each command checked ("--bot: ..." when it cannot be run).
std::vector<match::PlayerSpec> bots_from_commands(const std::vector<std::string>& commands,
                                                  const BotLimitArgs& limits);

// `replay --bot SEAT=COMMAND`: the seat's bot runs COMMAND and is named "<name> (replaced)".
void replace_bots(std::vector<match::PlayerSpec>& players,
                  const std::vector<std::string>& overrides);

}  // namespace arena::cli
