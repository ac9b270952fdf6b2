#include "arena/tournament/bot_build.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include "arena/process/bot_process.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/bot_languages.hpp"

extern char** environ;

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// Bumped when the cache's layout or the meaning of a key changes.
constexpr const char* kCacheVersion = "arena-build 1";
// The compiler's message, trimmed to what a terminal shows at once.
constexpr std::size_t kMessageLines = 40;
constexpr std::size_t kMessageLineChars = 300;

std::string shell_quote(const std::string& word) {
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-+./=:,@%") == std::string::npos;
    if (plain) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// `text` with each {name} of `values` replaced by its shell-quoted value.
std::string expand(std::string text, const std::map<std::string, std::string>& values) {
    for (const auto& [name, value] : values) {
        const std::string placeholder = "{" + name + "}";
        for (std::size_t at = text.find(placeholder); at != std::string::npos;
             at = text.find(placeholder, at)) {
            const std::string quoted = shell_quote(value);
            text.replace(at, placeholder.size(), quoted);
            at += quoted.size();
        }
    }
    return text;
}

std::string read_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs `command` with /bin/sh in `working_dir`, stdin from /dev/null, stdout and stderr into
// `log`. Returns the wait status, or throws BuildError when it cannot start.
int run_shell(const std::string& command, const fs::path& working_dir, const fs::path& log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    if (!working_dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, working_dir.c_str());
    const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
    pid_t pid = 0;
    const int error =
        posix_spawn(&pid, "/bin/sh", &actions, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0)
        throw BuildError("cannot run /bin/sh for the build '" + command +
                         "': " + std::strerror(error));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

// The first kMessageLines lines of a compiler's output, each cut to kMessageLineChars, indented.
std::string trimmed_message(const std::string& output) {
    std::istringstream in(output);
    std::string line, text;
    std::size_t lines = 0, total = 0;
    while (std::getline(in, line)) {
        ++total;
        if (lines == kMessageLines) continue;
        if (line.size() > kMessageLineChars) line = line.substr(0, kMessageLineChars) + " [...]";
        text += "  " + line + "\n";
        ++lines;
    }
    if (total > lines)
        text += "  ... (" + std::to_string(total - lines) + " more line(s) not shown)\n";
    return text.empty() ? "  (no output)\n" : text;
}

struct Tool {
    std::string fingerprint;  // path, content hash and version: part of the cache key
};

// What identifies the compiler of a language: where it is, its content and what it says its
// version is (a rustup proxy or a `gcc` link keeps its path when the toolchain behind changes).
// Throws BuildError naming the bot when it is not installed.
std::string tool_fingerprint(const Language& language, const match::PlayerSpec& bot,
                             const fs::path& scratch, std::map<std::string, std::string>& known) {
    if (auto it = known.find(language.tool); it != known.end()) return it->second;
    std::string path;
    try {
        path = fs::canonical(process::resolve_executable(language.tool)).string();
    } catch (const std::exception&) {
        throw BuildError("bot '" + bot.name + "': " + bot.source + " is " + language.name +
                         ", built with '" + language.tool +
                         "', which is not installed (not found in PATH): install it, or give "
                         "the bot a \"build\" command");
    }
    // A name of its own: other arenas may be asking the same compiler at the same time.
    static std::atomic<unsigned> counter{0};
    const fs::path log = scratch / (".tmp-version-" + std::to_string(getpid()) + "-" +
                                    std::to_string(counter++) + ".log");
    run_shell(shell_quote(path) + " " + language.version_args, "", log);
    const std::string version = read_file(log);
    fs::remove(log);
    return known[language.tool] = path + "\n" + file_sha256(path) + "\n" + version;
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "status " + std::to_string(status);
}

// One build: where its source is, how it is built and run, and its cache entry.
struct Plan {
    const Language* language = nullptr;  // nullptr: an unknown extension with its own build
    std::string build;                   // the build command, {dir}/{out} still to replace
    std::string run;                     // the bot's command line, placeholders not replaced
    std::string key;                     // cache key (hex); empty: nothing to build
};

fs::path bot_dir(const match::PlayerSpec& bot) {
    return bot.working_dir.empty() ? fs::current_path() : fs::absolute(bot.working_dir);
}

Plan plan_build(const match::PlayerSpec& bot, const fs::path& scratch,
                std::map<std::string, std::string>& tools) {
    const fs::path source = bot_dir(bot) / bot.source;
    std::error_code error;
    if (!fs::is_regular_file(source, error))
        throw BuildError("bot '" + bot.name + "': source file " + bot.source + " not found" +
                         (bot.working_dir.empty() ? "" : " in " + bot.working_dir) +
                         ": check the path (relative to the bot's working directory)");
    Plan plan;
    plan.language = language_of(bot.source);
    if (!plan.language && bot.build.empty())
        throw BuildError(
            "bot '" + bot.name + "': " + bot.source + ": no known language has the extension '" +
            fs::path(bot.source).extension().string() + "' (known: " + known_extensions() +
            "): give the bot a \"build\" command that writes the program {out}");
    const bool compiled = plan.language && !plan.language->build.empty();
    plan.build = bot.build.empty() ? (plan.language ? plan.language->build : "") : bot.build;
    plan.run = bot.build.empty() || compiled ? plan.language->run : "{out}";
    if (plan.build.empty()) return plan;  // run as it is (Python, JavaScript, ...)
    // A custom build's tools are its own business: its text and the source are the key.
    const std::string tool =
        bot.build.empty() ? tool_fingerprint(*plan.language, bot, scratch, tools) : "";
    plan.key = sha256_hex(std::string(kCacheVersion) + "\n" +
                          expand(plan.build, {{"source", bot.source}}) + "\n" + tool + "\n" +
                          read_file(source));
    return plan;
}

// A fresh name for this process's temporary build directory in the cache.
fs::path temporary_dir(const fs::path& cache, const std::string& key) {
    static std::atomic<unsigned> counter{0};
    return cache / (".tmp-" + key.substr(0, 16) + "-" + std::to_string(getpid()) + "-" +
                    std::to_string(counter++));
}

// Builds into a temporary directory, then renames it to the cache entry: a concurrent arena
// building the same source finds either no entry or a whole one. Throws BuildError with the
// compiler's message when the build fails.
void build_into_cache(const match::PlayerSpec& bot, const Plan& plan, const fs::path& entry) {
    const fs::path temporary = temporary_dir(entry.parent_path(), plan.key);
    const fs::path out_dir = temporary / "out";
    fs::create_directories(out_dir);
    const std::string command = expand(
        plan.build,
        {{"source", bot.source}, {"dir", out_dir.string()}, {"out", (out_dir / "bot").string()}});
    const int status = run_shell(command, bot_dir(bot), temporary / "build.log");
    const std::string output = read_file(temporary / "build.log");
    std::error_code ignored;
    const bool wrote_out = plan.run.find("{out}") == std::string::npos ||
                           fs::is_regular_file(out_dir / "bot", ignored);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !wrote_out) {
        fs::remove_all(temporary, ignored);
        const std::string why = !wrote_out && WIFEXITED(status) && WEXITSTATUS(status) == 0
                                    ? "the build did not write the program {out}"
                                    : describe_status(status);
        throw BuildError("bot '" + bot.name + "': building " + bot.source + " failed (" + why +
                         "):\n" + trimmed_message(output) + "  (build command: " + command +
                         ")\nfix the source or the bot's \"build\" command, then run again");
    }
    fs::rename(out_dir, entry, ignored);  // fails when another arena was first: its entry is whole
    fs::remove_all(temporary, ignored);
    if (!fs::is_directory(entry))
        throw BuildError("bot '" + bot.name + "': cannot store the build of " + bot.source +
                         " in " + entry.string() +
                         ": make the directory writable or set ARENA_CACHE");
}

// Java runs a class: CodinGame's Player, else the one named like the file.
std::string java_class(const match::PlayerSpec& bot, const fs::path& entry) {
    if (fs::exists(entry / "Player.class")) return "Player";
    return fs::path(bot.source).stem().string();
}

}  // namespace

