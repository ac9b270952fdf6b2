#include "arena/report/text.hpp"

#include <cstdio>

#include "arena/report/replay_command.hpp"

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

std::string csv_quoted(const std::string& text) {
    std::string field = "\"";
    for (char c : text) field += c == '"' ? std::string("\"\"") : std::string(1, c);
    return field + "\"";
}

std::string replay_command(const std::string& out_dir, const std::string& game_id) {
    std::string code = "`";
    code += replay_command("build/arena", std::filesystem::path(out_dir), game_id);
    code += "`";
    return code;
}

}  // namespace arena::report
