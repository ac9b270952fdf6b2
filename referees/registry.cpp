#include "referees/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "referees/diceshogi/diceshogi.hpp"
#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"
#include "referees/tsuro/tsuro.hpp"

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

std::unique_ptr<Referee> make_diceshogi(const GameSetup& setup) {
    if (setup.players != 2) {
        throw std::invalid_argument("diceshogi is a 2-player game, got " +
                                    std::to_string(setup.players) + " players");
    }
    if (!setup.seed) {
        throw std::invalid_argument(
            "diceshogi needs a seed: the CodinGame seed decides every die (0 = always 6, plain "
            "minishogi) and arena's order of the action lines");
    }
    return std::make_unique<DiceShogiReferee>(*setup.seed,
                                              parse_diceshogi_testcase(setup.testcase));
}

std::unique_ptr<Referee> make_tsuro(const GameSetup& setup) {
    if (setup.players < TsuroReferee::kMinPlayers || setup.players > TsuroReferee::kMaxPlayers) {
        throw std::invalid_argument("tsuro is a 2 to 4 player game, got " +
                                    std::to_string(setup.players) + " players");
    }
    if (!setup.seed) {
        throw std::invalid_argument(
            "tsuro needs a seed: the CodinGame seed decides the deck and every reshuffle");
    }
    return std::make_unique<TsuroReferee>(setup.players, *setup.seed);
}

}  // namespace

std::vector<std::string> known_games() {
    return {"samegame", "diceshogi", "tsuro"};
}

GameInfo game_info(const std::string& game) {
    const std::vector<std::string> known = known_games();
    if (std::find(known.begin(), known.end(), game) != known.end()) {
        if (game == "samegame") return {game, 1, 1, false};
        if (game == "diceshogi") return {game, 2, 2, true};
        if (game == "tsuro") return {game, 2, 4, true};
    }
    make_referee({game, 1, std::nullopt, ""});  // throws the "unknown game" message
    throw std::invalid_argument("unknown game '" + game + "'");
}

std::unique_ptr<Referee> make_referee(const GameSetup& setup) {
    if (setup.game == "samegame") return make_samegame(setup);
    if (setup.game == "diceshogi") return make_diceshogi(setup);
    if (setup.game == "tsuro") return make_tsuro(setup);

    std::string known;
    for (const std::string& name : known_games()) {
        if (!known.empty()) known += ", ";
        known += name;
    }
    throw std::invalid_argument("unknown game '" + setup.game + "': known games are " + known);
}

}  // namespace arena::referee
