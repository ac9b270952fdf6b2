// Tournament layer: config errors, the schedule, results.jsonl, resume and SameGame standings.
// Scores are checked against the greedy traces of CodinGame's own engine (tests/data/samegame).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

fs::path write_config(const fs::path& dir, const std::string& json) {
    const fs::path file = dir / "config.json";
    std::ofstream(file) << json;
    return file;
}

std::string config_error(const std::string& json) {
    const fs::path dir = fresh_dir("config_error");
    try {
        tournament::load_config(write_config(dir, json));
    } catch (const tournament::ConfigError& e) {
        return e.what();
    }
    return "";
}

// The final score of CodinGame's engine playing the greedy policy on a board.
int golden_greedy_score(int board) {
    char name[32];
    std::snprintf(name, sizeof name, "test%02d_greedy.txt", board);
    std::ifstream in(fs::path(ARENA_TEST_DATA_DIR) / "samegame/golden" / name);
    std::string line, last;
    while (std::getline(in, line)) {
        if (!line.empty()) last = line;
    }
    REQUIRE(last.rfind("END", 0) == 0);
    return std::stoi(last.substr(last.find("score=") + 6));
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

const std::string kGreedyConfig = R"({
  "game": "samegame",
  "bots": [{"name": "greedy", "command": ")" +
                                  std::string(ARENA_GREEDY_BOT) + R"("},
           {"name": "quitter", "command": "/bin/sh -c 'exit 0'"}],
  "boards": [5, 11, 12, 31]
})";

}  // namespace

TEST_CASE("config errors name the field and what is wrong") {
    CHECK(config_error("[1]").find("must be a JSON object") != std::string::npos);
    CHECK(config_error("{").find("not valid JSON") != std::string::npos);
    CHECK(config_error(R"({"bots": [{"command": "x"}]})").find("'game'") != std::string::npos);
    CHECK(config_error(R"({"game": "chess", "bots": [{"command": "x"}]})").find("'game'") !=
          std::string::npos);
    CHECK(config_error(R"({"game": "samegame"})").find("'bots'") != std::string::npos);
    CHECK(config_error(R"({"game": "samegame", "bots": [{"name": "a"}]})")
              .find("'bots[0].command'") != std::string::npos);
    CHECK(config_error(R"({"game": "samegame", "bots": [{"command": "x"}, {"command": "x"}]})")
              .find("used twice") != std::string::npos);
    CHECK(config_error(R"({"game": "samegame", "bots": [{"command": "x"}], "boards": [51]})")
              .find("'boards[0]'") != std::string::npos);
    CHECK(config_error(R"({"game": "samegame", "bots": [{"command": "x"}], "boards": "some"})")
              .find("'boards'") != std::string::npos);
    CHECK(config_error(R"({"game": "samegame", "bots": [{"command": "x"}], "concurency": 2})")
              .find("'concurency': unknown field") != std::string::npos);
    CHECK(config_error(
              R"({"game": "samegame", "bots": [{"command": "x"}], "boards": ["nofile.txt"]})")
              .find("nofile.txt") != std::string::npos);
}

TEST_CASE("board sets: all 50, the 10 tests, the 40 validators") {
    CHECK(referee::testcase_set(referee::game_info("samegame"), "all").size() == 50);
    CHECK(referee::testcase_set(referee::game_info("samegame"), "tests").size() == 10);
    const auto validators = referee::testcase_set(referee::game_info("samegame"), "validators");
    REQUIRE(validators.size() == 40);
    CHECK(validators.front().name == "test11");
    CHECK(validators.back().name == "test50");
    std::int64_t best = 0;
    for (const auto& t : validators) best += t.best_known;
    CHECK(best == 2 * 87858);  // the js-games.de records, each classic board twice
}

TEST_CASE("the schedule plays every bot on every board once, in a fixed order") {
    const fs::path dir = fresh_dir("schedule");
    const auto config = tournament::load_config(write_config(dir, kGreedyConfig));
    const auto schedule = tournament::make_schedule(config);
    REQUIRE(schedule.size() == 8);
    std::set<std::pair<std::size_t, std::size_t>> pairs;
    for (const auto& g : schedule) pairs.insert({g.testcase, g.seats.at(0)});
    CHECK(pairs.size() == 8);
    CHECK(schedule[0].id == "test05-greedy");
    CHECK(schedule[1].id == "test05-quitter");
    const auto again = tournament::make_schedule(config);
    for (std::size_t i = 0; i < schedule.size(); ++i) CHECK(again[i].id == schedule[i].id);
}

