// A run's failed games as its report shows them (an entry each: which seat failed, at which turn,
// with what error, output and stderr; and a replay page), made while the run goes on from the
// logs it has in memory. The report written at the end of a run used to read, decompress and
// parse every failed game's log again: with an instant bot that fails 46 of 50 SameGame boards,
// that was most of the run's closing time (issue 17: the bare-driver ratio).
#pragma once

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "arena/match/match.hpp"
#include "arena/tournament/record.hpp"
#include "arena/view/view.hpp"

namespace arena::view {

// What went wrong in the failed game `record`, from its parsed log (null or not an object: no
// log kept): the report's entry, with "replay": null.
nlohmann::json failure_entry_of(const tournament::GameRecord& record, const nlohmann::json& log);
// The same from the log in memory (no JSON to parse).
nlohmann::json failure_entry_of(const tournament::GameRecord& record, const match::MatchLog& log);

// The report's link to game `id`'s replay page (replays/<id>.html), every byte of the id but
// the URL's unreserved ones percent-encoded, '%' included: ids keep a bot's name with its other
// bytes as %XX (v1+fast is v1%2Bfast), which a link must not let the browser decode.
std::string replay_link(std::string_view id);

// The page data of a log as the arena writes it (match::dump_json of match::to_json): its text
// made safe inside a <script> element, its seed as text, without parsing it.
std::string script_safe_log_text(std::string_view log_json);

// Writes game `id`'s replay page from the fields its title needs ("game", "players" with
// "name", "testcase", "seed") and its script-safe data; false for an id that could leave `dir`.
bool write_replay_page_text(const std::filesystem::path& dir, const std::string& id,
                            const nlohmann::json& title_fields, const std::string& safe_log);

// Writes game `id`'s replay page, `dir`/replays/<id>.html (the viewer shared in
// replays/viewer/); false, and nothing written, for an id that could leave the directory.
bool write_replay_page_of(const std::filesystem::path& dir, const std::string& id,
                          const nlohmann::json& log);

// Failed games' entries and replay pages of the run writing into `dir`, made on a thread of
// their own as the games are recorded (at most `max_pages` pages, as the report links at most
// that many). The report then takes them (entry()) instead of reading the logs again.
class FailurePages {
  public:
    explicit FailurePages(std::filesystem::path dir, int max_pages = kMaxReplayPages);
    ~FailurePages();  // finishes the pages under way
    FailurePages(const FailurePages&) = delete;
    FailurePages& operator=(const FailurePages&) = delete;

    // A game just recorded, its log and the log's JSON text as written. Nothing for a game
    // without a failed seat. Its entry is made at once (the log is in memory); its page on the
    // pages' thread, from the text without parsing it. Never throws: what cannot be made here,
    // the report makes from the log file.
    void add(const tournament::GameRecord& record, const match::MatchLog& log,
             const std::string& log_json);
    // Waits until every game added is done.
    void finish();
    // The entry of failed game `id` ("replay" set when its page was written), nullopt when it
    // was not made here.
    std::optional<nlohmann::json> entry(const std::string& id) const;
    // Removes the pages in replays/ whose games the report does not link (a run with more
    // failed games than pages links the earliest by game id), those of an earlier run included.
    void remove_unlinked(const std::set<std::string>& linked);

  private:
    struct Job {
        std::string id;
        nlohmann::json title_fields;  // what the page's title says of the game
        nlohmann::json entry;
        std::string log_json;
    };
    void work();
    void make(const Job& job);

    std::filesystem::path dir_;
    int max_pages_;
    mutable std::mutex lock_;  // guards the fields below
    std::condition_variable changed_;
    std::deque<Job> jobs_;
    bool busy_ = false, stopping_ = false;
    int pages_ = 0;
    std::map<std::string, nlohmann::json> made_;  // id -> entry
    std::jthread thread_;                         // started with the first failed game
};

}  // namespace arena::view
