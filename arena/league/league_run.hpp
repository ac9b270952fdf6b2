// `arena league run`: plays the league's games in rounds through tournament's play loop, into
// the league's directory as a tournament writes a run: results.jsonl (one line per game, one
// writer: tournament's RunLock), games/<id>.json.zst. Each round is planned from everything
// recorded so far: first the games of groups cut short by a kill, then the matchmaker's tables
// (matchmaker.hpp). league.json is read again before each round, so bots added or retired while
// it runs are picked up at the next round. Killed (even by kill -9), it goes on where it was:
// nothing recorded is lost, nothing played twice.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "arena/league/league_file.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/tournament/config.hpp"

namespace arena::league {

struct LeagueRunOptions {
    std::optional<std::size_t> games;  // this many more (whole groups: a few more), else no end
    int concurrency = 1;
    double random_share = 0.25;  // of the tables after a bot's first games (matchmaker.hpp)
    // Called on a thread of its own every `live_every` while games are recorded, with the games
    // so far (`final` false), and once after the last game (`final` true). For the standings
    // files and the report page; an exception from it is said on the progress stream.
    std::function<void(const League& league, const tournament::TournamentConfig& config,
                       const report::RunTally& tally, bool final)>
        standings;
    std::chrono::milliseconds live_every{3000};
};

struct LeagueRunResult {
    std::size_t played = 0;  // by this run
    std::size_t total = 0;   // in the league
    bool interrupted = false;
    std::string idle;  // why the run stopped with games left to ask for: nothing to play
};

// Throws LeagueError when DIR is no league, tournament::DirectoryInUse when another arena runs
// it, tournament::ResultsError when results.jsonl is damaged.
LeagueRunResult run_league(const std::filesystem::path& dir, const LeagueRunOptions& options,
                           std::ostream& progress);

// The league's games so far (results.jsonl read as a stream, no lock: a run may be writing it).
report::RunTally read_tally(const League& league, const tournament::TournamentConfig& config);

}  // namespace arena::league
