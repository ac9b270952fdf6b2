// The Java-compatible text helpers, checked against what a real JDK 17 does.
//
// tests/data/java_text/jdk17_cases.tsv was written by JavaTextCases.java (same folder) running on
// OpenJDK 17.0.15: every line is an input and the result Java gave for it. See that file's header
// for the format.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "referees/common/java_text.hpp"

using arena::referee::java_parse_int;
using arena::referee::java_split_literal;
using arena::referee::java_split_whitespace;
using arena::referee::java_trim;
using arena::referee::unicode_decimal_digit_value;

namespace {

// "\xHH" back to the byte it stands for (the case file writes any byte outside '!'..'~' so).
std::string unescape(const std::string& text) {
    std::string bytes;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\') {
            bytes += static_cast<char>(std::stoi(text.substr(i + 2, 2), nullptr, 16));
            i += 3;
        } else {
            bytes += text[i];
        }
    }
    return bytes;
}

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields(1);
    for (char c : line) {
        if (c == '\t') {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

// The case lines of one kind ("parse_int", ...), each split into its tab-separated fields.
std::vector<std::vector<std::string>> jdk_cases(const std::string& kind) {
    std::ifstream file(ARENA_TEST_DATA_DIR "/java_text/jdk17_cases.tsv");
    REQUIRE_MESSAGE(file.good(), "missing tests/data/java_text/jdk17_cases.tsv");
    std::vector<std::vector<std::string>> cases;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields = split_tabs(line);
        if (fields[0] == kind) cases.push_back(std::move(fields));
    }
    return cases;
}

// Java's split result as recorded: a count, then the pieces.
std::vector<std::string> expected_pieces(const std::vector<std::string>& fields,
                                         std::size_t count_field) {
    const auto count = static_cast<std::size_t>(std::stoi(fields.at(count_field)));
    REQUIRE(fields.size() == count_field + 1 + count);
    std::vector<std::string> pieces;
    for (std::size_t i = 0; i < count; ++i) pieces.push_back(unescape(fields[count_field + 1 + i]));
    return pieces;
}

std::vector<std::string> as_strings(const std::vector<std::string_view>& views) {
    return {views.begin(), views.end()};
}

}  // namespace

TEST_CASE("java_parse_int gives what Integer.parseInt gives on JDK 17") {
    const auto cases = jdk_cases("parse_int");
    CHECK(cases.size() >= 70);
    for (const auto& fields : cases) {
        INFO("input (escaped): '" << fields[1] << "', Java: " << fields[2]);
        const std::optional<int> parsed = java_parse_int(unescape(fields[1]));
        if (fields[2] == "FAIL") {
            CHECK_FALSE(parsed.has_value());
        } else {
            REQUIRE(parsed.has_value());
            CHECK(*parsed == std::stoi(fields[2]));
        }
    }
}

TEST_CASE("java_trim gives what String.trim gives on JDK 17") {
    const auto cases = jdk_cases("trim");
    CHECK(cases.size() >= 10);
    for (const auto& fields : cases) {
        INFO("input (escaped): '" << fields[1] << "'");
        const std::string input = unescape(fields[1]);
        CHECK(std::string(java_trim(input)) == unescape(fields[2]));
    }
}

TEST_CASE("java_split_whitespace gives what String.split(\"\\\\s+\", limit) gives on JDK 17") {
    const auto cases = jdk_cases("split_ws");
    CHECK(cases.size() >= 75);
    for (const auto& fields : cases) {
        INFO("limit " << fields[1] << ", input (escaped): '" << fields[2] << "'");
        const std::string input = unescape(fields[2]);
        CHECK(as_strings(java_split_whitespace(input, std::stoi(fields[1]))) ==
              expected_pieces(fields, 3));
    }
}

