// Starting a bot (see containment.hpp).
//
// Design notes:
// - Every bot is started by the same clone(CLONE_VM | CLONE_VFORK) that glibc's posix_spawn
//   uses: no page tables copied (fork() costs grow with the arena's memory: measured per bot
//   ~0.4 ms at 5 MB RSS, 2.5-5.5 ms at +50 MB, against a flat ~0.16 ms), and the parent waits
//   until the child has exec'd, so the child may use the parent's memory but must not allocate,
//   lock or throw, and its errno writes land in the (suspended) parent thread's errno only.
// - Contained (the default): the clone also asks for a new PID namespace (and a user namespace
//   when not root, to be allowed to), and the child execs arena-bot-init, which becomes PID 1 of
//   that namespace and starts the bot. Before exec the child sets PR_SET_PDEATHSIG(SIGKILL),
//   then checks that the arena still lives (the lifeline pipe), joins the bot's cgroups and
//   moves the pipes in place. PR_SET_PDEATHSIG fires when the *thread* that spawned the init
//   ends, not the process: bots are stopped by the match thread that started them, before it
//   ends (play_match owns them). The inits prepared ahead of their bots (prepared_inits.cpp) are
//   cloned by a thread that lives as long as the process.
// - Fallback (no PID namespace): the bot itself is the child, in a process group of its own;
//   posix_spawn when nothing must be done before exec, else the same clone as above.
#include "arena/process/containment.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "arena/common/diagnostics.hpp"
#include "arena/process/namespace_init.hpp"
#include "arena/process/spawn_support.hpp"

namespace arena::process {

namespace {

// ---- the child of our vfork-style clone ----

// Prepared by the parent; the child only reads it (and sets error/failed_step).
struct ChildPlan {
    const char* executable = nullptr;
    char* const* argv = nullptr;
    char* const* envp = nullptr;
    int stdin_fd = -1, stdout_fd = -1, stderr_fd = -1;
    int status_fd = -1;          // contained: goes to fd 3 of the init
    int lifeline_fd = -1;        // contained: read end; EOF once the arena has died
    int lifeline_write_fd = -1;  // contained: our copy of the write end, closed first
    const char* working_dir = nullptr;
    bool contained = false;
    const char* uid_map = nullptr;  // with a user namespace: our own ids mapped to themselves
    const char* gid_map = nullptr;
    struct Limit {
        int resource;
        rlimit value;
    };
    std::array<Limit, 2> limits{};
    int limit_count = 0;
    std::array<int, 3> cgroup_fds{};
    int cgroup_count = 0;
    int error = 0;
    const char* failed_step = nullptr;
};

__attribute__((no_sanitize("address", "undefined"))) bool write_all_raw(int fd, const char* text) {
    std::size_t length = 0;  // not strlen: a sanitizer's interceptor has no business here
    while (text[length] != '\0') ++length;
    return ::write(fd, text, length) == static_cast<ssize_t>(length);
}

__attribute__((no_sanitize("address", "undefined"))) bool write_file_raw(const char* path,
                                                                         const char* text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write_all_raw(fd, text);
    ::close(fd);
    return ok;
}

// Runs on its own small stack inside the arena's address space until execve: async-signal-safe
// calls only. Not instrumented by AddressSanitizer: it would poison shadow memory for a stack
// the parent frees.
__attribute__((no_sanitize("address", "undefined"))) int run_child(void* arg) {
    ChildPlan& plan = *static_cast<ChildPlan*>(arg);
    // All signals arrive blocked (the parent blocked them around clone()). The arena's handlers
    // must never run here, in its memory: reset every handler first, as POSIX_SPAWN_SETSIGDEF.
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &default_action, nullptr);

