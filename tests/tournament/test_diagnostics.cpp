// The tournament's diagnostics (arena/common/diagnostics.hpp): at debug they say what the run did
// (lock, bot versions, schedule, resume, games started and ended); at the default level (warn) a
// normal run says nothing. Bots: /bin/true, which ends at once (a crash, quickly).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "arena/common/diagnostics.hpp"
#include "arena/tournament/runner.hpp"

namespace fs = std::filesystem;
using namespace arena;
using namespace arena::tournament;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_diagnostics_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TournamentConfig two_player() {
    TournamentConfig config;
    config.game = "diceshogi";
    config.bots.push_back({"one", "/bin/true", ""});
    config.bots.push_back({"two", "/bin/true", ""});
    config.players_per_game = 2;
    config.master_seed = 1;
    config.seeds = seeds_from_master(1, 1);
    return config;
}

std::string text_of(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs the tournament twice (a run, then --resume) with diagnostics at `level` into a file.
std::string diagnostics_of_runs(const std::string& level, const std::string& name) {
    const fs::path dir = fresh_dir(name);
    const fs::path file = dir / "diagnostics.txt";
    diagnostics::configure(level, file);
    RunOptions options;
    options.out = dir / "run";
    std::ostringstream progress;
    CHECK(run_tournament(two_player(), options, progress).size() == 2);
    options.resume = true;
    CHECK(run_tournament(two_player(), options, progress).size() == 2);
    diagnostics::log().flush();
    diagnostics::configure("warn", std::nullopt);
    return text_of(file);
}

}  // namespace

TEST_CASE("at debug the diagnostics say what the tournament did") {
    const std::string text = diagnostics_of_runs("debug", "debug");
    CHECK(text.find("run lock: '") != std::string::npos);
    CHECK(text.find("' taken by pid ") != std::string::npos);
    CHECK(text.find("versions: bot 'one': ") != std::string::npos);
    CHECK(text.find("schedule: 2 game(s): 1 seed(s)") != std::string::npos);
    CHECK(text.find("game s0001-one_vs_two: started") != std::string::npos);
    CHECK(text.find("game s0001-two_vs_one: ended after") != std::string::npos);
    CHECK(text.find("versions: 2 record line(s) checked, 0 bot(s) changed since") !=
          std::string::npos);
    CHECK(text.find("resume: 2 record(s) read, 2 scheduled game(s) already played") !=
          std::string::npos);
}

TEST_CASE("at the default level a normal run says nothing") {
    CHECK(diagnostics_of_runs("warn", "warn").empty());
}
