// Dice Shogi (CodinGame) sample bot: uci_adapter.
//
// Lets a USI or UCI engine that knows minishogi play Dice Shogi, by default Debian's
// fairy-stockfish (`apt-get install fairy-stockfish`, installed as /usr/games/fairy-stockfish).
// The engine runs as a child process (posix_spawn, pipes). Every turn the adapter
//  1. builds the position from the turn input (board, hands, side to move = this bot), as an
//     SFEN for USI or as Fairy-Stockfish's FEN for UCI;
//  2. translates the offered actions to the engine's notation and sends
//     `go movetime M searchmoves <offered moves>`, so the engine only considers what the die
//     allows;
//  3. translates `bestmove` back to the offered action.
// If the engine cannot be started, dies, is too slow or answers a move that was not offered, the
// adapter answers the first offered action and says so on stderr.
//
// Notation (checked interactively with fairy-stockfish 11.1, UCI_Variant minishogi):
//  - USI: files 1-5 from the right, ranks a-e from the top: CodinGame "4534" is "4e3d", "1425+"
//    is "1d2e+", "G*33" and "g*33" are "G*3c" (drops always upper case). SFEN side "b" = player 0.
//  - UCI (Fairy-Stockfish): files a-e from the left, ranks 1-5 from the bottom: "4534" is "b1c2",
//    drops "G@c3" (upper case for both sides), promotion "+" suffix. FEN
//    "rbsgk/4p/5/P4/KGSBR[] w - - 0 1": the hand in brackets and, for shogi variants,
//    "w" = the side that moves first = player 0 (upper case), "b" = player 1.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "protocol.hpp"

extern char** environ;

namespace {

using namespace diceshogi;

constexpr const char* kUsage =
    "usage: uci_adapter [--engine PATH] [--protocol usi|uci] [--movetime MS] [--depth N]\n"
    "                   [--turn-ms N] [--first-turn-ms N] [--variant NAME]\n"
    "                   [--option NAME=VALUE]... [--verbose]\n"
    "Dice Shogi bot that asks a USI/UCI engine for the best of the offered actions.\n"
    "  --engine PATH       engine command (default: fairy-stockfish on PATH, else\n"
    "                      /usr/games/fairy-stockfish); arguments may follow, split on spaces\n"
    "  --protocol P        usi (default) or uci\n"
    "  --movetime MS       engine search time per turn (default 50; 0 = none, needs --depth)\n"
    "  --depth N           engine search depth limit (default: none)\n"
    "  --turn-ms N         longest wait for the engine's answer, from reading the turn's\n"
    "                      first line (default 80; the limit is 100)\n"
    "  --first-turn-ms N   the same for the first turn (default 900; the limit is 1000)\n"
    "  --variant NAME      UCI_Variant to set (default minishogi)\n"
    "  --option N=V        extra `setoption name N value V` (repeatable), e.g. Hash=16\n"
    "  --verbose           the engine dialogue on stderr\n";

struct Options {
    std::string engine;
    bool usi = true;
    int movetime = 50;
    int depth = 0;
    int turn_ms = 80;
    int first_turn_ms = 900;
    std::string variant = "minishogi";
    std::vector<std::pair<std::string, std::string>> engine_options;
    bool verbose = false;
};

// The default engine: fairy-stockfish on PATH, else Debian's location (not on root's PATH).
std::string default_engine() {
    if (const char* path = std::getenv("PATH")) {
        std::string dirs = path;
        size_t start = 0;
        while (start <= dirs.size()) {
            const size_t end = std::min(dirs.find(':', start), dirs.size());
            const std::string candidate = dirs.substr(start, end - start) + "/fairy-stockfish";
            if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
            start = end + 1;
        }
    }
    return "/usr/games/fairy-stockfish";
}

// A child process whose stdin and stdout are pipes; its stderr is ours.
class Engine {
  public:
    bool start(const std::string& command, bool verbose) {
        verbose_ = verbose;
        std::vector<std::string> words;
        for (size_t i = 0; i < command.size();) {
            const size_t end = std::min(command.find(' ', i), command.size());
            if (end > i) words.push_back(command.substr(i, end - i));
            i = end + 1;
        }
        if (words.empty()) return false;
        std::vector<char*> argv;
        for (std::string& w : words) argv.push_back(w.data());
        argv.push_back(nullptr);

        int to_child[2], from_child[2];
        if (pipe(to_child) != 0) return false;
        if (pipe(from_child) != 0) return false;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
        for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]})
            posix_spawn_file_actions_addclose(&actions, fd);
        const int rc = posix_spawnp(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
        fcntl(in_, F_SETFD, FD_CLOEXEC);
        fcntl(out_, F_SETFD, FD_CLOEXEC);
        if (rc != 0) {
            std::cerr << "uci_adapter: cannot start " << words[0] << ": " << std::strerror(rc)
                      << '\n';
            pid_ = -1;
            alive_ = false;
            return false;
        }
        alive_ = true;
        return true;
    }

    ~Engine() {
        if (pid_ > 0) {
            if (alive_) send("quit");
            close(in_);
            close(out_);
            // Give it a moment to quit on its own, then make sure it is gone.
            for (int i = 0; i < 50; ++i) {
                if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
                usleep(2000);
            }
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }

    bool alive() const { return alive_; }

    void send(const std::string& line) {
        if (!alive_) return;
        if (verbose_) std::cerr << "> " << line << '\n';
        const std::string data = line + '\n';
        size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = write(in_, data.data() + done, data.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                std::cerr << "uci_adapter: the engine does not read its input any more\n";
                alive_ = false;
                return;
            }
            done += size_t(n);
        }
    }

    // The next line of the engine, or nothing if the deadline passes or the engine is gone.
    std::optional<std::string> read_line(Clock::time_point deadline) {
        while (alive_) {
            const size_t eol = buffer_.find('\n');
            if (eol != std::string::npos) {
                std::string line = trim(buffer_.substr(0, eol));
                buffer_.erase(0, eol + 1);
                if (verbose_) std::cerr << "< " << line << '\n';
                return line;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())
                    .count();
            if (left <= 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            const int ready = poll(&p, 1, int(left));
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = read(out_, chunk, sizeof(chunk));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                std::cerr << "uci_adapter: the engine closed its output (it died?)\n";
                alive_ = false;
                return std::nullopt;
            }
            buffer_.append(chunk, size_t(n));
        }
        return std::nullopt;
    }

    // Reads until a line starting with `word`; that line, or nothing on timeout / death.
    std::optional<std::string> wait_for(const std::string& word, Clock::time_point deadline) {
        while (std::optional<std::string> line = read_line(deadline)) {
            if (line->compare(0, word.size(), word) == 0 &&
                (line->size() == word.size() || (*line)[word.size()] == ' '))
                return line;
        }
        return std::nullopt;
    }

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    bool alive_ = false;
    bool verbose_ = false;
    std::string buffer_;
};