    const char* step = "setsid";
    // A session (and process group) of its own, without a controlling terminal: Ctrl-C in the
    // terminal reaches the arena only, which then stops the bots itself, no bot can type into
    // the user's terminal (TIOCSTI), and in the fallback stop() signals this group.
    if (::setsid() < 0) goto failed;
    if (plan.contained) {
        step = "user namespace";
        if (plan.uid_map != nullptr && (!write_file_raw("/proc/self/setgroups", "deny") ||
                                        !write_file_raw("/proc/self/uid_map", plan.uid_map) ||
                                        !write_file_raw("/proc/self/gid_map", plan.gid_map)))
            goto failed;
        step = "prctl";
        if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto failed;
        // The arena may have died before the death signal was armed: then its end of the
        // lifeline is closed and ours reads EOF.
        ::close(plan.lifeline_write_fd);
        pollfd lifeline{plan.lifeline_fd, POLLIN, 0};
        if (::poll(&lifeline, 1, 0) != 0) ::_exit(127);
    }
    step = "cgroup";
    for (int i = 0; i < plan.cgroup_count; ++i) {
        if (!write_all_raw(plan.cgroup_fds[static_cast<std::size_t>(i)], "0")) goto failed;
    }
    step = "dup2";
    if (::dup2(plan.stdin_fd, STDIN_FILENO) < 0 || ::dup2(plan.stdout_fd, STDOUT_FILENO) < 0 ||
        ::dup2(plan.stderr_fd, STDERR_FILENO) < 0)
        goto failed;
    if (plan.contained && ::dup2(plan.status_fd, 3) < 0) goto failed;  // status_fd >= 10
    step = "chdir";
    if (plan.working_dir != nullptr && ::chdir(plan.working_dir) != 0) goto failed;
    step = "setrlimit";
    for (int i = 0; i < plan.limit_count; ++i) {
        const ChildPlan::Limit& limit = plan.limits[static_cast<std::size_t>(i)];
        if (::setrlimit(limit.resource, &limit.value) != 0) goto failed;
    }
    ::syscall(SYS_close_range, plan.contained ? 4u : 3u, ~0u, 0u);
    {
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
    }
    step = "exec";
    ::execve(plan.executable, plan.argv, plan.envp);
failed:
    plan.error = errno;
    plan.failed_step = step;
    ::_exit(127);
}

// clone(CLONE_VM | CLONE_VFORK | extra_flags) of run_child; returns the pid or -1 (errno set).
pid_t clone_child(ChildPlan& plan, int extra_flags) {
    // mmap rather than the heap: given back whole, no allocator or sanitizer bookkeeping.
    constexpr std::size_t kStackSize = 64 * 1024;
    void* stack = ::mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return -1;
    // Block every signal until the child has reset its handlers (see run_child).
    sigset_t all, previous;
    sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, &previous);
    const pid_t pid = ::clone(run_child, static_cast<char*>(stack) + kStackSize,
                              CLONE_VM | CLONE_VFORK | SIGCHLD | extra_flags, &plan);
    const int clone_error = errno;
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    ::munmap(stack, kStackSize);
    errno = clone_error;
    return pid;
}

// ---- what this machine offers ----

// Where arena-bot-init is: $ARENA_BOT_INIT, next to the running program (an installed arena),
// or where this build put it.
std::string find_init_program() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* env = std::getenv("ARENA_BOT_INIT"); env != nullptr && *env != '\0')
        return ::access(env, X_OK) == 0 ? env : "";
    const fs::path beside = fs::read_symlink("/proc/self/exe", ec).parent_path() / "arena-bot-init";
    if (!ec && ::access(beside.c_str(), X_OK) == 0) return beside.string();
#ifdef ARENA_BOT_INIT_PATH
    if (::access(ARENA_BOT_INIT_PATH, X_OK) == 0) return ARENA_BOT_INIT_PATH;
#endif
    return "";
}

int namespace_flags() {
    return CLONE_NEWPID | (::geteuid() == 0 ? 0 : CLONE_NEWUSER);
}

struct Containment {
    std::string init_program;  // empty: fallback (unless in_process)
    bool in_process = false;   // the init runs in the arena's address space (namespace_init)
    std::string notice;        // why the fallback, printed once
    std::string uid_map, gid_map;
    int lifeline_read = -1, lifeline_write = -1;
};

__attribute__((no_sanitize("address", "undefined"))) int probe_child(void*) {
    ::_exit(0);
}

// Can this process create a PID namespace? One clone of a child that exits at once.
std::string probe_namespaces() {
    ChildPlan unused;
    constexpr std::size_t kStackSize = 16 * 1024;
    void* stack = ::mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return "no memory";
    const pid_t pid = ::clone(probe_child, static_cast<char*>(stack) + kStackSize,
                              CLONE_VM | CLONE_VFORK | SIGCHLD | namespace_flags(), &unused);
    const int error = errno;
    if (pid > 0) ::waitpid(pid, nullptr, 0);
    ::munmap(stack, kStackSize);
    return pid > 0 ? "" : std::strerror(error);
}

