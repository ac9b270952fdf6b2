// Why the build writes into a directory of its own that the arena renames: a build that fails,
// times out or is interrupted leaves nothing in the cache, and two arenas building the same key
// both end with one whole entry. Why the output is checked before it is kept: a sandboxed build
// runs as another user and may leave links to host files or special files for the bot (which
// may run unsandboxed) to open.
#include "arena/tournament/build_run.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// The compiler's message, trimmed to what a terminal shows at once.
constexpr std::size_t kMessageLines = 40;
constexpr std::size_t kMessageLineChars = 300;

// The first kMessageLines lines of a compiler's output, each cut to kMessageLineChars, indented.
std::string trimmed_message(const std::string& output) {
    std::istringstream in(output);
    std::string line, text;
    std::size_t lines = 0, total = 0;
    while (std::getline(in, line)) {
        ++total;
        if (lines == kMessageLines) continue;
        if (line.size() > kMessageLineChars) line = line.substr(0, kMessageLineChars) + " [...]";
        text += "  " + line + "\n";
        ++lines;
    }
    if (total > lines)
        text += "  ... (" + std::to_string(total - lines) + " more line(s) not shown)\n";
    return text.empty() ? "  (no output)\n" : text;
}

// A fresh temporary directory in the cache, removed on every way out.
struct TemporaryDir {
    fs::path path;
    TemporaryDir(const fs::path& cache, const std::string& key) {
        static std::atomic<unsigned> counter{0};
        path = cache / (".tmp-" + key.substr(0, 16) + "-" + std::to_string(getpid()) + "-" +
                        std::to_string(counter++));
    }
    ~TemporaryDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

process::Job build_job(const BuildPlan& plan, const std::string& command, const fs::path& temporary,
                       const fs::path& out_dir, const BuildOptions& options) {
    process::Job job;
    job.argv = {"/bin/sh", "-c", command};
    job.working_dir = plan.working_dir;
    job.limits =
        process::enforceable_job_limits({kBuildMemoryMb, {}, kBuildProcesses, kBuildOutputMb});
    if (!job.limits.memory_mb) job.address_space_mb = kBuildAddressSpaceMb;
    job.wall_limit =
        std::chrono::seconds(options.timeout_seconds.value_or(kDefaultBuildTimeoutSeconds));
    if (plan.sandbox) {
        process::JobView view;
        view.read_only.push_back(plan.folder.string());
        if (!plan.tool.root.empty()) view.read_only.push_back(plan.tool.root);
        view.writable.push_back(out_dir.string());
        view.scratch_mb = kBuildScratchMb;
        job.sandbox = view;
        // As root the build runs as nobody: the one directory it writes must be its.
        if (::geteuid() == 0 &&
            ::chown(out_dir.c_str(), process::sandbox_user_id(), process::sandbox_user_id()) != 0)
            throw BuildError("cannot hand the build directory " + out_dir.string() +
                             " to the sandbox's user: " + std::strerror(errno));
    } else {
        job.environment = build_environment();
        fs::create_directories(temporary / "tmp");  // the compiler's temporaries, removed after
        job.environment.push_back("TMPDIR=" + (temporary / "tmp").string());
    }
    return job;
}

[[noreturn]] void build_failed(const match::PlayerSpec& bot, const process::Job& job,
                               const process::JobResult& result, const std::string& command) {
    const std::string head = "bot '" + bot.name + "': building " + bot.source;
    if (result.interrupted)
        throw BuildError(head + " was interrupted: nothing was kept in the build cache");
    const std::string what_to_do =
        result.timed_out ? "a build this long is stuck (a header that never ends: a FIFO, "
                           "/dev/zero) or too big: fix the source, or give it more time with "
                           "--build-timeout SECONDS (in a config: \"build_timeout\")"
                         : "fix the source or the bot's \"build\" command, then run again";
    // A shell reports its child's SIGXFSZ as exit code 128 + 25.
    const bool too_big =
        result.status.signal == SIGXFSZ || result.status.exit_code == 128 + SIGXFSZ;
    const std::string bound =
        too_big ? ", a file beyond the build's bound of " + std::to_string(kBuildOutputMb) + " MB"
                : "";
    throw BuildError(head + " failed (" + result.describe(job.wall_limit) + bound + "):\n" +
                     trimmed_message(result.output) + "  (build command: " + command +
                     (job.sandbox ? ", in the sandbox" : "") + ")\n" + what_to_do);
}

// What a build may leave: regular files and directories, kBuildOutputMb in all. Handed back to
// the arena's user (a sandboxed build of root's arena ran as nobody). Returns what is wrong.
std::string keep_output(const fs::path& out_dir) {
    std::uintmax_t bytes = 0;
    std::error_code error;
    const bool chown_back = ::geteuid() == 0;
    if (chown_back) (void)::lchown(out_dir.c_str(), ::geteuid(), ::getegid());
    for (fs::recursive_directory_iterator it(out_dir, error), end; !error && it != end;
         it.increment(error)) {
        const fs::file_status status = it->symlink_status(error);
        if (!fs::is_regular_file(status) && !fs::is_directory(status))
            return "the build wrote " + it->path().lexically_relative(out_dir).string() +
                   ", which is neither a file nor a directory (a link or a device is not kept)";
        if (fs::is_regular_file(status)) bytes += it->file_size(error);
        if (bytes > static_cast<std::uintmax_t>(kBuildOutputMb) << 20)
            return "the build wrote more than " + std::to_string(kBuildOutputMb) + " MB";
        if (chown_back) (void)::lchown(it->path().c_str(), ::geteuid(), ::getegid());
    }
    return error ? "the build's output cannot be read: " + error.message() : "";
}

}  // namespace

void build_into_cache(const match::PlayerSpec& bot, const BuildPlan& plan, const fs::path& entry,
                      const BuildOptions& options) {
    const TemporaryDir temporary(entry.parent_path(), plan.key);
    const fs::path out_dir = temporary.path / "out";
    fs::create_directories(out_dir);
    const std::string command = expand(plan.build, {{"source", plan.source_word},
                                                    {"dir", out_dir.string()},
                                                    {"out", (out_dir / "bot").string()}});
    const process::Job job = build_job(plan, command, temporary.path, out_dir, options);
    const process::JobResult result =
        options.run_job ? options.run_job(job) : process::run_job(job);
    if (!result.succeeded()) build_failed(bot, job, result, command);
    std::error_code ignored;
    std::string wrong = keep_output(out_dir);
    if (wrong.empty() && plan.run.find("{out}") != std::string::npos &&
        !fs::is_regular_file(out_dir / "bot", ignored))
        wrong = "the build did not write the program {out}";
    if (!wrong.empty())
        throw BuildError("bot '" + bot.name + "': building " + bot.source + " failed (" + wrong +
                         "):\n  (build command: " + command +
                         ")\nfix the source or the bot's \"build\" command, then run again");
    fs::rename(out_dir, entry, ignored);  // fails when another arena was first: its entry is whole
    if (!fs::is_directory(entry))
        throw BuildError("bot '" + bot.name + "': cannot store the build of " + bot.source +
                         " in " + entry.string() +
                         ": make the directory writable or set ARENA_CACHE");
}

}  // namespace arena::tournament
