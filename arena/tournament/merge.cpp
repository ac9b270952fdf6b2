#include "arena/tournament/merge.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <system_error>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/resume.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/schedule.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& dir) {
    // Appended piece by piece: "'" + std::string trips a false -Wrestrict warning in GCC 12.
    std::string text = "'";
    text += dir.string();
    text += "'";
    return text;
}

// Calls `progress` at most every few seconds.
class Throttle {
  public:
    explicit Throttle(const MergeProgress& progress) : progress_(progress) {}
    void say(const std::function<std::string()>& text) {
        if (!progress_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now < next_) return;
        next_ = now + std::chrono::seconds(3);
        progress_(text());
    }

  private:
    const MergeProgress& progress_;
    std::chrono::steady_clock::time_point next_ =
        std::chrono::steady_clock::now() + std::chrono::seconds(3);
};

// A config.json value for people: a text in quotes, a long list cut.
std::string value_text(const nlohmann::json& value) {
    if (value.is_null()) return "(none)";
    if (value.is_string()) {
        std::string text = "'";  // piece by piece, as in quoted()
        text += value.get<std::string>();
        return text += "'";
    }
    std::string text = value.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return text;
}

void field_differences(const std::string& path, const nlohmann::json& x, const nlohmann::json& y,
                       const std::string& a, const std::string& b, std::vector<std::string>& out);
bool seed_count_difference(const nlohmann::json& first, const nlohmann::json& other,
                           const std::string& a, const std::string& b,
                           std::vector<std::string>& out);

// The bots of a config.json by name.
std::map<std::string, nlohmann::json> bots_by_name(const nlohmann::json& config) {
    std::map<std::string, nlohmann::json> bots;
    for (const nlohmann::json& bot : config.value("bots", nlohmann::json::array()))
        if (bot.is_object()) bots[bot.value("name", "")] = bot;
    return bots;
}

// Bot by bot (by name): the bots only in one config, and each field that differs.
void bot_differences(const nlohmann::json& first, const nlohmann::json& other, const std::string& a,
                     const std::string& b, std::vector<std::string>& out) {
    const auto bots_a = bots_by_name(first), bots_b = bots_by_name(other);
    for (const auto& [name, bot] : bots_a) {
        const auto it = bots_b.find(name);
        if (it == bots_b.end()) {
            out.push_back("bot '" + name + "' plays in " + a + " but not in " + b);
            continue;
        }
        std::vector<std::string> fields;
        field_differences("", bot, it->second, a, b, fields);
        for (const std::string& field : fields) out.push_back("bot '" + name + "': " + field);
    }
    for (const auto& [name, bot] : bots_b)
        if (!bots_a.count(name))
            out.push_back("bot '" + name + "' plays in " + b + " but not in " + a);
    std::vector<std::string> order_a, order_b;
    for (const nlohmann::json& bot : first.value("bots", nlohmann::json::array()))
        order_a.push_back(bot.value("name", ""));
    for (const nlohmann::json& bot : other.value("bots", nlohmann::json::array()))
        order_b.push_back(bot.value("name", ""));
    if (out.empty() && order_a != order_b)
        out.push_back("bots: listed in another order in " + b + " than in " + a +
                      " (the order sets the seats and the game ids)");
}

// Seeds drawn from one master: one run of more seeds than the other, said as such.
bool seed_count_difference(const nlohmann::json& first, const nlohmann::json& other,
                           const std::string& a, const std::string& b,
                           std::vector<std::string>& out) {
    const nlohmann::json& x = first["seeds"];
    const nlohmann::json& y = other["seeds"];
    if (!x.is_object() || !y.is_object() ||
        x.value("master", nlohmann::json()) != y.value("master", nlohmann::json()))
        return false;
    const std::size_t count_a = x.value("count", 0u), count_b = y.value("count", 0u);
    const std::string& more = count_a < count_b ? b : a;
    out.push_back(more + " adds seeds " + std::to_string(std::min(count_a, count_b) + 1) + " to " +
                  std::to_string(std::max(count_a, count_b)));
    return true;
}

