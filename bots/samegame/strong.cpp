// SameGame (CodinGame) sample bot: strong.
//
// Turn 1 (20 s limit) searches the whole game and keeps the best complete
// move sequence found; the later turns (50 ms limit) play that plan, checking
// that the received board is the one the plan expects. If it is not, the bot
// replans from the received board within the per-turn budget.
//
// Search (details in README.md):
//  - positions are bitboards (one 240-bit set per colour); regions are found
//    by flood fill, and rollouts update them incrementally;
//  - a position is evaluated by a deterministic "tabu colour" rollout: the
//    target colour is kept for one big final region while the other colours
//    are removed, highest region first. Every rollout is a complete game, so
//    the best one seen so far is always a valid plan;
//  - beam search over the move sequence, with identical positions merged and
//    the width of every layer set from the time left and a per-layer cost
//    profile measured by a smaller beam;
//  - scouting beams (width 1, 4, 16, ...) for each of the 5 possible target
//    colours, then wide beams for the most frequent colour and for the best
//    other target.
//
// Usage: strong [--first-turn-ms N] [--turn-ms N] [--quiet] [--verbose] [--max-width N]
//   --first-turn-ms  search budget of turn 1, measured from reading the first
//                    input line (default 18000)
//   --turn-ms        budget of a later turn when a replan is needed (default 40)
//   --quiet          no summary line on stderr
//   --verbose        one stderr line per beam
//   --max-width      cap on the beam width (default 65536; for experiments)
//
// Protocol: every turn 15 lines (top row first, row y = 14 .. 0), 15 integers
// each (colour 0..4, -1 = empty). Answer: one line "x y". Exits on EOF.
// Self-contained (standard library only), as a CodinGame submission.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using u64 = std::uint64_t;

constexpr int N = 15;
constexpr int NCOLOURS = 5;

// ---------------------------------------------------------------------------
// 240-bit sets of cells. Cell (x, y) is bit x * 16 + y (y = 0 is the bottom):
// column x lives in word x / 4, bits 16 * (x % 4) .. + 15. Bit 15 of every
// column is never set, which keeps the vertical shifts inside the columns.
// ---------------------------------------------------------------------------
struct Bits {
    u64 w[4];

    bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
    int count() const {
        return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]) +
               std::popcount(w[3]);
    }
    int lowest() const {  // index of the lowest set bit; requires any()
        for (int i = 0; i < 4; ++i) {
            if (w[i]) return i * 64 + std::countr_zero(w[i]);
        }
        return -1;
    }
    bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
    bool operator==(const Bits& o) const {
        return ((w[0] ^ o.w[0]) | (w[1] ^ o.w[1]) | (w[2] ^ o.w[2]) | (w[3] ^ o.w[3])) == 0;
    }
};

inline Bits operator&(const Bits& a, const Bits& b) {
    return Bits{{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}};
}
inline Bits operator|(const Bits& a, const Bits& b) {
    return Bits{{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2], a.w[3] | b.w[3]}};
}
inline Bits andNot(const Bits& a, const Bits& b) {
    return Bits{{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2], a.w[3] & ~b.w[3]}};
}
// The cells orthogonally adjacent to a (may include bit 15 of a column and
// cells outside the board: always intersect the result with a real set).
inline Bits neighbours(const Bits& a) {
    const u64 a0 = a.w[0], a1 = a.w[1], a2 = a.w[2], a3 = a.w[3];
    return Bits{{(a0 << 1) | (a0 >> 1) | (a0 << 16) | (a0 >> 16) | (a1 << 48),
                 (a1 << 1) | (a1 >> 1) | (a1 << 16) | (a0 >> 48) | (a1 >> 16) | (a2 << 48),
                 (a2 << 1) | (a2 >> 1) | (a2 << 16) | (a1 >> 48) | (a2 >> 16) | (a3 << 48),
                 (a3 << 1) | (a3 >> 1) | (a3 << 16) | (a2 >> 48) | (a3 >> 16)}};
}

// ---------------------------------------------------------------------------
// Board: one cell set per colour. Gravity and the column shift keep it
// normalized, so equal positions have equal bits.
// ---------------------------------------------------------------------------
struct Board {
    Bits m[NCOLOURS];

