// Tsuro (CodinGame) sample bot: strong.
//
// Monte-Carlo search with determinization, sized by the clock:
//  - the tiles the bot has not seen (neither on the board nor in its hand) are dealt at random
//    to the other players (3 each) and the rest becomes the deck, in random order;
//  - each candidate placement (hand tile x distinct rotation: every one that keeps the bot on
//    the board, and the best one that does not) is played, then the game is played out to the
//    end, or to the bot's elimination, by every player with the same fast policy: a placement
//    that keeps the mover on the board, preferring ones that push others off, then ones that
//    end away from the edges and from the other markers' cells, with a random term;
//  - the value of a playout is the bot's rank among the players by the referee's scores
//    (1 = beats everyone, 0 = last), the referee's rules included: suicide scores turn - 1,
//    pushed off turn, last survivor turn + 1, hands return to the deck and are re-dealt;
//  - successive halving over the candidates: the budget is split into rounds; each round plays
//    the same deals for every remaining candidate (common random numbers), then keeps the better
//    half by mean value.
// START is chosen the same way over the free start marks, with the players still to start
// taking random free marks in the playouts.
//
// Usage: strong [--turn-ms N] [--start-ms N] [--seed N] [--verbose] [--help]
// Protocol: spec §3 (the first turn starts with a playerCount line). One line per turn on stdout.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "tsuro_model.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using tsuro::kMaxPlayers;

constexpr const char* kUsage =
    "usage: strong [--turn-ms N] [--start-ms N] [--seed N] [--verbose] [--help]\n"
    "Tsuro bot: Monte-Carlo playouts over random deals of the unseen tiles, successive halving\n"
    "over its placements.\n"
    "  --turn-ms N   search time of a PLACE turn, from reading its input (default 80; limit 100)\n"
    "  --start-ms N  search time of the START turn (default 500; limit 1000)\n"
    "  --seed N      seed of the deals and playouts (default: from std::random_device)\n"
    "  --verbose     the candidates' values and playout counts on stderr, every turn\n";

// splitmix64: a small, fast generator; playouts need many cheap random numbers.
struct FastRng {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int below(int n) {
        return static_cast<int>((next() >> 32) * static_cast<std::uint64_t>(n) >> 32);
    }
};

template <typename T, std::size_t N>
void shuffle(std::array<T, N>& a, int begin, int end, FastRng& rng) {
    for (int i = end - 1; i > begin; --i) std::swap(a[i], a[begin + rng.below(i - begin + 1)]);
}

// Playout policy weights, against a random term in 0..63 (tuned in 4-player games of strong
// against variants of itself: 16 and 32 won about 60 % of the games against no penalty).
constexpr int kEdgePenalty = 16;        // per board edge along the reached cell
constexpr int kSharedCellPenalty = 32;  // per other marker facing the reached cell

// How many board edges run along each cell: 0 inside, 1 on a side, 2 in a corner.
constexpr std::array<int, tsuro::kCells> kEdgeSides = [] {
    std::array<int, tsuro::kCells> sides{};
    for (int c = 0; c < tsuro::kCells; ++c) {
        const int col = tsuro::colOf(c), row = tsuro::rowOf(c);
        sides[c] = (col == 0) + (col == tsuro::kSide - 1) + (row == 0) + (row == tsuro::kSide - 1);
    }
    return sides;
}();

// The game with every hand known (one determinization), from the bot's point of view: player 0
// is the bot, the others follow in turn order.
struct Sim {
    tsuro::Table table;
    std::array<std::uint64_t, kMaxPlayers> hand{};  // bit masks of tile ids
    std::array<std::uint8_t, tsuro::kTileCount> deck{};
    int deckBegin = 0, deckEnd = 0;
    std::array<int, kMaxPlayers> score{};
    std::array<int, kMaxPlayers> eliminationOrder{};  // relative indexes by referee index
    int turn = 0;      // the referee's turn counter of the last action
    int maxTurns = 0;  // 35 + playerCount
    int toMove = 0;
    bool over = false;

    int players() const { return table.players; }

