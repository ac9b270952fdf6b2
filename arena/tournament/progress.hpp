// What a running tournament shows on the terminal: games done / total, games per second, ETA and
// the leader so far, as the caller's live standings rank it (set_leader: the tournament layer does
// not rank bots; the table printed at the end does, and the line must not disagree with it). On a
// terminal one status line is redrawn; otherwise (CI logs, pipes) one plain line per finished game.
// The runner calls it under its lock, so lines never interleave.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

#include "arena/tournament/record.hpp"

namespace arena::tournament {

class Progress {
  public:
    Progress(std::ostream& out, bool interactive, std::size_t total_games);

    void add_earlier(const GameRecord& record);  // a game from an earlier run (--resume)
    void game_finished(const GameRecord& record);
    void finish();  // ends the status line
    // The leader of the standings so far, e.g. "strong (Elo +120)", shown from the next line on;
    // "" (the default) shows no leader.
    void set_leader(std::string leader);

  private:
    std::ostream& out_;
    bool interactive_;
    std::size_t total_;
    std::size_t done_ = 0;
    std::size_t done_now_ = 0;  // played by this run, for the rate
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::string leader_;
};

}  // namespace arena::tournament
