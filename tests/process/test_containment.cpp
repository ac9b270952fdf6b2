// Containment (issue 13): whatever a bot does, everything it starts ends with its game, stop()
// is bounded in time, nothing survives the arena's own SIGKILL, limits hold for the whole bot,
// and the sandbox shuts every door. Driven through bots/test/testbot's hostile modes, each bot a
// private copy of testbot so that its processes can be found in /proc.
//
// Run twice by ctest: contained (the default) and with ARENA_CONTAINMENT=process-group (the
// fallback), where the test cases that need a PID namespace say so and return.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "arena/process/prepared_inits.hpp"
#include "tests/process/own_testbot.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using arena::test::sandbox_available;
using Strings = std::vector<std::string>;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using arena::test::processes_running;
using arena::test::TempDir;

// A private copy of testbot (own_testbot.hpp).
struct OwnTestbot : arena::test::OwnTestbot {
    OwnTestbot() : arena::test::OwnTestbot(ARENA_TESTBOT) {}
};

namespace {

// The pid written to a pid file, or 0 once it has been written and the process has ended.
long pid_in(const std::string& file) {
    for (int wait = 0; wait < 200; ++wait) {  // the bot's child writes it; give it a moment
        std::ifstream in(file);
        long pid = 0;
        if (in >> pid) return pid;
        std::this_thread::sleep_for(5ms);
    }
    return -1;
}

// "@PATH": a path the bot knows by other means (testbot's usage), which the sandbox does not
// bind as one of the bot's own files.
std::string known(const fs::path& path) {
    std::string text = "@";
    text += path.string();
    return text;
}

bool alive(long pid) {
    return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) == 0;
}

bool contained() {
    if (bots_contained()) return true;
    MESSAGE("process-group fallback: this case needs a PID namespace");
    return false;
}

// stop() and how long it took.
struct Stopped {
    ExitStatus status;
    std::chrono::milliseconds took;
};
Stopped timed_stop(BotProcess& bot) {
    const auto start = Clock::now();
    ExitStatus status = bot.stop();
    return {status, std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start)};
}

// A Unix socket listening at a path or an abstract name; accepts nothing.
struct UnixServer {
    int fd = -1;
    UnixServer(const std::string& name, bool abstract) {
        fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path + (abstract ? 1 : 0), name.data(), name.size());
        const auto length =
            static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + 1);
        REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), length) == 0);
        REQUIRE(::listen(fd, 8) == 0);
    }
    ~UnixServer() { ::close(fd); }
};

// One turn of `args` (sandboxed or not) and its reply.
std::string reply_of(const Strings& args, bool sandbox) {
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = sandbox;
    BotProcess bot(io, args, options);
    return bot.exchange("a\n", 10000ms).line;
}

}  // namespace

TEST_CASE("the fallback says so, once, and what it cannot promise") {
    const bool forced = std::getenv("ARENA_CONTAINMENT") != nullptr &&
                        std::string(std::getenv("ARENA_CONTAINMENT")) == "process-group";
    CHECK(bots_contained() == !forced);  // this machine has PID namespaces
    const std::string notice = containment_fallback_notice();
    if (forced) {
        CHECK(notice.find("contained by process group only") != std::string::npos);
        CHECK(notice.find("can outlive its game") != std::string::npos);
    } else {
        CHECK(notice.empty());
    }
}

TEST_CASE("a daemon started after setsid() or setpgid() ends with its bot") {
    if (!contained()) return;
    for (const char* mode : {"daemon", "daemonpg", "sessionchild"}) {
        CAPTURE(mode);
        OwnTestbot own;
        boost::asio::io_context io(1);
        BotProcess bot(io, own.command({mode, own.pid_file("pid")}));
        CHECK(bot.exchange("a\n", 10000ms).line == "a");
        const long daemon = pid_in(own.pid_file("pid"));
        CHECK(alive(daemon));  // the test can fail
        const Stopped stopped = timed_stop(bot);
        CHECK(stopped.took < 2000ms);
        CHECK_FALSE(alive(daemon));
        CHECK(own.all_gone());
    }
}

