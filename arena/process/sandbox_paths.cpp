// What a sandboxed bot's command line names, and how it is shown (see sandbox.hpp): each
// argument that names an existing file or directory is shown read-only, at the absolute path it
// names, as what it resolves to. Never more: a directory, or a symlink that resolves outside the
// bot's working directory, and `/`, are refused, so a bot cannot ship `weights.bin -> /` to see
// the host.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "arena/process/sandbox.hpp"

namespace arena::process {

namespace fs = std::filesystem;

namespace {

struct NamedPath {
    std::string source;  // what is mounted: the path resolved
    std::string shown;   // where: the absolute path the argument names
};

bool inside(const fs::path& path, const fs::path& dir) {
    if (dir == dir.root_path()) return true;
    const std::string p = path.string(), d = dir.string();
    return p == d || (p.size() > d.size() && p.compare(0, d.size(), d) == 0 && p[d.size()] == '/');
}

[[noreturn]] void refuse(const std::vector<std::string>& argv, const std::string& arg,
                         const std::string& why) {
    std::string command;
    for (const std::string& word : argv) command += (command.empty() ? "" : " ") + word;
    throw SpawnError("bot command '" + command + "': --sandbox: the argument '" + arg + "' " + why +
                     ". A sandboxed bot sees only the files its command line names: name the "
                     "files themselves, inside the bot's working directory (copy them there), "
                     "or run without --sandbox");
}

// The path `arg` names (relative to `base`) and what it resolves to; nullopt when it names
// nothing that exists, or something other than a file or a directory (never a socket or a
// device of the host). Throws SpawnError for what must not be shown.
std::optional<NamedPath> named_path(const std::vector<std::string>& argv, const std::string& arg,
                                    const fs::path& base, const std::vector<fs::path>& never,
                                    const std::vector<fs::path>& shown = {}) {
    if (arg.empty() || arg[0] == '-') return std::nullopt;
    std::error_code ec;
    const fs::path named = fs::absolute(base / arg, ec).lexically_normal();
    const fs::file_status link = fs::symlink_status(named, ec);
    if (ec || !fs::exists(link)) return std::nullopt;
    const fs::path resolved = fs::canonical(named, ec);
    if (ec) return std::nullopt;  // a dangling symlink: the bot will find nothing there
    const fs::file_status status = fs::status(resolved, ec);
    if (fs::is_regular_file(status)) return NamedPath{resolved.string(), named.string()};
    if (!fs::is_directory(status)) return std::nullopt;
    const fs::path wd = fs::weakly_canonical(base, ec);
    if (resolved == resolved.root_path()) refuse(argv, arg, "names the root directory '/'");
    // Inside what the view shows already (a built bot's output, BotOptions::sandbox_read_only).
    const bool already_shown = std::any_of(
        shown.begin(), shown.end(), [&](const fs::path& dir) { return inside(resolved, dir); });
    if (!inside(resolved, wd) && !already_shown) {
        refuse(argv, arg,
               (fs::is_symlink(link) ? "is a symlink to the directory '" : "is the directory '") +
                   resolved.string() + "', outside the bot's working directory '" + wd.string() +
                   "'");
    }
    for (const fs::path& kept : never) {
        if (inside(kept, resolved))
            refuse(argv, arg,
                   "is the directory '" + resolved.string() +
                       "', which holds the arena's results ('" + kept.string() + "')");
    }
    return NamedPath{resolved.string(), named.string()};
}

std::vector<fs::path> resolved_all(const std::vector<std::string>& paths) {
    std::vector<fs::path> resolved;
    std::error_code ec;
    for (const std::string& path : paths) {
        if (!path.empty()) resolved.push_back(fs::weakly_canonical(fs::absolute(path, ec), ec));
    }
    return resolved;
}

bool under_system_dir(const fs::path& path) {
    for (const char* dir : {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"}) {
        if (path.string().rfind(dir, 0) == 0) return true;
    }
    return false;
}

}  // namespace

std::vector<std::string> bot_sandbox_view(const std::vector<std::string>& argv,
                                          const std::string& executable,
                                          const std::string& working_dir, SandboxView& view) {
    const fs::path base = working_dir.empty() ? fs::current_path() : fs::path(working_dir);
    std::error_code ec;
    const fs::path program = fs::absolute(base / executable, ec).lexically_normal();
    if (!under_system_dir(program))
        view.read_only.emplace_back(fs::canonical(program, ec).string(), program.string());
    std::vector<std::string> command = {program.string()};
    std::vector<fs::path> shown;
    for (const auto& [source, where] : view.read_only)
        shown.push_back(fs::weakly_canonical(where, ec));
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::optional<NamedPath> path = named_path(argv, argv[i], base, {}, shown);
        if (!path) {
            command.push_back(argv[i]);
            continue;
        }
        if (!under_system_dir(path->shown) || !under_system_dir(path->source))
            view.read_only.emplace_back(path->source, path->shown);
        command.push_back(path->shown);
    }
    return command;
}

void check_sandbox_paths(const std::vector<std::string>& argv, const std::string& working_dir,
                         const std::vector<std::string>& never_mount) {
    std::error_code ec;
    const fs::path base = working_dir.empty() ? fs::current_path(ec) : fs::absolute(working_dir);
    const std::vector<fs::path> never = resolved_all(never_mount);
    for (std::size_t i = 1; i < argv.size(); ++i) named_path(argv, argv[i], base, never);
}

}  // namespace arena::process
