// Starting a bot's process: contained in a PID namespace of its own (arena-bot-init as its first
// process), or, where the kernel offers no PID namespace, in a process group of its own (the
// fallback). Private to arena/process; BotProcess uses it.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "arena/process/namespace_init.hpp"

namespace arena::process {

// What to start and how; the fds are the child's ends of the bot's pipes.
struct SpawnRequest {
    std::vector<std::string> argv;  // argv[0] as given
    std::string executable;         // what resolve_executable found (or bwrap)
    int stdin_fd = -1, stdout_fd = -1, stderr_fd = -1;
    std::string working_dir;      // empty: the arena's
    Limits limits;                // file size and CPU are also set per process (setrlimit)
    std::vector<int> cgroup_fds;  // cgroup.procs files the bot joins before it starts
    // "NAME=value" entries for the processes started (the init, bwrap, the bot); empty: the
    // arena's own environment. The sandbox passes an allow-list here rather than relying on
    // bwrap's --clearenv alone: bwrap itself (PID 1 of the sandbox, whose /proc/1/environ the
    // bot can read) must not carry the arena's secrets either.
    std::vector<std::string> environment;
};

struct Spawned {
    pid_t pid = -1;      // the namespace's init (contained), or the bot itself (fallback)
    int status_fd = -1;  // contained: read end of the init's status pipe (non-blocking)
    bool contained = false;
    // The in-process init's stack and data: given back once the init is reaped, never before.
    InitMemory init_memory;
};

// Whether bots get a PID namespace here. False when the kernel refuses one (or user namespaces
// when not root), when arena-bot-init cannot be found, or when ARENA_CONTAINMENT=process-group
// forces the fallback (for tests). Probed once.
bool pid_namespace_containment();

// How many of our processes share the bot's cgroups beside the bot's own (BotCgroup's
// `helpers`): 1 with the exec'd arena-bot-init, 0 with the in-process init or the fallback.
int init_processes_in_bot_cgroup();

// The notice printed once to stderr when the fallback is in use (empty when it is not).
std::string containment_notice();

// Starts the bot; throws SpawnError naming the command and what to do.
Spawned spawn_bot(const SpawnRequest& request);

}  // namespace arena::process