TEST_CASE("a tournament writes results, logs and standings; --resume plays only what is missing") {
    const fs::path dir = fresh_dir("run");
    const auto config = tournament::load_config(write_config(dir, kGreedyConfig));
    tournament::RunOptions options;
    options.out = dir / "out";
    options.concurrency = 2;
    std::ostringstream progress;
    const auto records = tournament::run_tournament(config, options, progress);

    REQUIRE(records.size() == 8);
    CHECK(lines_of(options.out / "results.jsonl").size() == 8);
    for (const auto& r : records) CHECK(fs::exists(options.out / r.log));
    CHECK(progress.str().find("[8/8]") != std::string::npos);

    const auto standings = report::samegame_standings(config, records);
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].bot == "greedy");
    CHECK(standings[0].validators == 3);
    CHECK(standings[0].validators_passed == 3);
    CHECK(standings[0].validator_total ==
          golden_greedy_score(11) + golden_greedy_score(12) + golden_greedy_score(31));
    CHECK(standings[0].total == standings[0].validator_total + golden_greedy_score(5));
    CHECK(standings[0].first_failure.empty());
    CHECK(standings[1].bot == "quitter");
    CHECK(standings[1].crashes == 4);
    CHECK(standings[1].validator_total == 0);
    CHECK(standings[1].first_failure == "test05-quitter");

    SUBCASE("without --resume an output directory with results is left alone") {
        CHECK_THROWS_WITH_AS(tournament::run_tournament(config, options, progress),
                             doctest::Contains("--resume"), std::runtime_error);
        CHECK(lines_of(options.out / "results.jsonl").size() == 8);
    }
    SUBCASE("killed mid-write: the cut line and the lost games are played again, same standings") {
        std::vector<std::string> lines = lines_of(options.out / "results.jsonl");
        {
            std::ofstream out(options.out / "results.jsonl", std::ios::trunc);
            for (int i = 0; i < 5; ++i) out << lines[i] << "\n";
            out << lines[5].substr(0, lines[5].size() / 2);  // a write cut short by kill -9
        }
        options.resume = true;
        std::ostringstream resumed_progress;
        const auto resumed = tournament::run_tournament(config, options, resumed_progress);
        CHECK(resumed_progress.str().find("[6/8]") != std::string::npos);  // 5 kept, 3 replayed
        CHECK(lines_of(options.out / "results.jsonl").size() == 8);
        // Identical standings, but for turn times, which no two runs share.
        auto without_times = [](auto j) {
            for (auto& row : j["standings"]) row.erase("mean_turn_ms"), row.erase("max_turn_ms");
            return j;
        };
        const auto again = report::samegame_standings(config, resumed);
        CHECK(without_times(report::to_json(again, config.game)) ==
              without_times(report::to_json(standings, config.game)));
    }
    SUBCASE("a damaged whole line stops --resume, naming the file and the line; nothing is lost") {
        std::vector<std::string> lines = lines_of(options.out / "results.jsonl");
        {
            std::ofstream out(options.out / "results.jsonl", std::ios::trunc);
            for (int i = 0; i < 8; ++i) out << (i == 2 ? "{\"id\": \"cut" : lines[i]) << "\n";
        }
        options.resume = true;
        CHECK_THROWS_WITH_AS(tournament::run_tournament(config, options, progress),
                             doctest::Contains("results.jsonl' line 3 is damaged"),
                             std::runtime_error);
        CHECK(lines_of(options.out / "results.jsonl").size() == 8);
    }
}

TEST_CASE("files: whole reads, and writes that leave no half file and no .tmp behind") {
    const fs::path dir = fresh_dir("files");
    const fs::path file = dir / "a" / "b" / "standings.md";  // parent directories are created
    files::write_atomically(file, std::string("line\n\0binary", 13));
    CHECK(files::read_text(file, files::kConfigFile) == std::string("line\n\0binary", 13));
    files::write_atomically(file, "shorter");
    CHECK(files::read_text(file, files::kConfigFile) == "shorter");
    CHECK(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()) == 1);
    const std::string missing =
        "config '" + (dir / "missing.json").string() + "' not found: check the path";
    CHECK_THROWS_WITH_AS(files::read_text(dir / "missing.json", files::kConfigFile),
                         doctest::Contains(missing.c_str()), files::FileError);
    fs::create_directories(dir / "blocked");
    CHECK_THROWS_AS(files::write_atomically(dir / "blocked", "a directory is in the way"),
                    files::FileError);
}
