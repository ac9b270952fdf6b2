// Exit-status decoding (see exit_status.hpp), and the texts of ExitStatus and Limits.
#include "arena/process/exit_status.hpp"

#include <signal.h>
#include <sys/wait.h>

#include "arena/process/signals.hpp"

namespace arena::process {

ExitStatus status_from_wait(int wstatus, bool sandboxed) {
    ExitStatus status;
    if (WIFEXITED(wstatus)) status.exit_code = WEXITSTATUS(wstatus);
    if (WIFSIGNALED(wstatus)) status.signal = WTERMSIG(wstatus);
    // SIGXCPU stays an exit code: a bot may exit with 152 by itself, and the CPU limit is named
    // only when the CPU counter confirms it (limit_reached).
    if (sandboxed && status.exit_code && *status.exit_code > 128 &&
        *status.exit_code < 128 + NSIG && *status.exit_code != 128 + SIGXCPU) {
        status.signal = *status.exit_code - 128;
        status.exit_code.reset();
    }
    return status;
}

int wait_status_from_siginfo(int code, int status) {
    return code == CLD_EXITED ? W_EXITCODE(status, 0) : status;
}

std::string mib_text(long mib) {
    return std::to_string(mib) + " MB";
}

std::string cpu_limit_reached(long seconds) {
    return "CPU time limit (" + std::to_string(seconds) + " s) reached";
}

std::string memory_limit_reached(long mib) {
    return "memory limit (" + mib_text(mib) + ") reached";
}

namespace {
constexpr double kCpuCounterShare = 0.5;
}  // namespace

std::string limit_reached(const ExitStatus& status, const Limits& limits,
                          const std::string& limit_hit, long oom_kills) {
    if (!limit_hit.empty()) return limit_hit;
    if (limits.memory_mb && oom_kills > 0) return memory_limit_reached(*limits.memory_mb);
    if (status.killed_by_arena) return "";
    // RLIMIT_CPU's SIGXCPU (exit code 152 through bwrap) or its SIGKILL a second later, and only
    // when the bot's CPU time says it got there: a bot may raise SIGXCPU or exit 152 itself. The
    // kernel's per-process clock and the counters read afterwards differ (by a tenth, a few
    // tenths under load): half the limit tells a real one from a bot that spent nothing.
    if (limits.cpu_seconds) {
        const double limit = static_cast<double>(*limits.cpu_seconds);
        const bool xcpu = status.signal == SIGXCPU || status.exit_code == 128 + SIGXCPU;
        if ((xcpu && status.cpu_seconds >= limit * kCpuCounterShare) ||
            (status.signal == SIGKILL && status.cpu_seconds >= limit))
            return cpu_limit_reached(*limits.cpu_seconds);
    }
    if (limits.file_size_mb && status.signal == SIGXFSZ)
        return "file size limit (" + mib_text(*limits.file_size_mb) + ") reached";
    return "";
}

std::string Limits::describe() const {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (memory_mb) add("memory " + mib_text(*memory_mb));
    if (cpu_seconds) add("CPU " + std::to_string(*cpu_seconds) + " s");
    if (processes) add(std::to_string(*processes) + " processes");
    if (file_size_mb) add("file size " + mib_text(*file_size_mb));
    return text.empty() ? "none" : text;
}

std::string ExitStatus::describe() const {
    std::string how = "still running";
    if (exit_code) {
        how = "exit code " + std::to_string(*exit_code);
    } else if (signal) {
        how = "signal " + std::to_string(*signal);
        if (const char* name = signal_name(*signal); name != nullptr)
            how += std::string(" (") + name + ")";
    }
    return limit_reached.empty() ? how : limit_reached + ": " + how;
}

}  // namespace arena::process
