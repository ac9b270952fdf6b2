// Tests of the per-bot resource limits (BotOptions::limits) and the bubblewrap sandbox
// (BotOptions::sandbox), driven through bots/test/testbot. Each limit is checked twice: a bot
// within it runs normally, a bot beyond it is ended and stop() names the limit.
//
// The sandbox tests need bubblewrap and user namespaces; where the machine cannot run them they
// print why and are skipped (reported as "SKIPPED" in the output), never passed silently.
#include <arpa/inet.h>
#include <dirent.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "arena/process/prepared_inits.hpp"
#include "tests/process/own_testbot.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using arena::test::sandbox_available;
using Strings = std::vector<std::string>;
namespace fs = std::filesystem;
using arena::test::processes_running;
using arena::test::TempDir;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

Strings testbot(Strings args) {
    args.insert(args.begin(), kTestbot);
    return args;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

bool group_gone(int pgid) {
    return ::kill(-pgid, 0) == -1 && errno == ESRCH;
}

// The value of a line "key:  value" of /proc/<pid>/status or /proc/<pid>/limits.
std::string proc_line(int pid, const std::string& file, const std::string& key) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/" + file);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(key, 0) == 0) return line.substr(key.size());
    }
    return "(no " + key + ")";
}

std::string trimmed(std::string text) {
    const auto first = text.find_first_not_of(" \t:");
    return first == std::string::npos ? "" : text.substr(first);
}

// A copy of testbot in its own directory: its processes can be told from other tests' testbots.
struct OwnTestbot : arena::test::OwnTestbot {
    OwnTestbot() : arena::test::OwnTestbot(kTestbot) {}
};

// A TCP server on 127.0.0.1 (any free port) that accepts nothing: connect() still succeeds
// through the listen backlog.
struct LocalServer {
    int fd = -1;
    int port = 0;
    LocalServer() {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(::listen(fd, 8) == 0);
        socklen_t length = sizeof address;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
        port = ntohs(address.sin_port);
    }
    ~LocalServer() { ::close(fd); }
};

}  // namespace

TEST_CASE("Limits::describe and ExitStatus::describe with a limit") {
    CHECK(Limits{}.describe() == "none");
    CHECK_FALSE(Limits{}.any());
    Limits limits;
    limits.memory_mb = 512;
    limits.cpu_seconds = 10;
    limits.processes = 64;
    limits.file_size_mb = 8;
    CHECK(limits.any());
    CHECK(limits.describe() == "memory 512 MB, CPU 10 s, 64 processes, file size 8 MB");
    ExitStatus status;
    status.signal = SIGXCPU;
    status.limit_reached = "CPU time limit (10 s) reached";
    CHECK(status.describe() == "CPU time limit (10 s) reached: signal 24 (SIGXCPU)");
}

// The bot's main process: the only child of the init of its PID namespace (bot.pid()), or the
// bot itself in the process-group fallback.
int bot_main_pid(int owned) {
    std::ifstream in("/proc/" + std::to_string(owned) + "/task/" + std::to_string(owned) +
                     "/children");
    int child = 0;
    return (in >> child) ? child : owned;
}

TEST_CASE("limits are set in the bot before it runs; signals reach it with default handling") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.memory_mb = 300;
    options.limits.cpu_seconds = 7;
    options.limits.file_size_mb = 3;
    options.limits.processes = 40;
    BotProcess bot(io, testbot({"echo"}), options);
    REQUIRE(bot.exchange("a\n", 5000ms).line == "a");
    const int pid = bot_main_pid(bot.pid());
    CHECK(trimmed(proc_line(pid, "limits", "Max cpu time")).rfind("7                    8", 0) ==
          0);
    CHECK(trimmed(proc_line(pid, "limits", "Max file size")).rfind("3145728", 0) == 0);
    // Memory and processes are cgroups of the whole bot, not per-process limits.
    CHECK(trimmed(proc_line(pid, "limits", "Max address space")).rfind("unlimited", 0) == 0);
    std::ifstream cgroups("/proc/" + std::to_string(pid) + "/cgroup");
    std::string all((std::istreambuf_iterator<char>(cgroups)), std::istreambuf_iterator<char>());
    CHECK(contains(all, "/arena-" + std::to_string(::getpid()) + "/bot-"));
    // As with posix_spawn: nothing blocked, nothing ignored (the arena ignores SIGPIPE), and a
    // session of its own (no controlling terminal).
    CHECK(trimmed(proc_line(pid, "status", "SigBlk")) == "0000000000000000");
    CHECK(trimmed(proc_line(pid, "status", "SigIgn")) == "0000000000000000");
    CHECK(::getsid(pid) == pid);  // also in the fallback (setsid in the child)
    const ExitStatus status = bot.stop();
    CHECK(status.limit_reached.empty());
    CHECK(group_gone(bot.pid()));
    CHECK(::kill(pid, 0) == -1);
}