    Bits occupied() const { return m[0] | m[1] | m[2] | m[3] | m[4]; }
    bool empty() const { return !occupied().any(); }
    u64 hash() const {
        u64 h = 0x243F6A8885A308D3ULL;
        for (int k = 0; k < NCOLOURS; ++k) {
            for (int i = 0; i < 4; ++i) {
                h = (h ^ m[k].w[i]) * 0x9E3779B97F4A7C15ULL;
                h ^= h >> 29;
            }
        }
        return h;
    }
    bool operator==(const Board& o) const {
        for (int k = 0; k < NCOLOURS; ++k) {
            if (!(m[k] == o.m[k])) return false;
        }
        return true;
    }
};

using Grid = std::array<std::array<int, N>, N>;  // grid[x][y], -1 = empty

// Builds a board from a grid, applying gravity and the column shift (the
// referee only sends normalized boards, this just makes any input safe).
Board makeBoard(const Grid& g) {
    Board b{};
    int nc = 0;
    for (int x = 0; x < N; ++x) {
        int h = 0;
        for (int y = 0; y < N; ++y) {
            const int v = g[x][y];
            if (v < 0 || v >= NCOLOURS) continue;
            const int cell = nc * 16 + h++;
            b.m[v].w[cell >> 6] |= u64{1} << (cell & 63);
        }
        if (h > 0) ++nc;
    }
    return b;
}

// ---------------------------------------------------------------------------
// Region analysis.
// ---------------------------------------------------------------------------
struct Group {
    Bits cells;
    std::uint8_t rep;  // lowest cell = first cell in the referee's scan order
    std::uint8_t size;
    std::uint8_t colour;
    std::uint8_t lastCol;  // highest column holding a cell of the region
};

struct Analysis {
    int ngroups = 0;       // regions of size >= 2
    int count[NCOLOURS];   // tiles per colour
    int single[NCOLOURS];  // tiles of the colour in no region of size >= 2
    int sq[NCOLOURS];      // sum over the colour's regions (singletons too) of size^2
    Group groups[120];     // at most 112 regions of size >= 2
};

#if defined(__GNUC__)
#define FORCE_INLINE __attribute__((always_inline)) inline
#else
#define FORCE_INLINE inline
#endif

// Appends the regions formed by `paired` (tiles of colour k that have a
// neighbour of the same colour) to a.groups; returns the sum of their size^2.
FORCE_INLINE int floodRegions(Bits paired, int k, Analysis& a) {
    int sq = 0;
    while (paired.any()) {
        const int seed = paired.lowest();
        const int sw = seed >> 6;
        // Fast path: flood inside the seed's 64-bit word (4 columns); most
        // regions never leave it.
        const u64 pw = paired.w[sw];
        u64 gw = u64{1} << (seed & 63);
        for (;;) {
            const u64 nw = (gw | (gw << 1) | (gw >> 1) | (gw << 16) | (gw >> 16)) & pw;
            if (nw == gw) break;
            gw = nw;
        }
        u64 g0 = 0, g1 = 0, g2 = 0, g3 = 0;
        (sw == 0 ? g0 : sw == 1 ? g1 : sw == 2 ? g2 : g3) = gw;
        const bool crossesLeft = sw > 0 && ((paired.w[sw - 1] >> 48) & gw & 0xFFFF);
        const bool crossesRight = sw < 3 && ((gw >> 48) & paired.w[sw + 1] & 0xFFFF);
        if (crossesLeft || crossesRight) {
            // General case: flood over all four words, kept in registers.
            const u64 p0 = paired.w[0], p1 = paired.w[1], p2 = paired.w[2], p3 = paired.w[3];
            for (;;) {
                const u64 n0 =
                    (g0 | (g0 << 1) | (g0 >> 1) | (g0 << 16) | (g0 >> 16) | (g1 << 48)) & p0;
                const u64 n1 = (g1 | (g1 << 1) | (g1 >> 1) | (g1 << 16) | (g0 >> 48) | (g1 >> 16) |
                                (g2 << 48)) &
                               p1;
                const u64 n2 = (g2 | (g2 << 1) | (g2 >> 1) | (g2 << 16) | (g1 >> 48) | (g2 >> 16) |
                                (g3 << 48)) &
                               p2;
                const u64 n3 =
                    (g3 | (g3 << 1) | (g3 >> 1) | (g3 << 16) | (g2 >> 48) | (g3 >> 16)) & p3;
                if (((n0 ^ g0) | (n1 ^ g1) | (n2 ^ g2) | (n3 ^ g3)) == 0) break;
                g0 = n0;
                g1 = n1;
                g2 = n2;
                g3 = n3;
            }
        }
        const Bits g{{g0, g1, g2, g3}};
        paired = andNot(paired, g);
        const int sz = g.count();
        sq += sz * sz;
        const int top = g3   ? 192 + 63 - std::countl_zero(g3)
                        : g2 ? 128 + 63 - std::countl_zero(g2)
                        : g1 ? 64 + 63 - std::countl_zero(g1)
                             : 63 - std::countl_zero(g0);
        Group& gr = a.groups[a.ngroups++];
        gr.cells = g;
        gr.rep = static_cast<std::uint8_t>(seed);
        gr.size = static_cast<std::uint8_t>(sz);
        gr.colour = static_cast<std::uint8_t>(k);
        gr.lastCol = static_cast<std::uint8_t>(top >> 4);
    }
    return sq;
}

