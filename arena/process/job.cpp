// A job (job.hpp) is started as a bot is (BotProcess: its PID namespace, cgroups, the bounded
// stop, the interrupt that ends every bot), so that a build has every promise a bot has. What
// differs is the waiting: a job is not talked to, it is waited for until it ends or its wall
// clock runs out, its output drained meanwhile.
//
// Why a shell around the job's program: its stdout is sent to its stderr, so one capped stream
// holds both in the order they were written (BotProcess keeps the first bytes of stderr), and
// stdin is /dev/null (a compiler told to read /dev/stdin gets EOF, not the arena's pipe).
#include "arena/process/job.hpp"

#include <boost/asio/io_context.hpp>
#include <thread>

#include "arena/process/interrupt.hpp"
#include "arena/process/sandbox.hpp"

namespace arena::process {

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kRedirect = "exec 1>&2 </dev/null; exec \"$@\"";

std::vector<std::string> redirected(const Job& job) {
    const std::string ulimit =
        job.address_space_mb ? "ulimit -v " + std::to_string(*job.address_space_mb * 1024) + "; "
                             : "";
    std::vector<std::string> words = {"/bin/sh", "-c", ulimit + kRedirect, "arena-job"};
    words.insert(words.end(), job.argv.begin(), job.argv.end());
    return words;
}

// `env -i` first: nothing of the arena's environment reaches the job (nor bwrap) unless listed.
std::vector<std::string> with_environment(const std::vector<std::string>& environment,
                                          const std::vector<std::string>& argv) {
    std::vector<std::string> words = {resolve_executable("env"), "-i"};
    words.insert(words.end(), environment.begin(), environment.end());
    words.insert(words.end(), argv.begin(), argv.end());
    return words;
}

std::vector<std::string> sandboxed(const Job& job) {
    check_sandbox();
    SandboxView view;
    for (const std::string& path : job.sandbox->read_only) view.read_only.emplace_back(path, path);
    view.writable = job.sandbox->writable;
    view.scratch_mb = job.sandbox->scratch_mb;
    if (!job.working_dir.empty()) view.chdir = job.working_dir;
    view.environment = job.environment;
    std::vector<std::string> argv = sandbox_argv(find_bwrap(), view, redirected(job));
    // In the process-group fallback the job must stay in the group the arena stops.
    if (!bots_contained()) std::erase(argv, std::string("--new-session"));
    return with_environment(sandbox_environment(), argv);
}

std::vector<std::string> command_of(const Job& job) {
    if (job.sandbox) return sandboxed(job);
    return with_environment(job.environment, redirected(job));
}

// Runs the job's io_context (draining its output) until it ends, its time is up or the arena
// is interrupted; sets why it was stopped.
void wait_for_end(boost::asio::io_context& io, BotProcess& process, const Job& job,
                  JobResult& result) {
    const auto deadline = Clock::now() + job.wall_limit;
    while (!process.poll_exit()) {
        if (interrupt_signal() != 0) {
            result.interrupted = true;
            return;
        }
        if (Clock::now() >= deadline) {
            result.timed_out = true;
            return;
        }
        if (io.stopped()) io.restart();
        // No handler left (its output closed, a child still running): nothing wakes us.
        if (io.run_for(std::chrono::milliseconds(20)) == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

}  // namespace

std::string JobResult::describe(std::chrono::milliseconds wall_limit) const {
    if (interrupted) return "interrupted";
    if (timed_out)
        return "timed out after " + std::to_string((wall_limit.count() + 999) / 1000) + " s";
    return status.describe();
}

JobResult run_job(const Job& job) {
    BotOptions options;
    options.working_dir = job.sandbox ? "" : job.working_dir;
    options.limits = job.limits;
    options.kill_grace = std::chrono::milliseconds(200);
    boost::asio::io_context io;
    JobResult result;
    {
        BotProcess process(io, command_of(job), options);
        wait_for_end(io, process, job, result);
        result.status = process.stop();
        result.output = process.take_stderr();
    }
    result.interrupted = result.interrupted || interrupt_signal() != 0;
    result.output_truncated = result.output.size() >= kJobOutputCap;
    return result;
}

Limits enforceable_job_limits(const Limits& wanted) {
    Limits limits;
    limits.file_size_mb = wanted.file_size_mb;
    auto can = [](Limits one) {
        try {
            check_limits_supported(one);
            return true;
        } catch (const SpawnError&) {
            return false;
        }
    };
    if (wanted.memory_mb && can(Limits{wanted.memory_mb, {}, {}, {}}))
        limits.memory_mb = wanted.memory_mb;
    if (wanted.processes && can(Limits{{}, {}, wanted.processes, {}}))
        limits.processes = wanted.processes;
    return limits;
}

}  // namespace arena::process
