// The one reader of results.jsonl checks every record: a damaged or foreign line stops with the
// file, the line and the fault (never a crash, never a skewed standing); an exact duplicate counts
// once; a last line cut by a kill is left out.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "arena/tournament/record.hpp"

using arena::tournament::GameRecord;
using arena::tournament::parse_results;
using arena::tournament::ResultsError;
using arena::tournament::ResultsExpectations;
using Json = nlohmann::json;

namespace {

Json record(const std::string& id, const std::string& a = "a", const std::string& b = "b") {
    GameRecord r;
    r.id = id;
    r.game = "diceshogi";
    r.seed = -42;
    r.group = id;
    r.players = {a, b};
    r.scores = {1, 0};
    r.ranks = {1, 2};
    r.outcomes = {arena::match::Outcome::ok, arena::match::Outcome::ok};
    r.details = {"", ""};
    r.reason = "$0 wins";
    r.turns = 12;
    r.mean_turn_ms = {1.5, 2};
    r.max_turn_ms = {3, 4};
    r.turn_ms = {{1, 2}, {2}};
    r.log = "games/" + id + ".json";
    return Json::parse(arena::tournament::to_json(r).dump());
}

std::string lines(std::initializer_list<Json> records) {
    std::string text;
    for (const Json& r : records) text += r.dump() + "\n";
    return text;
}

const ResultsExpectations kDuel{"diceshogi", {"a", "b", "c"}, 2};

// The message of the ResultsError that `text` gives.
std::string fault_of(const std::string& text, const ResultsExpectations& expected = kDuel) {
    try {
        parse_results(text, "dir/results.jsonl", expected);
    } catch (const ResultsError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("good records are read, with every field") {
    const auto file = parse_results(lines({record("g1"), record("g2", "b", "c")}), "r", kDuel);
    REQUIRE(file.records.size() == 2);
    CHECK(file.records[0].seed == -42);
    CHECK(file.records[1].players == std::vector<std::string>{"b", "c"});
    CHECK(file.records[0].turn_ms[1] == std::vector<double>{2});
    CHECK(file.notes.empty());
}

TEST_CASE("a record with a value missing for a seat is an error naming file, line and field") {
    Json r = record("g2");
    r["scores"] = Json::array();
    const std::string message = fault_of(lines({record("g1"), r}));
    CHECK(message.find("'dir/results.jsonl' line 2") != std::string::npos);
    CHECK(message.find("field 'scores' has 0 values for 2 players") != std::string::npos);
    for (const char* field :
         {"ranks", "outcomes", "details", "mean_turn_ms", "max_turn_ms", "first_turn_ms", "turn_hist"}) {
        Json short_one = record("g1");
        short_one[field].erase(1);
        CHECK(fault_of(lines({short_one})).find(std::string("field '") + field + "' has 1") !=
              std::string::npos);
    }
}

TEST_CASE("players must be the config's bots, one per seat of its games") {
    CHECK(fault_of(lines({record("g1", "a", "zed")}))
              .find("'zed' is not a bot of this tournament's config") != std::string::npos);
    Json three = record("g1");
    three["players"].push_back("c");
    CHECK(fault_of(lines({three})).find("has 3 players; a game of this tournament has 2") !=
          std::string::npos);
    CHECK(fault_of(lines({record("g1", "a", "a")})).find("'a' sits twice") != std::string::npos);
    Json other_game = record("g1");
    other_game["game"] = "tsuro";
    CHECK(fault_of(lines({other_game})).find("field 'game' is 'tsuro'") != std::string::npos);
    // Without expectations (a directory whose config cannot be read), any names go.
    CHECK(parse_results(lines({record("g1", "x", "y")}), "r", {}).records.size() == 1);
}

TEST_CASE("types, ranges and required fields are checked") {
    auto with = [](const char* field, const Json& value) {
        Json r = record("g1");
        r[field] = value;
        return fault_of(lines({r}));
    };
    CHECK(with("scores", Json::array({"1", 0})).find("field 'scores[0]' must be") !=
          std::string::npos);
    CHECK(with("ranks", Json::array({1, 3}))
              .find("field 'ranks[1]' must be a whole number from "
                    "1 to 2") != std::string::npos);
    CHECK(with("outcomes", Json::array({"ok", "won"})).find("field 'outcomes[1]'") !=
          std::string::npos);
    CHECK(with("seed", Json::parse("18446744073709551615"))
              .find("field 'seed' must be a signed "
                    "64-bit") != std::string::npos);
    CHECK(with("seed", 1.5).find("field 'seed'") != std::string::npos);
    CHECK(with("turns", -1).find("field 'turns'") != std::string::npos);
    CHECK(with("max_turn_ms", Json::array({1, -3})).find("field 'max_turn_ms[1]'") !=
          std::string::npos);
    CHECK(with("id", "../x").find("field 'id'") != std::string::npos);
    CHECK(with("players", "a").find("field 'players'") != std::string::npos);
    Json no_log = record("g1");
    no_log.erase("log");
    CHECK(fault_of(lines({no_log})).find("field 'log' is missing") != std::string::npos);
    CHECK(fault_of("[1, 2]\n").find("line 1: a record must be a JSON object") != std::string::npos);
    CHECK(fault_of("{\"id\": \n").find("line 1 is damaged (not a JSON record)") !=
          std::string::npos);
}

TEST_CASE("fields the reader does not know are kept out of its way (newer records)") {
    Json r = record("g1");
    r["identity"] = Json::array({"sha256:1", "sha256:2"});
    CHECK(parse_results(lines({r}), "r", kDuel).records.size() == 1);
}

TEST_CASE("bot identities, when a record has them, are one valid identity per seat") {
    Json r = record("g1");
    const Json identity = {{"command", "./a"}, {"working_dir", ""}, {"files", Json::array()}};
    r["identities"] = Json::array({identity, identity});
    CHECK(parse_results(lines({r}), "r", kDuel).records.size() == 1);
    r["identities"].erase(1);
    CHECK(fault_of(lines({r})).find("field 'identities' has 1 values for 2 players") !=
          std::string::npos);
    r["identities"] = Json::array({identity, 42});
    CHECK(fault_of(lines({r})).find("field 'identities[1]' is not a bot identity") !=
          std::string::npos);
}

TEST_CASE("an exact duplicate line counts once, with a note; another record with its id fails") {
    const auto file = parse_results(lines({record("g1"), record("g2"), record("g1")}),
                                    "dir/results.jsonl", kDuel);
    CHECK(file.records.size() == 2);
    REQUIRE(file.notes.size() == 1);
    CHECK(file.notes[0].find("line 3 repeats line 1 exactly") != std::string::npos);

    Json changed = record("g1");
    changed["scores"] = Json::array({0, 1});
    CHECK(fault_of(lines({record("g1"), changed}))
              .find("line 2: game id 'g1' is already used by line 1") != std::string::npos);
}

TEST_CASE("a last line cut by a kill is left out with a note; whole lines end where they end") {
    const std::string whole = lines({record("g1")});
    const std::string torn = whole + record("g2").dump().substr(0, 40);
    const auto file = parse_results(torn, "dir/results.jsonl", kDuel);
    CHECK(file.records.size() == 1);
    CHECK(file.complete_bytes == whole.size());
    REQUIRE(file.notes.size() == 1);
    CHECK(file.notes[0].find("line 2 was cut short") != std::string::npos);
    // Empty lines are skipped; an empty file has no records.
    CHECK(parse_results("\n\n" + whole, "r", kDuel).records.size() == 1);
    CHECK(parse_results("", "r", kDuel).records.empty());
}

TEST_CASE("outcomes are an enum in a record and one of four strings in its JSON") {
    using arena::match::Outcome;
    const ResultsExpectations expected{"diceshogi", {"a", "b"}, 2};
    for (Outcome outcome : {Outcome::ok, Outcome::timeout, Outcome::invalid, Outcome::crash}) {
        CAPTURE(arena::match::to_string(outcome));
        Json line = record("g1");
        line["outcomes"][1] = arena::match::to_string(outcome);
        const GameRecord read = arena::tournament::record_from_json(line, expected);
        CHECK(read.outcomes == std::vector<Outcome>{Outcome::ok, outcome});
        // Written back, the JSON says what it said.
        CHECK(Json::parse(arena::tournament::to_json(read).dump()) == line);
    }
    for (const Json& unknown : {Json("won"), Json("OK"), Json(""), Json("crashed")}) {
        CAPTURE(unknown.dump());
        Json line = record("g1");
        line["outcomes"][1] = unknown;
        try {
            arena::tournament::record_from_json(line, expected);
            FAIL("an unknown outcome was read");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()) ==
                  "field 'outcomes[1]' must be \"ok\", \"timeout\", \"invalid\" or \"crash\", "
                  "got " +
                      unknown.dump());
        }
    }
    Json not_text = record("g1");
    not_text["outcomes"][0] = 3;
    CHECK(fault_of(lines({not_text})).find("field 'outcomes[0]' must be a string, got 3") !=
          std::string::npos);
}
