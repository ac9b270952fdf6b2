// Dice Shogi sample bot: tunable, a bot whose strength is a known function of one parameter, to
// test and show `arena tune` (docs/tune.md).
//
// Each turn it plays greedy's move (greedy_score.hpp) with probability q(skill), else a random
// offered action, where q(skill) = max(0, 1 - |skill - 0.75| / 0.75): q is 0 at skill 0, 1 at
// 0.75 (its strongest) and 2/3 at 1. `arena tune` started at skill 0.05 should find ~0.75.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "greedy_score.hpp"
#include "protocol.hpp"

namespace {

using namespace diceshogi;

constexpr const char* kUsage =
    "usage: tunable [--skill X] [--seed N]\n"
    "Dice Shogi bot: greedy's move with probability max(0, 1 - |X - 0.75| / 0.75), else a\n"
    "random offered action. Strongest at X = 0.75.\n"
    "  --skill X   the tuned parameter (default 0.5)\n"
    "  --seed N    seed of its choices (default: from std::random_device)\n";

double greedy_probability(double skill) {
    return std::max(0.0, 1.0 - std::abs(skill - 0.75) / 0.75);
}

// Greedy's choice among the offered actions (ties at random), or nothing when the engine does
// not know them.
std::optional<std::string> greedy_choice(const TurnInput& turn, std::mt19937_64& rng) {
    std::optional<Position> pos = position_of(turn);
    if (!pos) return std::nullopt;
    std::vector<Offered> offered = match_offered(*pos, turn.actions, nullptr);
    if (offered.empty()) return std::nullopt;
    std::vector<int> scores;
    for (const Offered& o : offered) scores.push_back(score_move(*pos, o.move));
    const int best = *std::max_element(scores.begin(), scores.end());
    std::vector<size_t> ties;
    for (size_t i = 0; i < scores.size(); ++i)
        if (scores[i] == best) ties.push_back(i);
    return offered[ties[std::uniform_int_distribution<size_t>(0, ties.size() - 1)(rng)]].action;
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t seed = std::random_device{}();
    double skill = 0.5;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = static_cast<std::uint64_t>(parse_number(argv[++i], "--seed"));
        } else if (arg == "--skill" && i + 1 < argc) {
            skill = std::stod(argv[++i]);
        } else if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            return 0;
        } else {
            std::cerr << kUsage;
            return 2;
        }
    }
    const double q = greedy_probability(skill);
    std::mt19937_64 rng(seed);
    TurnReader reader(std::cin);
    TurnInput turn;
    while (reader.read(turn)) {
        std::sort(turn.actions.begin(), turn.actions.end());  // reproducible whatever the order
        const bool greedy = std::uniform_real_distribution<double>(0, 1)(rng) < q;
        std::optional<std::string> choice;
        if (greedy) choice = greedy_choice(turn, rng);
        if (!choice)
            choice = turn.actions[std::uniform_int_distribution<size_t>(
                0, turn.actions.size() - 1)(rng)];
        answer(*choice);
    }
    return 0;
}
