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
    // No score or rank to show: the game has no result (issue 18). The failure itself is said
    // once the run is over (its standings and report name the first).
    if (!r.referee_failure.empty()) return "no result: the referee failed";
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

void Progress::add_earlier(const GameRecord&) {
    ++done_;
}

void Progress::set_leader(std::string leader) {
    leader_ = std::move(leader);
}

void Progress::game_finished(const GameRecord& record) {
    ++done_;
    ++done_now_;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const double rate = elapsed > 0 ? done_now_ / elapsed : 0;
    const double eta = rate > 0 ? (total_ - done_) / rate : 0;
    char head[96];
    std::snprintf(head, sizeof head, "[%zu/%zu] %.1f games/s, ETA %s", done_, total_, rate,
                  clock_text(eta).c_str());
    const std::string leader = leader_.empty() ? "" : "leader: " + leader_;
    if (interactive_) {
        out_ << "\r\033[K" << head << (leader.empty() ? "" : ", " + leader) << std::flush;
    } else {
        out_ << head << "  " << record.id << ": " << describe(record)
             << (leader.empty() ? "" : "  " + leader) << '\n'
             << std::flush;
    }
}

void Progress::finish() {
    if (interactive_ && done_now_ > 0) out_ << '\n' << std::flush;
}

}  // namespace arena::tournament
