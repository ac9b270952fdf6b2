// The init of a bot's PID namespace in the arena's address space (namespace_init.hpp says why).
// Everything between the clone and the bot's exec runs in a process that shares the arena's
// memory while the arena goes on: init_main, bot_main, serve and what they call use only raw
// system calls, their own stacks and the Plan, all in the InitMemory mapping. This file is
// compiled without stack protector (the canary would be read from the arena thread's TLS).
#include "arena/process/namespace_init.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

#include "arena/process/bot_init_protocol.hpp"

#ifdef ARENA_INIT_IN_PROCESS
#define ARENA_INIT_RAW_SYSCALLS
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/socket.h>

#include "arena/process/init_syscalls.hpp"
#endif

extern char** environ;

namespace arena::process {

bool namespace_init_in_process() {
#ifdef ARENA_INIT_IN_PROCESS
    const char* how = std::getenv("ARENA_INIT");
    return how == nullptr || std::strcmp(how, "exec") != 0;
#else
    return false;
#endif
}

#ifndef ARENA_INIT_IN_PROCESS

pid_t start_namespace_init(const NamespaceInitRequest&, InitMemory&, int* error,
                           const char** failed_step) {
    *error = ENOSYS;
    *failed_step = "clone";
    return -1;
}

std::optional<PreparedInit> prepare_namespace_init(const NamespaceInitRequest&) {
    return std::nullopt;
}

bool start_prepared_init(PreparedInit&, const NamespaceInitRequest&) {
    return false;
}

void discard_prepared_init(PreparedInit&) {}

#else

namespace {

namespace proto = init_protocol;

constexpr std::size_t kMaxCgroups = 4;
constexpr std::size_t kInitStack = 64 * 1024, kBotStack = 32 * 1024;
constexpr int kCgroupStep = 3;        // kSetupSteps[3], "cgroup"
constexpr long kCgroupFdsFrom = 100;  // where the init keeps the cgroup files for the bot

// What the init reads, in the mapping; exec_error is written by the bot's child.
struct Plan {
    const char* executable;
    char** argv;
    char** envp;
    int stdin_fd, stdout_fd, stderr_fd, status_fd, lifeline_fd, lifeline_write_fd;
    const char* working_dir;  // nullptr: the arena's
    const char* uid_map;      // nullptr: no user namespace
    const char* gid_map;
    int cgroup_fds[kMaxCgroups];
    int cgroup_count;
    long fsize, cpu;
    char* bot_stack_top;
    int exec_error;       // written by the bot's child: errno of its failed step
    int bot_failed_step;  // written by the bot's child: -1, or its failed step (kSetupSteps)
    int plan_socket;      // a prepared init: where it waits for the bot's fds (else -1)
    int cwd_fd;           // a prepared init: the arena's working directory when the bot has none
};

// clone() with `fn` run on `stack_top`, as glibc's clone() does, but errors as -errno (no
// errno written: the caller may be the init).
extern "C" long arena_namespace_clone(unsigned long flags, void* stack_top, int (*fn)(void*),
                                      void* arg);
asm(R"(
    .text
    .globl arena_namespace_clone
    .type arena_namespace_clone, @function
arena_namespace_clone:
    and $-16, %rsi
    sub $16, %rsi
    mov %rdx, 0(%rsi)
    mov %rcx, 8(%rsi)
    mov $56, %eax
    xor %edx, %edx
    xor %r10d, %r10d
    xor %r8d, %r8d
    syscall
    test %rax, %rax
    jnz 1f
    xor %ebp, %ebp
    pop %rax
    pop %rdi
    call *%rax
    mov %eax, %edi
    mov $231, %eax
    syscall
    hlt
1:
    ret
)");

void report(int fd, int kind, int value) {
    const proto::Record record{kind, value};
    while (sys_write(fd, &record, sizeof record) == -EINTR) {
    }
}

bool write_file(const char* path, const char* text) {
    const long fd = sys_open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    std::size_t n = 0;
    while (text[n] != '\0') ++n;
    const long written = sys_write(static_cast<int>(fd), text, n);
    sys_close(static_cast<int>(fd));
    return written == static_cast<long>(n);
}

void set_rlimit(int resource, long soft, long hard) {
    const rlimit limit{static_cast<rlim_t>(soft), static_cast<rlim_t>(hard)};
    sys(__NR_prlimit64, 0, resource, arg(&limit), 0);
}

void on_term(int) {}  // PID 1 only receives signals it handles; rt_sigtimedwait takes them

// The bot's main process (a vfork-style child of the init): its own session, default signals,
// its limits, then exec. An exec failure is left in the plan for the init.
int bot_main(void* data) {
    Plan& plan = *static_cast<Plan*>(data);
    // The bot joins its cgroups, not the init: the init shares the arena's memory, and a memory
    // cgroup's OOM killer that picked it would end every process using that memory, the arena.
    for (int i = 0; i < plan.cgroup_count; ++i) {
        if (const long r = sys_write(plan.cgroup_fds[i], "0", 1); r != 1) {
            plan.exec_error = static_cast<int>(r < 0 ? -r : EIO);
            plan.bot_failed_step = kCgroupStep;
            sys_exit(127);
        }
    }
    report(3, proto::kBotPid, pid_seen_by_arena());
    sys(__NR_close_range, 3, ~0U, 0);  // the status pipe, the cgroup files and all the init has
    sys(__NR_setsid);
    sys_sigaction(SIGTERM, SIG_DFL);
    sys_sigprocmask(SIG_SETMASK, 0);
    // Per process, on top of the cgroup's total: SIGXFSZ beyond the file size; SIGXCPU at the
    // CPU limit, as CodinGame's players expect, SIGKILL a second later.
    if (plan.fsize > 0) set_rlimit(RLIMIT_FSIZE, plan.fsize, plan.fsize);
    if (plan.cpu > 0) set_rlimit(RLIMIT_CPU, plan.cpu, plan.cpu + 1);
    const long error = sys(__NR_execve, arg(plan.executable), arg(plan.argv), arg(plan.envp));
    plan.exec_error = static_cast<int>(-error);
    plan.bot_failed_step = -1;
    sys_exit(127);
}

// Closes every fd from 4 up but `keep` (at most kMaxCgroups of them, each >= kCgroupFdsFrom).
void close_all_but(const int* keep, int count) {
    int sorted[kMaxCgroups];
    for (int i = 0; i < count; ++i) {
        int j = i;
        for (; j > 0 && sorted[j - 1] > keep[i]; --j) sorted[j] = sorted[j - 1];
        sorted[j] = keep[i];
    }
    unsigned from = 4;
    for (int i = 0; i < count; ++i) {
        const unsigned fd = static_cast<unsigned>(sorted[i]);
        if (fd > from) sys(__NR_close_range, from, fd - 1, 0);
        from = fd + 1;
    }
    sys(__NR_close_range, from, ~0U, 0);
}

// The steps that make the namespace the init's own, as containment.cpp's vfork child does them
// for the exec'd init; returns the failed step's index in proto::kSetupSteps with errno in
// *error, or -1. A prepared init takes them before it knows its bot.
int set_up_namespace(Plan& plan, int* error) {
    const auto failed = [&](int step, long result) {
        *error = static_cast<int>(result < 0 ? -result : EIO);
        return step;
    };
    if (const long r = sys(__NR_setsid); r < 0) return failed(0, r);
    if (plan.uid_map != nullptr && (!write_file("/proc/self/setgroups", "deny") ||
                                    !write_file("/proc/self/uid_map", plan.uid_map) ||
                                    !write_file("/proc/self/gid_map", plan.gid_map)))
        return failed(1, -EPERM);
    if (const long r = sys(__NR_prctl, PR_SET_PDEATHSIG, SIGKILL); r < 0) return failed(2, r);
    // Its name in ps, top and `pkill arena`: not the arena's (its command line stays the arena's:
    // that is the shared memory's).
    sys(__NR_prctl, PR_SET_NAME, arg("arena-bot-init"));
    // The arena may have died before the death signal was armed: then its end of the lifeline
    // is closed and ours reads EOF.
    sys_close(plan.lifeline_write_fd);
    pollfd lifeline{plan.lifeline_fd, POLLIN, 0};
    if (sys(__NR_poll, arg(&lifeline), 1, 0) != 0) sys_exit(127);
    return -1;
}

// The bot's fds in place (0-2 its pipes, 3 the status pipe, the cgroup files out of the way
// above kCgroupFdsFrom), its working directory, every other fd closed. Returns as set_up_namespace.
// Each fd in the plan is 4 or above.
int set_up_bot_fds(Plan& plan, int* error) {
    const auto failed = [&](int step, long result) {
        *error = static_cast<int>(result < 0 ? -result : EIO);
        return step;
    };
    // The cgroup files stay open for the bot's child (bot_main), out of the way of fds 0-3.
    for (int i = 0; i < plan.cgroup_count; ++i) {
        const long fd = sys(__NR_fcntl, plan.cgroup_fds[i], F_DUPFD, kCgroupFdsFrom);
        if (fd < 0) return failed(kCgroupStep, fd);
        plan.cgroup_fds[i] = static_cast<int>(fd);
    }
    sys_dup2(plan.stdin_fd, 0);
    sys_dup2(plan.stdout_fd, 1);
    sys_dup2(plan.stderr_fd, 2);
    sys_dup2(plan.status_fd, 3);
    if (plan.working_dir != nullptr) {
        if (const long r = sys(__NR_chdir, arg(plan.working_dir)); r < 0) return failed(4, r);
    } else if (plan.cwd_fd >= 0) {
        if (const long r = sys(__NR_fchdir, plan.cwd_fd); r < 0) return failed(4, r);
    }
    close_all_but(plan.cgroup_fds, plan.cgroup_count);
    return -1;
}

// Every handler back to the default: the arena's were copied with the clone and must never run
// here, in its memory (all signals arrive blocked).
void default_handlers() {
    for (int sig = 1; sig <= 64; ++sig) {
        if (sig != SIGKILL && sig != SIGSTOP) sys_sigaction(sig, SIG_DFL);
    }
}

// Once the bot's fds are in place: the bot started, then serve() until it ends.
[[noreturn]] void start_and_serve(Plan& plan) {
    const KernelSigset waited = bit(SIGCHLD) | bit(SIGTERM);
    sys_sigprocmask(SIG_SETMASK, waited);
    sys_sigaction(SIGTERM, on_term);
    const long bot = arena_namespace_clone(CLONE_VM | CLONE_VFORK | SIGCHLD, plan.bot_stack_top,
                                           bot_main, &plan);
    if (bot >= 0 && plan.bot_failed_step >= 0) {
        report(3, proto::kSetupFailed, proto::setup_failure(plan.bot_failed_step, plan.exec_error));
        sys_exit(127);
    }
    if (bot < 0 || plan.exec_error != 0) {
        report(3, proto::kExecFailed, bot < 0 ? static_cast<int>(-bot) : plan.exec_error);
        sys_exit(127);  // a bot child that failed its exec is reaped with the namespace
    }
    sys(__NR_close_range, 4, ~0U, 0);  // the cgroup files, kept for the bot's child
    // The pipes are the bot's alone: a bot that closes its stdout must give the arena EOF.
    const long devnull = sys_open("/dev/null", O_RDWR);
    for (int fd = 0; fd <= 2; ++fd) sys_dup2(static_cast<int>(devnull), fd);
    if (devnull > 2) sys_close(static_cast<int>(devnull));
    report(3, proto::kStarted, static_cast<int>(bot));
    serve_namespace(bot, waited, [](long) {});
    sys_exit(0);
}

// The init started for a known bot: the steps above, then the bot.
int init_main(void* data) {
    Plan& plan = *static_cast<Plan*>(data);
    default_handlers();
    int error = 0;
    int step = set_up_namespace(plan, &error);
    if (step < 0) step = set_up_bot_fds(plan, &error);
    if (step >= 0) {
        report(plan.status_fd, proto::kSetupFailed, proto::setup_failure(step, error));
        sys_exit(127);
    }
    start_and_serve(plan);
}

// What the arena sends a prepared init: the bot's stdin, stdout, stderr, the status pipe, the
// arena's working directory (when the bot has none of its own: the init was made earlier, maybe
// elsewhere), then the bot's cgroup files, in one SCM_RIGHTS message (the plan is already in the
// shared mapping).
constexpr int kSentFds = 5 + static_cast<int>(kMaxCgroups);

// Waits for that message; false when the arena closed the socket instead (not needed after all).
bool receive_bot_fds(Plan& plan) {
    char byte = 0;
    iovec data{&byte, 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kSentFds)];
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    long n;
    while ((n = sys(__NR_recvmsg, plan.plan_socket, arg(&message), 0)) == -EINTR) {
    }
    const cmsghdr* header = reinterpret_cast<const cmsghdr*>(control);
    if (n != 1 || message.msg_controllen < CMSG_LEN(4 * sizeof(int)) ||
        header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS)
        return false;
    const int count = static_cast<int>((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    int fds[kSentFds];
    const int* sent = reinterpret_cast<const int*>(CMSG_DATA(header));
    for (int i = 0; i < count && i < kSentFds; ++i) fds[i] = sent[i];  // no C library here
    plan.stdin_fd = fds[0];
    plan.stdout_fd = fds[1];
    plan.stderr_fd = fds[2];
    plan.status_fd = fds[3];
    int next = 4;
    if (plan.working_dir == nullptr && next < count) plan.cwd_fd = fds[next++];
    plan.cgroup_count = count - next;
    for (int i = 0; i < plan.cgroup_count; ++i) plan.cgroup_fds[i] = fds[next + i];
    return true;
}

// A prepared init: its namespace set up ahead of the game, every fd but its socket closed (0-3
// on /dev/null, so that the fds it receives land at 4 and above), a byte on the socket to say it
// is ready; then it waits for its bot. It ends when the socket closes without a bot.
int prepared_init_main(void* data) {
    Plan& plan = *static_cast<Plan*>(data);
    default_handlers();
    int error = 0;
    if (set_up_namespace(plan, &error) >= 0) sys_exit(127);
    const long socket = sys(__NR_fcntl, plan.plan_socket, F_DUPFD, 200);
    if (socket < 0) sys_exit(127);
    plan.plan_socket = static_cast<int>(socket);
    sys(__NR_close_range, 0, socket - 1, 0);
    sys(__NR_close_range, socket + 1, ~0U, 0);
    const long devnull = sys_open("/dev/null", O_RDWR);  // fd 0
    for (int fd = 1; fd <= 3; ++fd) sys_dup2(static_cast<int>(devnull), fd);
    if (devnull != 0 || sys_write(plan.plan_socket, "r", 1) != 1) sys_exit(127);
    if (!receive_bot_fds(plan)) sys_exit(0);
    if (const int step = set_up_bot_fds(plan, &error); step >= 0) {
        report(3, proto::kSetupFailed, proto::setup_failure(step, error));
        sys_exit(127);
    }
    start_and_serve(plan);
}

// Bump allocation in the mapping.
class Layout {
  public:
    explicit Layout(char* base) : at_(base) {}
    template <class T>
    T* take(std::size_t count) {
        at_ = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(at_) + 15) & ~15UL);
        T* p = reinterpret_cast<T*>(at_);
        at_ += count * sizeof(T);
        return p;
    }
    const char* copy(const std::string& text) {
        char* p = take<char>(text.size() + 1);
        std::memcpy(p, text.c_str(), text.size() + 1);
        return p;
    }
    char** copy_all(const std::vector<std::string>& words) {
        char** list = take<char*>(words.size() + 1);
        for (std::size_t i = 0; i < words.size(); ++i) list[i] = const_cast<char*>(copy(words[i]));
        list[words.size()] = nullptr;
        return list;
    }

