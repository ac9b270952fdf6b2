// read_config on an already parsed config, as the gate reads the tournament part of its config
// (ConfigReadOptions), the public field reader (config_fields.hpp) and test cases from files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/tournament/config.hpp"
#include "arena/tournament/config_fields.hpp"

namespace fs = std::filesystem;
using namespace arena;
using tournament::ConfigError;
using tournament::ConfigReadOptions;

namespace {

const fs::path kFile = "gates/g.json";
const std::string kBots =
    R"("bots": [{"name": "cand", "command": "a"}, {"name": "base", "command": "b"}])";

// The options the gate reads its config with: "gate" and "candidate" are its own, and it plays
// the candidate's games only.
ConfigReadOptions gate_options() {
    ConfigReadOptions options;
    options.caller_fields = {"gate", "candidate"};
    options.versus_format = tournament::Format::gauntlet;
    options.versus_format_why =
        "a gate plays the candidate's games only: use \"gauntlet\" or leave it out";
    return options;
}

tournament::TournamentConfig read(const std::string& text, const ConfigReadOptions& options = {}) {
    return tournament::read_config(nlohmann::json::parse(text), kFile, options);
}

std::string error_of(const std::string& text, const ConfigReadOptions& options = {}) {
    try {
        read(text, options);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("read_config reads a parsed config as load_config_text reads its text") {
    const std::string text = R"({"game": "diceshogi", )" + kBots +
                             R"(, "seeds": {"count": 3, "master": 7}, "games_per_seed": 2,
        "format": "gauntlet", "candidate": "base", "time": {"scale": 2}, "concurrency": 3})";
    const auto parsed = read(text);
    const auto loaded = tournament::load_config_text(text, kFile);
    CHECK(parsed.game == loaded.game);
    CHECK(parsed.seeds == loaded.seeds);
    CHECK(parsed.master_seed == 7);
    CHECK(parsed.games_per_seed == 2);
    CHECK(parsed.format == tournament::Format::gauntlet);
    CHECK(parsed.candidate == 1);
    CHECK(parsed.time_scale == 2.0);
    CHECK(parsed.concurrency == 3);
    CHECK(parsed.seed_count_given);
}

TEST_CASE("the gate's options: its own fields pass, the format is the gauntlet") {
    const auto config = read(
        R"({"game": "diceshogi", )" + kBots + R"(, "candidate": "base", "gate": {"sprt": {}}})",
        gate_options());
    CHECK(config.format == tournament::Format::gauntlet);
    CHECK(config.candidate == 0);  // "candidate" is the caller's to read
    CHECK(
        read(R"({"game": "tsuro", "format": "gauntlet", )" + kBots + "}", gate_options()).format ==
        tournament::Format::gauntlet);
    CHECK(error_of(R"({"game": "diceshogi", "format": "round-robin", )" + kBots + "}",
                   gate_options()) ==
          "gates/g.json: field 'format': a gate plays the candidate's games only: use "
          "\"gauntlet\" or leave it out");
    // The format is checked before any other field, as the gate did before it read the rest.
    CHECK(error_of(R"({"game": "diceshogi", "format": 3, "colour": 1, )" + kBots + "}",
                   gate_options())
              .find("field 'format'") != std::string::npos);
    // Other unknown fields are still refused, with the tournament's list and (issue 16) the
    // caller's own fields.
    CHECK(error_of(R"({"game": "diceshogi", "colour": 1, )" + kBots + "}", gate_options()) ==
          "gates/g.json: field 'colour': unknown field (known: game, bots, boards, seeds, "
          "games_per_seed, players_per_game, format, candidate, seat_orders, time, concurrency, "
          "out, limits, sandbox, games, logs, log_compression, referee, build_timeout, gate; see "
          "configs/README.md)");
    // A puzzle has no format: "format" is refused as before, "candidate" is the caller's.
    CHECK(read(R"({"game": "samegame", "boards": [6], "candidate": "cand", "gate": {}, )" + kBots +
                   "}",
               gate_options())
              .testcases.size() == 1);
    CHECK(
        error_of(R"({"game": "samegame", "format": "gauntlet", )" + kBots + "}", gate_options()) ==
        "gates/g.json: field 'format': not used by samegame (a 1-player game on boards; every "
        "bot plays every board)");
}

TEST_CASE("without options, the gate's fields are refused") {
    CHECK(error_of(R"({"game": "diceshogi", "gate": {}, )" + kBots + "}")
              .find("field 'gate': unknown field") != std::string::npos);
    CHECK(error_of(R"({"game": "diceshogi", "candidate": "cand", )" + kBots + "}") ==
          "gates/g.json: field 'candidate': only used with \"format\": \"gauntlet\"");
    CHECK(error_of(R"({"game": "samegame", "candidate": "cand", )" + kBots + "}")
              .find("field 'candidate': not used by samegame") != std::string::npos);
}

TEST_CASE("seed_count_given: whether the config says how many seeds") {
    const std::string head = R"({"game": "diceshogi", )" + kBots;
    CHECK_FALSE(read(head + "}").seed_count_given);
    CHECK(read(head + "}").seeds.size() == 10);
    CHECK(read(head + R"(, "seeds": 3})").seed_count_given);
    CHECK(read(head + R"(, "seeds": {"count": 4}})").seed_count_given);
    CHECK_FALSE(read(head + R"(, "seeds": {"master": 4}})").seed_count_given);
    const auto listed = read(head + R"(, "seeds": [5, -6]})");
    CHECK(listed.seed_count_given);
    CHECK_FALSE(listed.master_seed);
    CHECK(listed.seeds == std::vector<std::int64_t>{5, -6});
}

TEST_CASE("parse_config_text: the JSON object of a config, or a ConfigError naming the file") {
    CHECK(tournament::parse_config_text("{\"a\": 1 /* why */}", kFile)["a"] == 1);
    CHECK_THROWS_WITH_AS(tournament::parse_config_text("[1]", kFile),
                         "gates/g.json: must be a JSON object", ConfigError);
    CHECK_THROWS_AS(tournament::parse_config_text("{", kFile), ConfigError);
}

TEST_CASE("FieldReader: one message form for every field, on json and ordered_json") {
    const nlohmann::json root = {{"n", 5}};
    const tournament::FieldReader fields(kFile, root);
    CHECK(fields.find("n") != nullptr);
    CHECK(fields.find("m") == nullptr);
    CHECK_THROWS_WITH_AS(fields.fail("gate.x", "is wrong"),
                         "gates/g.json: field 'gate.x': is wrong", ConfigError);
    const nlohmann::ordered_json value = nlohmann::ordered_json::parse(R"({"a": 1.5, "b": "s",
        "c": true, "d": 51, "e": -9223372036854775808})");
    CHECK(fields.number(value["a"], "a") == 1.5);
    CHECK_THROWS_WITH_AS(fields.number(value["b"], "gate.b"),
                         "gates/g.json: field 'gate.b': must be a number, got \"s\"", ConfigError);
    CHECK(fields.string(value["b"], "b") == "s");
    CHECK_THROWS_WITH_AS(fields.string(value["a"], "a"),
                         "gates/g.json: field 'a': must be a string, got number", ConfigError);
    CHECK(fields.boolean(value["c"], "c"));
    CHECK_THROWS_WITH_AS(fields.boolean(value["a"], "a"),
                         "gates/g.json: field 'a': must be true or false", ConfigError);
    CHECK_THROWS_WITH_AS(fields.whole_number(value["d"], "d", 1, 50),
                         "gates/g.json: field 'd': must be a whole number from 1 to 50, got 51",
                         ConfigError);
    CHECK(fields.seed(value["e"], "e") == std::numeric_limits<std::int64_t>::min());

