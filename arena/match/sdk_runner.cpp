#include "arena/match/sdk_runner.hpp"

namespace arena::match {

MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup&,
                              const std::vector<PlayerSpec>& players, const MatchOptions&) {
    MatchLog log;
    log.players = players;
    log.seats.resize(players.size());
    log.referee_failure = "runner '" + spec.command + "': not implemented yet";
    log.reason = log.referee_failure;
    return log;
}

}  // namespace arena::match
