// Seat-swapped pairs: the one rule that pairs games for the pentanomial counts, used by the
// standings and by the gate, for any table size. Two games are twins for two of their bots when
// they belong to the same group (same seed, same bots, same repeat: games that differ only by
// seat order) and one is the other with those two bots' seats swapped. A pair of twins cancels
// most of the seats' advantage (who moves first, which tile comes to whom), which is why the
// pentanomial test needs so many fewer games than single games.
// A 2-player group has one pair of twins; a 3-player group with every seat order has 6 games and
// 3 pairs for each two of its bots; rotations (3-4 players) have no twins at all.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "arena/tournament/record.hpp"

namespace arena::report {

// Two twin games, from `bot`'s side against `other`: its score in each (ratings::rank_score).
struct SeatSwappedPair {
    std::string bot, other;
    double score = 0;       // in the game just added
    double twin_score = 0;  // in its twin, added earlier
    std::string game_id, twin_id;
};

// Fed the games one at a time (in any order: a pair is complete when its second game comes),
// it answers the pairs each game completes.
class SeatSwapPairing {
  public:
    // The pairs `record` completes, for every two of its seats i < j whose swapped game was added
    // before: from the side of the bot in seat i. A game without a group pairs with nothing
    // (older records: nothing says which games differ only by seat order).
    std::vector<SeatSwappedPair> add(const tournament::GameRecord& record);

  private:
    struct Seen {
        std::vector<int> ranks;
        std::string id;
    };
    // group -> players in seat order -> that game's ranks: finds each game's seat-swapped twin.
    std::map<std::string, std::map<std::vector<std::string>, Seen>> seen_;
};

// Every pair of twins among `records`, fed in their order.
std::vector<SeatSwappedPair> seat_swapped_pairs(const std::vector<tournament::GameRecord>& records);

}  // namespace arena::report
