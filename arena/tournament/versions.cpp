#include "arena/tournament/versions.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <functional>
#include <ostream>
#include <set>

#include "arena/common/diagnostics.hpp"
#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// --replace rewrites results.jsonl from its lines held in memory: a run of over two million
// games cannot be rewritten so (the one read that is not a stream; docs/tournament-files.md).
constexpr files::ReadLimit kReplacedResults{"results file", 4 * files::kGiB};

struct Line {
    std::string text;  // without its newline
    std::string id, log;
    std::vector<std::string> changed_bots;  // seats played by another version than `now`'s
};

// What this check needs of one line of results.jsonl. A line that is not a record is kept as it
// is: the reader of the results reports it, with its line number.
Line read_line(std::string text, const std::map<std::string, BotIdentity>& now,
               std::map<std::string, std::vector<std::string>>& changes) {
    Line line{std::move(text), "", "", {}};
    try {
        const nlohmann::json j = nlohmann::json::parse(line.text);
        line.id = j.value("id", "");
        line.log = j.value("log", "");
        const nlohmann::json& players = j.at("players");
        const nlohmann::json identities = j.value("identities", nlohmann::json::array());
        for (std::size_t seat = 0; seat < players.size() && seat < identities.size(); ++seat) {
            const std::string name = players[seat].get<std::string>();
            auto it = now.find(name);
            if (it == now.end()) continue;
            const BotIdentity recorded = identity_from_json(identities[seat]);
            if (recorded == it->second) continue;
            line.changed_bots.push_back(name);
            if (!changes.count(name)) changes[name] = identity_changes(recorded, it->second);
        }
    } catch (const nlohmann::json::exception&) {
    }
    return line;
}

// The whole lines of results.jsonl, for moving some aside (--replace).
std::vector<Line> read_lines(const std::string& text, const std::map<std::string, BotIdentity>& now,
                             std::map<std::string, std::vector<std::string>>& changes) {
    std::vector<Line> lines;
    for (std::size_t begin = 0, end; (end = text.find('\n', begin)) != std::string::npos;
         begin = end + 1)
        lines.push_back(read_line(text.substr(begin, end - begin), now, changes));
    return lines;
}

// Every whole line of `path` to `each`, read in blocks: a large results.jsonl is never held.
void for_each_line(const fs::path& path, const std::function<void(std::string&&)>& each) {
    files::InputFile in(path, files::kResultsFile);
    bool cut = false;
    for (std::string line; in.read_line(line, files::kMaxResultsLineBytes, &cut) && !cut;)
        each(std::move(line));
}

std::string utc_stamp() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &tm);
    return text;
}

// Moves the lines (and their logs) to a fresh OUT/replaced-<time>/, rewrites results.jsonl
// without them. Returns the directory.
fs::path move_aside(const fs::path& out, const std::vector<Line>& lines,
                    const std::set<std::string>& replace) {
    fs::path aside = out / ("replaced-" + utc_stamp());
    for (int n = 2; fs::exists(aside); ++n)
        aside = out / ("replaced-" + utc_stamp() + "-" + std::to_string(n));
    std::string kept, moved;
    for (const Line& line : lines) {
        const bool move = std::any_of(line.changed_bots.begin(), line.changed_bots.end(),
                                      [&](const std::string& b) { return replace.count(b); });
        (move ? moved : kept) += line.text + "\n";
        if (!move || line.log.empty() || !log_path_fault(line.id, line.log).empty()) continue;
        std::error_code error;  // a missing log is no reason to stop
        fs::create_directories((aside / line.log).parent_path(), error);
        fs::rename(out / line.log, aside / line.log, error);
    }
    // The moved lines are saved before results.jsonl loses them: nothing is lost if we die here.
    files::write_atomically(aside / "results.jsonl", moved);
    files::write_atomically(out / "results.jsonl", kept);
    return aside;
}

}  // namespace

void check_versions(const fs::path& out, const std::map<std::string, BotIdentity>& now,
                    const std::vector<std::string>& replace, std::ostream& notes) {
    for (const std::string& name : replace) {
        if (!now.count(name))
            throw RunError("--replace '" + name + "': the config has no bot of that name");
    }
    const fs::path results = out / "results.jsonl";
    if (!fs::exists(results)) return;
    std::map<std::string, std::vector<std::string>> changes;  // bot -> what changed
    // A first pass as a stream, counting; the lines are held only to move some aside.
    std::map<std::string, std::size_t> changed_games;  // bot -> games of another version
    std::size_t checked = 0;
    for_each_line(results, [&](std::string&& text) {
        ++checked;
        for (const std::string& bot : read_line(std::move(text), now, changes).changed_bots)
            ++changed_games[bot];
    });
    const std::set<std::string> replacing(replace.begin(), replace.end());
    diagnostics::log().debug("versions: {} record line(s) checked, {} bot(s) changed since",
                             checked, changes.size());
    for (const auto& [bot, what] : changes) {
        for (const std::string& change : what)
            diagnostics::log().debug("versions: bot '{}': {}", bot, change);
    }

    std::string refused;
    for (const auto& [changed_bot, what] : changes) {
        const std::string& bot = changed_bot;  // a lambda may not capture a structured binding
        if (replacing.count(bot)) continue;    // (C++20 allows it; clang 14 does not)
        refused += "\n  bot '" + bot + "': " + std::to_string(changed_games[bot]) +
                   " game(s) in the directory were played by another version:";
        for (const std::string& change : what) refused += "\n    " + change;
    }
    if (!refused.empty()) {
        throw RunError(
            "'" + out.string() +
            "' holds games of other versions of the config's bots; no game "
            "was played:" +
            refused +
            "\n  Two ways on: give the new version another name in the config (both versions "
            "are then ranked, each under its name), or add --replace NAME to move the old "
            "version's games aside (to " +
            (out / "replaced-<time>").string() +
            "/, not deleted) and play them again with the new version.");
    }
    for (const std::string& name : replace) {
        if (!changes.count(name))
            notes << "note: --replace " << name << ": no game of another version of '" << name
                  << "' in " << out.string() << "\n";
    }
    if (changes.empty()) return;
    changes.clear();
    const std::vector<Line> lines =
        read_lines(files::read_text(results, kReplacedResults), now, changes);
    const std::size_t moving = static_cast<std::size_t>(std::count_if(
        lines.begin(), lines.end(), [](const Line& l) { return !l.changed_bots.empty(); }));
    const fs::path aside = move_aside(out, lines, replacing);
    diagnostics::log().debug("--replace: {} game(s) moved to {}, results.jsonl rewritten", moving,
                             aside.string());
    notes << "replaced: " << moving << " game(s) of the old version(s) moved to " << aside.string()
          << "/; they are played again\n";
}

}  // namespace arena::tournament
