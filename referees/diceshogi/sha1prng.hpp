// The Dice Shogi dice, bit-exact with CodinGame without a JVM: the SDK's
// SecureRandom.getInstance("SHA1PRNG") seeded with the game seed, read through
// java.util.Random.nextInt(6) (spec shared/specs/diceshogi.md §5.1-§5.2).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace arena::referee::diceshogi {

// sun.security.provider.SecureRandom ("SHA1PRNG") after setSeed(long) on a fresh instance, and
// the java.util.Random methods SecureRandom inherits (§5.2):
//  - the seed is hashed once: state = SHA-1(the 8 bytes of the seed, little-endian);
//  - output comes in 20-byte blocks, block = SHA-1(state), then state += block + 1 as a 160-bit
//    little-endian sum computed with Java's signed bytes (the carry can be -1, 0 or 1; if no
//    byte changed, state[0] is incremented); the blocks form one continuous byte stream.
// Java ignores setSeed(0) and seeds itself unpredictably; this class hashes 0 like any seed
// (the referee never draws with seed 0).
class Sha1Prng {
  public:
    explicit Sha1Prng(std::int64_t seed);

    // SecureRandom.nextBytes.
    void next_bytes(std::uint8_t* out, std::size_t count);
    // SecureRandom.next(bits), 1 <= bits <= 32: (bits + 7) / 8 stream bytes read big-endian,
    // shifted right (logically) to keep `bits` bits.
    std::int32_t next(int bits);
    // Random.nextInt(bound), bound > 0: a power of two takes the top bits of next(31); any other
    // bound rejects the draws u with u - u % bound + bound - 1 above INT32_MAX.
    std::int32_t next_int(std::int32_t bound);

    // The 20-byte internal state (for tests against the spec's intermediate values).
    const std::array<std::uint8_t, 20>& state() const { return state_; }

  private:
    void next_block();

    std::array<std::uint8_t, 20> state_{};
    std::array<std::uint8_t, 20> block_{};
    std::size_t used_ = 20;  // bytes of block_ already handed out
};

// Game.rollDice (§5.1): with seed 0 every die is 6 and no random number is drawn; otherwise the
// die is nextInt(6) + 1 of one SHA1PRNG seeded with the game seed, one draw per ply, ply 1 first.
class Dice {
  public:
    explicit Dice(std::int64_t seed) : always_six_(seed == 0), random_(seed) {}
    int roll() { return always_six_ ? 6 : random_.next_int(6) + 1; }

  private:
    bool always_six_;
    Sha1Prng random_;
};

}  // namespace arena::referee::diceshogi
