// Tests of arena/process: command lines, spawning, the turn exchange and stopping, driven through
// bots/test/testbot (see its usage for the modes). Time limits are generous: they only separate
// "answered" from "did not", never measure speed.
#include <dirent.h>
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "arena/process/prepared_inits.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using Strings = std::vector<std::string>;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

Strings testbot(Strings args) {
    args.insert(args.begin(), kTestbot);
    return args;
}

// No process of the group is left, not even a zombie (a zombie still counts for kill()).
bool group_gone(int pgid) {
    return ::kill(-pgid, 0) == -1 && errno == ESRCH;
}

// The pid is not (or no longer) a child of ours: reaped, no zombie.
bool reaped(int pid) {
    return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

int open_fd_count() {
    int count = 0;
    DIR* dir = ::opendir("/proc/self/fd");
    while (::readdir(dir) != nullptr) ++count;
    ::closedir(dir);
    return count;
}

std::string spawn_error_of(const Strings& argv, const BotOptions& options = {}) {
    boost::asio::io_context io(1);
    try {
        BotProcess bot(io, argv, options);
    } catch (const SpawnError& e) {
        return e.what();
    }
    return "(no SpawnError)";
}

std::string resolve_error_of(const std::string& program, const std::string& dir = "") {
    try {
        resolve_executable(program, dir);
    } catch (const SpawnError& e) {
        return e.what();
    }
    return "(no SpawnError)";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A temporary directory, removed at the end of the test.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        char pattern[] = "/tmp/arena_test_XXXXXX";
        path = ::mkdtemp(pattern);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

}  // namespace

TEST_CASE("split_command_line splits like a POSIX shell, without running one") {
    CHECK(split_command_line("./bot") == Strings{"./bot"});
    CHECK(split_command_line("  python3 \t bot.py  --x ") == Strings{"python3", "bot.py", "--x"});
    CHECK(split_command_line("a 'b  c' \"d e\"") == Strings{"a", "b  c", "d e"});
    CHECK(split_command_line(R"(a\ b c\'d)") == Strings{"a b", "c'd"});
    // Backslash: literal in single quotes, escapes only " \ $ ` in double quotes.
    CHECK(split_command_line(R"('a\b' "a\b" "x\"y" "p\\q" "\$HOME")") ==
          Strings{R"(a\b)", R"(a\b)", "x\"y", R"(p\q)", "$HOME"});
    CHECK(split_command_line("a '' \"\" b") == Strings{"a", "", "", "b"});
    CHECK(split_command_line("x\"y z\"'w'") == Strings{"xy zw"});
    CHECK(split_command_line("$HOME *.py a|b") == Strings{"$HOME", "*.py", "a|b"});

    CHECK_THROWS_AS(split_command_line("bot 'abc"), std::invalid_argument);
    CHECK_THROWS_AS(split_command_line("bot \"abc"), std::invalid_argument);
    CHECK_THROWS_AS(split_command_line("bot \"abc\\\""), std::invalid_argument);
    CHECK_THROWS_AS(split_command_line("bot abc\\"), std::invalid_argument);
    CHECK_THROWS_AS(split_command_line(""), std::invalid_argument);
    CHECK_THROWS_AS(split_command_line(" \t "), std::invalid_argument);
}

TEST_CASE("resolve_executable finds the program or says what to do") {
    TempDir dir;
    const std::string bot = (dir.path / "bot").string();
    std::ofstream(bot) << "#!/bin/sh\n";

    SUBCASE("missing file") {
        const std::string what = resolve_error_of("./no_such_bot", dir.path.string());
        CHECK(contains(what, "'./no_such_bot'"));
        CHECK(contains(what, "file not found (looked in " + dir.path.string() + ")"));
        CHECK(contains(what, "Build the bot or fix the path"));
    }
    SUBCASE("not executable") {
        ::chmod(bot.c_str(), 0644);
        const std::string what = resolve_error_of("./bot", dir.path.string());
        CHECK(contains(what, "is not executable: run chmod +x ./bot"));
    }
    SUBCASE("a directory") {
        CHECK(contains(resolve_error_of(dir.path.string()), "is a directory"));
    }
    SUBCASE("relative to the working directory, made absolute") {
        ::chmod(bot.c_str(), 0755);
        CHECK(resolve_executable("./bot", dir.path.string()) == bot);
        CHECK(resolve_executable(bot) == bot);
    }
    SUBCASE("found in PATH") {
        const std::string sh = resolve_executable("sh");
        CHECK(sh.front() == '/');
        CHECK(sh.ends_with("/sh"));
        CHECK(::access(sh.c_str(), X_OK) == 0);
    }
    SUBCASE("not in PATH") {
        const std::string what = resolve_error_of("no-such-program-arena");
        CHECK(contains(what, "'no-such-program-arena': not found in PATH"));
        CHECK(contains(what, "./no-such-program-arena"));
    }
}

TEST_CASE("spawn errors name the command") {
    CHECK(
        contains(spawn_error_of({"./no_such_bot"}), "bot command './no_such_bot': file not found"));
    BotOptions options;
    options.working_dir = "/no/such/dir";
    CHECK(contains(spawn_error_of(testbot({"echo"}), options), "working directory '/no/such/dir'"));
    CHECK(contains(spawn_error_of({}), "empty"));

    // exec() itself fails: the error comes back from the child, which is reaped (no zombie).
    TempDir dir;
    const std::string not_a_program = (dir.path / "bot").string();
    std::ofstream(not_a_program) << "no #! line here\n";
    ::chmod(not_a_program.c_str(), 0755);
    const std::string what = spawn_error_of({not_a_program});
    CHECK(contains(what, "cannot start " + not_a_program));
    CHECK(contains(what, "#! line"));
    end_prepared_inits();  // the inits waiting for the next bots are children too
    CHECK((::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD));
}

// defer_start_check (issue 17): a match starts every seat's bot before waiting for any exec, so
// that their starts overlap. The failure is the same SpawnError, thrown by confirm_start() when
// the start is deferred (contained); the bot is then stopped and reaped.
TEST_CASE("a deferred start check: the same spawn error, from confirm_start()") {
    TempDir dir;
    const std::string not_a_program = (dir.path / "bot").string();
    std::ofstream(not_a_program) << "no #! line here\n";
    ::chmod(not_a_program.c_str(), 0755);
    BotOptions options;
    options.defer_start_check = true;
    boost::asio::io_context io(1);

    SUBCASE("an exec that fails") {
        std::string what = "(no SpawnError)";
        try {
            BotProcess bot(io, {not_a_program}, options);  // contained: the exec is not waited for
            CHECK(bots_contained());
            try {
                bot.confirm_start();
            } catch (const SpawnError& e) {
                what = e.what();
            }
            CHECK(bot.stop().describe() != "");  // stopped already: no throw, no wait
        } catch (const SpawnError& e) {
            CHECK_FALSE(bots_contained());  // the fallback's posix_spawn reports it at once
            what = e.what();
        }
        CHECK(what == spawn_error_of({not_a_program}));
        CHECK(contains(what, "#! line"));
        end_prepared_inits();  // the inits waiting for the next bots are children too
        CHECK((::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD));
    }
    SUBCASE("a failed start is stopped without confirm_start()") {
        try {
            BotProcess bot(io, {not_a_program}, options);
            // No throw, whether the init had reported the failed exec yet (its exit status) or
            // not (then the arena ends it): either way it is reaped, below.
            const ExitStatus status = bot.stop();
            CHECK(status.describe() != "");
        } catch (const SpawnError&) {
            CHECK_FALSE(bots_contained());
        }
        end_prepared_inits();  // the inits waiting for the next bots are children too
        CHECK((::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD));
    }
    SUBCASE("bots that start: exchange() confirms first") {
        BotProcess first(io, testbot({"echo"}), options);
        BotProcess second(io, testbot({"echo"}), options);
        CHECK(second.exchange("b\n", 2000ms).line == "b");
        first.confirm_start();
        first.confirm_start();  // once confirmed, at once
        CHECK(first.exchange("a\n", 2000ms).line == "a");
        // Both end at once: EOF on stdin (the echo bot leaves by itself) or the arena's SIGTERM,
        // whichever comes first.
        for (BotProcess* bot : {&first, &second}) {
            const ExitStatus status = bot->stop();
            CHECK((status.exit_code == 0 || status.signal == SIGTERM));
        }
        CHECK(reaped(first.pid()));
        CHECK(reaped(second.pid()));
    }
}

TEST_CASE("a bot that answers on time") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"echo"}));
    CHECK(bot.pid() > 0);
    for (int turn = 1; turn <= 3; ++turn) {
        const std::string input = "turn " + std::to_string(turn);
        const ReadResult r = bot.exchange(input + "\n", 2000ms);
        CHECK(r.status == ReadStatus::line);
        CHECK(r.line == input);
        CHECK(r.elapsed > 0ns);
        CHECK(r.elapsed < 2000ms);
        CHECK(r.stderr_text.empty());
        CHECK_FALSE(r.stderr_truncated);
    }
    CHECK_FALSE(bot.poll_exit().has_value());

    const auto before = std::chrono::steady_clock::now();
    const ExitStatus status = bot.stop();
    // It leaves at once (EOF on stdin or SIGTERM), well before the grace period would end.
    CHECK(std::chrono::steady_clock::now() - before < 1000ms);
    CHECK((status.exit_code == 0 || status.signal == SIGTERM));
    CHECK(reaped(bot.pid()));
    CHECK(group_gone(bot.pid()));
}

