// arena's speed and timing targets, measured in one run and printed as ratios:
//   1. per-turn overhead: BotProcess::exchange() with an instant-reply bot against a bare pipe
//      round trip (blocking write + read) to the same bot process over the same pipes, turn by
//      turn in alternation, median of each. Target <= 1.5x. Measured with the arena and the bot on
//      one CPU, on two CPUs, and left to the scheduler.
//   2. SameGame and Dice Shogi games per second, fresh bot processes every game, 1 and N games
//      at once.
//   3. timing: a bot sleeping 45 ms is never timed out at a 50 ms limit and one sleeping 55 ms
//      always is, while other games run at the default concurrency.
//   2b. SameGame games per second with containment (a PID namespace per bot, the default) and
//      without it (ARENA_CONTAINMENT=process-group, in a second run of this program). Target
//      >= 250 games/s, 2 at once, containment on.
// `bench_arena --overhead` runs part 1 only.
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/process/bot_process.hpp"
#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace arena;

double micros(Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Where the bench puts the driver (this process) and the bot.
enum class Placement {
    one_cpu,    // driver and bot on one CPU: each round trip is two context switches on that CPU
    split,      // driver and bot on two different CPUs: each round trip wakes the other CPU
    scheduler,  // nothing pinned: the scheduler picks, once per bot lifetime in practice
};

// The CPUs this process may run on (a container's cpuset may leave out CPU 0).
std::vector<int> allowed_cpus() {
    cpu_set_t set;
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return cpus;
}

cpu_set_t only_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return set;
}

// Runs `body` with this thread pinned to `cpu` (or unpinned if cpu < 0), then restores.
template <class F>
void on_cpu(int cpu, F&& body) {
    cpu_set_t saved;
    sched_getaffinity(0, sizeof saved, &saved);
    if (cpu >= 0) {
        const cpu_set_t set = only_cpu(cpu);
        sched_setaffinity(0, sizeof set, &set);
    }
    body();
    sched_setaffinity(0, sizeof saved, &saved);
}

// Our end of a pipe whose other end is the bot's file descriptor `bot_fd`: the fd of this process
// that names the same pipe (/proc links read "pipe:[inode]").
int our_end_of(int bot_pid, int bot_fd) {
    const auto link = [](const std::string& path) {
        char target[128] = {};
        const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
        return std::string(target, n > 0 ? static_cast<std::size_t>(n) : 0);
    };
    const std::string pipe =
        link("/proc/" + std::to_string(bot_pid) + "/fd/" + std::to_string(bot_fd));
    for (int fd = 3; fd < 1024; ++fd)
        if (::fcntl(fd, F_GETFD) != -1 && link("/proc/self/fd/" + std::to_string(fd)) == pipe)
            return fd;
    return -1;
}

// The bot's own process: contained, the only child of its namespace's init (bot.pid()).
int bot_main_pid(int owned) {
    char path[96];
    std::snprintf(path, sizeof path, "/proc/%d/task/%d/children", owned, owned);
    std::FILE* file = std::fopen(path, "r");
    int child = 0;
    if (file != nullptr) {
        if (std::fscanf(file, "%d", &child) != 1) child = 0;
        std::fclose(file);
    }
    return child > 0 ? child : owned;
}

// One blocking round trip on the bot's own pipes, beside the arena: write, then read() until the
// line end. The arena set the pipes non-blocking (a flag of the shared open file), so it is
// cleared for the bare turn and set again after it, outside the timed part.
class BareTurns {
  public:
    BareTurns(int bot_pid) : to_bot_(our_end_of(bot_pid, 0)), from_bot_(our_end_of(bot_pid, 1)) {}
    bool found() const { return to_bot_ >= 0 && from_bot_ >= 0; }
    double timed_round_trip(const std::string& input) {
        set_blocking(true);
        const auto t0 = Clock::now();
        if (::write(to_bot_, input.data(), input.size()) < 0) std::perror("write");
        char c = 0;
        while (c != '\n') {
            char buffer[256];
            const ssize_t n = ::read(from_bot_, buffer, sizeof buffer);
            if (n <= 0) break;
            c = buffer[n - 1];
        }
        const double us = micros(Clock::now() - t0);
        set_blocking(false);
        return us;
    }

