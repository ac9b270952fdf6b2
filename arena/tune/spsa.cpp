#include "arena/tune/spsa.hpp"

#include <algorithm>
#include <cmath>

namespace arena::tune {

namespace {

std::uint64_t splitmix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// c_end * N^gamma: the c of iteration 1 (OpenBench's c_value, fixed when the run is made).
double c_value(const Param& param, const Gains& gains) {
    return param.c_end * std::pow(gains.iterations, gains.gamma);
}

// r_end * c_end^2 * (A + N)^alpha with A = A_ratio * N (OpenBench's a_value).
double a_value(const Param& param, const Gains& gains) {
    const double n = gains.iterations;
    return param.r_end * param.c_end * param.c_end * std::pow(gains.a_ratio * n + n, gains.alpha);
}

double clamp(const Param& param, double value) {
    return std::clamp(value, param.min, param.max);
}

}  // namespace

std::uint64_t draw(std::int64_t master, int k, Draw what, std::uint64_t index) {
    std::uint64_t z = splitmix(static_cast<std::uint64_t>(master));
    z = splitmix(z ^ static_cast<std::uint64_t>(k));
    z = splitmix(z ^ static_cast<std::uint64_t>(what));
    return splitmix(z ^ index);
}

double c_at(const Param& param, const Gains& gains, int k) {
    // An integer parameter is never perturbed by less than half a step: both sides would round
    // to the same value and the games would measure nothing.
    return std::max(c_value(param, gains) / std::pow(k, gains.gamma), param.is_int ? 0.5 : 0.0);
}

double r_at(const Param& param, const Gains& gains, int k) {
    const double c = c_at(param, gains, k);
    return a_value(param, gains) / std::pow(gains.a_ratio * gains.iterations + k, gains.alpha) /
           (c * c);
}

Step make_step(const std::vector<Param>& params, const Gains& gains, std::int64_t master, int k,
               const std::vector<double>& theta) {
    Step step;
    step.k = k;
    step.theta = theta;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Param& p = params[i];
        const int flip = (draw(master, k, Draw::flip, i) & 1) ? 1 : -1;
        const double c = c_at(p, gains, k);
        double plus = theta[i] + flip * c, minus = theta[i] - flip * c;
        if (p.is_int) {
            // Rounded at random, both sides by the same draw (OpenBench's probabilistic
            // rounding): on average the value played is the value asked for.
            const double u =
                static_cast<double>(draw(master, k, Draw::rounding, i) >> 11) * 0x1.0p-53;
            plus = std::floor(plus + u);
            minus = std::floor(minus + u);
        }
        step.flips.push_back(flip);
        step.c.push_back(c);
        step.r.push_back(r_at(p, gains, k));
        step.plus.push_back(clamp(p, plus));
        step.minus.push_back(clamp(p, minus));
    }
    return step;
}

std::vector<double> update(const std::vector<Param>& params, const Step& step, double result) {
    std::vector<double> theta = step.theta;
    for (std::size_t i = 0; i < params.size(); ++i)
        theta[i] = clamp(params[i], theta[i] + step.r[i] * step.c[i] * result * step.flips[i]);
    return theta;
}

}  // namespace arena::tune
