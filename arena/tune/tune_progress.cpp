#include "arena/tune/tune_progress.hpp"

#include <cstdio>
#include <ostream>

namespace arena::tune {

namespace {

std::string duration_text(double seconds) {
    char text[32];
    if (seconds < 60)
        std::snprintf(text, sizeof text, "%.0fs", seconds);
    else if (seconds < 3600) {
        const int whole = static_cast<int>(seconds);
        std::snprintf(text, sizeof text, "%dm%02ds", whole / 60, whole % 60);
    } else {
        std::snprintf(text, sizeof text, "%.1fh", seconds / 3600);
    }
    return text;
}

}  // namespace

TuneProgress::TuneProgress(std::ostream& out, bool interactive, const TuneConfig& config,
                           std::size_t done, std::size_t games)
    : out_(out), interactive_(interactive), config_(config), done_(done), games_(games) {}

void TuneProgress::game_played() {
    ++games_now_;
}

std::string TuneProgress::line(const IterationLine& last) const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const double rate = seconds > 0 ? games_now_ / seconds : 0;
    const std::size_t per_iteration = last.games.size();
    const std::size_t left = (config_.gains.iterations - done_) * per_iteration;
    char head[160];
    std::snprintf(head, sizeof head, "iteration %zu/%d  %zu games  %.1f games/s  ETA %s ", done_,
                  config_.gains.iterations, games_ + games_now_, rate,
                  rate > 0 ? duration_text(left / rate).c_str() : "?");
    std::string text = head;
    for (std::size_t i = 0; i < config_.params.size(); ++i) {
        // The value the bot gets next (an integer rounded), a float to 6 digits: a line to read.
        char value[32];
        std::snprintf(value, sizeof value, "%.6g", last.theta_after[i]);
        text += " " + config_.params[i].name + "=" +
                (config_.params[i].is_int ? value_text(config_.params[i], last.theta_after[i])
                                          : std::string(value));
    }
    const int played = wins_ + draws_ + losses_;
    if (played > 0) {
        char rate_text[48];
        std::snprintf(rate_text, sizeof rate_text, "  theta+ %.0f%%",
                      100.0 * (wins_ + 0.5 * draws_) / played);
        text += rate_text;
    }
    return text;
}

void TuneProgress::iteration_done(const IterationLine& last) {
    ++done_;
    wins_ += last.score.wins;
    draws_ += last.score.draws;
    losses_ += last.score.losses;
    // games_ counts earlier runs' games; games_now_ this run's (the rate).
    if (interactive_) {
        out_ << "\r\033[K" << line(last) << std::flush;
        drawn_ = true;
    } else {
        out_ << line(last) << "\n" << std::flush;
    }
}

void TuneProgress::finish() {
    if (drawn_) out_ << "\n" << std::flush;
}

}  // namespace arena::tune
