// Live standings (issue 16, item 4): while a tournament plays, the runner hands the records so far
// to RunOptions::snapshot (never under its lock, at most every snapshot_every) and shows the
// leader it returns on the progress line; the report page of a running run says "running: N of
// M games" and reloads itself; a snapshot of 10,000 records is cheap enough to repeat every few
// seconds.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/view/view.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_live_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

tournament::TournamentConfig load(const fs::path& dir, const std::string& json) {
    std::ofstream(dir / "config.json") << json;
    return tournament::load_config(dir / "config.json");
}

// A SameGame bot that answers nothing valid after `ms` (its game ends at the first turn).
std::string slow_bot(int ms) {
    return std::string(ARENA_TESTBOT) + " sleep " + std::to_string(ms) + " --lines 15";
}

}  // namespace

TEST_CASE("the snapshot callback sees the records so far, off the lock, and names the leader") {
    const fs::path dir = fresh_dir("callback");
    const tournament::TournamentConfig config =
        load(dir, R"({"game": "samegame", "bots": [{"name": "slow", "command": ")" + slow_bot(300) +
                      R"("}, {"name": "greedy", "command": ")" ARENA_GREEDY_BOT
                      R"("}], "boards": [1, 2, 3, 4, 5, 6]})");
    tournament::RunOptions options;
    options.out = dir / "out";
    options.concurrency = 2;
    options.snapshot_every = std::chrono::milliseconds(200);
    std::mutex seen_lock;
    std::vector<std::size_t> sizes;
    options.snapshot = [&](const std::vector<tournament::GameRecord>& records) {
        // A slow snapshot: were it under the runner's lock, no game could be recorded meanwhile.
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        std::lock_guard guard(seen_lock);
        sizes.push_back(records.size());
        return "leader-after-" + std::to_string(records.size());
    };
    std::ostringstream progress;
    const auto start = std::chrono::steady_clock::now();
    const auto records = tournament::run_tournament(config, options, progress);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(records.size() == 12);
    REQUIRE(!sizes.empty());
    CHECK(sizes.front() >= 1);
    for (std::size_t i = 1; i < sizes.size(); ++i) CHECK(sizes[i] > sizes[i - 1]);
    CHECK(sizes.back() <= 12);
    // Snapshots 400 ms long, the next at least 2 x 400 ms later: a few, never one per game.
    CHECK(sizes.size() <= 1 + static_cast<std::size_t>(seconds / 0.8) + 1);
    // The progress line shows what the snapshot returned (from the line after it), never a sum
    // of scores of its own.
    CHECK(progress.str().find("leader: leader-after-") != std::string::npos);
    INFO(progress.str());
    CHECK(progress.str().find("leader: greedy") == std::string::npos);
}

TEST_CASE("without a snapshot callback the progress line names no leader") {
    const fs::path dir = fresh_dir("no_callback");
    const tournament::TournamentConfig config = load(
        dir, R"({"game": "samegame", "bots": [{"name": "greedy", "command": ")" ARENA_GREEDY_BOT
             R"("}], "boards": [1, 2]})");
    tournament::RunOptions options;
    options.out = dir / "out";
    std::ostringstream progress;
    CHECK(tournament::run_tournament(config, options, progress).size() == 2);
    CHECK(progress.str().find("leader") == std::string::npos);
}

namespace {

// `count` records of a 2-player game between 4 bots, every 7th a timeout of its second seat.
std::vector<tournament::GameRecord> synthetic_records(const tournament::TournamentConfig& config,
                                                      std::size_t count) {
    std::vector<tournament::GameRecord> records;
    const std::size_t bots = config.bots.size();
    for (std::size_t i = 0; i < count; ++i) {
        tournament::GameRecord r;
        const std::size_t a = i % bots, b = (i / bots + a + 1) % bots == a
                                                ? (a + 1) % bots
                                                : (i / bots + a + 1) % bots;
        r.id = "g" + std::to_string(i);
        r.game = config.game;
        r.seed = static_cast<std::int64_t>(i / 2);
        r.group = "s" + std::to_string(i / 2);
        r.players = {config.bots[a].name, config.bots[b].name};
        const bool first_wins = (i * 2654435761u) % 100 < 40 + 10 * a;
        r.scores = {first_wins ? 1 : -1, first_wins ? -1 : 1};
        r.ranks = {first_wins ? 1 : 2, first_wins ? 2 : 1};
        r.outcomes = {match::Outcome::ok,
                      i % 7 == 0 ? match::Outcome::timeout : match::Outcome::ok};
        r.details = {"", ""};
        r.turns = 40;
        r.mean_turn_ms = {1.0, 2.0};
        r.max_turn_ms = {3.0, 4.0};
        r.turn_ms = {std::vector<double>(20, 1.0), std::vector<double>(20, 2.0)};
        r.log = "games/" + r.id + ".json";
        records.push_back(std::move(r));
    }
    return records;
}

}  // namespace

TEST_CASE("a running report says running: N of M and reloads; the final one does not") {
    const fs::path dir = fresh_dir("report");
    tournament::TournamentConfig config =
        load(dir, R"({"game": "diceshogi", "bots": [{"name": "a", "command": "x"}, {"name": "b",
             "command": "y"}, {"name": "c", "command": "z"}, {"name": "d", "command": "w"}],
             "seeds": {"count": 5000, "master": 1}})");
    const auto records = synthetic_records(config, 10000);
    view::LiveReport live(dir);

    // What the issue asks to know: the cost of one snapshot of 10,000 records (standings and the
    // report page), which the runner repeats every few seconds.
    const auto start = std::chrono::steady_clock::now();
    const report::VersusStandings standings = report::versus_standings(config, records);
    const auto standings_done = std::chrono::steady_clock::now();
    const view::ReportFiles written =
        live.write(config, records, view::Running{records.size(), 12000});
    const auto report_done = std::chrono::steady_clock::now();
    const auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    MESSAGE("snapshot of 10,000 records: standings "
            << ms(standings_done - start) << " ms, report page " << ms(report_done - standings_done)
            << " ms");
    CHECK(standings.rows.size() == 4);
    CHECK(written.failed_games == 1429);
    // Generous, for a loaded machine: the runner spaces snapshots out by twice their cost anyway.
    CHECK(ms(report_done - start) < 20000);

    const std::string page = files::read_text(dir / "report.html", arena::files::kLogFile);
    CHECK(page.find("running: 10000 of 12000 games") != std::string::npos);
    CHECK(page.find("location.reload()") != std::string::npos);
    CHECK(page.find("\"running\":{\"done\":10000") != std::string::npos);

    // The final page (the directory's own files) has neither the banner nor the running data.
    std::ofstream(dir / "results.jsonl").close();
    view::write_report(dir);
    const std::string final_page = files::read_text(dir / "report.html", arena::files::kLogFile);
    CHECK(final_page.find("running: ") == std::string::npos);
    CHECK(final_page.find("\"running\":") == std::string::npos);
}
