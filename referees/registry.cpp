#include "referees/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>

#include "referees/common/turn_text.hpp"
#include "referees/diceshogi/diceshogi.hpp"
#include "referees/diceshogi/turn_text.hpp"
#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"
#include "referees/samegame/turn_text.hpp"
#include "referees/tsuro/tsuro.hpp"
#include "referees/tsuro/turn_text.hpp"

namespace arena::referee {
namespace {

// ---- SameGame ---------------------------------------------------------------------------------

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

Testcase from_builtin(const SameGameBoard& board) {
    Testcase t;
    char name[16];
    std::snprintf(name, sizeof name, "test%02d", board.number);
    t.name = name;
    t.title = board.title;
    t.text = std::string(board.text);
    t.board_number = board.number;
    t.validator = board.validator;
    t.best_known = board.best_known;
    return t;
}

const std::vector<Testcase>& samegame_builtins() {
    static const std::vector<Testcase> list = [] {
        std::vector<Testcase> boards;
        for (const SameGameBoard& board : samegame_boards()) boards.push_back(from_builtin(board));
        return boards;
    }();
    return list;
}

void check_samegame_text(std::string_view text) {
    parse_samegame_testcase(text);
}

std::string draw_samegame(const std::string& input, const std::optional<std::string>& output,
                          const std::string& state) {
    return draw_samegame_turn(input, output) + state_line(state);
}

// ---- Dice Shogi -------------------------------------------------------------------------------

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

void check_diceshogi_text(std::string_view text) {
    parse_diceshogi_testcase(text);
}

std::string draw_diceshogi(const std::string& input, const std::optional<std::string>&,
                           const std::string& state) {
    return draw_diceshogi_turn(input) + state_line(state);
}

// ---- Tsuro ------------------------------------------------------------------------------------

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

// The bot's input never shows the board: it is drawn from the referee's state, which it shows
// whole (no state line under it). A log without states has nothing to draw.
std::string draw_tsuro(const std::string& input, const std::optional<std::string>&,
                       const std::string& state) {
    return state.empty() ? std::string() : draw_tsuro_turn(state, input);
}

// ---- the entries ------------------------------------------------------------------------------

GameInfo samegame_entry() {
    GameInfo game;
    game.name = "samegame";
    game.title = "SameGame";
    game.min_players = game.max_players = 1;
    game.kind = GameKind::puzzle;
    game.seeded = false;  // no randomness: the board decides everything
    game.testcases.form = TestcaseForm::catalogue;
    game.testcases.option = "--testcase";
    game.testcases.noun = "board";
    game.testcases.option_help =
        "SameGame board: a file (15 lines, top row first, or CodinGame's testN.json) or a "
        "built-in board number 1-50 (default: 6, Standard Testset 1)";
    game.testcases.builtins = samegame_builtins;
    game.testcases.default_number = kDefaultSameGameBoard;
    game.testcases.check_text = check_samegame_text;
    game.standings = StandingsKind::validator_totals;
    game.viewer_script = "games/samegame.js";
    game.draw_turn = draw_samegame;
    game.make = make_samegame;
    return game;
}

GameInfo diceshogi_entry() {
    GameInfo game;
    game.name = "diceshogi";
    game.title = "Dice Shogi";
    game.min_players = game.max_players = 2;
    game.kind = GameKind::versus;
    game.seeded = true;  // the dice
    game.testcases.form = TestcaseForm::text;
    game.testcases.option = "--sfen";
    game.testcases.noun = "sfen";
    game.testcases.option_help = "Dice Shogi start position in SFEN (default: the standard start)";
    game.testcases.check_text = check_diceshogi_text;
    game.standings = StandingsKind::elo_ratings;
    game.viewer_script = "games/diceshogi.js";
    game.draw_turn = draw_diceshogi;
    game.make = make_diceshogi;
    return game;
}

GameInfo tsuro_entry() {
    GameInfo game;
    game.name = "tsuro";
    game.title = "Tsuro";
    game.min_players = TsuroReferee::kMinPlayers;
    game.max_players = TsuroReferee::kMaxPlayers;
    game.kind = GameKind::versus;
    game.seeded = true;  // the deck and every reshuffle
    game.standings = StandingsKind::elo_ratings;
    game.viewer_script = "games/tsuro.js";
    game.draw_turn = draw_tsuro;
    game.make = make_tsuro;
    return game;
}

[[noreturn]] void unknown_game(std::string_view game) {
    std::string known;
    for (const GameInfo& info : games()) known += (known.empty() ? "" : ", ") + info.name;
    throw std::invalid_argument("unknown game '" + std::string(game) + "': known games are " +
                                known);
}

bool has_catalogue(const GameInfo& game) {
    return game.testcases.form == TestcaseForm::catalogue && game.testcases.builtins;
}

}  // namespace

const std::vector<GameInfo>& games() {
    static const std::vector<GameInfo> list = {samegame_entry(), diceshogi_entry(), tsuro_entry()};
    return list;
}

std::string game_titles(bool (*has)(const GameInfo&), const std::string& separator) {
    std::string titles;
    for (const GameInfo& game : games()) {
        if (has(game)) titles += (titles.empty() ? "" : separator) + game.title;
    }
    return titles;
}

std::vector<std::string> known_games() {
    std::vector<std::string> names;
    for (const GameInfo& info : games()) names.push_back(info.name);
    return names;
}

namespace {

// A user writes "SameGame", "DiceShogi", "TSURO" or the title "Dice Shogi": any case.
bool same_letters(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

bool named(const GameInfo& info, std::string_view game) {
    return same_letters(info.name, game) || same_letters(info.title, game);
}

// The games added at run time. A deque: adding never moves the entries handed out.
struct AddedGames {
    std::mutex lock;
    std::deque<GameInfo> list;
};
AddedGames& added_games() {
    static AddedGames added;
    return added;
}

bool same_game(const GameInfo& a, const GameInfo& b) {
    return a.name == b.name && a.title == b.title && a.min_players == b.min_players &&
           a.max_players == b.max_players && a.kind == b.kind && a.seeded == b.seeded;
}

}  // namespace

const GameInfo* find_game(std::string_view game) {
    for (const GameInfo& info : games()) {
        if (named(info, game)) return &info;
    }
    AddedGames& added = added_games();
    const std::lock_guard<std::mutex> hold(added.lock);
    for (const GameInfo& info : added.list) {
        if (named(info, game)) return &info;
    }
    return nullptr;
}

const GameInfo& add_game(GameInfo&& info) {
    info.external = true;
    for (const GameInfo& builtin : games()) {
        if (named(builtin, info.name) || named(builtin, info.title)) {
            throw std::invalid_argument("the game name '" + info.name +
                                        "' is a built-in game's: give the external referee "
                                        "another name");
        }
    }
    AddedGames& added = added_games();
    const std::lock_guard<std::mutex> hold(added.lock);
    for (const GameInfo& known : added.list) {
        if (!named(known, info.name) && !named(known, info.title)) continue;
        if (same_game(known, info)) return known;
        throw std::invalid_argument("two different games are named '" + info.name +
                                    "' (players, kind or title differ): give each its own name");
    }
    return added.list.emplace_back(std::move(info));
}

const GameInfo& game_info(std::string_view game) {
    if (const GameInfo* info = find_game(game)) return *info;
    unknown_game(game);
}

std::unique_ptr<Referee> make_referee(const GameSetup& setup) {
    const GameInfo& game = game_info(setup.game);
    if (!game.make) {
        throw std::invalid_argument(game.title +
                                    " has no referee arena drives turn by turn: its games are "
                                    "played whole by its runner");
    }
    return game.make(setup);
}

// ---- test cases -------------------------------------------------------------------------------

int builtin_testcase_count(const GameInfo& game) {
    return has_catalogue(game) ? static_cast<int>(game.testcases.builtins().size()) : 0;
}

std::vector<Testcase> testcase_set(const GameInfo& game, std::string_view set) {
    std::vector<Testcase> chosen;
    if (has_catalogue(game)) {
        for (const Testcase& t : game.testcases.builtins()) {
            if (set == "all" || (set == "validators" && t.validator) ||
                (set == "tests" && !t.validator)) {
                chosen.push_back(t);
            }
        }
    }
    if (chosen.empty()) {
        const std::string& noun = game.testcases.noun;
        throw std::invalid_argument("unknown " + noun + " set '" + std::string(set) +
                                    "': use \"all\", \"tests\", \"validators\", or a list of " +
                                    noun + " numbers and " + noun + " files");
    }
    return chosen;
}

Testcase builtin_testcase(const GameInfo& game, int number) {
    const int count = builtin_testcase_count(game);
    if (number < 1 || number > count) {
        const std::string& noun = game.testcases.noun;
        throw std::invalid_argument("there is no built-in " + game.title + " " + noun + " " +
                                    std::to_string(number) + ": CodinGame's " + noun +
                                    "s are numbered 1 to " + std::to_string(count));
    }
    return game.testcases.builtins().at(static_cast<std::size_t>(number - 1));
}

Testcase default_testcase(const GameInfo& game) {
    if (has_catalogue(game)) return builtin_testcase(game, game.testcases.default_number);
    return Testcase{};
}

Testcase testcase_from_text(const GameInfo& game, std::string text, std::string name,
                            std::string title) {
    if (game.testcases.check_text) game.testcases.check_text(text);
    Testcase t;
    t.name = std::move(name);
    t.title = std::move(title);
    t.text = std::move(text);
    return t;
}

// ---- how texts name a test case ---------------------------------------------------------------

std::string testcase_log_name(const GameInfo& game, const Testcase& testcase) {
    switch (game.testcases.form) {
        case TestcaseForm::catalogue:
            return testcase.board_number ? testcase.name + " (" + testcase.title + ")"
                                         : testcase.title;
        case TestcaseForm::text:
            return testcase.text.empty() ? std::string()
                                         : game.testcases.noun + " " + testcase.text;
        case TestcaseForm::none:
            break;
    }
    return {};
}

std::string testcase_label(const GameInfo& game, const std::string& log_name) {
    if (log_name.empty()) return {};
    // A start position's log name already says what it is ("sfen ...").
    if (game.testcases.form == TestcaseForm::catalogue) return game.testcases.noun + " " + log_name;
    return log_name;
}

}  // namespace arena::referee
