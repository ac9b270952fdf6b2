// Games through a cg-brutaltester referee process (convention 1, docs/other-games.md): a toy Nim
// referee (tests/external/toy_referee.py) played end to end through match::play_game as the
// layers above play any game, a bot's timeout (the protocol cannot go on: it ranks last), and
// hostile referees (tests/external/hostile_referees/) that must each end as a referee failure
// naming the line, in bounded time.
#include <doctest/doctest.h>

#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "arena/match/brutaltester_referee.hpp"
#include "arena/match/external_game.hpp"
#include "arena/match/match.hpp"
#include "arena/match/play_game.hpp"
#include "arena/process/interrupt.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

const std::string kPython = ARENA_TEST_PYTHON;
const std::string kToyDir = ARENA_TOY_DIR;

match::ExternalGameSpec toy_spec(const std::string& name, const std::string& arguments = "") {
    match::ExternalGameSpec spec;
    spec.name = name;
    spec.command = kPython + " toy_referee.py --seed {seed}" + arguments;
    spec.min_players = 2;
    spec.max_players = 3;
    spec.first_turn_ms = 3000;  // a Python bot's start on a loaded machine
    spec.turn_ms = 1000;
    spec.working_dir = kToyDir;
    return spec;
}

match::PlayerSpec nim_bot(const std::string& strategy, int lines = 1) {
    return {strategy, kPython + " toy_nim_bot.py " + strategy + " " + std::to_string(lines),
            kToyDir};
}

match::MatchLog play(const match::ExternalGameSpec& spec, std::int64_t seed,
                     const std::vector<match::PlayerSpec>& bots) {
    match::register_external_game(spec);
    referee::GameSetup setup;
    setup.game = spec.name;
    setup.players = static_cast<int>(bots.size());
    setup.seed = seed;
    return match::play_game(setup, bots);
}

std::vector<int> ranks_of(const match::MatchLog& log) {
    std::vector<int> ranks;
    for (const auto& seat : log.seats) ranks.push_back(seat.rank);
    return ranks;
}
std::vector<std::int64_t> scores_of(const match::MatchLog& log) {
    std::vector<std::int64_t> scores;
    for (const auto& seat : log.seats) scores.push_back(seat.score);
    return scores;
}

// Whether a process whose command line holds `token` still runs (the referee after its game).
bool process_running_with(const std::string& token) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "cmdline");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        for (char& c : text)
            if (c == '\0') c = ' ';
        if (text.find(token) != std::string::npos && text.find("toy_referee") != std::string::npos)
            return true;
    }
    return false;
}

}  // namespace

TEST_CASE("brutaltester: the toy Nim referee played end to end") {
    const auto spec = toy_spec("toy-nim");
    SUBCASE("inputs per turn, limits, ranks and scores") {
        // Seed 3: a pile of 13. The optimal bot takes 1, 3, 3, 3 and takes the last stone.
        const match::MatchLog log = play(spec, 3, {nim_bot("optimal"), nim_bot("one")});
        CHECK(log.referee_failure.empty());
        REQUIRE(log.turns.size() == 7);
        // The ###Input blocks before a player's ###Output concatenate: its first line, the pile.
        CHECK(log.turns[0].input == "2 0\n13\n");
        CHECK(log.turns[1].input == "2 1\n12\n");
        CHECK(log.turns[2].input == "11\n");
        CHECK(log.turns[2].output == "3");
        CHECK(log.turns[6].input == "3\n");
        CHECK(log.turns[0].limit_ms == 3000);  // each player's first turn: first_turn_ms
        CHECK(log.turns[1].limit_ms == 3000);
        CHECK(log.turns[2].limit_ms == 1000);
        CHECK(ranks_of(log) == std::vector<int>{1, 2});
        CHECK(scores_of(log) == std::vector<std::int64_t>{1, 0});
        CHECK(log.reason.find("###End 0 1") != std::string::npos);
        CHECK(log.game == "toy-nim");
        REQUIRE(log.external.has_value());
        CHECK(log.external->command == spec.command);
    }
    SUBCASE("the seed reaches the referee: another pile") {
        const match::MatchLog log = play(spec, 4, {nim_bot("one"), nim_bot("optimal")});
        REQUIRE(!log.turns.empty());
        CHECK(log.turns[0].input == "2 0\n14\n");
        CHECK(ranks_of(log) == std::vector<int>{2, 1});
    }
    SUBCASE("3 players: the others share the second rank") {
        // Seed 0: a pile of 10, everyone takes 1: the 10th turn (player 0) takes the last.
        const match::MatchLog log = play(spec, 0, {nim_bot("one"), nim_bot("one"), nim_bot("one")});
        CHECK(log.referee_failure.empty());
        CHECK(log.turns.size() == 10);
        CHECK(log.turns[0].input == "3 0\n10\n");
        CHECK(ranks_of(log) == std::vector<int>{1, 2, 2});
        CHECK(scores_of(log) == std::vector<std::int64_t>{2, 0, 0});
    }
    SUBCASE("###Error: the turn's error text, the referee decides the rest") {
        const match::MatchLog log = play(spec, 3, {nim_bot("invalid"), nim_bot("one")});
        REQUIRE(log.turns.size() == 1);
        CHECK(log.turns[0].error == "invalid move '7': take 1 to 3 stones (pile 13)");
        CHECK(log.seats[0].outcome == match::Outcome::ok);  // the referee's rules, not arena's
        CHECK(ranks_of(log) == std::vector<int>{2, 1});
        CHECK(log.reason.find("player 0: invalid move '7'") != std::string::npos);
    }
}