TEST_CASE("spawn errors through the limits path are reported and reaped") {
    TempDir dir;
    const std::string not_a_program = (dir.path / "bot").string();
    std::ofstream(not_a_program) << "no #! line here\n";
    fs::permissions(not_a_program, fs::perms::owner_all);
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.cpu_seconds = 5;
    std::string what = "(no SpawnError)";
    try {
        BotProcess bot(io, {not_a_program}, options);
    } catch (const SpawnError& e) {
        what = e.what();
    }
    CHECK(contains(what, "cannot start " + not_a_program + " (exec)"));
    CHECK(contains(what, "#! line"));
    end_prepared_inits();  // the inits waiting for the next bots are children too
    CHECK((::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD));

    options.working_dir = kTestbot;  // a file, not a directory: chdir fails in the child
    std::string chdir_error = "(no SpawnError)";
    try {
        BotProcess bot(io, testbot({"echo"}), options);
    } catch (const SpawnError& e) {
        chdir_error = e.what();
    }
    CHECK(contains(chdir_error, "working directory"));
}

TEST_CASE("memory limit: an allocation beyond it ends the bot, reported as the memory limit") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.memory_mb = 96;
    SUBCASE("within the limit") {
        BotProcess bot(io, testbot({"memhog", "16"}), options);
        CHECK(bot.exchange("a\n", 10000ms).line == "a");
        const ExitStatus status = bot.stop();
        CHECK(status.limit_reached.empty());
    }
    SUBCASE("beyond it") {
        BotProcess bot(io, testbot({"memhog", "400"}), options);
        const ReadResult r = bot.exchange("a\n", 10000ms);
        CHECK(r.status == ReadStatus::closed);
        const ExitStatus status = bot.stop();
        CHECK_FALSE(status.killed_by_arena);
        CHECK(status.signal == SIGKILL);  // the kernel's OOM killer, told by its counter
        CHECK(status.limit_reached == "memory limit (96 MB) reached");
        CHECK(status.describe() == "memory limit (96 MB) reached: signal 9 (SIGKILL)");
        CHECK(status.peak_rss_kib > 40 * 1024);
    }
    SUBCASE("the limit holds for all the bot's processes together") {
        // 4 children x 40 MB: each within 96 MB, together beyond it.
        BotProcess bot(io, testbot({"memkids", "4", "40"}), options);
        const ReadResult r = bot.exchange("a\n", 10000ms);
        CHECK(r.status != ReadStatus::line);
        const ExitStatus status = bot.stop();
        CHECK(status.limit_reached == "memory limit (96 MB) reached");
    }
    SUBCASE("a crash that has nothing to do with memory is not blamed on the limit") {
        BotProcess bot(io, testbot({"crash", "3"}), options);
        CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::closed);
        const ExitStatus status = bot.stop();
        CHECK(status.limit_reached.empty());
        CHECK(status.describe() == "exit code 3");
    }
}