// Field by field (objects' fields by their path: "time.scale"), each value in each shard.
void field_differences(const std::string& path, const nlohmann::json& x, const nlohmann::json& y,
                       const std::string& a, const std::string& b, std::vector<std::string>& out) {
    nlohmann::json fields = x;
    fields.update(y);  // every field of either
    for (const auto& [field, ignored] : fields.items()) {
        if (path.empty() && (field == "bots" || field == "out" || field == "concurrency")) continue;
        const nlohmann::json value_a = x.value(field, nlohmann::json());
        const nlohmann::json value_b = y.value(field, nlohmann::json());
        if (value_a == value_b) continue;
        if (path.empty() && field == "seeds" && seed_count_difference(x, y, a, b, out)) continue;
        if (value_a.is_object() && value_b.is_object()) {
            field_differences(path + field + ".", value_a, value_b, a, b, out);
            continue;
        }
        out.push_back(path + field + ": " + value_text(value_a) + " in " + a + ", " +
                      value_text(value_b) + " in " + b);
    }
}

// What differs between the configs of two shards (`other` against `first`), for people: each
// field with its value in each shard, each bot by name ("bot 'x': command '...' in 'a', '...' in
// 'b'").
std::string config_differences(const fs::path& first, const fs::path& other) {
    std::vector<std::string> differences;
    try {
        const nlohmann::json x =
            nlohmann::json::parse(files::read_text(first / "config.json", files::kConfigFile));
        const nlohmann::json y =
            nlohmann::json::parse(files::read_text(other / "config.json", files::kConfigFile));
        bot_differences(x, y, quoted(first), quoted(other), differences);
        field_differences("", x, y, quoted(first), quoted(other), differences);
    } catch (const std::exception& e) {
        return "\n  - (a config.json cannot be read: " + std::string(e.what()) + ")";
    }
    if (differences.empty())
        return "\n  - no field of their config.json differs: compare the two files";
    std::string text;
    for (const std::string& d : differences) text += "\n  - " + d;
    return text;
}

// `other` against the first shard given: one arena version, one config, one N, one set of bots.
void check_same_run(const ShardDirectory& first, const ShardDirectory& other) {
    const Manifest& a = first.manifest;
    const Manifest& b = other.manifest;
    const std::string pair = quoted(other.dir) + " and " + quoted(first.dir);
    if (a.arena_version != b.arena_version)
        throw ShardError(pair + " were played by different arena versions (" + b.arena_version +
                         " and " + a.arena_version +
                         "): their games cannot be merged; play every shard of a run with one "
                         "arena version");
    if (a.config_hash != b.config_hash)
        throw ShardError(pair + " are shards of different runs (config hash " +
                         b.config_hash.substr(0, 12) + " and " + a.config_hash.substr(0, 12) +
                         "); play every shard with the same config and --games. What differs:" +
                         config_differences(first.dir, other.dir));
    if (a.shard.count != b.shard.count)
        throw ShardError(pair + " split the run differently: shard " + to_string(b.shard) +
                         " and shard " + to_string(a.shard) +
                         "; give the N directories of one --shard I/N split");
    // Every bot whose program differs, not only the first.
    std::vector<std::string> names;
    std::string changes;
    for (const auto& [name, identity] : a.bots) {
        auto it = b.bots.find(name);
        if (it == b.bots.end() || it->second == identity) continue;
        names.push_back(name);
        for (const std::string& c : identity_changes(identity, it->second))
            changes += "\n  - bot '" + name + "': " + c;
    }
    if (names.empty()) return;
    std::string which, replace;
    for (std::size_t i = 0; i < names.size(); ++i) {
        which += i == 0 ? "'" : i + 1 == names.size() ? " and '" : ", '";
        which += names[i];
        which += "'";
        replace += " --replace " + names[i];
    }
    throw ShardError(pair + " were played by different versions of " +
                     (names.size() == 1 ? "bot " : "bots ") + which + ":" + changes +
                     "\n  Play every shard with the same bots (replay the shards of the older "
                     "version with `arena tournament --resume" +
                     replace + " --out DIR`)");
}

}  // namespace

