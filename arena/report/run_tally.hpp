// Everything the standings, the summaries and the report page need of a run's games, gathered
// one record at a time, so that reading or playing a run never holds its games in memory: what
// is kept is bounded by the bots, the pairs and the boards, never by the number of games
// (issue 17: a 1,000,000-game run's standings in at most 100 MB).
#pragma once

#include <cstddef>
#include <vector>

#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"

namespace arena::report {

class RunTally {
  public:
    explicit RunTally(const tournament::TournamentConfig& config);
    // Adds one finished game. The order records are added in never changes a figure: the
    // standings are those of the games in game-id order.
    void add(const tournament::GameRecord& record);
    std::size_t games() const;

    // Placeholder: the streaming engineer replaces these records by aggregates.
    const std::vector<tournament::GameRecord>& records() const { return records_; }

  private:
    std::vector<tournament::GameRecord> records_;
};

}  // namespace arena::report
