// The one interface every game referee implements.
//
// A referee is pure game logic: deterministic, no I/O, no processes, no clocks. The match layer
// (arena/match) asks it whose turn it is, what to send and how long the bot may think, hands it
// the one line the bot answered (or tells it the bot timed out), and at the end reads the scores.
//
// The same interface serves a 1-player optimisation puzzle (SameGame), a 2-player game (Dice
// Shogi) and a 2-4 player game with eliminations (Tsuro): the referee alone decides who moves
// next and what a rejected move or a timeout costs.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arena::referee {

// What the referee made of one turn.
struct Verdict {
    // false when the output was rejected (or the player timed out); the referee has already
    // applied the consequence (game lost, player eliminated, ...).
    bool accepted = true;
    // Game-summary text the turn produced, lines joined by '\n' (may be empty),
    // e.g. "Performed action x=3, y=6 (color 2, region size 5)."
    std::string summary;
    // The exact error text CodinGame shows when the turn was rejected, e.g.
    // "[ERROR] Selected empty tile."; empty when accepted.
    std::string error;
};

// The end of a game.
struct Result {
    std::vector<std::int64_t> scores;  // one per seat, as CodinGame scores them
    std::vector<int> ranks;            // one per seat, 1 = best; equal scores share a rank
    std::string reason;  // why the game ended, e.g. "Endgame. Obtained a score of 127."
};

class Referee {
  public:
    virtual ~Referee() = default;

    virtual std::string_view game() const = 0;  // "samegame", "diceshogi", "tsuro"
    virtual int player_count() const = 0;

    // True once the game has ended; then no more input is sent and result() is final.
    virtual bool over() const = 0;
    // Seat (0-based) that must answer now. Only meaningful while !over().
    virtual int current_player() const = 0;
    // The exact bytes to send to current_player() this turn: lines joined by '\n', ending in '\n'.
    virtual std::string input() const = 0;
    // How long current_player() may take this turn, in milliseconds (first turn vs later turns).
    virtual int time_limit_ms() const = 0;

    // How many lines current_player() answers this turn (the match reads them all within the
    // turn's limit and hands them to play() joined by '\n'). CodinGame's games: 1. An external
    // referee may ask for more (cg-brutaltester's "###Output P K").
    virtual int output_lines() const { return 1; }

    // The line current_player() answered, without its line end (output_lines() > 1: the lines,
    // joined by '\n').
    virtual Verdict play(std::string_view line) = 0;
    // current_player() gave no answer in time (or crashed, or closed its output): CodinGame
    // treats all of these as a timeout.
    virtual Verdict timeout() = 0;

    // Scores, ranks and reason. Final once over(); before that, the standing so far.
    virtual Result result() const = 0;

    // A compact, self-contained text of the current position, for logs and for replaying from
    // the middle of a game (Dice Shogi: SFEN, as the published referee writes it). Empty for
    // games that have none; the match layer records it per turn when it is not empty.
    virtual std::string state() const { return {}; }
};

// An external referee (a process, arena/match/brutaltester_referee.hpp) could not go on: it
// printed what the protocol does not allow, ended or went silent. Thrown by any method of such a
// referee; the match records the game as a referee failure (MatchLog::referee_failure) instead of
// a result. Built-in referees never throw it. what() names the referee and the line.
struct RefereeFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a game needs to start. Which fields matter depends on the game.
struct GameSetup {
    std::string game;                  // "samegame", ...
    int players = 1;                   // number of seats
    std::optional<std::int64_t> seed;  // CodinGame seed (games with randomness)
    // Test-case text. SameGame: the board as the bot reads it. Dice Shogi: a start position in
    // SFEN (empty: the standard start). Tsuro: unused.
    std::string testcase;
};

}  // namespace arena::referee