std::string missing_shards_text(const ShardSet& set) {
    std::string text;
    for (std::size_t index : set.missing)
        text += (text.empty() ? "shard " : ", shard ") + to_string(Shard{index, set.count});
    if (set.missing_count > set.missing.size())
        text += " and " + std::to_string(set.missing_count - set.missing.size()) + " more";
    return text;
}

namespace {

void check_shard_indices(ShardSet& set, bool allow_missing, const std::string& program) {
    std::sort(set.shards.begin(), set.shards.end(), [](const auto& x, const auto& y) {
        return x.manifest.shard.index < y.manifest.shard.index;
    });
    for (std::size_t i = 1; i < set.shards.size(); ++i) {
        if (set.shards[i].manifest.shard == set.shards[i - 1].manifest.shard)
            throw ShardError("shard " + to_string(set.shards[i].manifest.shard) +
                             " is given twice: " + quoted(set.shards[i - 1].dir) + " and " +
                             quoted(set.shards[i].dir) + "; give each shard's directory once");
    }
    const auto add_missing = [&](std::size_t from, std::size_t to) {  // [from, to)
        set.missing_count += to - from;
        for (; from < to && set.missing.size() < kListedMissingShards; ++from)
            set.missing.push_back(from);
    };
    std::size_t next = 0;
    for (const ShardDirectory& s : set.shards) {
        add_missing(next, s.manifest.shard.index);
        next = s.manifest.shard.index + 1;
    }
    add_missing(next, set.count);
    if (set.missing_count == 0 || allow_missing) return;
    throw ShardError(
        missing_shards_text(set) + (set.missing_count == 1 ? " is" : " are") + " missing (" +
        std::to_string(set.shards.size()) + " of " + std::to_string(set.count) +
        " shards given): give every shard's directory; a shard not played yet is "
        "played by " +
        shell_command({program, "tournament", "CONFIG", "--shard",
                       to_string(Shard{set.missing.front(), set.count}), "--out", "DIR"}));
}

// Each shard's config.json is the config its manifest was made of (the file was not edited).
void check_configs(ShardSet& set) {
    for (const ShardDirectory& s : set.shards) {
        const fs::path file = s.dir / "config.json";
        if (!fs::exists(file))
            throw ShardError(quoted(file) +
                             " is missing: the shard's directory is incomplete; "
                             "play the shard again into a new directory");
        const TournamentConfig config = load_config(file);
        if (config_hash(config) != s.manifest.config_hash)
            throw ShardError(quoted(file) +
                             " is not the config its manifest was made of (config "
                             "hash " +
                             config_hash(config).substr(0, 12) + ", manifest " +
                             s.manifest.config_hash.substr(0, 12) +
                             "): was it edited? Put it back, or play the shard again");
        if (&s == &set.shards.front()) {
            set.config = config;
            set.config_json =
                nlohmann::ordered_json::parse(files::read_text(file, files::kConfigFile));
        }
    }
}

}  // namespace

ShardSet check_shards(const std::vector<fs::path>& dirs, bool allow_missing,
                      const std::string& program) {
    if (dirs.empty()) throw ShardError("no directory given: give the shards' directories");
    ShardSet set;
    for (const fs::path& dir : dirs) {
        if (!fs::is_directory(dir))
            throw ShardError(quoted(dir) +
                             " is not a directory: give the --out directories of "
                             "the shards");
        set.shards.push_back({dir, read_manifest(dir, false)});
    }
    for (std::size_t i = 1; i < set.shards.size(); ++i)
        check_same_run(set.shards.front(), set.shards[i]);
    set.count = set.shards.front().manifest.shard.count;
    check_shard_indices(set, allow_missing, program);
    check_configs(set);
    return set;
}

