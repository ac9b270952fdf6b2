// Tsuro (CodinGame) sample bot: random.
//
// START: a uniformly random start mark that no other player holds.
// PLACE: a uniformly random tile of the hand with a uniformly random rotation (0..3), even when
// that leaves the board: every such line is legal.
//
// Usage: random [--seed N] [--verbose] [--help]
// Protocol: spec §3 (the first turn starts with a playerCount line). One line per turn on stdout.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

#include "tsuro_model.hpp"

namespace {

constexpr const char* kUsage =
    "usage: random [--seed N] [--verbose] [--help]\n"
    "Tsuro bot: a random free start mark, then a random tile of the hand with a random rotation.\n"
    "  --seed N   seed of the random choices (default: from std::random_device)\n"
    "  --verbose  one line per turn on stderr\n";

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t seed = std::random_device{}();
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--verbose") {
            verbose = true;
        } else if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            return 0;
        } else {
            std::cerr << kUsage;
            return 2;
        }
    }
    std::mt19937_64 rng(seed);
    tsuro::Tracker game;
    while (game.read(std::cin)) {
        if (game.isFirstTurn()) {
            const auto taken = game.takenMarks();
            std::vector<int> free;
            for (int mark = 0; mark < tsuro::kStartMarks; ++mark) {
                if (!taken[mark]) free.push_back(mark);
            }
            const int mark =
                free[std::uniform_int_distribution<std::size_t>(0, free.size() - 1)(rng)];
            game.playStart(mark);
            std::cout << "START " << mark << std::endl;
            if (verbose) std::cerr << "random: seat " << game.seat << ", START " << mark << '\n';
            continue;
        }
        if (game.hand.empty()) {  // no legal move exists; an in-range id avoids a referee crash
            std::cout << "PLACE 0 0" << std::endl;
            continue;
        }
        const int tile =
            game.hand[std::uniform_int_distribution<std::size_t>(0, game.hand.size() - 1)(rng)];
        const int rotation = std::uniform_int_distribution<int>(0, 3)(rng);
        game.playPlace(tile, rotation);
        std::cout << "PLACE " << tile << ' ' << rotation << std::endl;
        if (verbose)
            std::cerr << "random: turn " << game.turn << ", PLACE " << tile << ' ' << rotation
                      << '\n';
    }
    return 0;
}
