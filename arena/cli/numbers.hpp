// Numeric command-line options read by the one range-checked readers (numbers::parse,
// numbers::parse_real), so that `--seed 18446744073709551615`, `--games 100000000000` or
// `--alpha nan` is refused with the option's name, its range in words and what was given,
// instead of being wrapped, clamped, read as octal ("010") or taken as a valid number.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <type_traits>

#include "arena/common/numbers.hpp"

namespace arena::numbers {

namespace detail {
template <class T>
struct ValueOf {
    using type = T;
};
template <class T>
struct ValueOf<std::optional<T>> {
    using type = T;
};
}  // namespace detail

// Declares option `name` (e.g. "--games") whose value, a whole number in `range`, lands in
// `target` (an integer, or an optional one that stays empty when the option is not given).
template <class Target>
CLI::Option* add_whole_number(CLI::App* app, const std::string& name, Target& target, Range range,
                              const std::string& help) {
    using Value = typename detail::ValueOf<Target>::type;
    static_assert(std::is_integral_v<Value>);
    return app
        ->add_option_function<std::string>(
            name,
            [&target, name, range](const std::string& text) {
                const std::optional<std::int64_t> n = parse(text, range);
                if (!n)
                    throw CLI::ValidationError(
                        name, "must be " + describe(range) + ", got '" + text + "'");
                target = static_cast<Value>(*n);
            },
            help)
        ->type_name("INT");
}

// Declares option `name` (e.g. "--time-scale") whose value, a finite number in `range`, lands in
// `target` (a double, or an optional one that stays empty when the option is not given). Anything
// else is refused with the option's name, the range in words and what was given: "--time-scale:
// must be a number from 0.01 to 1000, got 'nan'".
template <class Target>
CLI::Option* add_real_number(CLI::App* app, const std::string& name, Target& target,
                             RealRange range, const std::string& help) {
    using Value = typename detail::ValueOf<Target>::type;
    static_assert(std::is_floating_point_v<Value>);
    return app
        ->add_option_function<std::string>(
            name,
            [&target, name, range](const std::string& text) {
                const std::optional<double> x = parse_real(text, range);
                if (!x)
                    throw CLI::ValidationError(
                        name, "must be " + describe(range) + ", got '" + text + "'");
                target = static_cast<Value>(*x);
            },
            help)
        ->type_name("NUMBER");
}

// The same with both bounds included: a number from `min` to `max`.
template <class Target>
CLI::Option* add_real_number(CLI::App* app, const std::string& name, Target& target, double min,
                             double max, const std::string& help) {
    return add_real_number(app, name, target, RealRange{min, max}, help);
}

}  // namespace arena::numbers
