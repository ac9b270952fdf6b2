// The gate in rounds (docs/gate.md, "Across machines"): one sequential test whose games are
// played in rounds of K = "round_pairs" seeds (a seat-swapped pair per opponent and seed), round R
// being the seeds R*K .. R*K+K-1 of the gate's seed sequence, whatever machines play it. The
// tests look at the results only at the end of each round (fixed look points), so a round split
// into shards over many machines and a one-machine run of the same outcomes give the same LLR at
// every look and the same verdict.
//
// A round's shard directory holds the round's tournament (its seeds only, so its game ids count
// from s0001 in each round) and OUT/gate-round.json: the stamp that ties it to its gate config
// (a hash of what decides the games), its round and its shard.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "arena/gate/config.hpp"
#include "arena/gate/versus_tracker.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::gate {

// The rounds of a gate whose config (`planned`: seeds as the gate plays them) has round_pairs K.
struct RoundPlan {
    std::size_t round_pairs = 0;  // K: seeds per round
    std::size_t rounds = 1;
    // Round R's seeds are seeds[first_seed(R) .. first_seed(R + 1)) of the planned config.
    std::size_t seeds = 0;
    std::size_t first_seed(std::size_t round) const;
};

// Versus gates with round_pairs: seeds drawn from a master seed are extended to whole rounds (a
// list of seeds keeps its length: its last round may be shorter). Returns the plan; `config`'s
// seeds are resized. Puzzles (no seeds): one round of every board.
RoundPlan plan_rounds(tournament::TournamentConfig& config, std::size_t round_pairs);

// The tournament of round R: the planned config with only that round's seeds (as a list, so that
// its config.json names them).
tournament::TournamentConfig round_config(const tournament::TournamentConfig& planned,
                                          const RoundPlan& plan, std::size_t round);

// The seed's number (counted from 0) of a seeded game's id ("s0012-a_vs_b" -> 11).
std::size_t seed_index_of(const std::string& game_id);

// What decides a gate's games (bots and their commands and limits, seeds, candidate, time, round
// size), as a SHA-256: round directories of one gate carry the same.
std::string gate_hash(const tournament::TournamentConfig& planned, const RoundPlan& plan);

// OUT/gate-round.json.
struct RoundStamp {
    std::string arena_version, gate_hash, config;  // config: the gate config file, as given
    std::size_t round = 0, rounds = 1, round_pairs = 0;
    tournament::Shard shard;
};
void write_round_stamp(const std::filesystem::path& dir, const RoundStamp& stamp);
// Throws GateError naming the directory (not a round directory, unreadable, fields missing).
RoundStamp read_round_stamp(const std::filesystem::path& dir);

// One machine, in rounds: takes the records as the runner finishes them (any order) and feeds
// each round to the tracker, in schedule order, once the round and every earlier one are whole;
// then looks. Returns true once the tracker knows the verdict.
class RoundFeeder {
  public:
    RoundFeeder(const std::vector<tournament::ScheduledGame>& schedule, const RoundPlan& plan,
                VersusTracker& tracker);
    bool add(const tournament::GameRecord& record);
    std::size_t rounds_judged() const { return next_; }

  private:
    std::vector<std::vector<std::string>> ids_;  // per round, in schedule order
    std::map<std::string, tournament::GameRecord> waiting_;
    std::size_t next_ = 0;
    RoundPlan plan_;
    VersusTracker& tracker_;
};

}  // namespace arena::gate
