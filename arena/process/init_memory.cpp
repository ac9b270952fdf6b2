// The in-process inits' memory (namespace_init.hpp): each init's mapping, and the mappings of
// reaped inits kept for the next ones.
#include <sys/mman.h>

#include <array>
#include <mutex>
#include <utility>

#include "arena/process/namespace_init.hpp"

namespace arena::process {

InitMemory::InitMemory(InitMemory&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)), size_(std::exchange(other.size_, 0)) {}

InitMemory& InitMemory::operator=(InitMemory&& other) noexcept {
    if (this != &other) {
        base_ = std::exchange(other.base_, nullptr);  // a mapping held before is leaked: see hpp
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void InitMemory::adopt(void* base, std::size_t size) {
    base_ = base;  // a mapping held before is leaked: see hpp
    size_ = size;
}

namespace {

// Mappings of reaped inits, kept for the next bots: a new mapping per bot cost a munmap, whose TLB
// shootdown reaches every CPU running the arena's memory (its threads, other bots' inits), and the
// page faults of a fresh init stack; perf put them at a tenth of the arena's own work in a run of
// full-length instant games. A mapping is only ever reused once its init was reaped
// (release_reaped), so nothing runs on it any more. At most kKeptMappings are kept (two seats
// each of two games at a time, the prepared inits, and room), the rest unmapped.
constexpr std::size_t kKeptMappings = 8;

struct Mapping {
    void* base;
    std::size_t size;
};

class MappingPool {
  public:
    // A kept mapping of exactly `size` bytes, or nullptr.
    void* take(std::size_t size) {
        std::lock_guard guard(lock_);
        for (std::size_t i = 0; i < count_; ++i) {
            if (kept_[i].size != size) continue;
            void* base = kept_[i].base;
            kept_[i] = kept_[--count_];
            return base;
        }
        return nullptr;
    }
    void give_back(void* base, std::size_t size) {
        {
            std::lock_guard guard(lock_);
            if (count_ < kKeptMappings) {
                kept_[count_++] = {base, size};
                return;
            }
        }
        ::munmap(base, size);
    }

  private:
    std::mutex lock_;
    std::array<Mapping, kKeptMappings> kept_{};
    std::size_t count_ = 0;
};

MappingPool& mapping_pool() {
    static MappingPool* pool = new MappingPool;  // never destroyed: inits may end at exit
    return *pool;
}

}  // namespace

void InitMemory::release_reaped() {
    if (base_ != nullptr) mapping_pool().give_back(base_, size_);
    base_ = nullptr;
    size_ = 0;
}

void* map_init_memory(std::size_t size) {
    if (void* kept = mapping_pool().take(size)) return kept;
    void* base = ::mmap(nullptr, size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    return base == MAP_FAILED ? nullptr : base;
}

void unmap_unused_init_memory(void* base, std::size_t size) {
    mapping_pool().give_back(base, size);
}

}  // namespace arena::process