TEST_CASE("a child that leaves the group, keeps a zombie in it and rejoins cannot hold stop()") {
    // The fallback reaps the group for a bounded time only; contained, the namespace goes.
    OwnTestbot own;
    boost::asio::io_context io(1);
    BotProcess bot(io, own.command({"rejoin", own.pid_file("pid")}));
    CHECK(bot.exchange("a\n", 10000ms).line == "a");
    const Stopped stopped = timed_stop(bot);
    CHECK(stopped.took < 2000ms);
    std::this_thread::sleep_for(400ms);  // past its rejoin time
    if (!bots_contained()) {
        // The child left the group: out of the fallback's reach (as documented). The test ends
        // it itself, so that no test leaves a process behind.
        if (const pid_t escaped = pid_in(own.pid_file("pid")); escaped > 0)
            ::kill(escaped, SIGKILL);
        return;
    }
    CHECK_FALSE(alive(pid_in(own.pid_file("pid"))));
    CHECK(own.all_gone());
}

TEST_CASE("stop() is bounded for a bot that ignores SIGTERM or stops itself") {
    for (const char* mode : {"ignoreterm", "stopself"}) {
        CAPTURE(mode);
        OwnTestbot own;
        boost::asio::io_context io(1);
        BotProcess bot(io, own.command({mode}));
        bot.exchange("a\n", 300ms);
        const Stopped stopped = timed_stop(bot);
        CHECK(stopped.took < 1500ms);
        CHECK(stopped.status.killed_by_arena);
        CHECK(own.all_gone());
    }
}

TEST_CASE("a bot that exits 143 on our SIGTERM was stopped by the arena") {
    boost::asio::io_context io(1);
    BotProcess bot(io, {ARENA_TESTBOT, "term143"});
    CHECK(bot.exchange("a\n", 200ms).status == ReadStatus::timeout);
    const ExitStatus status = bot.stop();
    CHECK(status.describe() == "exit code 143");
    CHECK(status.killed_by_arena);
}

TEST_CASE("nothing of a bot survives the arena's SIGKILL") {
    if (!contained()) return;
    OwnTestbot own;
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t arena = ::fork();
    if (arena == 0) {  // a stand-in arena: starts a bot that daemonizes, then is killed
        ::close(ready[0]);
        boost::asio::io_context io(1);
        BotProcess spinner(io, own.command({"cpuhog"}));
        BotProcess bot(io, own.command({"daemon", own.pid_file("pid")}));
        const bool ok = bot.exchange("a\n", 10000ms).line == "a";
        (void)!::write(ready[1], ok ? "y" : "n", 1);
        ::pause();
        ::_exit(0);
    }
    ::close(ready[1]);
    char answer = 0;
    REQUIRE(::read(ready[0], &answer, 1) == 1);
    ::close(ready[0]);
    CHECK(answer == 'y');
    const long daemon = pid_in(own.pid_file("pid"));
    CHECK(alive(daemon));
    ::kill(arena, SIGKILL);
    ::waitpid(arena, nullptr, 0);
    for (int wait = 0; wait < 100 && !own.all_gone(); ++wait) std::this_thread::sleep_for(10ms);
    CHECK(own.all_gone());
    CHECK_FALSE(alive(daemon));
}

// The inits prepared ahead of their bots: children of `process` (of any of its threads) named
// arena-bot-init that run no bot yet (no child of their own).
std::vector<long> waiting_inits(pid_t process) {
    std::vector<long> found;
    const fs::path tasks = "/proc/" + std::to_string(process) + "/task";
    std::error_code ec;
    for (const auto& task : fs::directory_iterator(tasks, ec)) {
        std::ifstream children(task.path() / "children");
        for (long child = 0; children >> child;) {
            const std::string dir = "/proc/" + std::to_string(child);
            std::string name, its_children, stat;
            std::getline(std::ifstream(dir + "/comm"), name);
            std::getline(std::ifstream(dir + "/task/" + std::to_string(child) + "/children"),
                         its_children);
            // Not the zombies of ended inits: a forked stand-in arena's (below), killed, leaves
            // its bots' inits to this process, a child subreaper, as they end.
            std::getline(std::ifstream(dir + "/stat"), stat);
            const bool zombie = stat.find(") Z ") != std::string::npos;
            if (name == "arena-bot-init" && its_children.empty() && !zombie) found.push_back(child);
        }
    }
    return found;
}

// Waits (up to 10 s: room for a busy machine) until `process` has an init waiting.
std::vector<long> await_waiting_inits(pid_t process) {
    std::vector<long> found;
    for (int wait = 0; wait < 1000 && (found = waiting_inits(process)).empty(); ++wait)
        std::this_thread::sleep_for(10ms);
    return found;
}

// Whether bots start from prepared inits here (not with ARENA_INIT=exec, nor in a sanitizer
// build: their init is exec'd).
bool inits_prepared() {
    if (inits_prepared_ahead()) return true;
    MESSAGE("no prepared inits here (the exec'd init)");
    return false;
}

