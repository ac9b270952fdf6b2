// Replaying a game from its match log alone:
//   - read a log back (read_match_log) and build the referee it was played with;
//   - check_script: feed the recorded outputs to a fresh referee, no bot run; every turn's
//     player, input, verdict and the final result must come out as recorded;
//   - compare: the first turn where a new transcript (the bots played again) differs;
//   - render_turn: a turn in readable form, the board drawn as text.
// The layer above match: it knows match logs and referees, nothing of tournaments.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"
#include "referees/referee.hpp"

namespace arena::replay {

// A match log that cannot be replayed as asked: not a match log, damaged, lacking what its game
// needs, or without the turn asked for. what() names the file or the turn; the user's to fix.
struct LogError : arena::Error {
    using arena::Error::Error;
};

// Reads a match log file (docs/match-log.md). A log of an external referee's game (its
// "referee") registers that game (match::register_external_game), so that the layers above find
// it by name. Throws LogError naming the file and what is wrong.
match::MatchLog read_match_log(const std::filesystem::path& file);

// The setup of the logged game (game, seat count, seed, test case), to play it again with
// match::play_game. Throws LogError when the log names no game arena knows.
referee::GameSetup setup_for(const match::MatchLog& log);

// Which program referees an external referee's game when it is checked again. A log may come
// from anyone, and its "referee" is a command line: it runs only when the user says so.
struct RefereeChoice {
    std::string command;     // the user's referee command (run in the arena's working directory)
    bool trust_log = false;  // run the log's own referee command
};

// The referee at the start of the logged game (same game, seat count, seed and test case).
// Throws LogError when the log lacks what the game needs (e.g. no seed), when the game has no
// referee arena drives (an SDK runner's game), when an external referee cannot start, and when
// the game's referee is external and `choice` names neither a command nor trust in the log's
// (the message says what to add). Never runs a command taken from the log otherwise.
std::unique_ptr<referee::Referee> referee_for(const match::MatchLog& log,
                                              const RefereeChoice& choice = {});

// Where two transcripts (or a transcript and the referee) part.
struct Difference {
    int turn = 0;      // 1-based; 0 when the difference is in the result
    std::string what;  // "input", "output", "player", "error", "turn count", "scores", ...
    std::string expected, actual;
};

// Plays the recorded outputs through a fresh referee. Returns the first difference, or nothing
// when the log is consistent with the referee. `upto_turn` > 0 stops after that turn and leaves
// the referee there (for render_turn); the result is then not compared.
std::optional<Difference> check_script(const match::MatchLog& log, referee::Referee& referee,
                                       int upto_turn = 0);

// The first turn where `fresh` differs from `recorded` in player, input or output, then the
// turn count and the scores. Nothing when they are identical.
std::optional<Difference> compare(const match::MatchLog& recorded, const match::MatchLog& fresh);

// Turn `turn` of the log in readable form: who played, the board drawn as text (from the
// turn's input), the output, the referee's summary or error (with the bots' names for "$0",
// "$1"), and the time against the limit. Made safe to print on a terminal.
// Throws LogError for a turn that is not in the log.
std::string render_turn(const match::MatchLog& log, int turn);

}  // namespace arena::replay
