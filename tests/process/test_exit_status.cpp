// The process layer's pure pieces, without running a bot: exit-status decoding (a wait status ->
// the same text as before the split), the limit that ended a bot, signal names, and the one
// message for a program that could not start.
#include <doctest/doctest.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <cerrno>
#include <string>

#include "arena/process/exit_status.hpp"
#include "arena/process/signals.hpp"
#include "arena/process/spawn_support.hpp"

using namespace arena::process;

namespace {

// What ExitStatus::describe() said for a death by `signal` before the split: glibc's
// abbreviation, when it has one.
std::string described_before(int signal) {
    const char* abbrev = ::sigabbrev_np(signal);
    std::string text = "signal " + std::to_string(signal);
    if (abbrev != nullptr) text += std::string(" (SIG") + abbrev + ")";
    return text;
}

std::string spawn_failure(const std::string& program, const std::string& executable,
                          const char* step, int error, const Limits& limits = {}) {
    try {
        spawn_failed(program, executable, step, error, limits);
    } catch (const SpawnError& e) {
        return e.what();
    }
    return "(no SpawnError)";
}

}  // namespace

TEST_CASE("a wait status decodes to an exit code or a signal") {
    CHECK(status_from_wait(W_EXITCODE(0, 0)).describe() == "exit code 0");
    CHECK(status_from_wait(W_EXITCODE(3, 0)).describe() == "exit code 3");
    CHECK(status_from_wait(W_EXITCODE(143, 0)).describe() == "exit code 143");
    CHECK(status_from_wait(SIGKILL).describe() == "signal 9 (SIGKILL)");
    CHECK(status_from_wait(SIGSEGV | 0x80).describe() == "signal 11 (SIGSEGV)");  // core dumped
    const ExitStatus exited = status_from_wait(W_EXITCODE(3, 0));
    CHECK(exited.exit_code == 3);
    CHECK_FALSE(exited.signal.has_value());
    CHECK_FALSE(exited.killed_by_arena);
    for (int signal = 1; signal < NSIG; ++signal) {
        CAPTURE(signal);
        CHECK(status_from_wait(signal).describe() == described_before(signal));
    }
}

TEST_CASE("sandboxed, bwrap's exit code 128 + N is the signal N") {
    CHECK(status_from_wait(W_EXITCODE(139, 0), true).describe() == "signal 11 (SIGSEGV)");
    CHECK(status_from_wait(W_EXITCODE(137, 0), true).describe() == "signal 9 (SIGKILL)");
    CHECK(status_from_wait(W_EXITCODE(139, 0), false).describe() == "exit code 139");
    CHECK(status_from_wait(W_EXITCODE(128, 0), true).describe() == "exit code 128");
    CHECK(status_from_wait(W_EXITCODE(3, 0), true).describe() == "exit code 3");
    CHECK(status_from_wait((128 + NSIG) << 8, true).describe() ==
          "exit code " + std::to_string(128 + NSIG));
    CHECK(status_from_wait(SIGSEGV, true).describe() == "signal 11 (SIGSEGV)");
}

TEST_CASE("waitid's siginfo as a wait status") {
    CHECK(status_from_wait(wait_status_from_siginfo(CLD_EXITED, 3)).describe() == "exit code 3");
    CHECK(status_from_wait(wait_status_from_siginfo(CLD_KILLED, SIGKILL)).describe() ==
          "signal 9 (SIGKILL)");
    CHECK(status_from_wait(wait_status_from_siginfo(CLD_DUMPED, SIGSEGV)).describe() ==
          "signal 11 (SIGSEGV)");
}