TEST_CASE("brutaltester: ###Output P K reads K lines of the bot") {
    const auto spec = toy_spec("toy-nim-2-lines", " --lines 2");
    SUBCASE("bots answering 2 lines play as with 1") {
        const match::MatchLog log = play(spec, 3, {nim_bot("optimal", 2), nim_bot("one", 2)});
        CHECK(log.referee_failure.empty());
        REQUIRE(log.turns.size() == 7);
        CHECK(log.turns[0].output == "1\ngg");
        CHECK(log.turns[2].output == "3\ngg");
        CHECK(ranks_of(log) == std::vector<int>{1, 2});
    }
    SUBCASE("a bot answering 1 line of 2 times out and ranks last") {
        const match::MatchLog log = play(spec, 3, {nim_bot("one", 2), nim_bot("one", 1)});
        CHECK(log.referee_failure.empty());
        REQUIRE(log.turns.size() == 2);
        CHECK(log.seats[1].outcome == match::Outcome::timeout);
        CHECK(ranks_of(log) == std::vector<int>{1, 2});
    }
}

TEST_CASE("brutaltester: a bot's timeout ends the game, that bot last, the referee stopped") {
    auto spec = toy_spec("toy-nim-timeout");
    spec.turn_ms = 300;
    const std::int64_t seed = 987'654'321;  // names the referee's process in /proc
    const auto started = std::chrono::steady_clock::now();
    const match::MatchLog log = play(spec, seed, {nim_bot("sleep"), nim_bot("one")});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    CHECK(log.referee_failure.empty());
    REQUIRE(log.turns.size() == 3);  // the sleeper's second turn is the last
    CHECK_FALSE(log.turns[2].output.has_value());
    CHECK(log.seats[0].outcome == match::Outcome::timeout);
    CHECK(log.seats[1].outcome == match::Outcome::ok);
    CHECK(ranks_of(log) == std::vector<int>{2, 1});
    CHECK(scores_of(log) == std::vector<std::int64_t>{0, 1});
    CHECK(log.reason.find("player 0 gave no answer") != std::string::npos);
    CHECK(seconds < 8);
    CHECK_FALSE(process_running_with(std::to_string(seed)));
}

namespace {

struct Hostile {
    std::string script;     // in tests/external/hostile_referees/
    std::string arguments;  // after the script
    int line;               // the line the failure must name
    std::string says;       // part of what the failure must say
    std::size_t turns_kept;
};

}  // namespace

TEST_CASE("brutaltester: a last ###End without its line end still ends the game") {
    match::ExternalGameSpec spec;
    spec.name = "end-without-newline";
    spec.command = "/bin/sh " + kToyDir + "/hostile_referees/end_without_newline.sh";
    const match::PlayerSpec echo_bot{"echo", "/bin/sh -c 'while read line; do echo 1; done'", ""};
    const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
    INFO(log.referee_failure);
    CHECK(log.referee_failure.empty());
    CHECK(log.turns.size() == 2);
    CHECK(ranks_of(log) == std::vector<int>{2, 1});
    CHECK(scores_of(log) == std::vector<std::int64_t>{0, 1});
}

// The bots' limits in the hostile referees' games: far beyond what the echo bot takes even on a
// machine busy with other builds (load 5-8 made a 100 ms turn limit end "a referee that never ends
// its game" by a bot's timeout after 2,161 turns), so that each game ends as its referee makes it.
match::ExternalGameSpec hostile_spec(const std::string& name, const std::string& command) {
    match::ExternalGameSpec spec;
    spec.name = name;
    spec.command = command;
    spec.first_turn_ms = 10'000;
    spec.turn_ms = 10'000;
    return spec;
}

