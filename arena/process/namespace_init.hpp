// The init of a bot's PID namespace run inside the arena's own address space (a clone sharing
// its memory, with no exec), where the build allows it: x86-64, not a sanitizer build. It does
// what arena-bot-init (bot_init.cpp) does, with the same status records, and costs one exec and
// one page-table copy less per bot: measured here (issue 17, a Firecracker VM), spawn and end of
// a contained empty program 450 us with the exec'd init, 280 us with this one (a process group
// alone: 165 us). Private to arena/process; containment.cpp uses it.
//
// Why it is safe to share the arena's memory: the init runs only raw system calls
// (init_syscalls.hpp) on a stack of its own, touches no allocator, errno or thread-local storage,
// never returns into arena code, and its stack and data live in a mapping of their own
// (InitMemory) that the arena gives back only once the init is reaped. It starts the bot with a
// vfork-style clone (no page-table copy), as posix_spawn does.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace arena::process {

// The init's stack, the bot's command and what the init reports with, in one mapping: unmapped
// by release_reaped() only, after the init has been reaped (before, it may still be running on
// it). A mapping never released is leaked rather than unmapped under a running init.
class InitMemory {
  public:
    InitMemory() = default;
    InitMemory(InitMemory&& other) noexcept;
    InitMemory& operator=(InitMemory&& other) noexcept;
    InitMemory(const InitMemory&) = delete;
    InitMemory& operator=(const InitMemory&) = delete;
    ~InitMemory() = default;  // see above: never unmapped here

    // The init was reaped (or never started): the mapping goes back.
    void release_reaped();
    bool empty() const { return base_ == nullptr; }
    // Takes a mapping an init is about to run on (from map_init_memory).
    void adopt(void* base, std::size_t size);
    void* base() const { return base_; }

  private:
    void* base_ = nullptr;
    std::size_t size_ = 0;
};

// What the init needs: the pipes, where it reports, what it joins, and the bot's command.
struct NamespaceInitRequest {
    std::string executable;         // the bot (or bwrap)
    std::vector<std::string> argv;  // the bot's argv
    std::vector<std::string> envp;  // "NAME=value"
    int stdin_fd = -1, stdout_fd = -1, stderr_fd = -1;
    int status_fd = -1;  // becomes fd 3 of the init (>= 10)
    int lifeline_fd = -1, lifeline_write_fd = -1;
    std::string working_dir;       // empty: the arena's
    std::string uid_map, gid_map;  // empty: no user namespace
    std::vector<int> cgroup_fds;   // cgroup.procs files the init joins (the bot inherits them)
    long fsize_bytes = 0, cpu_seconds = 0;  // the bot's RLIMIT_FSIZE / RLIMIT_CPU, 0: none
    int clone_flags = 0;                    // CLONE_NEWPID (| CLONE_NEWUSER)
};

// Whether this build runs the init in process (x86-64, no sanitizer) and ARENA_INIT is not
// "exec" (which keeps arena-bot-init, for comparison and tests).
bool namespace_init_in_process();

// A mapping for an init (a kept one of that size, else a new one); nullptr with errno set. One
// never run on goes back with unmap_unused_init_memory.
void* map_init_memory(std::size_t size);
void unmap_unused_init_memory(void* base, std::size_t size);

// Starts the init; returns its pid, or -1 with *error (errno) and *failed_step set. The init
// reports on fd 3 (bot_init_protocol.hpp) as arena-bot-init does.
pid_t start_namespace_init(const NamespaceInitRequest& request, InitMemory& memory, int* error,
                           const char** failed_step);

// An init made ahead of the bot that will need it: its PID namespace (and user namespace) set
// up, every fd but its socket closed, waiting on the socket for a bot's fds; the bot's command
// goes into its mapping. Taking the clone and the set-up off a game's path makes a contained
// spawn cost about what fork + exec does. Its death signal follows the thread that prepared it
// (PR_SET_PDEATHSIG), so prepare only in a thread that lives as long as the process.
struct PreparedInit {
    pid_t pid = -1;
    int socket = -1;           // ours; the init ends when it is closed without a bot
    InitMemory memory;         // its stack and plan: released once it is reaped
    void* bot_data = nullptr;  // where the bot's command goes in the mapping
};

// Prepares one (the request's lifeline, uid/gid maps and clone flags; no bot yet). nullopt when
// it cannot (then spawn as usual).
std::optional<PreparedInit> prepare_namespace_init(const NamespaceInitRequest& request);

// Hands it the request's bot: writes the command into its mapping, sends it the fds. After it,
// the init is started as start_namespace_init's (request.status_fd: where it reports). False
// when it cannot take it (a command too long for its mapping, the init gone): discard it then.
bool start_prepared_init(PreparedInit& prepared, const NamespaceInitRequest& request);

// One ready from the pool of prepared inits (prepared_inits.cpp), made with `common`'s lifeline,
// maps and flags by a thread that lives as long as the process; nullopt when none is ready (the
// pool then keeps more), or they are turned off (ARENA_PREPARED_INITS=0, or no in-process init).
std::optional<PreparedInit> take_prepared_init(const NamespaceInitRequest& common);

// Ends one never handed a bot: closes its socket, reaps it, releases its mapping.
void discard_prepared_init(PreparedInit& prepared);

}  // namespace arena::process
