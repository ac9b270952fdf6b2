// The games of a league: each table the matchmaker chooses is one seat-fair group, numbered in
// the order groups are made (m000001, m000002, ...) and played on a seed of its own drawn from
// the league's master seed: 2 players in both seat orders, 3 in all 6 seat orders, 4 in the 4
// rotations of the table (each bot once in each seat). A puzzle's games: each bot on each board
// once. A group cut short (the arena killed between its games) is completed before anything new.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arena/tournament/record.hpp"

namespace arena::league {

struct LeagueGame {
    std::string id;     // m000017-alpha_vs_beta; test06-alpha for a board
    std::string group;  // m000017; test06
    std::optional<std::int64_t> seed;
    std::optional<std::size_t> board;  // index into the config's test cases (a puzzle)
    std::vector<std::string> players;  // by seat
};

std::string group_name(std::size_t number);
// The number of a group named by group_name; nullopt for any other name.
std::optional<std::size_t> group_number(const std::string& group);
std::int64_t group_seed(std::int64_t master_seed, std::size_t number);

// Every seat order a table is played in (see above), the table's own first.
std::vector<std::vector<std::string>> seat_orders(const std::vector<std::string>& table);

// The games of table `table` as group `number`.
std::vector<LeagueGame> group_games(const std::vector<std::string>& table, std::size_t number,
                                    std::int64_t master_seed);

// The groups already in results.jsonl: their seed and the seat orders played.
struct PlayedGroup {
    std::optional<std::int64_t> seed;
    std::set<std::vector<std::string>> orders;
    std::vector<std::string> first;  // the first order recorded
};
class PlayedGroups {
  public:
    void add(const tournament::GameRecord& record);
    // The next free group number.
    std::size_t next_number() const { return last_ + 1; }
    // The games of the groups not complete whose bots are all in `active`.
    std::vector<LeagueGame> missing(const std::set<std::string>& active) const;

  private:
    std::map<std::string, PlayedGroup> groups_;
    std::size_t last_ = 0;
};

// A puzzle: `bot`'s game on board `board` named `board_name`.
LeagueGame board_game(const std::string& bot, std::size_t board, const std::string& board_name);

}  // namespace arena::league