// Full analysis of b. (The hot functions are compiled twice, with and
// without the POPCNT instruction, and chosen when the program loads.)
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
#define HOT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define HOT_CLONES
#endif

HOT_CLONES void analyse(const Board& b, Analysis& a) {
    a.ngroups = 0;
    for (int k = 0; k < NCOLOURS; ++k) {
        const Bits& m = b.m[k];
        const int n = m.count();
        a.count[k] = n;
        if (n == 0) {
            a.single[k] = a.sq[k] = 0;
            continue;
        }
        const Bits paired = m & neighbours(m);
        const int np = paired.count();
        a.single[k] = n - np;
        a.sq[k] = n - np + floodRegions(paired, k, a);
    }
}

// Shifts a cell set k columns to the left.
inline Bits shiftColumnsLeft(const Bits& b, int k) {
    const int bits = 16 * k, ws = bits >> 6, bs = bits & 63;
    Bits r{};
    for (int i = 0; i + ws < 4; ++i) {
        const u64 lo = b.w[i + ws];
        const u64 hi = i + ws + 1 < 4 ? b.w[i + ws + 1] : 0;
        r.w[i] = bs ? (lo >> bs) | (hi << (64 - bs)) : lo;
    }
    return r;
}

// Removes the cells of `r` (16-bit mask) from a 16-bit column, moving the cells above down.
inline void compressColumn(std::uint32_t (&col)[NCOLOURS], std::uint32_t r) {
    while (r) {
        const int p = 31 - std::countl_zero(r);  // highest removed bit first
        r &= ~(1u << p);
        const std::uint32_t low = (1u << p) - 1;
        for (int k = 0; k < NCOLOURS; ++k) col[k] = (col[k] & low) | ((col[k] >> 1) & ~low);
    }
}

// Removes group g from b (in place); returns the points won. *emptied (if
// given) receives the number of columns that became empty.
int applyGroup(Board& b, const Group& g, int* emptied = nullptr) {
    int emptiedMask = 0;  // bit x: column x became empty
    for (int wi = 0; wi < 4; ++wi) {
        const u64 gw = g.cells.w[wi];
        if (!gw) continue;
        for (int l = 0; l < 4; ++l) {
            const std::uint32_t r = static_cast<std::uint32_t>(gw >> (16 * l)) & 0xFFFF;
            if (!r) continue;
            std::uint32_t col[NCOLOURS];
            for (int k = 0; k < NCOLOURS; ++k)
                col[k] = static_cast<std::uint32_t>(b.m[k].w[wi] >> (16 * l)) & 0xFFFF;
            compressColumn(col, r);
            std::uint32_t any = 0;
            const u64 clear = ~(u64{0xFFFF} << (16 * l));
            for (int k = 0; k < NCOLOURS; ++k) {
                b.m[k].w[wi] = (b.m[k].w[wi] & clear) | (u64{col[k]} << (16 * l));
                any |= col[k];
            }
            if (!any) emptiedMask |= 1 << (wi * 4 + l);
        }
    }
    int pts = (g.size - 2) * (g.size - 2);
    if (emptied) *emptied = std::popcount(static_cast<unsigned>(emptiedMask));
    if (emptiedMask) {
        // Remove the empty columns, highest first, shifting the columns above left.
        for (int x = 15; x >= 0; --x) {
            if (!((emptiedMask >> x) & 1)) continue;
            const int wi = x >> 2, l = x & 3;
            const u64 low = l ? (u64{1} << (16 * l)) - 1 : 0;
            for (int k = 0; k < NCOLOURS; ++k) {
                u64* w = b.m[k].w;
                w[wi] = (w[wi] & low) | ((w[wi] >> 16) & ~low);
                for (int j = wi; j < 3; ++j) {
                    w[j] |= w[j + 1] << 48;
                    w[j + 1] >>= 16;
                }
            }
        }
        if (b.empty()) pts += 1000;
    }
    return pts;
}