// Why the fallback is used (its notice), or "" when bots can be contained here, with the init
// program found.
std::string fallback_notice(std::string& init_program) {
    const char* forced = std::getenv("ARENA_CONTAINMENT");
    const std::string fallback =
        ": bots are contained by process group only, so a process a bot starts in a new "
        "session or group can outlive its game (README: 'Untrusted bots')";
    if (forced != nullptr && std::string(forced) == "process-group")
        return "arena: notice: ARENA_CONTAINMENT=process-group" + fallback;
    if (const std::string problem = probe_namespaces(); !problem.empty()) {
        return "arena: notice: this machine gives the arena no PID namespace (" + problem + ")" +
               fallback;
    }
    if (namespace_init_in_process()) return "";
    init_program = find_init_program();
    if (init_program.empty())
        return "arena: notice: arena-bot-init not found next to the arena program" + fallback;
    return "";
}

Containment detect_containment() {
    Containment result;
    result.notice = fallback_notice(result.init_program);
    result.in_process = result.notice.empty() && namespace_init_in_process();
    if (!result.notice.empty()) {
        result.init_program.clear();
        constexpr std::string_view kPrefix = "arena: notice: ";
        diagnostics::log().debug("containment: a process group per bot (the fallback): {}",
                                 std::string_view(result.notice).substr(kPrefix.size()));
        return result;
    }
    if (::geteuid() != 0) {
        result.uid_map = std::to_string(::geteuid()) + " " + std::to_string(::geteuid()) + " 1";
        result.gid_map = std::to_string(::getegid()) + " " + std::to_string(::getegid()) + " 1";
    }
    // The lifeline: we hold its write end until we die. Both ends at 10 or above, so that
    // the child's dup2() onto 3 never meets them.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) == 0) {
        result.lifeline_read = ::fcntl(fds[0], F_DUPFD_CLOEXEC, 10);
        result.lifeline_write = ::fcntl(fds[1], F_DUPFD_CLOEXEC, 10);
        ::close(fds[0]);
        ::close(fds[1]);
    }
    diagnostics::log().debug("containment: a PID namespace per bot, init {}{}",
                             result.in_process
                                 ? "run in the arena's process (ARENA_INIT=exec: arena-bot-init)"
                                 : result.init_program,
                             result.uid_map.empty() ? "" : " (in a user namespace: not root)");
    return result;
}

const Containment& containment() {
    static const Containment c = detect_containment();
    return c;
}

// The oldest kernel arena supports is Linux 5.9 (docs/install.md): bots are watched through
// pidfd_open (5.3) and get none of the arena's other files thanks to close_range (5.9). Probed
// by calling them (a distribution may backport), and said once on an older kernel.
std::string kernel_notice() {
    const long pidfd = ::syscall(SYS_pidfd_open, ::getpid(), 0u);
    if (pidfd < 0 && errno == ENOSYS) {
        return "arena: notice: this kernel has no pidfd_open (Linux 5.3): bots cannot be watched "
               "and fail to start; arena needs Linux 5.9 or newer (docs/install.md)";
    }
    if (pidfd >= 0) ::close(static_cast<int>(pidfd));
    // A range holding no file: 0 where close_range exists.
    if (::syscall(SYS_close_range, ~0u - 1, ~0u, 0u) != 0 && errno == ENOSYS) {
        return "arena: notice: this kernel has no close_range (Linux 5.9): bots may inherit the "
               "arena's open files; arena needs Linux 5.9 or newer (docs/install.md)";
    }
    return "";
}

void print_notice_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        const std::string& notice = containment().notice;
        if (!notice.empty()) std::fprintf(stderr, "%s\n", notice.c_str());
        if (const std::string old_kernel = kernel_notice(); !old_kernel.empty())
            std::fprintf(stderr, "%s\n", old_kernel.c_str());
    });
}

[[noreturn]] void request_failed(const SpawnRequest& request, const std::string& executable,
                                 const char* step, int error) {
    spawn_failed(request.argv.front(), executable, step, error, request.limits);
}

// ---- fallback without limits: posix_spawn ----

