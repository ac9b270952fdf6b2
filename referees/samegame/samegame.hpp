// SameGame, the CodinGame optimisation puzzle, refereed exactly as CodinGame does.
//
// Source of truth: shared/specs/samegame.md, which reads the published Java referee
// (github.com/acatai/SameGame @ 446ebbb, GameState.java and Referee.java). Section numbers below
// (§1.2, ...) refer to that spec.
//
// The rules in one paragraph: a 15x15 board of 5 colours. Each turn the bot names a cell; the
// 4-connected same-colour region holding it (at least 2 cells) is removed and scores (n-2)^2.
// Tiles then fall down, and empty columns close up to the left. Clearing the board adds 1000.
// The game ends when no two orthogonally adjacent tiles share a colour. Any invalid answer ends
// the game at once (the CodinGame test is failed) with the score made so far.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "referees/referee.hpp"

namespace arena::referee {

inline constexpr int kSameGameColumns = 15;
inline constexpr int kSameGameRows = 15;
inline constexpr int kSameGameColors = 5;  // colours are 0..4
inline constexpr int kSameGameEmpty = -1;

// A SameGame board, indexed like the Java referee's board[x][y]:
// x = column 0..14 from left to right, y = row 0..14 from the BOTTOM up, so (0, 0) is the
// bottom-left cell. A bot's move "x y" uses the same coordinates. Values: colour 0..4, or -1.
struct SameGameGrid {
    std::array<std::array<std::int8_t, kSameGameRows>, kSameGameColumns> cells{};

    int at(int x, int y) const { return cells[x][y]; }
    friend bool operator==(const SameGameGrid&, const SameGameGrid&) = default;
};

// Reads a SameGame test case, given either as
//  - the board text a bot reads on turn 1 (testNN.txt): 15 lines, top row first, 15 values per
//    line separated by single spaces; or
//  - a CodinGame test JSON object (config/testN.json) whose "testIn" field holds those 15 lines
//    joined by "\n".
// Each line is read as GameState does: Java trim(), split(" "), trim() and parseInt() of each
// value. Values must be colours 0..4 or -1 (empty); anything else crashes the Java referee.
// Stricter than Java, which ignores them: extra values on a line and extra non-blank lines.
// Throws std::invalid_argument saying which line is wrong, what is wrong and what is expected.
SameGameGrid parse_samegame_testcase(std::string_view text);

class SameGameReferee final : public Referee {
  public:
    static constexpr int kFirstTurnTimeLimitMs = 20000;  // setFirstTurnMaxTime (§2)
    static constexpr int kTurnTimeLimitMs = 50;          // setTurnMaxTime (§2)
    // setMaxTurns(115) and "turn == 115 ends the game" leave at most 114 moves. Never reached:
    // every move removes at least 2 of the 225 tiles, so a game has at most 112 moves (§2).
    static constexpr int kMaxMoves = 114;

    explicit SameGameReferee(const SameGameGrid& initial_board);

    std::string_view game() const override { return "samegame"; }
    int player_count() const override { return 1; }
    bool over() const override { return over_; }
    int current_player() const override { return 0; }
    // The whole board, every turn (§1.1): 15 lines, top row first, values joined by one space,
    // -1 for empty cells, no trailing space, each line ending in '\n'.
    std::string input() const override;
    int time_limit_ms() const override;
    // Checks in the Java order (§1.2): trim, empty, parse, bounds, message, empty tile, region.
    // Throws std::logic_error if called after the game ended.
    Verdict play(std::string_view line) override;
    Verdict timeout() override;
    // scores = {the score so far} (CodinGame's "Score" metadata; after an error, the score
    // before the rejected move), ranks = {1}, reason = the end text ("" while playing).
    Result result() const override;

    // The state as the Java referee holds it; handy for tests, sample bots and benchmarks.
    const SameGameGrid& board() const { return board_; }
    std::int64_t score() const { return score_; }
    int moves_played() const { return moves_played_; }  // accepted moves
    int tiles_left() const;
    // With gravity and the column shift, the bottom-left cell is empty iff the board is empty.
    bool cleared() const { return board_.cells[0][0] == kSameGameEmpty; }

  private:
    // The cells of one region, encoded x * kSameGameRows + y (225 fits in a byte).
    struct Region {
        std::array<std::uint8_t, kSameGameColumns * kSameGameRows> cells;
        int size = 0;
    };

    Region region_at(int x, int y) const;
    void remove_region(const Region& region);  // removal, score, gravity, shift, end test
    bool no_move_left() const;
    Verdict end_with_error(std::string error, std::string summary = {});

    SameGameGrid board_;
    std::int64_t score_ = 0;
    int moves_played_ = 0;
    bool answered_once_ = false;  // the first answer gets the long time limit
    bool over_ = false;
    std::string end_reason_;
};

}  // namespace arena::referee
