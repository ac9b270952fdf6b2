// The one loop that plays games in parallel, for every kind of run: a tournament's schedule, a
// tuner's iterations, a league's next pairing. What to play comes from a GameSource; what to do
// with a played game (write its log, append its record, learn from it) is the caller's GameDone.
// The loop knows no config, no directory and no results file: run_tournament composes it with
// its schedule and its results.jsonl (runner.cpp), the tuner with its iterations (arena/tune/).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "referees/referee.hpp"

namespace arena::tournament {

// A game ready to play: everything it needs, no index into a config.
struct GameToPlay {
    std::size_t tag = 0;  // the source's own handle on the game, given back with its log
    std::string id;       // for diagnostics
    referee::GameSetup setup;
    std::vector<match::PlayerSpec> players;  // in seat order, built (commands ready to run)
};

// Where the games come from. next() is called by one worker at a time, so a source needs no lock
// of its own for what only next() touches.
class GameSource {
  public:
    virtual ~GameSource() = default;
    // The next game, or nothing: no game is left to start (the run is over or told to stop).
    // Nothing ends the worker that asked, so a source whose next games depend on results still
    // being played (a tuner's next iteration, a league's next pairing) plays in rounds: one
    // play_games per round, deciding the next round from the last one's results.
    virtual std::optional<GameToPlay> next() = 0;
};

struct PlayLoopOptions {
    int concurrency = 1;  // games at once (0 or less: one)
    match::MatchOptions match;
    // Hand each played game to `done` on a thread of its own while the worker plays its next
    // (game_finisher.hpp). Off, `done` runs before the worker asks for its next game: a source
    // whose next() depends on the last result (a sequential test) must see it first.
    bool overlap = true;
};

// Games played at once must not starve each other's bots: with more than one game at once each
// bot gets a CPU share of its own (match.bot.cpu_share), and a warning says so where this machine
// cannot make one. Called once per run, before its games.
void share_cpus(PlayLoopOptions& options);

// Called with the tag and log of every game played to its end (never for a game the arena's
// interrupt cut short: it is not what the bots would have played). It runs on a worker's or
// finisher's thread, several at once when concurrency > 1: the caller guards what it shares.
using GameDone = std::function<void(std::size_t tag, match::MatchLog&& log)>;

// Plays the source's games on `concurrency` threads until next() has none, the arena is
// interrupted (process::interrupt_signal()), or a game or `done` throws. Every game played before
// that is handed to `done`; then the first exception, if any, is rethrown.
void play_games(GameSource& source, const PlayLoopOptions& options, const GameDone& done);

}  // namespace arena::tournament
