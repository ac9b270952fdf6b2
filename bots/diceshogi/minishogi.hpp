// Compact minishogi engine for the Dice Shogi sample bots: position, legal move generation,
// make/unmake, check detection, SFEN and CodinGame notation. Standard library only, header-only,
// so that a bot plus this file can be pasted into one CodinGame submission.
//
// Coordinates are the referee's (shared spec §3.3): square = row * 5 + col, row 0 = the bottom
// row (player 0's back rank), col 0 = the left column. Notation: file = 5 - col, rank = 5 - row,
// so player 0's king starts on "55" and player 1's on "11".
//
// Rules (spec §6): pawns must promote on the last row, silver/bishop/rook may promote when the
// origin or the destination is on the last row; drops anywhere empty except pawns on the last
// row, a second unpromoted pawn on a file (nifu) or a pawn drop that mates (uchifuzume).
// No repetition rule. Checked against published minishogi perft (start position depth 1-5 and
// 276 random positions, see README.md).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace diceshogi {

using Bitboard = std::uint32_t;

constexpr int kSquares = 25;
constexpr Bitboard kAllSquares = (1u << kSquares) - 1;

enum Color : int { kBlack = 0, kWhite = 1 };  // player 0 (upper case, moves first), player 1
inline constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

enum PieceType : int {
    kNoType = 0,
    kPawn = 1,
    kSilver = 2,
    kBishop = 3,
    kRook = 4,
    kGold = 5,  // hand types are 1..5
    kKing = 6,
    kProPawn = 7,
    kProSilver = 8,
    kHorse = 9,
    kDragon = 10,
};
constexpr int kPieceTypes = 11;
constexpr int kHandTypes = 6;  // index 1..5

inline constexpr bool promotable(PieceType t) {
    return t >= kPawn && t <= kRook;
}
inline constexpr PieceType promote(PieceType t) {
    return PieceType(t + 6);
}
inline constexpr PieceType demote(PieceType t) {
    return t >= kProPawn ? PieceType(t - 6) : t;
}

// Board cell: 0 = empty, else type + 16 * color.
using Piece = std::uint8_t;
inline constexpr Piece make_piece(Color c, PieceType t) {
    return Piece(t + 16 * c);
}
inline constexpr PieceType type_of(Piece p) {
    return PieceType(p & 15);
}
inline constexpr Color color_of(Piece p) {
    return Color(p >> 4);
}

inline constexpr int row_of(int sq) {
    return sq / 5;
}
inline constexpr int col_of(int sq) {
    return sq % 5;
}
inline constexpr int make_square(int row, int col) {
    return row * 5 + col;
}
inline constexpr Bitboard bit(int sq) {
    return 1u << sq;
}
// The row where a side promotes (and where its pawns may not be dropped).
inline constexpr int last_row(Color c) {
    return c == kBlack ? 4 : 0;
}

inline constexpr Bitboard row_mask(int row) {
    return Bitboard(31) << (5 * row);
}
inline constexpr Bitboard col_mask(int col) {
    Bitboard b = 0;
    for (int r = 0; r < 5; ++r) b |= bit(make_square(r, col));
    return b;
}

inline int pop_lsb(Bitboard& b) {
    const int sq = std::countr_zero(b);
    b &= b - 1;
    return sq;
}

// 16-bit move: bits 0-4 origin (25 + piece type for a drop), 5-9 destination, 10 promotion.
struct Move {
    std::uint16_t v = 0;

    static constexpr Move board(int from, int to, bool promotes) {
        return Move{std::uint16_t(from | (to << 5) | (promotes ? 1 << 10 : 0))};
    }
    static constexpr Move drop(PieceType t, int to) {
        return Move{std::uint16_t((25 + t) | (to << 5))};
    }
    constexpr int from() const { return v & 31; }
    constexpr int to() const { return (v >> 5) & 31; }
    constexpr bool is_drop() const { return from() >= 25; }
    constexpr PieceType drop_type() const { return PieceType(from() - 25); }
    constexpr bool promotes() const { return (v >> 10) & 1; }
    constexpr bool is_null() const { return v == 0; }
    constexpr bool operator==(const Move&) const = default;
};

