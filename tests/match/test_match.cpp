// Plays SameGame through real bot processes and checks the transcript against the traces made
// by CodinGame's own Java engine (tests/data/samegame/golden) and the spec's error texts.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/match/match_log_json.hpp"
#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

// One move of a golden "random" trace and the board the bot must receive after it.
struct GoldenMove {
    int x, y, size, color, score;
    std::string board_after;  // 15 lines, each ending in '\n'
};

struct GoldenTrace {
    std::vector<GoldenMove> moves;
    int final_score = 0;
};

GoldenTrace read_random_trace(const std::string& name) {
    std::ifstream in(fs::path(ARENA_TEST_DATA_DIR) / "samegame/golden" / (name + "_random.txt"));
    REQUIRE(in);
    GoldenTrace trace;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string tag;
        words >> tag;
        if (tag == "MOVE") {
            GoldenMove m{};
            words >> m.x >> m.y >> m.size >> m.color >> m.score;
            for (int row = 0; row < 15 && std::getline(in, line); ++row)
                m.board_after += line + "\n";
            trace.moves.push_back(m);
        } else if (tag == "END") {
            trace.final_score = std::stoi(line.substr(line.find("score=") + 6));
        }
    }
    return trace;
}

std::string board_text(int number) {
    for (const auto& b : referee::samegame_boards()) {
        if (b.number == number) return std::string(b.text);
    }
    FAIL("no board " << number);
    return "";
}

// A bot that prints a whole script of answers at once and then waits: every line beyond the
// first stays buffered and answers a later turn, as on CodinGame.
match::PlayerSpec scripted_bot(const std::vector<std::string>& answers, const std::string& tag) {
    const fs::path file = fs::temp_directory_path() / ("arena_test_script_" + tag + ".txt");
    std::ofstream out(file);
    for (const std::string& a : answers) out << a << "\n";
    return {"scripted", "/bin/sh -c 'cat \"$0\"; exec sleep 60' " + file.string(), ""};
}

match::MatchLog play_board(int board, const match::PlayerSpec& bot) {
    referee::GameSetup setup;
    setup.game = "samegame";
    setup.testcase = board_text(board);
    auto ref = referee::make_referee(setup);
    return match::play_match(*ref, {bot});
}

}  // namespace

TEST_CASE("golden random traces replay byte for byte through real bot processes") {
    for (int board : {1, 5, 6, 23, 42}) {
        char name[16];
        std::snprintf(name, sizeof name, "test%02d", board);
        CAPTURE(name);
        const GoldenTrace trace = read_random_trace(name);
        REQUIRE(!trace.moves.empty());
        std::vector<std::string> answers;
        for (const GoldenMove& m : trace.moves)
            answers.push_back(std::to_string(m.x) + " " + std::to_string(m.y));

        const match::MatchLog log = play_board(board, scripted_bot(answers, name));

        REQUIRE(log.turns.size() == trace.moves.size());  // no input after the last move
        CHECK(log.turns[0].input == board_text(board));
        CHECK(log.turns[0].limit_ms == 20000);
        for (std::size_t i = 0; i < trace.moves.size(); ++i) {
            const GoldenMove& m = trace.moves[i];
            const match::Turn& t = log.turns[i];
            CAPTURE(i);
            CHECK(t.turn == static_cast<int>(i) + 1);
            CHECK(t.player == 0);
            REQUIRE(t.output);
            CHECK(*t.output == answers[i]);
            CHECK(t.error.empty());
            char summary[128];
            std::snprintf(summary, sizeof summary,
                          "Performed action x=%d, y=%d (color %d, region size %d).", m.x, m.y,
                          m.color, m.size);
            CHECK(t.summary == summary);
            if (i > 0) {
                CHECK(t.limit_ms == 50);
                CHECK(t.input == trace.moves[i - 1].board_after);
            }
        }
        REQUIRE(log.seats.size() == 1);
        CHECK(log.seats[0].score == trace.final_score);
        CHECK(log.seats[0].rank == 1);
        CHECK(log.seats[0].outcome == match::Outcome::ok);
        CHECK(log.reason ==
              "Endgame. Obtained a score of " + std::to_string(trace.final_score) + ".");
    }
}