TEST_CASE("java_split_literal gives what String.split(Pattern.quote(sep), limit) gives") {
    const auto cases = jdk_cases("split_lit");
    CHECK(cases.size() >= 25);
    for (const auto& fields : cases) {
        INFO("separator '" << fields[1] << "', limit " << fields[2] << ", input (escaped): '"
                           << fields[3] << "'");
        const std::string input = unescape(fields[3]);
        CHECK(as_strings(java_split_literal(input, unescape(fields[1]), std::stoi(fields[2]))) ==
              expected_pieces(fields, 4));
    }
}

TEST_CASE("unicode_decimal_digit_value equals Character.digit(cp, 10) for every code point") {
    const auto cases = jdk_cases("digit_blocks");
    REQUIRE(cases.size() == 1);
    const std::vector<std::string>& fields = cases[0];
    const auto block_count = static_cast<std::size_t>(std::stoi(fields[1]));
    REQUIRE(block_count == 65);  // Unicode 13.0 (JDK 17)
    REQUIRE(fields.size() == 2 + block_count);
    std::map<char32_t, int> java_digits;  // code point -> value, only the digits
    for (std::size_t i = 0; i < block_count; ++i) {
        const auto zero = static_cast<char32_t>(std::stoul(fields[2 + i], nullptr, 16));
        for (int value = 0; value < 10; ++value) java_digits[zero + value] = value;
    }
    int mismatches = 0;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        const auto found = java_digits.find(cp);
        const int expected = found == java_digits.end() ? -1 : found->second;
        if (unicode_decimal_digit_value(cp) != expected) {
            INFO("code point U+" << std::hex << static_cast<unsigned>(cp));
            CHECK(unicode_decimal_digit_value(cp) == expected);
            if (++mismatches > 10) break;
        }
    }
    CHECK(mismatches == 0);
}

// The same rules once more, written out, as the SameGame spec (§1.2) lists them.
TEST_CASE("java_parse_int: the examples of the SameGame spec") {
    CHECK(java_parse_int("+3") == 3);
    CHECK(java_parse_int("-1") == -1);
    CHECK(java_parse_int("03") == 3);
    CHECK(java_parse_int("-0") == 0);
    CHECK(java_parse_int("-2147483648") == -2147483648);
    CHECK(java_parse_int("2147483647") == 2147483647);
    // The source is UTF-8, so "\uFF13" is the bytes EF BC 93, as a bot would write them.
    CHECK(java_parse_int("\uFF13") == 3);  // U+FF13 FULLWIDTH DIGIT THREE
    CHECK(java_parse_int("\u0663") == 3);  // U+0663 ARABIC-INDIC DIGIT THREE
    for (const char* bad : {"3.0", "1e1", "2147483648", "", "6;", "3,6", "+", "-", " 3", "3 "}) {
        INFO("input '" << bad << "'");
        CHECK_FALSE(java_parse_int(bad).has_value());
    }
    // A digit outside the BMP is two UTF-16 surrogates for Java, neither of them a digit.
    CHECK(unicode_decimal_digit_value(U'\U0001D7D1') == 3);  // MATHEMATICAL BOLD DIGIT THREE
    CHECK_FALSE(java_parse_int("\U0001D7D1").has_value());   // ... which parseInt refuses
}

TEST_CASE("java_trim and java_split_whitespace: the examples of the SameGame spec") {
    CHECK(java_trim("\t 3 6 \t") == "3 6");
    CHECK(java_trim("\u00A03") == "\u00A03");  // NBSP is not trimmed
    CHECK(java_trim(" \t\r\n ").empty());
    CHECK(as_strings(java_split_whitespace("3\t6", 3)) == std::vector<std::string>{"3", "6"});
    CHECK(as_strings(java_split_whitespace("3 6 hi  there", 3)) ==
          std::vector<std::string>{"3", "6", "hi  there"});
    // Whitespace at the start gives an empty first piece (SameGame trims first, so never there).
    CHECK(as_strings(java_split_whitespace(" 3 6", 3)) == std::vector<std::string>{"", "3", "6"});
    CHECK(as_strings(java_split_whitespace("", 3)) == std::vector<std::string>{""});
}
