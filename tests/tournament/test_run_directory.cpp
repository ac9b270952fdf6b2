// A tournament directory's guards (issue 14): one writer (RunLock), bot versions (identities,
// --replace), what --resume may change, injective game ids, and the interrupt flag. No bot runs.
#include <doctest/doctest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/game_ids.hpp"
#include "arena/tournament/resume.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/versions.hpp"

namespace fs = std::filesystem;
using namespace arena;
using namespace arena::tournament;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_rundir_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TournamentConfig two_player(std::vector<std::string> names, int seeds) {
    TournamentConfig config;
    config.game = "diceshogi";
    for (const std::string& name : names) config.bots.push_back({name, "/bin/true", ""});
    config.players_per_game = 2;
    config.master_seed = 1;
    config.seeds = seeds_from_master(1, seeds);
    return config;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& line : lines)
        if (line.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("one writer per directory: a second lock is refused naming the holder; none is left") {
    const fs::path dir = fresh_dir("lock");
    {
        RunLock first(dir, "arena tournament x.json");
        try {
            RunLock second(dir, "arena again");
            FAIL("a second lock was granted");
        } catch (const DirectoryInUse& e) {
            const std::string what = e.what();
            CHECK(what.find("(pid " + std::to_string(::getpid()) + ")") != std::string::npos);
            CHECK(what.find("--out") != std::string::npos);
        }
    }
    // The holder is gone, its file stays (with a pid that is not ours): it does not block.
    std::ofstream(dir / ".arena.lock") << "999999\nold arena\n";
    RunLock again(dir, "arena");
    CHECK(fs::exists(dir / ".arena.lock"));
}

TEST_CASE("game ids: injective names, short file names, clashes refused") {
    CHECK(id_part("strong-v2_b.1") == "strong-v2_b.1");
    std::set<std::string> parts = {id_part("a/b"), id_part("a_b"), id_part("a?b"), id_part("a%2Fb"),
                                   id_part("a~b")};
    CHECK(parts.size() == 5);
    CHECK(id_part("a/b") == "a%2Fb");
    CHECK(id_part("..") == "%2E%2E");
    const std::string long_name(200, 'x');
    CHECK(id_part(long_name + "1").size() <= 64);
    CHECK(id_part(long_name + "1") != id_part(long_name + "2"));
    CHECK(id_part(std::string(100, '/')).find('~') != std::string::npos);

    CHECK(game_id_clash(two_player({"a/b", "a_b", "a?b"}, 3)) == "");
    CHECK(game_id_clash(two_player({long_name + "1", long_name + "2"}, 3)) == "");
    const std::string clash = game_id_clash(two_player({"a", "a_vs", "b", "vs_b"}, 3));
    CHECK(clash.find("same id 's0001-a_vs_vs_b'") != std::string::npos);
    CHECK(clash.find("'a_vs'") != std::string::npos);

    // Every game of a schedule has its own id, and the groups are named after their bots.
    const auto schedule = make_schedule(two_player({"a/b", "a_b", "a?b"}, 2));
    std::set<std::string> ids;
    for (const ScheduledGame& g : schedule) ids.insert(g.id);
    CHECK(ids.size() == schedule.size());
    CHECK(schedule[0].group == "s0001-a%2Fb_vs_a_b");
}

TEST_CASE("--resume: only new bots or seeds may join a run") {
    const TournamentConfig saved = two_player({"r0", "r1"}, 4);
    CHECK(compare_runs(saved, saved).refused.empty());
    CHECK(compare_runs(saved, saved).added.empty());

    RunComparison more = compare_runs(saved, two_player({"r0", "v12", "r1"}, 6));
    CHECK(more.refused.empty());
    CHECK(mentions(more.added, "bot 'v12'"));
    CHECK(mentions(more.added, "seeds 5 to 6"));

    TournamentConfig changed = two_player({"r1"}, 3);
    changed.bots.push_back({"r2", "x", ""});
    changed.games_per_seed = 2;
    changed.time_scale = 2;
    const RunComparison refused = compare_runs(saved, changed);
    CHECK(mentions(refused.refused, "games_per_seed: 1 in the run, 2 now"));
    CHECK(mentions(refused.refused, "time.scale: 1 in the run, 2 now"));
    CHECK(mentions(refused.refused, "bot 'r0' is in the run but not in the config"));
    CHECK(mentions(refused.refused, "seeds: the run's 4 seed(s)"));
    CHECK(mentions(compare_runs(saved, two_player({"r1", "r0"}, 4)).refused, "another order"));

    // The bug of issue 14: a run of --games 48 resumed with its 60-seed config stays at 48.
    TournamentConfig run = two_player({"r0", "r1"}, 24);
    run.games = 48;
    TournamentConfig config = two_player({"r0", "r1"}, 60);
    keep_run_size(config, run);
    CHECK(config.seeds == run.seeds);
    CHECK(make_schedule(config).size() == 48);
}

TEST_CASE("bot identity: command, working dir and the content of every file it names") {
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const fs::path dir = fresh_dir("identity");
    std::ofstream(dir / "bot.py") << "print('e2e4')\n";
    match::PlayerSpec bot{"py", "sh bot.py --fast", dir.string()};
    const BotIdentity before = identify(bot);
    REQUIRE(before.files.size() == 2);  // sh (resolved in PATH), bot.py; --fast names no file
    CHECK(before.files[0].word == "sh");
    CHECK(fs::path(before.files[0].path).is_absolute());
    CHECK(before.files[0].sha256.size() == 64);
    CHECK(before.files[1].path == (dir / "bot.py").string());
    CHECK(identify(bot) == before);
    CHECK(identity_from_json(nlohmann::json::parse(to_json(before).dump())) == before);

    std::ofstream(dir / "bot.py") << "print('d2d4')\n";
    const std::vector<std::string> changes = identity_changes(before, identify(bot));
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].find("file " + (dir / "bot.py").string() + ": content changed") !=
          std::string::npos);
    bot.command = "sh bot.py --slow";
    CHECK(mentions(identity_changes(before, identify(bot)),
                   "command 'sh bot.py --fast' -> 'sh bot.py --slow'"));
    // A file the bot writes, named on its command line (a pid file): which one, and what to do.
    bot.command = "sh bot.py --pid out.pid";
    const BotIdentity without_pid = identify(bot);
    std::ofstream(dir / "out.pid") << "123\n";
    CHECK(mentions(identity_changes(without_pid, identify(bot)),
                   "file " + (dir / "out.pid").string() +
                       " exists now, not when its games were "
                       "played (a file named on a bot's command line is part of its version"));
    fs::remove(dir / "out.pid");
    std::ofstream(dir / "out.pid") << "1\n";
    const BotIdentity with_pid = identify(bot);
    fs::remove(dir / "out.pid");
    CHECK(mentions(identity_changes(with_pid, identify(bot)),
                   "file " + (dir / "out.pid").string() + " is gone since its games were played"));
    // A missing program is an identity too (its games are crashes), not an error.
    CHECK(identify({"x", "./no-such-bot", dir.string()}).files.at(0).sha256 == "");
}

