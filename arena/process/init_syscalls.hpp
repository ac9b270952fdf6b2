// The system calls of a namespace's init (bot_init.cpp, the program; namespace_init.cpp, the
// same init run inside the arena's address space): errors come back as -errno, as the kernel
// gives them. With ARENA_INIT_RAW_SYSCALLS (x86-64 only), each is the raw `syscall` instruction:
// no C library, so no errno and no thread-local storage is touched (the program has none set up;
// the in-process init shares the arena thread's), else libc's syscall(). Private to
// arena/process; include it in one file per program (it defines an asm symbol).
#pragma once

#include <asm/unistd.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstddef>

#include "arena/process/bot_init_protocol.hpp"

#ifndef ARENA_INIT_RAW_SYSCALLS
#include <unistd.h>
#endif

#if defined(ARENA_INIT_RAW_SYSCALLS) && !defined(__x86_64__)
#error "ARENA_INIT_RAW_SYSCALLS is written for x86-64"
#endif

namespace {

#ifdef ARENA_INIT_RAW_SYSCALLS
inline long sys(long number, long a = 0, long b = 0, long c = 0, long d = 0, long e = 0,
                long f = 0) {
    long result;
    register long r10 asm("r10") = d;
    register long r8 asm("r8") = e;
    register long r9 asm("r9") = f;
    asm volatile("syscall"
                 : "=a"(result)
                 : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                 : "rcx", "r11", "memory");
    return result;
}
#else
inline long sys(long number, long a = 0, long b = 0, long c = 0, long d = 0, long e = 0,
                long f = 0) {
    const long result = ::syscall(number, a, b, c, d, e, f);
    return result < 0 ? -errno : result;
}
#endif

template <class T>
inline long arg(T* pointer) {
    return reinterpret_cast<long>(pointer);
}

inline long sys_read(int fd, void* buffer, std::size_t size) {
    return sys(__NR_read, fd, arg(buffer), static_cast<long>(size));
}
inline long sys_write(int fd, const void* buffer, std::size_t size) {
    return sys(__NR_write, fd, arg(buffer), static_cast<long>(size));
}
inline long sys_open(const char* path, int flags) {
    return sys(__NR_openat, AT_FDCWD, arg(path), flags);
}
inline void sys_close(int fd) {
    sys(__NR_close, fd);
}
// dup2 through dup3 (the only one every architecture has), which refuses old == new.
inline void sys_dup2(int old_fd, int new_fd) {
    if (old_fd != new_fd) sys(__NR_dup3, old_fd, new_fd, 0);
}
[[noreturn]] inline void sys_exit(int code) {
    for (;;) sys(__NR_exit_group, code);
}

// The kernel's signal set and sigaction (libc's sigset_t is 128 bytes, the kernel's 8).
using KernelSigset = unsigned long;
constexpr KernelSigset bit(int sig) {
    return 1UL << (sig - 1);
}
struct KernelSigaction {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)();
    KernelSigset mask;
};

inline long sys_sigprocmask(int how, KernelSigset set) {
    return sys(__NR_rt_sigprocmask, how, arg(&set), 0, sizeof(KernelSigset));
}

#if defined(ARENA_INIT_RAW_SYSCALLS) && defined(__x86_64__)
// What a handler returns through (x86-64 has no other): rt_sigreturn. The init's only handler is
// never run (its signal stays blocked and is taken by rt_sigtimedwait), but a wrong return
// address must not be one mistake away.
extern "C" void arena_init_restorer();
asm(R"(
    .text
    .globl arena_init_restorer
    .type arena_init_restorer, @function
arena_init_restorer:
    mov $15, %rax
    syscall
    hlt
)");
constexpr unsigned long kRestorerFlag = 0x04000000;  // SA_RESTORER
void (*const kRestorer)() = arena_init_restorer;
#else
constexpr unsigned long kRestorerFlag = 0;
void (*const kRestorer)() = nullptr;
#endif

inline void sys_sigaction(int sig, void (*handler)(int)) {
    KernelSigaction action{handler, kRestorerFlag, kRestorer, 0};
    sys(__NR_rt_sigaction, sig, arg(&action), 0, sizeof(KernelSigset));
}

// The calling process's pid as the arena sees it: /proc/self names it in the namespace of the
// proc file system mounted there (the arena's), whatever PID namespace the caller is in. -1 when
// /proc cannot tell. The bot's child reports it (kBotPid) so that the arena can read the bot's
// CPU and wait counters (/proc/<pid>/task/*/schedstat).
inline int pid_seen_by_arena() {
    char text[24];
    const long n = sys(__NR_readlinkat, AT_FDCWD, arg("/proc/self"), arg(text), sizeof text);
    if (n <= 0) return -1;
    int value = 0;
    for (long i = 0; i < n; ++i) {
        if (text[i] < '0' || text[i] > '9') return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

// The loop of a namespace's init (both inits) once the bot runs: forwards SIGTERM to every
// process of the namespace, reaps every process re-parented to it (`on_reaped` sees each, e.g.
// to add up their usage), and when the bot's main process ends writes its wait status to fd 3
// (bot_init_protocol.hpp) and returns: the init then exits and the kernel kills what is left.
template <class OnReaped>
inline void serve_namespace(long bot, KernelSigset waited, OnReaped on_reaped) {
    for (;;) {
        siginfo_t info;
        const long sig =
            sys(__NR_rt_sigtimedwait, arg(&waited), arg(&info), 0, sizeof(KernelSigset));
        if (sig < 0) continue;
        if (sig == SIGTERM) {
            sys(__NR_kill, -1, SIGTERM);  // every process of the namespace but this one
            continue;
        }
        int status = 0;
        for (long pid; (pid = sys(__NR_wait4, -1, arg(&status), WNOHANG, 0)) > 0;) {
            on_reaped(pid);
            if (pid != bot) continue;
            const arena::process::init_protocol::Record record{
                arena::process::init_protocol::kExited, status};
            while (sys_write(3, &record, sizeof record) == -EINTR) {
            }
            return;
        }
    }
}

}  // namespace
