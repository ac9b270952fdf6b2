// The --sandbox (see sandbox.hpp and BotOptions::sandbox). Every door is shut: all namespaces
// unshared (no network of any kind: the abstract Unix sockets live in the network namespace,
// the host's socket files are not in the view), no capability, no further user namespace, an
// unprivileged host user (nobody when the arena is root), a new session (no controlling
// terminal, so no TIOCSTI into the user's shell), an environment reduced to an allow-list, and a
// file system view of the system directories read-only, a handful of /etc's files, fresh /proc
// and /dev, size-limited tmpfs for the scratch directory and /dev/shm, and what the command line
// names read-only. Not /home, /root, /run, the host's /tmp, nor the arena's output.
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
#include <fstream>
#include <mutex>
#include <optional>
#include <set>

#include "arena/common/diagnostics.hpp"
#include "arena/process/bot_process.hpp"

namespace arena::process {

namespace fs = std::filesystem;

namespace {

// System directories shown read-only, symlinks kept as symlinks (/bin -> usr/bin on Debian 12).
void add_system_dirs(std::vector<std::string>& args) {
    for (const char* dir : {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
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
    for (const char* dir : {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"}) {
        if (path.rfind(dir, 0) == 0) return true;
    }
    return false;
}

// What of /etc programs need to run: the loader's files, name service switch, time zone, locale,
// the CA certificates, the alternatives' links (java, editors) and language runtimes' own
// configuration (Java's security policy, Perl's and Python's site files). Never shadow, SSH keys,
// ssl/private or anything else of the host's.
bool etc_entry_shown(const std::string& name) {
    static const std::set<std::string> names = {
        "ld.so.cache",  "ld.so.conf",   "ld.so.conf.d", "nsswitch.conf",   "localtime",
        "timezone",     "locale.alias", "locale.conf",  "ca-certificates", "ca-certificates.conf",
        "alternatives", "perl",         "mono",         "dotnet",          "gai.conf",
        "mime.types"};
    return names.count(name) != 0 || name.rfind("java-", 0) == 0 || name.rfind("python3", 0) == 0;
}

// A path shown as the host has it: a symlink as a symlink, anything else bound read-only.
void show_as_is(std::vector<std::string>& args, const fs::path& path) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (ec || !fs::exists(status)) return;
    if (fs::is_symlink(status)) {
        args.insert(args.end(), {"--symlink", fs::read_symlink(path, ec).string(), path.string()});
    } else {
        args.insert(args.end(), {"--ro-bind", path.string(), path.string()});
    }
}

// passwd and group with the sandboxed user's entries only (and root's, whose files the system
// directories are), written once per arena in a private directory removed at exit.
const std::string& account_files_dir() {
    static std::string dir;
    static std::once_flag once;
    std::call_once(once, [] {
        std::error_code ec;
        std::string pattern = (fs::temp_directory_path(ec) / "arena-sandbox-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) return;
        ::chmod(pattern.c_str(), 0755);
        const std::string id = std::to_string(sandbox_user_id());
        std::ofstream(pattern + "/passwd")
            << "root:x:0:0:root:/root:/bin/sh\nbot:x:" << id << ":" << id
            << ":sandboxed program:" << kSandboxScratch << ":/bin/sh\n";
        std::ofstream(pattern + "/group") << "root:x:0:\nbot:x:" << id << ":\n";
        dir = pattern;
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        });
    });
    return dir;
}

void add_etc(std::vector<std::string>& args) {
    // Made by hand: bwrap would make them private to root, out of the unprivileged user's reach.
    args.insert(args.end(),
                {"--perms", "0755", "--dir", "/etc", "--perms", "0755", "--dir", "/etc/ssl"});
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator("/etc", ec)) {
        if (etc_entry_shown(entry.path().filename().string())) show_as_is(args, entry.path());
    }
    show_as_is(args, "/etc/ssl/certs");  // not /etc/ssl/private
    show_as_is(args, "/etc/ssl/openssl.cnf");
    if (const std::string& dir = account_files_dir(); !dir.empty()) {
        args.insert(args.end(), {"--ro-bind", dir + "/passwd", "/etc/passwd"});
        args.insert(args.end(), {"--ro-bind", dir + "/group", "/etc/group"});
    }
}

// Directories bwrap would make on its own for a mount point are private to root (0700): the
// unprivileged user could not reach what is mounted below them.
void add_parents(std::vector<std::string>& args, const fs::path& shown, std::set<fs::path>& made) {
    std::vector<fs::path> parents;
    for (fs::path p = shown.parent_path(); p != p.root_path() && !p.empty(); p = p.parent_path())
        parents.push_back(p);
    for (auto it = parents.rbegin(); it != parents.rend(); ++it) {
        if (under_system_dir(it->string() + "/") || it->string() == "/tmp" ||
            !made.insert(*it).second)
            continue;
        args.insert(args.end(), {"--perms", "0755", "--dir", it->string()});
    }
}

std::string setpriv_program() {
    try {
        return resolve_executable("setpriv", "", kSandboxPath);
    } catch (const SpawnError&) {
        throw SpawnError(
            "--sandbox as root needs setpriv (util-linux) to run bots as an unprivileged user, "
            "and it is not installed: install util-linux, or run the arena as a normal user");
    }
}

// As root, bwrap would keep every capability and map the sandbox to host root: the outer bwrap
// (root) mounts the view, setpriv drops to nobody with no capability, and an inner bwrap makes
// the user namespace of nobody and forbids any further one.
void drop_root(std::vector<std::string>& args, const std::string& bwrap, const SandboxView& view) {
    const std::string id = std::to_string(kSandboxUnprivilegedId);
    args.insert(args.end(),
                {"--", setpriv_program(), "--reuid=" + id, "--regid=" + id, "--clear-groups",
                 "--inh-caps=-all", "--bounding-set=-all", "--", bwrap, "--unshare-user"});
    if (!view.nested) args.push_back("--disable-userns");
    args.insert(args.end(), {"--uid", id, "--gid", id, "--dev-bind", "/", "/", "--die-with-parent",
                             "--chdir", view.chdir});
}

}  // namespace

unsigned sandbox_user_id() {
    return ::geteuid() == 0 ? kSandboxUnprivilegedId : ::geteuid();
}

std::vector<std::pair<std::string, std::string>> sandbox_shown_paths(
    const std::vector<std::string>& argv, const std::string& working_dir) {
    if (argv.empty()) return {};
    SandboxView view;
    bot_sandbox_view(argv, resolve_executable(argv.front(), working_dir, kSandboxPath), working_dir,
                     view);
    return view.read_only;
}

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

std::vector<std::string> sandbox_argv(const std::string& bwrap, const SandboxView& view,
                                      const std::vector<std::string>& command) {
    const bool root = ::geteuid() == 0;
    const char* lang = std::getenv("LANG");
    std::vector<std::string> args = {bwrap,           "--unshare-ipc", "--unshare-pid",
                                     "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"};
    if (!root) args.push_back("--unshare-user");
    if (!root && !view.nested) args.push_back("--disable-userns");
    // If the arena dies without stopping it, bwrap's child is killed too.
    args.insert(args.end(),
                {"--die-with-parent", "--new-session", "--clearenv", "--setenv", "PATH",
                 kSandboxPath, "--setenv", "HOME", kSandboxScratch, "--setenv", "TMPDIR",
                 kSandboxScratch, "--setenv", "ARENA_SCRATCH", kSandboxScratch, "--setenv", "LANG",
                 lang != nullptr && *lang != '\0' ? lang : "C.UTF-8"});
    for (const std::string& variable : view.environment) {
        const auto equals = variable.find('=');
        if (equals == std::string::npos) continue;
        args.insert(args.end(),
                    {"--setenv", variable.substr(0, equals), variable.substr(equals + 1)});
    }
    add_system_dirs(args);
    add_etc(args);
    // Inside another sandbox (a sandboxed runner's bots) a new /proc cannot be mounted (the
    // kernel wants the outer one fully visible): that sandbox's own, which shows its processes
    // only.
    if (std::getenv(kInSandboxVariable) != nullptr)
        args.insert(args.end(), {"--ro-bind", "/proc", "/proc", "--dev", "/dev"});
    else
        args.insert(args.end(), {"--proc", "/proc", "--dev", "/dev"});
    if (view.nested) args.insert(args.end(), {"--setenv", kInSandboxVariable, "1"});
    // bwrap takes --size right before --tmpfs, and --perms right before what it makes.
    args.insert(args.end(), {"--size", std::to_string(view.shm_mb * 1024 * 1024), "--perms",
                             "01777", "--tmpfs", "/dev/shm"});
    args.insert(args.end(), {"--size", std::to_string(view.scratch_mb * 1024 * 1024), "--perms",
                             "01777", "--tmpfs", kSandboxScratch});
    std::set<fs::path> made;
    for (const auto& [source, shown] : view.read_only) {
        add_parents(args, shown, made);
        args.insert(args.end(), {"--ro-bind", source, shown});
    }
    for (const std::string& dir : view.writable) {
        add_parents(args, dir, made);
        args.insert(args.end(), {"--bind", dir, dir});
    }
    // The root's own tmpfs (where /etc and the mount points were made) read-only: the scratch
    // and /dev/shm are the only places the program writes.
    args.insert(args.end(), {"--remount-ro", "/", "--chdir", view.chdir});
    if (root) drop_root(args, bwrap, view);
    args.push_back("--");
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
    SandboxView view;
    view.scratch_mb = options.scratch_mb;
    view.shm_mb = options.shm_mb;
    view.read_only = options.sandbox_read_only;
    view.writable = options.sandbox_writable;
    view.nested = options.sandbox_nested;
    const std::vector<std::string> command = bot_sandbox_view(argv, executable, working_dir, view);
    const std::string bwrap = find_bwrap();
    BotCommand sandboxed{bwrap, sandbox_argv(bwrap, view, command)};
    // In the fallback the bot's session (setsid, no terminal) is the one the arena made:
    // bwrap and the bot must stay in its group, which is all stop() reaches there.
    if (!bots_contained()) std::erase(sandboxed.argv, std::string("--new-session"));
    diagnostics::log().trace("sandbox: {}", fmt::join(sandboxed.argv, " "));
    return sandboxed;
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
    SandboxView view;
    view.scratch_mb = 1;
    view.shm_mb = 1;
    std::vector<std::string> argv;
    try {
        argv = sandbox_argv(bwrap, view, {true_program});
    } catch (const SpawnError& e) {
        return e.what();
    }
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
