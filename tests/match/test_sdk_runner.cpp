// Convention 2 end to end: a toy SDK referee runner in Java (tests/external/runner/ToyRunner.java)
// plays whole games with real bots, each run through arena's bot wrapper; hostile runners (a
// shell script) hang, fail, write no result or a bad one. Never an exception, never a hang.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "arena/match/play_game.hpp"
#include "arena/match/sdk_runner.hpp"
#include "arena/process/interrupt.hpp"

using namespace arena::match;

namespace {

const std::string kRunnerDir = ARENA_SDK_RUNNER_DIR;

void use_test_wrapper() {
    ::setenv("ARENA_SDK_WRAPPER", ARENA_SDK_WRAPPER, 1);
}

ExternalGameSpec spec_of(const std::string& command) {
    ExternalGameSpec spec;
    spec.name = "sums";
    spec.command = command;
    spec.protocol = RefereeProtocol::sdk_runner;
    return spec;
}

PlayerSpec bot(const std::string& name, const std::string& args) {
    PlayerSpec player;
    player.name = name;
    player.command = "/bin/sh " + kRunnerDir + "/answer_bot.sh " + args;
    return player;
}

arena::referee::GameSetup setup_of(int players, std::int64_t seed) {
    arena::referee::GameSetup setup;
    setup.game = "sums";
    setup.players = players;
    setup.seed = seed;
    return setup;
}

bool no_java() {
    if (std::string(ARENA_SDK_TOY_RUNNER).empty()) {
        // Said on stdout (ctest -V, --output-on-failure), as tests/cluster says its skips.
        std::cout << "SKIPPED: no JDK found at configure time (javac, java): the toy runner is "
                     "not built (apt-get install openjdk-17-jdk-headless)\n";
        return true;
    }
    return false;
}

MatchLog play_toy(const std::vector<PlayerSpec>& players, std::int64_t seed = 42) {
    use_test_wrapper();
    return play_sdk_runner_game(spec_of(ARENA_SDK_TOY_RUNNER),
                                setup_of(static_cast<int>(players.size()), seed), players,
                                MatchOptions{});
}

MatchLog play_hostile(const std::string& mode, std::chrono::milliseconds bound = kSdkRunnerBound) {
    use_test_wrapper();
    return play_sdk_runner_game(spec_of("/bin/sh " + kRunnerDir + "/hostile_runner.sh " + mode),
                                setup_of(2, 1), {bot("a", "7"), bot("b", "3")}, MatchOptions{},
                                bound);
}

std::string runner_of(const std::string& mode) {
    return "runner '/bin/sh " + kRunnerDir + "/hostile_runner.sh " + mode + "': ";
}

}  // namespace

TEST_CASE("sdk_runner: a runner plays a whole game, its result becomes the log") {
    if (no_java()) return;
    const MatchLog log = play_toy({bot("seven", "7"), bot("three", "3")}, -5);
    CHECK(log.referee_failure == "");
    REQUIRE(log.turns.size() == 6);
    for (std::size_t i = 0; i < log.turns.size(); ++i) {
        CHECK(log.turns[i].turn == static_cast<int>(i) + 1);
        CHECK(log.turns[i].player == static_cast<int>(i % 2));
        CHECK(log.turns[i].output == std::optional<std::string>(i % 2 == 0 ? "7" : "3"));
    }
    // The bots' stderr, relayed by the wrapper: each bot got the seed (-seed) and its seat.
    // (The toy runner reads stderr on a thread of its own: a line may come a turn late.)
    std::string seat1_stderr;
    for (const Turn& turn : log.turns)
        if (turn.player == 1) seat1_stderr += turn.stderr_text;
    CHECK(log.turns[0].stderr_text == "read: 2 0 -5\n");
    CHECK(seat1_stderr.find("read: 2 1 -5\nread: round 2 total 3\n") == 0);
    CHECK(log.turns[0].summary == "$0 adds 7");
    // The inputs and times the SDK does not record, from the wrapper's transcript.
    CHECK(log.turns[0].input == "2 0 -5\n");
    CHECK(log.turns[1].input == "2 1 -5\n");
    CHECK(log.turns[2].input == "round 2 total 7\n");
    CHECK(log.turns[5].input == "round 3 total 6\n");
    for (const Turn& turn : log.turns) CHECK(turn.time_ms > 0);
    CHECK(log.reason == "Game over");
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].score == 21);
    CHECK(log.seats[1].score == 9);
    CHECK(log.seats[0].rank == 1);
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[0].outcome == Outcome::ok);
    CHECK(log.seats[1].outcome == Outcome::ok);
}

TEST_CASE("sdk_runner: equal scores share a rank; three players") {
    if (no_java()) return;
    const MatchLog log = play_toy({bot("a", "4"), bot("b", "4"), bot("c", "5")});
    CHECK(log.referee_failure == "");
    CHECK(log.turns.size() == 9);
    CHECK(log.seats[0].rank == 2);
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[2].rank == 1);
}

