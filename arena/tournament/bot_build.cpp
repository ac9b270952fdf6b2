#include "arena/tournament/bot_build.hpp"

#include <chrono>
#include <cstdlib>
#include <map>
#include <ostream>
#include <sstream>

#include "arena/process/bot_process.hpp"
#include "arena/tournament/bot_languages.hpp"
#include "arena/tournament/build_plan.hpp"
#include "arena/tournament/build_run.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// Java runs a class: CodinGame's Player, else the one named like the file.
std::string java_class(const match::PlayerSpec& bot, const fs::path& entry) {
    if (fs::exists(entry / "Player.class")) return "Player";
    return fs::path(bot.source).stem().string();
}

std::string seconds_since(std::chrono::steady_clock::time_point start) {
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::ostringstream seconds;
    seconds.precision(1);
    seconds << std::fixed << took.count();
    return seconds.str();
}

// The cache entry of `plan`, built now unless it is there; says which on `progress`.
void build_or_find(const match::PlayerSpec& bot, const BuildPlan& plan, const fs::path& entry,
                   const BuildOptions& options, std::ostream& progress) {
    const std::string what = (plan.language ? plan.language->name : "own build") +
                             std::string(plan.sandbox ? ", sandboxed" : "");
    if (fs::is_directory(entry)) {
        progress << "build: " << bot.name << ": " << bot.source << " cached (" << what << ")\n";
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    try {
        build_into_cache(bot, plan, entry, options);
    } catch (const fs::filesystem_error& e) {  // the cache is not writable
        throw BuildError("bot '" + bot.name + "': cannot build " + bot.source + " in the cache: " +
                         e.what() + ": set ARENA_CACHE to a writable directory");
    }
    progress << "build: " << bot.name << ": " << bot.source << " built (" << what << ", "
             << seconds_since(start) << " s)\n";
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
    const process::JobRunner run_job = options.run_job ? options.run_job : process::run_job;
    std::map<std::string, Toolchain> tools;
    for (match::PlayerSpec& bot : bots) {
        if (bot.source.empty()) continue;
        const BuildPlan plan = plan_build(bot, run_job, cache, tools);
        std::map<std::string, std::string> values = {{"source", bot.source}};
        if (plan.key.empty()) {
            progress << "build: " << bot.name << ": " << bot.source << " runs as it is ("
                     << plan.language->name << ", no build)\n";
        } else {
            const fs::path entry = cache / plan.key;
            build_or_find(bot, plan, entry, options, progress);
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
