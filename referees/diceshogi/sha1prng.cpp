#include "referees/diceshogi/sha1prng.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <stdexcept>
#include <type_traits>

#include "referees/common/java_next_int.hpp"

namespace arena::referee::diceshogi {
namespace {

std::array<std::uint8_t, 20> sha1(const std::uint8_t* bytes, std::size_t count) {
    boost::uuids::detail::sha1 hash;
    hash.process_bytes(bytes, count);
    boost::uuids::detail::sha1::digest_type digest;
    hash.get_digest(digest);
    std::array<std::uint8_t, 20> out{};
    // Boost up to 1.85 gives five 32-bit words (big-endian value order), later versions the
    // 20 bytes themselves.
    using Element = std::remove_cvref_t<decltype(digest[0])>;
    if constexpr (sizeof(Element) == 1) {
        for (int i = 0; i < 20; ++i) out[i] = static_cast<std::uint8_t>(digest[i]);
    } else {
        for (int i = 0; i < 20; ++i) {
            out[i] = static_cast<std::uint8_t>(digest[i / 4] >> (24 - 8 * (i % 4)));
        }
    }
    return out;
}

}  // namespace

Sha1Prng::Sha1Prng(std::int64_t seed) {
    std::uint8_t seed_bytes[8];
    const auto bits = static_cast<std::uint64_t>(seed);
    for (int i = 0; i < 8; ++i) seed_bytes[i] = static_cast<std::uint8_t>(bits >> (8 * i));
    state_ = sha1(seed_bytes, sizeof seed_bytes);
}

void Sha1Prng::next_block() {
    block_ = sha1(state_.data(), state_.size());
    // state = state + block + 1, byte by byte with Java's signed bytes and arithmetic shift.
    int carry = 1;
    bool changed = false;
    for (std::size_t i = 0; i < state_.size(); ++i) {
        const int sum =
            static_cast<std::int8_t>(state_[i]) + static_cast<std::int8_t>(block_[i]) + carry;
        const auto byte = static_cast<std::uint8_t>(sum & 0xFF);
        changed = changed || byte != state_[i];
        state_[i] = byte;
        carry = sum >> 8;  // arithmetic: -1, 0 or 1
    }
    if (!changed) ++state_[0];
    used_ = 0;
}

void Sha1Prng::next_bytes(std::uint8_t* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        if (used_ == block_.size()) next_block();
        out[i] = block_[used_++];
    }
}

std::int32_t Sha1Prng::next(int bits) {
    if (bits < 1 || bits > 32) throw std::invalid_argument("Sha1Prng::next: bits must be 1..32");
    const int byte_count = (bits + 7) / 8;
    std::uint8_t bytes[4];
    next_bytes(bytes, static_cast<std::size_t>(byte_count));
    std::uint32_t value = 0;
    for (int i = 0; i < byte_count; ++i) value = value << 8 | bytes[i];
    return static_cast<std::int32_t>(value >> (byte_count * 8 - bits));
}

std::int32_t Sha1Prng::next_int(std::int32_t bound) {
    return java_next_int(*this, bound);
}

}  // namespace arena::referee::diceshogi