  private:
    void set_blocking(bool blocking) {
        for (int fd : {to_bot_, from_bot_}) {
            const int flags = ::fcntl(fd, F_GETFL);
            ::fcntl(fd, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK);
        }
    }
    int to_bot_, from_bot_;
};

struct RoundMedians {
    double arena_us, bare_us;
};

// One fresh bot, `turns` turns each way, alternating turn by turn between the arena
// (BotProcess::exchange) and a bare pipe round trip to the very same bot process over the very
// same pipes. Both paths thus meet the same placement of the bot, whatever the scheduler chose,
// and the same machine noise; what differs is only the arena's own code path.
RoundMedians round_medians(const std::string& input, Placement placement, int turns) {
    const std::string lines = std::to_string(std::count(input.begin(), input.end(), '\n'));
    static const std::vector<int> cpus = allowed_cpus();
    const int driver_cpu = placement == Placement::scheduler ? -1 : cpus.at(0);
    const int bot_cpu = placement == Placement::split ? cpus.at(1) : driver_cpu;
    std::vector<double> arena_us, bare_us;
    boost::asio::io_context io(1);
    std::optional<process::BotProcess> bot;
    // The bot inherits the affinity of the thread that spawns it.
    on_cpu(bot_cpu, [&] {
        bot.emplace(io, std::vector<std::string>{ARENA_TESTBOT, "echo", "--lines", lines});
    });
    BareTurns bare(bot_main_pid(bot->pid()));
    if (!bare.found()) {
        std::printf("  cannot find the bot's pipes in /proc: no bare round trip to compare\n");
        return {0, 0};
    }
    on_cpu(driver_cpu, [&] {
        for (int i = -200; i < turns; ++i) {  // 200 warm-up turns each way
            const auto t0 = Clock::now();
            if (bot->exchange(input, std::chrono::milliseconds(1000)).status !=
                process::ReadStatus::line)
                std::printf("  unexpected: no answer\n");
            const double arena = micros(Clock::now() - t0);
            const double bare_trip = bare.timed_round_trip(input);
            if (i >= 0) {
                arena_us.push_back(arena);
                bare_us.push_back(bare_trip);
            }
        }
    });
    return {median(arena_us), median(bare_us)};
}

// Per-turn overhead: arena against a bare pipe round trip, medians over all turns of several
// rounds, a fresh bot each round. Pinned, the figures are steady. Left to the scheduler, where a
// bot lands decides the cost of every turn (a bot on the other, idle virtual CPU pays ~40 us a
// turn to wake it, whichever path drives it): that case prints every round.
void bench_overhead(const char* what, const std::string& input, Placement placement) {
    const bool free = placement == Placement::scheduler;
    const int rounds = free ? 10 : 2;
    const int turns = free ? 2000 : 5000;
    std::vector<RoundMedians> per_round;
    for (int round = 0; round < rounds; ++round)
        per_round.push_back(round_medians(input, placement, turns));
    // Equal turns per round: the median of the round medians stands for the median of all turns.
    std::vector<double> arena_rounds, bare_rounds;
    for (const RoundMedians& r : per_round) {
        arena_rounds.push_back(r.arena_us);
        bare_rounds.push_back(r.bare_us);
    }
    const double a = median(arena_rounds), b = median(bare_rounds);
    const char* where = placement == Placement::one_cpu ? "arena and bot on one CPU"
                        : placement == Placement::split ? "arena and bot on two CPUs"
                                                        : "scheduler's choice of CPUs";
    std::printf("1. per-turn overhead, %s, %s, %d rounds x %d turns each way\n", what, where,
                rounds, turns);
    std::printf("   bare pipe round trip   median %8.2f us\n", b);
    std::printf("   arena exchange()       median %8.2f us\n", a);
    std::printf("   ratio arena / bare     %8.2fx   (target <= 1.50x: %s)\n", a / b,
                a / b <= 1.5 ? "met" : "NOT met");
    if (free) {
        std::printf("   per round (a fresh bot each), median us arena/bare:");
        for (const RoundMedians& r : per_round) std::printf(" %.0f/%.0f", r.arena_us, r.bare_us);
        std::printf("\n");
    }
    std::printf("\n");
}

