#include "arena/common/numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace arena::numbers {

std::string describe(Range range) {
    if (range.min == kInt64.min && range.max == kInt64.max)
        return "a signed 64-bit whole number (" + std::to_string(range.min) + " to " +
               std::to_string(range.max) + ")";
    // A game with a fixed number of players: "must be 2", not "from 2 to 2".
    if (range.min == range.max) return std::to_string(range.min);
    return "a whole number from " + std::to_string(range.min) + " to " + std::to_string(range.max);
}

std::optional<std::int64_t> parse(std::string_view text, Range range) {
    std::int64_t n = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, n);
    if (text.empty() || error != std::errc() || ptr != end) return std::nullopt;
    if (n < range.min || n > range.max) return std::nullopt;
    return n;
}

std::string real_text(double value) {
    char text[64];
    // Whole numbers of up to 15 digits without exponent; others in the shortest form that reads
    // back the same.
    if (std::isfinite(value) && std::abs(value) < 1e15 && value == std::floor(value)) {
        std::snprintf(text, sizeof text, "%.0f", value);
        return value == 0 ? "0" : text;
    }
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        if (std::strtod(text, nullptr) == value) break;
    }
    return text;
}

std::string describe(RealRange range) {
    const std::string min = real_text(range.min), max = real_text(range.max);
    if (!range.min_open && !range.max_open) return "a number from " + min + " to " + max;
    return std::string("a number ") + (range.min_open ? "above " : "at least ") + min + " and " +
           (range.max_open ? "below " : "at most ") + max;
}

bool in_range(double value, RealRange range) {
    if (!std::isfinite(value)) return false;
    const bool above_min = range.min_open ? value > range.min : value >= range.min;
    const bool below_max = range.max_open ? value < range.max : value <= range.max;
    return above_min && below_max;
}

std::optional<double> parse_real(std::string_view text, RealRange range) {
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || ptr != end) return std::nullopt;
    if (!in_range(value, range)) return std::nullopt;
    return value;
}

}  // namespace arena::numbers
