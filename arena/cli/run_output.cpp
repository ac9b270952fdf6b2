#include "arena/cli/run_output.hpp"

#include <chrono>
#include <cstdio>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>

#include "arena/common/diagnostics.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/report/failures.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/view/view.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {
std::string write_live(const tournament::TournamentConfig& config, std::size_t scheduled,
                       const fs::path& out, const std::string& program, view::LiveReport& report,
                       const report::RunTally& tally);
}  // namespace

// What live_standings returns: play_games finds it in options.snapshot (by its type) and writes
// the live files from its tally instead of records.
struct LiveStandings {
    tournament::TournamentConfig config;
    std::size_t scheduled = 0;
    fs::path out;
    std::string program;  // how the user ran arena: standings.md's replay commands
    std::shared_ptr<view::LiveReport> report;  // shared by copies: failed games read once

    std::string operator()(const std::vector<tournament::GameRecord>& records) const {
        report::RunTally tally(config);
        for (const tournament::GameRecord& r : records) tally.add(r);
        return (*this)(tally);
    }
    std::string operator()(const report::RunTally& tally) const {
        return write_live(config, scheduled, out, program, *report, tally);
    }
};

// How long a run has lasted before its first live standings are written.
constexpr std::chrono::milliseconds kFirstLiveAfter{500};

report::RunTally play_games(const tournament::TournamentConfig& config,
                            const tournament::RunOptions& options,
                            const std::string& resume_command, view::FailurePages* pages) {
    // The runner hands each record to the tally (under its lock) and keeps none; the live
    // standings read a copy of the tally, taken under the tally's own lock.
    auto tally = std::make_shared<report::RunTally>(config);
    auto tally_lock = std::make_shared<std::mutex>();
    tournament::RunOptions run = options;
    run.keep_records = false;
    run.each_record = [tally, tally_lock](const tournament::GameRecord& r) {
        std::lock_guard guard(*tally_lock);
        tally->add(r);
    };
    if (pages) {
        run.each_log = [pages](const tournament::GameRecord& r, const match::MatchLog& log,
                               const std::string& log_json) { pages->add(r, log, log_json); };
    }
    if (const LiveStandings* live = run.snapshot.target<LiveStandings>()) {
        live->report->use(pages);
        const auto started = std::chrono::steady_clock::now();
        run.live = [tally, tally_lock, live = *live, started] {
            // A run still this young may well be over before anyone looks: no live files
            // (the final ones would replace them at once; issue 17: in a run of instant bots
            // they were a fifth of the arena's fixed cost). The runner asks again a snapshot
            // period later.
            if (std::chrono::steady_clock::now() - started < kFirstLiveAfter) {
                diagnostics::log().debug("live standings: none yet (the run is under {} ms old)",
                                         kFirstLiveAfter.count());
                return std::string();
            }
            std::unique_lock guard(*tally_lock);
            const report::RunTally copy = *tally;
            guard.unlock();
            return live(copy);
        };
        run.snapshot = nullptr;
    }
    try {
        tournament::run_tournament(config, run, std::cout);
        return *tally;
    } catch (const tournament::RunStopped& e) {
        throw Error(std::string(e.what()) + "\n" + std::to_string(e.saved) + " of " +
                    std::to_string(e.scheduled) +
                    " games saved; to go on once that is fixed: " + resume_command);
    } catch (const fs::filesystem_error& e) {  // said in the system's words, as always
        throw Error(e.what());
    } catch (const Error&) {
        throw;
    } catch (const std::runtime_error& e) {  // OUT cannot be written
        throw Error(e.what());
    }
}

namespace {

// What marks the standings files of a run that is not over: a line heading standings.md and a
// field of standings.json ("running": {"done", "total"} while it goes on, "partial": "..." when it
// was interrupted). Unmarked: the run's final standings.
struct StandingsMark {
    std::string line;  // "running: 37 of 120 games ..."
    std::string key;   // "running", "partial"
    nlohmann::ordered_json value;
};

struct WrittenStandings {
    std::string table;   // for the terminal
    std::string leader;  // the table's first bot and what ranks it, for the progress line
};

std::string signed_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.0f", value);
    return text;
}