// Plays SameGame games with the greedy bot on the 50 boards for about `seconds`, `threads` at once.
void play_games(int threads, double seconds, std::atomic<long>& games, std::atomic<long>& turns,
                const std::atomic<bool>* stop = nullptr) {
    const auto& boards = referee::samegame_boards();
    std::atomic<long> next{0};
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&] {
            while (stop ? !stop->load() : Clock::now() < deadline) {
                const auto& board = boards[next++ % boards.size()];
                referee::GameSetup setup;
                setup.game = "samegame";
                setup.testcase = std::string(board.text);
                auto ref = referee::make_referee(setup);
                match::PlayerSpec greedy;
                greedy.name = "greedy";
                greedy.command = ARENA_GREEDY_BOT;
                match::MatchLog log = match::play_match(*ref, {greedy});
                ++games;
                turns += static_cast<long>(log.turns.size());
            }
        });
    }
}

// Plays Dice Shogi games between two instant bots (both answer `random`, which the referee
// accepts and resolves from the game seed) for about `seconds`, `threads` at once.
void play_diceshogi_games(int threads, double seconds, std::atomic<long>& games,
                          std::atomic<long>& turns) {
    std::atomic<long> next{0};
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    const std::string instant = std::string(ARENA_TESTBOT) + " reply random";
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&] {
            while (Clock::now() < deadline) {
                referee::GameSetup setup;
                setup.game = "diceshogi";
                setup.players = 2;
                setup.seed = next++;
                auto ref = referee::make_referee(setup);
                match::PlayerSpec a, b;
                a.name = "a";
                a.command = instant;
                b.name = "b";
                b.command = instant;
                match::MatchLog log = match::play_match(*ref, {a, b});
                ++games;
                turns += static_cast<long>(log.turns.size());
            }
        });
    }
}

// Games and turns per second with `play(threads, seconds, games, turns)` running 1, then `cores`
// games at once for 5 s each; the target applies to `cores` at once.
template <class Play>
void print_games_per_second(Play play, int target) {
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    for (int threads : {1, cores}) {
        std::atomic<long> games{0}, turns{0};
        const auto t0 = Clock::now();
        play(threads, 5.0, games, turns);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("   %d at once: %7.1f games/s, %9.0f turns/s", threads, games / s, turns / s);
        if (threads == cores)
            std::printf("   (target >= %d: %s)", target, games / s >= target ? "met" : "NOT met");
        std::printf("\n");
    }
}

void bench_games_per_second() {
    std::printf(
        "2. SameGame games per second (greedy bot, fresh process every game, 50 boards in turn)\n");
    print_games_per_second(
        [](int threads, double seconds, std::atomic<long>& games, std::atomic<long>& turns) {
            play_games(threads, seconds, games, turns);
        },
        500);
    std::printf(
        "   Dice Shogi, two instant bots (fresh processes every game, seeds 0, 1, 2, ...)\n");
    print_games_per_second(play_diceshogi_games, 200);
    std::printf("\n");
}

// SameGame games per second, 2 at once, for about `seconds`.
double samegame_games_per_second(double seconds) {
    std::atomic<long> games{0}, turns{0};
    const auto t0 = Clock::now();
    play_games(2, seconds, games, turns);
    return games / std::chrono::duration<double>(Clock::now() - t0).count();
}

