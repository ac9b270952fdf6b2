// When a turn's clock starts and what it records: a bot's start-up is not charged to its first
// turn (BotOptions::startup_allowance), a late answer's real time is measured within the late
// grace, and the CPU and wait of its threads are told per turn. Driven through bots/test/testbot.
// Bounds are wide: they separate "charged" from "not charged", never measure speed.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "arena/process/bot_process.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using Strings = std::vector<std::string>;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

Strings testbot(Strings args) {
    args.insert(args.begin(), kTestbot);
    return args;
}

double ms(std::chrono::nanoseconds d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

ReadResult first_turn(const Strings& argv, std::chrono::milliseconds allowance,
                      std::chrono::milliseconds limit) {
    boost::asio::io_context io(1);
    BotOptions options;
    options.startup_allowance = allowance;
    BotProcess bot(io, argv, options);
    return bot.exchange("hello\n", limit);
}

}  // namespace

TEST_CASE("a slow start-up is not charged to the first turn") {
    // 600 ms before it reads anything, then an instant answer, under a 300 ms first-turn limit.
    const Strings slow = testbot({"echo", "--start-ms", "600"});
    const ReadResult read = first_turn(slow, 4000ms, 300ms);
    REQUIRE(read.status == ReadStatus::line);
    CHECK(read.line == "hello");
    REQUIRE(read.startup);
    CHECK(ms(*read.startup) >= 590);
    CHECK(read.startup_wait >= 500ms);  // it was not waiting when its input was written
    CHECK_FALSE(read.startup_exceeded);
    CHECK(ms(read.elapsed) < 300);  // from when it began reading, not from the spawn
}

TEST_CASE("without a start-up allowance the clock starts at the write, as before") {
    const ReadResult read = first_turn(testbot({"echo", "--start-ms", "600"}), 0ms, 300ms);
    CHECK(read.status == ReadStatus::timeout);
    CHECK_FALSE(read.startup_exceeded);
}

TEST_CASE("a start-up beyond the allowance: the clock starts when the allowance runs out") {
    // Reads after 1500 ms; the allowance is 300 ms and the limit 200 ms: a timeout at ~500 ms.
    const auto before = std::chrono::steady_clock::now();
    const ReadResult read = first_turn(testbot({"echo", "--start-ms", "1500"}), 300ms, 200ms);
    const double waited = ms(std::chrono::steady_clock::now() - before);
    CHECK(read.status == ReadStatus::timeout);
    CHECK(read.startup_exceeded);
    CHECK(waited < 1400);  // it did not wait for the bot's start-up
    REQUIRE(read.startup);
    CHECK(ms(*read.startup) >= 290);
}

TEST_CASE("a bot waiting for its input is timed from the write; its start-up is told") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.startup_allowance = 4000ms;
    BotProcess bot(io, testbot({"sleep", "150"}), options);
    std::this_thread::sleep_for(300ms);  // it has started and waits in read()
    const ReadResult read = bot.exchange("x\n", 1000ms);
    REQUIRE(read.status == ReadStatus::line);
    CHECK(ms(read.elapsed) >= 140);
    CHECK(read.startup_wait < 100ms);  // not the allowance: it was waiting
    REQUIRE(read.startup);
    CHECK(ms(*read.startup) >= 290);  // spawn to the write: an upper bound of its start-up
    // Later turns have no start-up.
    CHECK_FALSE(bot.exchange("y\n", 1000ms).startup);
}

TEST_CASE("a late answer is measured within the grace, never taken as an answer") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"sleep", "150"}));
    const ReadResult late = bot.exchange("a\n", 80ms, 200ms);
    CHECK(late.status == ReadStatus::timeout);
    CHECK(late.late);
    CHECK(late.line == "a");
    CHECK(ms(late.elapsed) >= 140);
    CHECK(ms(late.elapsed) < 280);

    boost::asio::io_context io2(1);
    BotProcess silent(io2, testbot({"noread"}));
    const ReadResult none = silent.exchange("a\n", 50ms, 50ms);
    CHECK(none.status == ReadStatus::timeout);
    CHECK_FALSE(none.late);
    CHECK(ms(none.elapsed) >= 99);
}

TEST_CASE("a turn tells the CPU time the bot used and how long it waited for a CPU") {
    boost::asio::io_context io(1);
    BotProcess bot(io, testbot({"spin", "60"}));
    ReadResult read = bot.exchange("a\n", 5000ms);
    REQUIRE(read.status == ReadStatus::line);
    if (!read.cpu) {
        MESSAGE("SKIPPED (this kernel tells no CPU time per thread, or the bot's pid is unknown)");
        return;
    }
    CHECK(ms(*read.cpu) >= 55);
    CHECK(ms(*read.cpu) <= ms(read.elapsed) + 5);
    REQUIRE(read.wait);
    CHECK(ms(*read.wait) <= ms(read.elapsed) + 5);
    // A turn of sleeping uses next to no CPU.
    BotProcess sleeper(io, testbot({"sleep", "100"}));
    read = sleeper.exchange("b\n", 5000ms);
    REQUIRE(read.cpu);
    CHECK(ms(*read.cpu) < 30);
}
