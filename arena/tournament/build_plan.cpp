#include "arena/tournament/build_plan.hpp"

#include <algorithm>
#include <cstdlib>

#include "arena/common/shell_quote.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/bot_identity.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// Bumped when the cache's layout or the meaning of a key changes.
constexpr const char* kCacheVersion = "arena-build 2";
// A compiler answers its version at once; one that does not is not waited for.
constexpr std::chrono::milliseconds kProbeLimit{20'000};

bool under_system_dir(const std::string& path) {
    for (const char* dir : {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"}) {
        if (path.rfind(dir, 0) == 0) return true;
    }
    return false;
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return text;
}

// What `program args` prints (bounded in time, never sandboxed: the user's own compiler).
std::string ask(const process::JobRunner& run_job, const std::string& program,
                const std::string& args) {
    process::Job job;
    job.argv = {program};
    for (const std::string& word : process::split_command_line(args)) job.argv.push_back(word);
    job.environment = build_environment();
    job.wall_limit = kProbeLimit;
    const process::JobResult result = run_job(job);
    return result.succeeded() ? result.output : "";
}

// The compiler of a language as found here; throws BuildError naming the bot when it is not
// installed.
Toolchain find_toolchain(const Language& language, const match::PlayerSpec& bot,
                         const process::JobRunner& run_job) {
    Toolchain tool;
    try {
        tool.program = process::resolve_executable(language.tool);
    } catch (const process::SpawnError&) {
        throw BuildError("bot '" + bot.name + "': " + bot.source + " is " + language.name +
                         ", built with '" + language.tool +
                         "', which is not installed (not found in PATH): install it, or give "
                         "the bot a \"build\" command");
    }
    std::error_code ignored;
    if (!language.root_args.empty()) {  // a proxy: the compiler it stands for
        const std::string root = trimmed(ask(run_job, tool.program, language.root_args));
        const fs::path real = fs::path(root) / "bin" / language.tool;
        if (!root.empty() && fs::is_regular_file(real, ignored)) {
            tool.program = real.string();
            tool.root = root;
        }
    }
    const std::string resolved = fs::canonical(tool.program, ignored).string();
    if (tool.root.empty() && !under_system_dir(resolved))  // e.g. /opt/jdk/bin/javac: /opt/jdk
        tool.root = fs::path(resolved).parent_path().parent_path().string();
    tool.fingerprint = tool.program + "\n" + file_sha256(resolved) + "\n" +
                       ask(run_job, tool.program, language.version_args);
    return tool;
}

// A custom build's first word, when it names a program: its path and content join the key.
std::string custom_tool_fingerprint(const std::string& build, const std::string& working_dir) {
    try {
        const std::vector<std::string> words = process::split_command_line(build);
        const std::string path = process::resolve_executable(words.front(), working_dir);
        return path + "\n" + file_sha256(fs::canonical(path));
    } catch (const std::exception&) {
        return "";  // shell syntax, or not found (the build will say)
    }
}

[[noreturn]] void folder_too_big(const match::PlayerSpec& bot, const fs::path& folder) {
    throw BuildError("bot '" + bot.name + "': the folder of " + bot.source + ", " +
                     folder.string() + ", holds more than " + std::to_string(kMaxFolderEntries) +
                     " entries or " + std::to_string(kMaxFolderBytes >> 20) +
                     " MB: a bot's build may read its whole folder, so all of it is hashed for "
                     "the build cache; put the source and the files it needs in a folder of "
                     "their own");
}

// SHA-256 of every entry under `folder` (path, kind, and a file's content or a link's target;
// never opening anything but regular files: a FIFO would block). `skip`: the build cache.
std::string folder_sha256(const match::PlayerSpec& bot, const fs::path& folder,
                          const fs::path& skip) {
    std::vector<std::pair<std::string, std::string>> entries;
    std::uintmax_t bytes = 0;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (it->path() == skip) {
            it.disable_recursion_pending();
            continue;
        }
        if (entries.size() >= kMaxFolderEntries) folder_too_big(bot, folder);
        const fs::file_status status = it->symlink_status(error);
        std::string what = std::to_string(static_cast<int>(status.type()));
        if (fs::is_regular_file(status)) {
            bytes += it->file_size(error);
            if (bytes > kMaxFolderBytes) folder_too_big(bot, folder);
            what += ' ';  // a char: GCC 12 warns (-Wrestrict) on " " + std::string
            what += file_sha256(it->path());
        } else if (fs::is_symlink(status)) {
            what += ' ';
            what += fs::read_symlink(it->path(), error).string();
        }
        entries.emplace_back(it->path().lexically_relative(folder).string(), what);
    }
    if (error)
        throw BuildError("bot '" + bot.name + "': cannot read the folder of " + bot.source + ", " +
                         folder.string() + ": " + error.message() + ": make it readable");
    std::sort(entries.begin(), entries.end());
    std::string listing;
    for (const auto& [path, what] : entries) listing += path + '\0' + what + '\n';
    return sha256_hex(listing);
}

fs::path bot_dir(const match::PlayerSpec& bot) {
    return bot.working_dir.empty() ? fs::current_path() : fs::absolute(bot.working_dir);
}

// The command's first word, the tool's name, replaced by the tool found.
std::string with_tool(const std::string& build, const Language& language, const Toolchain& tool) {
    if (!build.starts_with(language.tool + " ")) return build;
    return shell_quote(tool.program) + build.substr(language.tool.size());
}

}  // namespace

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

std::vector<std::string> build_environment() {
    std::vector<std::string> environment;
    for (const char* name : {"PATH", "HOME", "LANG", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN",
                             "CARGO_HOME", "GOROOT", "GOPATH", "GOCACHE", "GOTOOLCHAIN"}) {
        if (const char* value = std::getenv(name); value && *value)
            environment.push_back(std::string(name) + "=" + value);
    }
    return environment;
}

BuildPlan plan_build(const match::PlayerSpec& bot, const process::JobRunner& run_job,
                     const fs::path& cache, std::map<std::string, Toolchain>& known) {
    const fs::path source = bot_dir(bot) / bot.source;
    std::error_code error;
    if (!fs::is_regular_file(source, error))
        throw BuildError("bot '" + bot.name + "': source file " + bot.source + " not found" +
                         (bot.working_dir.empty() ? "" : " in " + bot.working_dir) +
                         ": check the path (relative to the bot's working directory)");
    BuildPlan plan;
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

    plan.sandbox = bot.sandbox.value_or(false);
    const fs::path resolved = fs::canonical(source);
    plan.folder = resolved.parent_path();
    plan.source_word = plan.sandbox ? resolved.filename().string() : bot.source;
    plan.working_dir = plan.sandbox ? plan.folder.string() : bot_dir(bot).string();
    std::string tool;
    if (bot.build.empty()) {
        const Language& language = *plan.language;
        if (!known.contains(language.tool))
            known[language.tool] = find_toolchain(language, bot, run_job);
        plan.tool = known[language.tool];
        plan.build = with_tool(plan.build, language, plan.tool);
        tool = plan.tool.fingerprint;
    } else {
        tool = custom_tool_fingerprint(bot.build, plan.working_dir);
    }
    plan.key =
        sha256_hex(std::string(kCacheVersion) + "\n" +
                   (plan.sandbox ? "sandboxed" : "as the user") + "\n" + plan.build + "\n" +
                   plan.source_word + "\n" + tool + "\n" + folder_sha256(bot, plan.folder, cache));
    return plan;
}

}  // namespace arena::tournament
