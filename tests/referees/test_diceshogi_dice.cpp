// The Dice Shogi dice against the JDK-made vectors of the spec (shared/specs/diceshogi.md §5.2,
// copied to tests/data/diceshogi/dice_vectors.tsv) and its intermediate SHA1PRNG values.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "referees/diceshogi/sha1prng.hpp"

using arena::referee::diceshogi::Dice;
using arena::referee::diceshogi::Sha1Prng;

namespace {

std::string hex(const std::uint8_t* bytes, std::size_t count) {
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 15];
    }
    return text;
}

template <typename Array>
std::string hex(const Array& bytes) {
    return hex(bytes.data(), bytes.size());
}

}  // namespace

TEST_CASE("seed 1: the state and the first blocks are the spec's intermediate values") {
    Sha1Prng random(1);
    // state0 = SHA-1 of the seed's 8 little-endian bytes 0100000000000000.
    CHECK(hex(random.state()) == "3da89ee273be13437e7ecf760f3fbd4dc0e8d1fe");
    std::uint8_t block[20];
    random.next_bytes(block, 20);
    CHECK(hex(block, 20) == "96cb4cedc6d78a4666351950dd1d06af55611874");
    CHECK(hex(random.state()) == "d472e9ce38959c88e4b3e8c5ec5bc3fb1449e971");
    random.next_bytes(block, 20);
    CHECK(hex(block, 20) == "210658966039dee8335b88fddbe32e69e815b79b");
}

TEST_CASE("the output is one byte stream: leftovers of a block serve the next request") {
    Sha1Prng whole(1);
    std::uint8_t expected[24];
    whole.next_bytes(expected, 24);
    CHECK(hex(expected, 24) ==
          "96cb4cedc6d78a4666351950dd1d06af55611874"
          "21065896");

    Sha1Prng pieces(1);
    std::uint8_t got[24];
    pieces.next_bytes(got, 3);
    pieces.next_bytes(got + 3, 18);  // crosses the block boundary
    pieces.next_bytes(got + 21, 3);
    CHECK(hex(got, 24) == hex(expected, 24));
}

TEST_CASE("next(31) reads 4 bytes big-endian and drops the lowest bit") {
    Sha1Prng random(1);
    CHECK(random.next(31) == static_cast<std::int32_t>(0x96cb4cedU >> 1));
    CHECK(random.next(31) == static_cast<std::int32_t>(0xc6d78a46U >> 1));
    CHECK(random.next(8) == 0x66);  // one byte for 8 bits
}

TEST_CASE("the first 40 dice of every seed of the spec") {
    std::ifstream file(ARENA_TEST_DATA_DIR "/diceshogi/dice_vectors.tsv");
    REQUIRE(file.good());
    int seeds = 0;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::int64_t seed = 0;
        std::string expected;
        fields >> seed >> expected;
        REQUIRE(expected.size() == 40);
        Dice dice(seed);
        std::string got;
        for (int ply = 0; ply < 40; ++ply) got += static_cast<char>('0' + dice.roll());
        CHECK_MESSAGE(got == expected, "seed " << seed);
        ++seeds;
    }
    CHECK(seeds == 8);
}

TEST_CASE("seed 0: every die is 6 (plain minishogi)") {
    Dice dice(0);
    for (int ply = 0; ply < 1000; ++ply) REQUIRE(dice.roll() == 6);
}