TEST_CASE("a bot started by an init prepared ahead is contained alike; none is left behind") {
    if (!contained() || !inits_prepared()) return;
    OwnTestbot own;
    boost::asio::io_context io(1);
    {
        BotProcess first(io, own.command({"echo"}));  // the inits for the next bots are prepared
        CHECK(first.exchange("a\n", 10000ms).line == "a");
        first.stop();
    }
    const std::vector<long> ready = await_waiting_inits(::getpid());
    REQUIRE_FALSE(ready.empty());
    BotProcess bot(io, own.command({"daemon", own.pid_file("pid"), "--say", "X"}));
    // Its init is one of those that were waiting: its namespace was made before the bot came.
    CHECK(std::find(ready.begin(), ready.end(), bot.pid()) != ready.end());
    CHECK(bot.exchange("a\n", 10000ms).line == "X");
    const long daemon = pid_in(own.pid_file("pid"));
    CHECK(alive(daemon));
    bot.stop();
    CHECK(own.gone_soon());
    CHECK_FALSE(alive(daemon));
    // A bot without a working directory of its own starts in the arena's current one, which may
    // have changed since its init was prepared.
    REQUIRE_FALSE(await_waiting_inits(::getpid()).empty());
    const fs::path before = fs::current_path();
    TempDir elsewhere;
    fs::current_path(elsewhere.path);
    BotProcess where(io, {"/bin/sh", "-c", "read x; pwd -P"});
    fs::current_path(before);
    CHECK(where.exchange("a\n", 10000ms).line == fs::canonical(elsewhere.path).string());
    where.stop();
    end_prepared_inits();
    CHECK(waiting_inits(::getpid()).empty());
}

TEST_CASE("inits waiting for bots end with the arena, even by SIGKILL") {
    if (!contained() || !inits_prepared()) return;
    OwnTestbot own;
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    const pid_t arena = ::fork();
    if (arena == 0) {  // a stand-in arena: plays one bot, then waits with inits prepared
        ::close(ready[0]);
        {
            boost::asio::io_context io(1);
            BotProcess bot(io, own.command({"echo"}));
            (void)bot.exchange("a\n", 10000ms);
        }
        const bool ok = !await_waiting_inits(::getpid()).empty();
        (void)!::write(ready[1], ok ? "y" : "n", 1);
        ::pause();
        ::_exit(0);
    }
    ::close(ready[1]);
    char answer = 0;
    REQUIRE(::read(ready[0], &answer, 1) == 1);
    ::close(ready[0]);
    CHECK(answer == 'y');
    const std::vector<long> inits = waiting_inits(arena);
    CHECK_FALSE(inits.empty());
    ::kill(arena, SIGKILL);
    ::waitpid(arena, nullptr, 0);
    const auto gone = [&] {
        for (long pid : inits) {  // re-parented to the system's init, which reaps them
            std::string state;
            std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
            std::getline(stat, state);
            if (!state.empty() && state.substr(state.rfind(')') + 2, 1) != "Z") return false;
        }
        return true;
    };
    for (int wait = 0; wait < 1000 && !gone(); ++wait) std::this_thread::sleep_for(10ms);
    CHECK(gone());
}

TEST_CASE("CPU limit of the whole bot: a spinner handing over to fresh children") {
    OwnTestbot own;
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.cpu_seconds = 1;
    BotProcess bot(io, own.command({"cpukids"}), options);
    const ReadResult r = bot.exchange("a\n", 8000ms);
    CHECK(r.status == ReadStatus::closed);  // ended at about 1 s of CPU, not at the deadline
    CHECK(r.elapsed < 4000ms);
    const ExitStatus status = bot.stop();
    CHECK(status.limit_reached == "CPU time limit (1 s) reached");
    CHECK(status.cpu_seconds >= 1.0);
    CHECK_FALSE(status.killed_by_arena);
    CHECK(own.all_gone());
}

TEST_CASE("memory limit counts the shared memory a bot creates") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.memory_mb = 64;
    BotProcess bot(io, {ARENA_TESTBOT, "shmhog", "200"}, options);
    const ReadResult r = bot.exchange("a\n", 10000ms);
    const ExitStatus status = bot.stop();
    // The file stays in the host's /dev/shm (an unsandboxed bot writes where it likes).
    for (const auto& entry : fs::directory_iterator("/dev/shm")) {
        if (entry.path().filename().string().rfind("testbot-", 0) == 0) fs::remove(entry.path());
    }
    CHECK(r.status == ReadStatus::closed);
    CHECK(status.limit_reached == "memory limit (64 MB) reached");
}