TEST_CASE("CPU limit: SIGXCPU ends a spinning bot, reported as the CPU time limit") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.cpu_seconds = 1;
    BotProcess bot(io, testbot({"cpuhog"}), options);
    const ReadResult r = bot.exchange("a\n", 20000ms);
    CHECK(r.status == ReadStatus::closed);  // died before the turn's deadline
    CHECK(r.elapsed >= 900ms);
    const ExitStatus status = bot.stop();
    CHECK_FALSE(status.killed_by_arena);
    // Whichever comes first ends it: the kernel's SIGXCPU (RLIMIT_CPU of the process) or the
    // arena's SIGKILL (its check of the whole bot's CPU time, every 50 ms).
    CHECK((status.signal == SIGXCPU || status.signal == SIGKILL));
    CHECK(status.cpu_seconds >= 0.5);  // the kernel's and rusage's accounting differ a little
    CHECK(status.describe().rfind("CPU time limit (1 s) reached: signal ", 0) == 0);

    SUBCASE("a timeout is still a timeout, not the CPU limit") {
        options.limits.cpu_seconds = 60;
        BotProcess slow(io, testbot({"cpuhog"}), options);
        CHECK(slow.exchange("a\n", 200ms).status == ReadStatus::timeout);
        const ExitStatus slow_status = slow.stop();
        CHECK(slow_status.killed_by_arena);
        CHECK(slow_status.limit_reached.empty());
    }
}

TEST_CASE("file size limit: SIGXFSZ, reported as the file size limit") {
    TempDir dir;
    const std::string file = (dir.path / "out").string();
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.file_size_mb = 2;
    {
        BotProcess bot(io, testbot({"writefile", "1", "--file", file}), options);
        CHECK(bot.exchange("a\n", 10000ms).line == "wrote");
        CHECK(bot.stop().limit_reached.empty());
    }
    BotProcess bot(io, testbot({"writefile", "5", "--file", file}), options);
    CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::closed);
    const ExitStatus status = bot.stop();
    CHECK(status.signal == SIGXFSZ);
    CHECK(status.describe() == "file size limit (2 MB) reached: signal 25 (SIGXFSZ)");
    CHECK(fs::file_size(file) == 2u * 1024 * 1024);
}

TEST_CASE("process limit: fork() fails beyond it, for root too") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.processes = 6;
    BotProcess bot(io, testbot({"spawn", "40"}), options);
    const ReadResult r = bot.exchange("a\n", 10000ms);
    bot.stop();
    INFO("bot replied: " << r.line);
    REQUIRE(r.line.rfind("forked ", 0) == 0);
    const int forked = std::stoi(r.line.substr(7));
    CHECK(forked >= 1);
    CHECK(forked < 6);  // the bot itself counts too
}

TEST_CASE("stop() still reaches every process of a bot with limits") {
    OwnTestbot own;
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.cpu_seconds = 30;
    BotProcess bot(io, own.command({"forkchild"}), options);
    CHECK(bot.exchange("a\n", 5000ms).line == "a");
    CHECK(processes_running(own.exe).size() == 2);
    bot.stop();
    CHECK(group_gone(bot.pid()));
    CHECK(processes_running(own.exe).empty());
}

// ---- sandbox ----

TEST_CASE("sandbox: a bot plays normally") {
    if (!sandbox_available()) return;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    BotProcess bot(io, testbot({"echo", "--lines", "2"}), options);
    for (const char* first : {"a", "b", "c"}) {
        const ReadResult r = bot.exchange(std::string(first) + "\nsecond line\n", 10000ms);
        CHECK(r.status == ReadStatus::line);
        CHECK(r.line == first);
    }
    const ExitStatus status = bot.stop();
    CHECK((status.exit_code == 0 || status.signal == SIGTERM));
    CHECK(group_gone(bot.pid()));
}

TEST_CASE("sandbox: no network") {
    if (!sandbox_available()) return;
    LocalServer server;
    boost::asio::io_context io(1);
    const Strings command = testbot({"connect", std::to_string(server.port)});
    BotProcess free_bot(io, command);
    CHECK(free_bot.exchange("a\n", 10000ms).line == "connected");  // the test can fail

    BotOptions options;
    options.sandbox = true;
    BotProcess boxed(io, command, options);
    const ReadResult r = boxed.exchange("a\n", 10000ms);
    CHECK(r.status == ReadStatus::line);
    CHECK(r.line.rfind("error: ", 0) == 0);
}