    void draw(int p) {
        if (deckBegin < deckEnd) hand[p] |= 1ull << deck[deckBegin++];
    }

    // kill (spec §4.3): score, hand back to the deck, reshuffle, re-deal (spec §4.5).
    void eliminate(int p, int points, FastRng& rng) {
        score[p] = points;
        table.alive[p] = false;
        std::copy(deck.begin() + deckBegin, deck.begin() + deckEnd, deck.begin());
        deckEnd -= deckBegin;
        deckBegin = 0;
        for (std::uint64_t h = hand[p]; h; h &= h - 1) {
            deck[deckEnd++] = static_cast<std::uint8_t>(std::countr_zero(h));
        }
        hand[p] = 0;
        shuffle(deck, 0, deckEnd, rng);
        for (int q = (p + 1) % players();; q = (q + 1) % players()) {
            bool allThree = true;
            for (int r = 0; r < players(); ++r) {
                allThree = allThree && (!table.alive[r] || std::popcount(hand[r]) == 3);
            }
            if (allThree || deckBegin == deckEnd) break;
            if (table.alive[q]) draw(q);
        }
    }

    int nextAlive(int p) const {
        for (int i = 1; i <= players(); ++i) {
            const int q = (p + i) % players();
            if (table.alive[q]) return q;
        }
        return p;
    }

    void endOfTurn(int p) {
        const int alive = table.aliveCount();
        if (alive < 2) {
            for (int q = 0; q < players(); ++q) {
                if (table.alive[q]) score[q] = turn + 1;
            }
            over = true;
        } else if (turn >= maxTurns) {
            for (int q = 0; q < players(); ++q) {
                if (table.alive[q]) score[q] = 0;  // the referee never sets it (spec §4.6)
            }
            over = true;
        }
        toMove = nextAlive(p);
    }

    // One PLACE turn (spec §4.1).
    void place(int p, int code, FastRng& rng) {
        ++turn;
        hand[p] &= ~(1ull << (code >> 2));
        const unsigned out = table.place(p, code);
        if (out) {
            for (int q : eliminationOrder) {
                if (q >= 0 && ((out >> q) & 1)) eliminate(q, q == p ? turn - 1 : turn, rng);
            }
        }
        if (table.alive[p]) draw(p);
        endOfTurn(p);
    }

    // A turn without a legal placement (empty hand): eliminated with score 0.
    void failTurn(int p, FastRng& rng) {
        ++turn;
        eliminate(p, 0, rng);
        endOfTurn(p);
    }

    // The playout policy: stay on the board; then push the most others off; then avoid edge
    // cells (fewer ways on) and cells another marker faces too (whoever moves first there
    // decides both paths); then at random. Each term is worth the span of the random one, 64.
    int policy(int p, FastRng& rng) const {
        int bestCode = -1, bestValue = -1 << 30;
        for (std::uint64_t h = hand[p]; h; h &= h - 1) {
            const int tile = std::countr_zero(h);
            for (int k = 0; k < tsuro::kTables.distinctRotationCount[tile]; ++k) {
                const int code = tsuro::tileCode(tile, tsuro::kTables.distinctRotations[tile][k]);
                const unsigned out = table.eliminatedBy(p, code);
                int value = rng.below(64);
                if ((out >> p) & 1) {
                    value -= 1 << 20;
                } else {
                    value += 64 * std::popcount(out);
                    const tsuro::Marker to = tsuro::followWith(table.board, table.marker[p], code);
                    value -= kEdgePenalty * kEdgeSides[to.cell];
                    for (int q = 0; q < players(); ++q) {
                        if (q != p && table.alive[q] && !((out >> q) & 1) &&
                            table.marker[q].cell == to.cell) {
                            value -= kSharedCellPenalty;
                        }
                    }
                }
                if (value > bestValue) bestValue = value, bestCode = code;
            }
        }
        return bestCode;
    }

