// SFEN, the text form of a Dice Shogi position: written for the bots' state and the logs,
// read for test cases (a game's start position).
#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "referees/diceshogi/position.hpp"

namespace arena::referee::diceshogi {

namespace {

constexpr PieceType kSfenHandOrder[] = {kRook, kBishop, kGold, kSilver, kPawn};

std::string sfen_board_and_side(const Position& position) {
    std::string text;
    for (int row = kBoardSize - 1; row >= 0; --row) {
        int empty = 0;
        for (int col = 0; col < kBoardSize; ++col) {
            const Piece piece = position.piece_on(row * kBoardSize + col);
            if (piece.type == kNoPieceType) {
                ++empty;
                continue;
            }
            if (empty > 0) text += static_cast<char>('0' + empty);
            empty = 0;
            if (unpromoted(piece.type) != piece.type) text += '+';
            text += piece_letter(piece.type, piece.color);
        }
        if (empty > 0) text += static_cast<char>('0' + empty);
        if (row > 0) text += '/';
    }
    text += position.side_to_move() == kSente ? " b " : " w ";
    return text;
}

void append_hand_kind(std::string& text, int count, char letter) {
    if (count > 1) text += std::to_string(count);
    if (count > 0) text += letter;
}

std::string sfen_hands(const Position& position, const HandOrder* hand_order) {
    std::string text;
    for (int color = 0; color < 2; ++color) {
        if (hand_order == nullptr) {
            for (PieceType type : kSfenHandOrder) {
                append_hand_kind(text, position.hand_count(Color(color), type),
                                 piece_letter(type, Color(color)));
            }
            continue;
        }
        std::string seen;
        for (char letter : (*hand_order)[color]) {
            if (seen.find(letter) != std::string::npos) continue;
            seen += letter;
            const PieceType type = hand_type_of_letter(letter);
            append_hand_kind(text, position.hand_count(Color(color), type),
                             piece_letter(type, Color(color)));
        }
    }
    return text.empty() ? "-" : text;
}

}  // namespace

std::string Position::sfen() const {
    return sfen_board_and_side(*this) + sfen_hands(*this, nullptr) + " " +
           std::to_string(move_number_);
}

std::string sfen_with_hand_order(const Position& position, const HandOrder& hand_order) {
    return sfen_board_and_side(position) + sfen_hands(position, &hand_order) + " " +
           std::to_string(position.move_number());
}

namespace {

char to_upper(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

[[noreturn]] void fail(std::string_view sfen, const std::string& what) {
    throw std::invalid_argument("invalid SFEN '" + std::string(sfen) + "': " + what +
                                " (expected e.g. 'rbsgk/4p/5/P4/KGSBR b - 1': ranks top to "
                                "bottom, side to move b or w, hands or -, move number)");
}

// The blank-separated fields of the text.
std::vector<std::string_view> split_fields(std::string_view sfen) {
    std::vector<std::string_view> fields;
    for (std::size_t i = 0; i < sfen.size();) {
        if (std::isspace(static_cast<unsigned char>(sfen[i]))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < sfen.size() && !std::isspace(static_cast<unsigned char>(sfen[end]))) ++end;
        fields.push_back(sfen.substr(i, end - i));
        i = end;
    }
    return fields;
}

// One rank of the board, the `index`th from the top (row 4 first).
void read_rank(std::string_view sfen, std::string_view rank, int index, Position& position) {
    const std::string where = "rank " + std::to_string(index + 1) + " '" + std::string(rank) + "'";
    const int row = kBoardSize - 1 - index;
    int col = 0;
    for (std::size_t i = 0; i < rank.size(); ++i) {
        const char c = rank[i];
        if (c >= '1' && c <= '9') {
            col += c - '0';
        } else {
            const bool promote = c == '+';
            if (promote && i + 1 == rank.size()) fail(sfen, where + " ends with '+'");
            const char letter = promote ? rank[++i] : c;
            PieceType type = to_upper(letter) == 'K' ? kKing : hand_type_of_letter(letter);
            if (type == kNoPieceType) {
                fail(sfen, where + " has '" + std::string(1, letter) +
                               "', not a piece letter (K G S B R P, " +
                               "upper case for sente, lower case for gote)");
            }
            if (promote) {
                if (!can_promote(type))
                    fail(sfen,
                         where + " has '+" + std::string(1, letter) + "': only P S B R promote");
                type = promoted(type);
            }
            if (col >= kBoardSize) {
                col = kBoardSize + 1;  // too many squares, reported below
                break;
            }
            position.put(row * kBoardSize + col,
                         {type, std::isupper(static_cast<unsigned char>(letter)) ? kSente : kGote});
            ++col;
        }
        if (col > kBoardSize) break;
    }
    if (col != kBoardSize) {
        fail(sfen, where + " has " + (col > kBoardSize ? "more than 5" : std::to_string(col)) +
                       " squares, expected 5");
    }
}

// Board: 5 ranks separated by '/', the top one (row 4) first.
void read_board(std::string_view sfen, std::string_view board, Position& position) {
    std::vector<std::string_view> ranks;
    for (std::string_view rest = board;;) {
        const std::size_t slash = rest.find('/');
        ranks.push_back(rest.substr(0, slash));
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    if (ranks.size() != kBoardSize) {
        fail(sfen, "the board has " + std::to_string(ranks.size()) + " ranks, expected 5");
    }
    for (int index = 0; index < kBoardSize; ++index) read_rank(sfen, ranks[index], index, position);
}

// Hands: '-' or pieces, each with an optional count.
void read_hands(std::string_view sfen, std::string_view hands, SfenReading& reading) {
    if (hands == "-") return;
    Position& position = reading.position;
    for (std::size_t i = 0; i < hands.size();) {
        int count = 1;
        if (std::isdigit(static_cast<unsigned char>(hands[i]))) {
            count = 0;
            while (i < hands.size() && std::isdigit(static_cast<unsigned char>(hands[i]))) {
                count = count * 10 + (hands[i++] - '0');
                if (count > 2) fail(sfen, "a hand count above 2 in '" + std::string(hands) + "'");
            }
            if (count == 0) fail(sfen, "a hand count of 0 in '" + std::string(hands) + "'");
            if (i == hands.size())
                fail(sfen, "the hands '" + std::string(hands) + "' end with a count");
        }
        const char letter = hands[i++];
        const PieceType type = hand_type_of_letter(letter);
        if (type == kNoPieceType) {
            fail(sfen, "the hands '" + std::string(hands) + "' hold '" + std::string(1, letter) +
                           "'; a hand holds only P S G B R (upper case sente, lower case gote)");
        }
        const Color color = std::isupper(static_cast<unsigned char>(letter)) ? kSente : kGote;
        const int total = position.hand_count(color, type) + count;
        if (total > 2)
            fail(sfen, "more than 2 pieces of one kind in a hand in '" + std::string(hands) + "'");
        position.set_hand_count(color, type, total);
        reading.hand_order[color].append(static_cast<std::size_t>(count), to_upper(letter));
    }
}

// Move number: 1 to 9999.
int read_move_number(std::string_view sfen, std::string_view number) {
    int value = 0;
    bool digits_only = !number.empty() && number.size() <= 4;
    for (char c : number) {
        digits_only = digits_only && std::isdigit(static_cast<unsigned char>(c));
        if (digits_only) value = value * 10 + (c - '0');
    }
    if (!digits_only || value < 1) {
        fail(sfen, "the move number '" + std::string(number) + "' is not a positive integer");
    }
    return value;
}

}  // namespace

SfenReading read_sfen(std::string_view sfen) {
    const std::vector<std::string_view> fields = split_fields(sfen);
    if (fields.size() < 3 || fields.size() > 4) {
        fail(sfen, "it has " + std::to_string(fields.size()) +
                       (fields.size() == 1 ? " field" : " fields") + ", expected 3 or 4");
    }
    SfenReading reading;
    Position& position = reading.position;
    read_board(sfen, fields[0], position);
    if (fields[1] == "b") {
        position.set_side_to_move(kSente);
    } else if (fields[1] == "w") {
        position.set_side_to_move(kGote);
    } else {
        fail(sfen, "the side to move is '" + std::string(fields[1]) + "', expected b or w");
    }
    read_hands(sfen, fields[2], reading);
    if (fields.size() == 4) position.set_move_number(read_move_number(sfen, fields[3]));

    const std::string problem = position.validate();
    if (!problem.empty()) fail(sfen, problem);
    return reading;
}

}  // namespace arena::referee::diceshogi
