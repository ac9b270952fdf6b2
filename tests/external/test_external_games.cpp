// External games through every layer (issue 18, item 1; docs/other-games.md): the spec's checks
// (external_game_from_json), a config's "referee" in place of "game", and the match log's
// "referee" and "referee_failure" written and read back (a log alone registers its game).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/match/external_game.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/replay/replay.hpp"
#include "arena/tournament/config.hpp"
#include "referees/registry.hpp"

namespace {

using arena::match::external_game_from_json;
using nlohmann::json;

// The message of external_game_from_json's refusal of `spec`, or "" when it is accepted.
std::string refusal(const json& spec) {
    try {
        external_game_from_json(spec);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

// The message of the config's refusal, or "" when it loads.
std::string config_refusal(const std::string& text) {
    try {
        arena::tournament::load_config_text(text, "cfg.json");
    } catch (const arena::tournament::ConfigError& e) {
        return e.what();
    }
    return "";
}

const json kGood = {{"command", "python3 referee.py --seed {seed}"}, {"players", 2}};

json with(json spec, const std::string& key, const json& value) {
    spec[key] = value;
    return spec;
}

}  // namespace

TEST_CASE("a referee spec: defaults and every field read") {
    const auto spec = external_game_from_json(kGood);
    CHECK(spec.name == "external");
    CHECK(spec.command == "python3 referee.py --seed {seed}");
    CHECK(spec.protocol == arena::match::RefereeProtocol::brutaltester);
    CHECK(spec.min_players == 2);
    CHECK(spec.max_players == 2);
    CHECK(spec.seeded);

    const auto full = external_game_from_json({{"name", "nim_3-b"},
                                               {"command", "java -jar r.jar"},
                                               {"protocol", "sdk-runner"},
                                               {"players", {2, 4}},
                                               {"first_turn_ms", 500},
                                               {"turn_ms", 25},
                                               {"seeded", false},
                                               {"working_dir", "refs"}});
    CHECK(full.name == "nim_3-b");
    CHECK(full.protocol == arena::match::RefereeProtocol::sdk_runner);
    CHECK(full.min_players == 2);
    CHECK(full.max_players == 4);
    CHECK(full.first_turn_ms == 500);
    CHECK(full.turn_ms == 25);
    CHECK_FALSE(full.seeded);
    CHECK(full.working_dir == "refs");
    // to_json and back: the same spec (a log and a run's config.json carry it so).
    CHECK(arena::match::to_json(external_game_from_json(arena::match::to_json(full))) ==
          arena::match::to_json(full));
}

TEST_CASE("a referee spec: each wrong field is named with its fault") {
    CHECK(refusal(json::array()).find("must be an object") != std::string::npos);
    CHECK(refusal({{"players", 2}}) ==
          "field 'command': missing: the referee's command line, e.g. \"python3 referee.py\"");
    CHECK(refusal(with(kGood, "command", "")).find("field 'command': must not be empty") == 0);
    CHECK(refusal(with(kGood, "command", "  ")).find("field 'command': must not be empty") == 0);
    CHECK(refusal(with(kGood, "command", 5)) == "field 'command': must be a string, got number");
    CHECK(refusal(with(kGood, "protocol", "cgarena"))
              .find("field 'protocol': 'cgarena': use \"brutaltester\"") == 0);
    CHECK(refusal({{"command", "x"}}).find("field 'players': missing") == 0);
    CHECK(refusal(with(kGood, "players", 0)).find("field 'players': must be from 1 to 8") == 0);
    CHECK(refusal(with(kGood, "players", 9)).find("field 'players': must be from 1 to 8") == 0);
    CHECK(refusal(with(kGood, "players", 2.5)).find("field 'players': must be from 1 to 8") == 0);
    CHECK(refusal(with(kGood, "players", "2")).find("field 'players': must be a number") == 0);
    CHECK(refusal(with(kGood, "players", {3, 2})).find("min <= max") != std::string::npos);
    CHECK(refusal(with(kGood, "players", {2})).find("a range is [min, max]") != std::string::npos);
    CHECK(refusal(with(kGood, "players", {0, 2})).find("field 'players[0]'") == 0);
    CHECK(refusal(with(kGood, "players", {2, 9})).find("field 'players[1]'") == 0);
    CHECK(refusal(with(kGood, "first_turn_ms", 0)).find("field 'first_turn_ms': must be a whole") ==
          0);
    CHECK(refusal(with(kGood, "turn_ms", -5)).find("field 'turn_ms': must be a whole") == 0);
    CHECK(refusal(with(kGood, "turn_ms", "50")).find("field 'turn_ms'") == 0);
    CHECK(refusal(with(kGood, "seeded", "yes")) == "field 'seeded': must be true or false");
    // {seed} in an unseeded game's command: every game would fail at its start.
    CHECK(refusal(with(kGood, "seeded", false))
              .find("field 'command': has {seed} but the game is "
                    "not seeded") == 0);
    CHECK(refusal(with(kGood, "name", "My Game"))
              .find("field 'name': 'My Game': use 1 to 64 "
                    "lowercase letters") == 0);
    CHECK(refusal(with(kGood, "name", "")).find("field 'name'") == 0);
    CHECK(refusal(with(kGood, "name", "a/b")).find("field 'name'") == 0);
    CHECK(refusal(with(kGood, "comand", "x")) ==
          "field 'comand': unknown field (known: name, command, protocol, players, "
          "first_turn_ms, turn_ms, time_rules, timebank_ms, seeded, working_dir, sandbox)");
}

TEST_CASE("a config's \"referee\" registers the game in place of \"game\"") {
    const auto config = arena::tournament::load_config_text(
        R"({"referee": {"name": "toy-nim", "command": "python3 toy_referee.py --seed {seed}",
                        "players": [2, 3], "turn_ms": 50},
            "bots": [{"name": "a", "command": "a"}, {"name": "b", "command": "b"}],
            "seeds": [1, 2]})",
        "cfg.json");
    CHECK(config.game == "toy-nim");
    CHECK(config.players_per_game == 2);
    const arena::referee::GameInfo* game = arena::referee::find_game("toy-nim");
    REQUIRE(game != nullptr);
    CHECK(game->external);
    CHECK(game->kind == arena::referee::GameKind::versus);
    CHECK(game->viewer_script == "games/generic.js");
    const arena::match::ExternalGameSpec* spec = arena::match::external_game_spec("toy-nim");
    REQUIRE(spec != nullptr);
    CHECK(spec->turn_ms == 50);
    CHECK(spec->max_players == 3);
    // The same config again (a run's config.json read by standings, view, --resume): one game.
    CHECK_NOTHROW(arena::tournament::load_config_text(
        R"({"referee": {"name": "toy-nim", "command": "python3 toy_referee.py --seed {seed}",
                        "players": [2, 3], "turn_ms": 50},
            "bots": [{"name": "a", "command": "a"}, {"name": "b", "command": "b"}]})",
        "cfg.json"));
}

