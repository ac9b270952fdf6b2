// The clock of a seat across a game: each turn's limits under the game's time rules, what an
// answer's time makes of it (in time, an overrun, a timeout), and a timeout's timing in words.
// docs/timing.md says which CodinGame SDK lines each rule follows.
#pragma once

#include <optional>
#include <string>

#include "arena/match/match.hpp"
#include "arena/process/bot_process.hpp"

namespace arena::match {

// A turn's limits: the one the answer is judged by, and when the arena stops waiting (equal
// under plain rules; the limit + 50 ms under SDK 4.7.7's; the bank left with a timebank).
struct TurnLimits {
    int limit_ms = 0;
    int hard_ms = 0;
};

class SeatClock {
  public:
    SeatClock(TimeRules rules, std::optional<int> timebank_ms);

    // `referee_limit_ms` is the referee's limit already scaled (enforced_limit_ms).
    TurnLimits limits(int referee_limit_ms) const;

    // Judges an answer that came within the hard limit after `elapsed_ms`: false when the rules
    // make it a timeout (SDK 4.7.7: the third overrun). Marks turn.overrun.
    bool accept_answer(double elapsed_ms, Turn& turn);
    // After the turn, answered or not: the bank left (a timeout empties it).
    void end_turn(double elapsed_ms, bool timed_out, Turn& turn);

  private:
    TimeRules rules_;
    std::optional<int> bank_ms_;
    int overruns_ = 0;
};

// How long a late answer is waited for after a turn's hard limit: as long again, at most
// kLateGraceCapMs. Such an answer is never used; its time is recorded.
int late_grace_ms(int hard_ms);

// The timing of a turn without an answer in words (SeatResult::timing), and whether the wait
// for a CPU explains it (sets turn.load_timeout).
std::string timeout_timing(const process::ReadResult& read, Turn& turn, int hard_ms,
                           int startup_ms);

// The timing of the overrun that SDK 4.7.7's rules make a timeout (SeatResult::timing).
std::string overrun_timing(const Turn& turn);

}  // namespace arena::match