    // The bot's rank among the players, 1 when it beats everyone, 0 when everyone beats it.
    // Valid once the game is over or the bot is out: the players still in then outscore it.
    double value() const {
        double beaten = 0;
        for (int q = 1; q < players(); ++q) {
            if (!over && table.alive[q]) continue;
            if (score[q] < score[0]) beaten += 1;
            if (score[q] == score[0]) beaten += 0.5;
        }
        return beaten / (players() - 1);
    }

    // Plays to the end of the game, or to the bot's elimination while tiles remain to draw
    // (then the players still in will outscore it). With the deck empty, hands run out and
    // score 0, so the game is played to its end.
    double playout(FastRng& rng) {
        while (!over && (table.alive[0] || deckBegin == deckEnd)) {
            const int p = toMove;
            const int code = policy(p, rng);
            if (code < 0) {
                failTurn(p, rng);
            } else {
                place(p, code, rng);
            }
        }
        return value();
    }
};

struct Options {
    int turnMs = 80;
    int startMs = 500;
    std::uint64_t seed = std::random_device{}();
    bool verbose = false;
};

// The position the bot sees, with the unseen tiles to deal in every determinization.
Sim rootOf(const tsuro::Tracker& game) {
    Sim sim;
    sim.table = game.table;
    for (int t : game.hand) sim.hand[0] |= 1ull << t;
    sim.turn = game.turn - 1;
    sim.maxTurns = tsuro::kPlacementTurns + game.players;
    sim.eliminationOrder.fill(-1);
    for (int seat = 0; seat < game.players; ++seat) {  // relative index of each referee index
        sim.eliminationOrder[seat] = (seat - game.seat + game.players) % game.players;
    }
    return sim;
}

// Deals the unseen tiles: 3 to each other player in the game (fewer if short), the rest to the
// deck, all in random order.
void deal(Sim& sim, std::uint64_t unseen, unsigned dealTo, FastRng& rng) {
    std::array<std::uint8_t, tsuro::kTileCount> pool{};
    int count = 0;
    for (std::uint64_t u = unseen; u; u &= u - 1) {
        pool[count++] = static_cast<std::uint8_t>(std::countr_zero(u));
    }
    shuffle(pool, 0, count, rng);
    int next = 0;
    for (int round = 0; round < 3; ++round) {
        for (int p = 1; p < sim.players(); ++p) {
            if (((dealTo >> p) & 1) && next < count) sim.hand[p] |= 1ull << pool[next++];
        }
    }
    sim.deckBegin = 0;
    sim.deckEnd = 0;
    for (int i = next; i < count; ++i) sim.deck[sim.deckEnd++] = pool[i];
}

struct Candidate {
    int action = 0;  // PLACE: tile code; START: mark
    double total = 0;
    int playouts = 0;
    double mean() const { return playouts ? total / playouts : 0; }
};

// The turn's clock. The referee counts wall time from sending the input to reading the answer,
// so time the bot spends off the CPU inside its search (a loaded machine) predicts more of it
// outside, before the input is read and after the answer is written: it counts double.
class TurnClock {
  public:
    TurnClock(Clock::time_point start, double budgetMs)
        : start_(start), cpuStart_(std::clock()), budgetMs_(budgetMs) {}

    // Milliseconds used: wall time plus twice the time spent off the CPU so far.
    double usedMs() {
        const double wall =
            std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
        if (++calls_ % 8 == 0) {  // reading the CPU clock is a system call: not every time
            const double cpu =
                1000.0 * static_cast<double>(std::clock() - cpuStart_) / CLOCKS_PER_SEC;
            offCpuMs_ = std::max(0.0, wall - cpu);
        }
        return wall + 2 * offCpuMs_;
    }
    double budgetMs() const { return budgetMs_; }
    double offCpuMs() const { return offCpuMs_; }

    // The share of the wall time so far spent off the CPU (about 0 on an idle machine), or -1
    // if the turn was too short to tell.
    double offCpuShare() const {
        const double wall =
            std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
        const double cpu = 1000.0 * static_cast<double>(std::clock() - cpuStart_) / CLOCKS_PER_SEC;
        return wall < 5 ? -1 : std::clamp((wall - cpu) / wall, 0.0, 1.0);
    }

