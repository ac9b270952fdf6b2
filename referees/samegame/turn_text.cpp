#include "referees/samegame/turn_text.hpp"

#include <cstdio>
#include <exception>
#include <vector>

#include "referees/common/turn_text.hpp"

namespace arena::referee {

// SameGame: 15 rows of colours, top row (y = 14) first; the answer "x y" counts y from the
// bottom. Colours are drawn as digits, empty cells as '.', the chosen cell in brackets.
std::string draw_samegame_turn(const std::string& input, const std::optional<std::string>& output) {
    const std::vector<std::string> rows = split_lines(input);
    int chosen_x = -1, chosen_y = -1;
    if (output) {
        const std::vector<std::string> words = split_words(*output);
        if (words.size() >= 2) {
            try {
                chosen_x = std::stoi(words[0]);
                chosen_y = std::stoi(words[1]);
            } catch (const std::exception&) {
            }
        }
    }
    std::string text;
    const int height = static_cast<int>(rows.size());
    for (int i = 0; i < height; ++i) {
        const int y = height - 1 - i;
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", y);
        text += label;
        const std::vector<std::string> cells = split_words(rows[i]);
        for (int x = 0; x < static_cast<int>(cells.size()); ++x) {
            const std::string cell = cells[x] == "-1" ? "." : cells[x];
            const bool chosen = x == chosen_x && y == chosen_y;
            text += chosen ? "[" + cell + "]" : " " + cell + " ";
        }
        text += "\n";
    }
    text += "   ";
    for (int x = 0; x < 15; ++x) {
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", x);
        text += label;
    }
    return text + "  (x across, y up)\n";
}

}  // namespace arena::referee
