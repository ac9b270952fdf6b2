#include "arena/tournament/play_loop.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>

#include "arena/common/diagnostics.hpp"
#include "arena/match/play_game.hpp"
#include "arena/process/bot_process.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/game_finisher.hpp"

namespace arena::tournament {

namespace {

// The workers' shared state: the source (asked under the lock) and the first failure.
class Loop {
  public:
    Loop(GameSource& source, const PlayLoopOptions& options, const GameDone& done)
        : source_(source), options_(options), done_(done) {}

    void run() {
        {
            std::vector<std::jthread> threads;
            for (int w = 0; w < std::max(options_.concurrency, 1); ++w)
                threads.emplace_back([this] { work(); });
        }  // joins
        if (failure_) std::rethrow_exception(failure_);
    }

  private:
    void work() {
        GameFinisher finisher([this](PlayedGame&& game) { finish(std::move(game)); },
                              options_.overlap);
        while (std::optional<GameToPlay> game = take()) {
            try {
                diagnostics::log().debug("game {}: started", game->id);
                match::MatchLog log = match::play_game(game->setup, game->players, options_.match);
                // The interrupt killed this game's bots (or may have): not a game to keep.
                if (process::interrupt_signal()) {
                    diagnostics::log().debug("game {}: interrupted, not recorded", game->id);
                    return;
                }
                finisher.add(PlayedGame{game->tag, std::move(log)});
            } catch (...) {
                fail(std::current_exception());
            }
        }
    }  // the finisher hands over the last game before the worker ends

    // The next game, unless the run failed, was interrupted or has none left.
    std::optional<GameToPlay> take() {
        std::lock_guard guard(lock_);
        if (failure_ || process::interrupt_signal()) return std::nullopt;
        try {
            return source_.next();
        } catch (...) {
            if (!failure_) failure_ = std::current_exception();
            return std::nullopt;
        }
    }

    void finish(PlayedGame&& game) {
        try {
            done_(game.nth, std::move(game.log));
        } catch (...) {
            fail(std::current_exception());
        }
    }

    void fail(std::exception_ptr failure) {
        std::lock_guard guard(lock_);
        if (!failure_) failure_ = failure;
    }

    GameSource& source_;
    const PlayLoopOptions& options_;
    const GameDone& done_;
    std::mutex lock_;
    std::exception_ptr failure_;
};

}  // namespace

void share_cpus(PlayLoopOptions& options) {
    const bool at_once = options.concurrency > 1;
    options.match.bot.cpu_share = at_once;
    if (at_once && !process::cpu_shares_supported())
        diagnostics::log().warn(
            "{} games at once share the CPUs without a CPU share per bot (no writable cgroup "
            "of the CPU controller: run as root or with cgroup delegation): a busy bot can "
            "slow the bots of the other games; timeouts that the wait for a CPU explains are "
            "labelled load timeouts",
            options.concurrency);
}

void play_games(GameSource& source, const PlayLoopOptions& options, const GameDone& done) {
    Loop(source, options, done).run();
}

}  // namespace arena::tournament
