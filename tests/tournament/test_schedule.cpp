// Schedules of games with 2 or more players: every pairing (or table) and every seat order is
// played the right number of times, seed by seed, and the same config gives the same schedule.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"

using namespace arena;
using tournament::ScheduledGame;
using tournament::TournamentConfig;

namespace {

TournamentConfig seeded_config(int bots, int players_per_game, int seeds) {
    TournamentConfig config;
    config.game = "tsuro";
    for (int i = 0; i < bots; ++i)
        config.bots.push_back({"bot" + std::to_string(i), "./bot" + std::to_string(i), ""});
    config.players_per_game = players_per_game;
    config.seeds = tournament::seeds_from_master(1, seeds);
    return config;
}

// seat order -> how many games, over the whole schedule
std::map<std::vector<std::size_t>, int> count_orders(const std::vector<ScheduledGame>& games) {
    std::map<std::vector<std::size_t>, int> counts;
    for (const ScheduledGame& g : games) ++counts[g.seats];
    return counts;
}

}  // namespace

TEST_CASE("seeds from a master seed: SplitMix64, distinct, fixed") {
    const std::vector<std::int64_t> seeds = tournament::seeds_from_master(1, 3);
    REQUIRE(seeds.size() == 3);
    // SplitMix64 from state 1, worked out independently from the definition (Steele et al.).
    CHECK(static_cast<std::uint64_t>(seeds[0]) == 0x910A2DEC89025CC1ull);
    CHECK(static_cast<std::uint64_t>(seeds[1]) == 0xBEEB8DA1658EEC67ull);
    CHECK(static_cast<std::uint64_t>(seeds[2]) == 0xF893A2EEFB32555Eull);
    CHECK(tournament::seeds_from_master(1, 3) == seeds);
    CHECK(tournament::seeds_from_master(2, 3) != seeds);
}

TEST_CASE("2-player round robin: every pair, both seat orders, every seed") {
    TournamentConfig config = seeded_config(4, 2, 5);
    const std::vector<ScheduledGame> games = tournament::make_schedule(config);
    CHECK(games.size() == 6 * 2 * 5);  // C(4,2) pairs x 2 seat orders x 5 seeds
    const auto orders = count_orders(games);
    CHECK(orders.size() == 12);  // every ordered pair of distinct bots
    for (const auto& [seats, count] : orders) {
        CHECK(seats.size() == 2);
        CHECK(seats[0] != seats[1]);
        CHECK(count == 5);
    }
    // Each (seed, pair) is one group of two games, the two seat orders.
    std::map<std::string, std::vector<const ScheduledGame*>> groups;
    for (const ScheduledGame& g : games) groups[g.group].push_back(&g);
    CHECK(groups.size() == 6 * 5);
    for (const auto& [group, members] : groups) {
        REQUIRE(members.size() == 2);
        CHECK(members[0]->seed == members[1]->seed);
        CHECK(members[0]->seats[0] == members[1]->seats[1]);
        CHECK(members[0]->seats[1] == members[1]->seats[0]);
    }
    // Ids are unique (they name the log files) and seed-major: the first 12 games use seed 1.
    std::set<std::string> ids;
    for (const ScheduledGame& g : games) ids.insert(g.id);
    CHECK(ids.size() == games.size());
    for (std::size_t i = 0; i < 12; ++i) CHECK(games[i].seed == config.seeds[0]);
    CHECK(games[12].seed == config.seeds[1]);
}

TEST_CASE("4-player tables: all 24 seat orders, or the 4 rotations") {
    TournamentConfig config = seeded_config(5, 4, 2);
    std::vector<ScheduledGame> games = tournament::make_schedule(config);
    CHECK(games.size() == 5 * 24 * 2);  // C(5,4) tables x 4! orders x 2 seeds
    for (const auto& [seats, count] : count_orders(games)) CHECK(count == 2);

    config.seat_orders = tournament::SeatOrders::rotations;
    games = tournament::make_schedule(config);
    CHECK(games.size() == 5 * 4 * 2);
    // With rotations every bot of a table sits in every seat exactly once per seed.
    std::map<std::pair<std::size_t, std::size_t>, int> bot_in_seat;
    for (const ScheduledGame& g : games) {
        for (std::size_t seat = 0; seat < g.seats.size(); ++seat)
            ++bot_in_seat[{g.seats[seat], seat}];
    }
    for (std::size_t bot = 0; bot < 5; ++bot) {
        for (std::size_t seat = 0; seat < 4; ++seat) {
            CHECK(bot_in_seat[{bot, seat}] == 4 * 2);  // 4 of the 5 tables have the bot
        }
    }
}

TEST_CASE("3-player tables of 3 bots: 6 seat orders per seed") {
    const std::vector<ScheduledGame> games = tournament::make_schedule(seeded_config(3, 3, 4));
    CHECK(games.size() == 6 * 4);
    for (const auto& [seats, count] : count_orders(games)) {
        CHECK(std::set<std::size_t>(seats.begin(), seats.end()).size() == 3);
        CHECK(count == 4);
    }
}

TEST_CASE("gauntlet: only the candidate's games") {
    TournamentConfig config = seeded_config(4, 2, 3);
    config.format = tournament::Format::gauntlet;
    config.candidate = 2;
    const std::vector<ScheduledGame> games = tournament::make_schedule(config);
    CHECK(games.size() == 3 * 2 * 3);  // 3 opponents x 2 seat orders x 3 seeds
    for (const ScheduledGame& g : games) {
        CHECK(std::count(g.seats.begin(), g.seats.end(), std::size_t{2}) == 1);
    }
}

TEST_CASE("games per seed repeat every seat order, in distinct groups") {
    TournamentConfig config = seeded_config(2, 2, 2);
    config.games_per_seed = 3;
    const std::vector<ScheduledGame> games = tournament::make_schedule(config);
    CHECK(games.size() == 2 * 3 * 2);
    std::set<std::string> groups, ids;
    for (const ScheduledGame& g : games) {
        groups.insert(g.group);
        ids.insert(g.id);
    }
    CHECK(groups.size() == 6);
    CHECK(ids.size() == games.size());
}

TEST_CASE("same config, same schedule") {
    const TournamentConfig config = seeded_config(4, 3, 3);
    const std::vector<ScheduledGame> a = tournament::make_schedule(config);
    const std::vector<ScheduledGame> b = tournament::make_schedule(config);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].id == b[i].id);
        CHECK(a[i].seats == b[i].seats);
        CHECK(a[i].seed == b[i].seed);
    }
}
