// The league's table: every bot, best first, with its games, rating and 95% interval, and
// whether it still plays. The ratings are the tournament's (report/versus_standings.hpp):
// Elo from a Bradley-Terry fit for 2 players, Plackett-Luce from the finishing orders for 3-4;
// a puzzle ranks as a tournament does (validators passed, then the totals) and its "rating" is
// the bot's total score over the boards (its interval that number). Bots without games last.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/league/league_file.hpp"
#include "arena/league/matchmaker.hpp"
#include "arena/report/run_tally.hpp"

namespace arena::league {

struct LeagueRow {
    std::string name;
    int games = 0;
    double rating = 0, low = 0, high = 0;
    bool rated = false;  // has games that rate it
    bool active = true;
    int wins = 0, draws = 0, losses = 0;  // pairwise (versus games)
};

struct LeagueTable {
    std::size_t games = 0;
    bool puzzle = false;
    std::vector<LeagueRow> rows;  // best first
};

LeagueTable league_table(const League& league, const tournament::TournamentConfig& config,
                         const report::RunTally& tally);

// A league with too few bots for a game yet: its bots, no games.
LeagueTable unplayed_table(const League& league);

// {"games": N, "bots": [{"name", "games", "rating", "interval": [low, high], "active"}, ...]}
nlohmann::ordered_json to_json(const LeagueTable& table);
// The first `rows` rows for the terminal ("retired" marked).
std::string to_text(const LeagueTable& table, std::size_t rows);

// What the matchmaker needs of the table.
std::vector<BotStanding> matchmaker_standings(const LeagueTable& table);

}  // namespace arena::league
