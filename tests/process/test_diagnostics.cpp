// The process layer's diagnostics (arena::diagnostics::log()): nothing by default, its decisions
// at debug (spawn, signals, the bounded stop, the reap), each turn at trace; never on stdout.
// Its own executable (ctest process.diagnostics): configure() is process-wide. The cases run in
// file order, the untouched default first.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arena/common/diagnostics.hpp"
#include "arena/process/bot_process.hpp"
#include "arena/process/interrupt.hpp"
#include "tests/process/own_testbot.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using arena::test::TempDir;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Sends fd 1 and fd 2 of this process to files while it lives.
struct CapturedOutput {
    TempDir dir;
    int saved_out = ::dup(1), saved_err = ::dup(2);
    CapturedOutput() {
        std::fflush(nullptr);
        redirect(1, "stdout");
        redirect(2, "stderr");
    }
    ~CapturedOutput() { restore(); }
    void restore() {
        if (saved_out < 0) return;
        std::fflush(nullptr);
        ::dup2(saved_out, 1);
        ::dup2(saved_err, 2);
        ::close(saved_out);
        ::close(saved_err);
        saved_out = saved_err = -1;
    }
    std::string out() const { return read_file(dir.path / "stdout"); }
    // What went to stderr, but the fallback's notice (printed once, on purpose, at any level).
    std::string err() const {
        std::istringstream in(read_file(dir.path / "stderr"));
        std::string kept;
        for (std::string line; std::getline(in, line);)
            if (line.rfind("arena: notice:", 0) != 0) kept += line + "\n";
        return kept;
    }

  private:
    void redirect(int fd, const char* name) {
        const int file =
            ::open((dir.path / name).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        ::dup2(file, fd);
        ::close(file);
    }
};

// A short game: three turns of the echo bot, then stop(). Returns the bot's pid.
int play_short_exchange() {
    boost::asio::io_context io(1);
    BotProcess bot(io, {kTestbot, "echo"});
    for (int turn = 1; turn <= 3; ++turn) {
        const ReadResult r = bot.exchange("turn " + std::to_string(turn) + "\n", 2000ms);
        CHECK(r.status == ReadStatus::line);
    }
    bot.stop();
    return bot.pid();
}

}  // namespace

TEST_CASE("by default (warnings only) the process layer writes nothing, on stdout or stderr") {
    CapturedOutput captured;
    play_short_exchange();
    captured.restore();
    CHECK(captured.out() == "");
    CHECK(captured.err() == "");
}

TEST_CASE("at warn, a diagnostics file stays empty") {
    TempDir dir;
    const auto file = dir.path / "diagnostics.log";
    arena::diagnostics::configure("warn", file);
    play_short_exchange();
    arena::diagnostics::configure("warn", std::nullopt);
    CHECK(read_file(file) == "");
}

TEST_CASE("at debug: the spawn, the signals of the bounded stop and the reap; no turn chatter") {
    TempDir dir;
    const auto file = dir.path / "diagnostics.log";
    CapturedOutput captured;
    arena::diagnostics::configure("debug", file);
    const int pid = play_short_exchange();
    arena::diagnostics::configure("warn", std::nullopt);
    captured.restore();
    const std::string text = read_file(file);
    INFO(text);
    const std::string who = "pid " + std::to_string(pid);
    CHECK(contains(text, "[debug] spawn " + who + " ("));
    CHECK(contains(text, kTestbot + " echo"));
    CHECK(contains(text, who + ": stop requested: stdin closed"));
    CHECK(contains(text, who + ": reaped: "));
    CHECK(contains(text, "SIGKILL"));
    CHECK_FALSE(contains(text, "[trace]"));
    CHECK_FALSE(contains(text, ": turn:"));
    CHECK(captured.out() == "");  // never on stdout
    CHECK(captured.err() == "");  // the file, not stderr
}

// A bot that misses a 50 ms deadline, then stopped, with the diagnostics at debug in a file.
struct MissedDeadline {
    ExitStatus status;
    std::string text;  // the diagnostics
    std::string who;   // "pid N", as they name the bot
};

