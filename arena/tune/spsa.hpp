// SPSA as OpenBench runs it (docs/tune.md gives the formulas and the OpenBench lines they follow):
// pure functions on values, no games, no files. Iterations are numbered from 1. Every random
// draw of iteration k (the directions, the rounding of integer parameters, the seeds, the boards)
// is a function of (master seed, k, what, index): a resumed run draws what the first run drew,
// with no generator state to save.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena::tune {

// One tuned parameter, as OpenBench's line `name, int|float, start, min, max, c_end, r_end`.
struct Param {
    std::string name;
    bool is_int = false;
    double start = 0, min = 0, max = 0;
    double c_end = 0;  // the perturbation's size at the last iteration
    double r_end = 0;  // the learning rate (a / c^2) at the last iteration
};

// The run's global constants.
struct Gains {
    int iterations = 0;  // N
    double alpha = 0.602, gamma = 0.101, a_ratio = 0.1;
};

// What iteration k plays: theta+ = theta + c*flip, theta- = theta - c*flip, rounded (integers)
// and clamped to [min, max]; `c` and `r` are each parameter's c_k and r_k.
struct Step {
    int k = 0;
    std::vector<double> theta;  // before the update
    std::vector<int> flips;     // +1 or -1
    std::vector<double> c, r;
    std::vector<double> plus, minus;
};

// The random draws of a run: (k, what, index) -> 64 bits, SplitMix64 over the master seed.
enum class Draw : std::uint64_t { flip = 1, rounding = 2, seed = 3, board = 4 };
std::uint64_t draw(std::int64_t master, int k, Draw what, std::uint64_t index);

// Iteration k's perturbation of theta (k in 1..N).
Step make_step(const std::vector<Param>& params, const Gains& gains, std::int64_t master, int k,
               const std::vector<double>& theta);

// theta after iteration k whose games scored `result` for theta+ (wins - losses): each
// parameter moves by r * c * result * flip, clamped to [min, max].
std::vector<double> update(const std::vector<Param>& params, const Step& step, double result);

// c_k and r_k of one parameter (exposed for tests and docs/tune.md's table).
double c_at(const Param& param, const Gains& gains, int k);
double r_at(const Param& param, const Gains& gains, int k);

}  // namespace arena::tune
