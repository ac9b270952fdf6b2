// Issue 17, flat cost: the schedule computed game by game (tournament::Schedule) is the schedule
// runs have always played: same order, same ids and groups, same split into shards; a run's
// memory does not grow with its schedule (a 600,000-game run started, stopped and resumed).
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "arena/tournament/config.hpp"
#include "arena/tournament/game_ids.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/schedule.hpp"
#include "arena/tournament/shards.hpp"

namespace fs = std::filesystem;
using namespace arena;
using tournament::ScheduledGame;
using tournament::Shard;
using tournament::TournamentConfig;

namespace {

// The schedule as docs/tournaments and runner.hpp specify it, written out as a list the way the
// arena built it before issue 17 (seed-major; groups in lexicographic order; repeats; seat orders
// as permutations or rotations of the listed order; ids "s0003-a_vs_b-r2").
std::vector<ScheduledGame> listed_schedule(const TournamentConfig& config) {
    std::vector<ScheduledGame> schedule;
    if (config.seeds.empty()) {
        for (std::size_t t = 0; t < config.testcases.size(); ++t)
            for (std::size_t b = 0; b < config.bots.size(); ++b) {
                const std::string id = tournament::id_part(config.testcases[t].name) + "-" +
                                       tournament::id_part(config.bots[b].name);
                schedule.push_back({id, id, t, std::nullopt, {b}});
            }
        return schedule;
    }
    const std::size_t k = static_cast<std::size_t>(config.players_per_game);
    std::vector<std::vector<std::size_t>> groups;
    std::vector<bool> chosen(config.bots.size(), false);
    std::fill(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(k), true);
    do {
        std::vector<std::size_t> group;
        for (std::size_t i = 0; i < chosen.size(); ++i)
            if (chosen[i]) group.push_back(i);
        if (config.format == tournament::Format::round_robin ||
            std::count(group.begin(), group.end(), config.candidate))
            groups.push_back(group);
    } while (std::prev_permutation(chosen.begin(), chosen.end()));
    const auto name = [&](const std::string& tag, const std::vector<std::size_t>& seats) {
        std::string text = tag;
        for (std::size_t i = 0; i < seats.size(); ++i)
            text += (i ? "_vs_" : "-") + tournament::id_part(config.bots[seats[i]].name);
        return text;
    };
    for (std::size_t s = 0; s < config.seeds.size(); ++s) {
        char tag[32];
        std::snprintf(tag, sizeof tag, "s%04zu", s + 1);
        for (const std::vector<std::size_t>& members : groups)
            for (int r = 0; r < config.games_per_seed; ++r) {
                const std::string repeat =
                    config.games_per_seed > 1 ? "-r" + std::to_string(r + 1) : "";
                std::vector<std::vector<std::size_t>> orders;
                std::vector<std::size_t> order = members;
                if (config.seat_orders == tournament::SeatOrders::all) {
                    do orders.push_back(order);
                    while (std::next_permutation(order.begin(), order.end()));
                } else {
                    for (std::size_t i = 0; i < k; ++i) {
                        orders.push_back(order);
                        std::rotate(order.begin(), order.begin() + 1, order.end());
                    }
                }
                for (const auto& seats : orders)
                    schedule.push_back({name(tag, seats) + repeat, name(tag, members) + repeat, 0,
                                        config.seeds[s], seats});
            }
    }
    return schedule;
}

TournamentConfig seeded(std::vector<std::string> bots, int players, int seeds) {
    TournamentConfig config;
    config.game = "tsuro";
    for (const std::string& bot : bots) config.bots.push_back({bot, "./" + bot, ""});
    config.players_per_game = players;
    config.seeds = tournament::seeds_from_master(7, seeds);
    return config;
}

std::vector<TournamentConfig> configs() {
    std::vector<TournamentConfig> all;
    all.push_back(seeded({"a", "b", "c", "d"}, 2, 5));  // 4 random bots of the issue's run
    TournamentConfig repeats = seeded({"x", "y"}, 2, 3);
    repeats.games_per_seed = 3;
    all.push_back(repeats);
    all.push_back(seeded({"p", "q", "r", "s", "t"}, 3, 2));  // tables of 3, every permutation
    TournamentConfig rotations = seeded({"p", "q", "r", "s"}, 4, 3);
    rotations.seat_orders = tournament::SeatOrders::rotations;
    all.push_back(rotations);
    TournamentConfig gauntlet = seeded({"old1", "new", "old2", "old3"}, 2, 4);
    gauntlet.format = tournament::Format::gauntlet;
    gauntlet.candidate = 1;
    gauntlet.games_per_seed = 2;
    all.push_back(gauntlet);
    // Names that need escaping, and a dash inside names (ids split at '-').
    all.push_back(seeded({"a-b", "a", "b-", "c d/e"}, 2, 12));
    TournamentConfig boards;  // SameGame: board-major
    boards.game = "samegame";
    for (const char* bot : {"greedy", "a-b", "b"}) boards.bots.push_back({bot, "./x", ""});
    for (const char* board : {"test01", "test02", "b-c"})
        boards.testcases.push_back({board, board, "", 0});
    all.push_back(boards);
    return all;
}

long peak_rss_kb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

}  // namespace

