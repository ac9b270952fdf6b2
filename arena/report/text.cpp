#include "arena/report/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "arena/common/terminal_text.hpp"

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

namespace {

// A number as a spreadsheet reads one ("-3", "+1.5e3"): left as it is.
bool is_number(const std::string& text) {
    if (text.empty()) return false;
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && text.find_first_of("xXnN") == std::string::npos;
}

}  // namespace

std::string markdown_text(std::string_view text) {
    const std::string shown = terminal::visible(text);
    std::string md;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const char c = shown[i];
        if (c == '|')
            md += "\\|";
        else if (c == '<')
            md += "&lt;";
        else if (c == '>')
            md += "&gt;";
        else if (c == '&')
            md += "&amp;";
        else if (c == '\\' && i + 1 < shown.size() &&
                 std::ispunct(static_cast<unsigned char>(shown[i + 1])))
            md += "\\\\";
        else
            md += c;
    }
    return md;
}

std::string markdown_code(std::string_view text) {
    std::string shown = terminal::visible(text);
    std::string cell;
    std::size_t run = 0, longest = 0;
    for (const char c : shown) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        cell += c == '|' ? std::string("\\|") : std::string(1, c);
    }
    const std::string fence(longest + 1, '`');
    return longest == 0 ? fence + cell + fence : fence + " " + cell + " " + fence;
}

std::string csv_quoted(const std::string& text) {
    std::string field = "\"";
    // A cell a spreadsheet would run as a formula (CSV injection: =, +, -, @, a tab or a carriage
    // return first) gets a ' before it, which shows the text as it is.
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string::npos &&
        !is_number(text))
        field += '\'';
    for (char c : text) field += c == '"' ? std::string("\"\"") : std::string(1, c);
    return field + "\"";
}

}  // namespace arena::report
