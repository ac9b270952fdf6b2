// java.util.Random.nextInt(bound), the one algorithm both of CodinGame's generators draw through:
// java.util.Random itself (Tsuro's deck) and SecureRandom's SHA1PRNG (Dice Shogi's dice), which
// inherits nextInt from Random and only overrides next(bits).
#pragma once

#include <cstdint>
#include <stdexcept>

namespace arena::referee {

// `generator.next(bits)` must return the next `bits` random bits as Java's next(bits) does.
// Powers of two take the top bits; other bounds reject the few draws that would bias the
// result. Throws std::invalid_argument for bound <= 0, as Java throws IllegalArgumentException.
template <class Generator>
constexpr std::int32_t java_next_int(Generator& generator, std::int32_t bound) {
    if (bound <= 0) throw std::invalid_argument("nextInt: bound must be positive");
    std::int32_t r = generator.next(31);
    const std::int32_t m = bound - 1;
    if ((bound & m) == 0) {
        return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * r) >> 31);
    }
    // Java: for (int u = r; u - (r = u % bound) + m < 0; u = next(31)); the int sum overflows
    // (goes negative) exactly when it exceeds INT32_MAX.
    for (std::int32_t u = r;; u = generator.next(31)) {
        r = u % bound;
        if (static_cast<std::int64_t>(u) - r + m <= INT32_MAX) return r;
    }
}

}  // namespace arena::referee