// CodinGame action -> engine move. Board move "4534" / "1425+", drop "G*33" (spec §3.3).
std::string to_engine(const std::string& action, bool usi) {
    auto square = [&](char file, char rank) {
        std::string s;
        if (usi) {
            s += file;
            s += char('a' + (rank - '1'));  // rank 1 = top = 'a'
        } else {
            s += char('a' + ('5' - file));  // file 5 = left column = 'a'
            s += char('1' + ('5' - rank));  // rank 5 = bottom row = '1'
        }
        return s;
    };
    if (action.size() >= 4 && action[1] == '*') {
        std::string s(1, char(std::toupper(static_cast<unsigned char>(action[0]))));
        s += usi ? '*' : '@';
        return s + square(action[2], action[3]);
    }
    if (action.size() < 4) return action;
    std::string s = square(action[0], action[1]) + square(action[2], action[3]);
    if (action.size() > 4 && action[4] == '+') s += '+';
    return s;
}

// Fairy-Stockfish's FEN for shogi variants: hands in brackets, "w" = the first player.
std::string to_fen(const Position& pos, int move_number) {
    const std::string sfen = pos.to_sfen(move_number);
    const size_t first_space = sfen.find(' ');
    const std::string board = sfen.substr(0, first_space);
    const char side = sfen[first_space + 1];
    std::string hands = sfen.substr(first_space + 3);
    hands = hands.substr(0, hands.find(' '));
    std::string bracket;
    for (size_t i = 0; i < hands.size(); ++i) {  // expand counts: FEN hands list every piece
        if (hands[i] == '-') continue;
        if (std::isdigit(static_cast<unsigned char>(hands[i])) && i + 1 < hands.size()) {
            bracket.append(size_t(hands[i] - '0'), hands[i + 1]);
            ++i;
        } else {
            bracket += hands[i];
        }
    }
    return board + "[" + bracket + "] " + (side == 'b' ? "w" : "b") + " - - 0 " +
           std::to_string((move_number + 1) / 2);
}

class Adapter {
  public:
    explicit Adapter(const Options& options) : options_(options) {}

    // Starts the engine and runs the handshake (before the first turn, so that its start-up does
    // not count against the first turn).
    void start() {
        if (!engine_.start(options_.engine, options_.verbose)) return;
        const auto deadline = Clock::now() + std::chrono::seconds(5);
        engine_.send(options_.usi ? "usi" : "uci");
        if (!engine_.wait_for(options_.usi ? "usiok" : "uciok", deadline)) {
            std::cerr << "uci_adapter: no " << (options_.usi ? "usiok" : "uciok") << " from "
                      << options_.engine << '\n';
            ready_ = false;
            return;
        }
        engine_.send("setoption name UCI_Variant value " + options_.variant);
        for (const auto& [name, value] : options_.engine_options)
            engine_.send("setoption name " + name + " value " + value);
        engine_.send("isready");
        ready_ = engine_.wait_for("readyok", deadline).has_value();
        if (!ready_) std::cerr << "uci_adapter: no readyok from " << options_.engine << '\n';
        if (ready_) engine_.send(options_.usi ? "usinewgame" : "ucinewgame");
    }

