// Dice Shogi (CodinGame) sample bot: strong.
//
// Alpha-beta search within the turn's time budget, restricted at the root to the offered actions.
//  - Iterative deepening, principal variation search, transposition table (kept between turns),
//    killer and history move ordering, null-move pruning, late-move reductions, check
//    extension, quiescence search on captures (all evasions when in check).
//  - Dice: the opponent's reply (ply 1) is a chance node. The opponent's die is unknown, so its
//    value is the average over the six die faces of the best reply the face allows (destination
//    file = die, all moves for a 6 or when no move goes to that file). Deeper plies assume that
//    both sides may choose any legal move, a sound (pessimistic) approximation.
//    --chance-plies 0 gives plain minimax at ply 1 too, 2 or 3 chance nodes deeper.
//  - Checkmate and stalemate both lose (no legal move), the game is a draw after 300 plies.
// It never answers anything but one of the offered actions, and it answers the best move of the
// last finished iteration when the budget runs out.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "protocol.hpp"
#include "search.hpp"

namespace {

using namespace diceshogi;
using namespace diceshogi::search;

constexpr const char* kUsage =
    "usage: strong [--turn-ms N] [--first-turn-ms N] [--depth N] [--nodes N]\n"
    "              [--chance-plies N] [--hash-mb N] [--verbose]\n"
    "Dice Shogi bot: alpha-beta search over the offered actions, the opponent's unknown die\n"
    "averaged at its reply.\n"
    "  --turn-ms N        budget of a turn in ms, from reading its first line (default 80;\n"
    "                     the limit is 100)\n"
    "  --first-turn-ms N  budget of the bot's first turn (default 500; the limit is 1000)\n"
    "  --depth N          search exactly N plies instead, whatever the time (for tests)\n"
    "  --nodes N          stop each turn's search after N nodes instead of by time\n"
    "                     (reproducible experiments; mind the 100 ms limit)\n"
    "  --chance-plies N   how many plies below the root are averaged over the unknown die:\n"
    "                     0 = none (plain alpha-beta), 1 (default) = the opponent's reply, 2-3\n"
    "  --hash-mb N        transposition table size (default 16)\n"
    "  --verbose          one line per iteration on stderr\n";

}  // namespace

int main(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](int low, int high) {
            if (i + 1 >= argc) {
                std::cerr << kUsage;
                std::exit(2);
            }
            const long long v = parse_number(argv[++i], arg.c_str());
            if (v < low || v > high) {
                std::cerr << arg << " must be in " << low << ".." << high << '\n';
                std::exit(2);
            }
            return int(v);
        };
        if (arg == "--turn-ms") {
            options.turn_ms = value(1, 100000);
        } else if (arg == "--first-turn-ms") {
            options.first_turn_ms = value(1, 100000);
        } else if (arg == "--depth") {
            options.depth = value(1, 60);
        } else if (arg == "--nodes") {
            options.max_nodes = value(1, 2000000000);
        } else if (arg == "--chance-plies") {
            options.chance_plies = value(0, 3);
        } else if (arg == "--hash-mb") {
            options.hash_mb = value(1, 4096);
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
    Searcher searcher(options);  // allocates the table before the first turn's clock starts
    TurnReader reader(std::cin);
    TurnInput turn;
    while (reader.read(turn)) {
        const int budget = turn.turn == 0 ? options.first_turn_ms : options.turn_ms;
        const Clock::time_point deadline = turn.received + std::chrono::milliseconds(budget);
        std::optional<Position> pos = position_of(turn);
        std::vector<Offered> offered;
        std::vector<std::string> unknown;
        if (pos) offered = match_offered(*pos, turn.actions, &unknown);
        if (!pos || !unknown.empty()) {
            std::cerr << "strong: " << (pos ? "actions the engine does not know: " : "bad board")
                      << (unknown.empty() ? "" : unknown.front()) << '\n';
        }
        if (offered.empty()) {  // should not happen; an offered action is still a valid answer
            answer(turn.actions.front());
            continue;
        }
        searcher.set_start(turn.received, deadline);
        const Move best = searcher.choose(*pos, offered, turn.plies_before(), deadline);
        const auto chosen = std::find_if(offered.begin(), offered.end(),
                                         [&](const Offered& o) { return o.move == best; });
        const std::string& action = chosen != offered.end() ? chosen->action : offered[0].action;
        if (options.verbose) {
            const auto ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn.received)
                    .count();
            std::cerr << "turn " << turn.turn << " die " << turn.die << ": " << action << " of "
                      << offered.size() << ", score " << searcher.last_score() << ", "
                      << searcher.nodes() << " nodes, " << ms << " ms\n";
        }
        answer(action);
    }
    return 0;
}
