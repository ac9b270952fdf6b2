// The one place that knows every game: one entry per game says everything the layers above
// (match, tournament, replay, report, gate, view, cli) ask of it, and builds its referee. They
// ask an entry, never a game's name. Adding a game: docs/adding-a-game.md.
//
// Pure, like the referees: no I/O, no processes, no clocks. Reading a test case from a file is
// the tournament layer's (tournament::testcase_from_file), which checks its text here.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referees/referee.hpp"

namespace arena::referee {

// Who plays a game, and so how a tournament schedules it.
enum class GameKind {
    puzzle,  // one player alone on a test case, scored (SameGame): every bot on every test case
    versus,  // 2 or more players ranked against each other, one game per seed and seat order
};

// How a tournament's standings read.
enum class StandingsKind {
    validator_totals,  // each bot's total score on the validators, as CodinGame ranks a puzzle
    elo_ratings,       // ratings (Elo) estimated from the games' ranks
};

// One thing to play a game on: a built-in test case (SameGame's CodinGame boards), one read from
// a file, or text given on the command line (a Dice Shogi start position).
struct Testcase {
    std::string name;      // "test06", or the file's stem
    std::string title;     // "Standard Testset 1", or the file's path
    std::string text;      // what the referee gets as GameSetup::testcase
    int board_number = 0;  // 1..50 for CodinGame's boards, 0 otherwise
    bool validator = false;
    int best_known = 0;  // best published score for this board, 0 if unknown
};

// How a game's test case (GameSetup::testcase) is given.
enum class TestcaseForm {
    none,       // the game has none (Tsuro: the seed decides everything)
    catalogue,  // built-in test cases by number or named set, or a file (SameGame's 50 boards)
    text,       // free text given on the command line (Dice Shogi's start position in SFEN)
};

struct TestcaseInfo {
    TestcaseForm form = TestcaseForm::none;
    // The `arena play` option that gives it: "--testcase" (SameGame), "--sfen" (Dice Shogi).
    std::string option;
    // What one is called in texts: "board" (SameGame: "board test06 (...)", "unknown board set",
    // "board file '...'"), "sfen" (Dice Shogi: "sfen <text>").
    std::string noun;
    // The option's help in `arena play --help`.
    std::string option_help;
    // catalogue: every built-in test case, numbered 1..N in this order; null otherwise.
    const std::vector<Testcase>& (*builtins)() = nullptr;
    // catalogue: the number of the one played when none is named (SameGame: 6). 0 otherwise: an
    // empty text is the game's standard start (Dice Shogi).
    int default_number = 0;
    // Checks a test case's text (a board file's, an SFEN) as make_referee will read it; null for
    // TestcaseForm::none. Throws std::invalid_argument saying what is wrong.
    void (*check_text)(std::string_view text) = nullptr;
};

// One logged turn drawn as text for `arena replay --turn`: what the bot read, what it answered
// (nothing on a timeout) and the referee's state text (may be empty). Returns the board drawn
// from them, then "\nstate: ...\n" when the drawing does not show the state.
using TurnDrawing = std::string (*)(const std::string& input,
                                    const std::optional<std::string>& output,
                                    const std::string& state);

// Everything the layers above ask of a game.
struct GameInfo {
    std::string name;   // "samegame": configs, match logs, `arena play GAME`
    std::string title;  // "SameGame": in messages
    int min_players = 1;
    int max_players = 1;
    GameKind kind = GameKind::puzzle;
    bool seeded = false;  // has dice or decks drawn from a CodinGame seed
    TestcaseInfo testcases;
    StandingsKind standings = StandingsKind::validator_totals;
    // The viewer's drawing of the game: the viewer asset (viewer/<this>) that defines
    // window.ArenaGames.<name>, e.g. "games/samegame.js" (arena/view compiles it in).
    std::string viewer_script;
    TurnDrawing draw_turn = nullptr;
    // A fresh referee at the start of a game; make_referee checks the setup's game first. A game
    // added with add_game may have none when its games are played whole by something else (an
    // SDK referee runner: arena/match/play_game.hpp).
    std::function<std::unique_ptr<Referee>(const GameSetup& setup)> make;
    // Added at run time (add_game): an external referee's game, not one of the built-in ones.
    bool external = false;
};

// Every built-in game, in a fixed order (samegame, diceshogi, tsuro).
const std::vector<GameInfo>& games();

// Adds a game that is not built in (an external referee's, described by a config, the command
// line or a match log) so that find_game / game_info / make_referee find it like the others. The
// registry stays pure: `info.make` is the caller's (arena/match/external_game.cpp builds it).
// Adding a game of the same name again replaces nothing and returns the first one when it is the
// same game (same `title`, players, kind), else throws std::invalid_argument; so does a name or
// title of a built-in game. Call before games are played (the entries are never moved or
// removed, so references stay valid; calls from several threads are safe). An rvalue reference,
// not a value: GCC 14 takes the reference returned for a by-value argument as dangling.
const GameInfo& add_game(GameInfo&& info);

// The titles of the games `has` holds for, joined by `separator`: the help texts that name the
// games of a kind ("Dice Shogi and Tsuro", "SameGame").
std::string game_titles(bool (*has)(const GameInfo&), const std::string& separator);

// The game names make_referee accepts, e.g. {"samegame", "diceshogi", "tsuro"}.
std::vector<std::string> known_games();

// The entry of a game named by its name or its title in any case ("samegame", "SameGame",
// "DICESHOGI", "Dice Shogi"), or nullptr when there is no such game. Callers keep the entry's
// `name` (what logs, results and standings write), not the text they were given.
const GameInfo* find_game(std::string_view game);

// The entry of a game, as find_game finds it. Throws std::invalid_argument for any other name:
// "unknown game 'x': known games are samegame, diceshogi, tsuro". A view, not a const string&:
// GCC 14 would take `const GameInfo& g = game_info("tsuro")` for a reference to the temporary.
const GameInfo& game_info(std::string_view game);

// A fresh referee for setup.game, at the start of the game.
//   samegame: players must be 1; setup.testcase is a board (see parse_samegame_testcase) or
//             empty for the default board (kDefaultSameGameBoard); the seed is unused (the game
//             has no randomness).
//   diceshogi: players must be 2 and setup.seed is required (it decides the dice, 0 = always
//             6, and arena's order of the action lines); setup.testcase is a start position in
//             SFEN or empty for the standard start (see parse_diceshogi_testcase).
//   tsuro:    players must be 2..4 and setup.seed is required (the CodinGame seed: it decides
//             the deck and every reshuffle); the test case is unused.
// Throws std::invalid_argument for an unknown game ("unknown game 'x': known games are ..."),
// a wrong number of players or a bad test case.
std::unique_ptr<Referee> make_referee(const GameSetup& setup);

// ---- test cases: a catalogue's built-in ones, and test cases given as text -----------------

// The named sets of built-in test cases, CodinGame's words: "all", "tests" (shown in the IDE),
// "validators" (scored on submit).
inline constexpr std::string_view kTestcaseSets[] = {"all", "tests", "validators"};

// How many built-in test cases the game has (SameGame: 50; 0 without a catalogue).
int builtin_testcase_count(const GameInfo& game);

// A named set of built-in test cases. Throws std::invalid_argument for any other name (or a game
// without a catalogue): "unknown board set 'x': use "all", "tests", "validators", or a list of
// board numbers and board files".
std::vector<Testcase> testcase_set(const GameInfo& game, std::string_view set);

// A built-in test case by number (1..builtin_testcase_count). Throws std::invalid_argument:
// "there is no built-in SameGame board 51: CodinGame's boards are numbered 1 to 50".
Testcase builtin_testcase(const GameInfo& game, int number);

// The test case played when none is named: the default built-in one (catalogue), else an empty
// one (the game's standard start, or no test case at all).
Testcase default_testcase(const GameInfo& game);

// A test case given as text (a file's content, an SFEN), checked with the game's check_text;
// name and title are the caller's (a file: its stem and its path). Throws std::invalid_argument
// with the check's reason.
Testcase testcase_from_text(const GameInfo& game, std::string text, std::string name,
                            std::string title);

// ---- how texts name a game's test case ------------------------------------------------------

// What `arena play` logs as the test case (match log "testcase"): a built-in board
// "test06 (Standard Testset 1)", a board file its path, a start position "sfen <text>"; empty
// when there is none (no test case, or the standard start).
std::string testcase_log_name(const GameInfo& game, const Testcase& testcase);

// How a one-line summary shows the test case logged as `log_name` (testcase_log_name):
// "board test06 (Standard Testset 1)", "board boards/x.txt", "sfen <text>"; empty for none.
std::string testcase_label(const GameInfo& game, const std::string& log_name);

}  // namespace arena::referee
