#include "arena/league/snapshot.hpp"

#include <unistd.h>

#include <set>
#include <system_error>
#include <vector>

#include "arena/common/shell_quote.hpp"
#include "arena/process/bot_process.hpp"

namespace arena::league {

namespace fs = std::filesystem;

namespace {

std::string megabytes(std::uintmax_t bytes) {
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB";
}

// Bytes under `path` (a file, or a directory's files, links followed).
std::uintmax_t size_of(const fs::path& path) {
    if (!fs::is_directory(path)) return fs::file_size(path);
    std::uintmax_t total = 0;
    for (const fs::directory_entry& entry :
         fs::recursive_directory_iterator(path, fs::directory_options::follow_directory_symlink))
        if (entry.is_regular_file()) total += entry.file_size();
    return total;
}

// What is copied, counted against the limit as it goes.
class Copier {
  public:
    Copier(const match::PlayerSpec& bot, fs::path into, std::uintmax_t max_bytes)
        : bot_(bot), into_(std::move(into)), max_(max_bytes) {}

    void copy(const fs::path& from, const fs::path& to, const std::string& what) {
        bytes_ += size_of(from);
        if (bytes_ > max_)
            throw SnapshotError(
                "bot '" + bot_.name + "': " + what + " '" + from.string() +
                "' makes the snapshot " + megabytes(bytes_) + ", more than the " + megabytes(max_) +
                " a league copies: give the bot a working directory (@DIR) holding only what it "
                "runs, or a single built program");
        fs::create_directories(to.parent_path());
        if (fs::is_directory(from))
            fs::copy(from, to, fs::copy_options::recursive);
        else
            fs::copy_file(from, to);
    }

    // A free name in the snapshot for a copy of `file`: its own, else numbered.
    std::string free_name(const fs::path& file) {
        std::string name = file.filename().string();
        for (int i = 2; taken_.count(name) || fs::exists(into_ / name); ++i)
            name = std::to_string(i) + "-" + file.filename().string();
        taken_.insert(name);
        return name;
    }

  private:
    const match::PlayerSpec& bot_;
    fs::path into_;
    std::uintmax_t max_;
    std::uintmax_t bytes_ = 0;
    std::set<std::string> taken_;
};

// `word` as a path from where the bot runs: its working directory, else the arena's.
fs::path resolved(const std::string& word, const std::string& working_dir) {
    const fs::path p(word);
    if (p.is_absolute() || working_dir.empty()) return fs::absolute(p).lexically_normal();
    return fs::absolute(fs::path(working_dir) / p).lexically_normal();
}

// `path` inside `dir` (both absolute): its path relative to `dir`, else "".
std::string inside(const fs::path& path, const fs::path& dir) {
    const fs::path relative = path.lexically_relative(dir);
    if (relative.empty() || *relative.begin() == "..") return "";
    return relative.string();
}

std::vector<std::string> words_of(const match::PlayerSpec& bot) {
    try {
        return process::split_command_line(bot.command);
    } catch (const std::invalid_argument& e) {
        throw SnapshotError("bot '" + bot.name + "': its command '" + bot.command +
                            "' cannot be read (" + e.what() + "): fix its quotes");
    }
}

void make_snapshot(const match::PlayerSpec& bot, const fs::path& into,
                   const std::string& program_name, std::uintmax_t max_bytes,
                   std::vector<std::string>& words) {
    Copier copier(bot, into, max_bytes);
    fs::path home;  // the working directory, copied whole
    if (!bot.working_dir.empty()) {
        home = fs::absolute(bot.working_dir).lexically_normal();
        if (!fs::is_directory(home))
            throw SnapshotError("bot '" + bot.name + "': its working directory '" +
                                bot.working_dir + "' is not a directory: fix the @DIR");
        copier.copy(home, into, "working directory");
    } else {
        fs::create_directories(into);
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
        const bool program = i == 0;
        // A program without a '/' is looked up on $PATH: the system's (python3), not the bot's.
        if (program && words[i].find('/') == std::string::npos) continue;
        if (!program && (words[i].empty() || words[i].front() == '-')) continue;
        const fs::path path = resolved(words[i], bot.working_dir);
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            if (program)
                throw SnapshotError("bot '" + bot.name + "': its program '" + words[i] +
                                    "' is not there: build it, or fix the command");
            continue;  // an argument that is not a file ("--depth", "3")
        }
        if (!home.empty()) {
            if (const std::string within = inside(path, home); !within.empty()) {
                words[i] = program ? "./" + within : within;  // in the copied directory
                continue;
            }
        }
        const std::string name =
            copier.free_name(program && !program_name.empty() ? fs::path(program_name) : path);
        copier.copy(path, into / name, program ? "program" : "file");
        words[i] = program ? "./" + name : name;
    }
}

}  // namespace

std::string take_snapshot(const match::PlayerSpec& bot, const fs::path& into,
                          const std::string& program_name, std::uintmax_t max_bytes) {
    std::vector<std::string> words = words_of(bot);
    // Made beside its place and renamed into it: a snapshot is whole or absent.
    const fs::path building = into.parent_path() / (".adding-" + into.filename().string() + "-" +
                                                    std::to_string(::getpid()));
    fs::remove_all(building);
    try {
        make_snapshot(bot, building, program_name, max_bytes, words);
        fs::rename(building, into);
    } catch (const fs::filesystem_error& e) {
        fs::remove_all(building);
        throw SnapshotError("bot '" + bot.name + "': its snapshot cannot be made in '" +
                            into.parent_path().string() + "': " + e.what() +
                            ". Nothing was added; free space or fix the permissions, then add it "
                            "again");
    } catch (...) {
        std::error_code ec;
        fs::remove_all(building, ec);
        throw;
    }
    return shell_command(words);
}

}  // namespace arena::league
