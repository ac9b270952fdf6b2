#include "arena/gate/game_kind.hpp"

#include "referees/registry.hpp"

namespace arena::gate {

bool is_versus_game(const std::string& game) {
    const referee::GameInfo* info = referee::find_game(game);
    return info && info->kind == referee::GameKind::versus;
}

std::string puzzle_game_names() {
    std::string names;
    for (const referee::GameInfo& game : referee::games())
        if (game.kind == referee::GameKind::puzzle)
            names += (names.empty() ? "" : ", ") + game.name;
    return names;
}

}  // namespace arena::gate
