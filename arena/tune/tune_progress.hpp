// What a running tune shows: the iteration, games per second, the time left and the values now.
// On a terminal one status line is redrawn; otherwise one line per iteration.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

#include "arena/tune/config.hpp"
#include "arena/tune/journal.hpp"

namespace arena::tune {

class TuneProgress {
  public:
    // `done` iterations and `games` games are in the run already (--resume).
    TuneProgress(std::ostream& out, bool interactive, const TuneConfig& config, std::size_t done,
                 std::size_t games);
    void game_played();  // thread-safe only under the caller's lock
    void iteration_done(const IterationLine& line);
    void finish();

  private:
    std::string line(const IterationLine& last) const;

    std::ostream& out_;
    bool interactive_;
    const TuneConfig& config_;
    std::size_t done_, games_, games_now_ = 0;
    int wins_ = 0, draws_ = 0, losses_ = 0;  // this run's, for theta+'s win rate
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    bool drawn_ = false;
};

}  // namespace arena::tune