// Brings `a`, the analysis of the board before `removed` was played, up to
// date for b, the board after it (emptied = columns that became empty).
// Regions at least two columns away from the removed one cannot have changed
// (those on its right only moved left); only the rest is flood-filled again.
// Maintains ngroups, groups and count (not single and sq).
HOT_CLONES void reanalyse(const Board& b, Analysis& a, const Group& removed, int emptied) {
    const int x0 = removed.rep >> 4, x1 = removed.lastCol;
    Bits kept{};  // cells of the regions kept (any colour)
    int n = 0;
    for (int i = 0; i < a.ngroups; ++i) {
        Group g = a.groups[i];
        if (g.lastCol + 1 < x0) {
            // left of the change: unchanged
        } else if ((g.rep >> 4) > x1 + 1) {
            if (emptied) {
                g.cells = shiftColumnsLeft(g.cells, emptied);
                g.rep = static_cast<std::uint8_t>(g.rep - 16 * emptied);
                g.lastCol = static_cast<std::uint8_t>(g.lastCol - emptied);
            }
        } else {
            continue;
        }
        kept = kept | g.cells;
        a.groups[n++] = g;
    }
    a.ngroups = n;
    for (int k = 0; k < NCOLOURS; ++k) {
        const Bits& m = b.m[k];
        a.count[k] = m.count();
        if (!m.any()) continue;
        floodRegions(andNot(m & neighbours(m), kept), k, a);
    }
}

// ---------------------------------------------------------------------------
// Evaluation.
// ---------------------------------------------------------------------------
struct SearchParams {
    int target = 0;      // colour kept for one big final region
    double noise = 0.0;  // random tie-break noise added to evaluations (0: none)
    u64 seed = 1;
};

// Small tie-break term for equal rollout scores: keep many target tiles,
// few isolated tiles of the other colours.
double tieBreak(const Analysis& a, int target) {
    double e = 0;
    for (int k = 0; k < NCOLOURS; ++k) {
        const double n = a.count[k];
        if (k == target) {
            if (n >= 3) e += (n - 2) * (n - 2);
        } else {
            e -= 3.0 * a.single[k];
        }
    }
    return 0.001 * e;
}

// Deterministic tabu-colour rollout from b (analysed in `first`): regions of
// the other colours first, the highest one first (by the row of its first
// cell; ties: the larger, then the first found); regions of the target colour
// only when nothing else is left, the largest first. Returns the final score;
// appends the moves if asked.
int tabuRollout(Board b, const Analysis& first, int score, int target,
                std::vector<std::uint8_t>* moves = nullptr) {
    Analysis a;
    a.ngroups = first.ngroups;
    std::copy(first.groups, first.groups + first.ngroups, a.groups);
    std::copy(first.count, first.count + NCOLOURS, a.count);
    while (a.ngroups > 0) {
        int best = 0, bestKey = -1;
        for (int g = 0; g < a.ngroups; ++g) {
            const Group& gr = a.groups[g];
            const int key =
                gr.colour == target ? gr.size : (1 << 20) + (gr.rep & 15) * 256 + gr.size;
            if (key > bestKey) {
                bestKey = key;
                best = g;
            }
        }
        const Group played = a.groups[best];
        int emptied = 0;
        score += applyGroup(b, played, &emptied);
        if (moves) moves->push_back(played.rep);
        reanalyse(b, a, played, emptied);
    }
    return score;
}

// ---------------------------------------------------------------------------
// Beam search.
// ---------------------------------------------------------------------------
struct Plan {
    int score = -1;                   // final score (from the position searched)
    std::vector<std::uint8_t> moves;  // one cell of each region, index x * 16 + y
};

