// Games do not starve each other (docs/timing.md): a well-behaved bot that thinks 30 ms of CPU a
// turn under CodinGame's 50 ms limit, played while the game next to it runs a bot with 16
// spinning threads, and while it runs an idle bot. Rounds alternate the neighbours; the figure
// is each neighbour's false-timeout rate, with and without a CPU share per bot
// (BotOptions::cpu_share, which a tournament gives its bots with --concurrency above 1). The
// target: with CPU shares, the spinner does not raise the rate beyond the idle figure's noise.
//
//   build/bench/bench_cpu_share [TURNS_PER_ROUND] [ROUNDS]     (default 100 5)
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "arena/process/bot_process.hpp"

using namespace arena::process;
using namespace std::chrono_literals;

namespace {

const std::string kTestbot = ARENA_TESTBOT;

struct Tally {
    int turns = 0, timeouts = 0;
    double rate() const { return turns ? 100.0 * timeouts / turns : 0; }
};

// `turns` turns of the 30 ms bot while `neighbour` runs in a game of its own.
void round(const std::vector<std::string>& neighbour, bool cpu_share, int turns, Tally& tally) {
    BotOptions options;
    options.cpu_share = cpu_share;
    boost::asio::io_context other_io(1);
    BotProcess other(other_io, neighbour, options);
    (void)other.exchange("start\n", 5000ms);  // its threads run from here on
    std::this_thread::sleep_for(100ms);
    boost::asio::io_context io(1);
    BotProcess good(io, {kTestbot, "spin", "30"}, options);
    (void)good.exchange("warm-up\n", 5000ms);
    for (int t = 0; t < turns; ++t) {
        const ReadResult read = good.exchange("turn\n", 50ms);
        ++tally.turns;
        if (read.status != ReadStatus::line) {
            ++tally.timeouts;
            good.stop();
            return;  // as in a game: a timeout ends the bot
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int turns = argc > 1 ? std::atoi(argv[1]) : 100;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    const std::vector<std::string> spinner = {kTestbot, "spinners", "16"};
    const std::vector<std::string> idle = {kTestbot, "echo"};
    const bool shares = cpu_shares_supported();
    std::printf("cpu_share bench: %d rounds of up to %d turns of a 30 ms bot (limit 50 ms), %u "
                "CPUs; CPU shares %s\n",
                rounds, turns, std::thread::hardware_concurrency(),
                shares ? "available" : "NOT available (no writable cgroup: run as root)");
    Tally idle_shared, spin_shared, idle_plain, spin_plain;
    for (int r = 0; r < rounds; ++r) {
        round(idle, true, turns, idle_shared);
        round(spinner, true, turns, spin_shared);
        round(idle, false, turns, idle_plain);
        round(spinner, false, turns, spin_plain);
    }
    auto line = [](const char* what, const Tally& t) {
        std::printf("  %-34s %5d turns, %3d false timeouts (%.1f%% of turns)\n", what, t.turns,
                    t.timeouts, t.rate());
    };
    line("idle neighbour, CPU shares", idle_shared);
    line("16-thread spinner, CPU shares", spin_shared);
    line("idle neighbour, no CPU shares", idle_plain);
    line("16-thread spinner, no CPU shares", spin_plain);
    return 0;
}
