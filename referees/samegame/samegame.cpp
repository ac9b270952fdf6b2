#include "referees/samegame/samegame.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "referees/common/java_text.hpp"

namespace arena::referee {
namespace {

// Error texts, exactly as CodinGame shows them (§1.3).
constexpr std::string_view kTimeoutError = "[ERROR] Timeout!";
constexpr std::string_view kEmptyActionError = "[ERROR] Empty action provided.";
constexpr std::string_view kFormatError =
    "[ERROR] Action not properly formatted. Should be: 'x y [message];'";
constexpr std::string_view kEmptyTileError = "[ERROR] Selected empty tile.";
constexpr std::string_view kSingletonError =
    "[ERROR] Selected region should have size greater than 1.";
// A message made only of literal "\n" (backslash, n) sequences makes Java's split return an
// empty array and the referee crash on msg[0] (§1.2). CodinGame reports a referee failure;
// arena rejects the move instead, with a text of its own.
constexpr std::string_view kOnlyNewlinesMessageError =
    "[ERROR] Invalid message: made only of \\n sequences (the CodinGame referee crashes on it).";

constexpr std::string_view kTestcaseFormat =
    "expected 15 lines, top row first, of 15 colours (0-4, or -1 for an empty cell) separated by "
    "single spaces, or a CodinGame test JSON object with a \"testIn\" field holding those lines";

[[noreturn]] void bad_testcase(const std::string& what) {
    throw std::invalid_argument("invalid SameGame test case: " + what + "; " +
                                std::string(kTestcaseFormat));
}

// The "testIn" field of a CodinGame test JSON object.
std::string testin_of_json(std::string_view text) {
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        bad_testcase(std::string("it starts with '{' but is not valid JSON (") + e.what() + ")");
    }
    if (!json.is_object() || !json.contains("testIn") || !json["testIn"].is_string()) {
        bad_testcase("the JSON object has no string field \"testIn\"");
    }
    return json["testIn"].get<std::string>();
}

}  // namespace

SameGameGrid parse_samegame_testcase(std::string_view text) {
    std::string json_testin;  // owns the board text when it came from JSON
    const std::string_view trimmed = java_trim(text);
    if (!trimmed.empty() && trimmed.front() == '{') {
        json_testin = testin_of_json(trimmed);
        text = json_testin;
    }

    // The CodinGame runner splits testIn on "\n"; GameState then reads the first 15 lines.
    // Trailing blank lines are dropped, so a file ending in a line end is fine.
    const std::vector<std::string_view> lines = java_split_literal(text, "\n");
    if (java_trim(text).empty()) bad_testcase("it is empty");
    if (lines.size() < kSameGameRows) {
        bad_testcase("it has only " + std::to_string(lines.size()) + " line(s)");
    }
    for (std::size_t extra = kSameGameRows; extra < lines.size(); ++extra) {
        if (!java_trim(lines[extra]).empty()) {
            bad_testcase("line " + std::to_string(extra + 1) + " is one line too many");
        }
    }

    SameGameGrid grid;
    for (int line_index = 0; line_index < kSameGameRows; ++line_index) {
        // Error texts are built only on failure: parsing stays cheap for the common case.
        const auto where = [line_index] {
            return "line " + std::to_string(line_index + 1) +
                   " (row y=" + std::to_string(kSameGameRows - 1 - line_index) + ")";
        };
        const std::string_view row = java_trim(lines[line_index]);
        if (row.empty()) bad_testcase(where() + " is blank");
        const std::vector<std::string_view> values = java_split_literal(row, " ");
        if (values.size() != kSameGameColumns) {
            bad_testcase(where() + " has " + std::to_string(values.size()) +
                         " values instead of 15");
        }
        for (int x = 0; x < kSameGameColumns; ++x) {
            const std::string_view value = java_trim(values[x]);
            const std::optional<int> colour = java_parse_int(value);
            if (!colour || *colour < kSameGameEmpty || *colour >= kSameGameColors) {
                bad_testcase(where() + ", value " + std::to_string(x + 1) + " '" +
                             std::string(value) + "'" +
                             (colour ? " is not a colour" : " is not an integer"));
            }
            grid.cells[x][kSameGameRows - 1 - line_index] = static_cast<std::int8_t>(*colour);
        }
    }
    return grid;
}

