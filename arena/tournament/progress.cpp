#include "arena/tournament/progress.hpp"

#include <cstdio>
#include <ostream>

namespace arena::tournament {

namespace {

std::string clock_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

std::string describe(const GameRecord& r) {
    std::string text;
    for (std::size_t i = 0; i < r.players.size(); ++i) {
        if (i) text += ", ";
        text += r.players[i] + " " + std::to_string(r.scores[i]);
        if (r.outcomes[i] != match::Outcome::ok)
            text += std::string(" (") + match::to_string(r.outcomes[i]) + ")";
    }
    return text;
}

}  // namespace

Progress::Progress(std::ostream& out, bool interactive, std::size_t total_games)
    : out_(out), interactive_(interactive), total_(total_games) {}

void Progress::count(const GameRecord& record) {
    ++done_;
    for (std::size_t i = 0; i < record.players.size(); ++i) {
        std::int64_t& points = points_[record.players[i]];
        // SameGame: a failed board counts 0, as in CodinGame's total. Between bots, a failure
        // already shows in the score (a loss), and must count.
        if (record.outcomes[i] == match::Outcome::ok || record.players.size() > 1)
            points += record.scores[i];
    }
}

void Progress::add_earlier(const GameRecord& record) {
    count(record);
}

std::string Progress::leader() const {
    const std::pair<const std::string, std::int64_t>* best = nullptr;
    for (const auto& entry : points_) {
        if (!best || entry.second > best->second) best = &entry;
    }
    return best ? best->first + " (" + std::to_string(best->second) + ")" : "-";
}

void Progress::game_finished(const GameRecord& record) {
    count(record);
    ++done_now_;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const double rate = elapsed > 0 ? done_now_ / elapsed : 0;
    const double eta = rate > 0 ? (total_ - done_) / rate : 0;
    char head[96];
    std::snprintf(head, sizeof head, "[%zu/%zu] %.1f games/s, ETA %s", done_, total_, rate,
                  clock_text(eta).c_str());
    if (interactive_) {
        out_ << "\r\033[K" << head << ", leader: " << leader() << std::flush;
    } else {
        out_ << head << "  " << record.id << ": " << describe(record) << "  leader: " << leader()
             << '\n'
             << std::flush;
    }
}

void Progress::finish() {
    if (interactive_ && done_now_ > 0) out_ << '\n' << std::flush;
}

}  // namespace arena::tournament
