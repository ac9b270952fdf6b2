// Issue 17, item 5: tournament::for_each_result reads results.jsonl line by line (blocks, never
// the whole file) with the reader's checks: a cut last line left out with a note, a repeated
// identical line counted once with a note, another record with a known id an error naming both
// lines. Records keep per-seat turn-time histograms; old lines with every turn's time still read.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arena/common/files.hpp"
#include "arena/tournament/record.hpp"

namespace {

using namespace arena;
namespace fs = std::filesystem;

tournament::GameRecord record(const std::string& id, int winner = 0) {
    tournament::GameRecord r;
    r.id = id;
    r.game = "diceshogi";
    r.seed = 7;
    r.group = id;
    r.players = {"a", "b"};
    r.scores = {winner == 0 ? 1 : -1, winner == 0 ? -1 : 1};
    r.ranks = {winner == 0 ? 1 : 2, winner == 0 ? 2 : 1};
    r.outcomes = {match::Outcome::ok, match::Outcome::ok};
    r.details = {"", ""};
    r.reason = "r";
    r.turns = 6;
    r.mean_turn_ms = {1, 1};
    r.max_turn_ms = {20, 3};
    r.turn_ms = {{7.5, 0.12, 0.12, 12.51}, {0.3, 0.2}};
    r.log = "games/" + id + ".json";
    return r;
}

std::string line_of(const tournament::GameRecord& r) {
    return tournament::to_json(r).dump() + "\n";
}

fs::path write(const std::string& name, const std::string& text) {
    const fs::path path = fs::temp_directory_path() / ("arena_streaming_" + name + ".jsonl");
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

const tournament::ResultsExpectations kDuel{"diceshogi", {"a", "b"}, 2};

std::vector<tournament::GameRecord> read_all(const fs::path& path, tournament::ResultsFile* file) {
    std::vector<tournament::GameRecord> records;
    *file = tournament::for_each_result(
        path, [&](tournament::GameRecord&& r) { records.push_back(std::move(r)); }, kDuel);
    return records;
}

}  // namespace

TEST_CASE("a lean line keeps the turn times as a histogram and reads back") {
    const std::string line = line_of(record("g1"));
    CHECK(line.find("\"turn_ms\"") == std::string::npos);
    CHECK(line.find("\"turn_hist\":[[[0.12,2],[7.5,1],[12.5,1]],[[0.2,1],[0.3,1]]]") !=
          std::string::npos);
    CHECK(line.find("\"first_turn_ms\":[7.5,0.3]") != std::string::npos);
    tournament::ResultsFile file;
    const auto records = read_all(write("lean", line), &file);
    REQUIRE(records.size() == 1);
    // The first turn first, the others ascending; 12.51 ms is within 0.2 % (a bin's lower edge).
    CHECK(records[0].turn_ms[0] == std::vector<double>{7.5, 0.12, 0.12, 12.5});
    CHECK(records[0].turn_ms[1] == std::vector<double>{0.3, 0.2});
}

TEST_CASE("an old line with every turn's time still reads") {
    nlohmann::ordered_json old = tournament::to_json(record("g1"));
    old.erase("turn_hist");
    old.erase("first_turn_ms");
    old["turn_ms"] = {{1.5, 2}, {3}};
    tournament::ResultsFile file;
    const auto records = read_all(write("old", old.dump() + "\n"), &file);
    REQUIRE(records.size() == 1);
    CHECK(records[0].turn_ms[0] == std::vector<double>{1.5, 2});
}

TEST_CASE("streamed: a cut last line, a repeated line, many blocks") {
    std::string text;
    for (int i = 0; i < 4000; ++i) text += line_of(record("s" + std::to_string(i), i % 2));
    const std::string repeated = line_of(record("s5", 1));
    text += repeated;  // line 4001 repeats line 6 exactly
    const std::string whole = text;
    text += line_of(record("s9999")).substr(0, 40);  // cut by a kill
    CHECK(text.size() > (1u << 20));                 // more than one block
    tournament::ResultsFile file;
    const auto records = read_all(write("many", text), &file);
    CHECK(records.size() == 4000);
    CHECK(file.complete_bytes == whole.size());
    REQUIRE(file.notes.size() == 2);
    CHECK(file.notes[0].find("line 4001 repeats line 6 exactly: that game is counted once") !=
          std::string::npos);
    CHECK(file.notes[1].find("line 4002 was cut short") != std::string::npos);
}

TEST_CASE("streamed: a known id with another result, a damaged line, a missing file") {
    const std::string text =
        line_of(record("g1", 0)) + line_of(record("g2")) + line_of(record("g1", 1));
    tournament::ResultsFile file;
    CHECK_THROWS_WITH_AS(read_all(write("reused", text), &file),
                         doctest::Contains("line 3: game id 'g1' is already used by line 1 with "
                                           "another result: remove the wrong one"),
                         tournament::ResultsError);
    CHECK_THROWS_WITH_AS(read_all(write("damaged", line_of(record("g1")) + "{oops\n"), &file),
                         doctest::Contains("line 2 is damaged (not a JSON record)"),
                         tournament::ResultsError);
    CHECK_THROWS_AS(read_all(fs::temp_directory_path() / "arena_streaming_none.jsonl", &file),
                    files::FileError);
}
