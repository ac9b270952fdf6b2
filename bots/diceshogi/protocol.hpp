// Dice Shogi turn input, as the referee writes it (shared spec §3.1-3.2), for the sample bots.
//
// First turn only: the bot's id (0 or 1) and the board size (5). Every turn: 5 board lines (top
// first, promoted pieces as "+p"), player 0's hand, player 1's hand ("-" when empty), the die
// (1-6), the opponent's last action ("none" on player 0's first turn), the number of actions and
// the actions, one a line, already filtered by the die and in random order.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "minishogi.hpp"

namespace diceshogi {

using Clock = std::chrono::steady_clock;

struct TurnInput {
    int id = 0;                       // this bot's player index (0 moves first, upper case)
    int turn = 0;                     // 0 for this bot's first turn, then 1, 2, ...
    Clock::time_point received;       // when the turn's first line arrived
    std::array<std::string, 5> rows;  // board, top line first
    std::string hand0, hand1;         // player 0's and player 1's hands
    int die = 6;
    std::string last_action;
    std::vector<std::string> actions;

    // Plies played before this one (player 0 plays plies 0, 2, 4, ...).
    int plies_before() const { return 2 * turn + id; }
};

inline std::string trim(std::string s) {
    auto is_space = [](unsigned char c) { return c <= ' '; };
    while (!s.empty() && is_space(s.back())) s.pop_back();
    size_t start = 0;
    while (start < s.size() && is_space(s[start])) ++start;
    return s.substr(start);
}

inline bool equals_ignore_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// Reads one turn after another from a stream; remembers the id sent on the first turn.
class TurnReader {
  public:
    explicit TurnReader(std::istream& in) : in_(in) {}

    // False on end of input or on input that does not follow the protocol.
    bool read(TurnInput& t) {
        std::string line;
        if (!next(line)) return false;
        t.received = Clock::now();
        if (turn_ == 0) {
            id_ = std::atoi(line.c_str());
            if (!next(line)) return false;  // board size, always 5
            if (!next(line)) return false;
        }
        t.id = id_;
        t.turn = turn_++;
        t.rows[0] = line;
        for (int i = 1; i < 5; ++i)
            if (!next(t.rows[i])) return false;
        std::string die, count;
        if (!next(t.hand0) || !next(t.hand1) || !next(die) || !next(t.last_action) || !next(count))
            return false;
        t.die = std::atoi(die.c_str());
        const int n = std::atoi(count.c_str());
        if (n <= 0) return false;
        t.actions.assign(n, "");
        for (auto& a : t.actions)
            if (!next(a)) return false;
        return true;
    }

  private:
    std::istream& in_;
    int turn_ = 0;
    int id_ = 0;

    bool next(std::string& line) {
        if (!std::getline(in_, line)) return false;
        line = trim(line);
        return true;
    }
};

// An offered action and the engine's move for it.
struct Offered {
    std::string action;  // exactly as the referee wrote it
    Move move;
};

// The position of a turn, with this bot to move.
inline std::optional<Position> position_of(const TurnInput& t) {
    return Position::from_turn(t.rows, t.hand0, t.hand1, t.id == 0 ? kBlack : kWhite);
}

// Pairs each offered action with the engine's legal move of the same notation (case-insensitive,
// as the referee compares). Actions the engine does not know are left out and listed in unknown.
inline std::vector<Offered> match_offered(Position& pos, const std::vector<std::string>& actions,
                                          std::vector<std::string>* unknown = nullptr) {
    MoveList legal;
    pos.generate_legal(legal);
    std::vector<Offered> result;
    for (const std::string& a : actions) {
        bool found = false;
        for (Move m : legal) {
            if (equals_ignore_case(pos.action(m), a)) {
                result.push_back({a, m});
                found = true;
                break;
            }
        }
        if (!found && unknown) unknown->push_back(a);
    }
    return result;
}

// Writes the answer line and flushes (the referee waits for the newline).
inline void answer(const std::string& action) {
    std::cout << action << '\n' << std::flush;
}

inline long long parse_number(const char* text, const char* option) {
    char* end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (!text[0] || *end) {
        std::cerr << "bad number for " << option << ": " << text << '\n';
        std::exit(2);
    }
    return v;
}

}  // namespace diceshogi