// Containment is chosen once per process, so the figure without it comes from this program run
// again with ARENA_CONTAINMENT=process-group (`bench_arena --games-per-second`).
void bench_containment_cost() {
    std::printf("2b. containment: SameGame games per second (greedy), 2 at once, 4 s each\n");
    const double on = samegame_games_per_second(4.0);
    double off = 0;
    char command[4200];
    char self[4096] = {};
    if (::readlink("/proc/self/exe", self, sizeof self - 1) > 0) {
        std::snprintf(command, sizeof command,
                      "ARENA_CONTAINMENT=process-group '%s' --games-per-second 2>/dev/null", self);
        if (std::FILE* child = ::popen(command, "r")) {
            if (std::fscanf(child, "%lf", &off) != 1) off = 0;
            ::pclose(child);
        }
    }
    std::printf("   containment on  (PID namespace per bot): %7.1f games/s   (target >= 250: %s)\n",
                on, on >= 250 ? "met" : "NOT met");
    std::printf("   containment off (process group only):    %7.1f games/s\n", off);
    if (off > 0) std::printf("   ratio on / off: %.2f\n", on / off);
    std::printf("\n");
}

void bench_timing() {
    constexpr int kTurns = 100;
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    std::printf("3. timing at a 50 ms limit, %d turns per bot, while %d other games run\n", kTurns,
                cores);
    std::atomic<bool> stop{false};
    std::atomic<long> games{0}, turns{0};
    std::jthread load([&] { play_games(cores, 0, games, turns, &stop); });
    for (int sleep_ms : {45, 55}) {
        boost::asio::io_context io;
        process::BotProcess bot(io, {ARENA_TESTBOT, "sleep", std::to_string(sleep_ms)});
        int timeouts = 0;
        double worst = 0;
        for (int i = 0; i < kTurns; ++i) {
            process::ReadResult r = bot.exchange("go\n", std::chrono::milliseconds(50));
            if (r.status != process::ReadStatus::line) {
                ++timeouts;
                bot.stop();
                break;  // a timed-out bot is stopped, as in a match: count the rest as timeouts
            }
            worst = std::max(worst, std::chrono::duration<double, std::milli>(r.elapsed).count());
        }
        if (timeouts) {
            // Every turn of a 55 ms bot must time out: check each with a fresh bot.
            timeouts = 0;
            for (int i = 0; i < kTurns; ++i) {
                boost::asio::io_context io2;
                process::BotProcess b(io2, {ARENA_TESTBOT, "sleep", std::to_string(sleep_ms)});
                timeouts += b.exchange("go\n", std::chrono::milliseconds(50)).status !=
                            process::ReadStatus::line;
            }
        }
        const bool ok = sleep_ms < 50 ? timeouts == 0 : timeouts == kTurns;
        std::printf("   bot sleeping %d ms: %3d/%d turns timed out", sleep_ms, timeouts, kTurns);
        if (sleep_ms < 50) std::printf(", slowest answer %.2f ms", worst);
        std::printf("   (target %s: %s)\n", sleep_ms < 50 ? "none" : "all", ok ? "met" : "NOT met");
    }
    stop = true;
    load.join();
    std::printf("   (background games played meanwhile: %ld)\n", games.load());
}

}  // namespace

int main(int argc, char** argv) {
    const bool overhead_only = argc > 1 && std::string(argv[1]) == "--overhead";
    std::signal(SIGPIPE, SIG_IGN);
    if (argc > 1 && std::string(argv[1]) == "--games-per-second") {
        std::printf("%.1f\n", samegame_games_per_second(4.0));
        return 0;
    }
    const std::string board(referee::samegame_boards().at(5).text);
    bench_overhead("one-line input", "7 4\n", Placement::one_cpu);
    bench_overhead("SameGame board input (15 lines)", board, Placement::one_cpu);
    if (allowed_cpus().size() >= 2) {
        bench_overhead("one-line input", "7 4\n", Placement::split);
        bench_overhead("SameGame board input (15 lines)", board, Placement::split);
    }
    bench_overhead("one-line input", "7 4\n", Placement::scheduler);
    if (overhead_only) return 0;
    bench_games_per_second();
    bench_containment_cost();
    bench_timing();
}
