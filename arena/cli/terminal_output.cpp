#include "arena/cli/terminal_output.hpp"

#include <csignal>

#include "arena/common/player_names.hpp"
#include "arena/common/terminal_text.hpp"

namespace arena::cli {

std::string one_line(const std::string& text) {
    return terminal::visible(text);
}

std::string last_lines(const std::string& text, int count) {
    std::size_t start = text.size();
    if (start > 0 && text[start - 1] == '\n') --start;
    for (int seen = 0; start > 0; --start) {
        if (text[start - 1] == '\n' && ++seen == count) break;
    }
    std::string excerpt;
    std::size_t begin = start;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        excerpt += "    | " + one_line(text.substr(begin, end - begin)) + "\n";
        begin = end + 1;
    }
    return excerpt;
}

std::string with_names(const std::string& text, const std::vector<match::PlayerSpec>& players) {
    std::vector<std::string> names;
    for (const match::PlayerSpec& player : players) names.push_back(player.name);
    return with_player_names(text, names);
}

std::string signal_name(int signal) {
    switch (signal) {
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        case SIGHUP:
            return "SIGHUP";
        default:
            return "signal " + std::to_string(signal);
    }
}

}  // namespace arena::cli
