// What a run of games (tournament, match) leaves for the user once its games are played: the
// standings files and table, each failing bot's first failure, the report page, and for an
// interrupted run the command that goes on. Shared by the commands that run series of games.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "arena/report/run_tally.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/view/failure_pages.hpp"

namespace arena::cli {

// Plays the run's games (tournament::run_tournament, progress on stdout) and returns their
// tally (the earlier run's games too, when resuming): no record is held in memory (issue 17:
// flat cost). Live standings set as options.snapshot = live_standings(...) are written from a
// copy of the tally. A directory that cannot be written is an arena error (exit 2), said in the
// system's words.
// A run stopped by such an error while its games were played (a bot's program gone, the disk
// full) says after it how many games are saved and `resume_command`, which goes on once the
// fault is fixed, as an interrupted run does.
// With `pages`, each failed game's report entry and replay page are made as it ends, from the
// log in memory (finish_run then takes them).
report::RunTally play_games(const tournament::TournamentConfig& config,
                            const tournament::RunOptions& options,
                            const std::string& resume_command, view::FailurePages* pages = nullptr);

// standings.json, .md, .csv in `out` and the table for the terminal, from the tally alone.
// `partial` marks an interrupted run: "partial: 37 of 120 games". `program` is how the user ran
// arena (argv[0] as typed), the first word of standings.md's replay commands.
std::string write_standings(const tournament::TournamentConfig& config,
                            const report::RunTally& tally, const std::filesystem::path& out,
                            const std::string& partial, const std::string& program);

// Live standings of a run in progress, for RunOptions::snapshot: standings.md/.json/.csv and
// report.html of the records so far, marked "running: N of M games" (a line heading standings.md,
// "running": {"done", "total"} in standings.json, a banner on the page, which reloads itself
// every few seconds). Returns the leader of the table so far for the progress line, e.g.
// "strong (Elo +120)". finish_run then writes the final files over them (unmarked; "partial"
// when interrupted), so the page stops reloading.
//   options.snapshot = live_standings(config, scheduled, options.out, program);
// play_games turns it into the runner's streaming form (RunOptions::live); called by the runner
// with records (another caller's run_tournament), it tallies them first.
std::function<std::string(const std::vector<tournament::GameRecord>&)> live_standings(
    const tournament::TournamentConfig& config, std::size_t scheduled,
    const std::filesystem::path& out, const std::string& program);

// After the games: standings, failures and the report of what was played; interrupted, they
// are marked partial and the command that goes on is printed (`resume_command`, e.g. "arena
// tournament --resume --out DIR"). `program`: how the user ran arena (argv[0] as typed), the
// first word of the failures' replay commands. Returns the exit code.
int finish_run(const tournament::TournamentConfig& config, const report::RunTally& tally,
               std::size_t scheduled, const std::filesystem::path& out,
               const std::string& resume_command, const std::string& program,
               view::FailurePages* pages = nullptr);

// The standings table for the terminal (with its legend) of the games in `tally`.
std::string standings_text(const tournament::TournamentConfig& config,
                           const report::RunTally& tally);

// What a report says of the failed games whose log it could not read (view::ReportFiles::
// unreadable_logs), one line each after `level` ("warning", "error"), the first few and a count
// of the others; "" when none.
std::string unreadable_logs_text(const view::ReportFiles& report, const std::string& level);

// The outputs of the results already in `out` (results.jsonl, read as a stream): standings.json,
// .md, .csv and report.html, as a one-machine run of those games writes them. Returns the
// table and the failures for the terminal (replay commands starting with `program`). For
// `arena merge`.
std::string write_run_outputs(const tournament::TournamentConfig& config,
                              const std::filesystem::path& out, const std::string& program);

}  // namespace arena::cli
