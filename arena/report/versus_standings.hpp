// Standings of games between bots (Dice Shogi: 2 players, Tsuro: 2 to 4): who is stronger, and
// how sure we are. Computed from the game records alone, so a resumed tournament and an
// uninterrupted one report the same.
//   - Elo from a Bradley-Terry fit over every pairwise result (for Tsuro, each pair of players of
//     a game: the better ranked wins), with 95% intervals, W/D/L, score %, LOS between neighbours;
//   - 2-player games: a head-to-head matrix, and for seat-swapped pairs (same seed, both seat
//     orders) the pentanomial counts with their Elo;
//   - more than 2 players: a Plackett-Luce rating from each game's full finishing order (this
//     ranks the table), average rank and win %;
//   - for every bot: timeouts, crashes, invalid moves (first game of each) and turn times.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/ratings/ratings.hpp"
#include "arena/report/bot_health.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"

namespace arena::report {

struct VersusStanding {
    int rank = 0;
    std::string bot;
    ratings::EloEstimate elo;  // Bradley-Terry over pairwise results, field average 0
    ratings::WDL results;      // pairwise results (2 players: the games themselves)
    double score_percent = 0;
    // Likelihood that this bot is stronger than the next one in the table; empty for the last.
    std::optional<double> los_next;
    // Games of more than 2 players only: Plackett-Luce rating, placements.
    std::optional<ratings::EloEstimate> finishing_order_rating;
    double average_rank = 0;
    double win_percent = 0;  // games ranked first (a shared first place counts its share)
    int games = 0;
    BotHealth health;
};

struct PairReport {
    std::string a, b;  // a's results against b
    ratings::WDL results;
    ratings::Pentanomial pentanomial;  // complete seat-swapped pairs only
    ratings::HeadToHead elo;           // pentanomial when there are pairs, else trinomial
};

struct VersusStandings {
    std::string game;
    int players_per_game = 2;
    int games = 0;
    std::vector<VersusStanding> rows;  // ranked, best first
    // head_to_head[i][j]: rows[i]'s pairwise results against rows[j].
    std::vector<std::vector<ratings::WDL>> head_to_head;
    std::vector<PairReport> pairs;  // every pair that met, in row order
    // A gauntlet's candidate (config "format": "gauntlet"), whose games against each other bot
    // the standings show apart (gauntlet.hpp); empty for a round robin.
    std::string gauntlet_of;
};

class RunTally;
// The standings of the games a tally holds (run_tally.hpp): the same whatever order they came in.
VersusStandings versus_standings(const tournament::TournamentConfig& config, const RunTally& tally);
// The same over records (a tally of them).
VersusStandings versus_standings(const tournament::TournamentConfig& config,
                                 const std::vector<tournament::GameRecord>& records);

nlohmann::ordered_json to_json(const VersusStandings& standings);
// `out_dir`: the tournament's output directory, for the replay commands of failed games;
// `program`: how the user runs arena, the commands' first word (failures.hpp).
std::string to_markdown(const VersusStandings& standings, const std::string& out_dir = ".",
                        const std::string& program = kDefaultArenaProgram);
std::string to_csv(const VersusStandings& standings);
// A compact table for the terminal, with a legend under it (the fits, open sides, LOS next).
std::string to_text(const VersusStandings& standings);
// One pair's figures for the terminal (a match of two bots): games, W-D-L, pentanomial counts,
// Elo and LOS from the pair's own games, labelled so, and what an open side means there.
std::string pair_text(const PairReport& pair);

// "+35 [-12, +80]", with "<" / ">" for an open side.
std::string elo_text(const ratings::EloEstimate& elo);

// What the standings' figures mean, in words, for the texts that show them: under the tables
// (terminal, standings.md) and in standings.json's "notes" (the report page). An empty note has
// nothing to explain in these standings (no open side). docs/reading-standings.md says more.
struct StandingsNotes {
    std::string ratings;           // how the ratings and their intervals are computed
    std::string open_bounds;       // the table's open sides, named: what "<" / ">" mean there
    std::string pair_open_bounds;  // the same for the pairs' Elo (a perfect score, ...)
    std::string los;               // LOS next (joint fit) and, with pairs, LOS (pair's games)
};
StandingsNotes standings_notes(const VersusStandings& standings);

}  // namespace arena::report