// Plays the largest region until the game ends.
void greedyFinish(Board b, int score, Plan& out) {
    Analysis a;
    for (;;) {
        analyse(b, a);
        if (a.ngroups == 0) break;
        int best = 0;
        for (int g = 1; g < a.ngroups; ++g) {
            if (a.groups[g].size > a.groups[best].size) best = g;
        }
        score += applyGroup(b, a.groups[best]);
        out.moves.push_back(a.groups[best].rep);
    }
    out.score = score;
}

struct Node {
    Board b;
    int score;
};

struct Cand {
    double eval;
    u64 hash;
    std::uint32_t parent;
    int score;           // points collected up to this position
    std::uint8_t group;  // index in the parent's analysis
};

struct Slot {  // hash table entry: position hash -> index in the candidates
    u64 hash;  // 0 = empty
    std::uint32_t index;
};

struct Hist {
    std::uint32_t parent;
    std::uint8_t move;
};

struct BeamStats {
    bool aborted = false;    // hit the deadline
    bool exhaustive = true;  // no position was ever cut: the result is optimal
    long long rollouts = 0;
    int maxWidth = 0;             // widest layer
    std::vector<double> perNode;  // seconds per expanded node, per layer
};

bool gVerbose = false;

// One beam search from (root, rootScore); improves `best` in place.
// Width: W for every layer, or, if `profile` is given (seconds per node and
// layer, measured by an earlier beam), as wide as the time left allows for
// the search to end before `deadline` (at most W).
BeamStats beamSearch(const Board& root, int rootScore, int W, const SearchParams& params,
                     Clock::time_point deadline, const std::vector<double>* profile, Plan& best) {
    BeamStats st;
    std::vector<Node> cur(1), next;
    cur[0].b = root;
    cur[0].score = rootScore;
    std::vector<std::vector<Hist>> hist;  // hist[d][k]: how node k of layer d + 1 was reached
    std::vector<Cand> cands;
    std::vector<Slot> table;
    Analysis pa, ca;
    u64 rng = params.seed * 0x9E3779B97F4A7C15ULL + 12345;

    // Moves from the root to node k of layer `depth`.
    auto pathTo = [&](int depth, std::uint32_t k) {
        std::vector<std::uint8_t> moves(depth);
        for (int d = depth; d >= 1; --d) {
            const Hist& h = hist[d - 1][k];
            moves[d - 1] = h.move;
            k = h.parent;
        }
        return moves;
    };

    for (int depth = 0;; ++depth) {
        const auto layerStart = Clock::now();
        int Wd = W;
        if (profile && !profile->empty()) {
            // Predicted cost of one node in each remaining layer (the profile's game
            // may be shorter than this one: pad its end), scaled by how much the
            // layers done so far exceeded the profile.
            const std::size_t np = profile->size();
            const double lastCost = np >= 4 ? ((*profile)[np - 1] + (*profile)[np - 2] +
                                               (*profile)[np - 3] + (*profile)[np - 4]) /
                                                  4
                                            : profile->back();
            auto prof = [&](int d) { return d < static_cast<int>(np) ? (*profile)[d] : lastCost; };
            double done = 0, predicted = 0, recentDone = 0, recentPredicted = 0, tail = 0;
            for (int d = 0; d < depth; ++d) {
                done += st.perNode[d];
                predicted += prof(d);
                if (d + 3 >= depth) {
                    recentDone += st.perNode[d];
                    recentPredicted += prof(d);
                }
            }
            for (std::size_t d = depth; d < np; ++d) tail += (*profile)[d];
            tail += 10 * lastCost;
            double ratio = 1.0;
            if (predicted > 0) ratio = std::max(ratio, done / predicted);
            if (recentPredicted > 0) ratio = std::max(ratio, recentDone / recentPredicted);
            tail *= ratio;
            const double left = std::chrono::duration<double>(deadline - layerStart).count() * 0.85;
            Wd = static_cast<int>(std::clamp(left / tail, 1.0, static_cast<double>(W)));
        }
        st.maxWidth = std::max(st.maxWidth, Wd);
        // Candidates: the best `keep` are kept whenever `cap` are collected.
        const std::size_t cap = static_cast<std::size_t>(Wd) * 4 + 64;
        const std::size_t keep = static_cast<std::size_t>(Wd) * 2 + 32;
        std::size_t tableSize = 64;
        while (tableSize < cap * 2) tableSize <<= 1;
        if (table.size() < tableSize) table.resize(tableSize);
        cands.clear();
        std::fill(table.begin(), table.begin() + tableSize, Slot{0, 0});
        const std::size_t mask = tableSize - 1;
        // The slot of hash h: its own, or the empty one where it goes.
        auto slotOf = [&](u64 h) {
            std::size_t i = h & mask;
            while (table[i].hash != 0 && table[i].hash != h) i = (i + 1) & mask;
            return i;
        };
        double threshold = -1e300;
        for (std::uint32_t pi = 0; pi < cur.size(); ++pi) {
            if (Clock::now() >= deadline) {
                st.aborted = true;
                st.exhaustive = false;
                return st;
            }
            const Node& nd = cur[pi];
            analyse(nd.b, pa);
            for (int g = 0; g < pa.ngroups; ++g) {
                Board child = nd.b;
                const int s = nd.score + applyGroup(child, pa.groups[g]);
                const u64 h = child.hash() | 1;
                const std::size_t slot = slotOf(h);
                if (table[slot].hash == h) {
                    // Same position reached another way: the rollout from it is the
                    // same, only the points collected so far differ.
                    Cand& old = cands[table[slot].index];
                    if (s > old.score) {
                        old.eval += s - old.score;
                        old.score = s;
                        old.parent = pi;
                        old.group = static_cast<std::uint8_t>(g);
                    }
                    continue;
                }
                analyse(child, ca);
                if (ca.ngroups == 0) {  // game over
                    if (s > best.score) {
                        best.moves = pathTo(depth, pi);
                        best.moves.push_back(pa.groups[g].rep);
                        best.score = s;
                    }
                    continue;
                }
                ++st.rollouts;
                const int rolled = tabuRollout(child, ca, s, params.target);
                if (rolled > best.score) {
                    best.moves = pathTo(depth, pi);
                    best.moves.push_back(pa.groups[g].rep);
                    tabuRollout(child, ca, s, params.target, &best.moves);
                    best.score = rolled;
                }
                double e = rolled + tieBreak(ca, params.target);
                if (params.noise > 0) {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    e += params.noise * static_cast<double>(rng >> 11) * (1.0 / 9007199254740992.0);
                }
                if (e <= threshold) continue;
                table[slot] = Slot{h, static_cast<std::uint32_t>(cands.size())};
                cands.push_back(Cand{e, h, pi, s, static_cast<std::uint8_t>(g)});
                if (cands.size() >= cap) {
                    st.exhaustive = false;
                    std::nth_element(cands.begin(), cands.begin() + (keep - 1), cands.end(),
                                     [](const Cand& l, const Cand& r) { return l.eval > r.eval; });
                    cands.resize(keep);
                    threshold = cands[keep - 1].eval;
                    std::fill(table.begin(), table.begin() + tableSize, Slot{0, 0});
                    for (std::size_t i = 0; i < cands.size(); ++i) {
                        table[slotOf(cands[i].hash)] =
                            Slot{cands[i].hash, static_cast<std::uint32_t>(i)};
                    }
                }
            }
        }
        if (cands.empty()) break;
        // The next layer: the best Wd candidates (all distinct positions).
        const std::size_t nsel = std::min(cands.size(), static_cast<std::size_t>(Wd));
        if (nsel < cands.size()) st.exhaustive = false;
        std::nth_element(cands.begin(), cands.begin() + (nsel - 1), cands.end(),
                         [](const Cand& l, const Cand& r) { return l.eval > r.eval; });
        cands.resize(nsel);
        // Sorted by parent, so that each parent is analysed once more.
        std::sort(cands.begin(), cands.end(), [](const Cand& l, const Cand& r) {
            return l.parent != r.parent ? l.parent < r.parent : l.group < r.group;
        });
        next.resize(nsel);
        hist.emplace_back(nsel);
        std::vector<Hist>& hl = hist.back();
        std::uint32_t lastParent = UINT32_MAX;
        for (std::size_t i = 0; i < nsel; ++i) {
            const Cand& cd = cands[i];
            const Node& nd = cur[cd.parent];
            if (cd.parent != lastParent) {
                analyse(nd.b, pa);
                lastParent = cd.parent;
            }
            next[i].b = nd.b;
            next[i].score = nd.score + applyGroup(next[i].b, pa.groups[cd.group]);
            hl[i] = Hist{cd.parent, pa.groups[cd.group].rep};
        }
        st.perNode.push_back(std::chrono::duration<double>(Clock::now() - layerStart).count() /
                             static_cast<double>(cur.size()));
        std::swap(cur, next);
    }
    return st;
}

