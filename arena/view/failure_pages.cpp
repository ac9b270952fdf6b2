#include "arena/view/failure_pages.hpp"

#include <algorithm>

#include "arena/common/diagnostics.hpp"
#include "arena/match/match.hpp"
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

nlohmann::json failure_entry_of(const tournament::GameRecord& r, const nlohmann::json& log) {
    nlohmann::json seats = nlohmann::json::array();
    for (std::size_t seat = 0; seat < r.outcomes.size(); ++seat) {
        if (r.outcomes[seat] == match::Outcome::ok) continue;
        nlohmann::json entry = {{"seat", seat},
                                {"bot", seat < r.players.size() ? r.players[seat] : ""},
                                {"outcome", match::to_string(r.outcomes[seat])},
                                {"detail", seat < r.details.size() ? r.details[seat] : ""}};
        if (log.is_object() && log.contains("turns") && log["turns"].is_array()) {
            // The seat's last turn is where it failed.
            for (auto t = log["turns"].rbegin(); t != log["turns"].rend(); ++t) {
                if (!t->is_object() || t->value("player", -1) != static_cast<int>(seat)) continue;
                entry["turn"] = t->value("turn", 0);
                entry["error"] = text_or(*t, "error", "");
                entry["output"] = t->contains("output") ? (*t)["output"] : nullptr;
                entry["time_ms"] = t->value("time_ms", 0.0);
                entry["limit_ms"] = t->value("limit_ms", 0.0);
                const std::string err = text_or(*t, "stderr", "");
                entry["stderr_tail"] = err.size() > 400 ? err.substr(err.size() - 400) : err;
                break;
            }
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

FailurePages::FailurePages(fs::path dir, int max_pages)
    : dir_(std::move(dir)), max_pages_(max_pages) {}

FailurePages::~FailurePages() {
    {
        std::lock_guard guard(lock_);
        stopping_ = true;
    }
    changed_.notify_all();
}  // thread_ joins after the jobs left (work() drains them first)

void FailurePages::add(const tournament::GameRecord& record, const std::string& log_json) {
    if (!failed(record)) return;
    std::unique_lock guard(lock_);
    if (made_.size() + jobs_.size() >= report::RunTally::kListedFailures) return;
    changed_.wait(guard, [&] { return jobs_.size() < kMaxWaiting; });
    jobs_.push_back({record, log_json});
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
    std::lock_guard guard(lock_);
    for (const std::string& id : written_) {
        if (linked.count(id)) continue;
        std::error_code ec;
        fs::remove(dir_ / "replays" / (id + ".html"), ec);
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
    nlohmann::json log;
    try {
        log = nlohmann::json::parse(job.log_json);
    } catch (const std::exception&) {
        return;  // the report reads the log file (and says what is wrong with it)
    }
    nlohmann::json entry = failure_entry_of(job.record, log);
    bool page = false;
    {
        std::lock_guard guard(lock_);
        page = pages_ < max_pages_;
        if (page) ++pages_;
    }
    try {
        if (page && write_replay_page_of(dir_, job.record.id, log))
            entry["replay"] = "replays/" + job.record.id + ".html";
        else
            page = false;
    } catch (const std::exception& e) {
        diagnostics::log().warn("replay page of {} not written: {}", job.record.id, e.what());
        page = false;
    }
    std::lock_guard guard(lock_);
    if (page) written_.insert(job.record.id);
    made_[job.record.id] = std::move(entry);
}

}  // namespace arena::view
