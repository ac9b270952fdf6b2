// Minishogi positions and their legal moves: the rules engine of the Dice Shogi referee, small
// and fast enough for search (perft, bots).
//
// Source of truth: shared/specs/diceshogi.md (the published Java referee, jdermont/DiceShogi);
// section numbers below (§6.2, ...) refer to it. The rules are standard minishogi (§6): a 5x5
// board, no knights or lances, promotion zone = the far rank only, optional promotion on
// entering, moving within or leaving the zone (forced for a pawn reaching it), drops with the
// pawn rules (not on the last rank, no second unpromoted pawn on a file, no mate by a pawn drop),
// no repetition rule. Dice, the 300-ply limit and the protocol belong to the referee.
//
// Coordinates are those of the Java referee: a square is row * 5 + col, row 0 = the bottom rank
// (player 0's back rank), col 0 = the left file. In the wire notation (§3.3) the file digit is
// 5 - col and the rank digit 5 - row, so the bottom-left square is "55" and the top-right "11".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arena::referee::diceshogi {

inline constexpr int kBoardSize = 5;
inline constexpr int kSquareCount = kBoardSize * kBoardSize;

// Bit s is square s.
using Bitboard = std::uint32_t;

// Player 0 (sente, "b" in SFEN, upper-case letters) moves first, towards row 4.
enum Color : std::uint8_t { kSente = 0, kGote = 1 };
inline constexpr Color opponent(Color color) {
    return Color(color ^ 1);
}

enum PieceType : std::uint8_t {
    kNoPieceType = 0,
    // The five kinds a hand can hold, in this order (1..5).
    kPawn,
    kSilver,
    kGold,
    kBishop,
    kRook,
    kKing,
    // Promoted kinds.
    kTokin,      // promoted pawn, +P
    kProSilver,  // +S
    kHorse,      // promoted bishop, +B
    kDragon,     // promoted rook, +R
};
inline constexpr int kPieceTypeCount = 11;
inline constexpr int kHandTypeCount = 6;  // indexed by kPawn..kRook; index 0 unused

inline constexpr bool can_promote(PieceType type) {
    return type == kPawn || type == kSilver || type == kBishop || type == kRook;
}
PieceType promoted(PieceType type);    // kPawn -> kTokin, ...; other kinds unchanged
PieceType unpromoted(PieceType type);  // kTokin -> kPawn, ...; other kinds unchanged
// 'P', 'S', 'G', 'B', 'R', 'K' for the unpromoted kind (promoted kinds give their base letter).
char piece_letter(PieceType type, Color color);
// The kind a hand letter names: P S G B R, either case; kNoPieceType for any other letter.
PieceType hand_type_of_letter(char letter);

// A piece on a square: kind and owner. `type == kNoPieceType` is an empty square.
struct Piece {
    PieceType type = kNoPieceType;
    Color color = kSente;
    friend bool operator==(const Piece&, const Piece&) = default;
};

// A move in 16 bits: destination, origin (a board square, or a dropped kind), promotion flag.
class Move {
  public:
    constexpr Move() = default;
    static constexpr Move board(int from, int to, bool promote) {
        return Move(static_cast<std::uint16_t>(to | from << 5 | (promote ? 1 << 10 : 0)));
    }
    static constexpr Move drop(PieceType type, int to) {
        return Move(static_cast<std::uint16_t>(to | (kSquareCount - 1 + type) << 5));
    }

    constexpr int to() const { return bits_ & 31; }
    constexpr bool is_drop() const { return (bits_ >> 5 & 31) >= kSquareCount; }
    constexpr int from() const { return bits_ >> 5 & 31; }  // only for board moves
    constexpr PieceType dropped() const {                   // only for drops
        return PieceType((bits_ >> 5 & 31) - (kSquareCount - 1));
    }
    constexpr bool promotes() const { return (bits_ >> 10 & 1) != 0; }
    constexpr std::uint16_t bits() const { return bits_; }

    friend constexpr bool operator==(Move, Move) = default;

  private:
    constexpr explicit Move(std::uint16_t bits) : bits_(bits) {}
    std::uint16_t bits_ = 0;
};

// The wire notation of §3.3: "5544", "1425+", "P*24" (the letter in the mover's case).
std::string to_wire(Move move, Color mover);
// Reads the wire notation, letters in either case; nullopt when the text is not a well-formed
// move (legality is not checked). The drop letter must be P, S, G, B or R.
std::optional<Move> move_from_wire(std::string_view text);

