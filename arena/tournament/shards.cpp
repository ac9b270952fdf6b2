#include "arena/tournament/shards.hpp"

#include <fstream>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/version.hpp"
#include "arena/match/match_log_json.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// A count as people and scripts write it: digits only, no sign, no leading zero ("01" is refused:
// the shard's name would not be the one its directory and manifest use).
bool is_count(const std::string& text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
           !(text.size() > 1 && text[0] == '0');
}

// More shards than games would leave shards with nothing to play.
constexpr std::uint64_t kMaxShards = kMaxGames;

}  // namespace

Shard parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    const std::string index = slash == std::string::npos ? "" : text.substr(0, slash);
    const std::string count = slash == std::string::npos ? "" : text.substr(slash + 1);
    if (!is_count(index) || !is_count(count))
        throw std::invalid_argument("'" + text +
                                    "' is not a shard: give I/N, shard I (counted from 0) of N, "
                                    "e.g. 0/4 ... 3/4");
    // Beyond 8 digits a count is above the limit (and may not fit 64 bits).
    const auto value = [](const std::string& digits) {
        return digits.size() > 8 ? kMaxShards + 1 : std::stoull(digits);
    };
    const std::uint64_t i = value(index), n = value(count);
    if (n > kMaxShards)
        throw std::invalid_argument("'" + text + "': a run has at most " +
                                    std::to_string(kMaxShards) + " shards (as many as its most " +
                                    "games): give N from 1 to " + std::to_string(kMaxShards));
    Shard shard{static_cast<std::size_t>(i), static_cast<std::size_t>(n)};
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
    const std::vector<std::size_t> shards = shard_of_each(schedule, shard.count);
    for (std::size_t i = 0; i < schedule.size(); ++i)
        if (shards[i] == shard.index) games.push_back(&schedule[i]);
    return games;
}

std::vector<std::size_t> shard_of_each(const std::vector<ScheduledGame>& schedule,
                                       std::size_t count) {
    std::vector<std::size_t> shards;
    shards.reserve(schedule.size());
    std::unordered_map<std::string, std::size_t> group_number;  // by order of first appearance
    for (const ScheduledGame& game : schedule) {
        const auto [it, added] = group_number.emplace(game.group, group_number.size());
        shards.push_back(it->second % count);
    }
    return shards;
}

std::string config_hash(const TournamentConfig& config) {
    nlohmann::ordered_json effective = effective_config(config, RunOptions{});
    effective.erase("concurrency");
    effective.erase("out");
    return sha256_hex(match::dump_json(effective));
}

Manifest make_manifest(const TournamentConfig& config, Shard shard,
                       const std::vector<const ScheduledGame*>& games,
                       const std::map<std::string, BotIdentity>& identities) {
    Manifest manifest;
    manifest.arena_version = kArenaVersion;
    manifest.config_hash = config_hash(config);
    manifest.shard = shard;
    manifest.bots = identities;
    for (const ScheduledGame* game : games) manifest.games.push_back(game->id);
    manifest.game_count = manifest.games.size();
    return manifest;
}

void write_manifest(const fs::path& out, const Manifest& manifest) {
    nlohmann::ordered_json head = {{"arena_version", manifest.arena_version},
                                   {"config_hash", manifest.config_hash},
                                   {"shard", to_string(manifest.shard)}};
    if (!manifest.merged_from.empty()) head["merged_from"] = manifest.merged_from;
    nlohmann::ordered_json bots = nlohmann::ordered_json::object();
    for (const auto& [name, identity] : manifest.bots) bots[name] = to_json(identity);
    head["bots"] = bots;
    head["game_count"] = manifest.games.size();
    // The head as JSON, then the ids one a line: no second copy of a long list in memory.
    std::string text = match::dump_json(head, 2);
    text.pop_back();  // the closing brace
    while (!text.empty() && text.back() == '\n') text.pop_back();
    text += ",\n  \"games\": [";
    for (std::size_t i = 0; i < manifest.games.size(); ++i)
        text += (i ? ",\n    " : "\n    ") + nlohmann::json(manifest.games[i]).dump();
    text += manifest.games.empty() ? "]\n}\n" : "\n  ]\n}\n";
    files::write_atomically(out / "manifest.json", text);
}

bool has_manifest(const fs::path& dir) {
    return fs::exists(dir / "manifest.json");
}

