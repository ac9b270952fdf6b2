// SPSA's numbers (arena/tune/spsa.hpp) against OpenBench's meaning of its constants: c_end and
// r_end are c and r at the last iteration, c and r shrink to them; integer parameters; the draws.
#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "arena/tune/spsa.hpp"

using arena::tune::Gains;
using arena::tune::Param;

namespace {

Param float_param() {
    return {"x", false, 0.5, 0, 1, 0.1, 0.002};
}
Param int_param() {
    return {"depth", true, 6, 2, 12, 1, 0.002};
}
Gains gains(int n) {
    return {n, 0.602, 0.101, 0.1};
}

}  // namespace

TEST_SUITE("spsa") {
    TEST_CASE("c_end and r_end are c and r at the last iteration") {
        for (int n : {1, 30, 500}) {
            CHECK(arena::tune::c_at(float_param(), gains(n), n) == doctest::Approx(0.1));
            CHECK(arena::tune::r_at(float_param(), gains(n), n) == doctest::Approx(0.002));
        }
    }

    TEST_CASE("c and r start larger: c_end * N^gamma, and the formula of docs/tune.md") {
        const double c1 = arena::tune::c_at(float_param(), gains(500), 1);
        CHECK(c1 == doctest::Approx(0.1 * std::pow(500, 0.101)));
        const double a = 0.002 * 0.1 * 0.1 * std::pow(0.1 * 500 + 500, 0.602);
        CHECK(arena::tune::r_at(float_param(), gains(500), 1) ==
              doctest::Approx(a / std::pow(0.1 * 500 + 1, 0.602) / (c1 * c1)));
        CHECK(arena::tune::c_at(float_param(), gains(500), 250) < c1);
    }

    TEST_CASE("an integer parameter is perturbed by at least half a step") {
        Param p = int_param();
        p.c_end = 0.1;
        CHECK(arena::tune::c_at(p, gains(100), 100) == 0.5);
        const arena::tune::Step step = arena::tune::make_step({p}, gains(100), 1, 100, {6});
        CHECK(step.plus[0] == std::floor(step.plus[0]));
        CHECK(std::abs(step.plus[0] - step.minus[0]) <= 1);
    }

    TEST_CASE("theta+ and theta- straddle theta, clamped to [min, max]") {
        const arena::tune::Step mid =
            arena::tune::make_step({float_param()}, gains(10), 3, 1, {0.5});
        CHECK(mid.plus[0] == doctest::Approx(0.5 + mid.flips[0] * mid.c[0]));
        CHECK(mid.minus[0] == doctest::Approx(0.5 - mid.flips[0] * mid.c[0]));
        const arena::tune::Step edge =
            arena::tune::make_step({float_param()}, gains(10), 3, 1, {0.0});
        CHECK(std::min(edge.plus[0], edge.minus[0]) == 0.0);
    }

    TEST_CASE("the update: theta + r c result flip, clamped") {
        const arena::tune::Step step =
            arena::tune::make_step({float_param()}, gains(10), 5, 2, {0.5});
        const std::vector<double> after = arena::tune::update({float_param()}, step, 2);
        CHECK(after[0] == doctest::Approx(0.5 + step.r[0] * step.c[0] * 2 * step.flips[0]));
        CHECK(arena::tune::update({float_param()}, step, 0)[0] == 0.5);
        CHECK(arena::tune::update({float_param()}, step, 1e9)[0] ==
              (step.flips[0] > 0 ? 1.0 : 0.0));
    }

    TEST_CASE("the draws: a function of (master, k, what, index), both directions drawn") {
        using arena::tune::Draw;
        CHECK(arena::tune::draw(1, 7, Draw::flip, 0) == arena::tune::draw(1, 7, Draw::flip, 0));
        CHECK(arena::tune::draw(1, 7, Draw::flip, 0) != arena::tune::draw(2, 7, Draw::flip, 0));
        CHECK(arena::tune::draw(1, 7, Draw::flip, 0) != arena::tune::draw(1, 8, Draw::flip, 0));
        CHECK(arena::tune::draw(1, 7, Draw::seed, 0) != arena::tune::draw(1, 7, Draw::flip, 0));
        std::set<int> flips;
        for (int k = 1; k <= 20; ++k)
            flips.insert(arena::tune::make_step({float_param()}, gains(20), 9, k, {0.5}).flips[0]);
        CHECK(flips == std::set<int>{-1, 1});
    }
}