    std::string play(const TurnInput& turn) {
        const std::string& fallback = turn.actions.front();
        if (turn.actions.size() == 1) return fallback;
        auto give_up = [&](const std::string& why) {
            std::cerr << "uci_adapter: " << why << "; answering the first offered action "
                      << fallback << '\n';
            return fallback;
        };
        if (!ready_ || !engine_.alive()) return give_up("no engine");
        const int budget = turn.turn == 0 ? options_.first_turn_ms : options_.turn_ms;
        const auto deadline = turn.received + std::chrono::milliseconds(budget);
        if (searching_) {  // the last search overran: collect its bestmove first
            if (!engine_.wait_for("bestmove", deadline)) return give_up("the engine is still busy");
            searching_ = false;
        }
        const std::optional<Position> pos = position_of(turn);
        if (!pos) return give_up("cannot read the board");
        const int move_number = turn.plies_before() + 1;
        if (options_.usi) {
            engine_.send("position sfen " + pos->to_sfen(move_number));
        } else {
            engine_.send("position fen " + to_fen(*pos, move_number));
        }
        std::vector<std::string> engine_moves;
        std::string go = "go";
        if (options_.depth > 0) go += " depth " + std::to_string(options_.depth);
        if (options_.movetime > 0) go += " movetime " + std::to_string(options_.movetime);
        go += " searchmoves";
        for (const std::string& a : turn.actions) {
            engine_moves.push_back(to_engine(a, options_.usi));
            go += ' ' + engine_moves.back();
        }
        engine_.send(go);
        searching_ = true;
        std::optional<std::string> line = engine_.wait_for("bestmove", deadline);
        if (!line && engine_.alive()) {
            engine_.send("stop");
            line = engine_.wait_for("bestmove", deadline + std::chrono::milliseconds(5));
        }
        if (!line) return give_up(engine_.alive() ? "no bestmove in time" : "the engine died");
        searching_ = false;
        std::string best = line->substr(std::string("bestmove").size());
        best = trim(best);
        best = best.substr(0, best.find(' '));
        for (size_t i = 0; i < engine_moves.size(); ++i)
            if (equals_ignore_case(engine_moves[i], best)) return turn.actions[i];
        return give_up("the engine answered " + best + ", which is not offered");
    }

  private:
    Options options_;
    Engine engine_;
    bool ready_ = false;
    bool searching_ = false;
};

}  // namespace

int main(int argc, char** argv) {
    signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill the bot
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto text = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << kUsage;
                std::exit(2);
            }
            return argv[++i];
        };
        auto number = [&](int low, int high) {
            const std::string t = text();
            const long long v = parse_number(t.c_str(), arg.c_str());
            if (v < low || v > high) {
                std::cerr << arg << " must be in " << low << ".." << high << '\n';
                std::exit(2);
            }
            return int(v);
        };
        if (arg == "--engine") {
            options.engine = text();
        } else if (arg == "--protocol") {
            const std::string p = text();
            if (p != "usi" && p != "uci") {
                std::cerr << "--protocol must be usi or uci\n";
                return 2;
            }
            options.usi = p == "usi";
        } else if (arg == "--movetime") {
            options.movetime = number(0, 100000);
        } else if (arg == "--depth") {
            options.depth = number(1, 100);
        } else if (arg == "--turn-ms") {
            options.turn_ms = number(1, 100000);
        } else if (arg == "--first-turn-ms") {
            options.first_turn_ms = number(1, 100000);
        } else if (arg == "--variant") {
            options.variant = text();
        } else if (arg == "--option") {
            const std::string o = text();
            const size_t eq = o.find('=');
            if (eq == std::string::npos) {
                std::cerr << "--option needs NAME=VALUE\n";
                return 2;
            }
            options.engine_options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
        } else if (arg == "--verbose") {
            options.verbose = true;
        } else if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            return 0;
        } else {
            std::cerr << kUsage;
            return 2;
        }
    }
    if (options.movetime == 0 && options.depth == 0) {
        std::cerr << "--movetime 0 needs --depth\n";
        return 2;
    }
    if (options.engine.empty()) options.engine = default_engine();

    Adapter adapter(options);
    adapter.start();
    TurnReader reader(std::cin);
    TurnInput turn;
    while (reader.read(turn)) answer(adapter.play(turn));
    return 0;
}