namespace {

// The ids of "games" are left out as they are parsed when they are not wanted.
nlohmann::json parse_manifest_file(const fs::path& file, bool with_games,
                                   std::size_t& skipped_games) {
    std::error_code missing;
    if (!std::filesystem::exists(file, missing))
        throw ShardError("'" + file.string() +
                         "' is missing or unreadable: is the directory a shard's, written by "
                         "`arena tournament CONFIG --shard I/N --out DIR`?");
    files::InputStream in(file, files::kManifestFile);
    bool in_games = false;
    const nlohmann::json::parser_callback_t skip_ids = [&](int depth,
                                                           nlohmann::json::parse_event_t event,
                                                           nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if (depth == 1 && event == Event::key) in_games = parsed == "games";
        if (in_games && depth == 2 && event == Event::value) {
            if (++skipped_games > kMaxGames)  // a run has no more: the memory stays bounded
                throw ShardError("'" + file.string() + "' lists over " + std::to_string(kMaxGames) +
                                 " games, more than a run can have: it is damaged; play the "
                                 "shard again into a new directory");
            return with_games;
        }
        return true;
    };
    try {
        return nlohmann::json::parse(in, skip_ids);
    } catch (const nlohmann::json::exception& e) {
        throw ShardError("'" + file.string() + "' is not a manifest (not JSON: " + e.what() +
                         "); play the shard again into a new directory");
    }
}

}  // namespace

std::string foreign_game_text(const fs::path& results, const std::string& id, Shard shard) {
    return "'" + results.string() + "': game '" + id + "' is not a game of shard " +
           to_string(shard) + " of the run: remove that line (it belongs to another shard's " +
           "directory)";
}

Manifest read_manifest(const fs::path& dir, bool with_games) {
    const fs::path file = dir / "manifest.json";
    std::size_t ids = 0;
    const nlohmann::json json = parse_manifest_file(file, with_games, ids);
    const auto fault = [&](const std::string& what) {
        return ShardError("'" + file.string() + "': " + what +
                          "; it was not written by arena, or was edited: play the shard again "
                          "into a new directory");
    };
    Manifest manifest;
    std::string field;
    try {
        field = "arena_version";
        manifest.arena_version = json.at(field).get<std::string>();
        field = "config_hash";
        manifest.config_hash = json.at(field).get<std::string>();
        field = "shard";
        manifest.shard = parse_shard(json.at(field).get<std::string>());
        field = "bots";
        for (const auto& [name, identity] : json.at(field).items())
            manifest.bots[name] = identity_from_json(identity);
        field = "merged_from";
        if (json.contains(field))
            manifest.merged_from = json[field].get<std::vector<std::string>>();
        field = "games";
        if (!json.at(field).is_array()) throw fault("field 'games' is not a list of game ids");
        if (with_games) manifest.games = json[field].get<std::vector<std::string>>();
        manifest.game_count = with_games ? manifest.games.size() : ids;
    } catch (const nlohmann::json::exception& e) {
        throw fault("field '" + field + "' is missing or not of its type (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw fault("field 'shard': " + std::string(e.what()));
    }
    if (manifest.config_hash.size() != 64) throw fault("field 'config_hash' is not a SHA-256");
    return manifest;
}

std::optional<Shard> shard_to_resume(const fs::path& dir, std::optional<Shard> asked,
                                     const std::string& hash_now,
                                     const std::string& resume_command) {
    if (!has_manifest(dir)) {
        if (asked && holds_results(dir))
            throw ShardError("'" + dir.string() +
                             "' holds a whole run (no manifest.json), not a shard: resume it "
                             "without --shard, or play shard " +
                             to_string(*asked) + " into a directory of its own");
        return asked;
    }
    const Manifest manifest = read_manifest(dir, false);
    const std::string where = "'" + dir.string() + "' is shard " + to_string(manifest.shard);
    if (!manifest.merged_from.empty()) {
        if (asked)
            throw ShardError("'" + dir.string() + "' holds a merge of " +
                             std::to_string(manifest.merged_from.size()) +
                             " shards, not a shard: resume it without --shard");
        // A merged run is the whole run: it goes on as one, as a run played on one machine does,
        // also with another config (a new bot, more seeds) or arena version. Its manifest then
        // no longer describes it, and goes: nothing reads it but merge and standings, which
        // take the directory as a whole run without it.
        if (manifest.config_hash != hash_now || manifest.arena_version != kArenaVersion)
            fs::remove(dir / "manifest.json");
        return std::nullopt;
    }
    if (asked && *asked != manifest.shard)
        throw ShardError(where + ", not " + to_string(*asked) +
                         ": a shard directory goes on with its own shard: " + resume_command +
                         ", or play shard " + to_string(*asked) + " into another directory");
    if (manifest.arena_version != kArenaVersion)
        throw ShardError(where + " of a run played by arena " + manifest.arena_version +
                         ", this is arena " + kArenaVersion +
                         ": every shard of a run must be played by one arena version; go on with "
                         "arena " +
                         manifest.arena_version + ", or play the run again");
    if (manifest.config_hash != hash_now)
        throw ShardError(
            where + " of another config (config hash " + manifest.config_hash.substr(0, 12) +
            " in its manifest, " + hash_now.substr(0, 12) +
            " now): a shard goes on only with the config (and --games) it was started with, "
            "as its other shards are played; go on with the run as it was: " +
            resume_command);
    return manifest.shard;
}

}  // namespace arena::tournament
