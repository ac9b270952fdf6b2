#include "arena/match/external_game.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

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

struct Specs {
    std::mutex lock;
    std::map<std::string, ExternalGameSpec> by_game;
};
Specs& specs() {
    static Specs all;
    return all;
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
        game.make = [spec](const referee::GameSetup& setup) {
            return make_brutaltester_referee(spec, setup);
        };
    }
    return game;
}

}  // namespace

const referee::GameInfo& register_external_game(const ExternalGameSpec& spec) {
    const referee::GameInfo& game = referee::add_game(entry_of(spec));
    {
        Specs& all = specs();
        const std::lock_guard<std::mutex> hold(all.lock);
        all.by_game.emplace(game.name, spec);
    }
    if (spec.protocol == RefereeProtocol::sdk_runner) {
        add_game_runner(
            game.name, [spec](const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options) {
                return play_sdk_runner_game(spec, setup, players, options);
            });
    }
    return game;
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
    json["first_turn_ms"] = spec.first_turn_ms;
    json["turn_ms"] = spec.turn_ms;
    json["seeded"] = spec.seeded;
    if (!spec.working_dir.empty()) json["working_dir"] = spec.working_dir;
    return json;
}

ExternalGameSpec external_game_from_json(const nlohmann::json& json) {
    // TODO(E4): checks naming the field and the fault.
    ExternalGameSpec spec;
    spec.name = json.value("name", std::string("external"));
    spec.command = json.at("command").get<std::string>();
    spec.protocol =
        protocol_from_string(json.value("protocol", std::string("brutaltester"))).value();
    const nlohmann::json& players = json.at("players");
    if (players.is_array()) {
        spec.min_players = players.at(0).get<int>();
        spec.max_players = players.at(1).get<int>();
    } else {
        spec.min_players = spec.max_players = players.get<int>();
    }
    spec.first_turn_ms = json.value("first_turn_ms", spec.first_turn_ms);
    spec.turn_ms = json.value("turn_ms", spec.turn_ms);
    spec.seeded = json.value("seeded", spec.seeded);
    spec.working_dir = json.value("working_dir", std::string());
    return spec;
}

}  // namespace arena::match
