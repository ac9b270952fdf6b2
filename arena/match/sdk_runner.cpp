#include "arena/match/sdk_runner.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/process/interrupt.hpp"

namespace arena::match {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The runner's directory of the game: made private, removed at the end whatever happened.
struct GameDir {
    fs::path path;
    GameDir() {
        // The bots' paths go to the runner, which may split them at blanks: none in the path.
        fs::path base = fs::temp_directory_path();
        if (base.string().find_first_of(" \t\n") != std::string::npos) base = "/tmp";
        std::string pattern = (base / "arena-sdk-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("cannot make a temporary directory in " + base.string() +
                                     ": check TMPDIR");
        path = pattern;
        out = path / "out";
        fs::create_directory(out);
    }
    fs::path out;  // what the runner writes: its result, the seats' ends (writable when sandboxed)
    ~GameDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    GameDir(const GameDir&) = delete;
    GameDir& operator=(const GameDir&) = delete;
};

// The runner runs under /bin/sh, which keeps only the last 8 KB of its stderr (on arena's
// stderr pipe: what a failure quotes) and says its exit code on stdout, one line, once it ended.
// Its stdout is dropped: an SDK runner echoes its referee's whole protocol there. The bound ($0)
// is kept by coreutils' timeout (TERM to the runner's process group, KILL 5 s later, exit 124), so
// that the stderr of a runner that hangs is still said; arena's own deadline is the backstop.
constexpr const char* kRunnerShell =
    "exec 3>&1\n"
    "{ timeout -k 5 \"$0\" \"$@\" </dev/null 2>&1 >/dev/null 3>&-;"
    " echo \"arena-runner-exit $?\" >&3; } | tail -c 8192 >&2 3>&-\n";
constexpr int kTimeoutExit = 124;  // timeout's exit code when the time ran out
constexpr auto kBackstop = std::chrono::seconds(15);
constexpr const char* kExitLine = "arena-runner-exit ";
// The runner's result JSON: the game's text (at most kMaxExternalGameBytes) with the SDK's
// fields around it.
constexpr files::ReadLimit kSdkResultFile{"runner's result", 4 * kMaxExternalGameBytes};

std::string with_seed(std::string command, const std::optional<std::int64_t>& seed) {
    if (!seed) return command;
    const std::string value = std::to_string(*seed);
    for (std::size_t at = command.find("{seed}"); at != std::string::npos;
         at = command.find("{seed}", at + value.size()))
        command.replace(at, 6, value);
    return command;
}

// A seat's file in the game's directory: "p1", "p1.json", "p2.end.json", ...
fs::path seat_file(const fs::path& dir, std::size_t seat, const char* suffix) {
    std::string name = "p";
    name += std::to_string(seat + 1);
    name += suffix;
    return dir / name;
}

// The seat's wrapper: its JSON file and the script the runner gets as -pK.
std::string write_seat(const fs::path& dir, std::size_t seat, const PlayerSpec& player,
                       const MatchOptions& options, bool options_of_runner_sandboxed) {
    WrappedBot bot;
    bot.argv = process::split_command_line(player.command);
    bot.options = options.bot;
    bot.options.working_dir = player.working_dir;
    if (player.limits) bot.options.limits = *player.limits;
    if (player.sandbox) bot.options.sandbox = *player.sandbox;
    // Inside a sandboxed runner no cgroup can be had: the runner's limits hold for it and its
    // bots together.
    if (options_of_runner_sandboxed) bot.options.limits = {};
    bot.end_file = seat_file(dir / "out", seat, ".end.json").string();
    const fs::path spec = seat_file(dir, seat, ".json");
    files::write_atomically(
        spec, to_json(bot).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    const fs::path script = seat_file(dir, seat, "");
    files::write_atomically(script, "#!/bin/sh\nexec " + shell_quote(sdk_bot_wrapper_program()) +
                                        " " + kWrapBotCommand + " " + shell_quote(spec.string()) +
                                        "\n");
    // A sandboxed runner may run as nobody (the arena being root): it reads both, writes neither.
    fs::permissions(script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(spec, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                              fs::perms::others_read);
    return script.string();
}

std::vector<std::string> runner_argv(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                                     const std::vector<std::string>& seats, const fs::path& result,
                                     std::chrono::milliseconds bound) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3fs", static_cast<double>(bound.count()) / 1000.0);
    std::vector<std::string> argv = {"/bin/sh", "-c", kRunnerShell, seconds};
    for (std::string& word : process::split_command_line(with_seed(spec.command, setup.seed)))
        argv.push_back(std::move(word));
    for (std::size_t k = 0; k < seats.size(); ++k) {
        argv.push_back("-p" + std::to_string(k + 1));
        argv.push_back(seats[k]);
    }
    if (spec.seeded && setup.seed) {
        argv.push_back("-seed");
        argv.push_back(std::to_string(*setup.seed));
    }
    argv.push_back("-l");
    argv.push_back(result.string());
    return argv;
}

struct RunnerRun {
    std::optional<int> exit_code;  // from the shell's line: set when the runner ended
    bool over_bound = false;
    std::string stderr_tail;
    std::string ended;  // how the shell ended (ExitStatus::describe)
};

// What a sandboxed runner is shown besides its command line's files: the bot wrapper, each seat's
// file and each bot's files, read-only; its output directory, writable.
struct RunnerView {
    std::vector<std::pair<std::string, std::string>> read_only;
    std::string writable;
};

RunnerView runner_view(const GameDir& dir, const std::vector<PlayerSpec>& players) {
    RunnerView view;
    auto show = [&view](const fs::path& path) {
        std::error_code ec;
        if (fs::exists(path, ec)) view.read_only.emplace_back(path.string(), path.string());
    };
    const fs::path wrapper = sdk_bot_wrapper_program();
    show(wrapper);
    show(wrapper.parent_path() / "arena-bot-init");
    for (std::size_t k = 0; k < players.size(); ++k) {
        show(seat_file(dir.path, k, ".json"));
        const auto shown = process::sandbox_shown_paths(
            process::split_command_line(players[k].command), players[k].working_dir);
        view.read_only.insert(view.read_only.end(), shown.begin(), shown.end());
    }
    // The arena as root runs a sandboxed runner as nobody: its output directory is nobody's.
    if (::geteuid() == 0 &&
        ::chown(dir.out.c_str(), process::sandbox_user_id(), process::sandbox_user_id()) != 0)
        throw std::runtime_error("cannot hand " + dir.out.string() + " to the sandbox's user");
    view.writable = dir.out.string();
    return view;
}

// A runner runs as a bot would: contained, and (sandboxed) in the bots' sandbox with their
// environment allow-list and the command line's limits, allowed to contain its own bots.
process::BotOptions runner_options(const ExternalGameSpec& spec, const MatchOptions& options,
                                   const RunnerView& contained) {
    process::BotOptions runner;
    runner.working_dir = spec.working_dir;
    runner.kill_grace = options.bot.kill_grace;
    if (!spec.sandbox) return runner;
    runner.sandbox = true;
    runner.limits = spec.limits;
    runner.sandbox_nested = true;
    runner.sandbox_read_only = contained.read_only;
    runner.sandbox_writable = {contained.writable};
    return runner;
}

// Runs the runner until it ends, or stops it at `bound`. Throws process::SpawnError.
RunnerRun run_runner(const std::vector<std::string>& argv, const ExternalGameSpec& spec,
                     const MatchOptions& options, const RunnerView& contained,
                     std::chrono::milliseconds bound) {
    boost::asio::io_context io;
    process::BotProcess runner(io, argv, runner_options(spec, options, contained));
    RunnerRun run;
    const auto start = Clock::now();
    auto deadline = start + bound + kBackstop;
    for (;;) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
        process::ReadResult read =
            runner.exchange("", std::max(left, std::chrono::milliseconds(0)));
        run.stderr_tail += read.stderr_text;
        if (read.status == process::ReadStatus::timeout) run.over_bound = !run.exit_code;
        if (read.status != process::ReadStatus::line) break;
        if (read.line.rfind(kExitLine, 0) == 0) {
            run.exit_code = std::atoi(read.line.c_str() + std::string_view(kExitLine).size());
            // timeout's own clock (CLOCK_REALTIME, which the VM's clock adjustments move) may
            // ring a little before ours: a 124 near the bound is the bound (the CI saw a 2 s
            // bound reported as a plain "exited with code 124"). One well before it is the
            // runner's own exit code.
            if (*run.exit_code == kTimeoutExit && Clock::now() - start >= bound * 9 / 10)
                run.over_bound = true;
            // Only the shell's stderr tail is left to come: a few milliseconds.
            deadline = std::min(deadline, Clock::now() + std::chrono::seconds(10));
        }
    }
    run.ended = runner.stop().describe();
    run.stderr_tail += runner.take_stderr();
    return run;
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return text;
}

void fail(MatchLog& log, const ExternalGameSpec& spec, const std::string& what,
          const std::string& stderr_tail) {
    log.referee_failure = "runner '" + spec.command + "': " + what;
    const std::string tail = trimmed(stderr_tail);
    log.referee_failure += tail.empty() ? " (no stderr)" : " (its stderr ends: " + tail + ")";
    log.reason = log.referee_failure;
    log.seats.assign(log.players.size(), SeatResult{});
}

std::chrono::milliseconds scaled_bound(std::chrono::milliseconds bound,
                                       const MatchOptions& options) {
    if (options.no_time_limit) return std::chrono::milliseconds(kNoTimeLimitMs);
    const double scale = std::max(1.0, options.time_scale);
    return std::chrono::milliseconds(static_cast<long long>(std::ceil(bound.count() * scale)));
}

// The game once the runner ran: its result file turned into the log, or the failure said.
void read_result(MatchLog& log, const ExternalGameSpec& spec, const RunnerRun& run,
                 const fs::path& result, const std::vector<WrappedBotEnd>& ends,
                 std::chrono::milliseconds bound) {
    if (run.over_bound) {
        fail(log, spec,
             "still running after " + std::to_string(bound.count() / 1000) +
                 " s (the bound on a runner's whole game): ended",
             run.stderr_tail);
    } else if (!run.exit_code) {
        fail(log, spec, "ended without its exit code (" + run.ended + ")", run.stderr_tail);
    } else if (*run.exit_code != 0) {
        fail(log, spec, "exited with code " + std::to_string(*run.exit_code), run.stderr_tail);
    } else if (std::error_code ec; !fs::exists(result, ec)) {
        fail(log, spec, "exited with code 0 but wrote no result file (-l)", run.stderr_tail);
    } else {
        try {
            fill_log_from_sdk_result(files::read_text(result, kSdkResultFile), ends, log);
        } catch (const arena::Error& e) {
            fail(log, spec, e.what(), run.stderr_tail);
        }
    }
}

}  // namespace