namespace {

std::string line_at(const fs::path& file, std::uint64_t offset) {
    files::InputFile in(file, files::kResultsFile);
    in.seek(offset);
    std::string line;
    in.read_line(line, files::kMaxResultsLineBytes);
    return line;
}

struct ShardScan {
    const ShardSet& set;
    const Schedule& schedule;  // computed game by game: no list of the games
    std::vector<bool>& present;
    std::vector<LinePlace>& places;
    std::size_t read = 0, total = 0;
    Throttle throttle;
};

// One shard's results.jsonl: each complete line checked and placed; returns the games found.
std::size_t scan_shard(ShardScan& scan, std::uint32_t s) {
    const ShardDirectory& shard = scan.set.shards[s];
    const fs::path file = shard.dir / "results.jsonl";
    std::error_code none;
    if (!fs::exists(file, none)) return 0;  // no game yet
    files::InputFile in(file, files::kResultsFile);
    const ResultsExpectations expected = expectations_of(scan.set.config);
    const auto fault = [&](std::size_t line, const std::string& what) {
        return ShardError(quoted(file) + " line " + std::to_string(line) + ": " + what);
    };
    std::size_t found = 0, number = 0;
    std::uint64_t offset = 0;
    bool cut = false;
    for (std::string line; in.read_line(line, files::kMaxResultsLineBytes, &cut);
         offset += line.size() + 1) {
        ++number;
        if (cut) break;  // a last line cut short: its game is missing
        std::string id;
        try {
            id = record_from_json(nlohmann::json::parse(line), expected).id;
        } catch (const std::exception& e) {
            throw fault(number, std::string(e.what()) +
                                    "; the shard's results are damaged: "
                                    "play the shard again into a new "
                                    "directory");
        }
        const std::optional<std::size_t> place = scan.schedule.find(id);
        if (!place || scan.schedule.shard_of(*place, scan.set.count) != shard.manifest.shard.index)
            throw fault(number, "game '" + id + "' is not a game of shard " +
                                    to_string(shard.manifest.shard) +
                                    " of the run; was the directory used for another run?");
        const std::size_t at = *place;
        if (scan.present[at]) {
            const auto earlier =
                std::find_if(scan.places.rbegin(), scan.places.rend(),
                             [&](const LinePlace& p) { return p.schedule_index == at; });
            if (line_at(file, earlier->offset) != line)
                throw fault(number, "game '" + id +
                                        "' is recorded twice, differently; keep one of its lines");
            continue;  // an exact repeat counts once, as the tournament reads it
        }
        scan.present[at] = true;
        scan.places.push_back({static_cast<std::uint32_t>(at), s, offset});
        ++found;
        ++scan.read;
        scan.throttle.say([&] {
            return "merge: read " + std::to_string(scan.read) + " of " +
                   std::to_string(scan.total) + " games";
        });
    }
    return found;
}

}  // namespace

std::vector<LinePlace> index_games(const ShardSet& set, const std::string& program,
                                   const MergeProgress& progress) {
    const Schedule schedule(set.config);
    std::vector<bool> present(schedule.size(), false);
    std::vector<LinePlace> places;
    std::vector<std::size_t> owned(set.count, 0);
    for (std::size_t i = 0; i < set.count; ++i) owned[i] = schedule.shard_size({i, set.count});
    std::size_t total = 0;
    for (const ShardDirectory& s : set.shards) total += owned[s.manifest.shard.index];
    places.reserve(total);
    ShardScan scan{set, schedule, present, places, 0, total, Throttle(progress)};
    std::string lacking;
    for (std::uint32_t s = 0; s < set.shards.size(); ++s) {
        const ShardDirectory& shard = set.shards[s];
        const std::size_t expected = owned[shard.manifest.shard.index];
        if (shard.manifest.game_count != expected)
            throw ShardError(quoted(shard.dir / "manifest.json") + " lists " +
                             std::to_string(shard.manifest.game_count) + " games but shard " +
                             to_string(shard.manifest.shard) + " of its config has " +
                             std::to_string(expected) + "; play the shard again");
        const std::size_t found = scan_shard(scan, s);
        if (found == expected) continue;
        const std::string writer = writer_of(shard.dir);
        lacking +=
            "\n  " + quoted(shard.dir) + " (shard " + to_string(shard.manifest.shard) + ") lacks " +
            std::to_string(expected - found) + " of its " + std::to_string(expected) + " games: " +
            (writer.empty() ? "play them with " + shell_command({program, "tournament", "--resume",
                                                                 "--out", shard.dir.string()})
                            : "it is being played by " + writer + ": wait for it to end");
    }
    if (!lacking.empty())
        throw ShardError("shards with games missing (interrupted, or still running):" + lacking +
                         "\n  then merge again");
    std::sort(places.begin(), places.end(), [](const LinePlace& a, const LinePlace& b) {
        return a.schedule_index < b.schedule_index;
    });
    return places;
}

