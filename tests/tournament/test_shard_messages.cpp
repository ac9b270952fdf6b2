// Issue 17, what an outside tester found in shards and merge (each failed before):
// - `--shard 01/02` was accepted: leading zeros are refused with the usual message;
// - `--shard 5/2000000000` got the generic "not a shard" message: it says the limit;
// - merge's "what differs" used resume's words ("in the run", "now") and did not name the bot
//   whose command differs: each field now says its value in each shard, each bot by name;
// - bot programs differing for two bots named only the first: every bot is named.
#include <doctest/doctest.h>

#include <filesystem>
#include <stdexcept>
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

std::string shard_error(const std::string& text) {
    try {
        parse_shard(text);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

// A shard directory as `arena tournament CONFIG --shard I/N` leaves it before its first game.
void make_shard_dir(const fs::path& dir, const std::string& config_text, Shard shard,
                    const std::map<std::string, BotIdentity>& identities = {}) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    const TournamentConfig config = load_config_text(config_text, dir / "given.json");
    RunOptions options;
    options.out = dir;
    options.concurrency = 2;
    files::write_atomically(dir / "config.json",
                            match::dump_json(effective_config(config, options), 2) + "\n");
    std::map<std::string, BotIdentity> bots = identities;
    for (const auto& bot : config.bots) bots.emplace(bot.name, BotIdentity{bot.command, "/w", {}});
    write_manifest(dir,
                   make_manifest(config, shard, shard_games(make_schedule(config), shard), bots));
}

std::string merge_error(const std::vector<fs::path>& dirs) {
    try {
        check_shards(dirs, false, "arena");
    } catch (const ShardError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("--shard: leading zeros refused as any other text; a huge N says the limit") {
    const std::string usual = "is not a shard: give I/N, shard I (counted from 0) of N";
    CHECK(shard_error("01/02").find("'01/02' " + usual) == 0);
    CHECK(shard_error("1/02").find(usual) != std::string::npos);
    CHECK(shard_error("00/2").find(usual) != std::string::npos);
    CHECK(shard_error("+1/2").find(usual) != std::string::npos);
    CHECK(shard_error("5/2000000000") ==
          "'5/2000000000': a run has at most 10000000 shards (as many as its most games): give "
          "N from 1 to 10000000");
    CHECK(shard_error("5/99999999999999999999999").find("at most 10000000 shards") !=
          std::string::npos);
    CHECK(shard_error("0/10000000") == "(no error)");
    CHECK(parse_shard("0/10").index == 0);
    CHECK(parse_shard("9/10").index == 9);
    CHECK(shard_error("10/10").find("shards are counted from 0") != std::string::npos);
}

TEST_CASE("merge: what differs names each field in each shard and each bot") {
    const fs::path root = fs::temp_directory_path() / "arena_test_shard_messages";
    make_shard_dir(root / "s0", kConfig, {0, 2});
    std::string other = kConfig;
    other.replace(other.find("/bin/true b"), 11, "/bin/true c");
    make_shard_dir(root / "s1", other, {1, 2});
    const std::string error = merge_error({root / "s0", root / "s1"});
    CHECK(error.find("are shards of different runs") != std::string::npos);
    CHECK(error.find("What differs:\n  - bot 'b': command: '/bin/true b' in '" +
                     (root / "s0").string() + "', '/bin/true c' in '" + (root / "s1").string() +
                     "'") != std::string::npos);
    CHECK(error.find(" now") == std::string::npos);  // resume's words
    CHECK(error.find("the run") == std::string::npos);

    std::string slower = kConfig;
    slower.replace(slower.find("\"seeds\""), 0, "\"time\": {\"scale\": 2}, ");
    make_shard_dir(root / "t1", slower, {1, 2});
    CHECK(merge_error({root / "s0", root / "t1"})
              .find("  - time.scale: 1.0 in '" + (root / "s0").string() + "', 2.0 in '" +
                    (root / "t1").string() + "'") != std::string::npos);

    std::string renamed = kConfig;
    renamed.replace(renamed.find("\"b\""), 3, "\"d\"");
    make_shard_dir(root / "r1", renamed, {1, 2});
    const std::string bots = merge_error({root / "s0", root / "r1"});
    CHECK(bots.find("  - bot 'b' plays in '" + (root / "s0").string() + "' but not in '" +
                    (root / "r1").string() + "'") != std::string::npos);
    CHECK(bots.find("  - bot 'd' plays in '" + (root / "r1").string() + "' but not in '" +
                    (root / "s0").string() + "'") != std::string::npos);
}

TEST_CASE("merge: every bot whose program differs is named") {
    const fs::path root = fs::temp_directory_path() / "arena_test_shard_messages_bots";
    make_shard_dir(root / "s0", kConfig, {0, 2});
    make_shard_dir(root / "s1", kConfig, {1, 2},
                   {{"a", BotIdentity{"/bin/true a", "/w", {{"/bin/true", "/bin/true", "aa"}}}},
                    {"b", BotIdentity{"/bin/true b", "/elsewhere", {}}}});
    const std::string error = merge_error({root / "s0", root / "s1"});
    CHECK(error.find("were played by different versions of bots 'a' and 'b':") !=
          std::string::npos);
    CHECK(error.find("\n  - bot 'b': working dir /w -> /elsewhere") != std::string::npos);
    CHECK(error.find("\n  - bot 'a': ") != std::string::npos);
    CHECK(error.find("--resume --replace a --replace b --out DIR") != std::string::npos);
}
