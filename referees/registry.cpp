#include "referees/registry.hpp"

#include <stdexcept>

#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"

namespace arena::referee {
namespace {

std::unique_ptr<Referee> make_samegame(const GameSetup& setup) {
    if (setup.players != 1) {
        throw std::invalid_argument("samegame is a 1-player game, got " +
                                    std::to_string(setup.players) + " players");
    }
    const std::string_view testcase = setup.testcase.empty()
                                          ? find_samegame_board(kDefaultSameGameBoard)->text
                                          : std::string_view(setup.testcase);
    return std::make_unique<SameGameReferee>(parse_samegame_testcase(testcase));
}

}  // namespace

std::vector<std::string> known_games() {
    return {"samegame"};
}

std::unique_ptr<Referee> make_referee(const GameSetup& setup) {
    if (setup.game == "samegame") return make_samegame(setup);

    std::string known;
    for (const std::string& name : known_games()) {
        if (!known.empty()) known += ", ";
        known += name;
    }
    throw std::invalid_argument("unknown game '" + setup.game + "': known games are " + known);
}

}  // namespace arena::referee
