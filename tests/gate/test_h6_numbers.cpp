// Real numbers given by users (the gate's SPRT options, time scales): refused outside their
// range with the range in words, never taken when they are nan, inf or garbage (issue 16).
#include <doctest/doctest.h>

#include "arena/common/numbers.hpp"

using namespace arena::numbers;

TEST_SUITE("numbers") {
    TEST_CASE("parse_real: a finite number in the range, or nothing") {
        const RealRange scale{0.01, 1000};
        CHECK(parse_real("2", scale) == 2.0);
        CHECK(parse_real("0.01", scale) == 0.01);
        CHECK(parse_real("1e3", scale) == 1000.0);
        CHECK(parse_real("-0.5", RealRange{-1, 1}) == -0.5);
        for (const char* bad : {"0", "1000.5", "-1", "nan", "NaN", "inf", "-inf", "infinity", "",
                                " 2", "2 ", "2x", "x", "1e400", "0x10", "1,5"})
            CHECK_MESSAGE(!parse_real(bad, scale), bad);
        const RealRange rate{0, 1, true, true};
        CHECK(parse_real("0.05", rate) == 0.05);
        CHECK_FALSE(parse_real("0", rate));
        CHECK_FALSE(parse_real("1", rate));
        CHECK(parse_real("0", RealRange{0, 1, false, true}) == 0.0);
    }

    TEST_CASE("describe: the range in words, bounds as a person writes them") {
        CHECK(describe(RealRange{0.01, 1000}) == "a number from 0.01 to 1000");
        CHECK(describe(RealRange{-1000, 1000}) == "a number from -1000 to 1000");
        CHECK(describe(RealRange{0, 1, true, true}) == "a number above 0 and below 1");
        CHECK(describe(RealRange{0, 1, false, true}) == "a number at least 0 and below 1");
        CHECK(describe(RealRange{0, 1e6, true, false}) == "a number above 0 and at most 1000000");
        CHECK(real_text(0.1) == "0.1");
        CHECK(real_text(-2.5) == "-2.5");
        CHECK(real_text(1e300) == "1e+300");
        CHECK(real_text(-0.0) == "0");
    }
}
