#include "arena/view/failure_pages.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "arena/common/diagnostics.hpp"
#include "arena/match/match.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/report/run_tally.hpp"

namespace fs = std::filesystem;

namespace arena::view {

namespace {

std::string text_or(const nlohmann::json& object, const char* key, const std::string& fallback) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

bool failed(const tournament::GameRecord& record) {
    return std::any_of(record.outcomes.begin(), record.outcomes.end(),
                       [](match::Outcome o) { return o != match::Outcome::ok; });
}

// Jobs waiting at most: a bound on the logs held in memory when pages are slower than games.
constexpr std::size_t kMaxWaiting = 16;

}  // namespace

namespace {

// A failed seat's last turn, where it failed, as the report shows it.
struct LastTurn {
    int turn = 0;
    std::string error;
    nlohmann::json output;  // null: no line read
    double time_ms = 0, limit_ms = 0;
    std::string stderr_text;
};

nlohmann::json entry_of(const tournament::GameRecord& r,
                        const std::function<std::optional<LastTurn>(int)>& last_turn_of) {
    nlohmann::json seats = nlohmann::json::array();
    for (std::size_t seat = 0; seat < r.outcomes.size(); ++seat) {
        if (r.outcomes[seat] == match::Outcome::ok) continue;
        nlohmann::json entry = {{"seat", seat},
                                {"bot", seat < r.players.size() ? r.players[seat] : ""},
                                {"outcome", match::to_string(r.outcomes[seat])},
                                {"detail", seat < r.details.size() ? r.details[seat] : ""}};
        if (const tournament::SeatFailure* failure = tournament::failure_of(r, seat)) {
            if (!failure->timing.empty()) entry["timing"] = failure->timing;
            if (failure->load) entry["load"] = true;
        }
        if (const std::optional<LastTurn> t = last_turn_of(static_cast<int>(seat))) {
            entry["turn"] = t->turn;
            entry["error"] = t->error;
            entry["output"] = t->output;
            entry["time_ms"] = t->time_ms;
            entry["limit_ms"] = t->limit_ms;
            const std::string& err = t->stderr_text;
            entry["stderr_tail"] = err.size() > 400 ? err.substr(err.size() - 400) : err;
        }
        seats.push_back(std::move(entry));
    }
    return {{"id", r.id},
            {"testcase", r.testcase},
            // As text: JavaScript numbers would round a 64-bit seed.
            {"seed", r.seed ? nlohmann::json(std::to_string(*r.seed)) : nlohmann::json(nullptr)},
            {"players", r.players},
            {"scores", r.scores},
            {"reason", r.reason},
            {"log", r.log},
            {"replay", nullptr},
            {"seats", seats}};
}

}  // namespace

nlohmann::json failure_entry_of(const tournament::GameRecord& r, const nlohmann::json& log) {
    return entry_of(r, [&](int seat) -> std::optional<LastTurn> {
        if (!log.is_object() || !log.contains("turns") || !log["turns"].is_array())
            return std::nullopt;
        // The seat's last turn is where it failed.
        for (auto t = log["turns"].rbegin(); t != log["turns"].rend(); ++t) {
            if (!t->is_object() || t->value("player", -1) != seat) continue;
            return LastTurn{t->value("turn", 0),
                            text_or(*t, "error", ""),
                            t->contains("output") ? (*t)["output"] : nlohmann::json(nullptr),
                            match::round_log_ms(t->value("time_ms", 0.0)),
                            t->value("limit_ms", 0.0),
                            text_or(*t, "stderr", "")};
        }
        return std::nullopt;
    });
}

nlohmann::json failure_entry_of(const tournament::GameRecord& r, const match::MatchLog& log) {
    return entry_of(r, [&](int seat) -> std::optional<LastTurn> {
        for (auto t = log.turns.rbegin(); t != log.turns.rend(); ++t) {
            if (t->player != seat) continue;
            return LastTurn{t->turn,
                            t->error,
                            t->output ? nlohmann::json(*t->output) : nlohmann::json(nullptr),
                            match::round_log_ms(t->time_ms),
                            static_cast<double>(t->limit_ms),
                            t->stderr_text};
        }
        return std::nullopt;
    });
}

std::string replay_link(std::string_view id) {
    static const char digits[] = "0123456789ABCDEF";
    std::string link = "replays/";
    for (const unsigned char c : id) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            link += static_cast<char>(c);
        } else {
            link += '%';
            link += digits[c >> 4];
            link += digits[c & 15];
        }
    }
    return link + ".html";
}

