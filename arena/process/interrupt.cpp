#include "arena/process/interrupt.hpp"

#include <signal.h>
#include <time.h>

#include <atomic>
#include <mutex>

namespace arena::process {

namespace {

std::atomic<int> interrupted{0};
std::atomic<long long> first_signal_ns{0};  // CLOCK_MONOTONIC when `interrupted` was set

long long monotonic_ns() {  // clock_gettime is async-signal-safe
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<long long>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// The same signal again within this time is the same request: GNU `timeout` (a common CI
// wrapper) sends its signal to the arena and then to the arena's process group, which holds the
// arena too, so one stop arrives twice within microseconds.
constexpr long long kSameRequestNs = 1'000'000'000;

extern "C" void on_interrupt(int signal) {
    int none = 0;
    if (!interrupted.compare_exchange_strong(none, signal)) {
        if (none == signal && monotonic_ns() - first_signal_ns.load() < kSameRequestNs) return;
        // A second signal later on: the user insists. Die of it, as if we had not been here.
        ::signal(signal, SIG_DFL);
        ::raise(signal);
        return;
    }
    first_signal_ns.store(monotonic_ns());
    kill_all_bots();
}

}  // namespace

void install_interrupt_handlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction current {};
            if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
                struct sigaction handler {};
                handler.sa_handler = on_interrupt;
                sigemptyset(&handler.sa_mask);
                ::sigaction(signal, &handler, nullptr);
            }
        }
    });
}

int interrupt_signal() {
    return interrupted.load();
}

void simulate_interrupt(int signal) {
    interrupted.store(signal);
    kill_all_bots();
}

void clear_interrupt_for_tests() {
    interrupted.store(0);
}

}  // namespace arena::process
