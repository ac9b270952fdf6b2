// Whole numbers given by users (config fields, results records, command-line options), checked
// against their range in one place: a number outside it is refused, never wrapped or cut.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace arena::numbers {

struct Range {
    std::int64_t min;
    std::int64_t max;
};

// Any signed 64-bit value: CodinGame seeds.
inline constexpr Range kInt64{std::numeric_limits<std::int64_t>::min(),
                              std::numeric_limits<std::int64_t>::max()};

// "a whole number from 1 to 50", "a signed 64-bit whole number (-9223372036854775808 to ...)",
// "2" (a range of one number).
std::string describe(Range range);

// `text` as a whole number in `range` ("42", "-7"; no sign wrap, no trailing characters), or
// nothing when it is anything else.
std::optional<std::int64_t> parse(std::string_view text, Range range);

// A range of real numbers, its bounds included unless said open: alpha is a number above 0 and
// below 1, a time scale a number from 0.01 to 1000.
struct RealRange {
    double min;
    double max;
    bool min_open = false;  // min itself is outside
    bool max_open = false;  // max itself is outside
};

// "a number from 0.01 to 1000", "a number above 0 and below 1", "a number at least 0 and below 1";
// bounds written as a person would (1000000, not 1e+06).
std::string describe(RealRange range);

// `text` as a finite number in `range` ("2", "-0.5", "1e3"; no "nan", "inf", trailing
// characters or surrounding blanks), or nothing when it is anything else.
std::optional<double> parse_real(std::string_view text, RealRange range);

// Whether a finite `value` is in `range`.
bool in_range(double value, RealRange range);

// A number as a person writes it: "1000000", "0.01", "-2.5", "1e+300" (shortest exact form).
std::string real_text(double value);

// A JSON value (nlohmann::json or ordered_json) as a whole number in `range`, or nothing. nlohmann
// keeps non-negative integers as unsigned (2^64 - 1 would read back as -1 through int64) and
// numbers with a fraction, an exponent or beyond 64 bits as floating point (these are refused).
template <class Json>
std::optional<std::int64_t> from_json(const Json& value, Range range) {
    if (value.is_number_unsigned()) {
        const std::uint64_t u = value.template get<std::uint64_t>();
        if (range.max < 0 || u > static_cast<std::uint64_t>(range.max)) return std::nullopt;
        const auto n = static_cast<std::int64_t>(u);
        if (n < range.min) return std::nullopt;
        return n;
    }
    if (value.is_number_integer()) {
        const std::int64_t n = value.template get<std::int64_t>();
        if (n < range.min || n > range.max) return std::nullopt;
        return n;
    }
    return std::nullopt;
}

}  // namespace arena::numbers
