// Whole-number command-line options read by the one range-checked reader (numbers::parse), so
// that `--seed 18446744073709551615` or `--games 100000000000` is refused with the option's name
// and range instead of being wrapped, clamped or read as octal ("010") by a generic conversion.
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

}  // namespace arena::numbers
