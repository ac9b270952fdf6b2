// The match layer against hostile bots, on a long game: a stand-in referee that accepts any line
// for a fixed number of turns, so a bot can misbehave on stderr turn after turn while playing.
// Checks the per-game stderr cap (and its note in the log), bytes that are not UTF-8 in stdout
// and stderr (the JSON log stays valid), and that a limit's reason reaches the log.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/match/match_log_json.hpp"

using namespace arena;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

// Accepts every line for `turns` turns, one player; the score counts the turns answered.
class EndlessReferee : public referee::Referee {
  public:
    explicit EndlessReferee(int turns, int limit_ms = 5000) : turns_(turns), limit_ms_(limit_ms) {}
    std::string_view game() const override { return "endless"; }
    int player_count() const override { return 1; }
    bool over() const override { return played_ >= turns_ || failed_; }
    int current_player() const override { return 0; }
    std::string input() const override { return "turn " + std::to_string(played_ + 1) + "\n"; }
    int time_limit_ms() const override { return limit_ms_; }
    referee::Verdict play(std::string_view) override {
        ++played_;
        return {};
    }
    referee::Verdict timeout() override {
        failed_ = true;
        return {false, "", "[ERROR] Timeout!"};
    }
    referee::Result result() const override { return {{played_}, {1}, "done"}; }

  private:
    int turns_;
    int limit_ms_;
    int played_ = 0;
    bool failed_ = false;
};

std::size_t stored_stderr(const match::MatchLog& log) {
    std::size_t total = 0;
    for (const match::Turn& turn : log.turns) total += turn.stderr_text.size();
    return total;
}

}  // namespace

TEST_CASE("stderr is capped per game: later turns keep none, and the log says it was cut") {
    // 6 KB of stderr per turn: under the per-turn cap, so only the per-game cap can cut it.
    const std::string chatter(6000, 'c');
    const int turns = 80;  // 480 KB written, more than kStderrCapPerGame
    REQUIRE(chatter.size() * turns > match::kStderrCapPerGame);
    EndlessReferee referee(turns);
    const match::MatchLog log =
        match::play_match(referee, {{"chatty", kTestbot + " echo --stderr " + chatter, ""}});
    REQUIRE(log.turns.size() == static_cast<std::size_t>(turns));
    CHECK(log.seats.at(0).outcome == match::Outcome::ok);
    CHECK(log.seats.at(0).stderr_cut);
    CHECK(stored_stderr(log) == match::kStderrCapPerGame);
    CHECK(log.turns.front().stderr_text == chatter + "\n");
    CHECK_FALSE(log.turns.front().stderr_truncated);
    CHECK(log.turns.back().stderr_text.empty());
    CHECK(log.turns.back().stderr_truncated);

    const match::Json json = match::to_json(log);
    CHECK(json.at("result").at("stderr_cut") == match::Json::array({true}));
    CHECK(json.at("turns").back().at("stderr_truncated") == true);

    SUBCASE("a bot under the cap has no note") {
        EndlessReferee short_game(5);
        const match::MatchLog quiet =
            match::play_match(short_game, {{"chatty", kTestbot + " echo --stderr " + chatter, ""}});
        CHECK_FALSE(quiet.seats.at(0).stderr_cut);
        CHECK_FALSE(match::to_json(quiet).at("result").contains("stderr_cut"));
    }
}

TEST_CASE("any bytes on stdout and stderr (NUL, invalid UTF-8): the JSON log stays valid") {
    EndlessReferee referee(3);
    const match::MatchLog log =
        match::play_match(referee, {{"garbage", kTestbot + " garbage", ""}});
    REQUIRE(log.turns.size() == 3);
    const match::Turn& turn = log.turns.front();
    REQUIRE(turn.output.has_value());
    CHECK(turn.output->size() == 254);  // every byte but '\n' and '\r', kept as they are
    CHECK(turn.output->at(0) == '\0');
    CHECK(turn.stderr_text.size() == 256);  // all 256 byte values
    CHECK(turn.stderr_text.find('\0') != std::string::npos);

    const std::string text = match::dump_json(match::to_json(log), 1);
    const nlohmann::json parsed = nlohmann::json::parse(text);  // throws if not valid (UTF-8) JSON
    const std::string output = parsed.at("turns").at(0).at("output");
    CHECK(output.substr(0, 3) == std::string("\0\x01\x02", 3));  // NUL survives as \u0000
    CHECK(output.find("\xEF\xBF\xBD") != std::string::npos);     // bytes >= 0x80: U+FFFD
    const std::string err = parsed.at("turns").at(0).at("stderr");
    CHECK(err.find("\xEF\xBF\xBD") != std::string::npos);
}

TEST_CASE("a limit's reason reaches the log's result details") {
    EndlessReferee referee(10);
    match::PlayerSpec hog{"hog", kTestbot + " memhog 2000", ""};
    hog.limits = process::Limits{};
    hog.limits->memory_mb = 100;
    const match::MatchLog log = match::play_match(referee, {hog});
    CHECK(log.seats.at(0).outcome == match::Outcome::crash);
    CHECK(log.seats.at(0).detail == "memory limit (100 MB) reached: signal 9 (SIGKILL)");
    const match::Json json = match::to_json(log);
    CHECK(json.at("result").at("details").at(0) == log.seats.at(0).detail);
    CHECK(json.at("players").at(0).at("limits") == "memory 100 MB");

    SUBCASE("MatchOptions' limits apply to bots without their own") {
        // A long turn: the CPU limit must come first even on a busy machine.
        EndlessReferee again(10, 60000);
        match::MatchOptions options;
        options.bot.limits.cpu_seconds = 1;
        const match::MatchLog spun =
            match::play_match(again, {{"spinner", kTestbot + " cpuhog", ""}}, options);
        CHECK(spun.seats.at(0).outcome == match::Outcome::crash);
        // The per-process RLIMIT_CPU (SIGXCPU) and the arena's check of the whole bot's CPU time
        // (SIGKILL) reach the same second: either may come first.
        CHECK(spun.seats.at(0).detail.rfind("CPU time limit (1 s) reached: signal ", 0) == 0);
    }
}

TEST_CASE("a bot that exits or is killed by a signal mid-game: crash, with the code or signal") {
    EndlessReferee exits(20);
    const match::MatchLog exited =
        match::play_match(exits, {{"exits", kTestbot + " crash 5 --turns 4", ""}});
    CHECK(exited.turns.size() == 4);  // three answers, then no answer on turn 4
    CHECK(exited.seats.at(0).score == 3);
    CHECK(exited.seats.at(0).outcome == match::Outcome::crash);
    CHECK(exited.seats.at(0).detail == "exit code 5");
    CHECK(exited.turns.back().error == "[ERROR] Timeout!");  // scored as CodinGame scores it

    EndlessReferee segfaults(20);
    const match::MatchLog killed =
        match::play_match(segfaults, {{"segv", kTestbot + " abort --turns 7", ""}});
    CHECK(killed.turns.size() == 7);
    CHECK(killed.seats.at(0).outcome == match::Outcome::crash);
    CHECK(killed.seats.at(0).detail == "signal 11 (SIGSEGV)");
}
