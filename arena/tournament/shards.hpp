// One tournament played on many machines: shard I of N plays a fixed part of the schedule into a
// directory of its own, with a manifest saying which part; `arena merge` checks the manifests and
// joins the shards into the results of a one-machine run. The split depends only on the config
// (never on the host, the clock or the order games finish) and keeps every seat-swapped group in
// one shard, so a merged run pairs its games as a one-machine run does. See docs/cluster.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::tournament {

// "I/N" from the command line, e.g. "2/4". Throws std::invalid_argument saying what is wrong and
// what is allowed ("shard 3/3: the index counts from 0, so 3 shards are 0/3, 1/3 and 2/3").
Shard parse_shard(const std::string& text);
std::string to_string(Shard shard);  // "2/4"

// What to say of a line of `results` (a shard's results.jsonl) whose game `id` is not one of
// `shard`'s: a shard's directory holds its own games only (standings, merge and --resume refuse
// another's, which would be counted twice).
std::string foreign_game_text(const std::filesystem::path& results, const std::string& id,
                              Shard shard);

// The games of `schedule` that `shard` plays, in schedule order: the seat-swapped groups (games
// sharing ScheduledGame::group) are dealt to the shards in turn, by their order of first
// appearance, so every shard gets about the same number of groups and each group stays whole.
std::vector<const ScheduledGame*> shard_games(const std::vector<ScheduledGame>& schedule,
                                              Shard shard);

// The shard of each game of `schedule` (same order), as shard_games deals them among `count`.
std::vector<std::size_t> shard_of_each(const std::vector<ScheduledGame>& schedule,
                                       std::size_t count);

// The run's identity for shards: SHA-256 (hex) of its effective config (runner.hpp) without
// "concurrency" and "out", which do not change the games. Same config and --games, same hash.
std::string config_hash(const TournamentConfig& config);

// The manifest of a shard directory (OUT/manifest.json): what was asked of it, so that a merge can
// check that its shards belong to one run and that none is missing or there twice. A merged
// directory has one too: shard 0/1 (the whole run) and `merged_from` its shards' directories.
struct Manifest {
    std::string arena_version;
    std::string config_hash;  // config_hash(): the run's schedule and bots
    Shard shard;
    std::map<std::string, BotIdentity> bots;  // each bot's identity (command, program hash)
    std::vector<std::string> games;           // the ids this shard owns, in schedule order
    std::size_t game_count = 0;               // games.size(), also when the ids were not read
    std::vector<std::string> merged_from;     // `arena merge`: the shards' directories, by index
};

// A manifest that cannot be read, or shards that do not make one run. what() names the
// directory and the fault; the CLI exits 2.
struct ShardError : arena::Error {
    using arena::Error::Error;
};

// Written before the first game of a shard (and again on --resume: the same content). The game ids
// are streamed to the file, one a line (a merged run's manifest lists every game).
void write_manifest(const std::filesystem::path& out, const Manifest& manifest);
// Throws ShardError naming the file and the fault (missing, not JSON, a field missing or of the
// wrong type). Without `with_games` the ids are skipped as they are read (only game_count is
// set): a check of a million-game run's manifests holds none of its ids.
Manifest read_manifest(const std::filesystem::path& dir, bool with_games = true);
bool has_manifest(const std::filesystem::path& dir);

// The manifest of shard `shard` of `config`'s run.
Manifest make_manifest(const TournamentConfig& config, Shard shard,
                       const std::vector<const ScheduledGame*>& games,
                       const std::map<std::string, BotIdentity>& identities);

// `arena tournament --resume --out DIR` on a shard directory: the shard it continues. `asked` is
// --shard (nullopt: DIR's manifest says), `hash_now` the config_hash of the config as it will
// run. Throws ShardError (what differs and what to do; `resume_command` is the command that goes
// on with DIR as it was) for another shard, another config or another arena version. A directory
// without a manifest but with results is a whole run, not a shard: refused when `asked`. A
// merged directory (`arena merge`) goes on as a whole run: nullopt; with another config or arena
// version its manifest, which no longer describes it, is removed.
std::optional<Shard> shard_to_resume(const std::filesystem::path& dir, std::optional<Shard> asked,
                                     const std::string& hash_now,
                                     const std::string& resume_command);

}  // namespace arena::tournament