TEST_CASE("process limit: a fork bomb stays under it and goes with its bot") {
    OwnTestbot own;
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits.processes = 20;
    BotProcess bot(io, own.command({"forkbomb"}), options);
    CHECK(bot.exchange("a\n", 500ms).status == ReadStatus::timeout);
    CHECK(processes_running(own.exe).size() <= 20);
    const Stopped stopped = timed_stop(bot);
    CHECK(stopped.took < 2000ms);
    CHECK(own.all_gone());
}

TEST_CASE("an impossible limit is refused before any bot starts, saying what to do") {
    // As root the cgroups are writable here. ctest runs this case again as 'nobody'
    // (process.limits_unprivileged), who may write none: then each limit is refused by name.
    Limits memory, processes, cpu;
    memory.memory_mb = 64;
    processes.processes = 10;
    cpu.cpu_seconds = 1;
    CHECK_NOTHROW(check_limits_supported(Limits{}));
    if (::geteuid() == 0) {
        CHECK_NOTHROW(check_limits_supported(memory));
        CHECK_NOTHROW(check_limits_supported(processes));
        CHECK_NOTHROW(check_limits_supported(cpu));
        return;
    }
    CHECK_THROWS_WITH_AS(check_limits_supported(memory),
                         doctest::Contains("the memory limit (--max-memory) needs a writable "
                                           "cgroup"),
                         SpawnError);
    CHECK_THROWS_WITH_AS(check_limits_supported(processes),
                         doctest::Contains("drop --max-processes"), SpawnError);
    CHECK_THROWS_WITH_AS(check_limits_supported(cpu), doctest::Contains("run the arena as root"),
                         SpawnError);
    boost::asio::io_context io(1);
    BotOptions options;
    options.limits = memory;
    CHECK_THROWS_AS(BotProcess(io, {ARENA_TESTBOT, "echo"}, options), SpawnError);
}

TEST_CASE("without the sandbox a bot can do what the user can (so the sandbox tests can fail)") {
    TempDir dir;
    const UnixServer host((dir.path / "host.sock").string(), false);
    // Abstract names are machine-wide: ctest runs this suite twice at once (contained and in the
    // fallback), so each process uses its own name.
    const std::string name = "arena-test-abstract-free-" + std::to_string(::getpid());
    const UnixServer abstract(name, true);
    ::setenv("SECRET", "s3cret", 1);
    CHECK(reply_of({ARENA_TESTBOT, "unixconnect", known(dir.path / "host.sock")}, false) ==
          "connected");
    CHECK(reply_of({ARENA_TESTBOT, "abstractconnect", name}, false) == "connected");
    CHECK(reply_of({ARENA_TESTBOT, "env", "SECRET"}, false) == "s3cret");
    CHECK(reply_of({ARENA_TESTBOT, "readfile", "@/root"}, false).rfind("read ", 0) == 0);
}

TEST_CASE("sandbox: no Unix socket of the host, no abstract socket, no file, no secret, no tty") {
    if (!sandbox_available()) return;
    TempDir dir;
    const UnixServer host((dir.path / "host.sock").string(), false);
    const std::string name = "arena-test-abstract-" + std::to_string(::getpid());  // see above
    const UnixServer abstract(name, true);
    std::ofstream(dir.path / "results.jsonl") << "secret results\n";
    ::setenv("SECRET", "s3cret", 1);
    const std::string tb = ARENA_TESTBOT;
    CHECK(reply_of({tb, "unixconnect", known(dir.path / "host.sock")}, true).rfind("error: ", 0) ==
          0);
    CHECK(reply_of({tb, "abstractconnect", name}, true).rfind("error: ", 0) == 0);
    CHECK(reply_of({tb, "readfile", "@/root"}, true).rfind("error: ", 0) == 0);
    CHECK(reply_of({tb, "readfile", "@/home"}, true).rfind("error: ", 0) == 0);
    CHECK(reply_of({tb, "readfile", known(dir.path / "results.jsonl")}, true).rfind("error: ", 0) ==
          0);
    CHECK(reply_of({tb, "env", "SECRET"}, true) == "(unset)");
    // Nor through another process of the sandbox: bwrap, its PID 1, gets the allow-list too.
    CHECK(reply_of({"/bin/sh", "-c",
                    "read l; if cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -q "
                    "'^SECRET='; then echo leak; else echo clean; fi"},
                   true) == "clean");

    CHECK(reply_of({tb, "env", "PATH"}, true) == "/usr/local/bin:/usr/bin:/bin");
    CHECK(reply_of({tb, "env", "HOME"}, true) == "/tmp");
    CHECK(reply_of({tb, "tiocsti"}, true).rfind("error: ", 0) == 0);
    // The files named on its command line are readable (read-only): its own program's files.
    CHECK(reply_of({tb, "readfile", (dir.path / "results.jsonl").string()}, true) == "read 15");
}

