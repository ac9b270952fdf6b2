#include "referees/diceshogi/position.hpp"

#include <bit>
#include <cctype>
#include <stdexcept>
#include <vector>

namespace arena::referee::diceshogi {
namespace {

constexpr Bitboard kAllSquares = (Bitboard{1} << kSquareCount) - 1;
constexpr Bitboard kBottomRank = 0x1F;  // row 0

constexpr Bitboard bit(int square) {
    return Bitboard{1} << square;
}
constexpr int row_of(int square) {
    return square / kBoardSize;
}
constexpr int col_of(int square) {
    return square % kBoardSize;
}
constexpr bool on_board(int row, int col) {
    return row >= 0 && row < kBoardSize && col >= 0 && col < kBoardSize;
}

// Iterates the squares of a bitboard, lowest first.
constexpr int pop_lowest(Bitboard& squares) {
    const int square = std::countr_zero(squares);
    squares &= squares - 1;
    return square;
}

// Ray directions. For the first four the squares along the ray have increasing indices, so the
// nearest blocker is the lowest set bit; for the last four it is the highest.
enum Direction { kNorth, kEast, kNorthEast, kNorthWest, kSouth, kWest, kSouthWest, kSouthEast };
constexpr int kDirectionRow[8] = {1, 0, 1, 1, -1, 0, -1, -1};
constexpr int kDirectionCol[8] = {0, 1, 1, -1, 0, -1, -1, 1};

struct Tables {
    Bitboard ray[kSquareCount][8]{};
    // Step attacks of the short-range kinds: kPawn, kSilver, kGold (also used for kTokin and
    // kProSilver) and kKing, per colour (forward = +row for sente, -row for gote).
    Bitboard step[2][kPieceTypeCount][kSquareCount]{};
    Bitboard rook_empty[kSquareCount]{};             // rook attacks on an empty board
    Bitboard bishop_empty[kSquareCount]{};           // bishop attacks on an empty board
    Bitboard between[kSquareCount][kSquareCount]{};  // strictly between two aligned squares
    Bitboard line[kSquareCount][kSquareCount]{};     // the whole line through two aligned squares
    Bitboard zone[2]{};                              // the promotion zone: the far rank
    Bitboard last_rank[2]{};  // where a pawn may not be dropped (the same rank)
};

constexpr Tables make_tables() {
    Tables t;
    for (int square = 0; square < kSquareCount; ++square) {
        const int row = row_of(square);
        const int col = col_of(square);
        for (int direction = 0; direction < 8; ++direction) {
            for (int r = row + kDirectionRow[direction], c = col + kDirectionCol[direction];
                 on_board(r, c); r += kDirectionRow[direction], c += kDirectionCol[direction]) {
                t.ray[square][direction] |= bit(r * kBoardSize + c);
            }
        }
        t.rook_empty[square] = t.ray[square][kNorth] | t.ray[square][kSouth] |
                               t.ray[square][kEast] | t.ray[square][kWest];
        t.bishop_empty[square] = t.ray[square][kNorthEast] | t.ray[square][kNorthWest] |
                                 t.ray[square][kSouthEast] | t.ray[square][kSouthWest];

        for (int color = 0; color < 2; ++color) {
            const int forward = color == kSente ? 1 : -1;
            const auto add = [&](PieceType type, int dr, int dc) {
                if (on_board(row + dr, col + dc)) {
                    t.step[color][type][square] |= bit((row + dr) * kBoardSize + col + dc);
                }
            };
            add(kPawn, forward, 0);
            for (int dc = -1; dc <= 1; ++dc) {
                add(kSilver, forward, dc);
                add(kGold, forward, dc);
            }
            add(kSilver, -forward, -1);
            add(kSilver, -forward, 1);
            add(kGold, 0, -1);
            add(kGold, 0, 1);
            add(kGold, -forward, 0);
            for (int dr = -1; dr <= 1; ++dr) {
                for (int dc = -1; dc <= 1; ++dc) {
                    if (dr != 0 || dc != 0) add(kKing, dr, dc);
                }
            }
            t.step[color][kTokin][square] = t.step[color][kGold][square];
            t.step[color][kProSilver][square] = t.step[color][kGold][square];
        }
    }
    for (int a = 0; a < kSquareCount; ++a) {
        for (int direction = 0; direction < 8; ++direction) {
            const int opposite = (direction + 4) % 8;
            Bitboard beyond = t.ray[a][direction];
            while (beyond != 0) {
                const int b = pop_lowest(beyond);
                t.between[a][b] = t.ray[a][direction] & t.ray[b][opposite];
                t.line[a][b] = t.ray[a][direction] | t.ray[a][opposite] | bit(a);
            }
        }
    }
    t.zone[kSente] = kBottomRank << (kSquareCount - kBoardSize);
    t.zone[kGote] = kBottomRank;
    t.last_rank[kSente] = t.zone[kSente];
    t.last_rank[kGote] = t.zone[kGote];
    return t;
}

constexpr Tables kTables = make_tables();

inline Bitboard ray_attacks(int square, int direction, Bitboard occupied) {
    Bitboard ray = kTables.ray[square][direction];
    const Bitboard blockers = ray & occupied;
    if (blockers != 0) {
        const int nearest =
            direction < 4 ? std::countr_zero(blockers) : 31 - std::countl_zero(blockers);
        ray ^= kTables.ray[nearest][direction];
    }
    return ray;
}

inline Bitboard rook_attacks(int square, Bitboard occupied) {
    return ray_attacks(square, kNorth, occupied) | ray_attacks(square, kSouth, occupied) |
           ray_attacks(square, kEast, occupied) | ray_attacks(square, kWest, occupied);
}

inline Bitboard bishop_attacks(int square, Bitboard occupied) {
    return ray_attacks(square, kNorthEast, occupied) | ray_attacks(square, kNorthWest, occupied) |
           ray_attacks(square, kSouthEast, occupied) | ray_attacks(square, kSouthWest, occupied);
}

inline Bitboard attacks_of(PieceType type, Color color, int square, Bitboard occupied) {
    switch (type) {
        case kBishop:
            return bishop_attacks(square, occupied);
        case kRook:
            return rook_attacks(square, occupied);
        case kHorse:
            return bishop_attacks(square, occupied) | kTables.step[0][kKing][square];
        case kDragon:
            return rook_attacks(square, occupied) | kTables.step[0][kKing][square];
        default:
            return kTables.step[color][type][square];
    }
}

// Spreads the files holding a bit of `squares` over the whole board.
inline Bitboard files_of(Bitboard squares) {
    Bitboard bottom = squares;
    bottom |= bottom >> 10;
    bottom |= bottom >> 5;
    bottom = (bottom | squares >> 20) & kBottomRank;
    return bottom * (1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20);
}

char to_lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}
char to_upper(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

}  // namespace

PieceType hand_type_of_letter(char letter) {
    switch (to_upper(letter)) {
        case 'P':
            return kPawn;
        case 'S':
            return kSilver;
        case 'G':
            return kGold;
        case 'B':
            return kBishop;
        case 'R':
            return kRook;
        default:
            return kNoPieceType;
    }
}

PieceType promoted(PieceType type) {
    switch (type) {
        case kPawn:
            return kTokin;
        case kSilver:
            return kProSilver;
        case kBishop:
            return kHorse;
        case kRook:
            return kDragon;
        default:
            return type;
    }
}

PieceType unpromoted(PieceType type) {
    switch (type) {
        case kTokin:
            return kPawn;
        case kProSilver:
            return kSilver;
        case kHorse:
            return kBishop;
        case kDragon:
            return kRook;
        default:
            return type;
    }
}

char piece_letter(PieceType type, Color color) {
    static constexpr char kLetters[kPieceTypeCount] = {'?', 'P', 'S', 'G', 'B', 'R',
                                                       'K', 'P', 'S', 'B', 'R'};
    const char letter = kLetters[type];
    return color == kSente ? letter : to_lower(letter);
}

std::string to_wire(Move move, Color mover) {
    const auto file = [](int square) {
        return static_cast<char>('0' + kBoardSize - col_of(square));
    };
    const auto rank = [](int square) {
        return static_cast<char>('0' + kBoardSize - row_of(square));
    };
    std::string text;
    if (move.is_drop()) {
        text = {piece_letter(move.dropped(), mover), '*', file(move.to()), rank(move.to())};
    } else {
        text = {file(move.from()), rank(move.from()), file(move.to()), rank(move.to())};
        if (move.promotes()) text += '+';
    }
    return text;
}

std::optional<Move> move_from_wire(std::string_view text) {
    const auto square = [](char file, char rank) -> int {
        if (file < '1' || file > '5' || rank < '1' || rank > '5') return -1;
        return (kBoardSize - (rank - '0')) * kBoardSize + (kBoardSize - (file - '0'));
    };
    if (text.size() == 4 && text[1] == '*') {
        const PieceType type = hand_type_of_letter(text[0]);
        const int to = square(text[2], text[3]);
        if (type == kNoPieceType || to < 0) return std::nullopt;
        return Move::drop(type, to);
    }
    if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
        const int from = square(text[0], text[1]);
        const int to = square(text[2], text[3]);
        if (from < 0 || to < 0 || from == to) return std::nullopt;
        return Move::board(from, to, text.size() == 5);
    }
    return std::nullopt;
}