    void* position() const { return at_; }

  private:
    char* at_;
};

std::size_t bytes_of(const std::vector<std::string>& words) {
    std::size_t n = (words.size() + 1) * sizeof(char*) + 16;
    for (const std::string& w : words) n += w.size() + 1 + 16;
    return n;
}

std::vector<std::string> environment_of(const NamespaceInitRequest& request) {
    if (!request.envp.empty()) return request.envp;
    std::vector<std::string> words;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) words.emplace_back(*e);
    return words;
}

}  // namespace

namespace {

// The bot's part of the plan: its command, environment, fds, working directory and limits,
// copied into the mapping (the fds are the arena's: a prepared init receives its own copies).
void fill_bot_plan(Plan& plan, Layout& layout, const NamespaceInitRequest& request,
                   const std::vector<std::string>& envp) {
    plan.bot_failed_step = -1;
    plan.exec_error = 0;
    plan.executable = layout.copy(request.executable);
    plan.argv = layout.copy_all(request.argv);
    plan.envp = layout.copy_all(envp);
    plan.stdin_fd = request.stdin_fd;
    plan.stdout_fd = request.stdout_fd;
    plan.stderr_fd = request.stderr_fd;
    plan.status_fd = request.status_fd;
    plan.working_dir = request.working_dir.empty() ? nullptr : layout.copy(request.working_dir);
    plan.cwd_fd = -1;
    plan.cgroup_count = 0;
    for (int fd : request.cgroup_fds) {
        if (plan.cgroup_count < static_cast<int>(kMaxCgroups))
            plan.cgroup_fds[plan.cgroup_count++] = fd;
    }
    plan.fsize = request.fsize_bytes;
    plan.cpu = request.cpu_seconds;
}

// The namespace's part: the lifeline, the user namespace's maps, where the bot's stack is.
void fill_namespace_plan(Plan& plan, Layout& layout, const NamespaceInitRequest& request,
                         char* stacks) {
    plan.lifeline_fd = request.lifeline_fd;
    plan.lifeline_write_fd = request.lifeline_write_fd;
    if (!request.uid_map.empty()) {
        plan.uid_map = layout.copy(request.uid_map);
        plan.gid_map = layout.copy(request.gid_map);
    }
    plan.bot_stack_top = stacks + kBotStack;
    plan.plan_socket = -1;
}

// clone() of `main` on the mapping's init stack, every signal blocked until the init has reset
// its handlers (default_handlers). Returns the pid or -errno.
long clone_init(std::size_t size, char* base, int flags, int (*main)(void*), Plan* plan) {
    sigset_t all, previous;
    sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, &previous);
    const long pid = arena_namespace_clone(CLONE_VM | SIGCHLD | flags, base + size, main, plan);
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return pid;
}