std::string sdk_bot_wrapper_program() {
    if (const char* env = std::getenv("ARENA_SDK_WRAPPER"); env != nullptr && *env != '\0')
        return env;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("arena") : self.string();
}

MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options) {
    std::chrono::milliseconds bound = kSdkRunnerBound;
    if (const char* env = std::getenv("ARENA_RUNNER_TIMEOUT_MS"); env != nullptr) {
        const long long ms = std::atoll(env);
        if (ms > 0) bound = std::chrono::milliseconds(ms);
    }
    return play_sdk_runner_game(spec, setup, players, options, bound);
}

MatchLog play_sdk_runner_game(const ExternalGameSpec& spec, const referee::GameSetup& setup,
                              const std::vector<PlayerSpec>& players, const MatchOptions& options,
                              std::chrono::milliseconds bound) {
    const auto start = Clock::now();
    MatchLog log;
    log.players = players;
    log.seats.resize(players.size());
    bound = scaled_bound(bound, options);
    try {
        GameDir dir;
        std::vector<std::string> seats;
        for (std::size_t k = 0; k < players.size(); ++k)
            seats.push_back(write_seat(dir.path, k, players[k], options, spec.sandbox));
        const RunnerView contained = spec.sandbox ? runner_view(dir, players) : RunnerView{};
        const fs::path result = dir.out / "result.json";
        const RunnerRun run = run_runner(runner_argv(spec, setup, seats, result, bound), spec,
                                         options, contained, bound);
        std::vector<WrappedBotEnd> ends;
        for (std::size_t k = 0; k < players.size(); ++k)
            ends.push_back(read_wrapped_bot_end(seat_file(dir.out, k, ".end.json").string()));
        if (process::interrupt_signal() != 0) {
            log.interrupted = true;
            log.reason = "interrupted before the game ended";
        } else {
            read_result(log, spec, run, result, ends, bound);
        }
    } catch (const std::exception& e) {  // a command line that does not split, no temp dir, ...
        fail(log, spec, std::string("could not run: ") + e.what(), "");
    }
    log.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return log;
}

