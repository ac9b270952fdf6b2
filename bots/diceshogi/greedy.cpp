// Dice Shogi (CodinGame) sample bot: greedy.
//
// One ply of look-ahead on material. For every offered action it plays the move and scores
//   material(own board + hand) - material(opponent's board + hand) - (opponent's best capture),
// where the opponent's best capture is what its most profitable capture would win (the captured
// piece, minus the capturer when we can take back on that square). A move that leaves the
// opponent without legal moves (checkmate or stalemate, both win) scores highest. Ties are broken
// at random (--seed).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "eval.hpp"
#include "greedy_score.hpp"
#include "protocol.hpp"

namespace {

using namespace diceshogi;

constexpr const char* kUsage =
    "usage: greedy [--seed N] [--verbose]\n"
    "Dice Shogi bot: the offered action that leaves the most material after the opponent's\n"
    "best capture; a mating move first; ties broken at random.\n"
    "  --seed N    seed of the tie break (default: from std::random_device)\n"
    "  --verbose   the scores of each turn on stderr\n";

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t seed = std::random_device{}();
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = static_cast<std::uint64_t>(parse_number(argv[++i], "--seed"));
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
    TurnReader reader(std::cin);
    TurnInput turn;
    while (reader.read(turn)) {
        std::sort(turn.actions.begin(), turn.actions.end());  // reproducible whatever the order
        std::optional<Position> pos = position_of(turn);
        std::vector<Offered> offered;
        std::vector<std::string> unknown;
        if (pos) offered = match_offered(*pos, turn.actions, &unknown);
        if (!unknown.empty() || !pos)
            std::cerr << "greedy: " << (pos ? "actions the engine does not know: " : "bad board")
                      << (unknown.empty() ? "" : unknown.front()) << '\n';
        if (offered.empty()) {  // should not happen; any offered action is still a valid answer
            std::uniform_int_distribution<size_t> pick(0, turn.actions.size() - 1);
            answer(turn.actions[pick(rng)]);
            continue;
        }
        std::vector<int> scores;
        for (const Offered& o : offered) scores.push_back(score_move(*pos, o.move));
        const int best = *std::max_element(scores.begin(), scores.end());
        std::vector<size_t> ties;
        for (size_t i = 0; i < scores.size(); ++i)
            if (scores[i] == best) ties.push_back(i);
        std::uniform_int_distribution<size_t> pick(0, ties.size() - 1);
        const Offered& choice = offered[ties[pick(rng)]];
        if (verbose) {
            std::cerr << "turn " << turn.turn << " die " << turn.die << ':';
            for (size_t i = 0; i < offered.size(); ++i)
                std::cerr << ' ' << offered[i].action << '=' << scores[i];
            std::cerr << " -> " << choice.action << '\n';
        }
        answer(choice.action);
    }
    return 0;
}