TEST_CASE("sdk_runner: a bot the runner times out is a timeout, ranked below") {
    if (no_java()) return;
    const MatchLog log = play_toy({bot("steady", "2"), bot("slow", "9 slow-on-2")});
    CHECK(log.referee_failure == "");
    CHECK(log.seats[1].outcome == Outcome::timeout);
    CHECK(log.seats[1].detail == "$1 timeout!");
    CHECK(log.seats[1].score == -1);
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[0].outcome == Outcome::ok);
    CHECK(log.seats[0].rank == 1);
    // Its unanswered turn is in the log, with no output.
    REQUIRE(log.turns.size() >= 4);
    CHECK(log.turns[3].player == 1);
    CHECK_FALSE(log.turns[3].output.has_value());
    CHECK(log.turns[3].input == "round 2 total 9\n");
}

TEST_CASE("sdk_runner: a bot that dies is a crash, with how it ended") {
    if (no_java()) return;
    const MatchLog log = play_toy({bot("steady", "2"), bot("dies", "9 crash-on-2")});
    CHECK(log.referee_failure == "");
    CHECK(log.seats[1].outcome == Outcome::crash);
    CHECK(log.seats[1].detail == "exit code 3");
    CHECK(log.seats[1].rank == 2);
    CHECK(log.seats[0].outcome == Outcome::ok);
}

TEST_CASE("sdk_runner: a bad answer the runner refuses is invalid") {
    if (no_java()) return;
    const MatchLog log = play_toy({bot("bad", "2 invalid-on-2"), bot("steady", "1")});
    CHECK(log.seats[0].outcome == Outcome::invalid);
    CHECK(log.seats[0].rank == 2);
    CHECK(log.seats[1].outcome == Outcome::ok);
}

TEST_CASE("sdk_runner: a bot arena cannot start is a crash that says why") {
    if (no_java()) return;
    PlayerSpec missing;
    missing.name = "missing";
    missing.command = "/nonexistent/bot";
    const MatchLog log = play_toy({bot("steady", "2"), missing});
    CHECK(log.referee_failure == "");
    CHECK(log.seats[1].outcome == Outcome::crash);
    CHECK(log.seats[1].detail.find("could not start") == 0);
}

TEST_CASE("sdk_runner: the wrapper keeps a bot's sandbox") {
    if (no_java()) return;
    try {
        arena::process::check_sandbox();
    } catch (const std::exception& e) {
        std::cout << "SKIPPED: no sandbox here: " << e.what() << "\n";
        return;
    }
    PlayerSpec boxed = bot("boxed", "6");
    boxed.sandbox = true;
    const MatchLog log = play_toy({boxed, bot("free", "5")});
    CHECK(log.referee_failure == "");
    CHECK(log.seats[0].outcome == Outcome::ok);
    CHECK(log.seats[0].score == 18);
    CHECK(log.seats[0].rank == 1);
}

TEST_CASE("sdk_runner: a runner that never ends is stopped at the bound") {
    const auto start = std::chrono::steady_clock::now();
    const MatchLog log = play_hostile("hang", std::chrono::seconds(2));
    const auto took = std::chrono::steady_clock::now() - start;
    CHECK(log.referee_failure ==
          runner_of("hang") +
              "still running after 2 s (the bound on a runner's whole game): ended (its stderr "
              "ends: starting)");
    CHECK(log.reason == log.referee_failure);
    CHECK(took < std::chrono::seconds(20));
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].rank == 0);
    CHECK(log.seats[1].rank == 0);
}

TEST_CASE("sdk_runner: exit code 124 is the bound only near the bound") {
    // coreutils' timeout rings on CLOCK_REALTIME, which may run a little ahead of arena's clock:
    // its 124 a little before the bound on arena's clock is still the bound (the CI saw it said
    // as a plain exit code). A runner's own 124 well before the bound stays its exit code.
    CHECK(play_hostile("exit124late", std::chrono::seconds(2)).referee_failure ==
          runner_of("exit124late") +
              "still running after 2 s (the bound on a runner's whole game): ended (no stderr)");
    CHECK(play_hostile("exit124", std::chrono::seconds(2)).referee_failure ==
          runner_of("exit124") + "exited with code 124 (no stderr)");
}

TEST_CASE("sdk_runner: ARENA_RUNNER_TIMEOUT_MS sets the bound") {
    use_test_wrapper();
    ::setenv("ARENA_RUNNER_TIMEOUT_MS", "1000", 1);
    const MatchLog log =
        play_sdk_runner_game(spec_of("/bin/sh " + kRunnerDir + "/hostile_runner.sh hang"),
                             setup_of(2, 1), {bot("a", "7"), bot("b", "3")}, MatchOptions{});
    ::unsetenv("ARENA_RUNNER_TIMEOUT_MS");
    CHECK(log.referee_failure.find(runner_of("hang") + "still running after 1 s") == 0);
}

