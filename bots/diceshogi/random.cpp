// Dice Shogi (CodinGame) sample bot: random.
//
// Every turn it answers one of the offered actions, chosen uniformly at random. The actions are
// already legal and filtered by the die, so the bot needs no rules at all.
#include <cstdint>
#include <iostream>
#include <random>
#include <string>

#include "protocol.hpp"

namespace {

constexpr const char* kUsage =
    "usage: random [--seed N] [--verbose]\n"
    "Dice Shogi bot: plays a uniformly random offered action each turn.\n"
    "  --seed N    seed of the choice (default: from std::random_device)\n"
    "  --verbose   one line per turn on stderr\n";

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t seed = std::random_device{}();
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = static_cast<std::uint64_t>(diceshogi::parse_number(argv[++i], "--seed"));
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
    diceshogi::TurnReader reader(std::cin);
    diceshogi::TurnInput turn;
    while (reader.read(turn)) {
        // The referee shuffles the list; sorting first makes a seeded game reproducible anyway.
        std::sort(turn.actions.begin(), turn.actions.end());
        std::uniform_int_distribution<size_t> pick(0, turn.actions.size() - 1);
        const std::string& action = turn.actions[pick(rng)];
        if (verbose)
            std::cerr << "turn " << turn.turn << " die " << turn.die << ": " << action << " of "
                      << turn.actions.size() << '\n';
        diceshogi::answer(action);
    }
    return 0;
}