fs::path default_cache_dir() {
    if (const char* arena = std::getenv("ARENA_CACHE"); arena && *arena) return arena;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return fs::path(xdg) / "arena" / "builds";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".cache" / "arena" / "builds";
    throw BuildError(
        "no place for the bots' builds: set ARENA_CACHE (or XDG_CACHE_HOME or HOME) to a "
        "writable directory");
}

void build_bots(std::vector<match::PlayerSpec>& bots, const BuildOptions& options,
                std::ostream& progress) {
    bool any = false;
    for (const match::PlayerSpec& bot : bots) any = any || !bot.source.empty();
    if (!any) return;
    const fs::path cache =
        fs::absolute(options.cache_dir.empty() ? default_cache_dir() : options.cache_dir);
    std::error_code error;
    fs::create_directories(cache, error);
    if (error)
        throw BuildError("cannot create the build cache " + cache.string() + ": " +
                         error.message() + ": set ARENA_CACHE to a writable directory");
    std::map<std::string, std::string> tools;
    for (match::PlayerSpec& bot : bots) {
        if (bot.source.empty()) continue;
        const Plan plan = plan_build(bot, cache, tools);
        const std::string what = plan.language ? plan.language->name : "own build";
        std::map<std::string, std::string> values = {{"source", bot.source}};
        if (plan.key.empty()) {
            progress << "build: " << bot.name << ": " << bot.source << " runs as it is (" << what
                     << ", no build)\n";
        } else {
            const fs::path entry = cache / plan.key;
            if (fs::is_directory(entry)) {
                progress << "build: " << bot.name << ": " << bot.source << " cached (" << what
                         << ")\n";
            } else {
                const auto start = std::chrono::steady_clock::now();
                try {
                    build_into_cache(bot, plan, entry);
                } catch (const fs::filesystem_error& e) {  // the cache is not writable
                    throw BuildError("bot '" + bot.name + "': cannot build " + bot.source +
                                     " in the cache: " + e.what() +
                                     ": set ARENA_CACHE to a writable directory");
                }
                const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
                std::ostringstream seconds;
                seconds.precision(1);
                seconds << std::fixed << took.count();
                progress << "build: " << bot.name << ": " << bot.source << " built (" << what
                         << ", " << seconds.str() << " s)\n";
            }
            values["dir"] = entry.string();
            values["out"] = (entry / "bot").string();
            values["class"] = java_class(bot, entry);
            bot.built = entry.string();
        }
        bot.command = expand(plan.run, values);
    }
    progress.flush();
}

bool looks_like_source(const std::string& command, const std::string& working_dir) {
    std::vector<std::string> words;
    try {
        words = process::split_command_line(command);
    } catch (const std::invalid_argument&) {
        return false;
    }
    if (words.size() != 1 || !language_of(words[0])) return false;
    std::error_code error;
    const fs::path dir = working_dir.empty() ? fs::current_path() : fs::path(working_dir);
    return fs::is_regular_file(dir / words[0], error);
}

void source_from_command(match::PlayerSpec& bot) {
    if (!bot.source.empty() || !looks_like_source(bot.command, bot.working_dir)) return;
    bot.source = process::split_command_line(bot.command).front();
    bot.command.clear();
}

nlohmann::ordered_json bot_program_json(const match::PlayerSpec& bot) {
    if (bot.source.empty()) return {{"name", bot.name}, {"command", bot.command}};
    nlohmann::ordered_json json = {{"name", bot.name}, {"source", bot.source}};
    if (!bot.build.empty()) json["build"] = bot.build;
    return json;
}

}  // namespace arena::tournament
