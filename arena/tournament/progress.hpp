// What a running tournament shows on the terminal: games done / total, games per second, ETA and
// the leader so far. On a terminal one status line is redrawn; otherwise (CI logs, pipes) one
// plain line per finished game. The runner calls it under its lock, so lines never interleave.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <map>
#include <string>

#include "arena/tournament/record.hpp"

namespace arena::tournament {

class Progress {
  public:
    Progress(std::ostream& out, bool interactive, std::size_t total_games);

    void add_earlier(const GameRecord& record);  // a game from an earlier run (--resume)
    void game_finished(const GameRecord& record);
    void finish();  // ends the status line

  private:
    void count(const GameRecord& record);
    std::string leader() const;

    std::ostream& out_;
    bool interactive_;
    std::size_t total_;
    std::size_t done_ = 0;
    std::size_t done_now_ = 0;  // played by this run, for the rate
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::map<std::string, std::int64_t> points_;  // bot -> sum of scores of games it finished ok
};

}  // namespace arena::tournament
