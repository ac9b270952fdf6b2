// split_command_line and resolve_executable: turning the --bot / config string into the path and
// arguments to exec, with error messages that tell the user what to fix.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::process {

namespace fs = std::filesystem;

std::vector<std::string> split_command_line(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;  // true once the current word has started, even if empty ('' or "")

    auto fail = [&](const char* what) {
        throw std::invalid_argument("bot command '" + std::string(line) + "': " + what);
    };

    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else if (c == '\'') {
            // Single quotes: everything up to the next quote is literal, backslashes included.
            const std::size_t end = line.find('\'', i + 1);
            if (end == std::string_view::npos) fail("unterminated single quote (')");
            word.append(line.substr(i + 1, end - i - 1));
            i = end;
            in_word = true;
        } else if (c == '"') {
            // Double quotes keep blanks; a backslash only escapes the characters the shell treats
            // specially there, otherwise it stays as it is.
            std::size_t j = i + 1;
            for (;; ++j) {
                if (j >= line.size()) fail("unterminated double quote (\")");
                if (line[j] == '"') break;
                if (line[j] == '\\' && j + 1 < line.size() &&
                    std::string_view("\"\\$`").find(line[j + 1]) != std::string_view::npos) {
                    ++j;
                }
                word += line[j];
            }
            i = j;
            in_word = true;
        } else if (c == '\\') {
            if (i + 1 >= line.size()) fail("trailing backslash (\\) escapes nothing");
            word += line[++i];
            in_word = true;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) words.push_back(std::move(word));
    if (words.empty())
        fail("empty command: give the program to run, e.g. './my_bot' or 'python3 bot.py'");
    return words;
}

namespace {

// Where a relative path is looked up: the bot's working directory if it has one, else ours.
fs::path base_directory(const std::string& working_dir) {
    std::error_code ec;
    fs::path base = working_dir.empty() ? fs::current_path(ec) : fs::absolute(working_dir, ec);
    return base.lexically_normal();
}

bool is_executable_file(const fs::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

[[noreturn]] void spawn_error(const std::string& program, const std::string& what) {
    throw SpawnError("bot command '" + program + "': " + what);
}

}  // namespace

std::string resolve_executable(const std::string& program, const std::string& working_dir,
                               const std::string& search_path) {
    if (program.empty()) spawn_error(program, "empty program name. Fix --bot / the config.");

    if (program.find('/') != std::string::npos) {
        // A path, as execvp would take it: relative to the working directory.
        const fs::path path = (base_directory(working_dir) / program).lexically_normal();
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            spawn_error(program, "file not found (looked in " + path.parent_path().string() +
                                     "). Build the bot or fix the path in --bot / the config.");
        }
        if (S_ISDIR(st.st_mode)) {
            spawn_error(program, path.string() +
                                     " is a directory, not a program. Fix the path in --bot / the "
                                     "config.");
        }
        if (!S_ISREG(st.st_mode) || ::access(path.c_str(), X_OK) != 0) {
            spawn_error(program, path.string() + " is not executable: run chmod +x " + program);
        }
        return path.string();
    }

    // A bare name: search PATH like execvp (an empty PATH entry means the current directory).
    const char* env_path = std::getenv("PATH");
    const std::string search = !search_path.empty()  ? search_path
                               : env_path != nullptr ? env_path
                                                     : "/usr/local/bin:/bin:/usr/bin";
    std::string found_not_executable;
    std::size_t begin = 0;
    while (begin <= search.size()) {
        std::size_t end = search.find(':', begin);
        if (end == std::string::npos) end = search.size();
        const std::string dir = search.substr(begin, end - begin);
        begin = end + 1;

        const fs::path candidate =
            (fs::path(dir).is_absolute() ? fs::path(dir) : base_directory(working_dir) / dir) /
            program;
        if (is_executable_file(candidate)) return candidate.lexically_normal().string();
        if (found_not_executable.empty() && ::access(candidate.c_str(), F_OK) == 0) {
            found_not_executable = candidate.string();
        }
    }
    if (!found_not_executable.empty()) {
        spawn_error(program, "found " + found_not_executable +
                                 " in PATH but it is not an executable file: run chmod +x " +
                                 found_not_executable + " or give the bot's path, e.g. ./" +
                                 program);
    }
    spawn_error(program, "not found in PATH (" + search +
                             "). Install it, or give a path such as ./" + program +
                             " in --bot / the config.");
}

}  // namespace arena::process