TEST_CASE("several input lines per turn, relative path with a working directory") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.working_dir = std::filesystem::path(kTestbot).parent_path().string();
    BotProcess bot(io, {"./testbot", "echo", "--lines", "3"}, options);
    for (const char* first : {"a", "d"}) {
        const std::string input = std::string(first) + "\nb\nc\n";
        const ReadResult r = bot.exchange(input, 2000ms);
        CHECK(r.status == ReadStatus::line);
        CHECK(r.line == first);
    }
}

TEST_CASE("an answer after the limit is a timeout; it answers the next turn") {
    boost::asio::io_context io(1);
    // The answer comes 1 s late: a busy machine may wake the arena well after the 50 ms limit,
    // never that late.
    BotProcess bot(io, testbot({"sleep", "1000"}));
    const ReadResult late = bot.exchange("x\n", 50ms);
    CHECK(late.status == ReadStatus::timeout);
    CHECK(late.elapsed >= 50ms);
    CHECK(late.elapsed < 900ms);
    CHECK(late.line.empty());

    const ReadResult next = bot.exchange("y\n", 5000ms);
    CHECK(next.status == ReadStatus::line);
    CHECK(next.line == "x");
}

TEST_CASE("a crash: closed, then the exit code; writing to the dead bot is harmless") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"crash", "3", "--turns", "2"}));
    CHECK(bot.exchange("one\n", 2000ms).line == "one");
    const ReadResult r = bot.exchange("two\n", 2000ms);
    CHECK(r.status == ReadStatus::closed);
    CHECK(r.elapsed < 2000ms);

    // Its stdout closed while it was exiting: it may take a moment to become a zombie.
    std::optional<ExitStatus> status;
    for (int i = 0; i < 400 && !status; ++i) {
        status = bot.poll_exit();
        if (!status) std::this_thread::sleep_for(5ms);
    }
    REQUIRE(status.has_value());
    CHECK(status->exit_code == 3);
    CHECK_FALSE(status->signal.has_value());
    CHECK_FALSE(status->killed_by_arena);
    CHECK(status->describe() == "exit code 3");

    // Writing to a bot that is gone gives EPIPE, not a SIGPIPE that would kill this test.
    for (int i = 0; i < 3; ++i) CHECK(bot.exchange("more\n", 100ms).status == ReadStatus::closed);

    const ExitStatus stopped = bot.stop();
    CHECK(stopped.exit_code == 3);
    CHECK_FALSE(stopped.killed_by_arena);
    CHECK(reaped(bot.pid()));
    CHECK(bot.stop().exit_code == 3);  // idempotent
}