TEST_CASE("brutaltester: hostile referees end as referee failures naming the line, never hang") {
    // A referee's step bounded to 3 s instead of the turn limit + 10 s: a silent referee is
    // found out in bounded time, and a shell referee on a busy machine is never taken for one.
    ::setenv("ARENA_REFEREE_TIMEOUT_MS", "3000", 1);
    const std::vector<Hostile> cases = {
        {"garbage", "", 4, "'hello, I am a referee': not a command", 1},
        {"bad_index", "", 3, "player index '7' out of range", 0},
        {"end_missing_player", "", 4, "player 1 is missing", 1},
        {"end_duplicate", "", 1, "player 0 appears twice", 0},
        {"exits_early", "", 3, "closed its output (exit code 3) before ###End", 0},
        {"never_answers", "", 1, "no ###Output or ###End within 3000 ms", 0},
        {"huge_line", "", 1, "a line too long", 0},
        {"ignores_sigterm", "", 1, "no ###Output or ###End within 3000 ms", 0},
        {"unknown_command", "", 1, "unknown command '###Frobnicate'", 0},
        {"bad_count", " 0", 1, "line count '0'", 0},
        {"bad_count", " x", 1, "line count 'x'", 0},
        {"bad_count", " 1000", 1, "line count '1000'", 0},
        {"silent_after_answer", "", 4, "no ###Output or ###End within 3000 ms", 1},
    };
    const match::PlayerSpec echo_bot{"echo", "/bin/sh -c 'while read line; do echo 1; done'", ""};
    SUBCASE("each hostile referee") {
        for (const Hostile& hostile : cases) {
            CAPTURE(hostile.script);
            CAPTURE(hostile.arguments);
            std::string name = "hostile-" + hostile.script;
            for (char c : hostile.arguments)
                if (std::isalnum(static_cast<unsigned char>(c))) name += c;
            const match::ExternalGameSpec spec =
                hostile_spec(name, "/bin/sh " + kToyDir + "/hostile_referees/" + hostile.script +
                                       ".sh" + hostile.arguments);
            const auto started = std::chrono::steady_clock::now();
            const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            CHECK(seconds < 20);  // the 3 s bound, the stop's grace, and room for load
            INFO(log.referee_failure);
            CHECK(log.referee_failure.find("referee '" + spec.command + "': line " +
                                           std::to_string(hostile.line) + ": ") == 0);
            CHECK(log.referee_failure.find(hostile.says) != std::string::npos);
            CHECK(log.reason == log.referee_failure);
            CHECK(log.turns.size() == hostile.turns_kept);
            REQUIRE(log.seats.size() == 2);
            CHECK(ranks_of(log) == std::vector<int>{0, 0});
            CHECK(log.seats[0].outcome == match::Outcome::ok);
        }
    }
    SUBCASE("the referee's stderr ends its failure text") {
        const match::ExternalGameSpec spec =
            hostile_spec("hostile-exits-early-stderr",
                         "/bin/sh " + kToyDir + "/hostile_referees/exits_early.sh");
        const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
        CHECK(log.referee_failure.find("referee: out of cheese") != std::string::npos);
    }
    SUBCASE("a referee that never ends its game") {
        const match::ExternalGameSpec spec = hostile_spec(
            "hostile-never-ends", "/bin/sh " + kToyDir + "/hostile_referees/never_ends.sh");
        const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
        CHECK(log.referee_failure.find("line 60003: '###Output 0 1': more than 20000 turns") !=
              std::string::npos);
        CHECK(log.turns.size() == 20000);
    }
    SUBCASE("an interrupted arena ends the referee too: interrupted, no referee failure") {
        match::ExternalGameSpec spec;
        spec.name = "hostile-interrupted";
        spec.command = "/bin/sh " + kToyDir + "/hostile_referees/never_answers.sh";
        std::thread interrupt([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            process::simulate_interrupt(SIGINT);
        });
        const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
        interrupt.join();
        process::clear_interrupt_for_tests();
        CHECK(log.interrupted);
        CHECK(log.referee_failure.empty());
    }
    SUBCASE("a referee that cannot be started") {
        match::ExternalGameSpec spec;
        spec.name = "hostile-missing";
        spec.command = kToyDir + "/no_such_referee --seed {seed}";
        const match::MatchLog log = play(spec, 1, {echo_bot, echo_bot});
        CHECK(log.referee_failure.find("cannot start it") != std::string::npos);
        CHECK(ranks_of(log) == std::vector<int>{0, 0});
    }
    ::unsetenv("ARENA_REFEREE_TIMEOUT_MS");
}