TEST_CASE("an invalid move ends the game with the spec's error and the score so far") {
    const GoldenTrace trace = read_random_trace("test06");
    const std::string first =
        std::to_string(trace.moves[0].x) + " " + std::to_string(trace.moves[0].y);
    const match::MatchLog log = play_board(6, scripted_bot({first, "3 6;"}, "invalid"));
    REQUIRE(log.turns.size() == 2);
    CHECK(log.turns[1].error ==
          "[ERROR] Action not properly formatted. Should be: 'x y [message];'");
    CHECK(log.seats[0].outcome == match::Outcome::invalid);
    CHECK(log.seats[0].score == trace.moves[0].score);
    CHECK(log.reason == "[ERROR] Action not properly formatted. Should be: 'x y [message];'");
}

TEST_CASE("no answer within 50 ms is a timeout; the bot is killed") {
    const GoldenTrace trace = read_random_trace("test06");
    const std::string first =
        std::to_string(trace.moves[0].x) + " " + std::to_string(trace.moves[0].y);
    // Answers turn 1 from the script, then never again.
    const match::MatchLog log = play_board(6, scripted_bot({first}, "timeout"));
    REQUIRE(log.turns.size() == 2);
    CHECK(!log.turns[1].output);
    CHECK(log.turns[1].time_ms >= 50);
    CHECK(log.turns[1].error == "[ERROR] Timeout!");
    CHECK(log.seats[0].outcome == match::Outcome::timeout);
    CHECK(log.seats[0].score == trace.moves[0].score);
    CHECK(log.seats[0].detail.find("SIGTERM") != std::string::npos);
}

TEST_CASE("no answer in time is a timeout even when the bot exits 143 on our SIGTERM (JVM)") {
    const GoldenTrace trace = read_random_trace("test06");
    const std::string first =
        std::to_string(trace.moves[0].x) + " " + std::to_string(trace.moves[0].y);
    const match::MatchLog log = play_board(
        6,
        {"jvm-like", std::string(ARENA_TESTBOT) + " term143 --turns 2 --say '" + first + "'", ""});
    REQUIRE(log.turns.size() == 2);
    CHECK(log.seats[0].outcome == match::Outcome::timeout);
    CHECK(log.seats[0].detail == "exit code 143");
}

TEST_CASE("a bot that ends itself before its deadline is a crash, whatever its exit status") {
    // What the arena did decides, not how the status looks: 143 and SIGTERM are what a bot
    // stopped by our SIGTERM ends with, but here no signal of ours was sent.
    const match::MatchLog exits = play_board(6, {"exit143", "/bin/sh -c 'exit 143'", ""});
    CHECK(exits.seats[0].outcome == match::Outcome::crash);
    CHECK(exits.seats[0].detail == "exit code 143");
    const match::MatchLog raises =
        play_board(6, {"raises", "/bin/sh -c 'kill -TERM $$; sleep 5'", ""});
    CHECK(raises.seats[0].outcome == match::Outcome::crash);
    CHECK(raises.seats[0].detail.find("SIGTERM") != std::string::npos);
    const match::MatchLog killed = play_board(6, {"killed", "/bin/sh -c 'kill -KILL $$'", ""});
    CHECK(killed.seats[0].outcome == match::Outcome::crash);
    CHECK(killed.seats[0].detail.find("SIGKILL") != std::string::npos);
}

TEST_CASE("a bot that exits is a crash, scored as CodinGame scores it (a timeout)") {
    const match::MatchLog log = play_board(6, {"quitter", "/bin/sh -c 'exit 3'", ""});
    REQUIRE(log.turns.size() == 1);
    CHECK(!log.turns[0].output);
    CHECK(log.turns[0].time_ms < 20000);  // noticed at once, not at the deadline
    CHECK(log.turns[0].error == "[ERROR] Timeout!");
    CHECK(log.seats[0].outcome == match::Outcome::crash);
    CHECK(log.seats[0].detail == "exit code 3");
    CHECK(log.seats[0].score == 0);
}

TEST_CASE("a bot that cannot start is recorded as a crash, and check_command says why") {
    const match::PlayerSpec missing{"ghost", "/no/such/bot --fast", ""};
    CHECK_THROWS_AS(match::check_command(missing), process::SpawnError);
    try {
        match::check_command(missing);
    } catch (const process::SpawnError& e) {
        CHECK(std::string(e.what()).find("ghost") != std::string::npos);
        CHECK(std::string(e.what()).find("/no/such/bot") != std::string::npos);
    }
    const match::MatchLog log = play_board(6, missing);
    CHECK(log.seats[0].outcome == match::Outcome::crash);
    CHECK(log.seats[0].detail.find("could not start") != std::string::npos);
    CHECK(log.reason == "[ERROR] Timeout!");
}