  private:
    Clock::time_point start_;
    std::clock_t cpuStart_;
    double budgetMs_;
    double offCpuMs_ = 0;
    unsigned calls_ = 0;
};

// Successive halving until the budget is used: rounds of equal time, each keeping the better
// half. `play(action, sampleSeed)` runs one playout of a candidate on the deal made from
// sampleSeed.
template <typename Play>
int searchBest(std::vector<Candidate>& candidates, TurnClock& clock, FastRng& rng, Play play) {
    std::vector<Candidate*> alive;
    for (auto& c : candidates) alive.push_back(&c);
    int rounds = 1;
    while ((1u << rounds) < candidates.size()) ++rounds;
    const auto byMean = [](const Candidate* a, const Candidate* b) {
        return a->mean() > b->mean();
    };
    for (int round = 0; round < rounds && alive.size() > 1; ++round) {
        const double roundEnd = clock.budgetMs() * (round + 1) / rounds;
        bool timeLeft = clock.usedMs() < roundEnd;
        while (timeLeft) {
            const std::uint64_t sampleSeed = rng.next();
            for (Candidate* c : alive) {
                c->total += play(c->action, sampleSeed);
                ++c->playouts;
                // Stop mid-sample when time is out; an incomplete pass is a slight bias only.
                if (clock.usedMs() >= roundEnd) {
                    timeLeft = false;
                    break;
                }
            }
        }
        std::stable_sort(alive.begin(), alive.end(), byMean);
        if (round + 1 < rounds) alive.resize((alive.size() + 1) / 2);
    }
    std::stable_sort(alive.begin(), alive.end(), byMean);
    return alive.front()->action;
}

int chooseStart(const tsuro::Tracker& game, TurnClock& clock, FastRng& rng,
                std::vector<Candidate>& candidates) {
    const auto taken = game.takenMarks();
    candidates.clear();
    for (int mark = 0; mark < tsuro::kStartMarks; ++mark) {
        if (!taken[mark]) candidates.push_back(Candidate{mark});
    }
    const Sim root = rootOf(game);
    std::uint64_t unseen = game.unseenTiles();
    unsigned dealTo = 0;
    for (int p = 1; p < game.players; ++p) {
        if (game.table.alive[p] || game.waitingForStart[p]) dealTo |= 1u << p;
    }
    // Every START has been played when the first PLACE comes: turn = playerCount.
    const int firstToPlace = (game.players - game.seat) % game.players;
    auto play = [&](int mark, std::uint64_t sampleSeed) {
        FastRng sampleRng{sampleSeed};
        Sim sim = root;
        sim.table.marker[0] = tsuro::markerOfStart(mark);
        sim.table.alive[0] = true;
        std::array<bool, tsuro::kStartMarks> used = taken;
        used[mark] = true;
        for (int p = 1; p < game.players; ++p) {
            if (!game.waitingForStart[p]) continue;
            int choice;
            do {
                choice = sampleRng.below(tsuro::kStartMarks);
            } while (used[choice]);
            used[choice] = true;
            sim.table.marker[p] = tsuro::markerOfStart(choice);
            sim.table.alive[p] = true;
        }
        deal(sim, unseen, dealTo, sampleRng);
        sim.turn = game.players;
        sim.toMove = sim.table.alive[firstToPlace] ? firstToPlace : sim.nextAlive(firstToPlace);
        return sim.playout(sampleRng);
    };
    return searchBest(candidates, clock, rng, play);
}

