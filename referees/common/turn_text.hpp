// Helpers of the games' turn drawings (`arena replay --turn`): pure text functions.
#pragma once

#include <string>
#include <vector>

namespace arena::referee {

// The lines of a text, without their '\n'.
std::vector<std::string> split_lines(const std::string& text);

// The words of a line, split on blanks.
std::vector<std::string> split_words(const std::string& line);

// "\nstate: <state>\n" under a drawing that does not show the referee's state; empty for none.
std::string state_line(const std::string& state);

}  // namespace arena::referee