// The seats' bots start in parallel (their exec is confirmed once all are started, issue 17):
// an exec that fails is still the crash of its seat with the spawn error, and the other seat
// plays on.
TEST_CASE("a bot whose exec fails is a crash of its seat; the other seat plays") {
    const fs::path file = fs::temp_directory_path() / "arena_test_not_a_program";
    std::ofstream(file) << "no #! line here\n";
    fs::permissions(file, fs::perms::owner_all);
    referee::GameSetup setup;
    setup.game = "diceshogi";
    setup.players = 2;
    setup.seed = 7;
    const match::PlayerSpec broken{"broken", file.string(), ""};
    const match::PlayerSpec instant{"instant", std::string(ARENA_TESTBOT) + " reply random", ""};
    for (int broken_seat : {0, 1}) {
        auto game = referee::make_referee(setup);
        std::vector<match::PlayerSpec> players = {instant, instant};
        players[static_cast<std::size_t>(broken_seat)] = broken;
        const match::MatchLog log = match::play_match(*game, players);
        const match::SeatResult& failed = log.seats.at(static_cast<std::size_t>(broken_seat));
        const match::SeatResult& other = log.seats.at(static_cast<std::size_t>(1 - broken_seat));
        CHECK(failed.outcome == match::Outcome::crash);
        CHECK(failed.detail.find("could not start") != std::string::npos);
        CHECK(failed.detail.find("#! line") != std::string::npos);
        CHECK(other.outcome == match::Outcome::ok);
        CHECK(other.rank == 1);
    }
    fs::remove(file);
}

TEST_CASE("the JSON log has the documented fields and stays valid with any bytes") {
    match::MatchLog log = play_board(6, scripted_bot({"\xff\xfe 1", "x"}, "bytes"));
    const nlohmann::json j = nlohmann::json::parse(match::dump_json(match::to_json(log)));
    CHECK(j["game"] == "samegame");
    CHECK(j["seed"].is_null());
    CHECK(j["players"][0]["name"] == "scripted");
    CHECK(j["turns"][0]["input"] == board_text(6));
    CHECK(j["turns"][0]["limit_ms"] == 20000);
    CHECK(j["turns"][0]["error"] ==
          "[ERROR] Action not properly formatted. Should be: 'x y [message];'");
    CHECK(j["result"]["outcomes"][0] == "invalid");
    CHECK(j["result"]["scores"][0] == 0);
    CHECK(j["result"]["ranks"][0] == 1);
}

TEST_CASE("a log's turn: fields in the documented order, times to 0.01 ms") {
    // docs/match-log.md: the position, what the bot got and said, the referee's word on it, then
    // stderr and the clock. The order and the rounding keep a compressed Dice Shogi log within
    // issue 17's 6 KB (bench/log_sizes.sh): the clock's third decimal was noise.
    match::MatchLog log;
    log.game = "diceshogi";
    log.players = {{"a", "a"}, {"b", "b"}};
    match::Turn turn;
    turn.turn = 1;
    turn.player = 0;
    turn.input = "0\n5\n";
    turn.state = "rbsgk/4p/5/P4/KGSBR b - 1";
    turn.output = "1513";
    turn.summary = "Player 0 plays 1513 (die 1).";
    turn.stderr_text = "thinking";
    turn.time_ms = 12.3456;
    turn.limit_ms = 1000;
    turn.cpu_ms = 11.9;
    log.turns = {turn, turn};
    log.turns[1].turn = 2;
    log.turns[1].cpu_ms.reset();  // a kernel that does not tell
    log.turns[1].wait_ms = 0.4;
    log.duration_ms = 40.004;
    const std::string text = match::dump_json(match::to_json(log));
    CHECK(text.find(R"({"turn":1,"player":0,"state":"rbsgk/4p/5/P4/KGSBR b - 1","input":"0\n5\n",)"
                    R"("output":"1513","summary":"Player 0 plays 1513 (die 1).",)"
                    R"("stderr":"thinking","time_ms":12.35,"limit_ms":1000,)"
                    R"("cpu_ms":11.9,"wait_ms":null})") != std::string::npos);
    CHECK(text.find(R"("time_ms":12.35,"limit_ms":1000,"cpu_ms":null,"wait_ms":0.4})") !=
          std::string::npos);
    CHECK(nlohmann::json::parse(text)["duration_ms"] == 40.0);
}
