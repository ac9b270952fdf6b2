#include "referees/common/turn_text.hpp"

#include <sstream>

namespace arena::referee {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

std::string state_line(const std::string& state) {
    return state.empty() ? std::string() : "\nstate: " + state + "\n";
}

}  // namespace arena::referee