TEST_CASE("sandbox: a daemon, a rejoining child and a stopped bot all end with the bot") {
    if (!sandbox_available()) return;
    for (const char* mode : {"daemon", "rejoin", "stopself", "ignoreterm"}) {
        CAPTURE(mode);
        OwnTestbot own;
        boost::asio::io_context io(1);
        BotOptions options;
        options.sandbox = true;
        const bool takes_file = std::string(mode) == "daemon" || std::string(mode) == "rejoin";
        BotProcess bot(io, own.command(takes_file ? Strings{mode, "@/tmp/pid"} : Strings{mode}),
                       options);
        bot.exchange("a\n", 2000ms);
        CHECK_FALSE(own.all_gone());
        const Stopped stopped = timed_stop(bot);
        CHECK(stopped.took < 2000ms);
        CHECK((bots_contained() ? own.all_gone() : own.gone_soon()));
    }
}

TEST_CASE("sandbox: bots in Python, Java, node and C++ run") {
    if (!sandbox_available()) return;
    TempDir dir;
    std::ofstream(dir.path / "bot.py") << "import sys\nfor line in sys.stdin:\n"
                                          "    print('py ' + line.strip(), flush=True)\n";
    std::ofstream(dir.path / "bot.js")
        << "require('readline').createInterface({input: process.stdin})"
           ".on('line', l => console.log('js ' + l));\n";
    std::ofstream(dir.path / "Bot.java")
        << "public class Bot { public static void main(String[] a) throws Exception {\n"
           "  var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));\n"
           "  for (String l; (l = in.readLine()) != null;) System.out.println(\"java \" + l);\n"
           "} }\n";
    struct Language {
        const char* program;  // as a bot's config names it: looked up in the sandbox's PATH
        Strings argv;
        std::string reply;
    };
    const std::vector<Language> languages = {
        {"/usr/bin/python3", {"python3", "bot.py"}, "py a"},
        {"/usr/bin/node", {"node", "bot.js"}, "js a"},
        {"/usr/bin/java", {"java", "Bot.java"}, "java a"},
        {ARENA_TESTBOT, {ARENA_TESTBOT, "echo"}, "a"},
    };
    for (const Language& language : languages) {
        CAPTURE(language.program);
        if (::access(language.program, X_OK) != 0) {
            MESSAGE("SKIPPED " << language.program << ": not installed");
            continue;
        }
        boost::asio::io_context io(1);
        BotOptions options;
        options.sandbox = true;
        options.working_dir = dir.path.string();
        BotProcess bot(io, language.argv, options);
        const ReadResult r = bot.exchange("a\n", 20000ms);
        CHECK(r.line == language.reply);
        if (r.line != language.reply) MESSAGE("stderr: " << r.stderr_text << bot.take_stderr());
    }
}

// The namespace's init (arena-bot-init, written without the C library on x86-64 since issue 17)
// keeps the OOM killer on the bot: the bot's score is never below its init's, and the bot gets
// the arena's own score back when the init could lower its own (root with CAP_SYS_RESOURCE).
TEST_CASE("the bot, not its init, stays the OOM killer's target") {
    if (!contained()) return;
    auto score_in = [](const std::string& file) {
        std::ifstream in(file);
        long score = 0;
        in >> score;
        return score;
    };
    boost::asio::io_context io(1);
    BotProcess bot(io, {"/bin/sh", "-c", "read l; cat /proc/self/oom_score_adj"});
    const ReadResult r = bot.exchange("a\n", 10000ms);
    REQUIRE(r.status == ReadStatus::line);
    const long bot_score = std::stol(r.line);
    const long init_score = score_in("/proc/" + std::to_string(bot.pid()) + "/oom_score_adj");
    const long arena_score = score_in("/proc/self/oom_score_adj");
    CHECK(bot_score >= init_score);
    const long expected = init_score == -1000 ? 0 : arena_score;
    CHECK(bot_score == expected);
    bot.stop();
}