// --- Position ------------------------------------------------------------------------------

Position Position::start() {
    Position position;
    const PieceType back_rank[kBoardSize] = {kKing, kGold, kSilver, kBishop, kRook};
    for (int col = 0; col < kBoardSize; ++col) {
        position.put(col, {back_rank[col], kSente});
        position.put(kSquareCount - 1 - col, {back_rank[col], kGote});
    }
    position.put(kBoardSize, {kPawn, kSente});                    // 54
    position.put(kSquareCount - 1 - kBoardSize, {kPawn, kGote});  // 12
    return position;
}

Piece Position::piece_on(int square) const {
    const std::uint8_t code = board_[square];
    return {PieceType(code & 15), Color(code >> 4)};
}

void Position::clear() {
    *this = Position();
}

void Position::put(int square, Piece piece) {
    remove(square);
    board_[square] = static_cast<std::uint8_t>(piece.type | piece.color << 4);
    by_color_[piece.color] |= bit(square);
    by_type_[piece.type] |= bit(square);
    if (piece.type == kKing) king_square_[piece.color] = static_cast<std::uint8_t>(square);
}

void Position::remove(int square) {
    const Piece old = piece_on(square);
    if (old.type == kNoPieceType) return;
    board_[square] = 0;
    by_color_[old.color] &= ~bit(square);
    by_type_[old.type] &= ~bit(square);
}

