// arena-bot-init: the first process (PID 1) of a bot's own PID namespace. The arena starts it
// (containment.cpp, spawn_in_namespace) with the bot's pipes on fds 0-2 and a status pipe on fd 3,
// already in the bot's cgroups and with PR_SET_PDEATHSIG(SIGKILL) set.
//
//   arena-bot-init [--fsize BYTES] [--cpu SECONDS] -- EXECUTABLE ARGV0 [ARGS...]
//
// It starts the bot (a new session: no controlling terminal, out of reach of the user's shell),
// reaps every process re-parented to it, forwards the arena's SIGTERM to every process of the
// namespace, and when the bot's main process ends writes the bot's wait status to fd 3 and
// exits: the kernel then SIGKILLs whatever is left in the namespace. So nothing a bot starts can
// outlive it, whatever it does (setsid, double fork, keeping pipes open), and when the arena dies
// (even by SIGKILL) the death signal ends this init, and with it the namespace.
//
// On x86-64 (not in a sanitizer build) the arena runs the same init in its own address space
// instead (namespace_init.cpp: raw system calls only, on a stack of its own, so that sharing the
// arena's memory touches none of its errno, TLS or allocator), which saves this program's exec
// per bot. This program is the init elsewhere, in sanitizer builds (whose runtime must not run in
// such a child), and with ARENA_INIT=exec. A fork()-style clone would copy the arena's page
// tables for every bot (the cost posix_spawn avoids).
//
// Why no C library (on x86-64; elsewhere it is linked statically with the C library, same code):
// the init is started once per bot and game, on the critical path of every spawn. A static glibc
// program's start-up probes the CPU's features with CPUID (each a VM exit on a virtual machine),
// reads /proc/self/exe and applies its IRELATIVE relocations: measured here (issue 17, a
// Firecracker VM, 2 vCPUs), spawn + exit of an empty static glibc program took 0.42 ms of CPU,
// of an empty freestanding one 0.13 ms, and the 760 KB binary becomes 10 KB (fewer pages mapped
// at exec and copied at fork). So every system call below goes through sys(), which is the raw
// instruction when ARENA_INIT_FREESTANDING is defined (CMake sets it on x86-64) and libc's
// syscall() otherwise. Errors come back as -errno, as the kernel gives them.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cerrno>  // the E* constants
#include <cstddef>

#include "arena/process/bot_init_protocol.hpp"

#if defined(ARENA_INIT_FREESTANDING)
#define ARENA_INIT_RAW_SYSCALLS
#endif
#include "arena/process/init_syscalls.hpp"

