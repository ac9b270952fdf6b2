// Pictures of games for people: a match log (docs/match-log.md) becomes one self-contained HTML
// page that replays the game, and a tournament directory a report page (standings with error
// bars, head to head, ratings over the games, turn times, failures with their replays).
// Everything is built from the logs alone, so a log copied from a CI run can be viewed anywhere;
// the pages' HTML, CSS and JavaScript (viewer/) are compiled into the library, and the pages need
// no server and no network. See docs/viewer.md.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"

namespace arena::view {

class FailurePages;  // failure_pages.hpp

// The most failed games a report links to a replay page (the earliest by game id).
inline constexpr int kMaxReplayPages = 200;

// A file that cannot be viewed. what() names the file and the problem.
struct ViewError : arena::Error {
    using arena::Error::Error;
};

// Reads a match log and checks its shape (game, players, turns). Throws ViewError.
nlohmann::json read_match_log(const std::filesystem::path& file);

// The replay page of a match log.
std::string replay_html(const nlohmann::json& log);

// The numbers the report page draws, from a tournament directory: config.json, results.jsonl
// (read as a stream into a report::RunTally: memory does not grow with the games) and the logs
// in games/ (the failed games listed: the earliest RunTally::kListedFailures by game id; all are
// counted in "failed_games"). Throws ViewError when the directory is not a tournament's.
nlohmann::json report_data(const std::filesystem::path& dir);

// The report page of report_data().
std::string report_html(const nlohmann::json& data);

struct ReportFiles {
    std::filesystem::path report;  // <dir>/report.html
    int failed_games = 0;
    int replays = 0;                 // replay pages written, <dir>/replays/<game id>.html
    std::vector<std::string> notes;  // about results.jsonl (a repeated line, a cut last line)
    // Failed games listed without a replay page because their log could not be read (missing,
    // damaged): "<game id>: <why, naming the file>".
    std::vector<std::string> unreadable_logs;
};

// Writes <dir>/report.html and, for each failed game (at most `max_replays` of them), its replay
// page in <dir>/replays/, which the report links to. Throws ViewError, or files::FileError when a
// page cannot be written.
ReportFiles write_report(const std::filesystem::path& dir, int max_replays = kMaxReplayPages);
// The same for a run just played, whose config and tally (every game in the directory) are in
// memory: neither config.json nor results.jsonl is read again (issue 17: a short run's fixed
// cost). The failed games `pages` made during the run (waited for) are not read again either.
ReportFiles write_report(const std::filesystem::path& dir,
                         const tournament::TournamentConfig& config, const report::RunTally& tally,
                         int max_replays = kMaxReplayPages, FailurePages* pages = nullptr);

// A run still being played, as its report page says it: "running: N of M games".
struct Running {
    std::size_t done = 0, total = 0;
};

// Seconds between the reloads of a running run's report page; a page not rewritten for
// kStaleAfterSeconds (the arena was killed) stops reloading and says so.
inline constexpr int kReloadSeconds = 5;
inline constexpr int kStaleAfterSeconds = 600;

// The report of a run in progress, rewritten from the records in memory (results.jsonl is not
// read again) every few seconds: report.html carries data["running"] = {done, total, written_ms,
// reload_s, stale_after_s}, says "running: N of M games" in a banner and reloads itself. Each
// failed game's entry (its log read) and replay page are made once, by the first snapshot that
// sees it. write_report() then writes the final page, which does not reload.
class LiveReport {
  public:
    explicit LiveReport(std::filesystem::path dir, int max_replays = kMaxReplayPages);
    // The run's FailurePages, whose entries and pages this takes instead of reading logs.
    void use(const FailurePages* pages) { pages_ = pages; }
    ReportFiles write(const tournament::TournamentConfig& config, const report::RunTally& tally,
                      Running running);
    // The same over records (a tally of them).
    ReportFiles write(const tournament::TournamentConfig& config,
                      const std::vector<tournament::GameRecord>& records, Running running);

  private:
    std::filesystem::path dir_;
    int max_replays_;
    int replays_ = 0;
    const FailurePages* pages_ = nullptr;
    // By game id, each read once; only listed games come here (RunTally::kListedFailures).
    std::map<std::string, nlohmann::json> failures_;
};

// JSON text that can stand inside an HTML <script> element: every '<', '>' and '&' (which JSON
// allows only inside strings) is written as a \u escape, so no "</script>" can end it early.
std::string script_safe_json(const nlohmann::json& value);
// The same for JSON already written as text.
std::string script_safe_text(std::string_view json_text);

// The compiled-in viewer file (e.g. "replay.js"); throws std::out_of_range for an unknown name.
std::string_view asset(std::string_view name);

}  // namespace arena::view