SameGameReferee::SameGameReferee(const SameGameGrid& initial_board) : board_(initial_board) {}

std::string SameGameReferee::input() const {
    std::string text;
    text.reserve(kSameGameRows * kSameGameColumns * 3);  // "-1 " is the widest value
    for (int y = kSameGameRows - 1; y >= 0; --y) {
        for (int x = 0; x < kSameGameColumns; ++x) {
            const int value = board_.cells[x][y];
            if (x > 0) text += ' ';
            if (value == kSameGameEmpty) {
                text += "-1";
            } else {
                text += static_cast<char>('0' + value);
            }
        }
        text += '\n';
    }
    return text;
}

int SameGameReferee::time_limit_ms() const {
    // The SDK gives the first-turn limit to a player that has never been executed (§2).
    return answered_once_ ? kTurnTimeLimitMs : kFirstTurnTimeLimitMs;
}

Verdict SameGameReferee::play(std::string_view line) {
    if (over_) throw std::logic_error("SameGameReferee::play called after the game ended");
    answered_once_ = true;

    // Referee.executePlayer: the answer is trimmed, and an empty one is an error.
    const std::string_view action = java_trim(line);
    if (action.empty()) return end_with_error(std::string(kEmptyActionError));

    // GameState.validate: "x y [message]", split on whitespace runs into at most 3 parts.
    const std::vector<std::string_view> parts = java_split_whitespace(action, 3);
    const std::optional<int> x = java_parse_int(parts[0]);
    const std::optional<int> y = parts.size() >= 2 ? java_parse_int(parts[1]) : std::nullopt;
    if (!x || !y) return end_with_error(std::string(kFormatError));

    if (*x < 0 || *x >= kSameGameColumns || *y < 0 || *y >= kSameGameRows) {
        char error[96];
        std::snprintf(error, sizeof error, "[ERROR] Selected target out of bounds: x=%d, y=%d", *x,
                      *y);
        return end_with_error(error);
    }

    // The message is only displayed, but parseMessage crashes when its split on literal "\n"
    // leaves nothing (the message is only "\n" sequences).
    if (parts.size() > 2 && java_split_literal(parts[2], "\\n").empty()) {
        return end_with_error(std::string(kOnlyNewlinesMessageError));
    }

    // The summary line comes before the tile checks, so an empty tile shows colour -1, size 0.
    const int colour = board_.cells[*x][*y];
    Region region;
    if (colour != kSameGameEmpty) region = region_at(*x, *y);
    char summary[96];
    std::snprintf(summary, sizeof summary,
                  "Performed action x=%d, y=%d (color %d, region size %d).", *x, *y, colour,
                  region.size);

    if (colour == kSameGameEmpty) return end_with_error(std::string(kEmptyTileError), summary);
    if (region.size < 2) return end_with_error(std::string(kSingletonError), summary);

    remove_region(region);
    ++moves_played_;
    // Java ends the game at the start of the next turn, before running the bot again; ending it
    // now sends the bot nothing more either (§1.1).
    if (no_move_left() || moves_played_ >= kMaxMoves) {
        over_ = true;
        end_reason_ = "Endgame. Obtained a score of " + std::to_string(score_) + ".";
    }
    return Verdict{true, summary, ""};
}

Verdict SameGameReferee::timeout() {
    if (over_) throw std::logic_error("SameGameReferee::timeout called after the game ended");
    answered_once_ = true;
    return end_with_error(std::string(kTimeoutError));
}

Result SameGameReferee::result() const {
    return Result{{score_}, {1}, end_reason_};
}

