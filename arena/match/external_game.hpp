// A game arena has no built-in referee for, played through an external one (docs/other-games.md):
// cg-brutaltester's referee protocol (a referee process, arena drives the bots) or an SDK
// referee runner (a program that plays the whole game and writes the SDK's result JSON).
//
// register_external_game adds it to the registry (referees/registry.hpp), so that every layer
// above finds it by name as it finds SameGame; match logs carry the spec, so that a replay or
// `arena view` of a log registers the game again from the log alone.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "arena/match/time_rules.hpp"
#include "arena/process/bot_process.hpp"
#include "referees/registry.hpp"

namespace arena::match {

enum class RefereeProtocol {
    brutaltester,  // convention 1: "###Start N", "###Input P", "###Output P K", "###End ..."
    sdk_runner,    // convention 2: CMD -p1 .. -pN -seed S -l result.json
};
const char* to_string(RefereeProtocol protocol);  // "brutaltester", "sdk-runner"
std::optional<RefereeProtocol> protocol_from_string(const std::string& text);

// The text an external game may pass through arena (the referee's lines, the bots' answers), in
// all: what a game's log keeps of it. A real game is far below (20,000 turns of 800 bytes each);
// a referee that sends more ends as a referee failure naming this bound, the turns played kept.
// It bounds the arena's memory for a game and the size of its log (arena/common/log_files.hpp).
constexpr std::size_t kMaxExternalGameBytes = std::size_t{16} << 20;

struct ExternalGameSpec {
    std::string name;     // the game's name in configs, logs and results (default "external")
    std::string command;  // the referee's (or runner's) command line; "{seed}" is the game's seed
    RefereeProtocol protocol = RefereeProtocol::brutaltester;
    int min_players = 2;
    int max_players = 2;
    int first_turn_ms = 1000;  // the bots' limits: the protocols have none
    int turn_ms = 100;
    // The SDK's time rules the game's bots are timed by ("time_rules"), and a timebank per player
    // for the whole game instead of per-turn limits ("timebank_ms"). A brutaltester referee's
    // bots are timed by arena; an SDK runner times its bots itself, by its own SDK's rules.
    TimeRules time_rules = TimeRules::plain;
    std::optional<int> timebank_ms;
    bool seeded = true;       // games get seeds (and "{seed}" is replaced)
    std::string working_dir;  // where the referee runs; empty: the arena's working directory
    // A referee is trusted code by default, like a config. Sandboxed (--sandbox, "sandbox": true),
    // it runs as a bot does: the same sandbox, environment allow-list and `limits`.
    bool sandbox = false;
    process::Limits limits{};  // not in logs or configs: the command line's --max-* options
};

// The game's registry entry, added once (referee::add_game). Throws std::invalid_argument when
// the name is a built-in game's or another external game's with other players.
const referee::GameInfo& register_external_game(const ExternalGameSpec& spec);

// Runs the referee (or runner) of the registered external `game` in the sandbox, with `limits`
// (--sandbox on a command whose config names the referee). Before any game; no-op for a
// built-in game.
void contain_external_game(const std::string& game, const process::Limits& limits);

// The spec of a registered external game, or nullptr for a built-in game or an unknown name.
const ExternalGameSpec* external_game_spec(const std::string& game);

// The spec as a match log and a config write it, and back. from_json throws
// std::invalid_argument naming the field and the fault.
nlohmann::ordered_json to_json(const ExternalGameSpec& spec);
ExternalGameSpec external_game_from_json(const nlohmann::json& json);

}  // namespace arena::match
