// The arena's memory policy for large blocks (issue 17: flat cost).
#pragma once

namespace arena {

// Every block of kLargeBlockBytes or more gets pages of its own (mmap) and gives them back when
// freed, for the whole process; call it first thing in main.
//
// Why: glibc starts by mapping blocks of 128 KiB or more, but once such a block is freed it raises
// that threshold to the block's size, so the next large blocks are carved out of the threads'
// heaps instead. The blocks that then come and go (each game writer's zstd workspace of a few MB,
// reallocated when a log's size class changes; a long log's text) fragment those heaps, and the
// arena's resident memory crept up with the run: a 12,000-game Dice Shogi tournament peaked at
// 25.3 MB against 22.8 MB for 1,200 games (bench/tournament_memory.sh); with a fixed threshold
// 6,000 games peaked at 18.0 MB instead of 25.8 MB. Blocks this large are few (a handful a game),
// so their own mapping costs nothing measurable.
inline constexpr int kLargeBlockBytes = 256 * 1024;
void keep_large_blocks_mapped();

}  // namespace arena
