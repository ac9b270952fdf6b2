// Which version of a bot played a game. A bot's name is the user's label; two builds under one
// name must not be counted as one bot. A bot's identity is what decides how it plays: its
// command line, its working directory, and the content (SHA-256) of the program it runs and of
// every file its command line names (the script of `python3 bot.py`, the jar of
// `java -jar x.jar`). A bot built from source (bot_build.hpp) is its source's path and the
// content of what its build wrote: the cache's path is no part of it. Every game record stores the
// identity of each seat's bot (docs/tournament-files.md).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::tournament {

struct HashedFile {
    std::string word;    // the command-line word: "bot.py", or argv[0] "python3"
    std::string path;    // the file it names, absolute ("" when it names none)
    std::string sha256;  // hex; "" when the file could not be read (missing program)
    bool operator==(const HashedFile&) const = default;
};

struct BotIdentity {
    std::string command;
    std::string working_dir;        // absolute
    std::vector<HashedFile> files;  // argv[0] first, then each word naming a regular file
    bool operator==(const BotIdentity&) const = default;
};

// Hashes the bot's files now. Never throws for a missing program: its hash is "" (the game
// records it as a crash anyway).
BotIdentity identify(const match::PlayerSpec& bot);

nlohmann::ordered_json to_json(const BotIdentity& identity);
BotIdentity identity_from_json(const nlohmann::json& json);  // throws nlohmann::json::exception

// What changed from `before` to `now`, for people: "command 'a' -> 'b'", "working dir ...",
// "program /x/bot: content changed (sha256 1a2b3c4d -> 5e6f7a8b)". Empty when equal.
std::vector<std::string> identity_changes(const BotIdentity& before, const BotIdentity& now);

// SHA-256 of bytes, as 64 hex digits (Nettle's).
std::string sha256_hex(const std::string& bytes);

// SHA-256 of a file's content; "" when it cannot be read.
std::string file_sha256(const std::filesystem::path& file);

// SHA-256 over every regular file under `dir` (relative paths and contents, in path order): the
// identity of a build's output (bot_build.hpp); "" when `dir` cannot be read.
std::string directory_sha256(const std::filesystem::path& dir);

}  // namespace arena::tournament