TEST_CASE("a crash by signal is reported as such") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"abort"}));
    CHECK(bot.exchange("x\n", 2000ms).status == ReadStatus::closed);
    const ExitStatus status = bot.stop();
    CHECK(status.signal == SIGSEGV);
    CHECK_FALSE(status.exit_code.has_value());
    CHECK_FALSE(status.killed_by_arena);
    CHECK(status.describe() == "signal 11 (SIGSEGV)");
}

TEST_CASE("ExitStatus::describe") {
    ExitStatus status;
    CHECK(status.describe() == "still running");
    status.exit_code = 0;
    CHECK(status.describe() == "exit code 0");
    status.exit_code.reset();
    status.signal = SIGKILL;
    CHECK(status.describe() == "signal 9 (SIGKILL)");
}

TEST_CASE("any bytes in a line are kept as they are") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"garbage"}));
    std::string expected;
    for (int b = 0; b < 256; ++b) {
        if (b != '\n' && b != '\r') expected += static_cast<char>(b);
    }
    const ReadResult r = bot.exchange("x\n", 2000ms);
    CHECK(r.status == ReadStatus::line);
    CHECK(r.line.size() == 254);
    CHECK(r.line == expected);
}

TEST_CASE("two lines at once: the second answers the next turn without waiting") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"twolines"}));
    CHECK(bot.exchange("a\n", 2000ms).line == "a/1");
    const ReadResult second = bot.exchange("b\n", 2000ms);
    CHECK(second.status == ReadStatus::line);
    CHECK(second.line == "a/2");
    CHECK(second.elapsed < 1000ms);  // not the 2 s limit: no wait (room for a busy machine)
    CHECK(bot.exchange("c\n", 2000ms).line == "b/1");
    CHECK(bot.exchange("d\n", 2000ms).line == "b/2");
}

