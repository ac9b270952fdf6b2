// What `arena match` says after its games, beyond the standings table: for a puzzle (SameGame)
// two bots compared board by board on the same boards, and for a sequential test (--sprt) its
// state and verdict in words. Pure text from values: no I/O.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/ratings/sprt.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"

namespace arena::report {

// One board where the two bots' scores differ. A failed game (timeout, crash, invalid) counts 0,
// as CodinGame counts a failed validator.
struct BoardDifference {
    std::string testcase;  // "test06"
    std::int64_t score = 0, other_score = 0;
    match::Outcome outcome = match::Outcome::ok, other_outcome = match::Outcome::ok;
};

// `bot` against `other` on the boards both played.
struct BoardComparison {
    std::string bot, other;
    int boards = 0;                           // played by both
    int better = 0, equal = 0, worse = 0;     // boards where bot scored more / the same / less
    std::int64_t total = 0, other_total = 0;  // over the boards both played (failures: 0)
    // CodinGame's submit score of each (SameGameStanding::validator_total), when both played
    // validators: what CodinGame ranks by.
    int validators = 0;
    std::int64_t validator_total = 0, other_validator_total = 0;
    std::vector<BoardDifference> differing;  // in the boards' order
};

BoardComparison compare_boards(const SameGameStanding& bot, const SameGameStanding& other);

// "mine vs greedy on the same 50 boards: mine better on 12, equal on 30, worse on 8; total
// 61234 vs 60321 (+913); validators (CodinGame's submit score) 48,000 vs 47,500 (+500)", then a
// table of the boards that differ (at most `max_rows`, the largest differences, the rest counted).
std::string to_text(const BoardComparison& comparison, std::size_t max_rows = 20);

// The pair's figures from `bot`'s side (the standings give them in table order): results, the
// pentanomial counts, the Elo and its interval, LOS, all turned around when `bot` is its b.
PairReport seen_from(const PairReport& pair, const std::string& bot);

// A sequential test of `bot` against `other` in words: the hypotheses, the LLR against its
// bounds, the pairs counted, and the decision ("H1 accepted: mine is stronger than ...",
// "H0 accepted: ...", or "undecided after N games").
std::string sprt_text(const ratings::SprtTest& test, const std::string& bot,
                      const std::string& other);

}  // namespace arena::report