MissedDeadline stop_after_missed_deadline(const std::vector<std::string>& argv) {
    TempDir dir;
    const auto file = dir.path / "diagnostics.log";
    arena::diagnostics::configure("debug", file);
    boost::asio::io_context io(1);
    BotProcess bot(io, argv);
    CHECK(bot.exchange("x\n", 50ms).status == ReadStatus::timeout);
    MissedDeadline run;
    run.status = bot.stop();
    arena::diagnostics::configure("warn", std::nullopt);
    run.text = read_file(file);
    run.who = "pid " + std::to_string(bot.pid());
    return run;
}

TEST_CASE("at debug, a missed deadline is said, and stop() says why it was called") {
    const auto [status, text, who] = stop_after_missed_deadline({kTestbot, "sleep", "2000"});
    INFO(text);
    CHECK(contains(text, who + ": turn: wrote 2 bytes, timeout after "));
    CHECK(contains(text, "(limit 50 ms)"));
    CHECK(contains(text, who + ": stop after a missed deadline: stdin closed"));
    if (contains(text, "(contained: ")) {
        // The test bot leaves SIGTERM to its default action: the signal goes to it alone. It is
        // then seen ending by it (the usual case), or (seen a moment too late, between the
        // kernel's marks) given the usual stop as well: either way the log says why.
        CHECK(contains(text, who + ": SIGTERM to its main process "));
        CHECK((contains(text,
                        "(stop after a missed deadline): it is ending (SIGTERM's default "
                        "action)") ||
               contains(text, who + ": SIGTERM to its process group and to itself (stop after a "
                                    "missed deadline)")));
    } else {  // the fallback (ARENA_CONTAINMENT=process-group): the group, then a grace
        CHECK(contains(text, who + ": SIGTERM to its process group and to itself (stop after a "
                                   "missed deadline)"));
    }
    CHECK(status.signal == SIGTERM);
    CHECK(status.killed_by_arena);
    CHECK(contains(text, who + ": reaped: " + status.describe()));
}

TEST_CASE("at debug, a bot that catches SIGTERM gets it through its process group and a grace") {
    // term143 exits 143 from its SIGTERM handler.
    const auto [status, text, who] = stop_after_missed_deadline({kTestbot, "term143"});
    INFO(text);
    CHECK(contains(
        text, who + ": SIGTERM to its process group and to itself (stop after a missed deadline)"));
    CHECK_FALSE(contains(text, "SIGTERM to its main process"));
    CHECK(status.exit_code == 143);  // its handler ran: it was given the signal and the time
    CHECK(status.killed_by_arena);
}

TEST_CASE("at debug, a stop after an interrupt says so") {
    TempDir dir;
    const auto file = dir.path / "diagnostics.log";
    arena::diagnostics::configure("debug", file);
    boost::asio::io_context io(1);
    BotProcess bot(io, {kTestbot, "echo"});
    CHECK(bot.exchange("x\n", 2000ms).status == ReadStatus::line);
    simulate_interrupt(SIGINT);  // the handler's work: every bot SIGKILLed, the flag raised
    const ExitStatus status = bot.stop();
    clear_interrupt_for_tests();
    arena::diagnostics::configure("warn", std::nullopt);
    const std::string text = read_file(file);
    INFO(text);
    CHECK(status.signal == SIGKILL);
    CHECK(contains(text, "pid " + std::to_string(bot.pid()) + ": stop on interrupt"));
}

TEST_CASE("at trace, every turn: what was written, how the read ended, how long it took") {
    TempDir dir;
    const auto file = dir.path / "diagnostics.log";
    arena::diagnostics::configure("trace", file);
    const int pid = play_short_exchange();
    arena::diagnostics::configure("warn", std::nullopt);
    const std::string text = read_file(file);
    INFO(text);
    const std::string turn =
        "[trace] pid " + std::to_string(pid) + ": turn: wrote 7 bytes, line after ";
    std::size_t turns = 0;
    for (std::size_t at = 0; (at = text.find(turn, at)) != std::string::npos; at += turn.size())
        ++turns;
    CHECK(turns == 3);
}
