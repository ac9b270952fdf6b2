// A league's directory and its definition, DIR/league.json: the game and what every game shares
// (a tournament config without bots: "game" or "referee", players, time, limits, boards), the
// master seed, the minimum games of a new bot, and the bots (snapshots in DIR/bots/<name>/, each
// active or retired). DIR/config.json is the same league as a tournament config (every bot,
// retired too) so that `arena standings DIR` and `arena view DIR` read it as a tournament's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/tournament/config.hpp"

namespace arena::league {

// A league that cannot be used as asked (no league there, a bad name, a name taken). what()
// says what to do; the CLI exits 2.
struct LeagueError : arena::Error {
    using arena::Error::Error;
};

inline constexpr int kFormatVersion = 1;
inline constexpr int kDefaultMinGames = 20;

struct LeagueBot {
    std::string name;
    std::string command;  // run in its snapshot, DIR/bots/<name>/
    std::string origin;   // what was added (--bot text), for the user
    std::string added;    // when, UTC, ISO 8601
    bool retired = false;
};

struct League {
    std::filesystem::path dir;
    // The tournament config fields every game shares: "game" or "referee", "players_per_game"
    // or "boards", "time", "limits", "sandbox", "logs", "log_compression".
    nlohmann::ordered_json shared = nlohmann::ordered_json::object();
    std::int64_t master_seed = 0;
    int min_games = kDefaultMinGames;
    int concurrency = 0;  // 0: one game per core
    std::vector<LeagueBot> bots;

    const LeagueBot* find(const std::string& name) const;
    std::vector<std::string> names() const;  // every bot, retired too, in the order added
};

// Letters, digits and "_.+-", not starting with '.' or '-', at most 64 characters: a bot's name
// is part of game ids, file names and its snapshot's folder. "" when `name` is one, else why not.
std::string name_fault(const std::string& name);

std::filesystem::path snapshot_dir(const std::filesystem::path& league_dir,
                                   const std::string& name);

// DIR holds a league (DIR/league.json).
bool is_league(const std::filesystem::path& dir);
// Reads DIR/league.json. Throws LeagueError naming DIR and what to do when there is none or it
// is damaged.
League read_league(const std::filesystem::path& dir);
// Writes DIR/league.json atomically, and DIR/config.json when the league has enough bots for a
// game.
void write_league(const League& league);

// The league as a tournament config: its bots (retired too), each running in its snapshot, one
// seed (games draw their own). Throws tournament::ConfigError when the league has fewer bots
// than a game seats: check enough_bots first.
tournament::TournamentConfig league_config(const League& league);
// The same with `count` stand-in bots: checks the shared fields at `league new`.
tournament::TournamentConfig check_shared(const League& league, int count);
// Players per game (1 for a puzzle).
int players_per_game(const League& league);
bool enough_bots(const League& league);

// Holds DIR/league.lock (flock) while league.json is read, changed and written by `add` or
// `retire`: two of them at once would lose one's change.
class EditLock {
  public:
    explicit EditLock(const std::filesystem::path& dir);
    ~EditLock();
    EditLock(const EditLock&) = delete;
    EditLock& operator=(const EditLock&) = delete;

  private:
    int fd_ = -1;
};

}  // namespace arena::league