namespace {

bool equal(const char* a, const char* b) {
    while (*a != '\0' && *a == *b) ++a, ++b;
    return *a == *b;
}

std::size_t length(const char* text) {
    std::size_t n = 0;
    while (text[n] != '\0') ++n;
    return n;
}

long to_long(const char* text) {  // digits only, as the arena writes them
    long value = 0;
    for (; *text >= '0' && *text <= '9'; ++text) value = value * 10 + (*text - '0');
    return value;
}

// ---- the init ----

using arena::process::init_protocol::Record;
namespace proto = arena::process::init_protocol;

constexpr int kStatusFd = 3;

void report(int kind, int value) {
    const Record record{kind, value};
    // One small write to a pipe: atomic. Nothing to do if the arena has gone.
    while (sys_write(kStatusFd, &record, sizeof record) == -EINTR) {
    }
}

bool write_file(const char* path, const char* text) {
    const long fd = sys_open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const long n = sys_write(static_cast<int>(fd), text, length(text));
    sys_close(static_cast<int>(fd));
    return n == static_cast<long>(length(text));
}

void on_term(int) {}  // PID 1 only receives signals it handles; rt_sigtimedwait takes them

void set_rlimit(int resource, long soft, long hard) {
    const rlimit limit{static_cast<rlim_t>(soft), static_cast<rlim_t>(hard)};
    sys(__NR_prlimit64, 0, resource, arg(&limit), 0);
}

struct Command {
    char** argv;  // argv[0] is the executable, argv[1..] the bot's argv
    char** envp;
    long fsize = 0, cpu = 0;
    bool init_protected = false;  // the init's oom_score_adj was lowered: the bot's is reset
};

// The bot's main process: its own session, default signal handling, then exec.
// An exec failure is written to `exec_error` (close-on-exec: EOF tells the init the exec worked).
[[noreturn]] void run_bot(const Command& command, int exec_error) {
    sys(__NR_setsid);
    sys_sigaction(SIGTERM, SIG_DFL);
    sys_sigaction(SIGCHLD, SIG_DFL);
    sys_sigprocmask(SIG_SETMASK, 0);
    // The init protects itself from the OOM killer (below); the bot must stay its target. When
    // the init could not lower its score, the bot has the score it would get back anyway.
    if (command.init_protected) write_file("/proc/self/oom_score_adj", "0");
    // Per process, on top of the cgroup's total: SIGXFSZ beyond the file size; SIGXCPU at the
    // CPU limit, as CodinGame's players expect, SIGKILL a second later.
    if (command.fsize > 0) set_rlimit(RLIMIT_FSIZE, command.fsize, command.fsize);
    if (command.cpu > 0) set_rlimit(RLIMIT_CPU, command.cpu, command.cpu + 1);
    report(proto::kBotPid, pid_seen_by_arena());
    sys_close(kStatusFd);
    const long error =
        sys(__NR_execve, arg(command.argv[0]), arg(command.argv + 1), arg(command.envp));
    const int code = static_cast<int>(-error);
    sys_write(exec_error, &code, sizeof code);
    sys_exit(127);
}

// Starts the bot and waits for its exec. Returns its pid, or -1 once the failure is reported.
long start_bot(const Command& command) {
    int exec_pipe[2];
    if (const long error = sys(__NR_pipe2, arg(exec_pipe), O_CLOEXEC); error < 0) {
        report(proto::kExecFailed, static_cast<int>(-error));
        return -1;
    }
    const long bot = sys(__NR_clone, SIGCHLD, 0, 0, 0, 0);  // fork()
    if (bot < 0) {
        report(proto::kExecFailed, static_cast<int>(-bot));
        return -1;
    }
    if (bot == 0) run_bot(command, exec_pipe[1]);
    sys_close(exec_pipe[1]);
    // The pipes are the bot's alone: a bot that closes its stdout must give the arena EOF.
    const long devnull = sys_open("/dev/null", O_RDWR);
    for (int fd = 0; fd <= 2; ++fd) sys_dup2(static_cast<int>(devnull), fd);
    if (devnull > 2) sys_close(static_cast<int>(devnull));
    // The arena waits for this answer, as posix_spawn waits for the exec: spawn errors are
    // reported where the bot is started.
    int error = 0;
    long n;
    while ((n = sys_read(exec_pipe[0], &error, sizeof error)) == -EINTR) {
    }
    sys_close(exec_pipe[0]);
    if (n > 0) {
        report(proto::kExecFailed, error);
        return -1;  // the bot's child is reaped by the kernel with the namespace
    }
    report(proto::kStarted, static_cast<int>(bot));
    return bot;
}

int run(int argc, char** argv, char** envp) {
    Command command{};
    command.envp = envp;
    int i = 1;
    for (; i < argc && !equal(argv[i], "--"); i += 2) {
        if (i + 1 >= argc) return 126;
        if (equal(argv[i], "--fsize")) command.fsize = to_long(argv[i + 1]);
        if (equal(argv[i], "--cpu")) command.cpu = to_long(argv[i + 1]);
    }
    if (i + 2 >= argc) return 126;  // needs "--", the executable and argv[0]
    command.argv = argv + i + 1;

    sys(__NR_fcntl, kStatusFd, F_SETFD, FD_CLOEXEC);
    // A bot may fill its memory cgroup: the OOM killer must pick the bot, never its init (which
    // would lose the bot's exit status). Only root may lower this; elsewhere the init is tiny.
    command.init_protected = write_file("/proc/self/oom_score_adj", "-1000");

    const KernelSigset waited = bit(SIGCHLD) | bit(SIGTERM);
    sys_sigprocmask(SIG_BLOCK, waited);
    sys_sigaction(SIGTERM, on_term);

    const long bot = start_bot(command);
    if (bot < 0) return 127;
    serve_namespace(bot, waited, [](long) {});
    return 0;
}

}  // namespace

#ifdef ARENA_INIT_FREESTANDING
// No C library: the compiler may still emit calls to these for copies and zeroing. The empty asm
// keeps the loops from being turned back into calls to themselves.
extern "C" void* memset(void* destination, int value, std::size_t size) {
    auto* bytes = static_cast<unsigned char*>(destination);
    for (std::size_t i = 0; i < size; ++i) {
        bytes[i] = static_cast<unsigned char>(value);
        asm volatile("" ::: "memory");
    }
    return destination;
}
extern "C" void* memcpy(void* destination, const void* source, std::size_t size) {
    auto* to = static_cast<unsigned char*>(destination);
    const auto* from = static_cast<const unsigned char*>(source);
    for (std::size_t i = 0; i < size; ++i) {
        to[i] = from[i];
        asm volatile("" ::: "memory");
    }
    return destination;
}

// The entry point: the kernel leaves argc, argv, NULL, envp, NULL on the stack.
extern "C" [[noreturn]] void arena_init_start(long* stack) {
    const int argc = static_cast<int>(stack[0]);
    char** argv = reinterpret_cast<char**>(stack + 1);
    sys_exit(run(argc, argv, argv + argc + 1));
}
asm(R"(
    .text
    .globl _start
    .type _start, @function
_start:
    xor %ebp, %ebp
    mov %rsp, %rdi
    and $-16, %rsp
    call arena_init_start
    hlt
)");
#else
int main(int argc, char** argv, char** envp) {
    return run(argc, argv, envp);
}
#endif
