// Unexpected exceptions reach the user without a library's internal wording.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/common/error_text.hpp"

using arena::errors::json_text;
using arena::errors::user_text;

TEST_CASE("standard library messages become an internal error; plain messages stay") {
    try {
        (void)std::stoi("99999999999");
    } catch (const std::exception& e) {
        CHECK(user_text(e).find("stoi") == std::string::npos);
        CHECK(user_text(e).find("internal error") != std::string::npos);
    }
    try {
        (void)std::vector<int>{}.at(0);
    } catch (const std::exception& e) {
        CHECK(user_text(e).find("_M_range_check") == std::string::npos);
    }
    CHECK(user_text(std::bad_alloc()) == "out of memory");
    CHECK(user_text(std::runtime_error("cannot write 'x'")) == "cannot write 'x'");
}

TEST_CASE("nlohmann's prefix is dropped") {
    try {
        (void)nlohmann::json("x").get<int>();
    } catch (const nlohmann::json::exception& e) {
        CHECK(json_text(e) == "type must be number, but is string");
        CHECK(user_text(e) == "unexpected JSON content: type must be number, but is string");
    }
}
