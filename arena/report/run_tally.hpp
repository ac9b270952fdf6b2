// Everything the standings, the summaries and the report page need of a run's games, gathered
// one record at a time, so that reading or playing a run never holds its games in memory: what
// is kept is bounded by the bots, the pairs and the boards, never by the number of games
// (issue 17: a 1,000,000-game run's standings in at most 100 MB).
//
// The order records are added in never changes a figure ("standings are always computed in
// game-id order"): every figure is an integer count, a fit of counts taken in a fixed order, or
// the earliest game by game id (compared as schedule_before does: board and seed numbers as
// numbers), never the first to finish. So a run played 2 at a time, resumed, or merged from
// shards gives byte-identical standings.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arena/ratings/ratings.hpp"
#include "arena/report/bot_health.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/turn_histogram.hpp"

namespace arena::report {

// True when game `a` comes before game `b` in the schedule's order as far as their ids say it:
// runs of digits compare as numbers ("s2-..." before "s10-...", "test2" before "test10"), the
// rest as text. The one order of "first failure" and of the report page's checkpoints.
bool schedule_before(const std::string& a, const std::string& b);

// One bot's health over the games added: counts, the earliest failed game of each kind, turn
// times as histograms (all answered turns, and each game's first answered turn apart).
struct BotTally {
    int games = 0;
    int timeouts = 0, crashes = 0, invalids = 0;
    int load_timeouts = 0;  // timeouts the wait for a CPU explains (the machine was too busy)
    // Its start-ups that held its first turn's clock back (records' startup_ms): how many, their
    // sum and the longest.
    int startups = 0;
    double startup_total_ms = 0, startup_max_ms = 0;
    FailedGame first_timeout, first_crash, first_invalid, first_failure;
    tournament::TurnHistogram turn_times, first_turn_times;
};

// A game's finishing order: per seat (bot index in the config, rank), the seats of bots not in
// the config left out. Distinct orders are few (bounded by the bots and seats), so a run's games
// are kept as a count per order.
using FinishingOrder = std::vector<std::pair<int, int>>;
using OrderCounts = std::map<FinishingOrder, std::int64_t>;

// SameGame: one bot's game on one board (bounded by bots x boards).
struct BoardGame {
    std::string id;
    std::int64_t score = 0;
    match::Outcome outcome = match::Outcome::ok;
    int turns = 0;
    double mean_turn_ms = 0, max_turn_ms = 0;
    FailedGame failed;  // game_id empty when the game did not fail
};

// "N game(s) failed in the referee: first: <id>: <text>" and a newline, or "" when none: for
// the standings and the summaries.
class RunTally;
std::string referee_failures_text(const RunTally& tally);

class RunTally {
  public:
    // The report page's ratings over the games: at most this many checkpoints, each after a
    // fixed share of the schedule's seeds (not of the games finished so far).
    static constexpr int kCheckpoints = 40;
    // The failed games the report page lists (the earliest by game id); the others are counted.
    static constexpr std::size_t kListedFailures = 500;

    explicit RunTally(const tournament::TournamentConfig& config);
    // Adds one finished game. The order records are added in never changes a figure: the
    // standings are those of the games in game-id order.
    void add(const tournament::GameRecord& record);
    std::size_t games() const { return games_; }

    const std::vector<std::string>& bots() const { return bot_names_; }  // config's, then others
    // Each bot's health by name (every bot that played, in or out of the config).
    const std::map<std::string, BotTally>& health() const { return health_; }
    const OrderCounts& orders() const { return orders_; }
    // Seat-swapped pairs of 2-player games, keyed (lower index, higher index), from the lower's
    // side; only complete pairs (a group's twin not yet added waits in unpaired_).
    const std::map<std::pair<int, int>, ratings::Pentanomial>& pentanomials() const {
        return pentanomials_;
    }
    // SameGame: (bot, board) -> its game.
    const std::map<std::pair<std::string, std::string>, BoardGame>& boards() const {
        return boards_;
    }
    // The report page: the finishing orders of the games of each checkpoint's share of seeds
    // (cumulate them for the ratings after it); games without a seed number go to the last.
    const std::vector<OrderCounts>& checkpoints() const { return checkpoints_; }
    std::size_t failed_games() const { return failed_games_; }
    // Games whose referee failed (issue 18: record.referee_failure): counted in games() and in
    // the bots' health, never rated (no finishing order, pair or board).
    std::size_t referee_failures() const { return referee_failures_; }
    // The earliest of them by game id, with the referee's failure; empty when none.
    const std::string& first_referee_failure_id() const { return first_referee_failure_.id; }
    const std::string& first_referee_failure() const {
        return first_referee_failure_.referee_failure;
    }
    // The earliest failed games by game id (at most kListedFailures), without their turn times.
    const std::map<std::string, tournament::GameRecord,
                   bool (*)(const std::string&, const std::string&)>&
    listed_failures() const {
        return listed_failures_;
    }
    // The log paths of the earliest games (by id), for what only a log says (the time limits).
    const std::map<std::string, std::string, bool (*)(const std::string&, const std::string&)>&
    first_logs() const {
        return first_logs_;
    }

  private:
    void add_health(const tournament::GameRecord& record);
    void add_order(const tournament::GameRecord& record);
    void add_pairing(const tournament::GameRecord& record);
    void add_board(const tournament::GameRecord& record);
    void add_failure(const tournament::GameRecord& record);
    int checkpoint_of(const std::string& id) const;

    std::map<std::string, int> index_;  // the config's bots
    std::vector<std::string> bot_names_;
    bool pairs_ = false;     // 2-player games: seat-swapped pairs counted
    std::size_t seeds_ = 0;  // the schedule's seeds (checkpoints), 0: none
    std::size_t games_ = 0;
    std::map<std::string, BotTally> health_;
    OrderCounts orders_;
    std::map<std::pair<int, int>, ratings::Pentanomial> pentanomials_;
    // group -> players in seat order -> ranks: games whose twin has not come yet.
    std::map<std::string, std::map<std::vector<std::string>, std::vector<int>>> unpaired_;
    std::map<std::pair<std::string, std::string>, BoardGame> boards_;
    std::vector<OrderCounts> checkpoints_;
    std::size_t failed_games_ = 0;
    std::size_t referee_failures_ = 0;
    struct {
        std::string id, referee_failure;
    } first_referee_failure_;
    std::map<std::string, tournament::GameRecord, bool (*)(const std::string&, const std::string&)>
        listed_failures_{schedule_before};
    std::map<std::string, std::string, bool (*)(const std::string&, const std::string&)>
        first_logs_{schedule_before};
};

}  // namespace arena::report
