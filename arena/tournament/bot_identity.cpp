#include "arena/tournament/bot_identity.hpp"

#include <nettle/sha2.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// The digest of `context` as 64 hex digits.
std::string hex_digest(sha256_ctx& context) {
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_digest(&context, sizeof digest, digest);
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (unsigned char byte : digest) {
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text;
}

}  // namespace

// Read in blocks: a JVM or an interpreter is tens of MB.
std::string file_sha256(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return "";
    sha256_ctx context;
    sha256_init(&context);
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        sha256_update(&context, static_cast<std::size_t>(in.gcount()),
                      reinterpret_cast<const std::uint8_t*>(buffer));
    const std::string digest = hex_digest(context);
    return in.bad() ? "" : digest;
}

std::string directory_sha256(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code error;
    for (fs::recursive_directory_iterator it(dir, error), end; !error && it != end;
         it.increment(error)) {
        if (it->is_regular_file(error)) files.push_back(it->path());
    }
    if (error) return "";
    std::sort(files.begin(), files.end());
    std::string listing;
    for (const fs::path& file : files)
        listing += file.lexically_relative(dir).string() + '\0' + file_sha256(file) + '\n';
    return sha256_hex(listing);
}

namespace {

fs::path working_dir_of(const match::PlayerSpec& bot) {
    return bot.working_dir.empty() ? fs::current_path()
                                   : fs::absolute(bot.working_dir).lexically_normal();
}

}  // namespace

std::string sha256_hex(const std::string& bytes) {
    sha256_ctx context;
    sha256_init(&context);
    sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    return hex_digest(context);
}

BotIdentity identify(const match::PlayerSpec& bot) {
    BotIdentity identity;
    identity.command = bot.command;
    const fs::path dir = working_dir_of(bot);
    identity.working_dir = dir.string();
    if (!bot.built.empty()) {
        // Built from source: what the build wrote is what plays. The command names the cache's
        // entry (its path changes with the cache's place), so it stands for the source instead.
        identity.command =
            "source " + bot.source + (bot.build.empty() ? "" : " build " + bot.build);
        std::error_code error;
        const fs::path source = fs::weakly_canonical(dir / bot.source, error);
        identity.files.push_back({"build of " + bot.source,
                                  (error ? dir / bot.source : source).string(),
                                  directory_sha256(bot.built)});
        return identity;
    }
    std::vector<std::string> words;
    try {
        words = process::split_command_line(bot.command);
    } catch (const std::invalid_argument&) {
        return identity;  // the command alone says it all: the bot cannot start
    }
    HashedFile program{words[0], "", ""};
    try {
        // Symlinks followed: the content that runs, not the link's name (python3 -> python3.11).
        program.path = fs::canonical(process::resolve_executable(words[0], bot.working_dir));
        program.sha256 = file_sha256(program.path);
    } catch (const std::exception&) {  // missing or not executable: recorded as a crash
    }
    identity.files.push_back(program);
    for (std::size_t i = 1; i < words.size(); ++i) {
        // Any word naming a regular file: a script, a jar, a weights file given as an argument.
        std::error_code error;
        const fs::path path = (dir / words[i]).lexically_normal();
        if (words[i].empty() || !fs::is_regular_file(path, error)) continue;
        const fs::path real = fs::canonical(path, error);
        identity.files.push_back({words[i], (error ? path : real).string(), file_sha256(path)});
    }
    return identity;
}

nlohmann::ordered_json to_json(const BotIdentity& identity) {
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const HashedFile& f : identity.files)
        files.push_back({{"word", f.word}, {"path", f.path}, {"sha256", f.sha256}});
    return {{"command", identity.command}, {"working_dir", identity.working_dir}, {"files", files}};
}

BotIdentity identity_from_json(const nlohmann::json& json) {
    BotIdentity identity;
    json.at("command").get_to(identity.command);
    json.at("working_dir").get_to(identity.working_dir);
    for (const nlohmann::json& f : json.at("files")) {
        identity.files.push_back({f.at("word").get<std::string>(), f.at("path").get<std::string>(),
                                  f.at("sha256").get<std::string>()});
    }
    return identity;
}

std::vector<std::string> identity_changes(const BotIdentity& before, const BotIdentity& now) {
    std::vector<std::string> changes;
    if (before.command != now.command)
        changes.push_back("command '" + before.command + "' -> '" + now.command + "'");
    if (before.working_dir != now.working_dir)
        changes.push_back("working dir " + before.working_dir + " -> " + now.working_dir);
    const auto short_hash = [](const std::string& h) {
        return h.empty() ? std::string("unreadable") : h.substr(0, 12);
    };
    for (const HashedFile& old : before.files) {
        for (const HashedFile& file : now.files) {
            if (file.word != old.word) continue;
            const std::string what = old.word.rfind("build of ", 0) == 0 ? "the build of"
                                     : &old == &before.files.front()     ? "program"
                                                                         : "file";
            if (file.path != old.path)
                changes.push_back(what + " '" + old.word + "' is now " + file.path + " (was " +
                                  old.path + ")");
            else if (file.sha256 != old.sha256)
                changes.push_back(what + " " + file.path + ": content changed (sha256 " +
                                  short_hash(old.sha256) + " -> " + short_hash(file.sha256) + ")");
            break;
        }
    }
    // A word that names a file now and did not then, or the other way round: a file the bot
    // writes (a log, a pid file) or deleted, named on its command line, is part of its version.
    const auto named = [](const BotIdentity& identity, const std::string& word) {
        for (const HashedFile& f : identity.files)
            if (f.word == word) return true;
        return false;
    };
    const std::string writes =
        " (a file named on a bot's command line is part of its version: a file the bot writes "
        "belongs elsewhere, or use --replace)";
    for (const HashedFile& file : now.files) {
        if (!named(before, file.word))
            changes.push_back("file " + file.path + " exists now, not when its games were played" +
                              writes);
    }
    for (const HashedFile& old : before.files) {
        if (!named(now, old.word))
            changes.push_back("file " + old.path + " is gone since its games were played" + writes);
    }
    if (changes.empty() && before.files != now.files)
        changes.push_back("the files its command names changed");
    return changes;
}

}  // namespace arena::tournament