namespace {

// A record's log at the same relative path in OUT: a hard link (the shard keeps its own), else a
// copy. A log not there (not kept, or removed) is left out; returns false then.
bool link_log(const fs::path& shard_dir, const fs::path& out, const std::string& log) {
    if (log.empty()) return true;
    // `log` is games/<id>.json[.zst], checked with its line (record_from_json); a link in its
    // place was planted: the log is missing.
    const fs::path from = shard_dir / log, to = out / log;
    std::error_code unknown;
    if (!fs::is_regular_file(fs::symlink_status(from, unknown))) return false;
    fs::create_directories(to.parent_path());
    std::error_code ignored;
    fs::remove(to, ignored);  // left by a merge that stopped midway
    std::error_code error;
    fs::create_hard_link(from, to, error);
    if (error) fs::copy_file(from, to, fs::copy_options::overwrite_existing);
    return true;
}

}  // namespace

MissingLogs write_merge(const ShardSet& set, const std::vector<LinePlace>& places,
                        const fs::path& out, const MergeProgress& progress) {
    refuse_earlier_results(out, "remove it to merge again");
    fs::create_directories(out / "games");
    nlohmann::ordered_json config = set.config_json;
    config["out"] = out.string();
    files::write_atomically(out / "config.json", match::dump_json(config, 2) + "\n");

    Manifest manifest = set.shards.front().manifest;
    manifest.shard = Shard{0, 1};
    for (const ShardDirectory& s : set.shards)
        manifest.merged_from.push_back(fs::absolute(s.dir).lexically_normal().string());
    manifest.games.reserve(places.size());

    // Written aside and renamed at the end: OUT never holds half a merge's results.
    const fs::path results = out / "results.jsonl";
    files::NewFile merged(results);
    std::vector<std::unique_ptr<files::InputFile>> shards;
    for (const ShardDirectory& s : set.shards)
        shards.push_back(
            std::make_unique<files::InputFile>(s.dir / "results.jsonl", files::kResultsFile));
    Throttle throttle(progress);
    std::size_t written = 0;
    MissingLogs missing;
    for (const LinePlace& place : places) {
        files::InputFile& in = *shards[place.shard];
        in.seek(place.offset);
        std::string line;
        in.read_line(line, files::kMaxResultsLineBytes);
        merged.write(line + '\n');
        const nlohmann::json record = nlohmann::json::parse(line);
        manifest.games.push_back(record.value("id", ""));
        const std::string log = record.value("log", "");
        // Checked when the shard was scanned; a file changed since is not trusted either.
        if (const std::string fault = log_path_fault(record.value("id", ""), log); !fault.empty())
            throw RunError(quoted(set.shards[place.shard].dir / "results.jsonl") +
                           " changed while merged: field 'log' " + fault + "; merge again");
        if (!link_log(set.shards[place.shard].dir, out, log) && missing.count++ == 0)
            missing.first = set.shards[place.shard].dir / log;
        ++written;
        throttle.say([&] {
            return "merge: wrote " + std::to_string(written) + " of " +
                   std::to_string(places.size()) + " games";
        });
    }
    merged.commit();
    write_manifest(out, manifest);
    return missing;
}

}  // namespace arena::tournament