void Position::set_hand_count(Color color, PieceType type, int count) {
    hand_[color][type] = static_cast<std::uint8_t>(count);
}

Bitboard Position::attackers_to(int square, Color by, Bitboard occupied) const {
    const Color other = opponent(by);
    Bitboard attackers = (kTables.step[other][kPawn][square] & by_type_[kPawn]) |
                         (kTables.step[other][kSilver][square] & by_type_[kSilver]) |
                         (kTables.step[other][kGold][square] &
                          (by_type_[kGold] | by_type_[kTokin] | by_type_[kProSilver])) |
                         (kTables.step[other][kKing][square] &
                          (by_type_[kKing] | by_type_[kHorse] | by_type_[kDragon]));
    const Bitboard rooks = (by_type_[kRook] | by_type_[kDragon]) & by_color_[by];
    if ((rooks & kTables.rook_empty[square]) != 0) {
        attackers |= rook_attacks(square, occupied) & rooks;
    }
    const Bitboard bishops = (by_type_[kBishop] | by_type_[kHorse]) & by_color_[by];
    if ((bishops & kTables.bishop_empty[square]) != 0) {
        attackers |= bishop_attacks(square, occupied) & bishops;
    }
    return attackers & by_color_[by];
}

bool Position::attacked_by(Color color, int square) const {
    return attackers_to(square, color, occupied()) != 0;
}