TEST_CASE("no line end: overflow, long before the deadline") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"nonewline"}));
    const ReadResult r = bot.exchange("x\n", 5000ms);
    CHECK(r.status == ReadStatus::overflow);
    CHECK(r.elapsed < 2500ms);
    CHECK(r.line.empty());
    CHECK(bot.exchange("y\n", 5000ms).status == ReadStatus::overflow);  // sticky
    const ExitStatus status = bot.stop();
    CHECK(status.killed_by_arena);
    CHECK(group_gone(bot.pid()));
}

TEST_CASE("9,999 bytes before the line end are an answer, 10,000 are not (also with \\r\\n)") {
    // CodinGame's 10,000-byte buffer must also hold the line end (samegame spec 1.2).
    boost::asio::io_context io(1);
    const std::string longest(kMaxLineBytes - 1, 'y');
    for (const char* mode : {"reply", "replycrlf"}) {
        CAPTURE(mode);
        BotProcess ok(io, testbot({mode, longest}));
        const ReadResult r = ok.exchange("x\n", 2000ms);
        CHECK(r.status == ReadStatus::line);
        CHECK(r.line == longest);
        CHECK(ok.exchange("x\n", 2000ms).line == longest);  // the '\n' of "\r\n" was no answer

        BotProcess too_long(io, testbot({mode, longest + "y"}));
        CHECK(too_long.exchange("x\n", 2000ms).status == ReadStatus::overflow);
    }
}

TEST_CASE("a stderr flood does not block; stderr is capped per turn") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"stderrflood", "--mb", "4"}));
    for (const char* input : {"a", "b"}) {
        const ReadResult r = bot.exchange(std::string(input) + "\n", 10000ms);
        CHECK(r.status == ReadStatus::line);
        CHECK(r.line == input);
        CHECK(r.stderr_text.size() == kStderrCapPerTurn);
        CHECK(r.stderr_text == std::string(kStderrCapPerTurn, 'e'));
        CHECK(r.stderr_truncated);
    }
}

TEST_CASE(
    "a bot's stderr pipe holds two of the arena's reads, so a flood is drained at pipe speed") {
    // With one read's worth (the default 64 KiB) a flooding bot and the arena took turns, and a
    // bot writing 4 MiB a turn was twice as slow as with cat on its stderr (bench/stderr_drain).
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"pipesizes"}));
    const ReadResult r = bot.exchange("x\n", 2000ms);
    REQUIRE(r.status == ReadStatus::line);
    std::istringstream sizes(r.line);
    long in = 0, out = 0, err = 0;
    sizes >> in >> out >> err;
    INFO(r.line);
    CHECK(in > 0);
    CHECK(out > 0);
    CHECK(err >= 128 * 1024);
}

