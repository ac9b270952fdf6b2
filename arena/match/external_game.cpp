#include "arena/match/external_game.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "arena/match/brutaltester_referee.hpp"
#include "arena/match/play_game.hpp"
#include "arena/match/sdk_runner.hpp"

namespace arena::match {

const char* to_string(RefereeProtocol protocol) {
    return protocol == RefereeProtocol::sdk_runner ? "sdk-runner" : "brutaltester";
}

std::optional<RefereeProtocol> protocol_from_string(const std::string& text) {
    if (text == "brutaltester") return RefereeProtocol::brutaltester;
    if (text == "sdk-runner") return RefereeProtocol::sdk_runner;
    return std::nullopt;
}

namespace {

// The fields of a spec, in the order to_json writes them.
constexpr const char* kSpecFields[] = {"name",          "command",     "protocol",   "players",
                                       "first_turn_ms", "turn_ms",     "time_rules", "timebank_ms",
                                       "seeded",        "working_dir", "sandbox"};
// The longest turn limit a referee may ask for: an hour (a bot in a debugger has --no-time-limit).
constexpr int kMaxTurnMs = 3'600'000;
constexpr int kMaxExternalPlayers = 8;

std::string known_spec_fields() {
    std::string text;
    for (const char* field : kSpecFields) text += (text.empty() ? "" : ", ") + std::string(field);
    return text;
}

[[noreturn]] void refuse(const std::string& field, const std::string& what) {
    throw std::invalid_argument("field '" + field + "': " + what);
}

std::string string_field(const nlohmann::json& json, const char* field) {
    const nlohmann::json& value = json.at(field);
    if (!value.is_string())
        refuse(field, "must be a string, got " + std::string(value.type_name()));
    return value.get<std::string>();
}

// A game's name becomes part of file names and game ids: lowercase letters, digits, '-', '_'.
std::string checked_name(const std::string& name) {
    const bool fits =
        !name.empty() && name.size() <= 64 &&
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") == std::string::npos;
    if (!fits)
        refuse("name", "'" + name +
                           "': use 1 to 64 lowercase letters, digits, '-' or '_' (it names the "
                           "game in results and file names), e.g. \"spring-challenge\"");
    return name;
}

int whole(const nlohmann::json& value, const std::string& field, int min, int max,
          const std::string& what) {
    if (!value.is_number_integer() || value.get<std::int64_t>() < min ||
        value.get<std::int64_t>() > max)
        refuse(field, what + ", got " + value.dump());
    return static_cast<int>(value.get<std::int64_t>());
}

int positive_ms(const nlohmann::json& value, const char* field) {
    return whole(value, field, 1, kMaxTurnMs,
                 "must be a whole number of milliseconds from 1 to " + std::to_string(kMaxTurnMs));
}

// "players": N, or [min, max]: 1 to 8, as CodinGame seats them (an SDK runner takes -p1 to
// -p8; a brutaltester referee's one-digit indexes would allow 10, arena's tables stop at 8).
void read_players(const nlohmann::json& json, ExternalGameSpec& spec) {
    if (!json.contains("players"))
        refuse("players", "missing: how many players a game seats, N or [min, max], e.g. 2");
    constexpr int most = kMaxExternalPlayers;
    const std::string range = "from 1 to " + std::to_string(most);
    const nlohmann::json& players = json["players"];
    if (players.is_array()) {
        if (players.size() != 2)
            refuse("players", "a range is [min, max], e.g. [2, 4], got " + players.dump());
        spec.min_players = whole(players[0], "players[0]", 1, most, "must be " + range);
        spec.max_players = whole(players[1], "players[1]", 1, most, "must be " + range);
        if (spec.min_players > spec.max_players)
            refuse("players", "[min, max] with min <= max, got " + players.dump());
        return;
    }
    if (!players.is_number())
        refuse("players", "must be a number or [min, max], got " + players.dump());
    spec.min_players = spec.max_players = whole(players, "players", 1, most, "must be " + range);
}

struct Specs {
    std::mutex lock;
    std::map<std::string, ExternalGameSpec> by_game;
};
Specs& specs() {
    static Specs all;
    return all;
}

// What makes two specs one referee: all but how it is contained (a run sandboxed with --sandbox
// and its config.json without it are one game).
nlohmann::ordered_json same_referee_json(const ExternalGameSpec& spec) {
    nlohmann::ordered_json json = to_json(spec);
    json.erase("sandbox");
    return json;
}

referee::GameInfo entry_of(const ExternalGameSpec& spec) {
    referee::GameInfo game;
    game.name = spec.name;
    game.title = spec.name;
    game.min_players = spec.min_players;
    game.max_players = spec.max_players;
    game.kind = spec.max_players >= 2 ? referee::GameKind::versus : referee::GameKind::puzzle;
    game.seeded = spec.seeded;
    game.standings = spec.max_players >= 2 ? referee::StandingsKind::elo_ratings
                                           : referee::StandingsKind::validator_totals;
    game.viewer_script = "games/generic.js";
    if (spec.protocol == RefereeProtocol::brutaltester) {
        // The spec as it is when the game starts: contain_external_game may sandbox it later.
        game.make = [name = spec.name](const referee::GameSetup& setup) {
            return make_brutaltester_referee(*external_game_spec(name), setup);
        };
    }
    return game;
}

// "time_rules" and "timebank_ms", refused as the SDK refuses them (GameManager.setTimebank).
void read_time_rules(const nlohmann::json& json, ExternalGameSpec& spec) {
    if (json.contains("time_rules")) {
        const std::string text = string_field(json, "time_rules");
        const std::optional<TimeRules> rules = time_rules_from_string(text);
        if (!rules)
            refuse("time_rules", "'" + text +
                                     "': use \"plain\" (a turn past its limit is a timeout) or "
                                     "\"codingame-4.7.7\" (SDK 4.7.7's overruns)");
        spec.time_rules = *rules;
    }
    if (!json.contains("timebank_ms")) return;
    if (json.contains("first_turn_ms") || json.contains("turn_ms"))
        refuse("timebank_ms",
               "a timebank replaces the per-turn limits: give either timebank_ms or "
               "first_turn_ms/turn_ms, not both (the SDK's setTimebank refuses both too)");
    spec.timebank_ms = positive_ms(json["timebank_ms"], "timebank_ms");
    if (*spec.timebank_ms < kMinTimebankMs)
        refuse("timebank_ms", std::to_string(*spec.timebank_ms) + " ms: use at least " +
                                  std::to_string(kMinTimebankMs) + " ms (the SDK's least)");
    if (static_cast<long>(*spec.timebank_ms) * spec.max_players > kMaxTimebankTotalMs)
        refuse("timebank_ms", std::to_string(*spec.timebank_ms) + " ms for each of " +
                                  std::to_string(spec.max_players) + " players: the SDK allows " +
                                  std::to_string(kMaxTimebankTotalMs) + " ms in all, at most " +
                                  std::to_string(kMaxTimebankTotalMs / spec.max_players) +
                                  " ms per player");
}

}  // namespace

const referee::GameInfo& register_external_game(const ExternalGameSpec& spec) {
    // Named, then moved in: GCC 14 takes a reference returned for a temporary argument as
    // dangling (-Wdangling-reference), though the registry keeps the entry.
    referee::GameInfo entry = entry_of(spec);
    const referee::GameInfo& game = referee::add_game(std::move(entry));
    {
        Specs& all = specs();
        const std::lock_guard<std::mutex> hold(all.lock);
        const auto [known, added] = all.by_game.emplace(game.name, spec);
        // The same game registered again (a run's config.json, then its logs) is one game; two
        // referees under one name would mix their games' results.
        if (!added && same_referee_json(known->second) != same_referee_json(spec))
            throw std::invalid_argument("two different referees are named '" + spec.name + "' (" +
                                        to_json(known->second).dump() + " and " +
                                        to_json(spec).dump() + "): give each its own \"name\"");
    }
    if (spec.protocol == RefereeProtocol::sdk_runner) {
        add_game_runner(game.name, [name = game.name](const referee::GameSetup& setup,
                                                      const std::vector<PlayerSpec>& players,
                                                      const MatchOptions& options) {
            return play_sdk_runner_game(*external_game_spec(name), setup, players, options);
        });
    }
    return game;
}

void contain_external_game(const std::string& game, const process::Limits& limits) {
    Specs& all = specs();
    const std::lock_guard<std::mutex> hold(all.lock);
    const auto known = all.by_game.find(game);
    if (known == all.by_game.end()) return;
    known->second.sandbox = true;
    known->second.limits = limits;
}

const ExternalGameSpec* external_game_spec(const std::string& game) {
    Specs& all = specs();
    const std::lock_guard<std::mutex> hold(all.lock);
    const auto found = all.by_game.find(game);
    return found == all.by_game.end() ? nullptr : &found->second;
}

nlohmann::ordered_json to_json(const ExternalGameSpec& spec) {
    nlohmann::ordered_json json;
    json["name"] = spec.name;
    json["command"] = spec.command;
    json["protocol"] = to_string(spec.protocol);
    json["players"] = {spec.min_players, spec.max_players};
    if (!spec.timebank_ms) {  // a timebank replaces them
        json["first_turn_ms"] = spec.first_turn_ms;
        json["turn_ms"] = spec.turn_ms;
    }
    if (spec.time_rules != TimeRules::plain) json["time_rules"] = to_string(spec.time_rules);
    if (spec.timebank_ms) json["timebank_ms"] = *spec.timebank_ms;
    json["seeded"] = spec.seeded;
    if (!spec.working_dir.empty()) json["working_dir"] = spec.working_dir;
    if (spec.sandbox) json["sandbox"] = true;
    return json;
}

ExternalGameSpec external_game_from_json(const nlohmann::json& json) {
    if (!json.is_object())
        throw std::invalid_argument(
            "must be an object such as {\"command\": \"python3 "
            "referee.py\", \"players\": 2}");
    for (const auto& [key, value] : json.items()) {
        if (std::find(std::begin(kSpecFields), std::end(kSpecFields), key) == std::end(kSpecFields))
            refuse(key, "unknown field (known: " + known_spec_fields() + ")");
    }
    ExternalGameSpec spec;
    spec.name = "external";
    if (json.contains("name")) spec.name = checked_name(string_field(json, "name"));
    if (!json.contains("command"))
        refuse("command", "missing: the referee's command line, e.g. \"python3 referee.py\"");
    spec.command = string_field(json, "command");
    if (spec.command.find_first_not_of(" \t") == std::string::npos)
        refuse("command", "must not be empty: the referee's command line");
    if (json.contains("protocol")) {
        const std::string protocol = string_field(json, "protocol");
        const auto known = protocol_from_string(protocol);
        if (!known)
            refuse("protocol", "'" + protocol +
                                   "': use \"brutaltester\" (a referee process arena drives) or "
                                   "\"sdk-runner\" (a runner that plays the whole game)");
        spec.protocol = *known;
    }
    read_players(json, spec);
    if (json.contains("first_turn_ms"))
        spec.first_turn_ms = positive_ms(json["first_turn_ms"], "first_turn_ms");
    if (json.contains("turn_ms")) spec.turn_ms = positive_ms(json["turn_ms"], "turn_ms");
    read_time_rules(json, spec);
    if (json.contains("seeded")) {
        if (!json["seeded"].is_boolean()) refuse("seeded", "must be true or false");
        spec.seeded = json["seeded"].get<bool>();
    }
    // An unseeded game has no seed to put in: every game would fail at its start.
    if (!spec.seeded && spec.command.find("{seed}") != std::string::npos)
        refuse("command",
               "has {seed} but the game is not seeded (\"seeded\": false): take {seed} "
               "out of the command or make the game seeded");
    if (json.contains("working_dir")) spec.working_dir = string_field(json, "working_dir");
    if (json.contains("sandbox")) {
        if (!json["sandbox"].is_boolean()) refuse("sandbox", "must be true or false");
        spec.sandbox = json["sandbox"].get<bool>();
    }
    return spec;
}

}  // namespace arena::match