// ---- the wrapper's files ----

nlohmann::json to_json(const WrappedBot& bot) {
    nlohmann::json json;
    json["argv"] = bot.argv;
    json["working_dir"] = bot.options.working_dir;
    json["kill_grace_ms"] = bot.options.kill_grace.count();
    json["sandbox"] = bot.options.sandbox;
    json["scratch_mb"] = bot.options.scratch_mb;
    json["shm_mb"] = bot.options.shm_mb;
    const process::Limits& limits = bot.options.limits;
    nlohmann::json& out = json["limits"] = nlohmann::json::object();
    if (limits.memory_mb) out["memory_mb"] = *limits.memory_mb;
    if (limits.cpu_seconds) out["cpu_seconds"] = *limits.cpu_seconds;
    if (limits.processes) out["processes"] = *limits.processes;
    if (limits.file_size_mb) out["file_size_mb"] = *limits.file_size_mb;
    json["end_file"] = bot.end_file;
    return json;
}

WrappedBot wrapped_bot_from_json(const nlohmann::json& json) {
    try {
        WrappedBot bot;
        bot.argv = json.at("argv").get<std::vector<std::string>>();
        if (bot.argv.empty()) throw std::invalid_argument("\"argv\" is empty");
        bot.options.working_dir = json.value("working_dir", std::string());
        bot.options.kill_grace = std::chrono::milliseconds(json.value("kill_grace_ms", 100));
        bot.options.sandbox = json.value("sandbox", false);
        bot.options.scratch_mb = json.value("scratch_mb", 256L);
        bot.options.shm_mb = json.value("shm_mb", 64L);
        const nlohmann::json limits = json.value("limits", nlohmann::json::object());
        process::Limits& out = bot.options.limits;
        if (limits.contains("memory_mb")) out.memory_mb = limits["memory_mb"].get<long>();
        if (limits.contains("cpu_seconds")) out.cpu_seconds = limits["cpu_seconds"].get<long>();
        if (limits.contains("processes")) out.processes = limits["processes"].get<long>();
        if (limits.contains("file_size_mb")) out.file_size_mb = limits["file_size_mb"].get<long>();
        bot.end_file = json.value("end_file", std::string());
        return bot;
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(std::string("a wrapped bot's file: ") + e.what());
    }
}

