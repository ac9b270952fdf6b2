#include "arena/cli/terminal_output.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>

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

namespace {

// A referee's text of several lines on one line: "mine places tile 16; mine leaves the board".
std::string joined_lines(const std::string& text) {
    std::string joined;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        joined += (joined.empty() ? "" : "; ") + one_line(text.substr(begin, end - begin));
        begin = end + 1;
    }
    return joined;
}

}  // namespace

std::string seat_label(int seat, const std::vector<match::PlayerSpec>& players) {
    std::string label = "seat " + std::to_string(seat);
    if (seat >= 0 && static_cast<std::size_t>(seat) < players.size())
        label += " (" + one_line(players[seat].name) + ")";
    return label;
}

std::string turn_line(const match::Turn& t, const std::vector<match::PlayerSpec>& players) {
    // The names padded to the longest, so that the times line up.
    std::size_t width = 0;
    for (const match::PlayerSpec& player : players)
        width = std::max(width, one_line(player.name).size());
    std::string name = t.player >= 0 && static_cast<std::size_t>(t.player) < players.size()
                           ? one_line(players[t.player].name)
                           : std::string();
    name.resize(std::max(width, name.size()), ' ');
    char timing[64];
    std::snprintf(timing, sizeof timing, "%9.3f / %d ms", t.time_ms, t.limit_ms);
    char head[32];
    std::snprintf(head, sizeof head, "turn %3d  seat %d ", t.turn, t.player);
    std::string output = t.output ? "> " + one_line(*t.output) : "(no answer)";
    if (output.size() < 16) output.resize(16, ' ');
    std::string line = head + name + "  " + timing + "  " + output + " " +
                       joined_lines(with_names(t.summary, players));
    if (!t.error.empty()) line += "  error: " + joined_lines(with_names(t.error, players));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
}

namespace {

// `text`'s lines, each "        | line" and made safe; after `max_lines` lines, how many more
// there are and `where` to see them.
std::string indented_lines(const std::string& text, std::size_t max_lines,
                           const std::string& where = "") {
    std::string shown;
    std::size_t lines = 0, begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        if (lines < max_lines)
            shown += "        | " + one_line(text.substr(begin, end - begin)) + "\n";
        ++lines;
        begin = end + 1;
    }
    if (lines > max_lines)
        shown += "        (" + std::to_string(lines - max_lines) +
                 " more lines not shown: " + where + ")\n";
    return shown;
}

}  // namespace

std::string turn_details(const match::Turn& t) {
    std::string text =
        "      input (" + std::to_string(t.input.size()) + " bytes):\n" +
        indented_lines(t.input, kShownInputLines,
                       "the match log has them all, shown by arena replay LOG --turn " +
                           std::to_string(t.turn));
    if (!t.stderr_text.empty()) {
        text += "      stderr:\n" + indented_lines(t.stderr_text, static_cast<std::size_t>(-1));
        if (t.stderr_truncated)
            text += "        (cut: the bot wrote more on stderr than the arena keeps)\n";
    }
    return text;
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