    const nlohmann::json seeds = nlohmann::json::parse(R"({"count": 2, "master": 3})");
    const tournament::SeedList list = fields.seeds(&seeds);
    CHECK(list.seeds == tournament::seeds_from_master(3, 2));
    CHECK(list.master == 3);
    CHECK(list.count_given);
    const nlohmann::json twice = nlohmann::json::parse("[1, 1]");
    CHECK_THROWS_WITH_AS(fields.seeds(&twice), "gates/g.json: field 'seeds[1]': 1 is listed twice",
                         ConfigError);
}

TEST_CASE("testcase_from_file: a board file read, checked with the game's check") {
    const fs::path dir = fs::temp_directory_path() / "arena_test_testcase_from_file";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const referee::GameInfo& samegame = referee::game_info("samegame");
    const std::string text = referee::default_testcase(samegame).text;
    std::ofstream(dir / "mine.txt") << text;
    const referee::Testcase board = tournament::testcase_from_file(samegame, dir / "mine.txt");
    CHECK(board.name == "mine");
    CHECK(board.title == (dir / "mine.txt").string());
    CHECK(board.text == text);
    CHECK(board.board_number == 0);
    std::ofstream(dir / "bad.txt") << "1 2 3\n";
    try {
        tournament::testcase_from_file(samegame, dir / "bad.txt");
        FAIL("a bad board was accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).rfind("board file '" + (dir / "bad.txt").string() + "': ", 0) ==
              0);
    }
    CHECK_THROWS_AS(tournament::testcase_from_file(samegame, dir / "missing.txt"),
                    std::invalid_argument);
    fs::remove_all(dir);
}