nlohmann::json to_json(const WrappedBotEnd& end) {
    nlohmann::json json = {{"ended_by_itself", end.ended_by_itself},
                           {"detail", end.detail},
                           {"limit_reached", end.limit_reached},
                           {"lines", nlohmann::json::array()}};
    for (const WrappedLine& line : end.lines) {
        nlohmann::json entry = {{"input", line.input}, {"ms", line.ms}};
        if (line.line) entry["line"] = *line.line;
        json["lines"].push_back(std::move(entry));
    }
    return json;
}

namespace {
WrappedBotEnd wrapped_bot_end_from_json(const nlohmann::json& json);
}

WrappedBotEnd read_wrapped_bot_end(const std::string& file) {
    WrappedBotEnd end;
    nlohmann::json json;
    try {
        files::InputStream in(file, files::kSmallJsonFile);
        json = nlohmann::json::parse(in, nullptr, false);
    } catch (const arena::Error&) {
        return end;  // missing, or not the wrapper's: nothing is known
    }
    if (!json.is_object()) return end;
    try {
        return wrapped_bot_end_from_json(json);
    } catch (const nlohmann::json::exception&) {
        return end;  // not the wrapper's: nothing is known
    }
}

namespace {
WrappedBotEnd wrapped_bot_end_from_json(const nlohmann::json& json) {
    WrappedBotEnd end;
    end.known = true;
    end.ended_by_itself = json.value("ended_by_itself", false);
    end.detail = json.value("detail", std::string());
    end.limit_reached = json.value("limit_reached", std::string());
    const nlohmann::json lines = json.value("lines", nlohmann::json::array());
    for (const nlohmann::json& entry : lines) {
        if (!entry.is_object()) continue;
        WrappedLine line;
        line.input = entry.value("input", std::string());
        if (entry.contains("line") && entry["line"].is_string())
            line.line = entry["line"].get<std::string>();
        line.ms = entry.value("ms", 0.0);
        end.lines.push_back(std::move(line));
    }
    return end;
}

}  // namespace

}  // namespace arena::match