int SameGameReferee::tiles_left() const {
    int tiles = 0;
    for (const auto& column : board_.cells) {
        for (std::int8_t cell : column) tiles += cell != kSameGameEmpty ? 1 : 0;
    }
    return tiles;
}

SameGameReferee::Region SameGameReferee::region_at(int x, int y) const {
    // Flood fill over the 4 neighbours. region.cells doubles as the work stack: every cell is
    // pushed once, when first seen, so the cells below `next` are done and the rest are pending.
    const int colour = board_.cells[x][y];
    std::array<std::array<bool, kSameGameRows>, kSameGameColumns> seen{};
    Region region;
    const auto visit = [&](int cx, int cy) {
        if (cx < 0 || cx >= kSameGameColumns || cy < 0 || cy >= kSameGameRows) return;
        if (seen[cx][cy] || board_.cells[cx][cy] != colour) return;
        seen[cx][cy] = true;
        region.cells[region.size++] = static_cast<std::uint8_t>(cx * kSameGameRows + cy);
    };
    visit(x, y);
    for (int next = 0; next < region.size; ++next) {
        const int cx = region.cells[next] / kSameGameRows;
        const int cy = region.cells[next] % kSameGameRows;
        visit(cx - 1, cy);
        visit(cx + 1, cy);
        visit(cx, cy - 1);
        visit(cx, cy + 1);
    }
    return region;
}

void SameGameReferee::remove_region(const Region& region) {
    // GameState.apply, in its order: remove, score, gravity, column shift, clear bonus.
    for (int i = 0; i < region.size; ++i) {
        board_.cells[region.cells[i] / kSameGameRows][region.cells[i] % kSameGameRows] =
            kSameGameEmpty;
    }
    const std::int64_t extra = region.size - 2;
    score_ += extra * extra;

    // Gravity (normalizeVertically): in each column the tiles fall to the bottom, keeping their
    // order.
    for (auto& column : board_.cells) {
        int bottom = 0;
        for (int y = 0; y < kSameGameRows; ++y) {
            if (column[y] != kSameGameEmpty) column[bottom++] = column[y];
        }
        for (int y = bottom; y < kSameGameRows; ++y) column[y] = kSameGameEmpty;
    }

    // Column shift (normalizeHorizontaly): a column whose bottom cell is empty is empty, and the
    // non-empty columns close up to the left, keeping their order.
    int left = 0;
    for (int x = 0; x < kSameGameColumns; ++x) {
        if (board_.cells[x][0] != kSameGameEmpty) {
            if (x != left) board_.cells[left] = board_.cells[x];
            ++left;
        }
    }
    for (int x = left; x < kSameGameColumns; ++x) board_.cells[x].fill(kSameGameEmpty);

    if (board_.cells[0][0] == kSameGameEmpty) score_ += 1000;  // the board is cleared
}

bool SameGameReferee::no_move_left() const {
    // GameState.checkTerminal walks from (0, 0) through the tiles and stops at the first pair of
    // orthogonal neighbours of equal colour. After gravity and the column shift every tile is
    // reachable from (0, 0), so comparing each tile with its right and upper neighbours is the
    // same test. An empty board has no pair either.
    for (int x = 0; x < kSameGameColumns; ++x) {
        for (int y = 0; y < kSameGameRows; ++y) {
            const int colour = board_.cells[x][y];
            if (colour == kSameGameEmpty) break;  // the rest of the column is empty too
            if (y + 1 < kSameGameRows && board_.cells[x][y + 1] == colour) return false;
            if (x + 1 < kSameGameColumns && board_.cells[x + 1][y] == colour) return false;
        }
    }
    return true;
}

Verdict SameGameReferee::end_with_error(std::string error, std::string summary) {
    // Referee.loseGame: the game ends at once and the rejected move is not applied, so the
    // score stays the one before it.
    over_ = true;
    end_reason_ = error;
    return Verdict{false, std::move(summary), std::move(error)};
}

}  // namespace arena::referee