bool Position::in_check() const {
    return attackers_to(king_square_[side_], opponent(side_), occupied()) != 0;
}

Bitboard Position::pinned_pieces(Color color) const {
    const int king = king_square_[color];
    const Color them = opponent(color);
    Bitboard snipers = ((kTables.rook_empty[king] & (by_type_[kRook] | by_type_[kDragon])) |
                        (kTables.bishop_empty[king] & (by_type_[kBishop] | by_type_[kHorse]))) &
                       by_color_[them];
    const Bitboard occupied_squares = occupied();
    Bitboard pinned = 0;
    while (snipers != 0) {
        const Bitboard blockers = kTables.between[king][pop_lowest(snipers)] & occupied_squares;
        if (blockers != 0 && (blockers & (blockers - 1)) == 0) {
            pinned |= blockers & by_color_[color];
        }
    }
    return pinned;
}

bool Position::pawn_drop_mates(int to) const {
    Position after = *this;
    after.play(Move::drop(kPawn, to));
    return !after.has_legal_move();
}

// Legal move generation: king moves to unattacked squares; with two checkers nothing else; with
// one, the other moves must capture the checker or block its line; pinned pieces stay on their
// line; drops go to empty squares (only blocking squares when in check), with the pawn rules.
// With kStopAtFirst it only tells whether there is a legal move.
template <bool kStopAtFirst>
bool Position::generate(MoveList* moves) const {
    const Color us = side_;
    const Color them = opponent(us);
    const int king = king_square_[us];
    const Bitboard own = by_color_[us];
    const Bitboard occupied_squares = occupied();

#define ARENA_EMIT(move)              \
    do {                              \
        if constexpr (kStopAtFirst) { \
            return true;              \
        } else {                      \
            moves->push(move);        \
        }                             \
    } while (false)

    // The king may not stay on a line it slides away along, hence the occupancy without it.
    Bitboard king_targets = kTables.step[us][kKing][king] & ~own;
    const Bitboard without_king = occupied_squares ^ bit(king);
    while (king_targets != 0) {
        const int to = pop_lowest(king_targets);
        if (attackers_to(to, them, without_king) == 0) ARENA_EMIT(Move::board(king, to, false));
    }

    const Bitboard checkers = attackers_to(king, them, occupied_squares);
    if ((checkers & (checkers - 1)) != 0) return false;  // double check: only the king moves

    Bitboard targets = kAllSquares & ~own;
    Bitboard drop_targets = kAllSquares & ~occupied_squares;
    if (checkers != 0) {
        drop_targets = kTables.between[king][std::countr_zero(checkers)];
        targets = checkers | drop_targets;
    }

    const Bitboard pinned = pinned_pieces(us);
    const Bitboard zone = kTables.zone[us];
    Bitboard movers = own & ~bit(king);
    while (movers != 0) {
        const int from = pop_lowest(movers);
        const PieceType type = PieceType(board_[from] & 15);
        Bitboard destinations = attacks_of(type, us, from, occupied_squares) & targets;
        if ((pinned & bit(from)) != 0) destinations &= kTables.line[king][from];
        while (destinations != 0) {
            const int to = pop_lowest(destinations);
            if (type == kPawn) {
                // Forced promotion: a pawn reaching the far rank only promotes (§6.2).
                ARENA_EMIT(Move::board(from, to, (zone & bit(to)) != 0));
            } else {
                ARENA_EMIT(Move::board(from, to, false));
                if (can_promote(type) && (zone & (bit(from) | bit(to))) != 0) {
                    ARENA_EMIT(Move::board(from, to, true));
                }
            }
        }
    }

    if (drop_targets == 0) return false;
    for (int type = kPawn; type <= kRook; ++type) {
        if (hand_[us][type] == 0) continue;
        Bitboard squares = drop_targets;
        if (type == kPawn) {
            squares &= ~kTables.last_rank[us];
            squares &= ~files_of(own & by_type_[kPawn]);  // nifu
            // The one square where a pawn drop checks: in front of the enemy king. There the
            // drop is illegal when it mates (uchifuzume).
            const Bitboard checking = kTables.step[them][kPawn][king_square_[them]] & squares;
            if (checking != 0 && pawn_drop_mates(std::countr_zero(checking))) {
                squares &= ~checking;
            }
        }
        while (squares != 0) ARENA_EMIT(Move::drop(PieceType(type), pop_lowest(squares)));
    }
#undef ARENA_EMIT
    return false;
}

