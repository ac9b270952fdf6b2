// Replays from match logs: a log read back gives the same referee; the recorded outputs fed to
// it reproduce every input and verdict; a tampered log or a different bot is caught at the
// right turn.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "arena/match/match_log_json.hpp"
#include "arena/replay/replay.hpp"
#include "referees/registry.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

match::PlayerSpec bot(const std::string& name, const std::string& command) {
    match::PlayerSpec spec;
    spec.name = name;
    spec.command = command;
    return spec;
}

// Plays a game, writes its log as `arena play --log` does, and reads it back.
match::MatchLog played_and_read(referee::GameSetup setup,
                                const std::vector<match::PlayerSpec>& players,
                                const std::string& name) {
    auto referee = referee::make_referee(setup);
    match::MatchLog log = match::play_match(*referee, players);
    log.seed = setup.seed;
    log.testcase_text = setup.testcase;
    const fs::path file = fs::temp_directory_path() / ("arena_test_replay_" + name + ".json");
    std::ofstream(file) << match::dump_json(match::to_json(log), 1);
    return replay::read_match_log(file);
}

referee::GameSetup diceshogi(std::int64_t seed) {
    referee::GameSetup setup;
    setup.game = "diceshogi";
    setup.players = 2;
    setup.seed = seed;
    return setup;
}

}  // namespace

TEST_CASE("a Dice Shogi log is consistent with the referee; a changed output is caught") {
    // Both bots answer `random`: the referee picks from the game seed, so the game is fixed.
    const match::MatchLog log = played_and_read(
        diceshogi(77), {bot("a", kTestbot + " reply random"), bot("b", kTestbot + " reply random")},
        "diceshogi");
    REQUIRE(log.turns.size() > 4);
    CHECK(log.seed == 77);
    CHECK_FALSE(replay::check_script(log, *replay::referee_for(log)));

    SUBCASE("an output that is not a move: the verdict differs on that very turn") {
        match::MatchLog tampered = log;
        tampered.turns[3].output = "nonsense";
        const auto d = replay::check_script(tampered, *replay::referee_for(tampered));
        REQUIRE(d);
        CHECK(d->turn == 4);
        CHECK(d->what == "error");
        CHECK(d->expected.find("nonsense is not valid move") != std::string::npos);
    }
    SUBCASE("another seed: the dice differ, so the first input differs") {
        match::MatchLog other_seed = log;
        other_seed.seed = 78;
        const auto d = replay::check_script(other_seed, *replay::referee_for(other_seed));
        REQUIRE(d);
        CHECK(d->what == "input");
    }
    SUBCASE("the same bots again: an identical transcript") {
        auto referee = replay::referee_for(log);
        match::MatchLog again = match::play_match(*referee, log.players);
        CHECK_FALSE(replay::compare(log, again));
    }
    SUBCASE("seat 1 replaced by a bot that answers nonsense: differs at seat 1's first turn") {
        auto referee = replay::referee_for(log);
        std::vector<match::PlayerSpec> players = log.players;
        players[1].command = kTestbot + " reply nonsense";
        const auto d = replay::compare(log, match::play_match(*referee, players));
        REQUIRE(d);
        CHECK(d->turn == 2);
        CHECK(d->what == "output");
        CHECK(d->expected == log.turns[1].output.value());
        CHECK(d->actual == "nonsense");
    }
    SUBCASE("a turn drawn as text: the board from the input, output and timing") {
        const std::string text = replay::render_turn(log, 1);
        CHECK(text.find("r  b  s  g  k") != std::string::npos);
        CHECK(text.find("output: 'random'") != std::string::npos);
        CHECK_THROWS_AS(replay::render_turn(log, 0), replay::LogError);
    }
}

TEST_CASE("SameGame: the board comes back from the log; a bot that times out replays as such") {
    referee::GameSetup setup;
    setup.game = "samegame";
    setup.testcase = std::string(
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n"
        "0 0 1 1 2 2 3 3 4 4 0 0 1 1 2\n");
    // Answers "0 0" twice (the two columns of zeros, then the two of ones), then exits.
    const match::MatchLog log = played_and_read(
        setup, {bot("two", kTestbot + " reply \"0 0\" --lines 15 --exit-after 2")}, "samegame");
    REQUIRE(log.turns.size() == 3);
    CHECK_FALSE(log.turns[2].output.has_value());
    CHECK_FALSE(replay::check_script(log, *replay::referee_for(log)));
    const std::string text = replay::render_turn(log, 1);
    CHECK(text.find("[0]") != std::string::npos);  // the chosen cell is marked
}

TEST_CASE("a turn drawn as text names the bots where the referee says $0/$1; the log keeps them") {
    // Seat 1 answers nonsense on its first turn (turn 2): the referee's error names it "$1".
    const match::MatchLog log = played_and_read(
        diceshogi(5),
        {bot("mine", kTestbot + " reply random"), bot("boss", kTestbot + " reply nonsense")},
        "names");
    REQUIRE(log.turns.size() == 2);
    CHECK(log.turns[1].error == "$1: nonsense is not valid move");
    const std::string text = replay::render_turn(log, 2);
    CHECK(text.find("seat 1 (boss)") != std::string::npos);
    CHECK(text.find("error:  boss: nonsense is not valid move") != std::string::npos);
    CHECK(text.find("$1") == std::string::npos);
    // What the bot wrote is never rewritten: an output "$0" stays "$0".
    match::MatchLog said_dollar = log;
    said_dollar.turns[1].output = "$0";
    CHECK(replay::render_turn(said_dollar, 2).find("output: '$0'") != std::string::npos);
}
