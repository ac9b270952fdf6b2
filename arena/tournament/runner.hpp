// Plays a tournament's games in parallel and writes them down as they finish:
//   OUT/results.jsonl     one complete line per finished game, flushed at once
//   OUT/games/<id>.json   the match log of each game
//   OUT/config.json       the effective config
// Each game runs on its own worker thread with its own bot processes and io_context; only
// finished games are shared (under one lock), so nothing of two games ever interleaves.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"

namespace arena::tournament {

// Shard `index` (0-based) of `count` of a run's schedule (shards.hpp). {0, 1}: the whole run.
struct Shard {
    std::size_t index = 0, count = 1;
    bool operator==(const Shard&) const = default;
};

struct RunOptions {
    std::filesystem::path out;
    // Play only this shard of the schedule; the directory then gets a manifest (shards.hpp).
    std::optional<Shard> shard;
    int concurrency = 1;
    bool resume = false;       // keep OUT/results.jsonl and play only the games it lacks
    bool interactive = false;  // redraw one status line (a terminal) instead of a line per game
    // Called (under the runner's lock, in finishing order) for every game as it is recorded,
    // also for the games kept from an earlier run. Returning true stops the tournament early:
    // no new game starts, the games under way finish and are recorded. For sequential tests
    // (SPRT) that stop once they know.
    std::function<bool(const GameRecord&)> stop_after;
    // The caller already holds a RunLock on `out` (the CLI takes it before it reads the
    // directory); otherwise run_tournament takes it for the run.
    bool caller_holds_lock = false;
    // Bots whose games in `out` were played by another version (bot_identity.hpp): those games
    // are moved aside to OUT/replaced-<time>/ and played again. Without it such games stop the
    // run with a RunError naming the bot and what changed.
    std::vector<std::string> replace;
    // Live standings: called with every record so far (the earlier run's, then this run's in
    // finishing order) while the games are played, on a thread of its own and never under the
    // runner's lock, so no game waits for it: after the first game, then at most every
    // `snapshot_every` (further apart when a snapshot is slow: never more than a third of the
    // time). Returns the leader of the standings so far for the progress line, e.g. "strong
    // (Elo +120)" ("": none). Not called once the last game is recorded: the caller writes the
    // final files. An exception from it is noted in the diagnostics and the run goes on.
    std::function<std::string(const std::vector<GameRecord>& records)> snapshot;
    std::chrono::milliseconds snapshot_every{3000};
    // Streaming form of the above, which keeps nothing per game (issue 17: flat cost):
    // `each_record` is called under the runner's lock for every game as it is recorded, the
    // earlier run's first (--resume, in file order), so the caller keeps its own aggregates;
    // `live` is then called like `snapshot`, without the records. Either form, or both.
    std::function<void(const GameRecord&)> each_record;
    std::function<std::string()> live;
    // Called in the thread that played the game, not under the runner's lock, for every game
    // whose log was kept, with its record, the log and its JSON text as written (before
    // compression): what the caller needs of a log (the report's failed games: their replay
    // pages) is made from it at once, instead of reading and decompressing every log again once
    // the games are over (issue 17: most of a short run's closing time).
    std::function<void(const GameRecord&, const match::MatchLog& log, const std::string& log_json)>
        each_log;
    // run_tournament returns the records (the gate reads them). Off (the tournament and match
    // commands, which tally through each_record), it returns none and holds none in memory.
    bool keep_records = true;
};

// The output directory cannot be used as asked (results there without --resume, a bot whose
// version changed, ...). what() says what to do; the CLI exits 2.
struct RunError : arena::Error {
    using arena::Error::Error;
};

// The run stopped on an error while its games were being played (a bot's program gone, the disk
// full): what() says what went wrong. The games saved before it stay (`saved` of the run's
// `scheduled`, the earlier runs' included), so the caller can say how far the run got and how
// to go on once the fault is fixed.
struct RunStopped : RunError {
    RunStopped(const std::string& what, std::size_t saved_games, std::size_t scheduled_games)
        : RunError(what), saved(saved_games), scheduled(scheduled_games) {}
    std::size_t saved = 0;
    std::size_t scheduled = 0;
};

// One game of the schedule.
struct ScheduledGame {
    std::string id;     // "test06-greedy" (SameGame), "s0003-strong_vs_random" (seeded games)
    std::string group;  // games that differ only by seat order share it
    std::size_t testcase = 0;          // index into config.testcases (SameGame)
    std::optional<std::int64_t> seed;  // the CodinGame seed (seeded games)
    std::vector<std::size_t> seats;    // indices into config.bots, in seat order
};

// The games a config asks for, in a fixed order (same config, same schedule).
//   SameGame: board-major, every bot on every board.
//   Seeded games: seed-major; for each seed, each group of players_per_game bots (all of them,
//   or those with the candidate in a gauntlet), each repeat, each seat order (all permutations
//   or rotations). After any prefix every pairing has played about as often, seats balanced.
std::vector<ScheduledGame> make_schedule(const TournamentConfig& config);

// Resizes the config to about `games` games (`--games N`), never cutting a seed's seat orders
// apart: seeded games get as many seeds as needed (drawn from the master seed, or the first ones
// of an explicit list), SameGame the first boards. Returns what it did, e.g. "20 seeds x 6
// games". Throws std::invalid_argument when an explicit seed list is too short.
std::string resize_to_games(TournamentConfig& config, std::size_t games);

// True when OUT holds results of an earlier run (a results.jsonl that is not empty).
bool holds_results(const std::filesystem::path& out);

// The one check of an output directory before a run, for the tournament and the gate: what to
// say when OUT holds results of an earlier run. Names the file and the ways on, e.g. "add --resume
// to play only the missing games" (", or choose another directory with --out" is added).
std::string earlier_results_message(const std::filesystem::path& out, const std::string& ways_on);
// Throws RunError with that message when OUT holds results.
void refuse_earlier_results(const std::filesystem::path& out, const std::string& ways_on);

// The run's effective config as OUT/config.json holds it: it loads again as a config and gives the
// same schedule (bots with their limits, seeds or boards, time options, concurrency, out).
nlohmann::ordered_json effective_config(const TournamentConfig& config, const RunOptions& options);

// Plays every scheduled game not yet in OUT/results.jsonl and returns all records, in schedule
// order (only those played when stop_after ended the run early; none without keep_records).
// Progress goes to `progress`. When the arena is interrupted (process::interrupt_signal()) no new
// game starts and the games under way, whose bots the interrupt killed, are not recorded: a resumed
// run plays them again. Throws RunError when OUT already holds results and resume is off,
// DirectoryInUse when another arena writes there, RunError too when OUT cannot be written.
std::vector<GameRecord> run_tournament(const TournamentConfig& config, const RunOptions& options,
                                       std::ostream& progress);

}  // namespace arena::tournament
