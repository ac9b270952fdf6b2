// The games a config asks for, in a fixed order (same config, same schedule), computed game by game
// from a game's place in the schedule: a run of a million games holds no list of them (issue 17:
// flat cost). make_schedule (runner.hpp: the list, about 200 bytes a game) lists these games.
//   SameGame: board-major, every bot on every board.
//   Seeded games: seed-major; for each seed, each group of players_per_game bots (all of them,
//   or those with the candidate in a gauntlet), each repeat, each seat order (all permutations
//   or rotations). After any prefix every pairing has played about as often, seats balanced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"  // Shard, ScheduledGame, make_schedule (the list)

namespace arena::tournament {

// The schedule of a config without its list: what it holds grows with the bots and the seat
// orders of one seed, never with the seeds or boards. It refers to `config`, which must outlive
// it. Game ids are assumed distinct (read_config refuses configs whose bot names would clash).
class Schedule {
  public:
    explicit Schedule(const TournamentConfig& config);

    std::size_t size() const { return size_; }
    ScheduledGame game(std::size_t index) const;
    std::string id(std::size_t index) const;
    // The place of the game with this id, or nullopt when no game of the schedule has it.
    std::optional<std::size_t> find(std::string_view id) const;

    // Seat-swapped groups (ScheduledGame::group): each is `group_size()` games in a row, so game
    // `index` is in group index / group_size(), groups numbered by their order in the schedule.
    std::size_t group_size() const { return group_size_; }
    std::size_t group_count() const { return group_size_ ? size_ / group_size_ : 0; }

    // Shards deal the groups in turn (shards.hpp's shard_games): group g to shard g % count.
    std::size_t shard_of(std::size_t index, std::size_t count) const;
    std::size_t shard_size(Shard shard) const;
    // The place in the schedule of the `nth` game of `shard` (nth < shard_size(shard)), and back.
    std::size_t shard_game(Shard shard, std::size_t nth) const;
    std::size_t place_in_shard(std::size_t index, std::size_t count) const;

  private:
    std::string seeded_name(std::size_t seed, const std::vector<std::size_t>& members,
                            std::size_t order, std::size_t repeat) const;
    std::string board_id(std::size_t board, std::size_t bot) const;

    const TournamentConfig* config_;
    std::vector<std::string> bot_parts_;  // id_part of each bot's name
    std::size_t size_ = 0;
    std::size_t group_size_ = 1;
    // Seeded games: the groups of bots, and the seat orders as positions in a group.
    std::vector<std::vector<std::size_t>> groups_;
    std::vector<std::vector<std::size_t>> orders_;
    std::size_t per_seed_ = 0;
    // find(): seeded games by the id without its seed tag ("-a_vs_b-r2"), SameGame by the parts.
    std::unordered_map<std::string, std::size_t> in_seed_;
    std::unordered_map<std::string, std::size_t> board_parts_, bot_index_;
};

}  // namespace arena::tournament
