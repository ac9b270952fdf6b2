#include "arena/tournament/log_store.hpp"

#include <algorithm>

#include "arena/common/log_files.hpp"
#include "arena/match/match_log_json.hpp"

namespace arena::tournament {

namespace {

// A seat timed out, crashed or played an invalid move: the games the report links to.
bool a_seat_failed(const match::MatchLog& log) {
    return std::any_of(log.seats.begin(), log.seats.end(), [](const match::SeatResult& seat) {
        return seat.outcome != match::Outcome::ok;
    });
}

bool kept(LogRetention logs, const match::MatchLog& log) {
    switch (logs) {
        case LogRetention::all:
            return true;
        case LogRetention::failed:
            return a_seat_failed(log);
        case LogRetention::none:
            return false;
    }
    return true;
}

}  // namespace

std::string store_log(const TournamentConfig& config, const std::filesystem::path& out,
                      const std::string& id, const match::MatchLog& log, std::string* json_text) {
    if (!kept(config.logs, log)) return "";
    std::string log_path = "games/" + id + ".json";
    if (config.log_compression != files::LogCompression::none)
        log_path += files::kCompressedLogSuffix;
    std::string text = match::dump_json(match::to_json(log)) + "\n";
    // In place, not through a temporary file and a rename: the game counts only once its
    // results line is appended after this, so a log cut short by a crash is a game --resume plays
    // again (and writes over). A file created and renamed per game was a tenth of the arena's
    // own work in a run of instant games (issue 17).
    files::write_log_in_place(out / log_path, text, config.log_compression);
    if (json_text) *json_text = std::move(text);
    return log_path;
}

}  // namespace arena::tournament