// Renames the colours in order of first appearance (scan x, then y), so that
// the search behaves identically on boards that differ only by a colour
// permutation (validators 31-50 are validators 11-30 recoloured).
Board canonicalColours(const Board& b) {
    int first[NCOLOURS];
    int order[NCOLOURS];
    for (int k = 0; k < NCOLOURS; ++k) {
        first[k] = b.m[k].any() ? b.m[k].lowest() : 1000 + k;
        order[k] = k;
    }
    std::sort(order, order + NCOLOURS, [&](int l, int r) { return first[l] < first[r]; });
    Board r{};
    for (int k = 0; k < NCOLOURS; ++k) r.m[k] = b.m[order[k]];
    return r;
}

struct SearchInfo {
    int beams = 0;
    int lastWidth = 0;
    long long rollouts = 0;
};

inline Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// The search from `position` until `deadline` (the greedy line first, so that
// there is always a plan):
//  1. scouting: beams of width 1, 4, 16, 64, ... for every target colour,
//     while a whole round still fits in 20 % of the budget;
//  2. beams as wide as the time allows for two targets, the most frequent
//     colour (55 % of the time left; with wide beams it is usually the best
//     target) and the best other one of the scouting (the rest). If time is
//     left over, more beams (with random tie-breaks).
// Stops early if a beam was exhaustive (it then found the optimum).
Plan search(const Board& position, Clock::time_point deadline, int maxWidth, SearchInfo* info) {
    const Board root = canonicalColours(position);
    Plan best;
    greedyFinish(root, 0, best);
    const auto begin = Clock::now();
    const double total = std::chrono::duration<double>(deadline - begin).count();

    struct Option {
        SearchParams params;
        Plan plan;
        std::vector<double> profile;  // per-node costs of its last full scouting beam
    };
    std::vector<Option> options;
    Analysis ra;
    analyse(root, ra);
    int frequent = 0;
    for (int k = 0; k < NCOLOURS; ++k) {
        if (ra.count[k] > ra.count[frequent]) frequent = k;
        if (ra.count[k] == 0) continue;
        Option o;
        o.params.target = k;
        options.push_back(std::move(o));
    }
    if (options.empty() || ra.ngroups == 0) return best;

    bool solved = false;
    // Runs one beam for option o; returns false if it hit the deadline.
    auto run = [&](Option& o, int width, Clock::time_point dl, bool adaptive) {
        const auto t0 = Clock::now();
        BeamStats st =
            beamSearch(root, 0, width, o.params, dl, adaptive ? &o.profile : nullptr, o.plan);
        if (o.plan.score > best.score) best = o.plan;
        if (st.exhaustive) solved = true;
        if (gVerbose) {
            std::cerr << "  target " << o.params.target << " beam W=" << st.maxWidth
                      << " best=" << o.plan.score
                      << " t=" << std::chrono::duration<double>(Clock::now() - t0).count()
                      << (st.aborted ? " (aborted)" : "") << (st.exhaustive ? " (exhaustive)" : "")
                      << std::endl;
        }
        if (info) {
            ++info->beams;
            info->lastWidth = st.maxWidth;
            info->rollouts += st.rollouts;
        }
        if (!adaptive && !st.aborted) o.profile = std::move(st.perNode);
        return !st.aborted;
    };

    // 1. Scouting.
    const auto scoutEnd = begin + seconds(0.2 * total);
    double roundCost = 0;
    for (int W = 1; W <= maxWidth && !solved; W *= 4) {
        const auto t0 = Clock::now();
        if (roundCost > 0 && t0 + seconds(roundCost * 4) > scoutEnd) break;
        bool complete = true;
        for (Option& o : options) {
            complete = run(o, W, scoutEnd, false) && complete;
            if (solved) return best;
        }
        if (!complete) break;
        roundCost = std::chrono::duration<double>(Clock::now() - t0).count();
    }

    // 2. Wide beams.
    std::stable_sort(options.begin(), options.end(),
                     [](const Option& l, const Option& r) { return l.plan.score > r.plan.score; });
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].params.target == frequent) {
            std::rotate(options.begin(), options.begin() + i, options.begin() + i + 1);
            break;
        }
    }
    const std::size_t finalists = std::min<std::size_t>(2, options.size());
    for (std::size_t i = 0; !solved; ++i) {
        const auto now = Clock::now();
        if (now >= deadline - std::chrono::milliseconds(2)) break;
        Option& o = options[i % finalists];
        if (o.profile.empty()) break;  // not even one scouting beam finished
        auto dl = deadline;
        if (i + 1 < finalists) dl = now + (deadline - now) * 55 / 100;
        if (i >= finalists) {  // time left over: another beam, with random tie-breaks
            ++o.params.seed;
            o.params.noise = 1.0;
        }
        run(o, maxWidth, dl, true);  // (when cut by dl, its rollouts still count)
    }
    return best;
}

