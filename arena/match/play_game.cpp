#include "arena/match/play_game.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>

#include "arena/process/interrupt.hpp"
#include "referees/registry.hpp"

namespace arena::match {
namespace {

struct Runners {
    std::mutex lock;
    std::map<std::string, GameRunner> by_game;
};
Runners& runners() {
    static Runners all;
    return all;
}

GameRunner runner_of(const std::string& game) {
    Runners& all = runners();
    const std::lock_guard<std::mutex> hold(all.lock);
    const auto found = all.by_game.find(game);
    return found == all.by_game.end() ? GameRunner() : found->second;
}

// The game's referee, or null when an external referee failed at its start: `log` then records
// that failure (the game is played but not rated), so that a tournament goes on.
std::unique_ptr<referee::Referee> start_referee(const referee::GameSetup& setup,
                                                const std::vector<PlayerSpec>& players,
                                                MatchLog& log) {
    const auto started = std::chrono::steady_clock::now();
    try {
        return referee::make_referee(setup);
    } catch (const referee::RefereeFailure& e) {
        log.players = players;
        if (process::interrupt_signal() != 0) {  // the arena's interrupt ended the referee
            log.interrupted = true;
            log.reason = "interrupted before the game ended";
        } else {
            log.referee_failure = e.what();
            log.reason = e.what();
        }
        log.seats.assign(players.size(), SeatResult{});
        log.duration_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
        return nullptr;
    }
}

}  // namespace

void add_game_runner(const std::string& game, GameRunner runner) {
    Runners& all = runners();
    const std::lock_guard<std::mutex> hold(all.lock);
    all.by_game[game] = std::move(runner);
}

MatchLog play_game(const referee::GameSetup& setup, const std::vector<PlayerSpec>& players,
                   const MatchOptions& options) {
    const referee::GameInfo& game = referee::game_info(setup.game);
    MatchLog log;
    if (GameRunner runner = runner_of(game.name)) {
        log = runner(setup, players, options);
    } else if (std::unique_ptr<referee::Referee> referee = start_referee(setup, players, log)) {
        MatchOptions timed = options;
        if (const ExternalGameSpec* spec = external_game_spec(game.name)) {
            timed.time_rules = spec->time_rules;
            timed.timebank_ms = spec->timebank_ms;
        }
        log = play_match(*referee, players, timed);
    }
    log.game = game.name;
    if (const ExternalGameSpec* spec = external_game_spec(game.name)) log.external = *spec;
    log.testcase_text = setup.testcase;
    return log;
}

}  // namespace arena::match