TEST_CASE("stderr is reported with the turn it was written in") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"echo", "--stderr", "debug line"}));
    for (int turn = 0; turn < 5; ++turn) {
        const ReadResult r = bot.exchange("x\n", 2000ms);
        CHECK(r.line == "x");
        CHECK(r.stderr_text == "debug line\n");
        CHECK_FALSE(r.stderr_truncated);
    }
    CHECK(bot.take_stderr().empty());
}

TEST_CASE("a bot that never reads: a big input times out, nothing hangs") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"noread"}));
    const std::string big(1 << 20, 'i');  // far more than a pipe holds
    const ReadResult r = bot.exchange(big + "\n", 100ms);
    CHECK(r.status == ReadStatus::timeout);
    CHECK(r.elapsed >= 100ms);
    CHECK(r.elapsed < 2000ms);
    CHECK(bot.exchange("x\n", 50ms).status == ReadStatus::timeout);
    const ExitStatus status = bot.stop();
    CHECK(status.signal == SIGTERM);
    CHECK(status.killed_by_arena);
}

TEST_CASE("a bot waiting for SIGTERM in sigwaitinfo() gets it, and the grace to clean up") {
    // In sigwaitinfo() the kernel shows the signal unblocked: such a bot looks like one that
    // SIGTERM ends at once, but takes it as news and cleans up (20 ms) before it exits 3.
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"sigwaitterm"}));
    CHECK(bot.exchange("x\n", 2000ms).line == "x");
    const ExitStatus status = bot.stop();
    CHECK(status.exit_code == 3);
    CHECK(status.killed_by_arena);
}

TEST_CASE("stop() reports the CPU time and peak memory of a bot SIGTERM ends at once") {
    boost::asio::io_context io(1);
    BotProcess spinner(io, testbot({"spin", "300", "--at-eof", "sleep"}));
    CHECK(spinner.exchange("x\n", 10000ms).line == "x");
    const ExitStatus spun = spinner.stop();
    CHECK(spun.signal == SIGTERM);
    CHECK(spun.killed_by_arena);
    CHECK(spun.cpu_seconds >= 0.25);  // it spun 300 ms of CPU
    CHECK(spun.cpu_seconds < 5);

    BotProcess hog(io, testbot({"memhog", "64", "--at-eof", "sleep"}));
    CHECK(hog.exchange("x\n", 10000ms).line == "x");
    const ExitStatus hogged = hog.stop();
    CHECK(hogged.signal == SIGTERM);
    CHECK(hogged.peak_rss_kib >= 64 * 1024);  // it touched 64 MiB
}

TEST_CASE("a bot that closes its stdout: closed, though it still runs") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"closestdout"}));
    const ReadResult r = bot.exchange("x\n", 2000ms);
    CHECK(r.status == ReadStatus::closed);
    CHECK(r.elapsed < 2000ms);
    CHECK_FALSE(bot.poll_exit().has_value());
    CHECK(bot.stop().killed_by_arena);
}

TEST_CASE("stop() leaves no process of the group, no zombie") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.kill_grace = 100ms;

    SUBCASE("a child that ignores SIGTERM and keeps the pipes open") {
        BotProcess bot(io, testbot({"forkchild"}), options);
        CHECK(bot.exchange("x\n", 2000ms).line == "x");
        CHECK(bot.exchange("y\n", 2000ms).line == "y");  // two children by now
        CHECK_FALSE(group_gone(bot.pid()));
        bot.stop();
        CHECK(group_gone(bot.pid()));
        CHECK(reaped(bot.pid()));
    }
    SUBCASE("a bot that ignores SIGTERM is killed after the grace period") {
        BotProcess bot(io, testbot({"ignoreterm"}), options);
        CHECK(bot.exchange("x\n", 2000ms).line == "x");
        const auto before = std::chrono::steady_clock::now();
        const ExitStatus status = bot.stop();
        const auto took = std::chrono::steady_clock::now() - before;
        CHECK(took >= 90ms);
        CHECK(took < 2000ms);
        CHECK(status.signal == SIGKILL);
        CHECK(status.killed_by_arena);
        CHECK(status.describe() == "signal 9 (SIGKILL)");
        CHECK(group_gone(bot.pid()));
        CHECK(reaped(bot.pid()));
    }
    SUBCASE("the destructor stops the bot") {
        int pid = 0;
        {
            BotProcess bot(io, testbot({"forkchild"}), options);
            CHECK(bot.exchange("x\n", 2000ms).line == "x");
            pid = bot.pid();
        }
        CHECK(group_gone(pid));
        CHECK(reaped(pid));
    }
}

