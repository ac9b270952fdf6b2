// A Tsuro turn drawn as text (`arena replay --turn`), from the referee's state text.
#pragma once

#include <string>

namespace arena::referee {

// The 6x6 board of the referee's `state` text ("turn T deck D board r0c0,r0c1,.../... | $0 in
// c,r,i start S hand ... score N | ...") with each tile as <id>r<rotation>, then the turn and deck
// and one line per player. The bot's input never shows the board; a state of another shape gives
// `input` back as it is.
std::string draw_tsuro_turn(const std::string& state, const std::string& input);

}  // namespace arena::referee
