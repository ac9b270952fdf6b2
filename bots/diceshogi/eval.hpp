// Static evaluation for the Dice Shogi sample bots: material (board and hand) plus a few
// positional terms. Scores are centipawn-like, from the point of view of a given side.
#pragma once

#include <array>
#include <bit>

#include "minishogi.hpp"

namespace diceshogi {

// Board values by PieceType (index 0 unused, king 0). On a 5x5 board the minor pieces are
// relatively strong and the sliders weak compared with full shogi.
inline constexpr std::array<int, kPieceTypes> kBoardValue = {0, 100, 480, 620, 750, 540,
                                                             0, 540, 520, 880, 1000};
// A piece in hand can be dropped anywhere, so it is worth a little more than on the board.
inline constexpr std::array<int, kHandTypes> kHandValue = {0, 120, 530, 680, 820, 590};

inline int material(const Position& pos, Color c) {
    int score = 0;
    for (Bitboard b = pos.by_color[c]; b;) score += kBoardValue[type_of(pos.board[pop_lsb(b)])];
    for (int t = kPawn; t <= kGold; ++t) score += pos.hand[c][t] * kHandValue[t];
    return score;
}

// Material of the side to move minus the other side's.
inline int material_balance(const Position& pos) {
    return material(pos, pos.side) - material(pos, ~pos.side);
}

// Value of a captured piece for the capturer: it leaves the board and goes to the hand.
inline int capture_gain(Piece captured) {
    const PieceType t = type_of(captured);
    return kBoardValue[t] + kHandValue[demote(t)];
}

namespace detail {

// Rows seen from the owner: 0 = own back rank, 4 = the promotion row.
inline int relative_row(Color c, int sq) {
    return c == kBlack ? row_of(sq) : 4 - row_of(sq);
}

inline int side_positional(const Position& pos, Color us) {
    const Color them = ~us;
    const Bitboard occ = pos.occupied();
    int score = 0;
    // Pawns and silvers gain by advancing (promotion threats); golds like the middle rows.
    for (Bitboard b = pos.pieces(us, kPawn); b;) score += 12 * relative_row(us, pop_lsb(b));
    for (Bitboard b = pos.pieces(us, kSilver); b;) score += 6 * relative_row(us, pop_lsb(b));
    // King shelter: own pieces next to the king, enemy pieces and attacks near it.
    const int ksq = pos.king[us];
    if (ksq >= 0) {
        const Bitboard around = step_attacks(us, kKing, ksq);
        score += 18 * std::popcount(around & pos.by_color[us]);
        score -= 25 * std::popcount(around & pos.by_color[them]);
        int attacked = 0;
        for (Bitboard b = around; b;) {
            const int sq = pop_lsb(b);
            if (pos.attackers_to(sq, them, occ)) ++attacked;
        }
        score -= 22 * attacked;
        // Droppable pieces are what makes minishogi king attacks fast.
        const int enemy_drops = pos.hand[them][kGold] + pos.hand[them][kSilver] +
                                pos.hand[them][kRook] + pos.hand[them][kBishop];
        score -= 8 * enemy_drops * std::popcount(around & ~occ);
    }
    // Mobility of the sliders.
    for (Bitboard b = pos.by_color[us] & (pos.by_type[kRook] | pos.by_type[kDragon]); b;)
        score += 4 * std::popcount(rook_attacks(pop_lsb(b), occ));
    for (Bitboard b = pos.by_color[us] & (pos.by_type[kBishop] | pos.by_type[kHorse]); b;)
        score += 4 * std::popcount(bishop_attacks(pop_lsb(b), occ));
    return score;
}

}  // namespace detail

// Evaluation from the side to move's point of view.
inline int evaluate(const Position& pos) {
    const Color us = pos.side;
    return material_balance(pos) + detail::side_positional(pos, us) -
           detail::side_positional(pos, ~us) + 20;  // small bonus for having the move
}

}  // namespace diceshogi