// A prepared init's mapping: room for any usual command and environment before the stacks.
constexpr std::size_t kPreparedData = 48 * 1024;
constexpr std::size_t kPreparedSize = kPreparedData + kBotStack + kInitStack;

}  // namespace

pid_t start_namespace_init(const NamespaceInitRequest& request, InitMemory& memory, int* error,
                           const char** failed_step) {
    const std::vector<std::string> envp = environment_of(request);
    const std::vector<std::string> texts = {request.executable, request.working_dir,
                                            request.uid_map, request.gid_map};
    const std::size_t data =
        sizeof(Plan) + bytes_of(request.argv) + bytes_of(envp) + bytes_of(texts) + 64;
    // In steps of 16 KiB, so that the bots of a run, whose commands differ by a few bytes, reuse
    // each other's mappings.
    constexpr std::size_t kStep = 16 * 1024;
    const std::size_t size = (data + kStep - 1) / kStep * kStep + kBotStack + kInitStack;
    char* base = static_cast<char*>(map_init_memory(size));
    if (base == nullptr) {
        *error = errno;
        *failed_step = "mmap";
        return -1;
    }
    Layout layout(base);
    Plan* plan = layout.take<Plan>(1);
    *plan = Plan{};
    fill_namespace_plan(*plan, layout, request, base + (size - kBotStack - kInitStack));
    fill_bot_plan(*plan, layout, request, envp);
    const long pid = clone_init(size, base, request.clone_flags, init_main, plan);
    if (pid < 0) {
        unmap_unused_init_memory(base, size);
        *error = static_cast<int>(-pid);
        *failed_step = "clone";
        return -1;
    }
    memory.adopt(base, size);
    return static_cast<pid_t>(pid);
}

