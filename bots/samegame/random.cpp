// SameGame (CodinGame) sample bot: random.
//
// Every turn it picks one legal region (>= 2 connected tiles of one colour)
// uniformly at random and prints a uniformly random cell of it.
// Usage: random [--seed N]   (without --seed: seeded from std::random_device)
//
// Protocol: every turn 15 lines (top row first, row y = 14 .. 0), 15 integers
// each (colour 0..4, -1 = empty). Answer: one line "x y". Exits on EOF.
// Self-contained (standard library only), as a CodinGame submission.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int N = 15;
using Grid = std::array<std::array<int, N>, N>;  // grid[x][y], y = 0 is the bottom row

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

int main(int argc, char** argv) {
    std::uint64_t seed = std::random_device{}();
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            std::cerr << "usage: random [--seed N]\n";
            return 2;
        }
    }
    std::mt19937_64 rng(seed);

    Grid g{};
    while (readBoard(g)) {
        std::array<std::array<bool, N>, N> seen{};
        std::vector<std::vector<int>> regions;  // cells encoded x * N + y
        std::vector<int> stack;
        for (int x = 0; x < N; ++x) {
            for (int y = 0; y < N; ++y) {
                if (seen[x][y] || g[x][y] < 0) continue;
                const int colour = g[x][y];
                std::vector<int> region;
                stack.assign(1, x * N + y);
                seen[x][y] = true;
                while (!stack.empty()) {
                    const int cell = stack.back();
                    stack.pop_back();
                    region.push_back(cell);
                    const int cx = cell / N, cy = cell % N;
                    const int nx[4] = {cx - 1, cx + 1, cx, cx};
                    const int ny[4] = {cy, cy, cy - 1, cy + 1};
                    for (int k = 0; k < 4; ++k) {
                        if (nx[k] < 0 || nx[k] >= N || ny[k] < 0 || ny[k] >= N) continue;
                        if (seen[nx[k]][ny[k]] || g[nx[k]][ny[k]] != colour) continue;
                        seen[nx[k]][ny[k]] = true;
                        stack.push_back(nx[k] * N + ny[k]);
                    }
                }
                if (region.size() >= 2) regions.push_back(std::move(region));
            }
        }
        if (regions.empty()) {  // cannot happen under the referee (game over before)
            std::cout << "0 0" << std::endl;
            continue;
        }
        const auto& r =
            regions[std::uniform_int_distribution<std::size_t>(0, regions.size() - 1)(rng)];
        const int cell = r[std::uniform_int_distribution<std::size_t>(0, r.size() - 1)(rng)];
        std::cout << cell / N << ' ' << cell % N << std::endl;
    }
    return 0;
}
