// The --sandbox (see sandbox.hpp and BotOptions::sandbox). Every door is shut: all namespaces
// unshared (no network of any kind: the abstract Unix sockets live in the network namespace,
// the host's socket files are not in the view), a new session (no controlling terminal, so no
// TIOCSTI into the user's shell), an environment reduced to an allow-list, and a file system
// view of the system directories read-only, fresh /proc and /dev, size-limited tmpfs for the
// scratch directory and /dev/shm, and the bot's own files read-only. Not /home, /root, /run, the
// host's /tmp, nor the arena's output.
#include "arena/process/sandbox.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "arena/process/bot_process.hpp"

namespace arena::process {

namespace fs = std::filesystem;

namespace {

// System directories shown read-only, symlinks kept as symlinks (/bin -> usr/bin on Debian 12).
void add_system_dirs(std::vector<std::string>& args) {
    for (const char* dir :
         {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
        std::error_code ec;
        const fs::file_status status = fs::symlink_status(dir, ec);
        if (ec || !fs::exists(status)) continue;
        if (fs::is_symlink(status)) {
            args.insert(args.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
        } else {
            args.insert(args.end(), {"--ro-bind", dir, dir});
        }
    }
}

bool under_system_dir(const std::string& path) {
    for (const char* dir : {"/usr/", "/etc/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"}) {
        if (path.rfind(dir, 0) == 0) return true;
    }
    return false;
}

}  // namespace

std::string find_bwrap() {
    try {
        return resolve_executable("bwrap");
    } catch (const SpawnError&) {
        return "";
    }
}

std::vector<std::string> sandbox_environment() {
    const char* lang = std::getenv("LANG");
    return {std::string("PATH=") + kSandboxPath,
            std::string("LANG=") + (lang != nullptr && *lang != '\0' ? lang : "C.UTF-8")};
}

std::vector<std::string> sandboxed_argv(const std::string& bwrap,
                                        const std::vector<std::string>& argv,
                                        const std::string& executable,
                                        const std::string& working_dir, long scratch_mb,
                                        long shm_mb) {
    const char* lang = std::getenv("LANG");
    std::vector<std::string> args = {
        bwrap,
        // user (when possible), IPC, PID, network, UTS and cgroup namespaces
        "--unshare-all",
        // If the arena dies without stopping it, bwrap's child is killed too.
        "--die-with-parent", "--new-session", "--clearenv", "--setenv", "PATH", kSandboxPath,
        "--setenv", "HOME", kSandboxScratch, "--setenv", "TMPDIR", kSandboxScratch, "--setenv",
        "ARENA_SCRATCH", kSandboxScratch, "--setenv", "LANG",
        lang != nullptr && *lang != '\0' ? lang : "C.UTF-8"};
    add_system_dirs(args);
    args.insert(args.end(), {"--proc", "/proc", "--dev", "/dev"});
    args.insert(args.end(),
                {"--size", std::to_string(shm_mb * 1024 * 1024), "--tmpfs", "/dev/shm"});
    args.insert(args.end(),
                {"--size", std::to_string(scratch_mb * 1024 * 1024), "--tmpfs", kSandboxScratch});

    std::vector<std::string> command = {executable};
    if (!under_system_dir(executable))
        args.insert(args.end(), {"--ro-bind", executable, executable});
    const fs::path base = working_dir.empty() ? fs::current_path() : fs::path(working_dir);
    for (std::size_t i = 1; i < argv.size(); ++i) {
        std::string arg = argv[i];
        std::error_code ec;
        // Regular files and directories only: never a socket or a device of the host.
        const fs::file_status status = fs::status(base / arg, ec);
        if (!arg.empty() && arg[0] != '-' && !ec &&
            (fs::is_regular_file(status) || fs::is_directory(status))) {
            arg = fs::absolute(base / arg, ec).lexically_normal().string();
            if (!under_system_dir(arg)) args.insert(args.end(), {"--ro-bind", arg, arg});
        }
        command.push_back(arg);
    }
    args.insert(args.end(), {"--chdir", kSandboxScratch, "--"});
    args.insert(args.end(), command.begin(), command.end());
    return args;
}

}  // namespace arena::process
