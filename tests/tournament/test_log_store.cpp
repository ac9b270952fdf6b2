// Issue 17, item 5: which games keep their log ("logs": all / failed / none) and in which form
// ("log_compression": zstd / zstd-fast / none), as the config says and store_log writes them.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/log_files.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/log_store.hpp"

namespace fs = std::filesystem;
using namespace arena;
using tournament::LogRetention;

namespace {

const std::string kBots =
    R"("bots": [{"name": "a", "command": "a"}, {"name": "b", "command": "b"}])";

tournament::TournamentConfig config_with(const std::string& fields) {
    return tournament::load_config_text(
        R"({"game": "diceshogi", )" + kBots + (fields.empty() ? "" : ", " + fields) + "}",
        "logs.json");
}

std::string config_error(const std::string& fields) {
    try {
        config_with(fields);
    } catch (const tournament::ConfigError& e) {
        return e.what();
    }
    return "";
}

match::MatchLog game(match::Outcome seat1) {
    match::MatchLog log;
    log.game = "diceshogi";
    log.seed = 5;
    log.players.resize(2);
    log.players[0].name = "a";
    log.players[1].name = "b";
    match::Turn turn;
    turn.turn = 1;
    turn.input = "board\n";
    turn.output = "1112";
    log.turns = {turn};
    log.seats.resize(2);
    log.seats[1].outcome = seat1;
    log.reason = "done";
    return log;
}

struct TempDir {
    fs::path path = fs::temp_directory_path() / ("arena-log-store-" + std::to_string(std::rand()));
    TempDir() { fs::create_directories(path); }
    ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("logs and log_compression: defaults all and zstd, each value read") {
    const auto defaults = config_with("");
    CHECK(defaults.logs == LogRetention::all);
    CHECK(defaults.log_compression == files::LogCompression::zstd);
    CHECK(config_with(R"("logs": "failed")").logs == LogRetention::failed);
    CHECK(config_with(R"("logs": "none")").logs == LogRetention::none);
    CHECK(config_with(R"("logs": "all")").logs == LogRetention::all);
    CHECK(config_with(R"("log_compression": "none")").log_compression ==
          files::LogCompression::none);
    CHECK(tournament::log_retention_name(LogRetention::failed) == "failed");
    CHECK(config_with(R"("log_compression": "zstd-fast")").log_compression ==
          files::LogCompression::zstd_fast);
    CHECK(tournament::log_compression_name(files::LogCompression::zstd) == "zstd");
    CHECK(tournament::log_compression_name(files::LogCompression::zstd_fast) == "zstd-fast");
}

TEST_CASE("a wrong logs or log_compression value names the field, the values and the closest") {
    CHECK(config_error(R"("logs": "faild")") ==
          "logs.json: field 'logs': 'faild': did you mean \"failed\"? use \"all\", \"failed\" or "
          "\"none\" (which games keep their log in games/)");
    CHECK(config_error(R"("logs": "some")") ==
          "logs.json: field 'logs': 'some': use \"all\", \"failed\" or \"none\" (which games keep "
          "their log in games/)");
    CHECK(config_error(R"("logs": true)") ==
          "logs.json: field 'logs': must be a string, got boolean");
    CHECK(config_error(R"("log_compression": "gzip")")
              .find("field 'log_compression': 'gzip': use \"zstd\", \"zstd-fast\" or \"none\"") !=
          std::string::npos);
    CHECK(config_error(R"("log_compresion": "zstd")").find("did you mean 'log_compression'?") !=
          std::string::npos);
}

TEST_CASE("store_log: all keeps every game's log, compressed by default") {
    TempDir out;
    const auto config = config_with("");
    const std::string path =
        tournament::store_log(config, out.path, "s0001-a_vs_b", game(match::Outcome::ok));
    CHECK(path == "games/s0001-a_vs_b.json.zst");
    const auto log = nlohmann::json::parse(files::read_log_text(out.path / path));
    CHECK(log["game"] == "diceshogi");
    CHECK(log["turns"][0]["output"] == "1112");
    CHECK(files::read_text(out.path / path, arena::files::kLogFile)
              .compare(0, 4, "\x28\xB5\x2F\xFD") == 0);
}

TEST_CASE("store_log: zstd-fast writes the same .json.zst, larger than zstd's, read alike") {
    TempDir out;
    const std::string hard =
        tournament::store_log(config_with(""), out.path / "hard", "g", game(match::Outcome::ok));
    const std::string fast =
        tournament::store_log(config_with(R"("log_compression": "zstd-fast")"), out.path / "fast",
                              "g", game(match::Outcome::ok));
    CHECK(fast == "games/g.json.zst");
    CHECK(files::read_log_text(out.path / "fast" / fast) ==
          files::read_log_text(out.path / "hard" / hard));
    CHECK(files::read_text(out.path / "fast" / fast, arena::files::kLogFile)
              .compare(0, 4, "\x28\xB5\x2F\xFD") == 0);
}

TEST_CASE("store_log: log_compression none writes plain JSON as before") {
    TempDir out;
    const auto config = config_with(R"("log_compression": "none")");
    const std::string path =
        tournament::store_log(config, out.path, "g1", game(match::Outcome::ok));
    CHECK(path == "games/g1.json");
    CHECK(nlohmann::json::parse(
              files::read_text(out.path / path, arena::files::kLogFile))["seed"] == 5);
}

TEST_CASE("store_log: failed keeps only the games where a seat failed; none keeps no log") {
    TempDir out;
    const auto failed = config_with(R"("logs": "failed")");
    CHECK(tournament::store_log(failed, out.path, "ok", game(match::Outcome::ok)).empty());
    CHECK(!fs::exists(out.path / "games" / "ok.json.zst"));
    for (const auto outcome :
         {match::Outcome::timeout, match::Outcome::crash, match::Outcome::invalid}) {
        const std::string id = std::string("bad-") + match::to_string(outcome);
        CHECK(tournament::store_log(failed, out.path, id, game(outcome)) ==
              "games/" + id + ".json.zst");
        CHECK(fs::exists(out.path / "games" / (id + ".json.zst")));
    }
    const auto none = config_with(R"("logs": "none")");
    CHECK(tournament::store_log(none, out.path, "n1", game(match::Outcome::crash)).empty());
    CHECK(tournament::store_log(none, out.path, "n2", game(match::Outcome::ok)).empty());
    CHECK(!fs::exists(out.path / "games" / "n1.json.zst"));
}