TEST_CASE("\\n, \\r and \\r\\n each end one line") {
    boost::asio::io_context io(1);
    // crlfsplit writes "X\r", then 20 ms later "\n": the "\n" arrives in a later read and must not
    // count as an (empty) line of its own.
    for (const std::string mode : {"crlf", "cr", "crlfsplit"}) {
        CAPTURE(mode);
        BotProcess bot(io, testbot({mode}));
        for (const char* input : {"a", "b", "c"}) {
            const ReadResult r = bot.exchange(std::string(input) + "\n", 2000ms);
            CHECK(r.status == ReadStatus::line);
            CHECK(r.line == input);
        }
    }
}

TEST_CASE("two bots in one io_context: one floods stderr while the other is waited for") {
    boost::asio::io_context io(1);
    // A writes 32 MiB on stderr, answers and exits; B takes 2 s to answer: time enough for the
    // whole flood to be drained even on a loaded machine (at 300 ms a busy CI machine could
    // leave A blocked mid-flood, and the test would fail for want of time, not of draining).
    BotProcess flooder(io, testbot({"stderrflood", "--mb", "32", "--exit-after", "1"}));
    BotProcess slow(io, testbot({"sleep", "2000"}));
    flooder.exchange("go\n", 1ms);  // starts the flood; the answer comes later
    const ReadResult r = slow.exchange("x\n", 10000ms);
    CHECK(r.status == ReadStatus::line);
    CHECK(r.line == "x");

    // Had its stderr not been drained while we waited for B, A would still be blocked writing it.
    // (Checked without running the io_context, so nothing drains it now.)
    std::optional<ExitStatus> status;
    for (int i = 0; i < 200 && !status; ++i) {
        status = flooder.poll_exit();
        if (!status) std::this_thread::sleep_for(10ms);
    }
    REQUIRE(status.has_value());
    CHECK(status->exit_code == 0);
    CHECK(flooder.exchange("again\n", 2000ms).line == "go");
}

TEST_CASE("bots can be moved") {
    boost::asio::io_context io(1);
    std::vector<BotProcess> bots;
    for (int i = 0; i < 3; ++i) bots.emplace_back(io, testbot({"echo"}));
    for (auto& bot : bots) CHECK(bot.exchange("m\n", 2000ms).line == "m");
}

TEST_CASE("no file descriptor leaks") {
    boost::asio::io_context io(1);
    BotProcess(io, testbot({"echo"})).exchange("warm-up\n", 2000ms);  // asio creates its own fds
    const int before = open_fd_count();
    {
        BotProcess bot(io, testbot({"forkchild"}));
        CHECK(bot.exchange("x\n", 2000ms).line == "x");
        CHECK(open_fd_count() > before);
        bot.stop();
        CHECK(open_fd_count() == before);  // the pipes are closed by stop() already
    }
    CHECK(open_fd_count() == before);
    CHECK(contains(spawn_error_of({"./no_such_bot"}), "file not found"));
    CHECK(open_fd_count() == before);
}

// One bot, one verdict: its main process ended by itself before the deadline, so the turn ends
// then as closed (a crash, with its exit status), whatever a child of it still holds open. Run
// many times: it used to be a timeout or a crash as the race went.
TEST_CASE("a bot whose main process exits while a child holds its stdout: closed, every time") {
    TempDir dir;
    const std::string path = (dir.path / "forker.sh").string();
    std::ofstream(path) << "read x\necho first\nread y\nsleep 30 &\nexit 0\n";
    boost::asio::io_context io(1);
    for (int run = 0; run < 25; ++run) {
        CAPTURE(run);
        BotProcess bot(io, {"/bin/sh", path});
        CHECK(bot.exchange("a\n", 10000ms).line == "first");
        const ReadResult second = bot.exchange("b\n", 10000ms);
        CHECK(second.status == ReadStatus::closed);
        CHECK(second.elapsed < 5s);
        CHECK(bot.stop().describe() == "exit code 0");
    }
}
