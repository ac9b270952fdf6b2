#include "referees/diceshogi/turn_text.hpp"

#include <vector>

#include "referees/common/turn_text.hpp"

namespace arena::referee {

// Dice Shogi: [id, 5,] 5 board lines (top = rank 1, left = file 5), both hands, die, last
// action, action count, actions.
std::string draw_diceshogi_turn(const std::string& input) {
    std::vector<std::string> lines = split_lines(input);
    std::size_t at = 0;
    if (lines.size() > 2 && lines[1] == "5" && (lines[0] == "0" || lines[0] == "1")) at = 2;
    if (lines.size() < at + 10) return input;
    std::string text = "     5  4  3  2  1   (files; ranks 1-5 down the left)\n";
    for (int rank = 1; rank <= 5; ++rank) {
        const std::string& line = lines[at + rank - 1];
        text += "  " + std::to_string(rank) + " ";
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '+' && i + 1 < line.size()) {
                text += " +" + std::string(1, line[++i]);
            } else {
                text += "  " + std::string(1, line[i]);
            }
        }
        text += "\n";
    }
    text += "  hand of player 0 (upper case): " + lines[at + 5] + "\n";
    text += "  hand of player 1 (lower case): " + lines[at + 6] + "\n";
    text += "  die: " + lines[at + 7] + "   last action: " + lines[at + 8] + "   " + lines[at + 9] +
            " action(s) offered\n";
    return text;
}

}  // namespace arena::referee