int choosePlace(const tsuro::Tracker& game, TurnClock& clock, FastRng& rng,
                std::vector<Candidate>& candidates) {
    // Every safe placement, and one that leaves the board (the one pushing the most others
    // off): leaving now scores turn - 1, which usually loses to staying, but not when the deck
    // is empty and the hand will be before the game ends (an empty hand scores 0).
    candidates.clear();
    int leave = -1, leaveKills = -1;
    for (int tile : game.hand) {
        for (int k = 0; k < tsuro::kTables.distinctRotationCount[tile]; ++k) {
            const int code = tsuro::tileCode(tile, tsuro::kTables.distinctRotations[tile][k]);
            const unsigned out = game.table.eliminatedBy(0, code);
            if (!(out & 1u)) {
                candidates.push_back(Candidate{code});
            } else if (std::popcount(out) > leaveKills) {
                leave = code;
                leaveKills = std::popcount(out);
            }
        }
    }
    if (leave >= 0) candidates.push_back(Candidate{leave});
    if (candidates.size() == 1) return candidates.front().action;

    const Sim root = rootOf(game);
    const std::uint64_t unseen = game.unseenTiles();
    unsigned dealTo = 0;
    for (int p = 1; p < game.players; ++p) {
        if (game.table.alive[p]) dealTo |= 1u << p;
    }
    auto play = [&](int code, std::uint64_t sampleSeed) {
        FastRng sampleRng{sampleSeed};
        Sim sim = root;
        deal(sim, unseen, dealTo, sampleRng);
        sim.place(0, code, sampleRng);
        return sim.playout(sampleRng);
    };
    return searchBest(candidates, clock, rng, play);
}

void report(const char* what, const tsuro::Tracker& game, const std::vector<Candidate>& candidates,
            Clock::time_point start, const TurnClock& clock) {
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const bool place = what[0] == 'P';
    int playouts = 0;
    for (const auto& c : candidates) playouts += c.playouts;
    std::cerr << "strong: turn " << game.turn << " " << what << ": " << candidates.size()
              << " candidates, " << playouts << " playouts, " << std::fixed << std::setprecision(1)
              << ms << " ms (" << clock.offCpuMs() << " ms off the CPU)\n";
    for (const auto& c : candidates) {
        if (c.playouts == 0) continue;
        std::cerr << "  " << (place ? c.action >> 2 : c.action);
        if (place) std::cerr << ' ' << (c.action & 3);
        std::cerr << ": " << std::setprecision(3) << c.mean() << " (" << c.playouts << ")\n";
    }
    for (const auto& note : game.notes) std::cerr << "strong: " << note << '\n';
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--turn-ms" && i + 1 < argc) {
            options.turnMs = std::atoi(argv[++i]);
        } else if (arg == "--start-ms" && i + 1 < argc) {
            options.startMs = std::atoi(argv[++i]);
        } else if (arg == "--seed" && i + 1 < argc) {
            options.seed = std::strtoull(argv[++i], nullptr, 10);
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
    FastRng rng{options.seed};
    // A machine that kept the bot off the CPU last turn is likely to do it again, before and
    // after the search too: the turn budget shrinks by that share (at most by half).
    double offCpuShare = 0;
    auto remember = [&offCpuShare](const TurnClock& clock) {
        const double share = clock.offCpuShare();
        if (share >= 0) offCpuShare = share;
    };
    tsuro::Tracker game;
    std::vector<Candidate> candidates;
    while (true) {
        // The referee's clock runs from sending the input: start ours at its first byte.
        std::cin >> std::ws;
        if (std::cin.peek() == EOF) break;
        const auto start = Clock::now();
        if (!game.read(std::cin)) break;
        if (game.isFirstTurn()) {
            TurnClock clock(start, options.startMs);
            const int mark = chooseStart(game, clock, rng, candidates);
            game.playStart(mark);
            std::cout << "START " << mark << std::endl;
            remember(clock);
            if (options.verbose) report("START", game, candidates, start, clock);
        } else if (game.hand.empty()) {  // no legal move; an in-range id avoids a referee crash
            std::cout << "PLACE 0 0" << std::endl;
        } else {
            TurnClock clock(start, options.turnMs * (1 - std::min(0.5, offCpuShare)));
            const int code = choosePlace(game, clock, rng, candidates);
            game.playPlace(code >> 2, code & 3);
            std::cout << "PLACE " << (code >> 2) << ' ' << (code & 3) << std::endl;
            remember(clock);
            if (options.verbose) report("PLACE", game, candidates, start, clock);
        }
        game.notes.clear();
    }
    return 0;
}
