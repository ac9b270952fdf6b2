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

namespace {

// Every game: the one list known_games, game_info and the "unknown game" message read.
const std::vector<GameInfo>& games() {
    static const std::vector<GameInfo> list = {
        {"samegame", 1, 1, false}, {"diceshogi", 2, 2, true}, {"tsuro", 2, 4, true}};
    return list;
}

[[noreturn]] void unknown_game(const std::string& game) {
    std::string known;
    for (const GameInfo& info : games()) known += (known.empty() ? "" : ", ") + info.name;
    throw std::invalid_argument("unknown game '" + game + "': known games are " + known);
}

}  // namespace

std::vector<std::string> known_games() {
    std::vector<std::string> names;
    for (const GameInfo& info : games()) names.push_back(info.name);
    return names;
}

GameInfo game_info(const std::string& game) {
    for (const GameInfo& info : games()) {
        if (info.name == game) return info;
    }
    unknown_game(game);
}

std::unique_ptr<Referee> make_referee(const GameSetup& setup) {
    if (setup.game == "samegame") return make_samegame(setup);
    if (setup.game == "diceshogi") return make_diceshogi(setup);
    if (setup.game == "tsuro") return make_tsuro(setup);

    unknown_game(setup.game);
}

}  // namespace arena::referee
