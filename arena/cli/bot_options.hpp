// The bot options of every command that runs bots (play, tournament, replay, gate), in one place:
// `--bot NAME=COMMAND@DIR` of play, match and replay, the time options, the limit options
// (--max-memory, ...,
// --sandbox) and the check that a limit or the sandbox can be had here before any game starts.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

// --max-memory, --max-cpu-seconds, --max-processes, --max-file-size, --sandbox.
struct BotLimitArgs {
    std::optional<long> memory_mb, cpu_seconds, processes, file_size_mb;
    bool sandbox = false;
    std::optional<long> build_timeout;  // --build-timeout: seconds per build from source
};

// Declares the limit options on `command`; the values land in `limits`.
void add_limit_options(CLI::App* command, BotLimitArgs& limits);

// --build-timeout, in the limits' group; the value lands in `limits.build_timeout`.
void add_build_timeout_option(CLI::App* command, BotLimitArgs& limits);

// Command-line limits apply to every bot, over what its config says.
void apply_limit_args(const BotLimitArgs& args, match::PlayerSpec& bot);
void apply_limit_args(const BotLimitArgs& args, std::vector<match::PlayerSpec>& bots);

// A sandbox or a limit that cannot be had here is an arena error (process::SpawnError), said
// before any game starts (never a run whose every game is a "could not start" crash).
void check_limits_and_sandbox(const std::vector<match::PlayerSpec>& bots,
                              const std::vector<std::string>& results_dirs = {});

// One --bot of `play`, `match` and `replay`: "COMMAND" or "NAME=COMMAND", either with "@DIR" at
// the end for the bot's working directory ("mine=python3 bot.py@bots/mine"): the bot runs in DIR,
// as after `cd DIR`, so a relative program or file in COMMAND is found in DIR. NAME is letters,
// digits and "_.+-" (so "./bot --depth=3" is a command, not a name). "@DIR" is the last '@'
// outside quotes with no blank after it: an argument holding an '@' is quoted ("--user='me@host'").
struct BotArg {
    std::string name;         // empty: named after its program
    std::string command;      // a command line, or a source file (built before the games)
    std::string working_dir;  // empty: the arena's
};

// Throws Error naming the --bot when it has no command, or an empty name or directory.
BotArg parse_bot_arg(const std::string& text);

// What --help says of --bot NAME=COMMAND@DIR (play, match): the names and the directory.
extern const char* const kBotArgHelp;

// The bots of `play` and `match`, one per --bot in seat order: named by NAME= or after their
// programs (made unique: "greedy", "random#1", "random#2"), with the command-line limits, each
// checked before any game ("--bot NAME: ..." when its directory or program cannot be used).
std::vector<match::PlayerSpec> bots_from_args(const std::vector<std::string>& args,
                                              const BotLimitArgs& limits);

// Throws Error "<who>: ..." when `bot` cannot be run: its working directory is not a directory
// or its program cannot be found (relative to the working directory).
void check_bot(const match::PlayerSpec& bot, const std::string& who);

// --time-scale, --time-margin-ms, --no-time-limit of `play`, `match` and `replay`.
struct TimeArgs {
    std::optional<double> scale;
    std::optional<long> margin_ms;
    std::optional<long> startup_ms;
    bool no_limit = false;
};
void add_time_options(CLI::App* command, TimeArgs& time);
void apply_time_args(const TimeArgs& time, match::MatchOptions& options);

// --referee, --runner and their options of `play` and `match`: a game played through an external
// referee (docs/other-games.md) instead of a game arena knows.
struct ExternalGameArgs {
    std::string referee;  // --referee CMD: a cg-brutaltester referee (convention 1)
    std::string runner;   // --runner CMD: an SDK referee runner (convention 2)
    std::optional<long> players, first_turn_ms, turn_ms, timebank_ms;
    std::string name;
    std::string time_rules;  // --time-rules: "plain" or "codingame-4.7.7"; empty: plain
    bool given() const { return !referee.empty() || !runner.empty(); }
};
void add_external_game_options(CLI::App* command, ExternalGameArgs& external);

// The game a command plays: GAME (a game arena knows, any case), or the external game of
// --referee / --runner, registered (match::register_external_game) with `bots` players unless
// --players says, its program checked before any game (exit 2 naming it). Throws Error when both
// or neither are given, or an option is wrong; `example` is a command line to show then.
// --sandbox runs an external game's referee or runner as the bots are run: in the sandbox, with
// the limit options. No-op without --sandbox or for a built-in game.
void contain_referee(const std::string& game, const BotLimitArgs& limits);

// The limit options and --sandbox hold for an external referee or runner as for the bots.
const referee::GameInfo& game_of_args(const std::string& game, const ExternalGameArgs& external,
                                      std::size_t bots, const char* example,
                                      const BotLimitArgs& limits = {});

// Throws Error "<who> '<command>': ... No game was played" when `game` is an external game whose
// referee (or runner) cannot be started here: its program or script is missing. Nothing for a
// game arena knows. For every command that plays games (play, match, tournament, gate).
void check_external_referee(const std::string& game, const std::string& who);

// `replay --bot NAME=COMMAND[@DIR]`: the recorded bot named NAME (or, when no recorded bot has
// that name, the bot of seat NAME, from 0) runs COMMAND instead, in DIR or the arena's directory.
// It keeps its name. Returns the seats replaced. Throws Error for a name that is neither.
std::vector<int> replace_bots(std::vector<match::PlayerSpec>& players,
                              const std::vector<std::string>& overrides);

}  // namespace arena::cli
