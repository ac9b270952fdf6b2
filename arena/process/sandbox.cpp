// The --sandbox (see sandbox.hpp and BotOptions::sandbox). Every door is shut: all namespaces
// unshared (no network of any kind: the abstract Unix sockets live in the network namespace,
// the host's socket files are not in the view), a new session (no controlling terminal, so no
// TIOCSTI into the user's shell), an environment reduced to an allow-list, and a file system
// view of the system directories read-only, fresh /proc and /dev, size-limited tmpfs for the
// scratch directory and /dev/shm, and the bot's own files read-only. Not /home, /root, /run, the
// host's /tmp, nor the arena's output.
#include "arena/process/sandbox.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "arena/common/diagnostics.hpp"
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

BotCommand sandboxed_command(const std::vector<std::string>& argv, const std::string& executable,
                             const BotOptions& options) {
    check_sandbox();
    std::error_code ec;
    const std::string working_dir = options.working_dir.empty()
                                        ? fs::current_path(ec).string()
                                        : fs::absolute(options.working_dir, ec).string();
    const std::string bwrap = find_bwrap();
    BotCommand command{bwrap, sandboxed_argv(bwrap, argv, executable, working_dir,
                                             options.scratch_mb, options.shm_mb)};
    // In the fallback the bot's session (setsid, no terminal) is the one the arena made:
    // bwrap and the bot must stay in its group, which is all stop() reaches there.
    if (!bots_contained()) std::erase(command.argv, std::string("--new-session"));
    diagnostics::log().trace("sandbox: {}", fmt::join(command.argv, " "));
    return command;
}

// ---- the probe: does bwrap work here? ----

namespace {

// Starts the probe (bwrap around `true`) in a process group of its own, so that bwrap's children
// re-parented to us can be reaped; stdin and stdout on /dev/null, stderr on `stderr_fd`. Returns
// posix_spawn's error (0: started, `pid` set).
int start_probe(const std::string& bwrap, const std::vector<std::string>& argv, int stderr_fd,
                pid_t& pid) {
    std::vector<char*> args = c_argv(argv);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDWR, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, stderr_fd, STDERR_FILENO);
    const int error = ::posix_spawn(&pid, bwrap.c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return error;
}

// What the probe wrote on stderr (its first 4 KiB or so), up to EOF.
std::string read_to_end(int fd) {
    std::string message;
    char buffer[1024];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
        if (n > 0 && message.size() < 4096) message.append(buffer, static_cast<std::size_t>(n));
        if (n < 0 && errno != EINTR) break;
    }
    return message;
}

// Reaps the probe; returns its wait status.
int reap_probe(pid_t pid) {
    int wstatus = 0;
    while (::waitpid(pid, &wstatus, 0) == -1 && errno == EINTR) {
    }
    // bwrap's PID-namespace init may outlive bwrap by a moment (it was re-parented to us, and
    // ends by itself now that `true` has ended): reap it too. Our own trusted command.
    while (::waitpid(-pid, nullptr, 0) > 0 || errno == EINTR) {
    }
    return wstatus;
}

std::string sandbox_unusable(const std::string& bwrap, std::string message) {
    while (!message.empty() &&
           (message.back() == '\n' || message.back() == '\r' || message.back() == '.'))
        message.pop_back();
    const std::string why = message.empty() ? std::string() : ": " + message;
    return "--sandbox: bubblewrap (" + bwrap + ") cannot create its sandbox on this machine" + why +
           ". It needs user namespaces (sysctl kernel.unprivileged_userns_clone=1; in a container: "
           "allowed by its seccomp/AppArmor profile). Run without --sandbox, or on a machine where "
           "'bwrap --unshare-all --ro-bind / / true' works";
}

// Runs `bwrap <the sandbox's options> true` once, to tell a missing or unusable bubblewrap
// before any game starts. Returns what is wrong, or "" when it works.
std::string probe_sandbox() {
    prepare_arena_process();  // subreaper: bwrap's own children are reaped below
    const std::string bwrap = find_bwrap();
    if (bwrap.empty()) {
        return "--sandbox needs bubblewrap (the bwrap program), which is not installed: install "
               "it (Debian: apt-get install bubblewrap; scripts/install-deps.sh does) or run "
               "without --sandbox";
    }
    std::string true_program;
    try {
        true_program = resolve_executable("true", "", kSandboxPath);
    } catch (const SpawnError& e) {
        return std::string("--sandbox: ") + e.what();
    }
    std::vector<std::string> argv = sandboxed_argv(bwrap, {true_program}, true_program, "", 1, 1);
    // Without a new session here: bwrap's child stays in the group, so reap_probe reaps it.
    std::erase(argv, std::string("--new-session"));
    Pipe err = make_pipe(bwrap);
    pid_t pid = -1;
    if (const int error = start_probe(bwrap, argv, err.write_end.fd, pid); error != 0)
        return "--sandbox: cannot start " + bwrap + ": " + std::strerror(error);
    ::close(err.write_end.release());
    const std::string message = read_to_end(err.read_end.fd);
    const int wstatus = reap_probe(pid);
    diagnostics::log().debug("sandbox probe: {} exited with wait status {}", bwrap, wstatus);
    if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) return "";
    return sandbox_unusable(bwrap, message);
}

}  // namespace

void check_sandbox() {
    static std::once_flag once;
    static std::string problem;
    std::call_once(once, [] { problem = probe_sandbox(); });
    if (!problem.empty()) throw SpawnError(problem);
}

}  // namespace arena::process