// ---------------------------------------------------------------------------
// Protocol.
// ---------------------------------------------------------------------------
bool readBoard(Grid& g, Clock::time_point& firstLineTime) {
    for (int line = 0; line < N; ++line) {
        std::string s;
        if (!std::getline(std::cin, s)) return false;
        if (line == 0) firstLineTime = Clock::now();
        std::istringstream in(s);
        const int y = N - 1 - line;
        for (int x = 0; x < N; ++x) {
            int v = -1;
            if (!(in >> v)) v = -1;
            g[x][y] = v;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    int firstTurnMs = 18000, turnMs = 40, maxWidth = 1 << 16;
    bool quiet = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto num = [&](int& out) {
            if (i + 1 >= argc) return false;
            char* end = nullptr;
            const long v = std::strtol(argv[++i], &end, 10);
            if (!end || *end != '\0' || v < 1 || v > 100000000) return false;
            out = static_cast<int>(v);
            return true;
        };
        if (arg == "--first-turn-ms" && num(firstTurnMs)) {
        } else if (arg == "--turn-ms" && num(turnMs)) {
        } else if (arg == "--max-width" && num(maxWidth)) {
        } else if (arg == "--quiet") {
            quiet = true;
        } else if (arg == "--verbose") {
            gVerbose = true;
        } else {
            std::cerr << "usage: strong [--first-turn-ms N] [--turn-ms N] [--quiet] [--verbose] "
                         "[--max-width N]\n";
            return 2;
        }
    }

    Grid grid{};
    Clock::time_point turnStart;
    Plan plan;
    std::size_t next = 0;  // index of the next move of `plan`
    Board expected{};      // the position in which the plan plays move `next`
    bool first = true;

    while (readBoard(grid, turnStart)) {
        const Board b = makeBoard(grid);
        Analysis a;
        analyse(b, a);
        if (a.ngroups == 0) {  // cannot happen under the referee: the game is over
            std::cout << "0 0" << std::endl;
            continue;
        }
        if (first || next >= plan.moves.size() || !(b == expected)) {
            const auto deadline =
                turnStart + std::chrono::milliseconds(first ? firstTurnMs : turnMs);
            SearchInfo info;
            plan = search(b, deadline, first ? maxWidth : std::min(maxWidth, 256), &info);
            next = 0;
            if (!quiet) {
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - turnStart).count();
                std::cerr << (first ? "plan" : "replan") << ": score " << plan.score << " in "
                          << plan.moves.size() << " moves, " << info.beams << " beams, last width "
                          << info.lastWidth << ", " << info.rollouts << " rollouts, " << ms << " ms"
                          << std::endl;
            }
        }
        first = false;
        // Safety net: the move must be in a legal region of the received board.
        int chosen = -1;
        if (next < plan.moves.size()) {
            for (int g = 0; g < a.ngroups; ++g) {
                if (a.groups[g].cells.test(plan.moves[next])) chosen = g;
            }
        }
        int cell;
        if (chosen >= 0) {
            cell = plan.moves[next++];
        } else {  // never happens: play the largest region and replan next turn
            chosen = 0;
            for (int g = 1; g < a.ngroups; ++g) {
                if (a.groups[g].size > a.groups[chosen].size) chosen = g;
            }
            cell = a.groups[chosen].rep;
            plan.moves.clear();
            next = 0;
        }
        expected = b;
        applyGroup(expected, a.groups[chosen]);
        std::cout << (cell >> 4) << ' ' << (cell & 15) << std::endl;
    }
    return 0;
}
