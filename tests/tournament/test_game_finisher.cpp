// GameFinisher (game_finisher.hpp): a worker's last game is written while its next one plays,
// at most one game waits, nothing handed over is dropped, and without overlap (the gate) a game
// is written before add() returns.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "arena/tournament/game_finisher.hpp"

using arena::tournament::GameFinisher;
using arena::tournament::PlayedGame;
using namespace std::chrono_literals;

namespace {

// A finish function that records what it wrote, on which thread, and can be held: while held,
// every game it is given waits until release().
struct Writer {
    std::mutex lock;
    std::condition_variable changed;
    bool held = false;
    std::vector<std::size_t> written;
    std::vector<std::thread::id> threads;
    int started = 0;

    GameFinisher::Finish finish() {
        return [this](PlayedGame&& game) {
            std::unique_lock guard(lock);
            ++started;
            changed.notify_all();
            changed.wait(guard, [&] { return !held; });
            written.push_back(game.nth);
            threads.push_back(std::this_thread::get_id());
            changed.notify_all();
        };
    }
    void release() {
        std::lock_guard guard(lock);
        held = false;
        changed.notify_all();
    }
    // Waits (at most 10 s) until `n` games were given to the finish function.
    bool wait_started(int n) {
        std::unique_lock guard(lock);
        return changed.wait_for(guard, 10s, [&] { return started >= n; });
    }
};

PlayedGame game(std::size_t nth) {
    PlayedGame g;
    g.nth = nth;
    g.log.game = "samegame";
    return g;
}

}  // namespace

TEST_CASE("game finisher: the next game plays while the last one is written") {
    Writer writer;
    writer.held = true;  // writing game 0 takes as long as the test wants
    {
        GameFinisher finisher(writer.finish(), true);
        finisher.add(game(0));  // returns although game 0 is not written
        REQUIRE(writer.wait_started(1));
        finisher.add(game(1));  // waits in the slot: game 0 still being written
        {
            std::lock_guard guard(writer.lock);
            CHECK(writer.written.empty());
            CHECK(writer.started == 1);
        }
        // A third game waits for the slot: add() returns only once game 0 is written.
        std::thread third([&] { finisher.add(game(2)); });
        std::this_thread::sleep_for(50ms);
        {
            std::lock_guard guard(writer.lock);
            CHECK(writer.written.empty());
        }
        writer.release();
        third.join();
    }  // destroyed: what it held is written first
    CHECK(writer.written == std::vector<std::size_t>{0, 1, 2});
    for (std::thread::id id : writer.threads) CHECK(id != std::this_thread::get_id());
}

TEST_CASE("game finisher: destroyed at once, it still writes the game it holds") {
    Writer writer;
    {
        GameFinisher finisher(writer.finish(), true);
        for (std::size_t i = 0; i < 20; ++i) finisher.add(game(i));
    }
    REQUIRE(writer.written.size() == 20);
    for (std::size_t i = 0; i < 20; ++i) CHECK(writer.written[i] == i);  // in the worker's order
}

TEST_CASE("game finisher: without overlap a game is written before add() returns") {
    Writer writer;
    GameFinisher finisher(writer.finish(), false);
    finisher.add(game(7));
    REQUIRE(writer.written == std::vector<std::size_t>{7});
    CHECK(writer.threads[0] == std::this_thread::get_id());
}