TEST_CASE("a config's \"referee\": refusals name the config field") {
    const std::string bots =
        R"("bots": [{"name": "a", "command": "a"}, {"name": "b", "command": "b"}])";
    CHECK(config_refusal(R"({"game": "diceshogi", "referee": {"command": "r", "players": 2}, )" +
                         bots + "}")
              .find("cfg.json: field 'referee': a config has \"game\"") == 0);
    CHECK(config_refusal(R"({"referee": {"players": 2}, )" + bots + "}")
              .find("cfg.json: field 'referee.command': missing") == 0);
    CHECK(config_refusal(R"({"referee": {"command": "r", "players": 2, "protocol": "x"}, )" + bots +
                         "}")
              .find("cfg.json: field 'referee.protocol': 'x'") == 0);
    CHECK(config_refusal(R"({"referee": {"command": "r", "players": [1, 9]}, )" + bots + "}")
              .find("cfg.json: field 'referee.players[1]': must be from 1 to 8") == 0);
    CHECK(
        config_refusal(R"({"referee": {"command": "r", "players": 2, "turn_ms": 0}, )" + bots + "}")
            .find("cfg.json: field 'referee.turn_ms'") == 0);
    CHECK(
        config_refusal(R"({"referee": {"command": "r", "players": 2, "seeded": 1}, )" + bots + "}")
            .find("cfg.json: field 'referee.seeded'") == 0);
    CHECK(
        config_refusal(R"({"referee": {"command": "r", "players": 2, "name": "X"}, )" + bots + "}")
            .find("cfg.json: field 'referee.name'") == 0);
    CHECK(config_refusal(R"({"referee": {"command": "r", "players": 2, "cmd": 1}, )" + bots + "}")
              .find("cfg.json: field 'referee.cmd': unknown field") == 0);
    CHECK(config_refusal(R"({"referee": "python3 r.py", )" + bots + "}")
              .find("cfg.json: field 'referee': must be an object") == 0);
    // A built-in game's name, and two referees under one name.
    CHECK(config_refusal(R"({"referee": {"command": "r", "players": 2, "name": "tsuro"}, )" + bots +
                         "}")
              .find("cfg.json: field 'referee.name': the game name 'tsuro' is a built-in") == 0);
    CHECK(config_refusal(R"({"referee": {"command": "r1", "players": 2, "name": "twice"}, )" +
                         bots + "}") == "");
    CHECK(config_refusal(R"({"referee": {"command": "r2", "players": 2, "name": "twice"}, )" +
                         bots + "}")
              .find("two different referees are named 'twice'") != std::string::npos);
    // Without either: the message says both ways.
    CHECK(config_refusal("{" + bots + "}").find("or give \"referee\"") != std::string::npos);
}

