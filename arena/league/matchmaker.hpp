// Who plays next in a league (docs/league.md, "Matchmaking"): a pure function of what the games
// so far say, and a seeded random source. Each table it returns is played as one seat-fair group
// (pairings.hpp). In order of precedence, for each table:
//   1. a bot with fewer than `min_games` games (the newest first: fewest games) sits with the
//      bots it has met least, so its first games spread over the pool;
//   2. with probability `random_share`, a table of active bots drawn uniformly: no pair starves;
//   3. otherwise a table that decides the top: the leader (best active rating) with bots whose
//      95% intervals overlap the leader's, drawn with weights by their interval's width (the
//      less known, the more a game tells); when too few overlap, the next best fill the table.
// Retired bots never sit. The counts (games, meetings) grow with each table chosen, so one call
// plans a whole round.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace arena::league {

struct BotStanding {
    std::string name;
    bool active = true;
    int games = 0;
    double rating = 0;
    double low = 0, high = 0;  // its 95% interval
    bool rated = false;        // false: no games yet (its interval means nothing)
};

struct MatchmakerInput {
    std::vector<BotStanding> bots;
    // Games played by each pair of bots, keyed (lesser name, greater name).
    std::map<std::pair<std::string, std::string>, int> met;
    int players = 2;          // per table
    int games_per_table = 2;  // its seat orders: what each sitter's count grows by
    int min_games = 20;
    double random_share = 0.25;
};

// Why a table was chosen (for tests and the progress line).
enum class TableReason { newcomer, random, top };

struct Table {
    std::vector<std::string> bots;  // `players` distinct names
    TableReason reason = TableReason::random;
};

// Up to `tables` tables (fewer when fewer than `players` bots are active).
std::vector<Table> next_tables(MatchmakerInput input, int tables, std::mt19937_64& random);

std::pair<std::string, std::string> pair_key(const std::string& a, const std::string& b);

}  // namespace arena::league
