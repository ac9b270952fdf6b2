#include "arena/tournament/shards.hpp"

#include <charconv>
#include <set>
#include <stdexcept>

#include "arena/common/files.hpp"
#include "arena/common/version.hpp"
#include "arena/match/match_log_json.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

bool parse_count(const std::string& text, std::size_t& value) {
    if (text.empty() || text.size() > 9) return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

Shard parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    Shard shard;
    if (slash == std::string::npos || !parse_count(text.substr(0, slash), shard.index) ||
        !parse_count(text.substr(slash + 1), shard.count))
        throw std::invalid_argument("'" + text +
                                    "' is not a shard: give I/N, shard I (counted from 0) of N, "
                                    "e.g. 0/4 ... 3/4");
    if (shard.count == 0)
        throw std::invalid_argument("'" + text + "': a run has at least 1 shard (N >= 1)");
    if (shard.index >= shard.count)
        throw std::invalid_argument(
            "'" + text + "': shards are counted from 0, so " + std::to_string(shard.count) +
            " shard(s) are 0/" + std::to_string(shard.count) + " to " +
            std::to_string(shard.count - 1) + "/" + std::to_string(shard.count));
    return shard;
}

std::string to_string(Shard shard) {
    return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

std::vector<const ScheduledGame*> shard_games(const std::vector<ScheduledGame>& schedule,
                                              Shard shard) {
    std::vector<const ScheduledGame*> games;
    std::map<std::string, std::size_t> group_number;  // by order of first appearance
    for (const ScheduledGame& game : schedule) {
        const auto [it, added] = group_number.emplace(game.group, group_number.size());
        if (it->second % shard.count == shard.index) games.push_back(&game);
    }
    return games;
}

// Placeholder implementations: the shards engineer completes and checks them.
Manifest make_manifest(const TournamentConfig& config, Shard shard,
                       const std::vector<const ScheduledGame*>& games,
                       const std::map<std::string, BotIdentity>& identities) {
    (void)config;
    Manifest manifest;
    manifest.arena_version = kArenaVersion;
    manifest.shard = shard;
    manifest.bots = identities;
    for (const ScheduledGame* game : games) manifest.games.push_back(game->id);
    return manifest;
}

void write_manifest(const fs::path& out, const Manifest& manifest) {
    nlohmann::ordered_json json = {{"arena_version", manifest.arena_version},
                                   {"config_hash", manifest.config_hash},
                                   {"shard", to_string(manifest.shard)},
                                   {"games", manifest.games}};
    files::write_atomically(out / "manifest.json", match::dump_json(json, 2) + "\n");
}

Manifest read_manifest(const fs::path& dir) {
    throw ShardError("'" + (dir / "manifest.json").string() + "': not read yet");
}

}  // namespace arena::tournament
