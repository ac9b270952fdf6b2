// Shards of one run (issue 17, items 1-2), without bots: the manifest as written and read back,
// the config hash (what changes the games changes it, concurrency and out do not), a damaged
// manifest named with its fault, a shard directory resumed as another shard or with another
// config, and the checks of a set of shard directories (twice, missing, other N, other version,
// other bots, other config).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/merge.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/shards.hpp"

using namespace arena;
using namespace arena::tournament;
namespace fs = std::filesystem;

namespace {

const char* kConfig =
    R"({"game": "diceshogi", "bots": [{"name": "a", "command": "/bin/true a"},
        {"name": "b", "command": "/bin/true b"}], "seeds": {"count": 6, "master": 1}})";

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_shards_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// A shard directory as `arena tournament CONFIG --shard I/N` leaves it before its first game.
Manifest make_shard_dir(const fs::path& dir, const std::string& config_text, Shard shard) {
    fs::create_directories(dir);
    const TournamentConfig config = load_config_text(config_text, dir / "given.json");
    RunOptions options;
    options.out = dir;
    options.concurrency = 2;
    files::write_atomically(dir / "config.json",
                            match::dump_json(effective_config(config, options), 2) + "\n");
    const std::vector<ScheduledGame> schedule = make_schedule(config);
    std::map<std::string, BotIdentity> bots;
    for (const auto& bot : config.bots) bots[bot.name] = BotIdentity{bot.command, "/w", {}};
    Manifest manifest = make_manifest(config, shard, shard_games(schedule, shard), bots);
    write_manifest(dir, manifest);
    return manifest;
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const ShardError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("the config hash: the games' config, not concurrency nor the output directory") {
    TournamentConfig config = load_config_text(kConfig, "c.json");
    const std::string hash = config_hash(config);
    CHECK(hash.size() == 64);
    config.concurrency = 7;
    config.out = "elsewhere";
    CHECK(config_hash(config) == hash);
    // config.json as the run writes it gives the same hash (resume and merge read it back).
    RunOptions options;
    options.out = "x";
    options.concurrency = 3;
    const TournamentConfig saved =
        load_config_text(match::dump_json(effective_config(config, options)), "x/config.json");
    CHECK(config_hash(saved) == hash);
    TournamentConfig more_seeds = config;
    resize_to_games(more_seeds, 40);
    CHECK(config_hash(more_seeds) != hash);
    TournamentConfig other_bot = config;
    other_bot.bots[1].command = "/bin/true c";
    CHECK(config_hash(other_bot) != hash);
}

TEST_CASE("every game in exactly one shard, groups whole, the same for the same config") {
    const TournamentConfig config = load_config_text(kConfig, "c.json");
    const std::vector<ScheduledGame> schedule = make_schedule(config);
    std::multiset<std::string> seen;
    for (std::size_t i = 0; i < 3; ++i) {
        std::set<std::string> groups;
        for (const ScheduledGame* g : shard_games(schedule, {i, 3})) {
            seen.insert(g->id);
            groups.insert(g->group);
        }
        for (const ScheduledGame& g : schedule)
            if (groups.count(g.group)) CHECK(shard_of_each(schedule, 3)[&g - &schedule[0]] == i);
    }
    CHECK(seen.size() == schedule.size());
    CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == schedule.size());
}

TEST_CASE("a manifest is read back as written; a damaged one is named with its fault") {
    const fs::path dir = fresh_dir("manifest");
    const Manifest written = make_shard_dir(dir, kConfig, {1, 3});
    const Manifest read = read_manifest(dir);
    CHECK(read.arena_version == written.arena_version);
    CHECK(read.config_hash == written.config_hash);
    CHECK(read.shard == Shard{1, 3});
    CHECK(read.bots == written.bots);
    CHECK(read.games == written.games);
    CHECK(read.game_count == written.games.size());
    const Manifest without_ids = read_manifest(dir, false);
    CHECK(without_ids.games.empty());
    CHECK(without_ids.game_count == written.games.size());

    files::write_atomically(dir / "manifest.json", "{\"arena_version\": \"0.1.0\", ");
    CHECK(error_of([&] { read_manifest(dir); }).find("manifest.json' is not a manifest") !=
          std::string::npos);
    files::write_atomically(dir / "manifest.json", R"({"arena_version": "0.1.0"})");
    CHECK(error_of([&] { read_manifest(dir); }).find("field 'config_hash' is missing") !=
          std::string::npos);
    fs::remove(dir / "manifest.json");
    CHECK(error_of([&] { read_manifest(dir); }).find("is missing or unreadable") !=
          std::string::npos);
}

