// keep_large_blocks_mapped (issue 17, flat cost): after a large block is freed, the next large
// blocks still get pages of their own and give them back, instead of being carved out of the heap
// (glibc's default raises its mapping threshold to the size of the block freed).
#include <doctest/doctest.h>
#include <malloc.h>

#include <cstdlib>
#include <cstring>

#include "arena/common/heap.hpp"

// ASan's allocator replaces glibc's: mallinfo2 says nothing about it.
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_OWN_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_OWN_MALLOC 0
#endif
#endif
#ifndef ARENA_OWN_MALLOC
#define ARENA_OWN_MALLOC 1
#endif

namespace {

// A block of `bytes`, written to so that its pages are really there.
void* touched_block(std::size_t bytes) {
    void* block = std::malloc(bytes);
    REQUIRE(block != nullptr);
    std::memset(block, 1, bytes);
    return block;
}

}  // namespace

TEST_CASE("keep_large_blocks_mapped: a large block freed leaves the next ones mapped" *
          doctest::skip(!ARENA_OWN_MALLOC)) {
    arena::keep_large_blocks_mapped();
    // zstd's level-15 workspace for a Dice Shogi log is about 2.6 MB: the same size class.
    constexpr std::size_t kBlock = 3 * 1024 * 1024;
    std::free(touched_block(kBlock));  // with glibc's default, the threshold is now 3 MB

    const std::size_t mapped_before = mallinfo2().hblkhd;
    void* again = touched_block(kBlock);
    // Mapped: its own pages, counted in hblkhd, not a part of the heap's arena.
    CHECK(mallinfo2().hblkhd >= mapped_before + kBlock);
    std::free(again);
    CHECK(mallinfo2().hblkhd == mapped_before);  // given back at once

    // Below the threshold nothing changes: small blocks stay in the heap.
    void* small = touched_block(arena::kLargeBlockBytes / 2);
    CHECK(mallinfo2().hblkhd == mapped_before);
    std::free(small);
}