std::string script_safe_log_text(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
    // The top-level "seed" is the first `"seed":` of the text: no key written before it holds
    // one, and no string can (its quotes would be escaped). A number there becomes text: a
    // JavaScript number would round a 64-bit seed.
    constexpr std::string_view kSeed = "\"seed\":";
    const std::size_t seed_at = text.find(kSeed);
    std::size_t number_begin = std::string_view::npos, number_end = std::string_view::npos;
    if (seed_at != std::string_view::npos) {
        std::size_t i = seed_at + kSeed.size();
        const std::size_t begin = i;
        if (i < text.size() && text[i] == '-') ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
        if (i > begin && text[i - 1] != '-') number_begin = begin, number_end = i;
    }
    if (number_begin == std::string_view::npos) return script_safe_text(text);
    std::string quoted(text.substr(0, number_begin));
    quoted += '"';
    quoted += text.substr(number_begin, number_end - number_begin);
    quoted += '"';
    quoted += text.substr(number_end);
    return script_safe_text(quoted);
}

FailurePages::FailurePages(fs::path dir, int max_pages)
    : dir_(std::move(dir)), max_pages_(max_pages) {}

FailurePages::~FailurePages() {
    {
        std::lock_guard guard(lock_);
        stopping_ = true;
    }
    changed_.notify_all();
}  // thread_ joins after the jobs left (work() drains them first)

void FailurePages::add(const tournament::GameRecord& record, const match::MatchLog& log,
                       const std::string& log_json) {
    if (!failed(record)) return;
    {
        std::lock_guard guard(lock_);
        if (made_.size() + jobs_.size() >= report::RunTally::kListedFailures) return;
    }
    nlohmann::json names = nlohmann::json::array();
    for (const match::PlayerSpec& p : log.players) names.push_back({{"name", p.name}});
    Job job{record.id,
            {{"game", log.game},
             {"players", names},
             {"testcase", log.testcase},
             {"seed", log.seed ? nlohmann::json(*log.seed) : nlohmann::json(nullptr)}},
            failure_entry_of(record, log),
            log_json};
    std::unique_lock guard(lock_);
    changed_.wait(guard, [&] { return jobs_.size() < kMaxWaiting; });
    jobs_.push_back(std::move(job));
    if (!thread_.joinable()) thread_ = std::jthread([this] { work(); });
    guard.unlock();
    changed_.notify_all();
}

void FailurePages::finish() {
    std::unique_lock guard(lock_);
    changed_.wait(guard, [&] { return jobs_.empty() && !busy_; });
}

std::optional<nlohmann::json> FailurePages::entry(const std::string& id) const {
    std::lock_guard guard(lock_);
    auto it = made_.find(id);
    if (it == made_.end()) return std::nullopt;
    return it->second;
}

void FailurePages::remove_unlinked(const std::set<std::string>& linked) {
    // Every page in replays/ the report does not link, not only this run's: a run killed with
    // kill -9 never removed the pages it made past the cap, and its --resume would leave them
    // there, unlinked (an outside tester found 5). A page cut short by the kill (.html.tmp, or
    // files::NewFile's ".<page>.html.<random>.tmp") too.
    std::lock_guard guard(lock_);
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_ / "replays", ec)) {
        const std::string name = entry.path().filename().string();
        std::string id;
        if (name.ends_with(".html"))
            id = name.substr(0, name.size() - 5);
        else if (!name.ends_with(".tmp") || name.find(".html") == std::string::npos)
            continue;  // the viewer's folder, or not ours
        if (!id.empty() && linked.count(id)) continue;
        std::error_code ignored;
        if (entry.is_regular_file(ignored)) fs::remove(entry.path(), ignored);
    }
}

void FailurePages::work() {
    std::unique_lock guard(lock_);
    while (true) {
        changed_.wait(guard, [&] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, nothing left
        Job job = std::move(jobs_.front());
        jobs_.pop_front();
        busy_ = true;
        guard.unlock();
        changed_.notify_all();  // room in the queue
        make(job);
        guard.lock();
        busy_ = false;
        changed_.notify_all();  // finish() may be waiting
    }
}

void FailurePages::make(const Job& job) {
    nlohmann::json entry = job.entry;
    bool page = false;
    {
        std::lock_guard guard(lock_);
        page = pages_ < max_pages_;
        if (page) ++pages_;
    }
    try {
        if (page && write_replay_page_text(dir_, job.id, job.title_fields,
                                           script_safe_log_text(job.log_json)))
            entry["replay"] = replay_link(job.id);
    } catch (const std::exception& e) {
        diagnostics::log().warn("replay page of {} not written: {}", job.id, e.what());
    }
    std::lock_guard guard(lock_);
    made_[job.id] = std::move(entry);
}

}  // namespace arena::view