// First in the file (doctest runs a file's cases in order): the process's peak memory is only
// ever raised, so nothing before it may raise it.
TEST_CASE("a 600,000-game run neither builds its schedule nor indexes it: start, stop, resume") {
    const fs::path dir = fs::temp_directory_path() / "arena_test_schedule_memory";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string bot = ARENA_TESTBOT;
    std::ofstream(dir / "config.json") << R"({"game": "diceshogi", "bots": [
        {"name": "fast", "command": ")" + bot +
                                              R"( reply random"},
        {"name": "blunder", "command": ")" + bot +
                                              R"( reply nonsense"}],
      "seeds": {"count": 300000, "master": 5}})";
    const TournamentConfig config = tournament::load_config(dir / "config.json");
    REQUIRE(tournament::scheduled_games(config) == 600000);

    const long before = peak_rss_kb();
    tournament::RunOptions options;
    options.out = dir / "out";
    options.concurrency = 1;
    options.keep_records = false;
    std::size_t seen = 0;
    options.each_record = [&](const tournament::GameRecord&) { ++seen; };
    options.stop_after = [](const tournament::GameRecord&) { return true; };  // the first game
    std::ostringstream progress;
    tournament::run_tournament(config, options, progress);
    CHECK(seen == 1);
    CHECK(progress.str().find("[1/600000]") != std::string::npos);

    options.resume = true;  // the game played is read back, and the run stops at once again
    seen = 0;
    tournament::run_tournament(config, options, progress);
    CHECK(seen == 1);
    // A list of 600,000 games (about 200 bytes each) and an index of their ids would be 150 MB;
    // the run holds a bit per game.
    CHECK(peak_rss_kb() - before < 16 * 1024);
    fs::remove_all(dir);
}

TEST_CASE("each game computed from its place is the listed schedule's, and found by its id") {
    for (const TournamentConfig& config : configs()) {
        const std::vector<ScheduledGame> listed = listed_schedule(config);
        const tournament::Schedule schedule(config);
        REQUIRE(schedule.size() == listed.size());
        CHECK(schedule.size() == tournament::scheduled_games(config));
        CHECK(tournament::make_schedule(config).size() == listed.size());
        for (std::size_t i = 0; i < listed.size(); ++i) {
            const ScheduledGame game = schedule.game(i);
            CAPTURE(listed[i].id);
            CHECK(game.id == listed[i].id);
            CHECK(schedule.id(i) == listed[i].id);
            CHECK(game.group == listed[i].group);
            CHECK(game.seats == listed[i].seats);
            CHECK(game.seed == listed[i].seed);
            CHECK(game.testcase == listed[i].testcase);
            CHECK(schedule.find(listed[i].id) == i);
        }
    }
}

TEST_CASE("ids spelled out: seed tags, seat orders, repeats, escaped names") {
    TournamentConfig config = seeded({"a", "b c"}, 2, 10001);
    config.games_per_seed = 2;
    const tournament::Schedule schedule(config);
    CHECK(schedule.id(0) == "s0001-a_vs_b%20c-r1");
    CHECK(schedule.id(1) == "s0001-b%20c_vs_a-r1");
    CHECK(schedule.game(1).group == "s0001-a_vs_b%20c-r1");
    CHECK(schedule.id(2) == "s0001-a_vs_b%20c-r2");
    CHECK(schedule.id(4 * 10000 + 3) == "s10001-b%20c_vs_a-r2");
    CHECK(schedule.find("s10001-b%20c_vs_a-r2") == 4 * 10000 + 3);
}

TEST_CASE("an id of no game of the schedule is not found") {
    const TournamentConfig config = seeded({"a", "b"}, 2, 3);  // the schedule refers to it
    const tournament::Schedule schedule(config);
    for (const char* id :
         {"s0004-a_vs_b", "s0000-a_vs_b", "s001-a_vs_b", "s00001-a_vs_b", "s+001-a_vs_b",
          "s0001-a_vs_a", "s0001-a_vs_b-r1", "s0001", "", "-", "x0001-a_vs_b", "s0001-a_vs_b_vs_a"})
        CHECK_MESSAGE(!schedule.find(id), id);
    TournamentConfig boards;
    boards.game = "samegame";
    boards.bots.push_back({"greedy", "./x", ""});
    boards.testcases.push_back({"test01", "test01", "", 0});
    const tournament::Schedule board_schedule(boards);
    CHECK(board_schedule.find("test01-greedy") == 0u);
    for (const char* id : {"test01", "test01-", "-greedy", "test02-greedy", "test01-greedy2"})
        CHECK_MESSAGE(!board_schedule.find(id), id);
}

TEST_CASE("shards computed from a game's place are those of shard_games, groups whole") {
    for (const TournamentConfig& config : configs()) {
        const std::vector<ScheduledGame> listed = listed_schedule(config);
        const tournament::Schedule schedule(config);
        for (std::size_t count = 1; count <= 5; ++count) {
            const std::vector<std::size_t> shard_of = tournament::shard_of_each(listed, count);
            for (std::size_t i = 0; i < listed.size(); ++i)
                CHECK(schedule.shard_of(i, count) == shard_of[i]);
            for (std::size_t index = 0; index < count; ++index) {
                const Shard shard{index, count};
                const auto games = tournament::shard_games(listed, shard);
                REQUIRE(schedule.shard_size(shard) == games.size());
                for (std::size_t nth = 0; nth < games.size(); ++nth) {
                    const std::size_t at = schedule.shard_game(shard, nth);
                    CHECK(schedule.id(at) == games[nth]->id);
                    CHECK(schedule.place_in_shard(at, count) == nth);
                }
            }
        }
    }
}
