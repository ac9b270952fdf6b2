// One finished game as a tournament remembers it: a line of results.jsonl. Standings are computed
// from these records alone, so a resumed tournament and an uninterrupted one report the same.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"
#include "arena/tournament/config.hpp"

namespace arena::tournament {

// Where a seat that failed (timeout, invalid, crash) went wrong, so that standings and summaries
// can say it without the match log (which may be gone).
struct SeatFailure {
    int turn = 0;  // the failing turn, numbered as in the log and `arena replay --turn`
    // The referee's error text for that turn in CodinGame's exact words ("$1 timeout!"); readers
    // put the bots' names in (with_player_names). Empty when the referee gave none.
    std::string error;
    // A timeout's timing in words (match::SeatResult::timing), and whether the wait for a CPU
    // explains it (a load timeout: the machine was too busy). Empty / false otherwise.
    std::string timing;
    bool load = false;
};

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
    std::vector<match::Outcome> outcomes;  // per seat; a string only in the JSON
    std::vector<std::string> details;      // how each bot's process ended
    std::string reason;
    int turns = 0;
    std::vector<double> mean_turn_ms;  // per seat
    std::vector<double> max_turn_ms;   // per seat
    // Per seat, the answered turns' times in ms (0.01 ms resolution), for percentiles: the
    // first turn's first (the page shows it apart), then the others. A results.jsonl line keeps
    // them as a histogram ("first_turn_ms", "turn_hist": turn_histogram.hpp's bins, exact below
    // 10.24 ms), so a record read back has the others in ascending order; lines written before
    // that keep every time ("turn_ms") and still read.
    std::vector<std::vector<double>> turn_ms;
    std::string log;  // path of the match log, relative to the output directory
    // Per seat: where a failed seat went wrong; nullopt for a seat that did not fail. Empty (no
    // value per seat) in a record written before failing turns were kept: use failure_of().
    std::vector<std::optional<SeatFailure>> failures;
    // Not empty: the game's referee (an external one, issue 18) failed and says how; its seats
    // have score 0 and rank 0, and standings count the game without rating it. A line has
    // "referee_failure" only then.
    std::string referee_failure;
    // Per seat: from the bot's start until its first turn's clock started (the log's
    // players[].startup_ms), when the bot began reading its input after it was written (a real
    // start-up); nullopt otherwise. Empty in a record from before start-ups were kept.
    std::vector<std::optional<double>> startup_ms;
};

// Where `seat` of `record` failed, or nullptr: the seat did not fail, or the record is older than
// failing turns in records.
const SeatFailure* failure_of(const GameRecord& record, std::size_t seat);

// The turn where `seat` failed in `log`: its first turn the referee rejected (the error), else its
// last turn without an answer, else its last turn; nullopt when the seat did not fail or had no
// turn.
std::optional<SeatFailure> failure_in_log(const match::MatchLog& log, std::size_t seat);

// What the reader of results.jsonl checks every record against: what the caller knows of the
// tournament. Empty or 0: not checked.
struct ResultsExpectations {
    std::string game;
    std::vector<std::string> bots;  // every player of a record must be one of these
    int players_per_game = 0;       // seats: players, scores, ranks, outcomes... per record
    // Check each seat's bot identity (the runner, on --resume, and merge). Standings and reports
    // never read them: a reader that leaves them out parses half of each line.
    bool identities = true;
};
// The same for a reader of standings (view, standings, merge's outputs): identities unchecked.
ResultsExpectations standings_expectations_of(const TournamentConfig& config);
ResultsExpectations expectations_of(const TournamentConfig& config);

// What is wrong with `log` as the log path of game `id` in a results line, or "" when it is right:
// "" (no log kept) or games/<id>.json or games/<id>.json.zst, inside the results directory. Any
// other path (absolute, with "..", another name) would make readers and merge read or write a
// file the line chooses.
std::string log_path_fault(std::string_view id, std::string_view log);

GameRecord make_record(const std::string& id, const std::string& group, const match::MatchLog& log,
                       const std::string& log_path);

nlohmann::ordered_json to_json(const GameRecord& record);
// A record from its JSON, checked against `expected`. Throws std::invalid_argument naming the
// field and the fault. Fields it does not know are left alone (newer records may carry more).
GameRecord record_from_json(const nlohmann::json& line, const ResultsExpectations& expected = {});

// A results.jsonl line that is not a record of this tournament. what() names the file, the line
// and the fault.
struct ResultsError : arena::Error {
    using arena::Error::Error;
};

// The records of a results.jsonl, in file order, each checked (shape, types, one value per seat,
// players known, id unique). A last line without its newline (the arena was killed while writing
// it) is left out with a note, and `complete_bytes` says where the whole lines end. A line that
// repeats an earlier one exactly is counted once, with a note; another record with an id already
// seen is an error. Throws files::FileError when the file cannot be read, ResultsError for a
// line that is not a valid record.
struct ResultsFile {
    std::vector<GameRecord> records;
    std::uintmax_t complete_bytes = 0;
    std::vector<std::string> notes;  // for the user: duplicates left out, a cut last line
};
ResultsFile read_results(const std::filesystem::path& results,
                         const ResultsExpectations& expected = {});
// The same, one record at a time, without holding the file or its records: `each` gets every
// record in file order (duplicates left out). The file is read in blocks, never whole; what is
// kept per game is 16 bytes (a hash of its id and of its line, and the line's number), so
// that a repeated line or a reused id is still found. Returns what read_results returns but the
// records.
using RecordSink = std::function<void(GameRecord&&)>;
ResultsFile for_each_result(const std::filesystem::path& results, const RecordSink& each,
                            const ResultsExpectations& expected = {});
// The same on the file's text; `name` names it in messages.
ResultsFile parse_results(const std::string& text, const std::string& name,
                          const ResultsExpectations& expected = {});

}  // namespace arena::tournament
