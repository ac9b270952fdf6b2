#include "arena/common/numbers.hpp"

#include <charconv>

namespace arena::numbers {

std::string describe(Range range) {
    if (range.min == kInt64.min && range.max == kInt64.max)
        return "a signed 64-bit whole number (" + std::to_string(range.min) + " to " +
               std::to_string(range.max) + ")";
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

}  // namespace arena::numbers
