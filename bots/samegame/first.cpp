// SameGame (CodinGame) sample bot: first.
//
// Every turn it plays the first legal cell (a tile with a neighbour of its colour) in the scan
// order x = 0..14, then y = 0..14 inside each x: a legal move at once, so that a game lasts as
// long as the board allows while the bot takes no time (the arena's benchmarks measure full
// games with it: bench/driver_ratio.sh).
//
// Usage: first [--stderr-mb N]   (N MiB written to stderr before each answer, as a player that
// prints its debug state there: the benchmark of stderr floods)
//
// Protocol: every turn 15 lines (top row first, row y = 14 .. 0), 15 integers
// each (colour 0..4, -1 = empty). Answer: one line "x y". Exits on EOF.
// Self-contained (standard library only), as a CodinGame submission.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

constexpr int N = 15;
using Grid = std::array<std::array<int, N>, N>;  // grid[x][y], y = 0 is the bottom row

// Reads one board; returns false on EOF or malformed input.
bool readBoard(Grid& g) {
    char line[256];
    for (int row = 0; row < N; ++row) {
        if (!std::fgets(line, sizeof line, stdin)) return false;
        char* p = line;
        for (int x = 0; x < N; ++x) {
            char* end = nullptr;
            g[x][N - 1 - row] = static_cast<int>(std::strtol(p, &end, 10));
            if (end == p) return false;
            p = end;
        }
    }
    return true;
}

bool legal(const Grid& g, int x, int y) {
    const int colour = g[x][y];
    if (colour < 0) return false;
    return (x + 1 < N && g[x + 1][y] == colour) || (y + 1 < N && g[x][y + 1] == colour) ||
           (x > 0 && g[x - 1][y] == colour) || (y > 0 && g[x][y - 1] == colour);
}

}  // namespace

int main(int argc, char** argv) {
    long stderr_mb = 0;
    if (argc == 3 && std::strcmp(argv[1], "--stderr-mb") == 0) {
        stderr_mb = std::strtol(argv[2], nullptr, 10);
    } else if (argc != 1) {
        std::fprintf(stderr, "usage: first [--stderr-mb N]\n");
        return 2;
    }
    const std::string debug(1024 * 1024, 'd');
    Grid g{};
    while (readBoard(g)) {
        for (long i = 0; i < stderr_mb; ++i) std::fwrite(debug.data(), 1, debug.size(), stderr);
        int bestX = 0, bestY = 0;  // no legal move cannot happen under the referee
        for (int x = 0, found = 0; x < N && !found; ++x) {
            for (int y = 0; y < N && !found; ++y) {
                if (legal(g, x, y)) {
                    bestX = x;
                    bestY = y;
                    found = 1;
                }
            }
        }
        std::printf("%d %d\n", bestX, bestY);
        std::fflush(stdout);
    }
    return 0;
}