TEST_CASE("sandbox: read-only system directories, the host's files out of sight") {
    if (!sandbox_available()) return;
    TempDir dir;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    const std::string outside = (dir.path / "escaped").string();
    {
        BotProcess bot(io, testbot({"writefile", "1", "--file", outside}), options);
        CHECK(bot.exchange("a\n", 10000ms).line.rfind("error: ", 0) == 0);
    }
    CHECK_FALSE(fs::exists(outside));
    {
        BotProcess bot(io, testbot({"writefile", "1", "--file", "/etc/arena-escaped"}), options);
        CHECK(bot.exchange("a\n", 10000ms).line == "error: Read-only file system");
    }
    // The same bot without the sandbox writes where it likes (so the test can fail).
    BotProcess free_bot(io, testbot({"writefile", "1", "--file", outside}));
    CHECK(free_bot.exchange("a\n", 10000ms).line == "wrote");
    CHECK(fs::exists(outside));
}

TEST_CASE("sandbox: the scratch directory is a size-limited tmpfs of each bot, not on the host") {
    if (!sandbox_available()) return;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    options.scratch_mb = 8;
    {
        // Without --file the bot writes to $TMPDIR: its scratch directory.
        BotProcess bot(io, testbot({"writefile", "1"}), options);
        CHECK(bot.exchange("a\n", 10000ms).line == "wrote");
        BotProcess other(io, testbot({"readfile", "/tmp/testbot.out"}), options);
        CHECK(other.exchange("a\n", 10000ms).line == "error: No such file or directory");
    }
    BotProcess filler(io, testbot({"writefile", "20"}), options);
    CHECK(filler.exchange("a\n", 10000ms).line == "error: No space left on device");
    BotProcess shm(io, testbot({"shmhog", "100"}), options);  // /dev/shm: 64 MB
    CHECK(shm.exchange("a\n", 10000ms).line == "error: No space left on device");
}

TEST_CASE("sandbox: exit codes and signals are reported as without it") {
    if (!sandbox_available()) return;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    {
        BotProcess bot(io, testbot({"crash", "3"}), options);
        CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::closed);
        CHECK(bot.stop().describe() == "exit code 3");
    }
    {
        BotProcess bot(io, testbot({"abort"}), options);
        CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::closed);
        const ExitStatus status = bot.stop();
        CHECK(status.describe() == "signal 11 (SIGSEGV)");
        CHECK_FALSE(status.killed_by_arena);
    }
    {
        BotProcess bot(io, testbot({"sleep", "100000"}), options);
        CHECK(bot.exchange("a\n", 300ms).status == ReadStatus::timeout);
        const ExitStatus status = bot.stop();
        CHECK(status.killed_by_arena);
        CHECK(group_gone(bot.pid()));
    }
}

TEST_CASE("sandbox: stop() kills every process of the bot, children that ignore SIGTERM too") {
    if (!sandbox_available()) return;
    OwnTestbot own;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    for (const Strings& args :
         {Strings{"forkchild"}, Strings{"spawn", "5"}, Strings{"ignoreterm"}}) {
        CAPTURE(args.front());
        BotProcess bot(io, own.command(args), options);
        CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::line);
        CHECK_FALSE(processes_running(own.exe).empty());
        bot.stop();
        CHECK(group_gone(bot.pid()));
        CHECK(processes_running(own.exe).empty());
    }
}

TEST_CASE("sandbox with limits: the limits apply inside and are reported") {
    if (!sandbox_available()) return;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    options.limits.memory_mb = 96;
    {
        BotProcess bot(io, testbot({"memhog", "16"}), options);
        CHECK(bot.exchange("a\n", 10000ms).line == "a");
    }
    BotProcess bot(io, testbot({"memhog", "400"}), options);
    CHECK(bot.exchange("a\n", 10000ms).status == ReadStatus::closed);
    CHECK(bot.stop().describe() == "memory limit (96 MB) reached: signal 9 (SIGKILL)");
}