TEST_CASE("sdk_runner: a failing runner, no result, a bad result: referee failures") {
    CHECK(play_hostile("fail").referee_failure ==
          runner_of("fail") +
              "exited with code 1 (its stderr ends: Exception in thread \"main\" "
              "java.lang.IllegalStateException: no league 9)");
    CHECK(play_hostile("nothing").referee_failure ==
          runner_of("nothing") + "exited with code 0 but wrote no result file (-l) (no stderr)");
    CHECK(play_hostile("garbage").referee_failure.find(runner_of("garbage") +
                                                       "its result is not JSON: ") == 0);
    CHECK(play_hostile("failcause").referee_failure ==
          runner_of("failcause") +
              "the game failed: java.lang.RuntimeException: the referee crashed (no stderr)");
}

TEST_CASE("sdk_runner: a runner that cannot be run, or a command that does not split") {
    use_test_wrapper();
    const MatchLog missing = play_sdk_runner_game(spec_of("/nonexistent/runner -x"), setup_of(2, 1),
                                                  {bot("a", "1"), bot("b", "2")}, MatchOptions{});
    CHECK(missing.referee_failure.find("runner '/nonexistent/runner -x': exited with code 127") ==
          0);
    const MatchLog unsplit = play_sdk_runner_game(spec_of("java 'unterminated"), setup_of(2, 1),
                                                  {bot("a", "1"), bot("b", "2")}, MatchOptions{});
    CHECK(unsplit.referee_failure.find("runner 'java 'unterminated': could not run: ") == 0);
}

TEST_CASE("sdk_runner: the arena's interrupt ends a runner's game at once") {
    use_test_wrapper();
    std::thread interrupter([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        arena::process::simulate_interrupt(SIGINT);
    });
    const auto start = std::chrono::steady_clock::now();
    const MatchLog log = play_hostile("hang");
    const auto took = std::chrono::steady_clock::now() - start;
    interrupter.join();
    arena::process::clear_interrupt_for_tests();
    CHECK(log.interrupted);
    CHECK(log.reason == "interrupted before the game ended");
    CHECK(log.referee_failure == "");
    CHECK(took < std::chrono::seconds(15));
}

TEST_CASE("sdk_runner: a registered sdk-runner game is played by play_game") {
    if (no_java()) return;
    use_test_wrapper();
    ExternalGameSpec spec = spec_of(ARENA_SDK_TOY_RUNNER);
    spec.name = "toy-sums";
    register_external_game(spec);
    arena::referee::GameSetup setup = setup_of(2, 7);
    setup.game = "toy-sums";
    const MatchLog log = play_game(setup, {bot("a", "1"), bot("b", "2")});
    CHECK(log.game == "toy-sums");
    REQUIRE(log.external.has_value());
    CHECK(log.external->protocol == RefereeProtocol::sdk_runner);
    CHECK(log.referee_failure == "");
    CHECK(log.turns.size() == 6);
    CHECK(log.turns[0].input == "2 0 7\n");
    CHECK(log.seats[1].rank == 1);
}

namespace {

bool no_sandbox() {
    try {
        arena::process::check_sandbox();
        return false;
    } catch (const std::exception& e) {
        std::cout << "SKIPPED: no sandbox here: " << e.what() << "\n";
        return true;
    }
}

}  // namespace

TEST_CASE("sdk_runner: a sandboxed runner cannot change the files it is handed") {
    if (no_sandbox()) return;
    use_test_wrapper();
    ExternalGameSpec spec = spec_of("/bin/sh " + kRunnerDir + "/hostile_runner.sh tamper");
    const std::vector<PlayerSpec> players = {bot("a", "7"), bot("b", "3")};
    const MatchLog free = play_sdk_runner_game(spec, setup_of(2, 1), players, MatchOptions{});
    CHECK(free.referee_failure.find("tampered") != std::string::npos);  // the test can fail
    spec.sandbox = true;
    const MatchLog boxed = play_sdk_runner_game(spec, setup_of(2, 1), players, MatchOptions{});
    CHECK(boxed.referee_failure.find("exited with code 1") != std::string::npos);
    CHECK(boxed.referee_failure.find("tampered") == std::string::npos);
    CHECK(boxed.referee_failure.find("read /etc/shadow") == std::string::npos);
    CHECK(boxed.referee_failure.find("uid 0)") == std::string::npos);
}

TEST_CASE("sdk_runner: a sandboxed runner plays a whole game, its sandboxed bots too") {
    if (no_java() || no_sandbox()) return;
    use_test_wrapper();
    ExternalGameSpec spec = spec_of(ARENA_SDK_TOY_RUNNER);
    // The runner's class directory is a directory its command line names: inside its folder.
    const std::string command = ARENA_SDK_TOY_RUNNER;
    const std::size_t cp = command.find("-cp ") + 4;
    spec.working_dir = command.substr(cp, command.find(' ', cp) - cp);
    spec.sandbox = true;
    PlayerSpec boxed = bot("boxed", "6");
    boxed.sandbox = true;
    const MatchLog log =
        play_sdk_runner_game(spec, setup_of(2, 42), {boxed, bot("free", "5")}, MatchOptions{});
    CHECK(log.referee_failure == "");
    REQUIRE(log.seats.size() == 2);
    CHECK(log.seats[0].score == 18);
    CHECK(log.seats[1].score == 15);
}