TEST_CASE("a merged directory goes on as a whole run, also with another config") {
    // README: the merged directory is a run like any other (a new bot, more seeds: --resume).
    const fs::path dir = fresh_dir("resume_merged");
    Manifest manifest = make_shard_dir(dir, kConfig, {0, 1});
    manifest.merged_from = {"s0", "s1"};
    write_manifest(dir, manifest);
    CHECK(shard_to_resume(dir, std::nullopt, manifest.config_hash, "go on") == std::nullopt);
    CHECK(fs::exists(dir / "manifest.json"));  // the same config: it still describes the run
    CHECK(error_of([&] {
              shard_to_resume(dir, Shard{0, 2}, manifest.config_hash, "go on");
          }).find("holds a merge of 2 shards") != std::string::npos);
    // Another config: no longer the merge its manifest describes, so the manifest goes.
    CHECK(shard_to_resume(dir, std::nullopt, std::string(64, '1'), "go on") == std::nullopt);
    CHECK_FALSE(fs::exists(dir / "manifest.json"));
}

TEST_CASE("a shard directory resumes as its own shard of its own config") {
    const fs::path dir = fresh_dir("resume");
    const Manifest manifest = make_shard_dir(dir, kConfig, {1, 3});
    CHECK(shard_to_resume(dir, std::nullopt, manifest.config_hash, "go on") == Shard{1, 3});
    CHECK(shard_to_resume(dir, Shard{1, 3}, manifest.config_hash, "go on") == Shard{1, 3});
    const std::string other_shard = error_of([&] {
        shard_to_resume(dir, Shard{2, 3}, manifest.config_hash, "go on");
    });
    CHECK(other_shard.find("is shard 1/3, not 2/3") != std::string::npos);
    const std::string other_config =
        error_of([&] { shard_to_resume(dir, std::nullopt, std::string(64, '0'), "go on"); });
    CHECK(other_config.find("of another config") != std::string::npos);
    CHECK(other_config.find("go on") != std::string::npos);
    // A directory of a whole run is not a shard.
    const fs::path whole = fresh_dir("resume_whole");
    files::write_atomically(whole / "results.jsonl", "{}\n");
    CHECK(error_of([&] {
              shard_to_resume(whole, Shard{0, 2}, "", "go on");
          }).find("holds a whole run") != std::string::npos);
    CHECK(shard_to_resume(whole, std::nullopt, "", "go on") == std::nullopt);
}

TEST_CASE("a set of shard directories: each shard once, one run") {
    const fs::path root = fresh_dir("set");
    for (std::size_t i = 0; i < 3; ++i) make_shard_dir(root / std::to_string(i), kConfig, {i, 3});
    const auto check = [&](std::vector<fs::path> dirs, bool allow_missing = false) {
        return error_of([&] { check_shards(dirs, allow_missing, "arena"); });
    };
    CHECK(check({root / "0", root / "1", root / "2"}) == "(no error)");
    const ShardSet set = check_shards({root / "2", root / "0", root / "1"}, false, "arena");
    CHECK(set.shards[0].dir == root / "0");  // by index
    CHECK(set.count == 3);

    CHECK(
        check({root / "0", root / "1", root / "1", root / "2"}).find("shard 1/3 is given twice") !=
        std::string::npos);
    CHECK(check({root / "0", root / "2"}).find("shard 1/3 is missing (2 of 3 shards given)") !=
          std::string::npos);
    const ShardSet partial = check_shards({root / "0", root / "2"}, true, "arena");
    CHECK(partial.missing == std::vector<std::size_t>{1});
    CHECK(missing_shards_text(partial) == "shard 1/3");

    // N in the millions: the missing shards are counted, a few named (not a 20 MB line).
    make_shard_dir(root / "huge", kConfig, {5, 1000000});
    const ShardSet huge = check_shards({root / "huge"}, true, "arena");
    CHECK(huge.missing_count == 999999);
    CHECK(huge.missing.size() == kListedMissingShards);
    CHECK(missing_shards_text(huge) ==
          "shard 0/1000000, shard 1/1000000, shard 2/1000000, shard 3/1000000, shard 4/1000000, "
          "shard 6/1000000, shard 7/1000000, shard 8/1000000 and 999991 more");
    const std::string huge_refused = check({root / "huge"});
    CHECK(huge_refused.size() < 1000);
    CHECK(huge_refused.find("and 999991 more are missing (1 of 1000000 shards given)") !=
          std::string::npos);

    make_shard_dir(root / "n4", kConfig, {1, 4});
    CHECK(check({root / "0", root / "n4"})
              .find("split the run differently: shard 1/4 and shard "
                    "0/3") != std::string::npos);
    std::string other_seeds = kConfig;
    other_seeds.replace(other_seeds.find("\"count\": 6"), 10, "\"count\": 9");
    make_shard_dir(root / "seeds", other_seeds, {1, 3});
    const std::string config_error = check({root / "0", root / "seeds", root / "2"});
    CHECK(config_error.find("shards of different runs") != std::string::npos);
    CHECK(config_error.find("seeds 7 to 9") != std::string::npos);

    Manifest old = read_manifest(root / "1");
    old.arena_version = "0.0.9";
    write_manifest(root / "1", old);
    CHECK(check({root / "0", root / "1", root / "2"}).find("different arena versions (0.0.9 and") !=
          std::string::npos);
    old.arena_version = read_manifest(root / "0").arena_version;
    old.bots["b"].working_dir = "/elsewhere";
    write_manifest(root / "1", old);
    CHECK(check({root / "0", root / "1", root / "2"}).find("different versions of bot 'b'") !=
          std::string::npos);
}