// The first row as the table ranks it: "strong (Elo +120)", "strong (rating +85)" (finishing
// order, more than 2 players), "greedy (validators 40/40, validator total 3512)", "greedy (boards
// 5/5, total 40862)" (no validator played).
std::string leader_text(const report::VersusStandings& standings) {
    if (standings.rows.empty()) return "";
    const report::VersusStanding& first = standings.rows.front();
    if (first.finishing_order_rating)
        return first.bot + " (rating " + signed_text(first.finishing_order_rating->elo) + ")";
    return first.bot + " (Elo " + signed_text(first.elo.elo) + ")";
}

std::string leader_text(const std::vector<report::SameGameStanding>& standings) {
    if (standings.empty()) return "";
    const report::SameGameStanding& first = standings.front();
    // Without validators the table ranks by the boards passed, then the total.
    if (first.validators == 0)
        return first.bot + " (boards " + std::to_string(first.boards_passed) + "/" +
               std::to_string(first.boards) + ", total " + std::to_string(first.total) + ")";
    return first.bot + " (validators " + std::to_string(first.validators_passed) + "/" +
           std::to_string(first.validators) + ", validator total " +
           std::to_string(first.validator_total) + ")";
}

WrittenStandings write_marked_standings(const tournament::TournamentConfig& config,
                                        const report::RunTally& tally, const fs::path& out,
                                        const StandingsMark& mark, const std::string& program) {
    const std::string md_head = mark.line.empty() ? "" : "**" + mark.line + "**\n\n";
    const auto write_json = [&](nlohmann::ordered_json json) {
        if (!mark.key.empty()) json[mark.key] = mark.value;
        files::write_atomically(out / "standings.json", match::dump_json(json, 2) + "\n");
    };
    const referee::StandingsKind kind = referee::game_info(config.game).standings;
    if (kind == referee::StandingsKind::validator_totals) {
        const auto standings = report::samegame_standings(config, tally);
        write_json(report::to_json(standings, config));
        files::write_atomically(
            out / "standings.md",
            md_head + report::to_markdown(standings, config, out.string(), program));
        files::write_atomically(out / "standings.csv", report::to_csv(standings));
        return {report::to_text(standings, config), leader_text(standings)};
    }
    const auto standings = report::versus_standings(config, tally);
    write_json(report::to_json(standings));
    files::write_atomically(out / "standings.md",
                            md_head + report::to_markdown(standings, out.string(), program));
    files::write_atomically(out / "standings.csv", report::to_csv(standings));
    return {report::to_text(standings), leader_text(standings)};
}

std::string write_live(const tournament::TournamentConfig& config, std::size_t scheduled,
                       const fs::path& out, const std::string& program, view::LiveReport& report,
                       const report::RunTally& tally) {
    const std::size_t done = tally.games();
    const std::string running =
        "running: " + std::to_string(done) + " of " + std::to_string(scheduled) + " games";
    const StandingsMark mark{running + " (rewritten every few seconds until the run ends)",
                             "running",
                             {{"done", done}, {"total", scheduled}}};
    const WrittenStandings written = write_marked_standings(config, tally, out, mark, program);
    report.write(config, tally, view::Running{done, scheduled});
    return written.leader;
}

}  // namespace

std::string write_standings(const tournament::TournamentConfig& config,
                            const report::RunTally& tally, const fs::path& out,
                            const std::string& partial, const std::string& program) {
    StandingsMark mark;
    if (!partial.empty()) mark = {partial, "partial", partial};
    return write_marked_standings(config, tally, out, mark, program).table;
}

std::function<std::string(const std::vector<tournament::GameRecord>&)> live_standings(
    const tournament::TournamentConfig& config, std::size_t scheduled, const fs::path& out,
    const std::string& program) {
    return LiveStandings{config, scheduled, out, program, std::make_shared<view::LiveReport>(out)};
}

namespace {

// A run whose every game failed in the referee rated nothing, and not for the bots' sake (issue
// 18): a broken tool, said with what to check (exit 2).
bool all_failed_in_referee(const report::RunTally& tally, const std::string& program) {
    if (tally.games() == 0 || tally.referee_failures() != tally.games()) return false;
    // A runner (convention 2) has the SDK's interface, not the referee protocol.
    const bool runner = tally.first_referee_failure().starts_with("runner ");
    std::cerr << "error: every game of this run (" << tally.games()
              << ") failed in the referee, so nothing was rated (the first failure is above). "
              << (runner ? "Check the runner by hand (it must exit 0 and write the SDK's game "
                           "result JSON; docs/other-games.md, \"Convention 2\")"
                         : "Check the referee by hand (`" + program +
                               " referee --help` shows the protocol; docs/other-games.md, "
                               "\"Referee failures\")")
              << ", then play again with another --out.\n";
    return true;
}

}  // namespace

