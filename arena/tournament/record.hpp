// One finished game as a tournament remembers it: a line of results.jsonl. Standings are computed
// from these records alone, so a resumed tournament and an uninterrupted one report the same.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::tournament {

struct GameRecord {
    std::string id;  // unique in the tournament, also the log's file name: games/<id>.json
    std::string game;
    std::string testcase;              // board name ("test06"), empty when the game has none
    std::optional<std::int64_t> seed;  // the CodinGame seed (games with dice or decks)
    // Games that differ only by seat order (same seed, same bots, same repeat) share a group:
    // the stats pair them (pentanomial counts), and a replay finds its twin games.
    std::string group;
    std::vector<std::string> players;  // bot names in seat order
    std::vector<std::int64_t> scores;
    std::vector<int> ranks;
    std::vector<std::string> outcomes;  // "ok", "timeout", "invalid", "crash" per seat
    std::vector<std::string> details;   // how each bot's process ended
    std::string reason;
    int turns = 0;
    std::vector<double> mean_turn_ms;  // per seat
    std::vector<double> max_turn_ms;   // per seat
    // Per seat, every answered turn's time in ms (0.01 ms resolution), for percentiles.
    std::vector<std::vector<double>> turn_ms;
    std::string log;  // path of the match log, relative to the output directory
};

GameRecord make_record(const std::string& id, const std::string& group, const match::MatchLog& log,
                       const std::string& log_path);

nlohmann::ordered_json to_json(const GameRecord& record);
GameRecord record_from_json(const nlohmann::json& line);  // throws nlohmann::json::exception

// The records of a results.jsonl, in file order. A last line without its newline (the arena was
// killed while writing it) is left out, and `complete_bytes` says where the whole lines end.
// Throws files::FileError when the file cannot be read, std::runtime_error naming the file and
// the line when a whole line is not a record.
struct ResultsFile {
    std::vector<GameRecord> records;
    std::uintmax_t complete_bytes = 0;
};
ResultsFile read_results(const std::filesystem::path& results);

}  // namespace arena::tournament
