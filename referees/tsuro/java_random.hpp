// java.util.Random and java.util.Collections.shuffle, bit for bit, without a JVM.
//
// CodinGame referees written for the JVM draw their randomness from java.util.Random seeded with
// the game's seed; reproducing a game from its seed means reproducing every number it drew. The
// algorithms are the ones the Java API documents (a 48-bit linear congruential generator) and that
// shared/specs/tsuro.md §6 spells out; tests/referees/test_tsuro_model.cpp checks them against
// numbers a real JDK 17 produced (tests/data/tsuro/).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "referees/common/java_next_int.hpp"

namespace arena::referee {

class JavaRandom {
  public:
    // new Random(seed): only the low 48 bits of the seed matter.
    explicit constexpr JavaRandom(std::int64_t seed)
        : state_((static_cast<std::uint64_t>(seed) ^ kMultiplier) & kMask) {}

    // Random.next(bits), 1 <= bits <= 32: the top `bits` bits of the next 48-bit state, as a
    // (signed) Java int.
    constexpr std::int32_t next(int bits) {
        state_ = (state_ * kMultiplier + kAddend) & kMask;
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(state_ >> (48 - bits)));
    }

    // Random.nextInt(bound): uniform in [0, bound).
    constexpr std::int32_t next_int(std::int32_t bound) { return java_next_int(*this, bound); }

    // The internal 48-bit state, e.g. to compare two generators.
    constexpr std::uint64_t state() const { return state_; }

  private:
    static constexpr std::uint64_t kMultiplier = 0x5DEECE66DULL;
    static constexpr std::uint64_t kAddend = 0xBULL;
    static constexpr std::uint64_t kMask = (std::uint64_t{1} << 48) - 1;

    std::uint64_t state_;
};

// Collections.shuffle(list, random) on a random-access list: from the last position down to the
// second, swap each element with one at a random position at or before it. A list of n elements
// draws n - 1 numbers (none when n <= 1).
template <typename T>
constexpr void java_shuffle(std::vector<T>& list, JavaRandom& random) {
    for (std::size_t i = list.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(random.next_int(static_cast<std::int32_t>(i)));
        using std::swap;
        swap(list[i - 1], list[j]);
    }
}

}  // namespace arena::referee
