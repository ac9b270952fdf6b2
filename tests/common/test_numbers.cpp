// The one range-checked reader of whole numbers: nothing wraps, nothing is cut.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "arena/common/numbers.hpp"

namespace numbers = arena::numbers;
using nlohmann::json;

TEST_CASE("text: whole numbers in range only") {
    CHECK(numbers::parse("42", {1, 50}) == 42);
    CHECK(numbers::parse("-7", numbers::kInt64) == -7);
    CHECK(numbers::parse("-9223372036854775808", numbers::kInt64) == INT64_MIN);
    CHECK_FALSE(numbers::parse("9223372036854775808", numbers::kInt64));
    CHECK_FALSE(numbers::parse("18446744073709551615", numbers::kInt64));
    CHECK_FALSE(numbers::parse("4294967297", {1, 50}));
    CHECK_FALSE(numbers::parse("0", {1, 50}));
    for (const char* bad : {"", " 1", "1 ", "+1", "1.5", "1e3", "0x10", "abc", "12abc"})
        CHECK_FALSE(numbers::parse(bad, numbers::kInt64));
    CHECK(numbers::parse("010", numbers::kInt64) == 10);  // decimal, never octal
}

TEST_CASE("JSON: unsigned, signed and floating point values are told apart") {
    CHECK(numbers::from_json(json::parse("18446744073709551615"), numbers::kInt64) == std::nullopt);
    CHECK(numbers::from_json(json::parse("9223372036854775808"), numbers::kInt64) == std::nullopt);
    CHECK(numbers::from_json(json::parse("9223372036854775807"), numbers::kInt64) == INT64_MAX);
    CHECK(numbers::from_json(json::parse("-9223372036854775808"), numbers::kInt64) == INT64_MIN);
    CHECK(numbers::from_json(json::parse("4294967297"), {1, 50}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("-1"), {1, 50}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("3"), {-5, -1}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("1e3"), {1, 5000}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("2.0"), {1, 50}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("\"3\""), {1, 50}) == std::nullopt);
    CHECK(numbers::from_json(json::parse("7"), {1, 50}) == 7);
    CHECK(numbers::describe(numbers::Range{1, 50}) == "a whole number from 1 to 50");
}
