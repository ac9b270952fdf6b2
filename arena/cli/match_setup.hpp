// The pieces of `arena match` that are not its options: the tournament config a match plays
// (from the game, the bots, the boards or seeds), the match's own settings kept in its output
// directory (OUT/match.json: the sequential test, so that --resume goes on with it), and the
// sequential test fed game by game.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "arena/ratings/sprt.hpp"
#include "arena/report/seat_swaps.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

// Games of a match between bots when neither -n nor --sprt says.
inline constexpr std::size_t kDefaultMatchGames = 100;
// The boards of a puzzle match when --boards does not say.
inline constexpr const char* kDefaultMatchBoards = "all";

// The registry's entry of GAME, any case. Throws Error naming the known games.
const referee::GameInfo& match_game(const std::string& name);

// Board list of --boards: "tests", "validators", "all", numbers and ranges ("1,2,5-8"), board
// files, comma-separated; a board named twice is played once. Throws Error naming the item.
std::vector<referee::Testcase> parse_boards(const referee::GameInfo& game, const std::string& list);

// Throws Error unless the game can seat `bots` bots at one table (puzzles: any number, each
// alone).
void check_bot_count(const referee::GameInfo& game, std::size_t bots);

// The tournament a match plays: puzzles every bot on `boards`; games between bots one table of
// all the bots, every seat order of each seed, seeds drawn from `master_seed`, about `games`
// games (whole seat-swapped groups). Returns the config and, for games between bots, how -n was
// rounded ("13 seeds x 2 seat orders").
// With `gauntlet` (games between bots): the first bot plays each other bot, the others never
// play each other, at tables of the game's fewest players (2 for Dice Shogi and Tsuro, an
// external game's own count), every seat order; `games` is then the games against each other bot.
struct MatchPlan {
    tournament::TournamentConfig config;
    std::string rounding;
};
MatchPlan match_plan(const referee::GameInfo& game, std::vector<match::PlayerSpec> bots,
                     std::vector<referee::Testcase> boards, std::int64_t master_seed,
                     std::size_t games, bool gauntlet = false);

// OUT/match.json: what a resumed match needs beyond OUT/config.json.
struct MatchSettings {
    std::optional<ratings::SprtHypotheses> sprt;
};
void save_match_settings(const std::filesystem::path& out, const MatchSettings& settings);
// Empty settings when the file is missing (a match without --sprt). Throws Error when it is
// not a match's.
MatchSettings load_match_settings(const std::filesystem::path& out);

// The first bot of a 2-bot match against the second, one game record at a time (the runner's
// stop_after): a test on seat-swapped pairs. Returns true once it has decided.
class MatchSprt {
  public:
    MatchSprt(const ratings::SprtHypotheses& hypotheses, std::string bot, std::string other);
    bool add(const tournament::GameRecord& record);
    const ratings::SprtTest& test() const { return test_; }

  private:
    ratings::SprtTest test_;
    std::string bot_, other_;
    report::SeatSwapPairing pairing_;
};

}  // namespace arena::cli
