#include "arena/common/heap.hpp"

#include <malloc.h>

namespace arena {

void keep_large_blocks_mapped() {
    // Setting the threshold explicitly also turns off glibc's raising of it (mallopt(3)). A
    // failure leaves glibc's default, which only costs memory: nothing to report.
    mallopt(M_MMAP_THRESHOLD, kLargeBlockBytes);
}

}  // namespace arena
