// `arena merge` and `arena standings` of shard directories: the checks that N directories are the
// N shards of one run (shards.hpp), and their join into one directory whose results.jsonl is that
// of a one-machine run of the same schedule (every line in schedule order). The shards'
// directories are only read. Memory: the schedule, then a few bytes per game (where each line
// is), never the records.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "arena/tournament/config.hpp"
#include "arena/tournament/shards.hpp"

namespace arena::tournament {

struct ShardDirectory {
    std::filesystem::path dir;
    Manifest manifest;  // read without its game ids
};

inline constexpr std::size_t kListedMissingShards = 8;

// Directories that are shards of one run, checked, sorted by shard index.
struct ShardSet {
    std::vector<ShardDirectory> shards;
    std::size_t count = 0;  // N
    // Shard indices not given (only when allowed): the first kListedMissingShards of them, and
    // how many in all (N may be millions: a message names a few).
    std::vector<std::size_t> missing;
    std::size_t missing_count = 0;
    TournamentConfig config;             // the run's config (the first shard's config.json)
    nlohmann::ordered_json config_json;  // that file as it is
};

// "shard 1/4, shard 3/4" and, past the listed ones, "and N more": the missing shards of `set`.
std::string missing_shards_text(const ShardSet& set);

// Reads each directory's manifest and checks that they make one run: same arena version, same
// config hash, same N, each shard once, bots of the same identities, each config.json the one its
// manifest was made of. Missing shards are refused unless `allow_missing`. Throws ShardError
// naming the directory and the fault. `program` is how the user ran arena, for the commands the
// messages give.
ShardSet check_shards(const std::vector<std::filesystem::path>& dirs, bool allow_missing,
                      const std::string& program);

// Where a game's line is: its place in the schedule and in its shard's results.jsonl.
struct LinePlace {
    std::uint32_t schedule_index;
    std::uint32_t shard;  // index into ShardSet::shards
    std::uint64_t offset;
};

// Progress for long merges: called every few seconds with what is done, e.g. "read 120000 of
// 1000000 games".
using MergeProgress = std::function<void(const std::string&)>;

// Reads every shard's results.jsonl (each line checked as a record of the run, and as a game of
// that shard) and returns where each game's line is, in schedule order. A shard lacking games
// is refused (ShardError naming the shard, how many games it lacks, and the command that plays
// them: `arena tournament --resume --out DIR`). A repeated line counts once; a last line cut
// short is left out (its game is missing).
std::vector<LinePlace> index_games(const ShardSet& set, const std::string& program,
                                   const MergeProgress& progress);

// The logs a merge could not bring along: games whose results line names a log that is not in
// their shard (removed, never copied back from the machine that played it).
struct MissingLogs {
    std::size_t count = 0;
    std::filesystem::path first;  // the first of them, in its shard
};

// Writes OUT/config.json, OUT/results.jsonl (the lines of `places`, in that order), OUT/games/
// (each record's log hard-linked, else copied, at the same relative path; a log that is not there
// is left out and counted) and OUT/manifest.json (shard 0/1, merged_from the shards). OUT must
// not hold results (RunError); the caller holds its RunLock.
MissingLogs write_merge(const ShardSet& set, const std::vector<LinePlace>& places,
                        const std::filesystem::path& out, const MergeProgress& progress);

}  // namespace arena::tournament
