// A job: a program the arena runs to completion for itself (a bot's build, a compiler's version),
// contained like a bot: a PID namespace of its own (the whole process tree ends with it), the
// cgroup limits that can be had here, a wall-clock limit, an environment allow-list, its output
// captured up to a cap, and optionally the --sandbox with the host paths it may see. An
// interrupt of the arena (SIGINT, SIGTERM) ends it at once, as it ends every bot.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::process {

// What the sandbox shows a job of the host besides the system directories.
struct JobView {
    std::vector<std::string> read_only;  // host paths, shown read-only at the same path
    // Host directories, shown writable at the same path: they must belong to sandbox_user_id().
    std::vector<std::string> writable;
    long scratch_mb = 256;               // the size-limited tmpfs at /tmp (cwd's fallback, TMPDIR)
};

struct Job {
    std::vector<std::string> argv;  // argv[0]: a path, or a name looked up in PATH
    std::string working_dir;        // empty: the arena's (sandboxed: /tmp)
    // NAME=VALUE: all the environment the job gets (never the arena's own). Sandboxed, PATH,
    // HOME, TMPDIR and LANG are the sandbox's and these come on top.
    std::vector<std::string> environment;
    // Memory and processes are enforced only where the cgroups can be had (check_job_limits);
    // the file size always (RLIMIT_FSIZE).
    Limits limits;
    // Address space of each of its processes (RLIMIT_AS, set by `ulimit -v`): the memory bound
    // where the memory cgroup cannot be had. Generous: a JVM reserves far more than it uses.
    std::optional<long> address_space_mb;
    std::chrono::milliseconds wall_limit{120'000};
    std::optional<JobView> sandbox;  // set: run in the --sandbox, seeing only this of the host
};

inline constexpr std::size_t kJobOutputCap = kStderrCapPerTurn;  // what a job's output keeps

struct JobResult {
    ExitStatus status;
    bool timed_out = false;    // the wall-clock limit ended it
    bool interrupted = false;  // the arena was interrupted meanwhile: it was ended
    std::string output;        // stdout and stderr together, the first kJobOutputCap bytes
    bool output_truncated = false;
    bool succeeded() const {
        return !timed_out && !interrupted && status.exit_code == 0 && status.limit_reached.empty();
    }
    // "exit code 1", "timed out after 120 s", "memory limit (2048 MB) reached: ...".
    std::string describe(std::chrono::milliseconds wall_limit) const;
};

// Runs the job to its end, its time limit or an interrupt; then ends everything it started.
// Throws SpawnError when it cannot start (its program missing, the sandbox unusable).
JobResult run_job(const Job& job);

// run_job, or a stand-in for tests of what runs jobs.
using JobRunner = std::function<JobResult(const Job&)>;

// The limits of `wanted` that can be enforced here: memory and processes only where a writable
// cgroup is available (root, or delegation), the file size always.
Limits enforceable_job_limits(const Limits& wanted);

}  // namespace arena::process
