// Issue 17: a compressed log (games/<id>.json.zst) replays exactly as its plain form.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/replay/replay.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

// A log as replay reads it: its game, seed and players (no turn played is needed here).
match::MatchLog played(std::int64_t seed) {
    match::MatchLog log;
    log.game = "diceshogi";
    log.seed = seed;
    log.players.resize(2);
    log.players[0].name = "a";
    log.players[1].name = "b";
    log.players[0].command = log.players[1].command = "none";
    log.seats.resize(2);
    log.reason = "not played";
    return log;
}

}  // namespace

TEST_CASE("read_match_log reads a .json.zst log as its plain .json twin") {
    const fs::path dir = fs::temp_directory_path() / "arena_test_replay_logs";
    fs::create_directories(dir);
    const std::string text = match::dump_json(match::to_json(played(5)), 1) + "\n";
    files::write_log(dir / "g.json", text);
    files::write_log(dir / "g.json.zst", text);
    const match::MatchLog plain = replay::read_match_log(dir / "g.json");
    const match::MatchLog compressed = replay::read_match_log(dir / "g.json.zst");
    CHECK(compressed.game == plain.game);
    CHECK(compressed.seed == plain.seed);
    CHECK(compressed.players.size() == plain.players.size());
    CHECK(!replay::compare(plain, compressed));

    // Damaged: a LogError naming the file (exit 2 through main), not a parse crash.
    files::write_atomically(dir / "bad.json.zst", std::string("\x28\xB5\x2F\xFD", 4) + "xx");
    std::string error;
    try {
        replay::read_match_log(dir / "bad.json.zst");
    } catch (const replay::LogError& e) {
        error = e.what();
    }
    std::string quoted = "'";  // built in steps: gcc 12 warns (-Wrestrict) on "'" + string
    quoted += (dir / "bad.json.zst").string();
    quoted += "'";
    CHECK(error.find(quoted) != std::string::npos);
    fs::remove_all(dir);
}
