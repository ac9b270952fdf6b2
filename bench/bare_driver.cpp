// The "bare driver" of issue 17's target: the least any tool can do to play recorded games again.
// For each match log given, it spawns the bot (fork + execvp, stdin and stdout on pipes), writes
// each turn's recorded input bytes and reads one line back, then closes the pipes, kills and reaps
// the bot. No referee, no timing per turn, no log, no containment: what remains is the cost of the
// processes and the pipes. `bench/driver_ratio.sh` compares a full arena tournament against it.
//
//   bare_driver [--jobs J] [--repeat R] LOG.json... -- BOT [ARGS...]
//
// The logs are read (nlohmann::json) before the clock starts; only the replay is timed. Prints
// "games G turns T seconds S" on stdout. The bot's answers are read but not checked: an instant
// bot answers at once whatever it is sent. Exit 1 if a bot ended before answering a turn.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace {

using Game = std::vector<std::string>;  // each turn's input bytes, in order

// The inputs sent to seat 0 (one-player games: every turn).
Game load_game(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    const nlohmann::json log = nlohmann::json::parse(in);
    Game game;
    for (const auto& turn : log.at("turns"))
        if (turn.at("player").get<int>() == 0) game.push_back(turn.at("input").get<std::string>());
    return game;
}

bool write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// Reads until a '\n' arrives; bytes after it (none from a bot that waits for its next input) are
// dropped.
bool read_line(int fd) {
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        if (std::memchr(buffer, '\n', static_cast<std::size_t>(n))) return true;
    }
}

// One game: spawn, one write + one line read per turn, close, kill, reap.
bool play(const Game& game, const std::vector<char*>& argv) {
    int to_bot[2], from_bot[2];
    if (::pipe2(to_bot, O_CLOEXEC) != 0 || ::pipe2(from_bot, O_CLOEXEC) != 0) return false;
    const pid_t pid = ::fork();
    if (pid < 0) return false;
    if (pid == 0) {
        ::dup2(to_bot[0], 0);
        ::dup2(from_bot[1], 1);
        ::execvp(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(to_bot[0]);
    ::close(from_bot[1]);
    bool answered = true;
    for (const std::string& input : game) {
        if (!write_all(to_bot[1], input) || !read_line(from_bot[0])) {
            answered = false;
            break;
        }
    }
    ::close(to_bot[1]);
    ::close(from_bot[0]);
    ::kill(pid, SIGKILL);  // as the arena ends a bot after its game: it may never exit by itself
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return answered;
}

}  // namespace

int main(int argc, char** argv) {
    int jobs = 1, repeat = 1;
    std::vector<std::string> logs;
    std::vector<char*> bot_argv;  // the words after "--", as given: no shell, no splitting
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            bot_argv.assign(argv + i + 1, argv + argc);
            break;
        }
        if (arg == "--jobs" && i + 1 < argc) {
            jobs = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--repeat" && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else {
            logs.push_back(arg);
        }
    }
    if (bot_argv.empty() || logs.empty()) {
        std::fprintf(stderr,
                     "usage: bare_driver [--jobs J] [--repeat R] LOG.json... -- BOT [ARGS...]\n");
        return 2;
    }
    bot_argv.push_back(nullptr);
    ::signal(SIGPIPE, SIG_IGN);  // a bot that ends early is a failed game, not a dead driver
    std::vector<Game> games;
    long turns = 0;
    try {
        for (int r = 0; r < repeat; ++r)
            for (const std::string& path : logs) {
                games.push_back(load_game(path));
                turns += static_cast<long>(games.back().size());
            }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bare_driver: %s\n", e.what());
        return 2;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<long> failed{0};
    const auto start = std::chrono::steady_clock::now();
    {
        std::vector<std::jthread> workers;
        for (int j = 0; j < jobs; ++j)
            workers.emplace_back([&] {
                for (std::size_t g; (g = next++) < games.size();)
                    if (!play(games[g], bot_argv)) ++failed;
            });
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("games %zu turns %ld seconds %.4f\n", games.size(), turns, seconds);
    if (failed) std::fprintf(stderr, "bare_driver: %ld game(s) ended early\n", failed.load());
    return failed ? 1 : 0;
}
