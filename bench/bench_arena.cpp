// arena's speed and timing targets, measured in one run and printed as ratios:
//   1. per-turn overhead: BotProcess::exchange() with an instant-reply bot against a bare pipe
//      round trip (write + read on plain pipes to the same bot), median of each. Target <= 1.5x.
//   2. SameGame and Dice Shogi games per second, fresh bot processes every game, 1 and N games
//      at once.
//   3. timing: a bot sleeping 45 ms is never timed out at a 50 ms limit and one sleeping 55 ms
//      always is, while other games run at the default concurrency.
#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <sys/wait.h>
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

extern char** environ;

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

// The same bot on plain pipes, driven with blocking write()/read(): the floor any arena pays.
class BarePipeBot {
  public:
    BarePipeBot(const char* path, const std::string& lines_per_turn) {
        int in[2], out[2];
        if (pipe(in) || pipe(out)) std::perror("pipe");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_addclose(&actions, in[1]);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        char* argv[] = {const_cast<char*>(path), const_cast<char*>("echo"),
                        const_cast<char*>("--lines"), const_cast<char*>(lines_per_turn.c_str()),
                        nullptr};
        if (posix_spawn(&pid_, path, &actions, nullptr, argv, environ)) std::perror("posix_spawn");
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        to_bot_ = in[1];
        from_bot_ = out[0];
    }
    ~BarePipeBot() {
        close(to_bot_);
        close(from_bot_);
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    void round_trip(const std::string& line) {
        if (write(to_bot_, line.data(), line.size()) < 0) std::perror("write");
        char c = 0;
        while (c != '\n') {
            char buffer[256];
            const ssize_t n = read(from_bot_, buffer, sizeof buffer);
            if (n <= 0) return;
            c = buffer[n - 1];
        }
    }

  private:
    pid_t pid_ = 0;
    int to_bot_ = -1, from_bot_ = -1;
};

// `input` is sent each turn; the bot reads all its lines and answers with the first one.
// With `one_cpu`, the arena and both bots share CPU 0 (bots inherit the affinity): every round
// trip is then two context switches on one CPU, and the ratio shows the arena's own work. Left
// free, the scheduler may put a bot on the other, idle CPU, and waking an idle virtual CPU costs
// ~50 us, at random, for either path: on an idle VM the unpinned medians swing run to run.
void bench_overhead(const char* what, const std::string& input, bool one_cpu) {
    cpu_set_t saved;
    sched_getaffinity(0, sizeof saved, &saved);
    if (one_cpu) {
        cpu_set_t cpu0;
        CPU_ZERO(&cpu0);
        CPU_SET(0, &cpu0);
        sched_setaffinity(0, sizeof cpu0, &cpu0);
    }
    constexpr int kTurns = 20000;
    const std::string& line = input;
    const std::string lines = std::to_string(std::count(input.begin(), input.end(), '\n'));
    // Left to the scheduler, where each bot process lands decides the cost (a bot on the other,
    // idle virtual CPU costs ~40 us a turn, whoever drives it). So the free case plays rounds
    // with fresh bots, starting them in turn arena-first and bare-first, and compares all turns:
    // the two paths see the same mix of placements.
    const int rounds = one_cpu ? 1 : 10;
    std::vector<double> arena_us, bare_us;
    std::vector<std::pair<double, double>> round_medians;
    for (int round = 0; round < rounds; ++round) {
        boost::asio::io_context io(1);
        std::optional<process::BotProcess> arena_bot;
        std::optional<BarePipeBot> bare_bot;
        if (round % 2 == 0) {
            arena_bot.emplace(io, std::vector<std::string>{ARENA_TESTBOT, "echo", "--lines", lines});
            bare_bot.emplace(ARENA_TESTBOT, lines);
        } else {
            bare_bot.emplace(ARENA_TESTBOT, lines);
            arena_bot.emplace(io, std::vector<std::string>{ARENA_TESTBOT, "echo", "--lines", lines});
        }
        for (int warm = 0; warm < 200; ++warm) {
            arena_bot->exchange(line, std::chrono::milliseconds(1000));
            bare_bot->round_trip(line);
        }
        // Alternate turn by turn, so that whatever the machine does hits both alike.
        std::vector<double> round_arena, round_bare;
        for (int i = 0; i < kTurns / rounds; ++i) {
            auto t0 = Clock::now();
            process::ReadResult r = arena_bot->exchange(line, std::chrono::milliseconds(1000));
            round_arena.push_back(micros(Clock::now() - t0));
            if (r.status != process::ReadStatus::line) std::printf("  unexpected: no answer\n");
            t0 = Clock::now();
            bare_bot->round_trip(line);
            round_bare.push_back(micros(Clock::now() - t0));
        }
        round_medians.emplace_back(median(round_arena), median(round_bare));
        arena_us.insert(arena_us.end(), round_arena.begin(), round_arena.end());
        bare_us.insert(bare_us.end(), round_bare.begin(), round_bare.end());
    }
    const double a = median(arena_us), b = median(bare_us);
    sched_setaffinity(0, sizeof saved, &saved);
    std::printf("1. per-turn overhead, %s, %s, %d turns each, instant-reply bot\n", what,
                one_cpu ? "arena and bot on one CPU" : "scheduler's choice of CPUs", kTurns);
    std::printf("   bare pipe round trip   median %8.2f us\n", b);
    std::printf("   arena exchange()       median %8.2f us\n", a);
    std::printf("   ratio arena / bare     %8.2fx   (target <= 1.50x: %s)\n", a / b,
                a / b <= 1.5 ? "met" : "NOT met");
    if (rounds > 1) {
        std::printf("   per round (fresh bots), median us arena/bare:");
        for (const auto& [arena, bare] : round_medians) std::printf(" %.0f/%.0f", arena, bare);
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

void bench_games_per_second() {
    std::printf(
        "2. SameGame games per second (greedy bot, fresh process every game, 50 boards in turn)\n");
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    for (int threads : {1, cores}) {
        std::atomic<long> games{0}, turns{0};
        const auto t0 = Clock::now();
        play_games(threads, 5.0, games, turns);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("   %d at once: %7.1f games/s, %9.0f turns/s%s\n", threads, games / s,
                    turns / s,
                    threads == cores ? (games / s >= 500 ? "   (target >= 500: met)"
                                                         : "   (target >= 500: NOT met)")
                                     : "");
    }
    std::printf(
        "   Dice Shogi, two instant bots (fresh processes every game, seeds 0, 1, 2, ...)\n");
    for (int threads : {1, cores}) {
        std::atomic<long> games{0}, turns{0};
        const auto t0 = Clock::now();
        play_diceshogi_games(threads, 5.0, games, turns);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("   %d at once: %7.1f games/s, %9.0f turns/s%s\n", threads, games / s,
                    turns / s,
                    threads == cores ? (games / s >= 200 ? "   (target >= 200: met)"
                                                         : "   (target >= 200: NOT met)")
                                     : "");
    }
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

int main() {
    std::signal(SIGPIPE, SIG_IGN);
    const std::string board(referee::samegame_boards().at(5).text);
    bench_overhead("one-line input", "7 4\n", true);
    bench_overhead("SameGame board input (15 lines)", board, true);
    bench_overhead("one-line input", "7 4\n", false);
    bench_games_per_second();
    bench_timing();
}