int finish_run(const tournament::TournamentConfig& config, const report::RunTally& tally,
               std::size_t scheduled, const fs::path& out, const std::string& resume_command,
               const std::string& program, view::FailurePages* pages) {
    const int signal = process::interrupt_signal();
    const std::string partial = signal ? "partial: " + std::to_string(tally.games()) + " of " +
                                             std::to_string(scheduled) + " games (interrupted)"
                                       : "";
    // The report page (standings, charts, failed games' replays) is written while the standings
    // files are: both are read off the tally alone, and once the games are over the cores are
    // free (issue 17: a run's closing time). (A future of std::async waits for its thread when
    // it goes, so the tally outlives the report's thread whatever throws.)
    std::future<view::ReportFiles> report_page = std::async(std::launch::async, [&] {
        return view::write_report(out, config, tally, view::kMaxReplayPages, pages);
    });
    // Standings files that cannot be written (no permission, the disk full) do not hide the
    // table: it is printed from the tally, and the run exits 2 after the rest is said.
    std::string table, unwritten;
    try {
        table = write_standings(config, tally, out, partial, program);
    } catch (const std::runtime_error& e) {  // files::FileError, a filesystem error
        unwritten = e.what();
        table = standings_text(config, tally);
    }
    table += report::failures_text(tally, out, program);
    std::cout << "\n"
              << (partial.empty() ? "" : partial + "\n") << table
              << "\nwritten: " << (out / "results.jsonl").string() << ", "
              << (unwritten.empty() ? (out / "standings.md").string() + " (.json, .csv), " : "")
              << (out / "games").string() << "/\n";
    // The report is a view of the files above: a failure to write it must not hide the results.
    try {
        const view::ReportFiles written = report_page.get();
        std::cerr << unreadable_logs_text(written, "warning");
        std::cout << "report: " << written.report.string() << " (open it in a browser)\n";
    } catch (const std::exception& e) {
        std::cerr << "warning: no report.html: " << e.what() << "\n";
    }
    if (signal)
        std::cout << tally.games() << " of " << scheduled
                  << " games saved; to go on: " << resume_command << "\n";
    if (!unwritten.empty()) {
        std::cerr << "error: no standings files: " << unwritten << ". The games are kept in "
                  << (out / "results.jsonl").string() << "; once they can be written there, `"
                  << resume_command << "` writes them (it plays only games not yet played).\n";
        return 2;
    }
    if (!signal && all_failed_in_referee(tally, program)) return 2;
    return signal ? process::interrupted_exit_code(signal) : 0;
}

std::string unreadable_logs_text(const view::ReportFiles& report, const std::string& level) {
    constexpr std::size_t kShown = 5;
    const std::vector<std::string>& logs = report.unreadable_logs;
    std::string text;
    for (std::size_t i = 0; i < logs.size() && i < kShown; ++i)
        text += level + ": the log of failed game " + logs[i] + "\n";
    if (logs.size() > kShown)
        text += level + ": and " + std::to_string(logs.size() - kShown) +
                " more failed game(s) whose log cannot be read\n";
    if (!logs.empty())
        text +=
            "the report lists those games without a replay page; the results and the "
            "standings do not need the logs\n";
    return text;
}

std::string standings_text(const tournament::TournamentConfig& config,
                           const report::RunTally& tally) {
    if (referee::game_info(config.game).standings == referee::StandingsKind::validator_totals)
        return report::to_text(report::samegame_standings(config, tally), config);
    return report::to_text(report::versus_standings(config, tally));
}

std::string write_run_outputs(const tournament::TournamentConfig& config, const fs::path& out,
                              const std::string& program) {
    report::RunTally tally(config);
    tournament::for_each_result(
        out / "results.jsonl", [&](tournament::GameRecord&& r) { tally.add(r); },
        tournament::standings_expectations_of(config));
    std::string text = write_standings(config, tally, out, "", program);
    text += report::failures_text(tally, out, program);
    try {
        const view::ReportFiles report = view::write_report(out);
        std::cerr << unreadable_logs_text(report, "warning");
        text += "report: " + report.report.string() + " (open it in a browser)\n";
    } catch (const std::exception& e) {
        std::cerr << "warning: no report.html: " << e.what() << "\n";
    }
    return text;
}

}  // namespace arena::cli
