#include "arena/report/text.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace arena::report {

std::string format(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string thousands(std::int64_t value) {
    const std::string digits = std::to_string(value < 0 ? -value : value);
    std::string text = value < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
        text += digits[i];
    }
    return text;
}

std::string wrapped(const std::string& text, std::size_t width, const std::string& indent) {
    // The first line keeps the text's own leading spaces (a note under a note).
    std::string line = text.substr(0, std::min(text.find_first_not_of(' '), text.size()));
    std::string out, word;
    bool line_has_word = false;
    std::istringstream words(text);
    while (words >> word) {
        if (line_has_word && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = indent;
            line_has_word = false;
        }
        line += (line_has_word ? " " : "") + word;
        line_has_word = true;
    }
    return out + line + "\n";
}

std::string csv_quoted(const std::string& text) {
    std::string field = "\"";
    for (char c : text) field += c == '"' ? std::string("\"\"") : std::string(1, c);
    return field + "\"";
}

}  // namespace arena::report
