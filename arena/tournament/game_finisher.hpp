// A worker's last game written while its next game plays. A game's bookkeeping once played (its
// log as JSON, zstd and a file; its results line; the progress line) was on the path from one
// game to the next: about 0.2 ms a game, a tenth of a run of instant games one at a time (issue
// 17, bench/driver_ratio.sh), while the other core sat idle. A GameFinisher does it on a thread
// of its own, one game behind the worker: add() hands a played game over and returns at once
// unless the game before is still waiting, so at most two games per worker are in memory (one
// being written, one waiting) however long the run (flat cost). Destroyed, it first finishes
// what it holds: a game played is never dropped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "arena/match/match.hpp"

namespace arena::tournament {

// A game played, not yet written: its place in the run and its log.
struct PlayedGame {
    std::size_t nth = 0;
    match::MatchLog log;
};

class GameFinisher {
  public:
    // `finish` writes one game; it must not throw (the caller keeps its failures). With
    // `overlap` false add() calls it before returning, as if there were no finisher: the gate's
    // answer after a game must stop the run before the next game starts.
    using Finish = std::function<void(PlayedGame&&)>;
    GameFinisher(Finish finish, bool overlap);
    ~GameFinisher();
    GameFinisher(const GameFinisher&) = delete;
    GameFinisher& operator=(const GameFinisher&) = delete;

    void add(PlayedGame game);

  private:
    void work();

    Finish finish_;
    std::mutex lock_;
    std::condition_variable changed_;
    std::optional<PlayedGame> waiting_;
    bool closing_ = false;
    std::jthread thread_;  // last: joined (after finishing what waits) before the fields go
};

}  // namespace arena::tournament
