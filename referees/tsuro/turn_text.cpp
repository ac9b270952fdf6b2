#include "referees/tsuro/turn_text.hpp"

#include <cstdio>
#include <sstream>

namespace arena::referee {

// Tsuro: the referee's state text "turn T deck D board r0c0,r0c1,.../... | $0 in c,r,i start S
// hand ... score N | ...": the 6x6 board with each tile as <id>r<rotation>, then the players.
std::string draw_tsuro_turn(const std::string& state, const std::string& input) {
    const std::size_t board_at = state.find(" board ");
    if (board_at == std::string::npos) return input;
    const std::size_t players_at = state.find(" | ", board_at);
    const std::string board = state.substr(board_at + 7, players_at - board_at - 7);
    std::string text = "        0      1      2      3      4      5   (col; tile id r rotation)\n";
    std::istringstream rows(board);
    int row = 0;
    for (std::string line; std::getline(rows, line, '/'); ++row) {
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", row);
        text += label;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) {
            char padded[16];
            std::snprintf(padded, sizeof padded, "%7s", cell.c_str());
            text += padded;
        }
        text += "\n";
    }
    text += "  " + state.substr(0, board_at) + "\n";
    if (players_at != std::string::npos) {
        std::string players = state.substr(players_at + 3);
        std::size_t start = 0;
        while (start < players.size()) {
            std::size_t end = players.find(" | ", start);
            if (end == std::string::npos) end = players.size();
            text += "  player " + players.substr(start + 1, end - start - 1) + "\n";
            start = end + 3;
        }
    }
    return text;
}

}  // namespace arena::referee