struct MoveList {
    std::array<Move, 256> moves;  // minishogi has well under 200 legal moves in any position
    int size = 0;
    void push(Move m) { moves[size++] = m; }
    Move* begin() { return moves.data(); }
    Move* end() { return moves.data() + size; }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + size; }
    Move operator[](int i) const { return moves[i]; }
};

// ---------------------------------------------------------------------------------------------
// Attack tables, built at compile time.
// ---------------------------------------------------------------------------------------------
namespace detail {

// Ray directions: the first four move to higher square numbers (nearest blocker = lowest bit).
constexpr int kDirRow[8] = {1, 0, 1, 1, -1, 0, -1, -1};
constexpr int kDirCol[8] = {0, 1, 1, -1, 0, -1, 1, -1};
constexpr bool is_positive_dir(int d) {
    return d < 4;
}
constexpr bool is_orthogonal_dir(int d) {
    return d == 0 || d == 1 || d == 4 || d == 5;
}

struct Tables {
    // step[color][type][sq]: squares a non-sliding piece attacks (pawn, silver, gold, king).
    Bitboard step[2][kPieceTypes][kSquares] = {};
    Bitboard ray[kSquares][8] = {};
};

constexpr Tables make_tables() {
    Tables t{};
    // Deltas as (row, col) seen by player 0 (forward = +row); player 1 mirrors the row.
    constexpr int pawn[1][2] = {{1, 0}};
    constexpr int silver[5][2] = {{1, -1}, {1, 0}, {1, 1}, {-1, -1}, {-1, 1}};
    constexpr int gold[6][2] = {{1, -1}, {1, 0}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}};
    constexpr int king[8][2] = {{1, -1}, {1, 0},   {1, 1},  {0, -1},
                                {0, 1},  {-1, -1}, {-1, 0}, {-1, 1}};
    for (int c = 0; c < 2; ++c) {
        const int sign = c == 0 ? 1 : -1;
        for (int sq = 0; sq < kSquares; ++sq) {
            const int r = row_of(sq), col = col_of(sq);
            auto add = [&](PieceType type, int dr, int dc) {
                const int nr = r + sign * dr, nc = col + dc;
                if (nr >= 0 && nr < 5 && nc >= 0 && nc < 5) t.step[c][type][sq] |= bit(nr * 5 + nc);
            };
            for (const auto& d : pawn) add(kPawn, d[0], d[1]);
            for (const auto& d : silver) add(kSilver, d[0], d[1]);
            for (const auto& d : gold) add(kGold, d[0], d[1]);
            for (const auto& d : king) add(kKing, d[0], d[1]);
        }
    }
    for (int sq = 0; sq < kSquares; ++sq) {
        for (int d = 0; d < 8; ++d) {
            int r = row_of(sq) + kDirRow[d], c = col_of(sq) + kDirCol[d];
            while (r >= 0 && r < 5 && c >= 0 && c < 5) {
                t.ray[sq][d] |= bit(r * 5 + c);
                r += kDirRow[d];
                c += kDirCol[d];
            }
        }
    }
    return t;
}

inline constexpr Tables kTables = make_tables();

inline Bitboard ray_attacks(int sq, int d, Bitboard occupied) {
    Bitboard attacks = kTables.ray[sq][d];
    const Bitboard blockers = attacks & occupied;
    if (blockers) {
        const int first =
            is_positive_dir(d) ? std::countr_zero(blockers) : 31 - std::countl_zero(blockers);
        attacks ^= kTables.ray[first][d];
    }
    return attacks;
}

}  // namespace detail

inline Bitboard rook_attacks(int sq, Bitboard occupied) {
    return detail::ray_attacks(sq, 0, occupied) | detail::ray_attacks(sq, 1, occupied) |
           detail::ray_attacks(sq, 4, occupied) | detail::ray_attacks(sq, 5, occupied);
}
inline Bitboard bishop_attacks(int sq, Bitboard occupied) {
    return detail::ray_attacks(sq, 2, occupied) | detail::ray_attacks(sq, 3, occupied) |
           detail::ray_attacks(sq, 6, occupied) | detail::ray_attacks(sq, 7, occupied);
}
inline Bitboard step_attacks(Color c, PieceType t, int sq) {
    return detail::kTables.step[c][t][sq];
}