// ---- issue 16 item 8: unknown fields named with the closest known one; trailing commas --------

namespace {

std::string load_error(const std::string& text) {
    try {
        tournament::load_config_text(text, kFile);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("a misspelled bot field is named as unknown, with the field it was meant to be") {
    const auto starts_with = [](const std::string& text, const std::string& start) {
        return text.rfind(start, 0) == 0;
    };
    // It was reported as "field 'bots[0].command': missing". (The list of a bot's known fields
    // grows with features: only its start is checked.)
    CHECK(starts_with(load_error(R"({"game": "diceshogi", "bots": [{"name": "a", "comand": "x"},
                         {"name": "b", "command": "y"}]})"),
                      "gates/g.json: field 'bots[0].comand': unknown field: did you mean "
                      "'command'? (known: name, command, "));
    CHECK(
        starts_with(load_error(R"({"game": "samegame", "bots": [{"command": "x", "Name": "a"}]})"),
                    "gates/g.json: field 'bots[0].Name': unknown field: did you mean 'name'? "
                    "(known: name, command, "));
    const std::string far =
        load_error(R"({"game": "samegame", "bots": [{"command": "x", "workdir": "a"}]})");
    CHECK(starts_with(far,
                      "gates/g.json: field 'bots[0].workdir': unknown field (known: name, "
                      "command, "));
    CHECK(far.find("working_dir") != std::string::npos);
}

TEST_CASE("every object of a config names its unknown fields with the closest known one") {
    const std::string head = R"({"game": "diceshogi", )" + kBots;
    CHECK(load_error(head + R"(, "seed": 5})") ==
          "gates/g.json: field 'seed': unknown field: did you mean 'seeds'? (known: game, bots, "
          "boards, seeds, games_per_seed, players_per_game, format, candidate, seat_orders, time, "
          "concurrency, out, limits, sandbox, games, logs, log_compression, referee, "
          "build_timeout; see "
          "configs/README.md)");
    CHECK(load_error(head + R"(, "player_per_games": 2})")
              .find("field 'player_per_games': unknown field: did you mean 'players_per_game'?") !=
          std::string::npos);
    CHECK(load_error(head + R"(, "colour": 1})")
              .find("field 'colour': unknown field (known: game, bots,") != std::string::npos);
    CHECK(load_error(head + R"(, "limits": {"memory": 5}})") ==
          "gates/g.json: field 'limits.memory': unknown field: did you mean 'memory_mb'? (known: "
          "memory_mb, cpu_seconds, processes, file_size_mb)");
    CHECK(load_error(R"({"game": "diceshogi", "bots": [{"name": "a", "command": "x",
                         "limits": {"cpu_second": 1}}, {"name": "b", "command": "y"}]})") ==
          "gates/g.json: field 'bots[0].limits.cpu_second': unknown field: did you mean "
          "'cpu_seconds'? (known: memory_mb, cpu_seconds, processes, file_size_mb)");
    CHECK(load_error(head + R"(, "time": {"scale": 2, "margin": 5}})") ==
          "gates/g.json: field 'time.margin': unknown field: did you mean 'margin_ms'? (known: "
          "scale, margin_ms, startup_ms)");
    CHECK(load_error(head + R"(, "seeds": {"cuont": 5}})") ==
          "gates/g.json: field 'seeds.cuont': unknown field: did you mean 'count'? (known: "
          "count, master)");
    // The unknown field is named before the fields it would have set are checked.
    CHECK(load_error(head + R"(, "time": {"scale": 0, "margn_ms": 5}})")
              .find("field 'time.margn_ms': unknown field") != std::string::npos);
    // The caller's own fields are known fields too.
    CHECK(error_of(R"({"game": "diceshogi", "gates": {}, )" + kBots + "}", gate_options())
              .find("field 'gates': unknown field: did you mean 'gate'?") != std::string::npos);
}

TEST_CASE("closest_name: a slip of the keyboard, in any case, or nothing") {
    const std::vector<std::string> known = {"name", "command", "working_dir", "limits", "sandbox"};
    CHECK(tournament::closest_name("comand", known) == "command");
    CHECK(tournament::closest_name("commnad", known) == "command");  // two letters swapped
    CHECK(tournament::closest_name("COMMAND", known) == "command");
    CHECK(tournament::closest_name("nmae", known) == "name");
    CHECK(tournament::closest_name("working_directory", known) == "working_dir");
    CHECK(tournament::closest_name("limit", known) == "limits");
    CHECK_FALSE(tournament::closest_name("program", known));
    CHECK_FALSE(tournament::closest_name("x", known));
    CHECK_FALSE(tournament::closest_name("", known));
    CHECK(tournament::unknown_field_text("comand", {"command"}) ==
          "unknown field: did you mean 'command'? (known: command)");
    CHECK(tournament::unknown_field_text("zzz", {"command"}, "command, for bots") ==
          "unknown field (known: command, for bots)");
}

