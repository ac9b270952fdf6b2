// How each bot behaved, whatever the game: failures (with the first game of each kind, so the
// user can open its log) and turn times against the limit. Computed from game records alone.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/tournament/record.hpp"

namespace arena::report {

// One seat's failed game as a person reads it: what went wrong, at which turn, in the referee's
// words with the bots' names in. From the game's record alone (no match log).
struct FailedGame {
    std::string game_id;  // empty: no failed game
    std::string game;     // the game's registry name, for the replay's referee
    match::Outcome outcome = match::Outcome::ok;
    int turn = 0;        // the failing turn; 0: not known (a record from before turns were kept)
    std::string error;   // the referee's error text, "$0"/"$1" replaced by the bots' names
    std::string detail;  // how the bot's process ended ("exit code 0", "signal 11 (SIGSEGV)")
    std::string timing;  // a timeout's timing in words ("answered after 70.3 ms (limit 50 ms)")
    // The record's "log": the match log's path relative to the run's directory ("" when the
    // log was not kept), which replay commands point at.
    std::string log;
};

// The failed game of `record`'s `seat` (whose outcome is not ok).
FailedGame failed_game(const tournament::GameRecord& record, std::size_t seat);

struct BotHealth {
    std::string bot;
    int games = 0;
    int timeouts = 0, crashes = 0, invalids = 0;
    int load_timeouts = 0;  // of the timeouts, those the wait for a CPU explains
    int startups = 0;       // games whose first turn's clock its start-up held back
    double startup_mean_ms = 0, startup_max_ms = 0;
    // Id of the first game (the earliest by game id, schedule_before) with each kind of failure;
    // "" if none.
    std::string first_timeout, first_crash, first_invalid;
    std::string first_failure;     // the first failed game of any kind
    FailedGame first_failed_game;  // that game: its turn, outcome and error
    int turns = 0;                 // answered turns the times below are taken over
    double mean_turn_ms = 0, p50_turn_ms = 0, p90_turn_ms = 0, p99_turn_ms = 0, max_turn_ms = 0;

    int failures() const { return timeouts + crashes + invalids; }
};

class RunTally;

// One entry per name in `bots`, in that order. Percentiles come from the tally's histograms
// (tournament/turn_histogram.hpp: exact below 10.24 ms, within 0.2 % above).
std::vector<BotHealth> bot_health(const std::vector<std::string>& bots, const RunTally& tally);
// The same over records (a tally of them).
std::vector<BotHealth> bot_health(const std::vector<std::string>& bots,
                                  const std::vector<tournament::GameRecord>& records);

// The q-quantile (0..1) of `values` by linear interpolation between order statistics; 0 if empty.
double quantile(std::vector<double> values, double q);

nlohmann::ordered_json to_json(const BotHealth& health);

}  // namespace arena::report
