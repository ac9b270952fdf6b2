// SameGame standings: per bot the validator total (CodinGame's submit score), per-board scores,
// failures, and the total as a percentage of the best known scores. Computed from the game
// records alone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/report/bot_health.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"

namespace arena::report {

struct BoardScore {
    std::string testcase;    // "test06"
    std::int64_t score = 0;  // the game's score (on a failure: the score before the failing turn)
    match::Outcome outcome = match::Outcome::ok;
    std::string game_id;  // the log is games/<game_id>.json
};

struct SameGameStanding {
    int rank = 0;
    std::string bot;
    // CodinGame's submit score: the sum over the validators played, a failed one counting 0.
    std::int64_t validator_total = 0;
    int validators = 0, validators_passed = 0;
    std::int64_t total = 0;  // the same over every board played
    int boards = 0, boards_passed = 0;
    // validator_total against the best known scores of the same boards (all boards when the
    // tournament has no validator); 0 when none of them has a known best.
    double best_known_percent = 0;
    // The best known scores' sum over those boards: 0 when none has one (the texts show "-").
    std::int64_t best_known_total = 0;
    int timeouts = 0, crashes = 0, invalids = 0;
    std::string first_failure;     // id of the first failed game in schedule order, "" if none
    FailedGame first_failed_game;  // that game: its turn, outcome and error
    double mean_turn_ms = 0, max_turn_ms = 0;
    std::vector<BoardScore> scores;  // in the config's board order
};

class RunTally;
// Ranked as CodinGame ranks: validators passed first, then the validator total, then the total.
std::vector<SameGameStanding> samegame_standings(const tournament::TournamentConfig& config,
                                                 const RunTally& tally);
// The same over records (a tally of them).
std::vector<SameGameStanding> samegame_standings(
    const tournament::TournamentConfig& config, const std::vector<tournament::GameRecord>& records);

// {"game": game, "standings": [...]}: `game` is the tournament's (config.game).
nlohmann::ordered_json to_json(const std::vector<SameGameStanding>& standings,
                               const std::string& game);
// The same, with the texts that head the tables, for standings.json and the report page:
// "boards_summary" (boards_summary(config)), "ranking" (what the table is ranked by, true to these
// boards) and "reading_guide".
nlohmann::ordered_json to_json(const std::vector<SameGameStanding>& standings,
                               const tournament::TournamentConfig& config);
// `out_dir`: the tournament's output directory, for the replay commands of failed games;
// `program`: how the user runs arena, the commands' first word (failures.hpp).
std::string to_markdown(const std::vector<SameGameStanding>& standings,
                        const tournament::TournamentConfig& config,
                        const std::string& out_dir = ".",
                        const std::string& program = kDefaultArenaProgram);
// A compact table for the terminal, headed by what the boards are (boards_summary) and what the
// table is ranked by.
std::string to_text(const std::vector<SameGameStanding>& standings,
                    const tournament::TournamentConfig& config);
// The same table without the line on the boards: its columns still say whether they count
// validators or every board played (the one-argument form callers had before).
std::string to_text(const std::vector<SameGameStanding>& standings);

// What a run's boards are, for the tables' headers: "boards 1-2 (2 tests, 0 validators)",
// "boards 1-50 (10 tests, 40 validators)", "boards 3, mine (1 test, 1 board file, 0 validators)"
// (tests: the built-in ones shown in the IDE; validators: scored on submit; board files: the
// config's own, neither). The noun ("board") is the game's registry entry's.
std::string boards_summary(const tournament::TournamentConfig& config);
// One row per bot and board, for spreadsheets.
std::string to_csv(const std::vector<SameGameStanding>& standings);

}  // namespace arena::report