TEST_CASE("the limit that ended a bot is told by the kernel's counters and signals") {
    Limits limits;
    limits.memory_mb = 96;
    limits.cpu_seconds = 2;
    limits.file_size_mb = 1;
    ExitStatus status = status_from_wait(SIGKILL);
    CHECK(limit_reached(status, limits, "", 0) == "");
    CHECK(limit_reached(status, limits, "", 1) == "memory limit (96 MB) reached");
    CHECK(limit_reached(status, limits, cpu_limit_reached(2), 1) == "CPU time limit (2 s) reached");
    status.cpu_seconds = 2.5;
    CHECK(limit_reached(status, limits, "", 0) == "CPU time limit (2 s) reached");
    status.killed_by_arena = true;  // the arena stopped it first: its CPU time is no limit
    CHECK(limit_reached(status, limits, "", 0) == "");
    CHECK(limit_reached(status, limits, "", 2) == "memory limit (96 MB) reached");
    // SIGXCPU names the limit only when the CPU counter says the bot got there: a bot may raise
    // it itself, or exit with 152 through bwrap.
    ExitStatus xcpu = status_from_wait(SIGXCPU);
    CHECK(limit_reached(xcpu, limits, "", 0) == "");
    xcpu.cpu_seconds = 0.3;
    CHECK(limit_reached(xcpu, limits, "", 0) == "");
    xcpu.cpu_seconds = 1.6;  // the counters read a little below the kernel's clock
    CHECK(limit_reached(xcpu, limits, "", 0) == "CPU time limit (2 s) reached");
    ExitStatus exited_152 = status_from_wait(W_EXITCODE(152, 0), true);
    CHECK(exited_152.describe() == "exit code 152");
    CHECK(limit_reached(exited_152, limits, "", 0) == "");
    exited_152.cpu_seconds = 2.01;
    CHECK(limit_reached(exited_152, limits, "", 0) == "CPU time limit (2 s) reached");
    CHECK(limit_reached(status_from_wait(SIGXFSZ), limits, "", 0) ==
          "file size limit (1 MB) reached");
    CHECK(limit_reached(status_from_wait(SIGXFSZ), Limits{}, "", 0) == "");
    CHECK(limit_reached(status_from_wait(W_EXITCODE(1, 0)), limits, "", 0) == "");
    CHECK(memory_limit_reached(512) == "memory limit (512 MB) reached");
    CHECK(mib_text(8) == "8 MB");
}

TEST_CASE("signal names") {
    CHECK(std::string(signal_name(SIGTERM)) == "SIGTERM");
    CHECK(std::string(signal_name(SIGKILL)) == "SIGKILL");
    CHECK(signal_name(0) == nullptr);
    CHECK(signal_name(NSIG) == nullptr);
    CHECK(signal_name(-1) == nullptr);
}

TEST_CASE("one message for a program that could not start, with its hint") {
    CHECK(spawn_failure("./bot", "/x/bot", "exec", ENOEXEC) ==
          "bot command './bot': cannot start /x/bot (exec): " + std::string(strerror(ENOEXEC)) +
              " (not a program; a script needs a #! line). Fix --bot / the config.");
    CHECK(spawn_failure("./bot", "/x/bot", nullptr, ENOENT) ==
          "bot command './bot': cannot start /x/bot: " + std::string(strerror(ENOENT)) +
              " (for a script: does the interpreter in its #! line exist?). Fix --bot / the "
              "config.");
    Limits limits;
    limits.memory_mb = 1;
    CHECK(spawn_failure("./bot", "/x/bot", "clone", ENOMEM, limits) ==
          "bot command './bot': cannot start /x/bot (clone): " + std::string(strerror(ENOMEM)) +
              " (the limits are too tight for the program to start: memory 1 MB). Fix --bot / "
              "the config.");
    CHECK(spawn_failure("./bot", "/x/bot", "exec", 0) ==
          "bot command './bot': cannot start /x/bot (exec): its init ended first. Fix --bot / the "
          "config.");
}

TEST_CASE("c_argv: the words, then nullptr") {
    const std::vector<std::string> words = {"a", "", "b c"};
    const std::vector<char*> args = c_argv(words);
    REQUIRE(args.size() == 4);
    CHECK(std::string(args[0]) == "a");
    CHECK(std::string(args[1]) == "");
    CHECK(std::string(args[2]) == "b c");
    CHECK(args[3] == nullptr);
    CHECK(c_argv({}) == std::vector<char*>{nullptr});
}
