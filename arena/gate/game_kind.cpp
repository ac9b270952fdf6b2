#include "arena/gate/game_kind.hpp"

#include <stdexcept>

#include "referees/registry.hpp"

namespace arena::gate {

bool is_versus_game(const std::string& game) {
    try {
        return referee::game_info(game).seeded;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

std::string puzzle_game_names() {
    std::string names;
    for (const std::string& game : referee::known_games())
        if (!is_versus_game(game)) names += (names.empty() ? "" : ", ") + game;
    return names;
}

}  // namespace arena::gate
