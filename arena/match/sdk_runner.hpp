// An SDK referee runner (convention 2, docs/other-games.md): a program that plays a whole game
// itself, `CMD -p1 "<bot 1>" ... -seed S -l result.json`, each bot run through arena's wrapper
// (containment, limits, sandbox), its result JSON turned into arena's match log.
//
// How a game goes: arena makes a private temporary directory; per seat K a JSON file (the bot's
// command, working directory, limits, sandbox) and a tiny executable script `pK` that runs
// `<wrapper> __wrap-bot <dir>/pK.json`. The runner gets `-pK <dir>/pK` (a path without blanks, so
// it runs whether the runner splits the command at blanks, as Runtime.exec(String) does, or runs
// it as one program), `-seed S` (seeded games) and `-l <dir>/result.json`. The runner itself runs
// as a bot does (contained, its whole process tree ended at the end), under a bound on its whole
// time. The wrapper (arena/cli/wrap_command.hpp) starts the real bot with arena's process layer
// and relays lines both ways; the runner's clock times the bot (arena cannot); the wrapper writes
// how the bot ended to `pK.end.json`, so that a crash is told from a timeout.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/match/external_game.hpp"
#include "arena/match/match.hpp"
#include "arena/match/sdk_result.hpp"
#include "arena/process/bot_process.hpp"
#include "referees/referee.hpp"

namespace arena::match {

// The bound on a runner's whole game (it plays all turns of all bots itself): generous, since
// arena knows neither the number of turns nor the runner's own start-up (a JVM). A runner still
// running then is ended and the game is a referee failure. Scaled by MatchOptions::time_scale;
// MatchOptions::no_time_limit makes it kNoTimeLimitMs. $ARENA_RUNNER_TIMEOUT_MS (milliseconds)
// replaces it, as $ARENA_REFEREE_TIMEOUT_MS does a cg-brutaltester referee's bound.
inline constexpr std::chrono::milliseconds kSdkRunnerBound = std::chrono::minutes(10);

// Plays one game of `spec` with `players`. Never throws for what the runner or a bot did: a
// runner that fails, or whose JSON is missing or malformed, makes a log with referee_failure set
// ("runner '<command>': <what happened> (its stderr ends: ...)"), seats with no score or rank.
MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options);
// The same with an explicit bound on the runner's time instead of kSdkRunnerBound.
MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options,
                              std::chrono::milliseconds bound);

// ---- the bot wrapper's side ----

// The hidden `arena` command that wraps one bot for a runner: `arena __wrap-bot FILE.json`.
inline constexpr const char* kWrapBotCommand = "__wrap-bot";

// The program run as `<program> __wrap-bot FILE`: $ARENA_SDK_WRAPPER when set (tests, embedders),
// else the running program itself (/proc/self/exe: the arena).
std::string sdk_bot_wrapper_program();

// What the wrapper needs to start one bot: its argv and options (working dir, limits, sandbox,
// kill grace), and where to write how it ended (WrappedBotEnd as JSON).
struct WrappedBot {
    std::vector<std::string> argv;
    process::BotOptions options;
    std::string end_file;
};
nlohmann::json to_json(const WrappedBot& bot);
// Throws std::invalid_argument naming the field.
WrappedBot wrapped_bot_from_json(const nlohmann::json& json);

// How the bot ended, as the wrapper writes it to WrappedBot::end_file and arena reads it back
// (known = false when the file is missing or unreadable: a wrapper that was killed).
nlohmann::json to_json(const WrappedBotEnd& end);
WrappedBotEnd read_wrapped_bot_end(const std::string& file);

}  // namespace arena::match