// A fixed-capacity move list (no allocation). 512 bounds every reachable position: at most 10
// hand kinds x 25 squares of drops plus the board moves of 12 pieces.
class MoveList {
  public:
    static constexpr int kCapacity = 512;
    void push(Move move) { moves_[size_++] = move; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    void clear() { size_ = 0; }

  private:
    std::array<Move, kCapacity> moves_;
    int size_ = 0;
};

class Position {
  public:
    // The start position, rbsgk/4p/5/P4/KGSBR b - 1 (§4).
    static Position start();

    Piece piece_on(int square) const;
    Color side_to_move() const { return side_; }
    int hand_count(Color color, PieceType type) const { return hand_[color][type]; }
    // The SFEN move number: 1 at the start, +1 after every ply of either side.
    int move_number() const { return move_number_; }
    int king_square(Color color) const { return king_square_[color]; }
    Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color color) const { return by_color_[color]; }

    bool in_check() const;
    // True when `color`'s pieces attack `square` on the current board.
    bool attacked_by(Color color, int square) const;

    // Appends every legal move of the side to move (the list must be empty or have room).
    void legal_moves(MoveList& moves) const;
    bool has_legal_move() const;
    bool is_legal(Move move) const;  // linear search of legal_moves

    // Plays a legal move in place (behaviour for other moves is undefined). Captured pieces go
    // to the mover's hand unpromoted. Copy the position first to keep the old one ("copy-make":
    // a Position is about 100 bytes).
    void play(Move move);

    // SFEN (§9): ranks top to bottom, side b/w, hands ('-' when both are empty; sente's then
    // gote's, kinds in the order R B G S P, a count prefix only above 1), move number.
    std::string sfen() const;

    // Mutators for building positions (SFEN reader, tests). The caller keeps the position
    // consistent (one king each, ...); validate() tells what is wrong.
    void clear();  // empty board, empty hands, sente to move, move number 1
    void put(int square, Piece piece);
    void remove(int square);
    void set_hand_count(Color color, PieceType type, int count);
    void set_side_to_move(Color color) { side_ = color; }
    void set_move_number(int number) { move_number_ = number; }
    // What makes the position unplayable or not minishogi, or "" when it is fine: a missing or
    // extra king, more pieces of a kind than the set holds (2 of each, promoted or not, board
    // and hands), an unpromoted pawn on its last rank, two unpromoted pawns of one side on a
    // file, the side not to move in check.
    std::string validate() const;

    friend bool operator==(const Position&, const Position&) = default;

  private:
    Bitboard attackers_to(int square, Color by, Bitboard occupied) const;
    Bitboard pinned_pieces(Color color) const;
    template <bool kStopAtFirst>
    bool generate(MoveList* moves) const;
    bool pawn_drop_mates(int to) const;

    std::array<std::uint8_t, kSquareCount> board_{};  // PieceType | Color << 4, 0 = empty
    std::array<Bitboard, 2> by_color_{};
    std::array<Bitboard, kPieceTypeCount> by_type_{};
    std::array<std::array<std::uint8_t, kHandTypeCount>, 2> hand_{};
    std::array<std::uint8_t, 2> king_square_{};
    Color side_ = kSente;
    int move_number_ = 1;
};

// Each side's hand as a list of letters P S G B R (upper case for both sides), in the order the
// pieces were taken. The bots see a hand in this order (§3.2); a Position only counts pieces.
using HandOrder = std::array<std::string, 2>;

// What an SFEN text holds: the position and each hand in the order it was written
// ("2PS" -> "PPS").
struct SfenReading {
    Position position;
    HandOrder hand_order;
};
// Reads "board side hands [move-number]", e.g. "rbsgk/4p/5/P4/KGSBR b - 1". Hands: '-' or
// pieces with optional counts ("2Pg"); a missing move number means 1. The position must pass
// Position::validate(). Throws std::invalid_argument saying what is wrong.
SfenReading read_sfen(std::string_view sfen);
// Position::sfen() with each side's hand kinds in first-taken order (the order of `hand_order`,
// which must hold the position's hand pieces) instead of R B G S P. Java's writer emits the
// kinds in hash-map order (§8, §9), so any order is one it could write; this one keeps as much
// of the capture order as SFEN can.
std::string sfen_with_hand_order(const Position& position, const HandOrder& hand_order);

// Number of leaf nodes of the legal move tree of the given depth (depth 1 = legal moves).
std::uint64_t perft(const Position& position, int depth);

}  // namespace arena::referee::diceshogi