std::optional<PreparedInit> prepare_namespace_init(const NamespaceInitRequest& request) {
    int sockets[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets) != 0) return std::nullopt;
    char* base = static_cast<char*>(map_init_memory(kPreparedSize));
    if (base == nullptr) {
        ::close(sockets[0]);
        ::close(sockets[1]);
        return std::nullopt;
    }
    Layout layout(base);
    Plan* plan = layout.take<Plan>(1);
    *plan = Plan{};
    fill_namespace_plan(*plan, layout, request, base + kPreparedData);
    plan->plan_socket = sockets[1];
    const long pid = clone_init(kPreparedSize, base, request.clone_flags, prepared_init_main, plan);
    ::close(sockets[1]);
    if (pid < 0) {
        ::close(sockets[0]);
        unmap_unused_init_memory(base, kPreparedSize);
        return std::nullopt;
    }
    PreparedInit prepared;
    prepared.pid = static_cast<pid_t>(pid);
    prepared.socket = sockets[0];
    prepared.memory.adopt(base, kPreparedSize);
    prepared.bot_data = layout.position();
    // Its word that the namespace is set up (EOF: it failed and ended).
    char ready = 0;
    ssize_t n;
    while ((n = ::read(prepared.socket, &ready, 1)) < 0 && errno == EINTR) {
    }
    if (n != 1) {
        discard_prepared_init(prepared);
        return std::nullopt;
    }
    return prepared;
}

