// The tournament config file (JSON): which game, which bots, which boards/seeds, where to write.
// Every field is documented in configs/README.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/common/log_files.hpp"
#include "arena/common/numbers.hpp"
#include "arena/match/match.hpp"
#include "referees/registry.hpp"

namespace arena::tournament {

// A config that cannot be used. what() names the file, the field and what is wrong.
struct ConfigError : arena::Error {
    using arena::Error::Error;
};

// One thing to play a game on (a SameGame board, built in or a file): the registry's, since a
// game's catalogue returns it.

// Who meets whom (games with 2 or more players).
enum class Format {
    round_robin,  // every group of `players_per_game` bots
    gauntlet,     // only the groups that contain the candidate
};

// Which seat orders of a group are played for each seed.
enum class SeatOrders {
    all,        // every permutation: 2 for two players, k! for a table of k
    rotations,  // the k rotations of the listed order: each bot sits in each seat once
};

// "logs": which games keep their match log in OUT/games/ (docs/match-log.md).
enum class LogRetention {
    all,     // every game
    failed,  // only games where a seat failed (timeout, crash, invalid): those the report links
    none,    // no game: the records' "log" is ""
};

struct TournamentConfig {
    std::string game;
    std::vector<match::PlayerSpec> bots;
    // SameGame: the boards. Empty for games played on seeds.
    std::vector<referee::Testcase> testcases;
    // Dice Shogi, Tsuro: the CodinGame seeds (dice, decks); every group plays every seed.
    std::vector<std::int64_t> seeds;
    std::optional<std::int64_t> master_seed;  // set when the seeds were drawn from it
    // The config said how many seeds ("seeds" a count, {"count": N, ...} or a list), rather than
    // leaving the default count. Not written to a run's config.json.
    bool seed_count_given = false;
    int games_per_seed = 1;  // repeats of each (seed, seat order)
    int players_per_game = 1;
    Format format = Format::round_robin;
    std::size_t candidate = 0;  // index into bots; the gauntlet's candidate
    SeatOrders seat_orders = SeatOrders::all;
    // Time limits: CodinGame's limit * time_scale + time_margin_ms (defaults: CodinGame's own).
    double time_scale = 1.0;
    int time_margin_ms = 0;
    // A bot's start-up allowance (match::MatchOptions::startup_ms), "time": {"startup_ms": N}.
    int startup_ms = match::kDefaultStartupMs;
    // `match --no-time-limit`: turns wait up to match::kNoTimeLimitMs (a bot in a debugger).
    // Command line only: never in a config file, so never in a run's config.json.
    bool no_time_limit = false;
    std::optional<int> concurrency;
    std::optional<std::filesystem::path> out;
    // "games" (or --games): the run was sized to about this many games (resize_to_games). A
    // run's config.json keeps it, so that --resume goes on with the same size.
    std::optional<std::size_t> games;
    // "limits" and "sandbox": the defaults of every bot. Each bot's PlayerSpec carries its
    // effective limits and sandbox (these, overridden field by field by the bot's own).
    process::Limits limits;
    bool sandbox = false;
    // "build_timeout" (or --build-timeout): seconds one build from source may take; unset: the
    // default (bot_build.hpp).
    std::optional<long> build_timeout{};
    // "logs" and "log_compression": which games' logs are kept, and whether as games/<id>.json.zst
    // (the default) or plain games/<id>.json. tournament/log_store.hpp applies them.
    LogRetention logs = LogRetention::all;
    files::LogCompression log_compression = files::LogCompression::zstd;
};

// Bounds shared by configs and the command line.
inline constexpr int kMaxConcurrency = 1024;  // games at once, each with its bots' processes
// Games in one tournament: its schedule and records are held in memory.
inline constexpr std::uint64_t kMaxGames = 10'000'000;
// Per-bot limits ("limits" in a config, --max-memory... on the command line).
inline constexpr numbers::Range kMemoryMbRange{1, 1 << 24};
inline constexpr numbers::Range kCpuSecondsRange{1, 1 << 24};
inline constexpr numbers::Range kProcessesRange{1, 1 << 22};
inline constexpr numbers::Range kFileSizeMbRange{1, 1 << 24};
// Seconds one build from source may take ("build_timeout", --build-timeout): up to a day.
inline constexpr numbers::Range kBuildTimeoutRange{1, 86'400};

// How many games the config's schedule has (make_schedule's size, counted without building it;
// saturates at the largest std::uint64_t).
std::uint64_t scheduled_games(const TournamentConfig& config);

// The match options a config asks for (its clocks: scale, margin, start-up, no limit): every run
// that plays a config's games (tournament, league) takes them from here.
match::MatchOptions match_options(const TournamentConfig& config);

// The seeds a config gets from a master seed: a fixed, documented sequence (SplitMix64), so a
// config names its whole schedule.
std::vector<std::int64_t> seeds_from_master(std::int64_t master, int count);

// How read_config reads a config that is part of a bigger one (a gate config: docs/gate.md).
struct ConfigReadOptions {
    // Top-level fields the caller reads itself (the gate's "gate" and "candidate"): neither
    // refused as unknown nor read here (so "candidate" is not checked against "format").
    std::set<std::string> caller_fields;
    // Versus games: the format is this one. A "format" field naming another is refused with
    // `versus_format_why`, before any other field is looked at.
    std::optional<Format> versus_format;
    std::string versus_format_why;
};

// "round-robin", "gauntlet": as configs name them.
std::string format_name(Format format);
// "all", "failed", "none"; "zstd", "zstd-fast", "none": as configs name them (a run's
// config.json too).
std::string log_retention_name(LogRetention logs);
std::string log_compression_name(files::LogCompression compression);

// The JSON object of a config file's text (comments and trailing commas allowed:
// parse_config_object). Throws ConfigError:
// "<file>: not valid JSON: ..." or "<file>: must be a JSON object".
nlohmann::json parse_config_text(const std::string& text, const std::filesystem::path& file);

// Checks and reads a parsed config. `file` names it in messages and anchors relative test case
// (board) files. Throws ConfigError naming the file and the field.
TournamentConfig read_config(const nlohmann::json& root, const std::filesystem::path& file,
                             const ConfigReadOptions& options = {});

// Reads and checks a config file. Throws ConfigError.
TournamentConfig load_config(const std::filesystem::path& file);
// The same from the file's text; `file` names it in messages and anchors relative board paths.
TournamentConfig load_config_text(const std::string& text, const std::filesystem::path& file);

// A test case read from a file (a SameGame board file: 15 lines, or CodinGame's testN.json),
// checked with the game's check; named by the file's stem, titled by its path. Reading a file is
// I/O, so it is here and not in the registry. Throws std::invalid_argument: why the file cannot
// be read, or "board file '<path>': <what is wrong>".
referee::Testcase testcase_from_file(const referee::GameInfo& game,
                                     const std::filesystem::path& file);

}  // namespace arena::tournament
