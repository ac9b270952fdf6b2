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
// Why a separate program and not a function run by the arena's clone() child: the init lives as
// long as the bot, and a CLONE_VM child running that long inside the multithreaded arena's memory
// would share its errno/TLS and allocator; a fork()-style clone would copy the arena's page tables
// for every bot (the cost posix_spawn avoids). A tiny static program costs one extra exec.
//
// Plain C library calls only: it is linked statically and must start fast.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena/process/bot_init_protocol.hpp"

namespace {

using arena::process::init_protocol::Record;
namespace proto = arena::process::init_protocol;

constexpr int kStatusFd = 3;

void report(int kind, int value) {
    const Record record{kind, value};
    // One small write to a pipe: atomic. Nothing to do if the arena has gone.
    while (::write(kStatusFd, &record, sizeof record) < 0 && errno == EINTR) {
    }
}

void write_file(const char* path, const char* text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    (void)!::write(fd, text, strlen(text));
    ::close(fd);
}

void on_term(int) {}  // PID 1 only receives signals it handles; sigwaitinfo takes them

// The bot's main process: its own session, default signal handling, then exec.
// An exec failure is written to `exec_error` (close-on-exec: EOF tells the init the exec worked).
[[noreturn]] void run_bot(char** command, long fsize, long cpu, const sigset_t& none,
                          int exec_error) {
    ::setsid();
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGTERM, &dfl, nullptr);
    ::sigaction(SIGCHLD, &dfl, nullptr);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    // The init protects itself from the OOM killer (below); the bot must stay its target.
    write_file("/proc/self/oom_score_adj", "0");
    if (fsize > 0) {
        const rlimit limit{static_cast<rlim_t>(fsize), static_cast<rlim_t>(fsize)};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    if (cpu > 0) {
        // Per process, on top of the cgroup's total: SIGXCPU at the limit, as CodinGame's
        // players expect, SIGKILL a second later.
        const rlimit limit{static_cast<rlim_t>(cpu), static_cast<rlim_t>(cpu + 1)};
        ::setrlimit(RLIMIT_CPU, &limit);
    }
    ::close(kStatusFd);
    ::execv(command[0], command + 1);
    const int error = errno;
    (void)!::write(exec_error, &error, sizeof error);
    ::_exit(127);
}

// Starts the bot and waits for its exec. Returns its pid, or -1 once the failure is reported.
pid_t start_bot(char** command, long fsize, long cpu, const sigset_t& none) {
    int exec_pipe[2];
    if (::pipe2(exec_pipe, O_CLOEXEC) != 0) {
        report(proto::kExecFailed, errno);
        return -1;
    }
    const pid_t bot = ::fork();
    if (bot < 0) {
        report(proto::kExecFailed, errno);
        return -1;
    }
    if (bot == 0) run_bot(command, fsize, cpu, none, exec_pipe[1]);
    ::close(exec_pipe[1]);
    // The pipes are the bot's alone: a bot that closes its stdout must give the arena EOF.
    const int devnull = ::open("/dev/null", O_RDWR);
    for (int fd = 0; fd <= 2; ++fd) ::dup2(devnull, fd);
    if (devnull > 2) ::close(devnull);
    // The arena waits for this answer, as posix_spawn waits for the exec: spawn errors are
    // reported where the bot is started.
    int error = 0;
    ssize_t n;
    while ((n = ::read(exec_pipe[0], &error, sizeof error)) < 0 && errno == EINTR) {
    }
    ::close(exec_pipe[0]);
    if (n > 0) {
        report(proto::kExecFailed, error);
        return -1;  // the bot's child is reaped by the kernel with the namespace
    }
    report(proto::kStarted, bot);
    return bot;
}

// Until the bot's main process ends: forwards SIGTERM to the namespace, reaps every process
// re-parented here, and reports the bot's wait status.
int serve(pid_t bot, const sigset_t& waited) {
    for (;;) {
        siginfo_t info{};
        if (::sigwaitinfo(&waited, &info) < 0) continue;
        if (info.si_signo == SIGTERM) {
            ::kill(-1, SIGTERM);  // every process of the namespace but this one
            continue;
        }
        int status = 0;
        for (pid_t pid; (pid = ::waitpid(-1, &status, WNOHANG)) > 0;) {
            if (pid == bot) {
                report(proto::kExited, status);
                return 0;  // the kernel now kills what is left of the namespace
            }
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    long fsize = 0, cpu = 0;
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
        if (i + 1 >= argc) return 126;
        if (strcmp(argv[i], "--fsize") == 0) fsize = atol(argv[i + 1]);
        if (strcmp(argv[i], "--cpu") == 0) cpu = atol(argv[i + 1]);
    }
    if (i + 2 >= argc) return 126;  // needs "--", the executable and argv[0]
    char** command = argv + i + 1;

    ::fcntl(kStatusFd, F_SETFD, FD_CLOEXEC);
    // A bot may fill its memory cgroup: the OOM killer must pick the bot, never its init (which
    // would lose the bot's exit status). Only root may lower this; elsewhere the init is tiny.
    write_file("/proc/self/oom_score_adj", "-1000");

    sigset_t waited, none;
    sigemptyset(&none);
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGTERM);
    ::sigprocmask(SIG_BLOCK, &waited, nullptr);
    struct sigaction term {};
    term.sa_handler = on_term;
    ::sigaction(SIGTERM, &term, nullptr);

    const pid_t bot = start_bot(command, fsize, cpu, none);
    if (bot < 0) return 127;
    return serve(bot, waited);
}
