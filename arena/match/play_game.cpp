#include "arena/match/play_game.hpp"

#include <map>
#include <memory>
#include <mutex>

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
    } else {
        std::unique_ptr<referee::Referee> referee = referee::make_referee(setup);
        log = play_match(*referee, players, options);
    }
    log.game = game.name;
    if (const ExternalGameSpec* spec = external_game_spec(game.name)) log.external = *spec;
    log.testcase_text = setup.testcase;
    return log;
}

}  // namespace arena::match
