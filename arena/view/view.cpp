#include "arena/view/view.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/ratings/ratings.hpp"
#include "arena/report/elo_json.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/tally_fits.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/view/failure_pages.hpp"
#include "arena/view/report_config.hpp"
#include "arena/view/report_numbers.hpp"
#include "referees/registry.hpp"

namespace fs = std::filesystem;

namespace arena::view {

namespace {

std::string html_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

// The drawing every external referee's game uses (referee::add_game entries name it): not in
// games(), which lists the built-in games, yet needed on any page, since a page (or the shared
// viewer of a report's replay pages) may show such a game. It draws only a log with a "referee".
constexpr std::string_view kExternalGameScript = "games/generic.js";

// Every game's drawing (its registry entry's viewer script), each in its own <script>: the
// replay page draws whichever game its log names.
std::string game_scripts() {
    std::string scripts;
    bool external_script = false;
    for (const referee::GameInfo& game : referee::games()) {
        if (game.viewer_script.empty()) continue;
        external_script = external_script || game.viewer_script == kExternalGameScript;
        scripts += "<script>\n";
        scripts += asset(game.viewer_script);
        scripts += "\n</script>\n";
    }
    if (!external_script)
        scripts += "<script>\n" + std::string(asset(kExternalGameScript)) + "\n</script>\n";
    return scripts;
}

// Fills a page template: @@INLINE:<asset>@@ becomes that viewer file, @@GAME_SCRIPTS@@ every
// game's drawing, @@TITLE@@ the title,
// @@DATA@@ the page's JSON and @@RUNNING@@ the banner of a run in progress. Markers are only looked
// for in the template itself, never in what replaces them (a bot's output may well contain
// "@@DATA@@").
std::string fill_template(std::string_view page, const std::string& title, const std::string& data,
                          const std::string& banner = "") {
    std::string out;
    std::size_t at = 0;
    while (true) {
        const std::size_t open = page.find("@@", at);
        if (open == std::string_view::npos) break;
        const std::size_t close = page.find("@@", open + 2);
        if (close == std::string_view::npos) break;
        out += page.substr(at, open - at);
        const std::string_view marker = page.substr(open + 2, close - open - 2);
        if (marker == "TITLE") {
            out += html_escape(title);
        } else if (marker == "DATA") {
            out += data;
        } else if (marker == "RUNNING") {
            out += banner;
        } else if (marker == "GAME_SCRIPTS") {
            out += game_scripts();
        } else if (marker.starts_with("INLINE:")) {
            out += asset(marker.substr(7));
        } else {
            throw std::logic_error("unknown marker @@" + std::string(marker) +
                                   "@@ in a viewer template");
        }
        at = close + 2;
    }
    out += page.substr(at);
    return out;
}

std::string string_or(const nlohmann::json& object, const char* key, const std::string& fallback) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

nlohmann::json checked_match_log(nlohmann::json log, const fs::path& file);

// Failed games' logs as failure_entry parsed them, by game id: their replay pages are made from
// them without reading and decompressing each log a second time.
using ParsedLogs = std::map<std::string, nlohmann::json>;

// What went wrong in a failed game, from its record and (when readable) its log, which is kept
// in `logs` when given.
nlohmann::json failure_entry(const fs::path& dir, const tournament::GameRecord& r,
                             ParsedLogs* logs = nullptr) {
    nlohmann::json log;
    std::string unreadable;
    try {
        // "log": "" when the run kept no log of this game ("logs": "none").
        if (!r.log.empty()) log = files::read_log_json(dir / r.log, files::kRunLogFile);
    } catch (const nlohmann::json::exception& e) {
        unreadable = "'" + (dir / r.log).string() + "' is not JSON (" + e.what() +
                     "): the file is damaged; copy it again from where the game was played";
    } catch (const std::exception& e) {  // missing, unreadable, a damaged .zst (named by it)
        unreadable = e.what();
    }
    nlohmann::json entry = failure_entry_of(r, log);
    // Listed without its replay page; the caller says which logs it could not read.
    if (!unreadable.empty()) entry["log_unreadable"] = unreadable;
    if (logs && log.is_object()) (*logs)[r.id] = std::move(log);
    return entry;
}

// The standings as the game's registry entry says they read: validator totals with the boards
// (puzzles), or ratings with their progress over the games.
void add_standings(const tournament::TournamentConfig& config, const report::RunTally& tally,
                   nlohmann::json& data) {
    const referee::GameInfo* game = referee::find_game(config.game);
    if (game && game->standings == referee::StandingsKind::validator_totals) {
        data["standings"] = report::to_json(report::samegame_standings(config, tally), config);
        nlohmann::json boards = nlohmann::json::array();
        for (const referee::Testcase& t : config.testcases) {
            boards.push_back({{"name", t.name},
                              {"title", t.title},
                              {"validator", t.validator},
                              {"best_known", t.best_known}});
        }
        data["boards"] = boards;
    } else {
        data["standings"] = report::to_json(report::versus_standings(config, tally));
        data["progress"] = rating_progress(config, tally);
    }
}

// make_schedule(config).size() without making it: a million-game schedule takes 200 MB.
std::size_t schedule_size(const tournament::TournamentConfig& config) {
    if (config.seeds.empty()) return config.testcases.size() * config.bots.size();
    tournament::TournamentConfig one_seed = config;
    one_seed.seeds.resize(1);
    return tournament::make_schedule(one_seed).size() * config.seeds.size();
}

// The failed games the tally lists (the earliest by game id), each described from its record
// and log: as `pages` made it during the run, or from the log file.
nlohmann::json failed_games(const fs::path& dir, const report::RunTally& tally,
                            ParsedLogs* logs = nullptr, const FailurePages* pages = nullptr) {
    nlohmann::json failures = nlohmann::json::array();
    for (const auto& [id, r] : tally.listed_failures()) {
        std::optional<nlohmann::json> made = pages ? pages->entry(id) : std::nullopt;
        failures.push_back(made ? std::move(*made) : failure_entry(dir, r, logs));
    }
    return failures;
}

// The report's numbers of a tally, but for the failed games and the notes on results.jsonl,
// which the callers add.
// Games whose external referee failed are not rated: the page says how many and the first, in
// its notes (as arena standings does).
void add_referee_failure_note(nlohmann::json& data, const report::RunTally& tally) {
    const std::string text = report::referee_failures_text(tally);
    if (!text.empty()) data["notes"].push_back(text.substr(0, text.size() - 1));
}

nlohmann::json data_of_tally(const fs::path& dir, const tournament::TournamentConfig& config,
                             const report::RunTally& tally, std::size_t scheduled) {
    std::vector<std::string> bots;
    for (const match::PlayerSpec& b : config.bots) bots.push_back(b.name);
    nlohmann::json data;
    data["title"] = fs::absolute(dir).lexically_normal().filename().string();
    if (data["title"] == "")
        data["title"] = fs::absolute(dir).lexically_normal().parent_path().filename().string();
    data["game"] = config.game;
    data["players_per_game"] = config.players_per_game;
    data["bots"] = bots;
    data["notes"] = nlohmann::json::array();
    data["games_played"] = tally.games();
    data["games_scheduled"] = scheduled;
    data["failed_games"] = tally.failed_games();
    add_standings(config, tally, data);
    data["limits"] = time_limits(dir, tally);
    data["turn_times"] = turn_times(bots, tally);
    return data;
}

// A failed game's replay page, written into dir/replays/ and linked from its entry; nothing
// for a log that is missing or damaged (the report still lists the failure). Returns whether it
// was written.
bool write_failure_replay(const fs::path& dir, nlohmann::json& failure,
                          const ParsedLogs* logs = nullptr) {
    const std::string id = failure["id"].get<std::string>();
    const std::string log_path = failure["log"].get<std::string>();
    if (log_path.empty()) return false;  // the run kept no log of it ("logs": "none")
    try {
        const auto parsed = logs ? logs->find(id) : ParsedLogs::const_iterator();
        const nlohmann::json log = logs && parsed != logs->end()
                                       ? checked_match_log(parsed->second, dir / log_path)
                                       : read_match_log(dir / log_path);
        if (!write_replay_page_of(dir, id, log)) return false;
        failure["replay"] = replay_link(id);
        return true;
    } catch (const ViewError&) {
        return false;
    }
}

// The banner of a running run's page ("" for a run that is over).
std::string running_banner(const nlohmann::json& data) {
    if (!data.contains("running")) return "";
    const nlohmann::json& running = data["running"];
    return "<div id=\"running\" class=\"running\">running: " + running["done"].dump() + " of " +
           running["total"].dump() + " games <span class=\"caption\">(this page reloads every " +
           running["reload_s"].dump() + " s until the run ends)</span></div>";
}

}  // namespace

std::string script_safe_json(const nlohmann::json& value) {
    return script_safe_text(match::dump_json(value));
}

std::string script_safe_text(std::string_view json_text) {
    std::string out;
    out.reserve(json_text.size() + json_text.size() / 16);
    for (char c : json_text) {
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

nlohmann::json read_match_log(const fs::path& file) {
    nlohmann::json log;
    try {
        log = files::read_log_json(file);
    } catch (const files::FileError& e) {
        throw ViewError(e.what());
    } catch (const nlohmann::json::exception& e) {
        throw ViewError("'" + file.string() + "' is not JSON: " + errors::json_text(e));
    }
    return checked_match_log(std::move(log), file);
}

namespace {

nlohmann::json checked_match_log(nlohmann::json log, const fs::path& file) {
    const bool shaped = log.is_object() && log.contains("game") && log["game"].is_string() &&
                        log.contains("players") && log["players"].is_array() &&
                        log.contains("turns") && log["turns"].is_array();
    if (!shaped) {
        throw ViewError("'" + file.string() +
                        "' is not a match log: it needs \"game\", \"players\" and \"turns\" "
                        "(docs/match-log.md)");
    }
    for (const nlohmann::json& t : log["turns"]) {
        if (!t.is_object() || !t.contains("player") || !t.contains("input") ||
            !t["input"].is_string())
            throw ViewError("'" + file.string() + "': every turn needs \"player\" and \"input\"");
    }
    return log;
}

// The replay page of `log` from `page` (replay.html, or linked_replay_template()).
std::string page_title(const nlohmann::json& log) {
    std::string title = string_or(log, "game", "game");
    std::string names;
    for (const nlohmann::json& p : log.value("players", nlohmann::json::array()))
        names += (names.empty() ? "" : " vs ") + string_or(p, "name", "?");
    if (!names.empty()) title += ": " + names;
    const std::string testcase = string_or(log, "testcase", "");
    if (!testcase.empty()) title += ", " + testcase;
    if (log.contains("seed") && log["seed"].is_number()) title += ", seed " + log["seed"].dump();
    return title;
}

std::string replay_page(const nlohmann::json& log, std::string_view page) {
    const std::string title = page_title(log);
    // Seeds are 64-bit: a JavaScript number would round them (7191089608923740000), so the
    // page gets them as text.
    if (log.contains("seed") && log["seed"].is_number()) {
        nlohmann::json page_log = log;
        page_log["seed"] = log["seed"].dump();
        return fill_template(page, title, script_safe_json(page_log));
    }
    return fill_template(page, title, script_safe_json(log));
}

// A report's replay pages (replays/<id>.html) share one copy of the viewer, replays/viewer/
// replay.css and replay.js, instead of embedding its 64 KB each (issue 17: 46 failed games of an
// instant bot wrote 3.1 MB, most of a short run's report time). The pages still open offline
// from the directory (file://), as long as replays/viewer/ is copied with them; `arena view LOG`
// still writes self-contained pages.
constexpr std::string_view kInlineStyles =
    "<style>\n@@INLINE:common.css@@\n@@INLINE:replay.css@@\n</style>";
constexpr std::string_view kInlineScripts =
    "<script>\n@@INLINE:svg.js@@\n</script>\n@@GAME_SCRIPTS@@<script>\n@@INLINE:replay.js@@\n"
    "</script>";

// replay.html with the viewer linked from viewer/; "" when the template no longer has the form
// expected above (the pages then embed the viewer, as before).
std::string linked_replay_template() {
    std::string page(asset("replay.html"));
    const std::size_t styles = page.find(kInlineStyles), scripts = page.find(kInlineScripts);
    if (styles == std::string::npos || scripts == std::string::npos || scripts < styles) return "";
    page.replace(scripts, kInlineScripts.size(), "<script src=\"viewer/replay.js\"></script>");
    page.replace(styles, kInlineStyles.size(),
                 "<link rel=\"stylesheet\" href=\"viewer/replay.css\">");
    return page;
}

// replays/viewer/ of `dir`, written once per directory by this process (a run's live reports
// and its final one share it), so that a newer arena's viewer replaces an older one's.
void write_shared_viewer(const fs::path& dir) {
    static std::mutex lock;
    static std::set<fs::path> written;
    std::lock_guard guard(lock);
    if (written.count(dir)) return;
    std::string script = std::string(asset("svg.js")) + "\n";
    for (const referee::GameInfo& game : referee::games()) {
        if (!game.viewer_script.empty()) script += std::string(asset(game.viewer_script)) + "\n";
    }
    script += asset("replay.js");
    files::write_atomically(dir / "replays" / "viewer" / "replay.js", script + "\n");
    files::write_atomically(
        dir / "replays" / "viewer" / "replay.css",
        std::string(asset("common.css")) + "\n" + std::string(asset("replay.css")) + "\n");
    written.insert(dir);
}

}  // namespace

namespace {

// Game ids are the arena's own (board, seed and bot names); a name that could leave the
// directory gets no page.
bool page_name_safe(const std::string& id) {
    return !id.empty() && id.find('/') == std::string::npos && id.find("..") == std::string::npos;
}

const std::string& linked_template() {
    static const std::string linked = linked_replay_template();
    return linked;
}

}  // namespace

bool write_replay_page_of(const fs::path& dir, const std::string& id, const nlohmann::json& log) {
    if (!page_name_safe(id)) return false;
    const fs::path page = dir / "replays" / (id + ".html");
    if (linked_template().empty()) {
        files::write_atomically(page, replay_html(log));
        return true;
    }
    write_shared_viewer(dir);
    files::write_atomically(page, replay_page(log, linked_template()));
    return true;
}

bool write_replay_page_text(const fs::path& dir, const std::string& id,
                            const nlohmann::json& title_fields, const std::string& safe_log) {
    if (!page_name_safe(id)) return false;
    const std::string title = page_title(title_fields);
    const fs::path page = dir / "replays" / (id + ".html");
    if (linked_template().empty()) {
        files::write_atomically(page, fill_template(asset("replay.html"), title, safe_log));
        return true;
    }
    write_shared_viewer(dir);
    files::write_atomically(page, fill_template(linked_template(), title, safe_log));
    return true;
}

std::string replay_html(const nlohmann::json& log) {
    return replay_page(log, asset("replay.html"));
}

namespace {
nlohmann::json report_data_of(const fs::path& dir, ParsedLogs* logs);
}  // namespace

nlohmann::json report_data(const fs::path& dir) {
    return report_data_of(dir, nullptr);
}

namespace {

// report_data, keeping the failed games' parsed logs in `logs` when given.
nlohmann::json report_data_of(const fs::path& dir, ParsedLogs* logs) {
    const fs::path config_file = dir / "config.json";
    const fs::path results_file = dir / "results.jsonl";
    if (!fs::exists(config_file) || !fs::exists(results_file)) {
        throw ViewError("'" + dir.string() +
                        "' is not a tournament directory: it needs config.json and results.jsonl");
    }
    tournament::TournamentConfig config;
    bool config_loaded = true;
    try {
        config = tournament::load_config(config_file);
    } catch (const tournament::ConfigError&) {
        // E.g. a SameGame board file that stayed behind when the directory was copied.
        config_loaded = false;
    }
    // Every record is checked against the directory's config (its game, bots and seats), and
    // read as a stream into a tally: nothing is kept per game.
    try {
        if (!config_loaded) config = config_from_results(config_file, results_file);
        report::RunTally tally(config);
        tournament::ResultsExpectations expected;  // a config that no longer loads: shape only
        expected.identities = false;
        if (config_loaded) expected = tournament::standings_expectations_of(config);
        const tournament::ResultsFile results = tournament::for_each_result(
            results_file, [&](tournament::GameRecord&& r) { tally.add(r); }, expected);
        nlohmann::json data = data_of_tally(dir, config, tally,
                                            config_loaded ? schedule_size(config) : tally.games());
        data["notes"] = results.notes;
        add_referee_failure_note(data, tally);
        data["failures"] = failed_games(dir, tally, logs);
        return data;
    } catch (const std::runtime_error& e) {  // unreadable, or a damaged line
        throw ViewError(e.what());
    }
}

}  // namespace

std::string report_html(const nlohmann::json& data) {
    const std::string title =
        "arena report: " + string_or(data, "game", "?") + ", " + string_or(data, "title", "");
    return fill_template(asset("report.html"), title, script_safe_json(data), running_banner(data));
}

namespace {

// The report page and the failed games' replays of `data` (report_data's form).
ReportFiles write_report_of(const fs::path& dir, nlohmann::json data, int max_replays,
                            const ParsedLogs& logs, FailurePages* pages = nullptr) {
    ReportFiles written;
    written.report = dir / "report.html";
    written.failed_games = data["failed_games"].get<int>();
    std::set<std::string> linked;
    for (nlohmann::json& failure : data["failures"]) {
        // A page the run made already (FailurePages) counts like one written here.
        if (written.replays >= max_replays)
            failure["replay"] = nullptr;
        else if (!failure["replay"].is_null() || write_failure_replay(dir, failure, &logs))
            ++written.replays, linked.insert(failure["id"].get<std::string>());
    }
    if (pages) pages->remove_unlinked(linked);
    for (const nlohmann::json& note : data["notes"]) written.notes.push_back(note);
    for (const nlohmann::json& failure : data["failures"])
        if (failure.contains("log_unreadable"))
            written.unreadable_logs.push_back(failure["id"].get<std::string>() + ": " +
                                              failure["log_unreadable"].get<std::string>());
    data["replays_cap"] = max_replays;
    files::write_atomically(written.report, report_html(data));
    return written;
}

}  // namespace

ReportFiles write_report(const fs::path& dir, int max_replays) {
    ParsedLogs logs;
    nlohmann::json data = report_data_of(dir, &logs);
    return write_report_of(dir, std::move(data), max_replays, logs);
}

ReportFiles write_report(const fs::path& dir, const tournament::TournamentConfig& config,
                         const report::RunTally& tally, int max_replays, FailurePages* pages) {
    if (pages) pages->finish();
    nlohmann::json data = data_of_tally(dir, config, tally, schedule_size(config));
    add_referee_failure_note(data, tally);
    ParsedLogs logs;
    data["failures"] = failed_games(dir, tally, &logs, pages);
    return write_report_of(dir, std::move(data), max_replays, logs, pages);
}

}  // namespace arena::view

namespace arena::view {

LiveReport::LiveReport(fs::path dir, int max_replays)
    : dir_(std::move(dir)), max_replays_(max_replays) {}

ReportFiles LiveReport::write(const tournament::TournamentConfig& config,
                              const std::vector<tournament::GameRecord>& records, Running running) {
    report::RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return write(config, tally, running);
}

ReportFiles LiveReport::write(const tournament::TournamentConfig& config,
                              const report::RunTally& tally, Running running) {
    nlohmann::json data = data_of_tally(dir_, config, tally, running.total);
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    data["running"] = {
        {"done", running.done},
        {"total", running.total},
        {"written_ms", std::chrono::duration_cast<std::chrono::milliseconds>(now).count()},
        {"reload_s", kReloadSeconds},
        {"stale_after_s", kStaleAfterSeconds}};
    ReportFiles written;
    written.report = dir_ / "report.html";
    written.failed_games = static_cast<int>(tally.failed_games());
    data["failures"] = nlohmann::json::array();
    for (const auto& [id, r] : tally.listed_failures()) {
        std::optional<nlohmann::json> made = pages_ ? pages_->entry(r.id) : std::nullopt;
        if (pages_ && !made) {
            // The run's FailurePages has yet to make it (on its own thread): listed for now
            // from the record alone, made by then for a later snapshot. Never made here as
            // well, which would write the same page from two threads.
            data["failures"].push_back(failure_entry_of(r, nullptr));
            continue;
        }
        auto [entry, added] = failures_.try_emplace(r.id);
        if (added) {
            ParsedLogs logs;
            entry->second = made ? std::move(*made) : failure_entry(dir_, r, &logs);
            if (replays_ >= max_replays_)
                entry->second["replay"] = nullptr;
            else if (!entry->second["replay"].is_null() ||
                     write_failure_replay(dir_, entry->second, &logs))
                ++replays_;
        }
        data["failures"].push_back(entry->second);
    }
    written.replays = replays_;
    data["replays_cap"] = max_replays_;
    files::write_atomically(written.report, report_html(data));
    return written;
}

}  // namespace arena::view
