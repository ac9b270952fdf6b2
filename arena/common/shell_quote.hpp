// Commands printed for the user to run again (e.g. "to go on: ..."), quoted so that a POSIX
// shell reads back exactly the words the arena means.
#pragma once

#include <string>
#include <vector>

namespace arena {

// The word as is when it holds nothing a shell treats specially, else in single quotes.
inline std::string shell_quote(const std::string& word) {
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyz"
                                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_./=:,+-@%") == std::string::npos;
    if (plain) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

inline std::string shell_command(const std::vector<std::string>& words) {
    std::string command;
    for (const std::string& word : words) {
        if (!command.empty()) command += ' ';  // not " " + std::string: a false -Wrestrict (GCC 12)
        command += shell_quote(word);
    }
    return command;
}

}  // namespace arena
