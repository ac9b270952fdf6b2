// The gate's sequential tests of games between bots, fed one game record at a time (the
// runner's stop_after hook, under its lock): one SPRT per opponent (ratings/sprt.hpp) on the
// candidate's seat-swapped pairs (report/seat_swaps.hpp) or, without twins, its single games;
// and the candidate's failures. Decides when the tournament can stop.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arena/gate/config.hpp"
#include "arena/gate/verdicts.hpp"
#include "arena/ratings/sprt.hpp"
#include "arena/report/seat_swaps.hpp"
#include "arena/tournament/record.hpp"

namespace arena::gate {

class VersusTracker {
  public:
    // Where the progress lines go (a candidate's failure, a test's decision, a status line every
    // 10 pairs).
    using Print = std::function<void(const std::string& line)>;

    // `at_look_points`: the tests take the games' observations only when look() is called (the
    // end of a round, docs/gate.md), not one by one; the verdict is then known only at a look.
    VersusTracker(const tournament::TournamentConfig& config, const GateSettings& settings,
                  Print print, bool at_look_points = false);

    // Returns true when the gate knows its verdict: stop starting games.
    bool add(const tournament::GameRecord& record);
    // At look points: the observations since the last look go to the tests at once (their LLR is
    // a function of the counts, so the order inside a round never matters), a line per opponent
    // "round R: sprt ..." is printed, and the verdict is looked at. Every pair of the round must
    // have been added (its pairing is forgotten: a round's groups are whole). Returns
    // stop_requested().
    bool look(std::size_t round);

    bool stop_requested() const { return stop_requested_; }
    // The tests, failures and counts so far into `report` (pairings, bounds, games,
    // stopped_early, candidate_failures, opponent_failures).
    void fill(GateReport& report) const;

  private:
    void add_failures(const tournament::GameRecord& r, std::size_t candidate_seat);
    void add_game(const tournament::GameRecord& r, std::size_t candidate_seat,
                  std::size_t opponent_seat, const std::vector<report::SeatSwappedPair>& pairs);
    // After an observation of test i: its decision when it has just decided, else a status
    // line every 10 pairs.
    void observed(std::size_t i, bool was_decided);
    void sync(std::size_t i);
    bool verdict_known() const;

    const GateSettings& settings_;
    std::string candidate_;
    Print print_;
    ratings::SprtBounds bounds_;
    std::vector<PairingTest> tests_;        // what the report shows, one per opponent
    std::vector<ratings::SprtTest> sprts_;  // their sequential tests
    bool at_look_points_ = false;
    std::vector<ratings::Pentanomial> pending_pairs_;  // per test, since the last look
    std::vector<ratings::WDL> pending_games_;
    std::map<std::string, std::size_t> index_;  // opponent -> its test
    report::SeatSwapPairing pairing_;
    std::vector<BotFailure> candidate_failures_, opponent_failures_;
    std::set<match::Outcome> first_allowed_;  // failure kinds already printed
    bool disallowed_failure_ = false;
    bool stop_requested_ = false;
    int games_ = 0;
};

}  // namespace arena::gate