// Squares attacked by a piece of type t and colour c standing on sq.
inline Bitboard piece_attacks(Color c, PieceType t, int sq, Bitboard occupied) {
    switch (t) {
        case kPawn:
        case kSilver:
        case kGold:
        case kKing:
            return step_attacks(c, t, sq);
        case kProPawn:
        case kProSilver:
            return step_attacks(c, kGold, sq);
        case kBishop:
            return bishop_attacks(sq, occupied);
        case kRook:
            return rook_attacks(sq, occupied);
        case kHorse:
            return bishop_attacks(sq, occupied) | step_attacks(c, kKing, sq);
        case kDragon:
            return rook_attacks(sq, occupied) | step_attacks(c, kKing, sq);
        default:
            return 0;
    }
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys (fixed pseudo-random numbers, so keys are the same in every run).
// ---------------------------------------------------------------------------------------------
namespace detail {
struct Zobrist {
    std::uint64_t piece[32][kSquares] = {};
    std::uint64_t hand[2][kHandTypes][8] = {};  // [color][type][count], count 0 has key 0
    std::uint64_t side = 0;
};
constexpr std::uint64_t splitmix(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
constexpr Zobrist make_zobrist() {
    Zobrist z{};
    std::uint64_t s = 20240502;
    for (auto& p : z.piece)
        for (auto& k : p) k = splitmix(s);
    for (auto& c : z.hand)
        for (auto& t : c)
            for (int n = 1; n < 8; ++n) t[n] = splitmix(s);
    z.side = splitmix(s);
    return z;
}
inline constexpr Zobrist kZobrist = make_zobrist();
}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------
class Position {
  public:
    std::array<Piece, kSquares> board{};
    std::array<Bitboard, 2> by_color{};
    std::array<Bitboard, kPieceTypes> by_type{};  // both colours
    std::array<std::array<std::uint8_t, kHandTypes>, 2> hand{};
    Color side = kBlack;
    std::uint64_t key = 0;
    std::array<int, 2> king = {-1, -1};

    static Position start() { return *from_sfen("rbsgk/4p/5/P4/KGSBR b - 1"); }

    Bitboard occupied() const { return by_color[0] | by_color[1]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color[c] & by_type[t]; }

    // Is square sq attacked by a piece of colour c?
    bool attacked_by(int sq, Color c) const { return attackers_to(sq, c, occupied()) != 0; }
    Bitboard attackers_to(int sq, Color c, Bitboard occ) const {
        const Color them =
            ~c;  // a step piece of c on s attacks sq iff the same piece of ~c on sq attacks s
        const Bitboard own = by_color[c];
        const Bitboard gold_like = by_type[kGold] | by_type[kProPawn] | by_type[kProSilver];
        const Bitboard king_like = by_type[kKing] | by_type[kHorse] | by_type[kDragon];
        return own & ((step_attacks(them, kPawn, sq) & by_type[kPawn]) |
                      (step_attacks(them, kSilver, sq) & by_type[kSilver]) |
                      (step_attacks(them, kGold, sq) & gold_like) |
                      (step_attacks(them, kKing, sq) & king_like) |
                      (rook_attacks(sq, occ) & (by_type[kRook] | by_type[kDragon])) |
                      (bishop_attacks(sq, occ) & (by_type[kBishop] | by_type[kHorse])));
    }
    bool in_check(Color c) const { return king[c] >= 0 && attacked_by(king[c], ~c); }
    bool in_check() const { return in_check(side); }

    Piece captured_by(Move m) const { return m.is_drop() ? 0 : board[m.to()]; }

    void do_move(Move m) {
        undo_stack_.push_back(Undo{m, 0, key});
        const Color us = side;
        const int to = m.to();
        if (m.is_drop()) {
            const PieceType t = m.drop_type();
            remove_from_hand(us, t);
            put(make_piece(us, t), to);
        } else {
            const int from = m.from();
            const Piece moving = board[from];
            const Piece captured = board[to];
            if (captured) {
                undo_stack_.back().captured = captured;
                remove(to);
                add_to_hand(us, demote(type_of(captured)));
            }
            remove(from);
            put(m.promotes() ? make_piece(us, promote(type_of(moving))) : moving, to);
        }
        side = ~side;
        key ^= detail::kZobrist.side;
    }

    void undo_move() {
        const Undo u = undo_stack_.back();
        undo_stack_.pop_back();
        side = ~side;
        const Color us = side;
        const Move m = u.move;
        const int to = m.to();
        if (m.is_drop()) {
            remove(to);
            add_to_hand(us, m.drop_type());
        } else {
            const Piece moved = board[to];
            remove(to);
            put(m.promotes() ? make_piece(us, demote(type_of(moved))) : moved, m.from());
            if (u.captured) {
                remove_from_hand(us, demote(type_of(u.captured)));
                put(u.captured, to);
            }
        }
        key = u.key;
    }

    // A pass, for null-move pruning.
    void do_null() {
        undo_stack_.push_back(Undo{Move{}, 0, key});
        side = ~side;
        key ^= detail::kZobrist.side;
    }
    void undo_null() {
        key = undo_stack_.back().key;
        undo_stack_.pop_back();
        side = ~side;
    }

    // Pseudo-legal moves (may leave the own king in check); pawn-drop rules are already applied,
    // including uchifuzume. Board moves first, then drops.
    void generate(MoveList& list) {
        const Color us = side;
        const Bitboard occ = occupied();
        const Bitboard not_own = ~by_color[us] & kAllSquares;
        const int zone = last_row(us);
        for (Bitboard b = by_color[us]; b;) {
            const int from = pop_lsb(b);
            const PieceType t = type_of(board[from]);
            for (Bitboard targets = piece_attacks(us, t, from, occ) & not_own; targets;) {
                const int to = pop_lsb(targets);
                if (!promotable(t)) {
                    list.push(Move::board(from, to, false));
                } else if (t == kPawn) {
                    list.push(Move::board(from, to, row_of(to) == zone));
                } else if (row_of(from) == zone || row_of(to) == zone) {
                    list.push(Move::board(from, to, false));
                    list.push(Move::board(from, to, true));
                } else {
                    list.push(Move::board(from, to, false));
                }
            }
        }
        generate_drops(list);
    }

    void generate_drops(MoveList& list) {
        const Color us = side;
        const Bitboard empty = ~occupied() & kAllSquares;
        for (int t = kPawn; t <= kGold; ++t) {
            if (!hand[us][t]) continue;
            Bitboard targets = empty;
            if (t == kPawn) targets &= pawn_drop_squares();
            while (targets) list.push(Move::drop(PieceType(t), pop_lsb(targets)));
        }
    }

    // Would this pseudo-legal move leave the mover's king safe? (Call before do_move.)
    bool is_legal(Move m) {
        if (m.is_drop() && !in_check()) return true;
        const Color us = side;
        do_move(m);
        const bool ok = !in_check(us);
        undo_move();
        return ok;
    }

    void generate_legal(MoveList& list) {
        MoveList pseudo;
        generate(pseudo);
        const bool check = in_check();
        const Color us = side;
        for (Move m : pseudo) {
            if (m.is_drop() && !check) {
                list.push(m);
                continue;
            }
            do_move(m);
            if (!in_check(us)) list.push(m);
            undo_move();
        }
    }

    bool has_legal_move() {
        MoveList pseudo;
        generate(pseudo);
        const bool check = in_check();
        for (Move m : pseudo) {
            if (m.is_drop() && !check) return true;
            if (is_legal(m)) return true;
        }
        return false;
    }

    // --- text -----------------------------------------------------------------------------------

    // SFEN "rbsgk/4p/5/P4/KGSBR b - 1" (ranks top to bottom, files 5..1 left to right).
    static std::optional<Position> from_sfen(std::string_view sfen) {
        Position p;
        size_t i = 0;
        int row = 4, col = 0;
        bool promoted = false;
        for (; i < sfen.size() && sfen[i] != ' '; ++i) {
            const char ch = sfen[i];
            if (ch == '/') {
                if (col != 5 || row == 0) return std::nullopt;
                --row;
                col = 0;
            } else if (ch >= '1' && ch <= '5') {
                col += ch - '0';
            } else if (ch == '+') {
                promoted = true;
            } else {
                const std::optional<Piece> piece = piece_from_char(ch, promoted);
                if (!piece || col >= 5) return std::nullopt;
                p.put(*piece, make_square(row, col++));
                promoted = false;
            }
            if (col > 5) return std::nullopt;
        }
        if (row != 0 || col != 5) return std::nullopt;
        if (++i >= sfen.size()) return std::nullopt;
        if (sfen[i] == 'w') {
            p.side = kWhite;
            p.key ^= detail::kZobrist.side;
        } else if (sfen[i] != 'b') {
            return std::nullopt;
        }
        i += 2;
        int count = 0;
        for (; i < sfen.size() && sfen[i] != ' '; ++i) {
            const char ch = sfen[i];
            if (ch == '-') continue;
            if (ch >= '0' && ch <= '9') {
                count = count * 10 + (ch - '0');
                continue;
            }
            const std::optional<Piece> piece = piece_from_char(ch, false);
            if (!piece || type_of(*piece) == kKing) return std::nullopt;
            for (int n = 0; n < std::max(count, 1); ++n)
                p.add_to_hand(color_of(*piece), type_of(*piece));
            count = 0;
        }
        return p;
    }

    std::string to_sfen(int move_number = 1) const {
        std::string s;
        for (int row = 4; row >= 0; --row) {
            int empty = 0;
            for (int col = 0; col < 5; ++col) {
                const Piece p = board[make_square(row, col)];
                if (!p) {
                    ++empty;
                    continue;
                }
                if (empty) s += char('0' + empty);
                empty = 0;
                s += piece_text(p);
            }
            if (empty) s += char('0' + empty);
            if (row) s += '/';
        }
        s += side == kBlack ? " b " : " w ";
        std::string hands;
        static constexpr PieceType kOrder[] = {kRook, kBishop, kGold, kSilver, kPawn};  // USI order
        for (int c = 0; c < 2; ++c) {
            for (PieceType t : kOrder) {
                const int n = hand[c][t];
                if (n > 1) hands += std::to_string(n);
                if (n > 0) hands += piece_letter(Color(c), t);
            }
        }
        s += hands.empty() ? "-" : hands;
        s += ' ' + std::to_string(move_number);
        return s;
    }

    // The position from the referee's turn input (spec §3.2): 5 board lines, top first, cells
    // "." or a letter, "+x" for promoted pieces; hands as letter lists or "-".
    static std::optional<Position> from_turn(const std::array<std::string, 5>& rows,
                                             std::string_view hand0, std::string_view hand1,
                                             Color to_move) {
        Position p;
        for (int line = 0; line < 5; ++line) {
            const int row = 4 - line;
            int col = 0;
            bool promoted = false;
            for (char ch : rows[line]) {
                if (ch == '\r' || ch == ' ') continue;
                if (ch == '+') {
                    promoted = true;
                    continue;
                }
                if (col >= 5) return std::nullopt;
                if (ch != '.') {
                    const std::optional<Piece> piece = piece_from_char(ch, promoted);
                    if (!piece) return std::nullopt;
                    p.put(*piece, make_square(row, col));
                }
                promoted = false;
                ++col;
            }
            if (col != 5) return std::nullopt;
        }
        for (std::string_view h : {hand0, hand1}) {
            for (char ch : h) {
                if (ch == '-' || ch == '\r' || ch == ' ') continue;
                const std::optional<Piece> piece = piece_from_char(ch, false);
                if (!piece || type_of(*piece) == kKing) return std::nullopt;
                p.add_to_hand(color_of(*piece), type_of(*piece));
            }
        }
        if (to_move == kWhite) {
            p.side = kWhite;
            p.key ^= detail::kZobrist.side;
        }
        return p;
    }

    // CodinGame notation of a move by the side to move (spec §3.3): "4534", "1425+", "G*33".
    std::string action(Move m) const { return action(m, side); }
    static std::string action(Move m, Color mover) {
        std::string s;
        const int to = m.to();
        if (m.is_drop()) {
            s += piece_letter(mover, m.drop_type());
            s += '*';
        } else {
            s += char('0' + 5 - col_of(m.from()));
            s += char('0' + 5 - row_of(m.from()));
        }
        s += char('0' + 5 - col_of(to));
        s += char('0' + 5 - row_of(to));
        if (m.promotes()) s += '+';
        return s;
    }

    static char piece_letter(Color c, PieceType t) {
        static constexpr char kLetters[] = " PSBRGK";
        const char upper = kLetters[demote(t)];
        return c == kBlack ? upper : char(upper - 'A' + 'a');
    }
    static std::string piece_text(Piece p) {
        const PieceType t = type_of(p);
        std::string s;
        if (t >= kProPawn) s += '+';
        s += piece_letter(color_of(p), t);
        return s;
    }
    static std::optional<Piece> piece_from_char(char ch, bool promoted) {
        const Color c = (ch >= 'a' && ch <= 'z') ? kWhite : kBlack;
        const char upper = c == kWhite ? char(ch - 'a' + 'A') : ch;
        PieceType t;
        switch (upper) {
            case 'P':
                t = kPawn;
                break;
            case 'S':
                t = kSilver;
                break;
            case 'B':
                t = kBishop;
                break;
            case 'R':
                t = kRook;
                break;
            case 'G':
                t = kGold;
                break;
            case 'K':
                t = kKing;
                break;
            default:
                return std::nullopt;
        }
        if (promoted) {
            if (!promotable(t)) return std::nullopt;
            t = promote(t);
        }
        return make_piece(c, t);
    }

  private:
    struct Undo {
        Move move;
        Piece captured;
        std::uint64_t key;
    };
    std::vector<Undo> undo_stack_;

    void put(Piece p, int sq) {
        board[sq] = p;
        by_color[color_of(p)] |= bit(sq);
        by_type[type_of(p)] |= bit(sq);
        key ^= detail::kZobrist.piece[p][sq];
        if (type_of(p) == kKing) king[color_of(p)] = sq;
    }
    void remove(int sq) {
        const Piece p = board[sq];
        board[sq] = 0;
        by_color[color_of(p)] &= ~bit(sq);
        by_type[type_of(p)] &= ~bit(sq);
        key ^= detail::kZobrist.piece[p][sq];
    }
    void add_to_hand(Color c, PieceType t) {
        const int n = hand[c][t];
        key ^= detail::kZobrist.hand[c][t][n & 7] ^ detail::kZobrist.hand[c][t][(n + 1) & 7];
        hand[c][t] = std::uint8_t(n + 1);
    }
    void remove_from_hand(Color c, PieceType t) {
        const int n = hand[c][t];
        key ^= detail::kZobrist.hand[c][t][n & 7] ^ detail::kZobrist.hand[c][t][(n - 1) & 7];
        hand[c][t] = std::uint8_t(n - 1);
    }

    // Empty squares where the side to move may drop a pawn: not its last row, not a file with
    // one of its unpromoted pawns, and not a mating drop in front of the enemy king.
    Bitboard pawn_drop_squares() {
        const Color us = side;
        Bitboard allowed = kAllSquares & ~row_mask(last_row(us));
        for (Bitboard pawns = pieces(us, kPawn); pawns;)
            allowed &= ~col_mask(col_of(pop_lsb(pawns)));
        const int enemy_king = king[~us];
        if (enemy_king < 0) return allowed;
        // A pawn checks the king from the square just in front of it (seen from the pawn).
        const Bitboard checking = step_attacks(~us, kPawn, enemy_king) & allowed & ~occupied();
        if (checking) {
            const int sq = std::countr_zero(checking);
            do_move(Move::drop(kPawn, sq));
            // A drop that leaves the own king in check is illegal anyway (filtered later).
            const bool mated = !in_check(us) && !has_legal_move();
            undo_move();
            if (mated) allowed &= ~checking;
        }
        return allowed;
    }
};

// Number of leaf nodes at the given depth (standard perft; depth 1 = number of legal moves).
inline std::uint64_t perft(Position& pos, int depth) {
    MoveList list;
    pos.generate_legal(list);
    if (depth <= 1) return depth == 1 ? std::uint64_t(list.size) : 1;
    std::uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

// The destination file (1..5) of a move; the die filter keeps moves whose file equals the die.
inline int destination_file(Move m) {
    return 5 - col_of(m.to());
}

}  // namespace diceshogi
