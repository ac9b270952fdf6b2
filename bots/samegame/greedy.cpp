// SameGame (CodinGame) sample bot: greedy.
//
// Every turn it plays the largest region (ties: the first region found when
// scanning x = 0..14, then y = 0..14 inside each x) and prints the region's
// first cell in that scan order (smallest x, then smallest y). This is the
// same policy as the golden traces tests/data/samegame/golden/testNN_greedy.txt.
//
// Protocol: every turn 15 lines (top row first, row y = 14 .. 0), 15 integers
// each (colour 0..4, -1 = empty). Answer: one line "x y". Exits on EOF.
// Self-contained (standard library only), as a CodinGame submission.
#include <array>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int N = 15;
using Grid = std::array<std::array<int, N>, N>;  // grid[x][y], y = 0 is the bottom row

// Reads one board; returns false on EOF or malformed input.
bool readBoard(Grid& g) {
    for (int line = 0; line < N; ++line) {
        std::string s;
        if (!std::getline(std::cin, s)) return false;
        std::istringstream in(s);
        const int y = N - 1 - line;
        for (int x = 0; x < N; ++x) {
            if (!(in >> g[x][y])) return false;
        }
    }
    return true;
}

}  // namespace

int main() {
    Grid g{};
    while (readBoard(g)) {
        std::array<std::array<bool, N>, N> seen{};
        int bestSize = 0, bestX = -1, bestY = -1;
        std::vector<int> stack;
        for (int x = 0; x < N; ++x) {
            for (int y = 0; y < N; ++y) {
                if (seen[x][y] || g[x][y] < 0) continue;
                const int colour = g[x][y];
                int size = 0;
                stack.assign(1, x * N + y);
                seen[x][y] = true;
                while (!stack.empty()) {
                    const int cx = stack.back() / N, cy = stack.back() % N;
                    stack.pop_back();
                    ++size;
                    const int nx[4] = {cx - 1, cx + 1, cx, cx};
                    const int ny[4] = {cy, cy, cy - 1, cy + 1};
                    for (int k = 0; k < 4; ++k) {
                        if (nx[k] < 0 || nx[k] >= N || ny[k] < 0 || ny[k] >= N) continue;
                        if (seen[nx[k]][ny[k]] || g[nx[k]][ny[k]] != colour) continue;
                        seen[nx[k]][ny[k]] = true;
                        stack.push_back(nx[k] * N + ny[k]);
                    }
                }
                if (size >= 2 && size > bestSize) {
                    bestSize = size;
                    bestX = x;
                    bestY = y;
                }
            }
        }
        if (bestX < 0) {  // no legal move: cannot happen under the referee (game over before)
            std::cout << "0 0" << std::endl;
            continue;
        }
        std::cout << bestX << ' ' << bestY << std::endl;
    }
    return 0;
}