TEST_CASE("trailing commas are accepted in arrays and objects, nested, around comments") {
    const auto config = tournament::load_config_text(R"({
        "game": "diceshogi",
        "bots": [
            {"name": "a,]", "command": "x",},  // a comma inside a string stays
            {"name": "b", "command": "y , }", "limits": {"memory_mb": 64,},},
        ],
        "seeds": [1, 2, 3, /* the last one */ ],
        "time": {"scale": 2, "margin_ms": 5, // more to come
        },
    })",
                                                     kFile);
    CHECK(config.bots.size() == 2);
    CHECK(config.bots[0].name == "a,]");
    CHECK(config.bots[1].command == "y , }");
    CHECK(config.bots[1].limits->memory_mb == 64);
    CHECK(config.seeds == std::vector<std::int64_t>{1, 2, 3});
    CHECK(config.time_scale == 2);
    CHECK(tournament::without_trailing_commas(R"({"a": [1, "x,]",], "b": "\",}",})") ==
          R"({"a": [1, "x,]" ], "b": "\",}" })");
    // A comment that holds a comma and a bracket is left as it is.
    CHECK(tournament::without_trailing_commas("[1 /* ,] */, // ,}\n]") == "[1 /* ,] */  // ,}\n]");
}

TEST_CASE("a comma without a value before it is still refused, at its line") {
    const std::string head = "{\n  \"game\": \"diceshogi\",\n  ";
    CHECK(load_error(head + "\"seeds\": [,],\n" + kBots + "}")
              .find("gates/g.json: not valid JSON: parse error at line 3") != std::string::npos);
    CHECK(load_error(head + "\"seeds\": [1,,],\n" + kBots + "}")
              .find("gates/g.json: not valid JSON: parse error at line 3") != std::string::npos);
    CHECK(load_error(head + "\"seeds\": ,\n" + kBots + "}")
              .find("gates/g.json: not valid JSON: parse error at line 3") != std::string::npos);
    CHECK(load_error("{,}").find("not valid JSON: parse error at line 1, column 2") !=
          std::string::npos);
    CHECK(load_error("{\"game\": \"diceshogi\",,\n" + kBots + "}")
              .find("not valid JSON: parse error at line 1") != std::string::npos);
}

TEST_CASE("the game is named in any case; the config keeps the registry's name (issue 16)") {
    CHECK(read(R"({"game": "DiceShogi", )" + kBots + "}").game == "diceshogi");
    CHECK(read(R"({"game": "TSURO", )" + kBots + "}").game == "tsuro");
    CHECK(read(R"({"game": "SameGame", "boards": [1], )" + kBots + "}").game == "samegame");
    // The gate's fixed format applies to a game named in any case too.
    CHECK(error_of(R"({"game": "DiceShogi", "format": "round-robin", )" + kBots + "}",
                   gate_options()) ==
          "gates/g.json: field 'format': a gate plays the candidate's games only: use "
          "\"gauntlet\" or leave it out");
    CHECK(error_of(R"({"game": "chess", )" + kBots + "}") ==
          "gates/g.json: field 'game': unknown game 'chess': known games are samegame, "
          "diceshogi, tsuro");
}

TEST_CASE("number fields say their range in words and what was given (issue 16)") {
    const std::string head = R"({"game": "diceshogi", )" + kBots;
    // A range of one number is said as that number, not "from 2 to 2".
    CHECK(load_error(head + R"(, "players_per_game": 3})") ==
          "gates/g.json: field 'players_per_game': must be 2, got 3");
    CHECK(load_error(head + R"(, "seeds": "many"})") ==
          "gates/g.json: field 'seeds': must be a count (e.g. 50), {\"count\": N, \"master\": S}, "
          "or a non-empty list of seeds, got \"many\"");
    CHECK(load_error(head + R"(, "games_per_seed": 0.5})") ==
          "gates/g.json: field 'games_per_seed': must be a whole number from 1 to 1000, got 0.5");
    CHECK(load_error(head + R"(, "time": {"scale": true}})") ==
          "gates/g.json: field 'time.scale': must be a number from 0.01 to 1000 (1 = CodinGame's "
          "limits), got true");
}
