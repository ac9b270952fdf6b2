// Failures one click away: for each bot that failed, its first failed game's turn, outcome and
// error (with the bots' names, not CodinGame's "$0"/"$1") and the command that prints that turn.
// From game records alone (tournament/record.hpp keeps each failed seat's turn and error), so
// standings and summaries need no match log.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "arena/report/bot_health.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/tournament/record.hpp"

namespace arena::report {

// "timeout at turn 12: mine timeout!"; a crash adds how the process ended ("(signal 11
// (SIGSEGV))"); a record from before failing turns were kept says "turn not recorded". As
// stored: the terminal's caller makes it visible (terminal::visible), Markdown escapes it.
std::string failure_description(const FailedGame& failed);

// "PROGRAM replay OUT/LOG --script --turn 12": replays the game from the record's "log" and
// prints its failing turn (no --turn when the record does not say which). `program` is how the
// user runs arena (the CLI's argv[0] as typed: "arena", "./arena", "/opt/arena/arena"), so the
// command works when pasted where arena was run. When the run kept no log of that game ("log"
// empty: the config's "logs" policy), it says so instead of giving a command that cannot work.
std::string failure_replay_command(const FailedGame& failed, const std::filesystem::path& out_dir,
                                   const std::string& program = kDefaultArenaProgram);

// standings.md's "first failure" cell: the description, then the replay command as code; "-"
// when the bot never failed. Safe in a Markdown table row ('|' escaped, one line).
std::string first_failure_cell(const FailedGame& failed, const std::string& out_dir,
                               const std::string& program = kDefaultArenaProgram);

// The terminal's failure summary after a run, one entry per bot that failed (by name): how many
// games failed, of which kind, the first one described and its replay command (`program` as in
// failure_replay_command). "" when no bot failed.
class RunTally;
std::string failures_text(const RunTally& tally, const std::filesystem::path& out_dir,
                          const std::string& program = kDefaultArenaProgram);
// The same over records (a tally of them).
std::string failures_text(const std::vector<tournament::GameRecord>& records,
                          const std::filesystem::path& out_dir,
                          const std::string& program = kDefaultArenaProgram);

}  // namespace arena::report
