// Greedy's score of a move, shared by greedy and tunable: material after the move minus the
// opponent's best capture; a move that leaves the opponent without a legal move scores INT_MAX.
#pragma once

#include <algorithm>
#include <climits>

#include "eval.hpp"

namespace diceshogi {

// What the side to move can win at once by its best capture (0 if nothing pays).
inline int best_capture_gain(Position& pos) {
    const Color mover = pos.side;
    MoveList moves;
    pos.generate_legal(moves);
    int best = 0;
    for (Move m : moves) {
        const Piece victim = pos.captured_by(m);
        if (!victim) continue;
        const Piece attacker = pos.board[m.from()];
        pos.do_move(m);
        const Piece after = pos.board[m.to()];  // the capturer, promoted or not
        const bool recapture = pos.attacked_by(m.to(), ~mover);
        pos.undo_move();
        int gain = capture_gain(victim);
        if (recapture) gain -= capture_gain(after);
        if (m.promotes()) gain += kBoardValue[type_of(after)] - kBoardValue[type_of(attacker)];
        best = std::max(best, gain);
    }
    return best;
}

inline int score_move(Position& pos, Move m) {
    const Color us = pos.side;
    pos.do_move(m);
    int score;
    if (!pos.has_legal_move()) {
        score = INT_MAX;  // the opponent is checkmated or stalemated: both are a win
    } else {
        score = material(pos, us) - material(pos, ~us) - best_capture_gain(pos);
    }
    pos.undo_move();
    return score;
}

}  // namespace diceshogi
