#include "referees/diceshogi/diceshogi.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "referees/common/java_text.hpp"

namespace arena::referee {
namespace {

using diceshogi::Color;
using diceshogi::Move;
using diceshogi::MoveList;
using diceshogi::PieceType;

constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;

// SplitMix64's output function.
std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Java's String.equalsIgnoreCase between an ASCII text (an action, "random") and what the bot
// wrote (UTF-8). Java compares UTF-16 units by upper case, then lower case of the upper case; a
// non-ASCII unit equal to an ASCII letter that way is U+017F LATIN SMALL LETTER LONG S (upper
// case 'S'), which the letters of actions and "random" can meet (the Kelvin sign and dotted
// capital I map to 'k' and 'i', which never occur).
bool java_equals_ignore_case(std::string_view ascii, std::string_view written) {
    std::size_t at = 0;
    for (const char expected : ascii) {
        if (at >= written.size()) return false;
        if (ascii_lower(written[at]) == ascii_lower(expected)) {
            ++at;
        } else if (ascii_lower(expected) == 's' && written.substr(at, 2) == "\xC5\xBF") {
            at += 2;
        } else {
            return false;
        }
    }
    return at == written.size();
}

std::string board_lines(const diceshogi::Position& position) {
    std::string text;
    for (int row = diceshogi::kBoardSize - 1; row >= 0; --row) {
        for (int col = 0; col < diceshogi::kBoardSize; ++col) {
            const diceshogi::Piece piece = position.piece_on(row * diceshogi::kBoardSize + col);
            if (piece.type == diceshogi::kNoPieceType) {
                text += '.';
                continue;
            }
            if (diceshogi::unpromoted(piece.type) != piece.type) text += '+';
            text += diceshogi::piece_letter(piece.type, piece.color);
        }
        text += '\n';
    }
    return text;
}

// The SDK's nickname token ($0, $1) that CodinGame replaces with the player's name.
std::string nickname_token(int player) {
    std::string token(1, '$');
    token += std::to_string(player);
    return token;
}

std::string hand_line(const std::string& order, Color color) {
    if (order.empty()) return "-";
    std::string line = order;
    if (color == diceshogi::kGote) {
        for (char& c : line) c = ascii_lower(c);
    }
    return line;
}

}  // namespace

diceshogi::SfenReading parse_diceshogi_testcase(std::string_view testcase) {
    if (java_trim(testcase).empty()) {
        return {diceshogi::Position::start(), {}};
    }
    diceshogi::SfenReading start = diceshogi::read_sfen(testcase);
    const int move_number = start.position.move_number();
    if (move_number > DiceShogiReferee::kMaxPlies) {
        throw std::invalid_argument(
            "invalid Dice Shogi start position '" + std::string(java_trim(testcase)) +
            "': move number " + std::to_string(move_number) +
            " is past the end of the game (a game has 300 plies, so the last move number is 300)");
    }
    return start;
}

DiceShogiReferee::DiceShogiReferee(std::int64_t seed)
    : DiceShogiReferee(seed, {diceshogi::Position::start(), {}}) {}

DiceShogiReferee::DiceShogiReferee(std::int64_t seed, const diceshogi::SfenReading& start)
    : seed_(seed), dice_(seed), position_(start.position), hand_order_(start.hand_order) {
    // The die of the ply with move number m is the m-th draw (§5.1: one draw per ply).
    for (int ply = 1; ply < position_.move_number(); ++ply) dice_.roll();
    if (!end_if_over()) start_ply();
}

std::uint64_t DiceShogiReferee::uniform(std::uint64_t bound) {
    // Rejects the top 2^64 mod bound outputs so that every residue is equally likely.
    const std::uint64_t limit = 0 - (0 - bound) % bound;  // 2^64 - (2^64 mod bound), 0 = 2^64
    for (;;) {
        order_state_ += kGoldenGamma;
        const std::uint64_t x = mix64(order_state_);
        if (limit == 0 || x < limit) return x % bound;
    }
}

void DiceShogiReferee::start_ply() {
    die_ = dice_.roll();
    MoveList legal;
    position_.legal_moves(legal);

    // §5.3: keep the moves to file `die` (column 5 - die); none, or die 6: all of them.
    const int column = diceshogi::kBoardSize - die_;
    offers_.clear();
    if (die_ != 6) {
        for (Move move : legal) {
            if (move.to() % diceshogi::kBoardSize == column) offers_.push_back({{}, move});
        }
    }
    all_offered_ = offers_.empty();
    if (all_offered_) {
        for (Move move : legal) offers_.push_back({{}, move});
    }
    const Color mover = position_.side_to_move();
    for (Offer& offer : offers_) offer.text = diceshogi::to_wire(offer.move, mover);

    // The order the bots read (header comment): sorted, then shuffled from the ply's stream.
    std::sort(offers_.begin(), offers_.end(),
              [](const Offer& a, const Offer& b) { return a.text < b.text; });
    order_state_ = mix64(mix64(static_cast<std::uint64_t>(seed_)) +
                         static_cast<std::uint64_t>(position_.move_number()));
    for (std::size_t i = offers_.size(); i > 1; --i) {
        std::swap(offers_[i - 1], offers_[uniform(i)]);
    }
    actions_.clear();
    for (const Offer& offer : offers_) actions_.push_back(offer.text);
}

std::string DiceShogiReferee::input() const {
    if (over_) return "";
    const int player = current_player();
    std::string text;
    if (turns_taken_[player] == 0) {
        text += std::to_string(player) + "\n" + std::to_string(diceshogi::kBoardSize) + "\n";
    }
    text += board_lines(position_);
    text += hand_line(hand_order_[diceshogi::kSente], diceshogi::kSente) + "\n";
    text += hand_line(hand_order_[diceshogi::kGote], diceshogi::kGote) + "\n";
    text += std::to_string(die_) + "\n";
    text += last_action_[1 - player] + "\n";
    text += std::to_string(actions_.size()) + "\n";
    for (const std::string& action : actions_) text += action + "\n";
    return text;
}

int DiceShogiReferee::time_limit_ms() const {
    return turns_taken_[current_player()] == 0 ? kFirstTurnTimeLimitMs : kTurnTimeLimitMs;
}

std::string DiceShogiReferee::player_name(int player) const {
    return "player " + std::to_string(player);
}

namespace {

// §3.4: trim; with a space, the action is the first piece of split(" ") and the rest,
// joined by single spaces and trimmed, the message.
std::pair<std::string_view, std::string> split_answer(std::string_view line) {
    const std::string_view trimmed = java_trim(line);
    std::string_view action = trimmed;
    std::string message;
    if (trimmed.find(' ') != std::string_view::npos) {
        const std::vector<std::string_view> parts = java_split_literal(trimmed, " ");
        action = parts[0];
        for (std::size_t i = 1; i < parts.size(); ++i) {
            message += parts[i];
            message += ' ';
        }
        message = std::string(java_trim(message));
    }
    return {action, message};
}

// The hands as lists (§3.2): a capture appends, a drop removes the first piece of its kind.
// Called before `move` is played on `position`.
void update_hand(std::string& hand, const diceshogi::Position& position, Move move) {
    if (move.is_drop()) {
        const char letter = diceshogi::piece_letter(move.dropped(), diceshogi::kSente);
        hand.erase(hand.find(letter), 1);
    } else {
        const diceshogi::Piece taken = position.piece_on(move.to());
        if (taken.type != diceshogi::kNoPieceType) {
            hand += diceshogi::piece_letter(diceshogi::unpromoted(taken.type), diceshogi::kSente);
        }
    }
}

}  // namespace

Verdict DiceShogiReferee::play(std::string_view line) {
    if (over_) throw std::logic_error("DiceShogiReferee::play called after the game ended");
    const int player = current_player();
    ++turns_taken_[player];

    const auto [action, message] = split_answer(line);

    const std::string die_text =
        "die " + std::to_string(die_) +
        (all_offered_ && die_ != 6
             ? ", no legal action to file " + std::to_string(die_) + " so all are offered"
             : "");
    const Offer* chosen = nullptr;
    std::string summary = "Player " + std::to_string(player) + " plays ";
    if (java_equals_ignore_case("random", action)) {
        chosen = &offers_[uniform(offers_.size())];
        summary += "random: " + chosen->text;
    } else {
        for (const Offer& offer : offers_) {
            if (java_equals_ignore_case(offer.text, action)) {
                chosen = &offer;
                break;
            }
        }
        if (chosen == nullptr) {
            std::string error =
                nickname_token(player) + ": " + std::string(action) + " is not valid move";
            summary = "Player " + std::to_string(player) + " answered '" + std::string(action) +
                      "', which is not one of the " + std::to_string(offers_.size()) +
                      " offered actions (" + die_text + ").";
            finish(1 - player, "Player " + std::to_string(1 - player) +
                                   " wins: " + player_name(player) +
                                   " played an invalid action ('" + std::string(action) + "').");
            summary += "\n" + end_reason_;
            return Verdict{false, std::move(summary), std::move(error)};
        }
        summary += chosen->text;
    }
    summary += " (" + die_text + ")";
    if (!message.empty()) summary += ", message: " + message;
    summary += ".";

    update_hand(hand_order_[player], position_, chosen->move);
    last_action_[player] = chosen->text;
    position_.play(chosen->move);

    if (end_if_over()) {
        summary += "\n" + end_reason_;
    } else {
        start_ply();
    }
    return Verdict{true, std::move(summary), ""};
}

Verdict DiceShogiReferee::timeout() {
    if (over_) throw std::logic_error("DiceShogiReferee::timeout called after the game ended");
    const int player = current_player();
    ++turns_taken_[player];
    std::string error = nickname_token(player) + " timeout!";
    finish(1 - player, "Player " + std::to_string(1 - player) + " wins: " + player_name(player) +
                           " gave no answer in time.");
    return Verdict{false, "Player " + std::to_string(player) + " timed out.\n" + end_reason_,
                   std::move(error)};
}

bool DiceShogiReferee::end_if_over() {
    // Game.isGameOver / getWinner (§6.6): no legal move loses, checked before the ply limit.
    const int to_move = current_player();
    const int plies = position_.move_number() - 1;
    if (!position_.has_legal_move()) {
        const bool checkmate = position_.in_check();
        finish(1 - to_move, "Player " + std::to_string(1 - to_move) +
                                " wins: " + player_name(to_move) +
                                (checkmate ? " is checkmated" : " has no legal move (stalemate)") +
                                " after ply " + std::to_string(plies) + ".");
        return true;
    }
    if (plies >= kMaxPlies) {
        finish(-1, "Draw: " + std::to_string(kMaxPlies) + " plies played without a checkmate.");
        return true;
    }
    return false;
}

void DiceShogiReferee::finish(int winner, std::string reason) {
    over_ = true;
    end_reason_ = std::move(reason);
    if (winner >= 0) {
        scores_[winner] = 1;
        scores_[1 - winner] = -1;
    }
    offers_.clear();
    actions_.clear();
}

Result DiceShogiReferee::result() const {
    std::vector<int> ranks{1, 1};
    if (scores_[0] != scores_[1])
        ranks = scores_[0] > scores_[1] ? std::vector{1, 2} : std::vector{2, 1};
    return Result{{scores_[0], scores_[1]}, ranks, end_reason_};
}

std::string DiceShogiReferee::state() const {
    return diceshogi::sfen_with_hand_order(position_, hand_order_);
}

}  // namespace arena::referee