TEST_CASE("versions: games of another version stop the run, or are moved aside with --replace") {
    const fs::path dir = fresh_dir("versions");
    const BotIdentity old_a{"./a --v1", "/w", {{"./a", "/w/a", "11"}}};
    const BotIdentity b{"./b", "/w", {{"./b", "/w/b", "22"}}};
    auto line = [&](const std::string& id, const BotIdentity& first) {
        nlohmann::ordered_json j = {{"id", id},
                                    {"players", {"a", "b"}},
                                    {"log", "games/" + id + ".json"},
                                    {"identities", {to_json(first), to_json(b)}}};
        return j.dump() + "\n";
    };
    const BotIdentity new_a{"./a --v2", "/w", {{"./a", "/w/a", "33"}}};
    files::write_atomically(dir / "results.jsonl", line("g1", old_a) + line("g2", new_a));
    files::write_atomically(dir / "games/g1.json", "{}");
    std::ostringstream notes;
    const std::map<std::string, BotIdentity> now = {{"a", new_a}, {"b", b}};
    try {
        check_versions(dir, now, {}, notes);
        FAIL("another version was accepted");
    } catch (const RunError& e) {
        const std::string what = e.what();
        CHECK(what.find("bot 'a': 1 game(s)") != std::string::npos);
        CHECK(what.find("command './a --v1' -> './a --v2'") != std::string::npos);
        CHECK(what.find("--replace") != std::string::npos);
    }
    CHECK_THROWS_AS(check_versions(dir, now, {"c"}, notes), RunError);  // no such bot

    check_versions(dir, now, {"a"}, notes);
    CHECK(files::read_text(dir / "results.jsonl", arena::files::kLogFile) == line("g2", new_a));
    fs::path aside;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().filename().string().rfind("replaced-", 0) == 0) aside = entry.path();
    REQUIRE(!aside.empty());
    CHECK(files::read_text(aside / "results.jsonl", arena::files::kLogFile) == line("g1", old_a));
    CHECK(fs::exists(aside / "games/g1.json"));
    CHECK(!fs::exists(dir / "games/g1.json"));
    CHECK(notes.str().find("1 game(s) of the old version(s) moved to") != std::string::npos);
}

TEST_CASE("interrupted: a tournament starts no game once the flag is up") {
    const fs::path dir = fresh_dir("interrupted");
    TournamentConfig config = two_player({"r0", "r1"}, 3);
    RunOptions options;
    options.out = dir;
    options.concurrency = 2;
    process::simulate_interrupt(SIGINT);
    std::ostringstream progress;
    const std::vector<GameRecord> records = run_tournament(config, options, progress);
    process::clear_interrupt_for_tests();
    CHECK(records.empty());
    CHECK(files::read_text(dir / "results.jsonl", arena::files::kLogFile).empty());
}
