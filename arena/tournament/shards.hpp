// One tournament played on many machines: shard I of N plays a fixed part of the schedule into a
// directory of its own, with a manifest saying which part; `arena merge` checks the manifests and
// joins the shards into the results of a one-machine run. The split depends only on the config
// (never on the host, the clock or the order games finish) and keeps every seat-swapped group in
// one shard, so a merged run pairs its games as a one-machine run does. See docs/cluster.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
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

// The games of `schedule` that `shard` plays, in schedule order: the seat-swapped groups (games
// sharing ScheduledGame::group) are dealt to the shards in turn, by their order of first
// appearance, so every shard gets about the same number of groups and each group stays whole.
std::vector<const ScheduledGame*> shard_games(const std::vector<ScheduledGame>& schedule,
                                              Shard shard);

// The manifest of a shard directory (OUT/manifest.json): what was asked of it, so that a merge can
// check that its shards belong to one run and that none is missing or there twice.
struct Manifest {
    std::string arena_version;
    std::string config_hash;  // SHA-256 of the effective config (the run's schedule and bots)
    Shard shard;
    std::map<std::string, BotIdentity> bots;  // each bot's identity (command, program hash)
    std::vector<std::string> games;           // the ids this shard owns, in schedule order
};

// A manifest that cannot be read, or shards that do not make one run. what() names the
// directory and the fault; the CLI exits 2.
struct ShardError : arena::Error {
    using arena::Error::Error;
};

// Written before the first game of a shard (and again on --resume: the same content).
void write_manifest(const std::filesystem::path& out, const Manifest& manifest);
// Throws ShardError (missing, not JSON, a field missing or of the wrong type).
Manifest read_manifest(const std::filesystem::path& dir);

// The manifest of shard `shard` of `config`'s run.
Manifest make_manifest(const TournamentConfig& config, Shard shard,
                       const std::vector<const ScheduledGame*>& games,
                       const std::map<std::string, BotIdentity>& identities);

}  // namespace arena::tournament