bool start_prepared_init(PreparedInit& prepared, const NamespaceInitRequest& request) {
    const std::vector<std::string> envp = environment_of(request);
    const std::vector<std::string> texts = {request.executable, request.working_dir};
    char* base = static_cast<char*>(prepared.memory.base());
    char* bot_data = static_cast<char*>(prepared.bot_data);
    if (bot_data + bytes_of(request.argv) + bytes_of(envp) + bytes_of(texts) + 64 >
            base + kPreparedData ||
        request.cgroup_fds.size() > kMaxCgroups)
        return false;
    Plan& plan = *reinterpret_cast<Plan*>(base);  // the init reads it once the fds have arrived
    Layout layout(bot_data);
    fill_bot_plan(plan, layout, request, envp);
    int fds[kSentFds] = {request.stdin_fd, request.stdout_fd, request.stderr_fd, request.status_fd};
    std::size_t count = 4;
    const int cwd =
        request.working_dir.empty() ? ::open(".", O_PATH | O_DIRECTORY | O_CLOEXEC) : -1;
    if (request.working_dir.empty() && cwd < 0) return false;
    if (cwd >= 0) fds[count++] = cwd;
    for (int fd : request.cgroup_fds) fds[count++] = fd;
    char byte = 'b';
    iovec data{&byte, 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kSentFds)] = {};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
    cmsghdr* header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * count);
    std::memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    ssize_t sent;
    while ((sent = ::sendmsg(prepared.socket, &message, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    if (cwd >= 0) ::close(cwd);
    if (sent != 1) return false;
    ::close(std::exchange(prepared.socket, -1));
    return true;
}

void discard_prepared_init(PreparedInit& prepared) {
    if (prepared.socket >= 0) ::close(std::exchange(prepared.socket, -1));
    if (prepared.pid > 0) {
        // Not only the socket's EOF: a forked copy of this process may hold the socket too. The
        // pid is still ours (not reaped), so the signal cannot reach another process.
        ::kill(prepared.pid, SIGKILL);
        while (::waitpid(prepared.pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        prepared.pid = -1;
    }
    prepared.memory.release_reaped();
}

#endif  // ARENA_INIT_IN_PROCESS

}  // namespace arena::process
