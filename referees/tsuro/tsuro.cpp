#include "referees/tsuro/tsuro.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <utility>

#include "referees/common/java_text.hpp"

namespace arena::referee {
namespace {

using tsuro::Position;

// Kill messages, exactly as the published referee formats them with the seat number for "$%d"
// (FirstTurn.kt, GameTurn.kt). The missing closing quote of the PLACE text is theirs.
std::string seat_text(int seat, std::string_view text) {
    std::string line = "$";
    line += std::to_string(seat);
    line += ' ';
    line += text;
    return line;
}
constexpr std::string_view kStartFormatError =
    "Expected input was 'START <boardIndex> <optional message>'";
constexpr std::string_view kStartRangeError =
    "Starting position boardIndex should be picked from interval 0-47";
constexpr std::string_view kStartTakenError = "Invalid starting position - same as opponent";
constexpr std::string_view kPlaceFormatError =
    "Expected input was 'PLACE <tileId> <tileRotation> <optional message>";
constexpr std::string_view kPlaceInvalidError =
    "Invalid input - either tileId or rotation was invalid";
constexpr std::string_view kTimeoutError = "timeout!";
constexpr std::string_view kLeavesBoard = "leaves the board";

std::string position_text(const Position& position) {
    return "col " + std::to_string(position.col) + " row " + std::to_string(position.row) +
           " index " + std::to_string(position.index);
}

// Appends `separator` (unless it is 0) and `value` in decimal.
void append_int(std::string& text, int value, char separator = 0) {
    if (separator != 0) text += separator;
    char digits[16];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    text.append(digits, end);
}

void append_line(std::string& text, const std::string& line) {
    if (!text.empty()) text += '\n';
    text += line;
}

}  // namespace

TsuroReferee::TsuroReferee(int players, std::int64_t seed)
    : random_(seed), executed_(players < 0 ? 0 : players, false) {
    if (players < kMinPlayers || players > kMaxPlayers) {
        throw std::invalid_argument("tsuro is a game for 2 to 4 players, got " +
                                    std::to_string(players));
    }
    players_.resize(players);
    // deck = tiles.shuffled(random): Collections.shuffle of the ids 0..34 in order (§6).
    deck_.resize(tsuro::kTileCount);
    std::iota(deck_.begin(), deck_.end(), 0);
    java_shuffle(deck_, random_);
    // Player 0 draws 3, then player 1 draws 3, ... (§4.5: not round-robin).
    for (int seat = 0; seat < players; ++seat) {
        for (int i = 0; i < kInitialHand; ++i) draw(seat);
    }
}

std::string TsuroReferee::input() const {
    const int n = player_count();
    std::string text;
    text.reserve(40 * (n + 1) + 24 * players_[current_].hand.size());
    if (turn_ <= n) {  // the init line, with the START turn
        append_int(text, n);
        text += '\n';
    }
    for (int i = 0; i < n; ++i) {
        const TsuroPlayer& other = players_[(current_ + i) % n];
        append_int(text, other.last_tile);
        for (int point : other.last_connections) append_int(text, point, ' ');
        append_int(text, other.position.col, ' ');
        append_int(text, other.position.row, ' ');
        append_int(text, other.position.index, ' ');
        append_int(text, other.start_mark, ' ');
        text += '\n';
    }
    const std::vector<int>& hand = players_[current_].hand;
    append_int(text, static_cast<int>(hand.size()));
    text += '\n';
    for (int tile : hand) {
        append_int(text, tile);
        for (int point : tsuro::kTiles[tile]) append_int(text, point, ' ');
        text += '\n';
    }
    return text;
}

int TsuroReferee::time_limit_ms() const {
    // The SDK gives the first-turn limit to a player's first execution, its START turn (§7).
    return executed_[current_] ? kTurnTimeLimitMs : kFirstTurnTimeLimitMs;
}

Verdict TsuroReferee::play(std::string_view line) {
    if (over_) throw std::logic_error("TsuroReferee::play called after the game ended");
    const int seat = current_;
    executed_[seat] = true;
    Verdict verdict = turn_ <= player_count() ? play_start(seat, line) : play_place(seat, line);
    end_turn();
    return verdict;
}

Verdict TsuroReferee::timeout() {
    if (over_) throw std::logic_error("TsuroReferee::timeout called after the game ended");
    const int seat = current_;
    executed_[seat] = true;
    Verdict verdict = reject(seat, seat_text(seat, kTimeoutError));
    end_turn();
    return verdict;
}

Verdict TsuroReferee::play_start(int seat, std::string_view line) {
    // FirstTurn.kt: split(" ") keeps every empty token; the checks run in this order (§2.2).
    const std::vector<std::string_view> tokens = java_split_literal(line, " ", -1);
    const std::optional<int> mark =
        tokens.size() >= 2 ? java_parse_int(tokens[1]) : std::optional<int>();
    if (tokens.size() < 2 || tokens[0] != "START" || !mark) {
        return reject(seat, seat_text(seat, kStartFormatError));
    }
    if (!tsuro::valid_start_mark(*mark)) return reject(seat, seat_text(seat, kStartRangeError));
    // Any other player's mark, eliminated players included (§2.2).
    for (int other = 0; other < player_count(); ++other) {
        if (other != seat && players_[other].start_mark == *mark) {
            return reject(seat, seat_text(seat, kStartTakenError));
        }
    }
    TsuroPlayer& player = players_[seat];
    player.position = tsuro::kStartPositions[*mark];
    player.start_mark = *mark;
    return Verdict{true,
                   seat_text(seat, "starts at mark " + std::to_string(*mark) + " (" +
                                       position_text(player.position) + ")"),
                   ""};
}

Verdict TsuroReferee::play_place(int seat, std::string_view line) {
    // GameTurn.kt (§3.3, §4.1).
    const std::vector<std::string_view> tokens = java_split_literal(line, " ", -1);
    std::optional<int> tile_id;
    std::optional<int> rotation;
    if (tokens.size() >= 3) {
        tile_id = java_parse_int(tokens[1]);
        rotation = java_parse_int(tokens[2]);
    }
    if (tokens.size() < 3 || tokens[0] != "PLACE" || !tile_id || !rotation) {
        return reject(seat, seat_text(seat, kPlaceFormatError));
    }
    TsuroPlayer& player = players_[seat];
    // The published referee crashes on a tile id outside 0..34 or a rotation outside 0..3 before
    // its own check (§3.3, §9.2); arena applies that check, the move is invalid.
    const bool in_hand =
        std::find(player.hand.begin(), player.hand.end(), *tile_id) != player.hand.end();
    if (!tsuro::valid_tile_id(*tile_id) || !tsuro::valid_rotation(*rotation) || !in_hand) {
        return reject(seat, seat_text(seat, kPlaceInvalidError));
    }

    // The tile goes on the cell in front of the marker; every marker at that cell moves,
    // eliminated players' too (§4.1 steps 3-4). The board is fixed while they move, so the order
    // does not matter.
    const Position cell = player.position;
    board_.place(cell.col, cell.row, *tile_id, *rotation);
    for (TsuroPlayer& mover : players_) {
        if (mover.position.same_cell(cell)) mover.position = board_.follow(mover.position);
    }
    player.last_tile = *tile_id;
    player.last_rotation = *rotation;
    player.last_connections = board_.at(cell.col, cell.row).connections;
    player.hand.erase(std::find(player.hand.begin(), player.hand.end(), *tile_id));

    std::string summary = seat_text(
        seat, "places tile " + std::to_string(*tile_id) + " rotation " + std::to_string(*rotation) +
                  " on col " + std::to_string(cell.col) + " row " + std::to_string(cell.row));
    // The players active before the eliminations, in seat order; each kill reshuffles and
    // re-deals before the next one is looked at (§4.1 step 6).
    std::vector<int> snapshot;
    for (int other = 0; other < player_count(); ++other) {
        if (players_[other].active) snapshot.push_back(other);
    }
    for (int other : snapshot) {
        if (players_[other].position.on_board()) continue;
        const std::int64_t score = other == seat ? turn_ - 1 : turn_;
        eliminate(other, score, seat_text(other, kLeavesBoard), summary);
    }
    draw(seat);  // only if still active (§4.1 step 7)
    return Verdict{true, std::move(summary), ""};
}

Verdict TsuroReferee::reject(int seat, std::string error) {
    std::string summary;
    eliminate(seat, 0, error, summary);
    return Verdict{false, std::move(summary), std::move(error)};
}

void TsuroReferee::eliminate(int seat, std::int64_t score, const std::string& message,
                             std::string& summary) {
    TsuroPlayer& player = players_[seat];
    player.score = score;
    player.active = false;
    append_line(summary, message + " (score " + std::to_string(score) + ")");
    deck_.insert(deck_.end(), player.hand.begin(), player.hand.end());
    player.hand.clear();
    java_shuffle(deck_, random_);
    // Re-deal from the next seat on until every active player holds exactly 3 tiles or the deck
    // is empty. There is no hand-size cap, hence hands of 4+ and a dealt-out deck (§4.5).
    const int n = player_count();
    for (int next = (seat + 1) % n; !deck_.empty(); next = (next + 1) % n) {
        const bool all_three = std::all_of(players_.begin(), players_.end(), [](const auto& p) {
            return !p.active || p.hand.size() == static_cast<std::size_t>(kInitialHand);
        });
        if (all_three) break;
        draw(next);
    }
}

void TsuroReferee::draw(int seat) {
    TsuroPlayer& player = players_[seat];
    if (!player.active || deck_.empty()) return;
    player.hand.push_back(deck_.front());
    deck_.erase(deck_.begin());
}

void TsuroReferee::end_turn() {
    const int n = player_count();
    if (active_count() < 2) {
        // Referee.gameTurn: the survivor, if any, scores turn + 1 and the game ends.
        over_ = true;
        end_reason_ = "No player left on the board after turn " + std::to_string(turn_) + ".";
        for (int seat = 0; seat < n; ++seat) {
            if (!players_[seat].active) continue;
            players_[seat].score = turn_ + 1;
            end_reason_ = seat_text(
                seat, "is the last player on the board after turn " + std::to_string(turn_) + ".");
        }
        return;
    }
    if (turn_ == max_turns()) {
        // The SDK stops after maxTurns; the survivors' scores are never set and stay 0 (§4.6).
        over_ = true;
        end_reason_ = "Turn limit " + std::to_string(max_turns()) + " reached with " +
                      std::to_string(active_count()) + " players on the board (they score 0).";
        return;
    }
    ++turn_;
    // The next active seat after the one that just played (Referee.kt L43-45).
    do {
        current_ = (current_ + 1) % n;
    } while (!players_[current_].active);
}

int TsuroReferee::active_count() const {
    return static_cast<int>(
        std::count_if(players_.begin(), players_.end(), [](const auto& p) { return p.active; }));
}

Result TsuroReferee::result() const {
    Result result;
    for (const TsuroPlayer& player : players_) result.scores.push_back(player.score);
    for (std::int64_t score : result.scores) {
        // Higher is better; equal scores share a rank (1, 1, 3, ...), as the end screen ranks (§5).
        result.ranks.push_back(1 + static_cast<int>(std::count_if(
                                       result.scores.begin(), result.scores.end(),
                                       [score](std::int64_t other) { return other > score; })));
    }
    result.reason = end_reason_;
    return result;
}

std::string TsuroReferee::state() const {
    std::string text = "turn ";
    append_int(text, turn_);
    text += " deck ";
    append_int(text, static_cast<int>(deck_.size()));
    text += " board";
    for (int row = 0; row < tsuro::kBoardSize; ++row) {
        text += row == 0 ? ' ' : '/';
        for (int col = 0; col < tsuro::kBoardSize; ++col) {
            const tsuro::Board::Cell& cell = board_.at(col, row);
            if (col > 0) text += ',';
            if (cell.tile < 0) {
                text += '.';
            } else {
                append_int(text, cell.tile);
                append_int(text, cell.rotation, 'r');
            }
        }
    }
    for (int seat = 0; seat < player_count(); ++seat) {
        const TsuroPlayer& player = players_[seat];
        text += " | $";
        append_int(text, seat);
        text += player.active ? " in " : " out ";
        append_int(text, player.position.col);
        append_int(text, player.position.row, ',');
        append_int(text, player.position.index, ',');
        text += " start ";
        append_int(text, player.start_mark);
        text += " hand";
        if (player.hand.empty()) text += " -";
        for (std::size_t i = 0; i < player.hand.size(); ++i) {
            append_int(text, player.hand[i], i == 0 ? ' ' : ',');
        }
        text += " score ";
        text += std::to_string(player.score);
    }
    return text;
}

}  // namespace arena::referee
