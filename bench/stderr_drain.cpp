// Issue 28's "stderr drained at pipe speed": a bot that writes MB of stderr before each answer
// (CodinGame players print their debug state there) gets its turns from the arena (BotProcess,
// which keeps 8 KiB a turn and drops the rest) within 2x of the time the same bot takes when `cat`
// drains its stderr (a second process, `cat > /dev/null`, on the stderr pipe; stdin and stdout
// piped by a bare driver). Both games alternate, TURNS turns each, ROUNDS rounds; prints the
// median time of a turn (from writing the input until the answer's line end) of each and their
// ratio: turn 1, turn 2, the later turns, and each game's slowest turn after the first. The
// process layer only: bench/driver_ratio.sh also compares whole games of `arena play`.
//
//   stderr_drain [ROUNDS [TURNS]] -- BOT [ARGS...]      (bench/driver_ratio.sh runs it)
//   e.g. stderr_drain 5 20 -- build/bots/test/testbot stderrflood --mb 4
//        stderr_drain 5 20 -- python3 -c 'import sys ...'   (many small writes, as print() does)
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double millis(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

const std::string kInput = "7 4\n";

// One game under the arena's process layer: TURNS exchanges, each turn's time kept.
void arena_game(const std::vector<std::string>& argv, int turns, std::vector<double>& times) {
    boost::asio::io_context io(1);
    arena::process::BotProcess bot(io, argv);
    for (int t = 0; t < turns; ++t) {
        const auto read = bot.exchange(kInput, std::chrono::milliseconds(20000));
        if (read.status != arena::process::ReadStatus::line) {
            std::fprintf(stderr, "stderr_drain: the bot gave no line under the arena\n");
            std::exit(1);
        }
        times.push_back(millis(read.elapsed));
    }
    bot.stop();
}

pid_t spawn(const std::vector<char*>& argv, int in, int out, int err) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(in, 0);
        ::dup2(out, 1);
        if (err >= 0) ::dup2(err, 2);
        ::execvp(argv[0], argv.data());
        ::_exit(127);
    }
    return pid;
}

// The same game with stdin and stdout piped by hand and stderr drained by `cat > /dev/null`.
void bare_game(const std::vector<char*>& argv, int turns, std::vector<double>& times) {
    int to_bot[2], from_bot[2], err[2];
    if (::pipe2(to_bot, O_CLOEXEC) || ::pipe2(from_bot, O_CLOEXEC) || ::pipe2(err, O_CLOEXEC))
        std::exit(1);
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    std::vector<char*> cat_argv = {const_cast<char*>("cat"), nullptr};
    const pid_t cat = spawn(cat_argv, err[0], null, -1);
    const pid_t bot = spawn(argv, to_bot[0], from_bot[1], err[1]);
    for (int fd : {to_bot[0], from_bot[1], err[0], err[1], null}) ::close(fd);
    char buffer[4096];
    for (int t = 0; t < turns; ++t) {
        const auto start = Clock::now();
        if (::write(to_bot[1], kInput.data(), kInput.size()) < 0) std::exit(1);
        for (;;) {
            const ssize_t n = ::read(from_bot[0], buffer, sizeof buffer);
            if (n <= 0) {
                std::fprintf(stderr, "stderr_drain: the bot gave no line under the bare driver\n");
                std::exit(1);
            }
            if (std::memchr(buffer, '\n', static_cast<std::size_t>(n))) break;
        }
        times.push_back(millis(Clock::now() - start));
    }
    ::close(to_bot[1]);
    ::close(from_bot[0]);
    ::kill(bot, SIGKILL);
    ::waitpid(bot, nullptr, 0);
    ::waitpid(cat, nullptr, 0);
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 5, turns = 20;
    int i = 1;
    if (i < argc && std::strcmp(argv[i], "--") != 0) rounds = std::atoi(argv[i++]);
    if (i < argc && std::strcmp(argv[i], "--") != 0) turns = std::atoi(argv[i++]);
    if (i >= argc || std::strcmp(argv[i], "--") != 0 || i + 1 >= argc || rounds < 1 || turns < 1) {
        std::fprintf(stderr, "usage: stderr_drain [ROUNDS [TURNS]] -- BOT [ARGS...]\n");
        return 2;
    }
    std::vector<std::string> bot(argv + i + 1, argv + argc);
    std::vector<char*> bot_c(argv + i + 1, argv + argc);
    bot_c.push_back(nullptr);
    ::signal(SIGPIPE, SIG_IGN);
    // Per turn number, every round's time: the first turns (the bot's start, its first flood)
    // are where a slow drain shows first, and a timeout there ends a game.
    const auto n = static_cast<std::size_t>(turns);
    std::vector<std::vector<double>> arena(n), bare(n);
    for (int r = 0; r < rounds; ++r) {
        std::vector<double> a, b;
        arena_game(bot, turns, a);
        bare_game(bot_c, turns, b);
        for (std::size_t t = 0; t < n; ++t) {
            arena[t].push_back(a[t]);
            bare[t].push_back(b[t]);
        }
    }
    std::printf("%d rounds of %d turns, median ms (ratio arena / bare, target <= 2):\n", rounds,
                turns);
    const auto row = [](const char* what, const std::vector<double>& a,
                        const std::vector<double>& b) {
        const double ma = median(a), mb = median(b);
        std::printf("  %-16s arena %8.2f  bare driver, cat on stderr %8.2f  ratio %5.2f\n", what,
                    ma, mb, mb > 0 ? ma / mb : 0.0);
    };
    row("turn 1", arena[0], bare[0]);
    if (n > 1) row("turn 2", arena[1], bare[1]);
    std::vector<double> later_a, later_b, worst_a, worst_b;
    for (std::size_t t = 2; t < n; ++t) {
        later_a.insert(later_a.end(), arena[t].begin(), arena[t].end());
        later_b.insert(later_b.end(), bare[t].begin(), bare[t].end());
    }
    if (n > 2) row("turns 3-", later_a, later_b);
    for (std::size_t r = 0; r < static_cast<std::size_t>(rounds); ++r) {
        double wa = 0, wb = 0;  // the game's slowest turn after its first
        for (std::size_t t = 1; t < n; ++t) {
            wa = std::max(wa, arena[t][r]);
            wb = std::max(wb, bare[t][r]);
        }
        worst_a.push_back(wa);
        worst_b.push_back(wb);
    }
    if (n > 1) row("slowest after 1", worst_a, worst_b);
}