pid_t spawn_plain(const SpawnRequest& request) {
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_init(&actions);

    // Ignored signals and the signal mask survive exec (we ignore SIGPIPE): give the defaults.
    sigset_t signals;
    sigemptyset(&signals);
    posix_spawnattr_setsigmask(&attr, &signals);
    sigfillset(&signals);
    posix_spawnattr_setsigdefault(&attr, &signals);
    posix_spawnattr_setflags(&attr,
                             POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawn_file_actions_adddup2(&actions, request.stdin_fd, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, request.stdout_fd, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, request.stderr_fd, STDERR_FILENO);
    if (!request.working_dir.empty())
        posix_spawn_file_actions_addchdir_np(&actions, request.working_dir.c_str());
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    std::vector<char*> args = c_argv(request.argv);
    std::vector<char*> env = c_argv(request.environment);
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, request.executable.c_str(), &actions, &attr, args.data(),
                                    request.environment.empty() ? environ : env.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (error != 0) request_failed(request, request.executable, nullptr, error);
    return pid;
}

void add_rlimits(ChildPlan& plan, const Limits& limits) {
    constexpr rlim_t kMiB = 1024 * 1024;
    auto add = [&](int resource, rlim_t soft, rlim_t hard) {
        plan.limits[static_cast<std::size_t>(plan.limit_count++)] = {resource, rlimit{soft, hard}};
    };
    if (limits.cpu_seconds) add(RLIMIT_CPU, *limits.cpu_seconds, *limits.cpu_seconds + 1);
    if (limits.file_size_mb)
        add(RLIMIT_FSIZE, *limits.file_size_mb * kMiB, *limits.file_size_mb * kMiB);
}

void add_cgroups(ChildPlan& plan, const SpawnRequest& request) {
    for (int fd : request.cgroup_fds)
        plan.cgroup_fds[static_cast<std::size_t>(plan.cgroup_count++)] = fd;
}

}  // namespace

bool pid_namespace_containment() {
    return !containment().init_program.empty() || containment().in_process;
}

int init_processes_in_bot_cgroup() {
    // The exec'd arena-bot-init joins the bot's cgroups before its exec; the in-process init
    // leaves that to the bot (namespace_init.cpp says why).
    return !containment().init_program.empty() && !containment().in_process ? 1 : 0;
}

std::string containment_notice() {
    return containment().notice;
}

