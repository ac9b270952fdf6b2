// Speed of the Dice Shogi move generator (referees/diceshogi/position.hpp): perft(6) and
// perft(7) from the minishogi start position, timed, and compared in the same run with
// Fairy-Stockfish's "go perft 6" when it is installed (Debian package fairy-stockfish; the
// target is ours within 3x of it).
//
//   build/bench/bench_perft                       # perft 6 and 7, then Fairy-Stockfish
//   build/bench/bench_perft --no-depth7           # skip the 15-20 s perft(7)
//   build/bench/bench_perft --fairy-stockfish PATH
//   build/bench/bench_perft --positions FILE      # depth-1 check of "SFEN|COUNT" lines ('#'
//                                                 # comments), e.g. a perft fixture; exit 1 on
//                                                 # a mismatch
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "referees/diceshogi/position.hpp"

namespace ds = arena::referee::diceshogi;

namespace {

// Published minishogi perft counts from the start position (spec §10).
constexpr std::uint64_t kPerft6 = 8276188;
constexpr std::uint64_t kPerft7 = 132680617;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct Timed {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

Timed timed_perft(int depth) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = ds::perft(ds::Position::start(), depth);
    return {nodes, seconds_since(start)};
}

std::optional<std::string> find_fairy_stockfish(const std::string& given) {
    if (!given.empty()) return given;
    for (const char* candidate : {"fairy-stockfish", "/usr/games/fairy-stockfish"}) {
        try {
            return arena::process::resolve_executable(candidate);
        } catch (const arena::process::SpawnError&) {
        }
    }
    return std::nullopt;
}

// Runs "go perft <depth>" in Fairy-Stockfish's minishogi, through the arena's own bot process
// layer; the time counts from sending the command to reading the node total (the engine's
// start-up is excluded).
std::optional<Timed> fairy_stockfish_perft(const std::string& path, int depth) {
    boost::asio::io_context io;
    arena::process::BotProcess engine(io, {path});
    const std::chrono::milliseconds patience(120'000);
    // Sends `input`, then reads lines until one contains `wanted`; returns that line.
    const auto until = [&](std::string input,
                           const std::string& wanted) -> std::optional<std::string> {
        for (;;) {
            const arena::process::ReadResult read = engine.exchange(input, patience);
            input.clear();
            if (read.status != arena::process::ReadStatus::line) return std::nullopt;
            if (read.line.find(wanted) != std::string::npos) return read.line;
        }
    };
    if (!until("uci\n", "uciok")) return std::nullopt;
    if (!until("setoption name UCI_Variant value minishogi\nposition startpos\nisready\n",
               "readyok")) {
        return std::nullopt;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::optional<std::string> total =
        until("go perft " + std::to_string(depth) + "\n", "Nodes searched");
    const double seconds = seconds_since(start);
    engine.stop();
    std::smatch match;
    const std::regex number(R"(Nodes searched: (\d+))");
    if (!total || !std::regex_search(*total, match, number)) return std::nullopt;
    return Timed{std::stoull(match[1]), seconds};
}

int check_positions(const std::string& file_name) {
    std::ifstream file(file_name);
    if (!file) {
        std::cerr << "bench_perft: cannot read " << file_name << "\n";
        return 2;
    }
    int checked = 0;
    int failed = 0;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        const std::size_t bar = line.rfind('|');
        if (bar == std::string::npos) continue;
        const std::string sfen = line.substr(0, bar);
        const int expected = std::stoi(line.substr(bar + 1));
        ++checked;
        try {
            const ds::Position position = ds::read_sfen(sfen).position;
            const std::uint64_t got = ds::perft(position, 1);
            if (got != static_cast<std::uint64_t>(expected)) {
                ++failed;
                std::cout << "MISMATCH " << sfen << ": expected " << expected << ", got " << got
                          << "\n";
            }
        } catch (const std::exception& e) {
            ++failed;
            std::cout << "ERROR " << sfen << ": " << e.what() << "\n";
        }
    }
    std::cout << checked << " positions checked, " << failed << " mismatches\n";
    return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    bool depth7 = true;
    std::string fairy_path;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--no-depth7") {
            depth7 = false;
        } else if (arg == "--fairy-stockfish" && i + 1 < argc) {
            fairy_path = argv[++i];
        } else if (arg == "--positions" && i + 1 < argc) {
            return check_positions(argv[++i]);
        } else {
            std::cerr << "usage: bench_perft [--no-depth7] [--fairy-stockfish PATH] "
                         "[--positions FILE]\n";
            return 2;
        }
    }

    bool counts_ok = true;
    const auto report = [&](const char* what, const Timed& run, std::uint64_t expected) {
        const bool ok = run.nodes == expected;
        counts_ok = counts_ok && ok;
        std::printf("%-28s %11llu nodes %s %8.3f s  %6.1f Mnodes/s\n", what,
                    static_cast<unsigned long long>(run.nodes), ok ? "(ok)   " : "(WRONG)",
                    run.seconds, run.nodes / run.seconds / 1e6);
    };

    const Timed ours6 = timed_perft(6);
    report("arena perft(6)", ours6, kPerft6);
    if (depth7) report("arena perft(7)", timed_perft(7), kPerft7);

    const std::optional<std::string> fairy = find_fairy_stockfish(fairy_path);
    if (!fairy) {
        std::printf("Fairy-Stockfish not found (apt-get install fairy-stockfish): no ratio\n");
    } else if (const std::optional<Timed> theirs = fairy_stockfish_perft(*fairy, 6)) {
        report("Fairy-Stockfish perft(6)", *theirs, kPerft6);
        std::printf("ratio arena / Fairy-Stockfish at depth 6: %.2f (target: 3 or less)\n",
                    ours6.seconds / theirs->seconds);
    } else {
        std::printf("Fairy-Stockfish (%s) gave no perft total\n", fairy->c_str());
    }
    return counts_ok ? 0 : 1;
}