TEST_CASE("a match log carries the referee's spec and its failure, and registers the game") {
    arena::match::ExternalGameSpec spec;
    spec.name = "logged-game";
    spec.command = "python3 ref.py {seed}";
    spec.min_players = spec.max_players = 2;
    spec.turn_ms = 40;
    arena::match::MatchLog log;
    log.game = spec.name;
    log.external = spec;
    log.seed = 3;
    log.players.resize(2);
    log.players[0].name = "a";
    log.players[1].name = "b";
    arena::match::Turn turn;
    turn.turn = 1;
    turn.input = "5\n";
    turn.output = "1";
    log.turns.push_back(turn);
    log.seats.resize(2);
    log.referee_failure = "referee 'python3 ref.py 3': line 2: 'garbage': not a command";
    log.reason = log.referee_failure;

    const arena::match::Json json = arena::match::to_json(log);
    REQUIRE(json.contains("referee"));
    CHECK(json["referee"]["command"] == "python3 ref.py {seed}");
    CHECK(json["referee"]["turn_ms"] == 40);
    CHECK(json["referee_failure"] == log.referee_failure);
    // A built-in game's log has neither.
    arena::match::MatchLog builtin = log;
    builtin.external.reset();
    builtin.referee_failure.clear();
    CHECK_FALSE(arena::match::to_json(builtin).contains("referee"));
    CHECK_FALSE(arena::match::to_json(builtin).contains("referee_failure"));

    REQUIRE(arena::referee::find_game("logged-game") == nullptr);
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / "arena_test_external_log.json";
    std::ofstream(file) << arena::match::dump_json(json);
    const arena::match::MatchLog back = arena::replay::read_match_log(file);
    std::filesystem::remove(file);
    CHECK(back.referee_failure == log.referee_failure);
    REQUIRE(back.external.has_value());
    CHECK(back.external->command == spec.command);
    CHECK(back.external->turn_ms == 40);
    // Reading the log registered its game: the layers above find it by name.
    const arena::referee::GameInfo* game = arena::referee::find_game("logged-game");
    REQUIRE(game != nullptr);
    CHECK(game->external);
    CHECK(arena::replay::setup_for(back).players == 2);
}

TEST_CASE("a match log whose \"referee\" is wrong is refused, naming the field") {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / "arena_test_external_bad_log.json";
    std::ofstream(file) << R"({"game": "g", "referee": {"name": "g", "players": 2},
        "players": [], "turns": [], "result": {"scores": [], "ranks": [], "outcomes": [],
        "reason": ""}})";
    try {
        arena::replay::read_match_log(file);
        FAIL("the log was read");
    } catch (const arena::replay::LogError& e) {
        CHECK(std::string(e.what()).find("\"referee\": field 'command': missing") !=
              std::string::npos);
    }
    std::filesystem::remove(file);
}