namespace {

// The fallback: the bot itself in its own process group; posix_spawn when nothing must be done
// before exec.
Spawned spawn_in_process_group(const SpawnRequest& request, ChildPlan& plan) {
    print_notice_once();
    Spawned spawned;
    if (plan.cgroup_count == 0 && !request.limits.any()) {
        spawned.pid = spawn_plain(request);
        return spawned;
    }
    add_rlimits(plan, request.limits);
    std::vector<char*> args = c_argv(request.argv);
    plan.executable = request.executable.c_str();
    plan.argv = args.data();
    spawned.pid = clone_child(plan, 0);
    if (spawned.pid == -1) request_failed(request, request.executable, "clone", errno);
    if (plan.error != 0) {
        ::waitpid(spawned.pid, nullptr, 0);  // it has _exit()ed already
        request_failed(request, request.executable, plan.failed_step, plan.error);
    }
    return spawned;
}

// arena-bot-init [--fsize B] [--cpu S] -- executable argv...
std::vector<std::string> init_command(const std::string& init_program,
                                      const SpawnRequest& request) {
    std::vector<std::string> init_argv = {init_program};
    if (request.limits.file_size_mb)
        init_argv.insert(init_argv.end(),
                         {"--fsize", std::to_string(*request.limits.file_size_mb * 1024 * 1024)});
    if (request.limits.cpu_seconds)
        init_argv.insert(init_argv.end(), {"--cpu", std::to_string(*request.limits.cpu_seconds)});
    init_argv.push_back("--");
    init_argv.push_back(request.executable);
    init_argv.insert(init_argv.end(), request.argv.begin(), request.argv.end());
    return init_argv;
}

// The pipe the init reports on: both ends at 10 or above (see the lifeline).
std::pair<int, int> status_pipe(const SpawnRequest& request) {
    int status[2];
    if (::pipe2(status, O_CLOEXEC) != 0) request_failed(request, request.executable, "pipe", errno);
    const int status_read = ::fcntl(status[0], F_DUPFD_CLOEXEC, 10);
    const int status_write = ::fcntl(status[1], F_DUPFD_CLOEXEC, 10);
    ::close(status[0]);
    ::close(status[1]);
    return {status_read, status_write};
}

// What every init of this arena shares: the lifeline, the user namespace's maps, the flags.
NamespaceInitRequest namespace_part(const Containment& c) {
    NamespaceInitRequest init;
    init.lifeline_fd = c.lifeline_read;
    init.lifeline_write_fd = c.lifeline_write;
    init.uid_map = c.uid_map;
    init.gid_map = c.gid_map;
    init.clone_flags = namespace_flags();
    return init;
}

// Contained, the init run in our address space (namespace_init.hpp): no exec of arena-bot-init.
// A prepared init when one is ready (its namespace made while an earlier game played), else one
// cloned for this bot.
Spawned spawn_with_init_in_process(const SpawnRequest& request, const Containment& c) {
    NamespaceInitRequest init = namespace_part(c);
    init.executable = request.executable;
    init.argv = request.argv;
    init.envp = request.environment;
    init.stdin_fd = request.stdin_fd;
    init.stdout_fd = request.stdout_fd;
    init.stderr_fd = request.stderr_fd;
    init.working_dir = request.working_dir;
    init.cgroup_fds = request.cgroup_fds;
    if (request.limits.file_size_mb) init.fsize_bytes = *request.limits.file_size_mb * 1024 * 1024;
    if (request.limits.cpu_seconds) init.cpu_seconds = *request.limits.cpu_seconds;
    const auto [status_read, status_write] = status_pipe(request);
    init.status_fd = status_write;
    Spawned spawned;
    spawned.status_fd = status_read;
    spawned.contained = true;
    if (std::optional<PreparedInit> prepared = take_prepared_init(namespace_part(c))) {
        if (start_prepared_init(*prepared, init)) {
            ::close(status_write);
            spawned.pid = prepared->pid;
            spawned.init_memory = std::move(prepared->memory);
            return spawned;
        }
        discard_prepared_init(*prepared);
    }
    int error = 0;
    const char* step = nullptr;
    spawned.pid = start_namespace_init(init, spawned.init_memory, &error, &step);
    ::close(status_write);
    if (spawned.pid == -1) {
        ::close(status_read);
        request_failed(request, request.executable, step, error);
    }
    return spawned;
}

// Contained: the init of a new PID namespace, which starts the bot and reports on `status_fd`.
Spawned spawn_in_namespace(const SpawnRequest& request, const Containment& c, ChildPlan& plan) {
    if (c.in_process) return spawn_with_init_in_process(request, c);
    const std::vector<std::string> init_argv = init_command(c.init_program, request);
    std::vector<char*> args = c_argv(init_argv);
    const auto [status_read, status_write] = status_pipe(request);
    plan.contained = true;
    plan.executable = c.init_program.c_str();
    plan.argv = args.data();
    plan.status_fd = status_write;
    plan.lifeline_fd = c.lifeline_read;
    plan.lifeline_write_fd = c.lifeline_write;
    if (!c.uid_map.empty()) {
        plan.uid_map = c.uid_map.c_str();
        plan.gid_map = c.gid_map.c_str();
    }
    Spawned spawned;
    spawned.pid = clone_child(plan, namespace_flags());
    const int clone_error = errno;
    ::close(status_write);
    if (spawned.pid == -1) {
        ::close(status_read);
        request_failed(request, request.executable, "clone", clone_error);
    }
    if (plan.error != 0) {
        ::close(status_read);
        ::waitpid(spawned.pid, nullptr, 0);
        request_failed(request, c.init_program, plan.failed_step, plan.error);
    }
    spawned.status_fd = status_read;
    spawned.contained = true;
    return spawned;
}

}  // namespace

Spawned spawn_bot(const SpawnRequest& request) {
    const Containment& c = containment();
    ChildPlan plan;
    plan.stdin_fd = request.stdin_fd;
    plan.stdout_fd = request.stdout_fd;
    plan.stderr_fd = request.stderr_fd;
    std::vector<char*> env = c_argv(request.environment);
    plan.envp = request.environment.empty() ? environ : env.data();
    if (!request.working_dir.empty()) plan.working_dir = request.working_dir.c_str();
    add_cgroups(plan, request);
    if (c.init_program.empty() && !c.in_process) return spawn_in_process_group(request, plan);
    return spawn_in_namespace(request, c, plan);
}

}  // namespace arena::process

namespace arena::process {

bool bots_contained() {
    return pid_namespace_containment();
}

std::string containment_fallback_notice() {
    return containment_notice();
}

}  // namespace arena::process