void Position::legal_moves(MoveList& moves) const {
    generate<false>(&moves);
}

bool Position::has_legal_move() const {
    return generate<true>(nullptr);
}

bool Position::is_legal(Move move) const {
    MoveList moves;
    legal_moves(moves);
    for (Move legal : moves) {
        if (legal == move) return true;
    }
    return false;
}

void Position::play(Move move) {
    const Color us = side_;
    const Color them = opponent(us);
    const int to = move.to();
    if (move.is_drop()) {
        const PieceType type = move.dropped();
        board_[to] = static_cast<std::uint8_t>(type | us << 4);
        by_color_[us] |= bit(to);
        by_type_[type] |= bit(to);
        --hand_[us][type];
    } else {
        const int from = move.from();
        const PieceType type = PieceType(board_[from] & 15);
        const PieceType captured = PieceType(board_[to] & 15);
        if (captured != kNoPieceType) {
            by_type_[captured] ^= bit(to);
            by_color_[them] ^= bit(to);
            ++hand_[us][unpromoted(captured)];
        }
        const PieceType arriving = move.promotes() ? promoted(type) : type;
        board_[from] = 0;
        board_[to] = static_cast<std::uint8_t>(arriving | us << 4);
        by_color_[us] ^= bit(from) | bit(to);
        by_type_[type] ^= bit(from);
        by_type_[arriving] |= bit(to);
        if (type == kKing) king_square_[us] = static_cast<std::uint8_t>(to);
    }
    side_ = them;
    ++move_number_;
}

std::string Position::validate() const {
    static constexpr const char* kColorNames[2] = {"sente (player 0)", "gote (player 1)"};
    for (int color = 0; color < 2; ++color) {
        const int kings = std::popcount(by_type_[kKing] & by_color_[color]);
        if (kings != 1) {
            return std::string(kColorNames[color]) + " has " + std::to_string(kings) +
                   " kings, expected 1";
        }
    }
    for (int type = kPawn; type <= kRook; ++type) {
        const int count = std::popcount(by_type_[type] | by_type_[promoted(PieceType(type))]) +
                          hand_[kSente][type] + hand_[kGote][type];
        if (count > 2) {
            return "there are " + std::to_string(count) + " pieces of kind " +
                   piece_letter(PieceType(type), kSente) +
                   " (board and hands, promoted or not); the set has 2";
        }
    }
    for (int color = 0; color < 2; ++color) {
        const Bitboard pawns = by_type_[kPawn] & by_color_[color];
        if ((pawns & kTables.last_rank[color]) != 0) {
            return std::string(kColorNames[color]) +
                   " has an unpromoted pawn on its last rank, where it could never move";
        }
        for (int col = 0; col < kBoardSize; ++col) {
            if (std::popcount(pawns & files_of(bit(col))) > 1) {
                return std::string(kColorNames[color]) + " has two unpromoted pawns on file " +
                       std::to_string(kBoardSize - col);
            }
        }
    }
    const Color waiting = opponent(side_);
    if (attackers_to(king_square_[waiting], side_, occupied()) != 0) {
        return std::string("the side not to move, ") + kColorNames[waiting] +
               ", is in check (its king could be taken)";
    }
    return "";
}

// --- perft ---------------------------------------------------------------------------------

std::uint64_t perft(const Position& position, int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    position.legal_moves(moves);
    if (depth == 1) return static_cast<std::uint64_t>(moves.size());
    std::uint64_t nodes = 0;
    for (Move move : moves) {
        Position next = position;
        next.play(move);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

}  // namespace arena::referee::diceshogi
