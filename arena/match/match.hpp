// One game: drives a referee with one bot process per seat and records the transcript.
//
// The match layer knows the process layer (arena/process) below it and the referee interface,
// nothing about tournaments. It never throws because of what a bot did: every misbehaviour ends
// up as an outcome in the log.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/match/external_game.hpp"
#include "arena/process/bot_process.hpp"
#include "referees/referee.hpp"

namespace arena::match {

struct PlayerSpec {
    std::string name;         // shown in logs and standings
    std::string command;      // command line, split like a POSIX shell would (no shell is run)
    std::string working_dir{};  // empty: the arena's working directory
    // This bot's resource limits and sandbox; unset: MatchOptions::bot's.
    std::optional<process::Limits> limits{};
    std::optional<bool> sandbox{};
    // A bot given as a source file (tournament/bot_build.hpp). The match layer never reads
    // these: build_bots() turns them into `command` before any game.
    std::string source{};  // the source file, relative to working_dir; empty: `command` as given
    std::string build{};   // its own build command ("{source}", "{out}", "{dir}"); empty: default
    std::string built{};   // set by build_bots: the build's output directory (empty: no build)
};

// stderr kept per seat and game, on top of process::kStderrCapPerTurn per turn: a bot that floods
// stderr every turn cannot make a match log (or the arena's memory) grow without bound. Beyond it
// the turns keep no stderr, are marked stderr_truncated, and the seat's stderr_cut is set.
inline constexpr std::size_t kStderrCapPerGame = 256 * 1024;

// How a seat's game went, as recorded in the log.
enum class Outcome { ok, timeout, invalid, crash };
const char* to_string(Outcome outcome);
// The outcome a log or results line names ("ok", "timeout", "invalid", "crash"); nullopt for
// any other text, so each reader decides how to refuse it.
std::optional<Outcome> outcome_from_string(std::string_view text);

struct Turn {
    int turn = 0;                       // 1-based, counts every bot answer of the match
    int player = 0;                     // seat
    std::string input;                  // the exact bytes sent
    std::string state;                  // the referee's position text before the turn, if any
    std::optional<std::string> output;  // the line read without its line end; nullopt if none
    std::string stderr_text;
    bool stderr_truncated = false;
    // From the turn's clock start (writing the input; on a first turn, when the bot began reading
    // it, see MatchOptions::startup_ms) until the line end, or until the read gave up. A late
    // answer's real time when `late`.
    double time_ms = 0;
    int limit_ms = 0;
    // What the bot's threads did during the turn (docs/match-log.md): CPU time, and time they
    // were runnable but waited for a CPU. Unset where the kernel does not tell.
    std::optional<double> cpu_ms;
    std::optional<double> wait_ms;
    bool late = false;  // no answer by the deadline, but one within the late grace: never used
    // A timeout that the wait for a CPU explains: had the bot not waited, it would have answered
    // in time (time_ms - wait_ms < the turn's hard limit). The machine was too busy: fewer games
    // at once (--concurrency) play it fairly.
    bool load_timeout = false;
    // SDK 4.7.7 rules (TimeRules::codingame_4_7_7): answered after limit_ms but within the hard
    // limit; the player's first two are accepted, the third is a timeout.
    bool overrun = false;
    std::optional<int> bank_ms;  // a timebank: what the player has left after this turn
    std::string summary;  // the referee's game-summary text for this turn
    std::string error;    // the referee's error text, when the turn was rejected
};

struct SeatResult {
    std::int64_t score = 0;
    int rank = 0;
    Outcome outcome = Outcome::ok;
    std::string detail;  // what happened to the process: "exit code 0", "signal 11 (SIGSEGV)", ...
    bool stderr_cut = false;  // its stderr reached kStderrCapPerGame: later stderr was dropped
    // From the bot's spawn until its first turn's clock started (it began reading its first
    // input, or the start-up allowance ran out). When `startup_ready`, the bot was already
    // waiting when its input was written, and this is only an upper bound of its start-up.
    std::optional<double> startup_ms;
    bool startup_ready = false;
    bool startup_exceeded = false;  // it read nothing within the start-up allowance
    // A timeout's timing in words: "answered after 70.3 ms (limit 50 ms)", "no answer within
    // 100 ms", "did not read its first input within the start-up allowance (4000 ms)", with
    // "; a load timeout: ..." when the wait for a CPU explains it. Empty otherwise.
    std::string timing;
};

struct MatchLog {
    std::string game;
    std::optional<std::int64_t> seed;
    std::string testcase;  // a name for what was played (board name, file), empty if none
    // The test case the referee got (GameSetup::testcase: SameGame's board, a Dice Shogi start
    // SFEN), so a replay needs nothing but the log. Empty for none / the standard start.
    std::string testcase_text;
    std::vector<PlayerSpec> players;
    std::vector<Turn> turns;
    std::vector<SeatResult> seats;  // one per player, in seat order
    std::string reason;             // why the game ended, in the referee's words
    // The arena was interrupted (SIGINT, SIGTERM, SIGHUP) before the game ended: `turns` holds
    // the turns played (not the one cut short), `seats` no score or rank, `reason` says so.
    bool interrupted = false;
    // The referee could not go on (referee::RefereeFailure): what it did, naming the referee and
    // the line. The seats then have no score or rank: the game is played but not rated.
    std::string referee_failure;
    // An external referee's game: its spec, so that the log alone is enough to replay and view
    // it. Unset for a built-in game.
    std::optional<ExternalGameSpec> external;
    double duration_ms = 0;
};

// The turn limit under MatchOptions::no_time_limit: a day, so that a bot paused in a debugger is
// still waited for, while a bot that never answers cannot hold the arena forever.
inline constexpr int kNoTimeLimitMs = 24 * 60 * 60 * 1000;

// CodinGame's defaults (SDK GameManager): what a bot may take to start before its first turn's
// clock starts anyway, and the grace a late answer is waited for (never used, only timed).
inline constexpr int kDefaultStartupMs = 4000;
inline constexpr int kLateGraceCapMs = 100;

struct MatchOptions {
    // Kill grace, default limits and sandbox; the working dir (and any limits or sandbox of its
    // own) comes from each PlayerSpec.
    process::BotOptions bot;
    // The limit enforced on a turn: the referee's (CodinGame's) limit * time_scale +
    // time_margin_ms, at least 1 ms. For slow machines, sanitizer builds or quick smoke runs.
    double time_scale = 1.0;
    int time_margin_ms = 0;
    // No time limit to speak of (kNoTimeLimitMs per turn): for stepping through a bot in a
    // debugger (`--no-time-limit`). Replaces time_scale and time_margin_ms.
    bool no_time_limit = false;
    // The start-up allowance (process::BotOptions::startup_allowance): a bot's first turn's
    // clock starts when it begins reading its first input, or this long after its spawn. 0: when
    // the input is written (as before).
    int startup_ms = kDefaultStartupMs;
    // An external game's rules (its spec's "time_rules" and "timebank_ms"); built-in games are
    // plain.
    TimeRules time_rules = TimeRules::plain;
    std::optional<int> timebank_ms;
    // Called after each turn (e.g. to print it); runs on the match's thread.
    std::function<void(const Turn&)> on_turn;
};

// Plays `referee` to its end with a fresh bot process per seat. A bot that cannot be started is
// recorded as a crash (with the reason) and its turns time out, so the game still ends as
// CodinGame would end it. Check commands beforehand with check_command() to fail early instead.
MatchLog play_match(referee::Referee& referee, const std::vector<PlayerSpec>& players,
                    const MatchOptions& options = {});

// Throws process::SpawnError / std::invalid_argument when `player`'s command cannot be run,
// with a message that names the bot and says what to do.
void check_command(const PlayerSpec& player);

}  // namespace arena::match
