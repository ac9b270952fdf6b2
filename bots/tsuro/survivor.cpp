// Tsuro (CodinGame) sample bot: survivor.
//
// PLACE: never leaves the board (alone or in a collision) when a tile and rotation of the hand
// keeps it on; among those safe placements it takes the one with the most free path ahead: the
// number of (tile, rotation) among the tiles still to come that would keep it on the board from
// its new position. Ties are broken at random (--seed). With no safe placement it plays any.
// START: a mark whose cell has a safe placement for its hand, preferably a cell no other marker
// stands on, far (along the edge) from the other players' marks, with the most free path ahead.
//
// Usage: survivor [--seed N] [--verbose] [--help]
// Protocol: spec §3 (the first turn starts with a playerCount line). One line per turn on stdout.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "tsuro_model.hpp"

namespace {

constexpr const char* kUsage =
    "usage: survivor [--seed N] [--verbose] [--help]\n"
    "Tsuro bot: never leaves the board when a safe placement exists; among the safe ones, the\n"
    "most free path ahead.\n"
    "  --seed N   seed of the tie-breaks (default: from std::random_device)\n"
    "  --verbose  one line per turn on stderr\n";

// How open the position of `player` is: over the tiles still to come (bit mask), how many
// (tile, rotation) would keep it on the board if placed on its cell, other markers ignored.
int freePathAhead(const tsuro::Table& table, int player, std::uint64_t tiles) {
    const tsuro::Marker m = table.marker[player];
    if (m.cell == tsuro::kOff) return -1;
    int count = 0;
    for (int t = 0; t < tsuro::kTileCount; ++t) {
        if (!((tiles >> t) & 1)) continue;
        for (int r = 0; r < 4; ++r) {
            count += tsuro::followWith(table.board, m, tsuro::tileCode(t, r)).cell != tsuro::kOff;
        }
    }
    return count;
}

// Distance between two start marks along the board's edge, in marks.
int edgeDistance(int a, int b) {
    const int d = std::abs(a - b);
    return std::min(d, tsuro::kStartMarks - d);
}

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
    auto tieBreak = [&rng] { return std::uniform_int_distribution<int>(0, 999)(rng); };

    tsuro::Tracker game;
    while (game.read(std::cin)) {
        std::uint64_t handMask = 0;
        for (int t : game.hand) handMask |= 1ull << t;
        const std::uint64_t toCome = game.unseenTiles();

        if (game.isFirstTurn()) {
            const auto taken = game.takenMarks();
            // Lexicographic: safe hand move, cell of its own, distance to others, free path.
            std::array<int, 5> best{-1, -1, -1, -1, -1};
            int bestMark = -1;
            for (int mark = 0; mark < tsuro::kStartMarks; ++mark) {
                if (taken[mark]) continue;
                tsuro::Table table = game.table;
                table.marker[0] = tsuro::markerOfStart(mark);
                table.alive[0] = true;
                bool ownCell = true;
                int distance = tsuro::kStartMarks;
                for (int p = 1; p < game.players; ++p) {
                    if (game.startMark[p] < 0) continue;
                    ownCell = ownCell && table.marker[p].cell != table.marker[0].cell;
                    distance = std::min(distance, edgeDistance(mark, game.startMark[p]));
                }
                const std::array<int, 5> key{
                    freePathAhead(table, 0, handMask) > 0 ? 1 : 0, ownCell ? 1 : 0,
                    std::min(distance, 8), freePathAhead(table, 0, toCome | handMask), tieBreak()};
                if (key > best) best = key, bestMark = mark;
            }
            game.playStart(bestMark);
            std::cout << "START " << bestMark << std::endl;
            if (verbose)
                std::cerr << "survivor: seat " << game.seat << ", START " << bestMark << '\n';
            continue;
        }
        if (game.hand.empty()) {  // no legal move exists; an in-range id avoids a referee crash
            std::cout << "PLACE 0 0" << std::endl;
            continue;
        }

        // Safe first, then free path ahead (hand leftovers and unseen tiles), then at random.
        std::array<int, 3> best{-1, -1, -1};
        int bestTile = game.hand[0], bestRotation = 0, safeCount = 0;
        for (int tile : game.hand) {
            for (int k = 0; k < tsuro::kTables.distinctRotationCount[tile]; ++k) {
                const int rotation = tsuro::kTables.distinctRotations[tile][k];
                const int code = tsuro::tileCode(tile, rotation);
                const bool safe = !(game.table.eliminatedBy(0, code) & 1u);
                int free = -1;
                if (safe) {
                    ++safeCount;
                    tsuro::Table after = game.table;
                    after.place(0, code);
                    free = freePathAhead(after, 0, (toCome | handMask) & ~(1ull << tile));
                }
                const std::array<int, 3> key{safe ? 1 : 0, free, tieBreak()};
                if (key > best) best = key, bestTile = tile, bestRotation = rotation;
            }
        }
        game.playPlace(bestTile, bestRotation);
        std::cout << "PLACE " << bestTile << ' ' << bestRotation << std::endl;
        if (verbose) {
            std::cerr << "survivor: turn " << game.turn << ", " << safeCount
                      << " safe placements, PLACE " << bestTile << ' ' << bestRotation
                      << " (free path " << best[1] << ")\n";
            for (const auto& note : game.notes) std::cerr << "survivor: " << note << '\n';
            game.notes.clear();
        }
    }
    return 0;
}
