// The 50 CodinGame SameGame boards (tests 1-10 and validators 11-50), built into the library so
// that the arena needs no data file at run time.
//
// The text of each board comes from referees/samegame/boards/testNN.txt and the other fields from
// boards/index.tsv and boards/classic_best_known.tsv; CMake turns them into C++ at configure time
// (referees/CMakeLists.txt, boards.cpp.in).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arena::referee {

struct SameGameBoard {
    int number;         // CodinGame test number, 1..50 (config/testN.json)
    std::string title;  // its title, e.g. "Standard Testset 1 (recolored)"
    bool validator;     // false: a test shown in the IDE (1-10); true: scored on submit (11-50)
    int classic_board;  // 1..20: the board of the classic standard test set it is; 0 if none
    // Best known score of that classic board (js-games.de, as of 2016); 0 if none. Recolouring
    // changes nothing, so validators 31-50 have the same best score as 11-30.
    int best_known;
    std::string_view text;  // exactly what the bot reads on turn 1: 15 lines, each ending '\n'
};

// All 50 boards, in order of number.
const std::vector<SameGameBoard>& samegame_boards();

// The board with this CodinGame test number, or nullptr.
const SameGameBoard* find_samegame_board(int number);

// The board played when a SameGame setup names none: test 6, "Standard Testset 1" (classic
// board 1). It is the first classic board and the first test that is not hand-made, so scores
// on it compare with the published records.
inline constexpr int kDefaultSameGameBoard = 6;

}  // namespace arena::referee
