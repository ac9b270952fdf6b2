// Inits prepared ahead of the bots that will need them (namespace_init.hpp, PreparedInit): one
// thread of the arena's keeps a few ready, so that a contained spawn only hands an init its
// bot's fds and command.
//
// Design notes:
// - The preparing thread never ends: an init's death signal (PR_SET_PDEATHSIG) follows the thread
//   that cloned it, and inits handed out run bots for the rest of their games. The process's end
//   (exit, a signal, exec) ends that thread, so every init still idle then is SIGKILLed by the
//   kernel: none outlives the arena, and none is ever registered as a live bot.
// - How many are kept ready grows with what is asked at once (two seats of two games at a time
//   take four in a row), from kFirstTarget up to kMostReady.
// - ARENA_PREPARED_INITS=0 turns it off (each spawn clones its init, as before): for comparisons.
#include "arena/process/prepared_inits.hpp"

#include <pthread.h>

#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "arena/common/diagnostics.hpp"
#include "arena/process/namespace_init.hpp"

namespace arena::process {

namespace {

constexpr std::size_t kFirstTarget = 2;
constexpr std::size_t kMostReady = 6;
constexpr int kMostFailures = 3;  // in a row: this machine will not let us; stop trying

class InitPool {
  public:
    explicit InitPool(NamespaceInitRequest common) : common_(std::move(common)) {
        std::thread([this] { prepare_forever(); }).detach();
    }

    std::optional<PreparedInit> take() {
        std::lock_guard guard(lock_);
        paused_ = false;
        wanted_.notify_one();
        if (ready_.empty()) {
            if (target_ < kMostReady) ++target_;
            return std::nullopt;
        }
        PreparedInit prepared = std::move(ready_.front());
        ready_.pop_front();
        return prepared;
    }

    // Every ready init ended and reaped; none prepared until the next take().
    void end_all() {
        std::deque<PreparedInit> ending;
        {
            std::unique_lock lock(lock_);
            paused_ = true;
            idle_.wait(lock, [this] { return !preparing_; });
            ending.swap(ready_);
        }
        for (PreparedInit& prepared : ending) discard_prepared_init(prepared);
    }

  private:
    void prepare_forever() {
        int failures = 0;
        for (;;) {
            {
                std::unique_lock lock(lock_);
                preparing_ = false;
                idle_.notify_all();
                wanted_.wait(lock, [&] {
                    return !paused_ && failures < kMostFailures && ready_.size() < target_;
                });
                preparing_ = true;
            }
            std::optional<PreparedInit> prepared = prepare_namespace_init(common_);
            if (!prepared) {
                if (++failures == kMostFailures)
                    diagnostics::log().debug(
                        "prepared inits: none could be made: each bot's "
                        "init is started with it");
                continue;
            }
            failures = 0;
            std::lock_guard guard(lock_);
            ready_.push_back(std::move(*prepared));
        }
    }

    const NamespaceInitRequest common_;
    std::mutex lock_;
    std::condition_variable wanted_, idle_;
    std::deque<PreparedInit> ready_;
    std::size_t target_ = kFirstTarget;
    bool paused_ = false, preparing_ = false;
};

bool pool_wanted() {
    const char* setting = std::getenv("ARENA_PREPARED_INITS");
    return namespace_init_in_process() && (setting == nullptr || std::strcmp(setting, "0") != 0);
}

std::mutex pool_lock;
InitPool* pool = nullptr;  // never destroyed: its thread runs until the process ends
bool no_pool = false;      // its thread could not be made

// A forked copy of this process (fork without exec) has no preparing thread, and the inits of
// the pool are not its children: it starts a pool of its own if it starts bots.
void lock_before_fork() {
    pool_lock.lock();
}
void unlock_after_fork() {
    pool_lock.unlock();
}
void forget_in_child() {
    pool = nullptr;  // abandoned, never touched: its lock may be held by a thread not copied
    no_pool = false;
    pool_lock.unlock();
}

}  // namespace

std::optional<PreparedInit> take_prepared_init(const NamespaceInitRequest& common) {
    static const bool wanted = pool_wanted();
    if (!wanted) return std::nullopt;
    {
        std::lock_guard guard(pool_lock);
        if (no_pool) return std::nullopt;
        if (pool == nullptr) {
            try {
                static const bool fork_safe =
                    ::pthread_atfork(lock_before_fork, unlock_after_fork, forget_in_child) == 0;
                if (!fork_safe) throw std::runtime_error("pthread_atfork failed");
                pool = new InitPool(common);
            } catch (const std::exception& e) {  // no thread: each spawn clones its init
                no_pool = true;
                diagnostics::log().debug("prepared inits: no thread for them: {}", e.what());
                return std::nullopt;
            }
            return std::nullopt;  // the first bot's init is cloned for it, the next ones ready
        }
    }
    return pool->take();
}

bool inits_prepared_ahead() {
    return pool_wanted();
}

void end_prepared_inits() {
    InitPool* existing = nullptr;
    {
        std::lock_guard guard(pool_lock);
        existing = pool;
    }
    if (existing != nullptr) existing->end_all();
}

}  // namespace arena::process
