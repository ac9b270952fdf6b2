// The matchmaker and the league's groups (docs/league.md, "Matchmaking"): what a user relies on
// when leaving a league to run: a new bot's first games spread over the pool, then the top
// decided, random tables so that no pair starves, retired bots out, every table seat-fair.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "arena/league/matchmaker.hpp"
#include "arena/league/pairings.hpp"

using namespace arena::league;

namespace {

BotStanding rated(const std::string& name, double rating, double half_width, int games = 100) {
    return {name, true, games, rating, rating - half_width, rating + half_width, true};
}

MatchmakerInput pool() {
    MatchmakerInput input;
    input.bots = {rated("a", 200, 40),  rated("b", 170, 40),  rated("c", 0, 30),
                  rated("d", -100, 30), rated("e", -200, 30), rated("f", -300, 30)};
    input.min_games = 20;
    input.random_share = 0.2;
    return input;
}

bool seated(const Table& table, const std::string& name) {
    return std::find(table.bots.begin(), table.bots.end(), name) != table.bots.end();
}

}  // namespace

TEST_SUITE("matchmaker") {
    TEST_CASE("a new bot plays its minimum first, against every bot of the pool in turn") {
        MatchmakerInput input = pool();
        input.bots.push_back({"new", true, 0, 0, 0, 0, false});
        input.min_games = 12;  // 6 tables of 2 games
        std::mt19937_64 random(1);
        const std::vector<Table> tables = next_tables(input, 8, random);
        REQUIRE(tables.size() == 8);
        std::set<std::string> opponents;
        for (int t = 0; t < 6; ++t) {
            CHECK(tables[t].reason == TableReason::newcomer);
            CHECK(tables[t].bots.front() == "new");
            opponents.insert(tables[t].bots[1]);
        }
        CHECK(opponents.size() == 6);  // spread: each of the pool once, none twice
        for (int t = 6; t < 8; ++t) CHECK(tables[t].reason != TableReason::newcomer);
    }

    TEST_CASE("after that the top is favoured, with a share of random tables") {
        std::mt19937_64 random(7);
        const std::vector<Table> tables = next_tables(pool(), 2000, random);
        std::map<TableReason, int> reasons;
        std::map<std::pair<std::string, std::string>, int> pairs;
        int leader = 0, leader_and_b = 0, leader_and_f = 0;
        for (const Table& t : tables) {
            ++reasons[t.reason];
            pairs[pair_key(t.bots[0], t.bots[1])]++;
            leader += seated(t, "a");
            leader_and_b += seated(t, "a") && seated(t, "b");
            leader_and_f += seated(t, "a") && seated(t, "f");
        }
        CHECK(reasons[TableReason::newcomer] == 0);
        CHECK(reasons[TableReason::random] > 2000 * 0.1);  // about 20%
        CHECK(reasons[TableReason::random] < 2000 * 0.3);
        CHECK(leader > 2000 * 0.7);
        // b's interval overlaps the leader's: its games decide the top.
        CHECK(leader_and_b > 10 * std::max(leader_and_f, 1));
        CHECK(pairs.size() == 15);  // every pair of the 6 met: none starved
    }

    TEST_CASE("the uncertain weigh more among those who overlap the leader") {
        MatchmakerInput input;
        input.bots = {rated("a", 100, 50), rated("wide", 60, 200), rated("narrow", 60, 45)};
        input.random_share = 0;
        input.min_games = 0;
        std::mt19937_64 random(3);
        int wide = 0, narrow = 0;
        for (const Table& t : next_tables(input, 1000, random)) {
            wide += seated(t, "wide");
            narrow += seated(t, "narrow");
        }
        CHECK(wide > 2 * narrow);
        CHECK(narrow > 0);
    }

    TEST_CASE("retired bots never sit; too few active: no table") {
        MatchmakerInput input = pool();
        for (BotStanding& b : input.bots) b.active = b.name == "c" || b.name == "d";
        std::mt19937_64 random(5);
        for (const Table& t : next_tables(input, 50, random)) {
            CHECK(seated(t, "c"));
            CHECK(seated(t, "d"));
        }
        input.bots[2].active = false;
        CHECK(next_tables(input, 5, random).empty());
    }

    TEST_CASE("the same results and seed plan the same tables") {
        std::mt19937_64 one(11), two(11);
        const std::vector<Table> a = next_tables(pool(), 30, one), b = next_tables(pool(), 30, two);
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].bots == b[i].bots);
    }

    TEST_CASE("tables of 3 and 4 seat distinct bots") {
        MatchmakerInput input = pool();
        input.players = 3;
        input.games_per_table = 6;
        std::mt19937_64 random(2);
        for (const Table& t : next_tables(input, 100, random)) {
            REQUIRE(t.bots.size() == 3);
            CHECK(std::set<std::string>(t.bots.begin(), t.bots.end()).size() == 3);
        }
    }
}

TEST_SUITE("league_groups") {
    TEST_CASE("every table is a seat-fair group on one seed") {
        const std::vector<LeagueGame> two = group_games({"x", "y"}, 7, 42);
        REQUIRE(two.size() == 2);
        CHECK(two[0].players == std::vector<std::string>{"x", "y"});
        CHECK(two[1].players == std::vector<std::string>{"y", "x"});
        CHECK(two[0].seed == two[1].seed);
        CHECK(two[0].group == "m000007");
        CHECK(two[0].id != two[1].id);
        CHECK(group_games({"x", "y"}, 8, 42)[0].seed != two[0].seed);

        const std::vector<LeagueGame> three = group_games({"x", "y", "z"}, 1, 42);
        std::set<std::vector<std::string>> orders;
        for (const LeagueGame& g : three) orders.insert(g.players);
        CHECK(orders.size() == 6);  // all seat orders

        const std::vector<LeagueGame> four = group_games({"p", "q", "r", "s"}, 1, 42);
        REQUIRE(four.size() == 4);  // rotations: each bot once in each seat
        for (std::size_t seat = 0; seat < 4; ++seat) {
            std::set<std::string> in_seat;
            for (const LeagueGame& g : four) in_seat.insert(g.players[seat]);
            CHECK(in_seat.size() == 4);
        }
    }

    TEST_CASE("a group cut short is completed on its seed, unless a bot retired") {
        const std::vector<LeagueGame> games = group_games({"x", "y", "z"}, 3, 9);
        PlayedGroups played;
        for (std::size_t i = 0; i < 4; ++i) {
            arena::tournament::GameRecord r;
            r.id = games[i].id;
            r.group = games[i].group;
            r.seed = games[i].seed;
            r.players = games[i].players;
            played.add(r);
        }
        CHECK(played.next_number() == 4);
        const std::vector<LeagueGame> missing = played.missing({"x", "y", "z"});
        REQUIRE(missing.size() == 2);
        CHECK(missing[0].seed == games[0].seed);
        CHECK(missing[0].group == "m000003");
        std::set<std::string> ids = {games[4].id, games[5].id};
        CHECK(ids.count(missing[0].id) == 1);
        CHECK(ids.count(missing[1].id) == 1);
        CHECK(played.missing({"x", "y"}).empty());
    }
}
