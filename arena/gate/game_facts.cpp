#include "arena/gate/game_facts.hpp"

#include "arena/common/terminal_text.hpp"

namespace arena::gate {

std::string failure_detail(const tournament::GameRecord& r, std::size_t seat) {
    if (r.outcomes[seat] == match::Outcome::crash && seat < r.details.size())
        return terminal::visible(r.details[seat]);
    return terminal::visible(r.reason);
}

double thinking_seconds(const tournament::GameRecord& r, std::size_t seat) {
    double ms = 0;
    if (seat < r.turn_ms.size())
        for (double t : r.turn_ms[seat]) ms += t;
    return ms / 1000;
}

}  // namespace arena::gate
