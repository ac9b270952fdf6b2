// Unexpected exceptions reach the user without a library's internal wording.
#include <doctest/doctest.h>

#include <filesystem>
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

TEST_CASE("nlohmann's own function names become what the file should hold") {
    try {
        (void)nlohmann::json::array().at("game");
        FAIL("at() on an array must throw");
    } catch (const nlohmann::json::exception& e) {
        CHECK(json_text(e).find("at()") == std::string::npos);
        CHECK(json_text(e).find("found an array") != std::string::npos);
    }
    try {
        (void)nlohmann::json::object().at("game");
        FAIL("a missing key must throw");
    } catch (const nlohmann::json::exception& e) {
        CHECK(json_text(e) == "field 'game' is missing");
    }
}

TEST_CASE("a file system error names the path, what the system said and what to do") {
    try {
        std::filesystem::create_directories("/proc/self/cmdline/x");
        FAIL("a directory under a file cannot be made");
    } catch (const std::filesystem::filesystem_error& e) {
        const std::string text = user_text(e);
        CHECK(text.find("filesystem error") == std::string::npos);
        CHECK(text.rfind("'/proc/self/cmdline/x': ", 0) == 0);
        CHECK(text.find("check the path") != std::string::npos);
    }
}
