// Per-bot cgroups: limits that hold for all the processes of a bot together (memory including
// the shared memory and tmpfs files it creates, CPU seconds, number of processes), and the
// counters that tell which limit ended it. cgroup v2 where its controllers are available to the
// arena, else the v1 hierarchies (memory, pids, cpuacct).
//
// Layout: <the arena's own cgroup>/arena-<arena pid>/bot-<n> in each hierarchy used; removed
// when the bot is stopped; arena-<pid> directories of arenas that died are removed when the next
// arena creates its first bot cgroup.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::process {

class BotCgroup {
  public:
    BotCgroup() = default;  // none: the bot has no limit that needs a cgroup
    // Creates the cgroups `limits` needs (none for a file size limit alone) and sets the limits.
    // `helpers`: processes of ours in the cgroup beside the bot's (its namespace's init), not
    // counted against its process limit. Throws SpawnError saying what is missing and what to do.
    // cpu_share: also a cgroup of the CPU controller, so that the bot gets an equal share of the
    // CPUs against every other bot (ignored where no such cgroup is writable).
    BotCgroup(const Limits& limits, const std::string& program, int helpers,
              bool cpu_share = false);
    ~BotCgroup();
    BotCgroup(BotCgroup&& other) noexcept;
    BotCgroup& operator=(BotCgroup&& other) noexcept;
    BotCgroup(const BotCgroup&) = delete;

    bool empty() const { return dirs_.empty(); }
    // cgroup.procs of each of the bot's cgroups, open for writing (close-on-exec): the child
    // writes "0" to each before exec, so the bot is inside from its first instruction.
    const std::vector<int>& procs_fds() const { return procs_fds_; }

    // The file listing every thread of the bot (v1 "tasks", v2 "cgroup.threads"), "" without a
    // cgroup.
    std::string threads_file() const {
        return dirs_.empty() ? std::string() : dirs_.front() + (v2_ ? "/cgroup.threads" : "/tasks");
    }
    // CPU time of every process of the bot so far, or nullopt without a CPU cgroup.
    std::optional<double> cpu_seconds() const;
    // Processes the kernel's OOM killer ended in the bot's memory cgroup (0 without one).
    long oom_kills() const;
    // Largest memory use of the bot (all processes, shared memory included), 0 without one.
    long peak_kib() const;
    // SIGKILLs every process in the bot's cgroups (cgroup.kill on v2). For the process-group
    // fallback; with a PID namespace, killing its init does this.
    void kill_all() const;
    // Removes the cgroups (their processes must be gone). Idempotent.
    void remove();

  private:
    std::vector<std::string> dirs_;  // each bot cgroup directory we created
    std::vector<int> procs_fds_;
    int cpu_fd_ = -1;     // cpuacct.usage (v1, ns) or cpu.stat (v2, usage_usec)
    int events_fd_ = -1;  // memory.oom_control (v1) or memory.events (v2): "oom_kill N"
    int peak_fd_ = -1;    // memory.max_usage_in_bytes (v1) or memory.peak (v2)
    bool v2_ = false;
};

}  // namespace arena::process
