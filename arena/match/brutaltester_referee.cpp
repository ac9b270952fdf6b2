#include "arena/match/brutaltester_referee.hpp"

namespace arena::match {

std::unique_ptr<referee::Referee> make_brutaltester_referee(const ExternalGameSpec& spec,
                                                            const referee::GameSetup&) {
    throw referee::RefereeFailure("referee '" + spec.command + "': not implemented yet");
}

}  // namespace arena::match
