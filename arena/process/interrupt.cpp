#include "arena/process/interrupt.hpp"

#include <signal.h>

#include <atomic>
#include <mutex>

namespace arena::process {

namespace {

std::atomic<int> interrupted{0};

extern "C" void on_interrupt(int signal) {
    int none = 0;
    if (!interrupted.compare_exchange_strong(none, signal)) {
        // Second signal: the user insists. Die of it, as if we had not been here.
        ::signal(signal, SIG_DFL);
        ::raise(signal);
        return;
    }
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

int interrupt_signal() { return interrupted.load(); }

void simulate_interrupt(int signal) {
    interrupted.store(signal);
    kill_all_bots();
}

void clear_interrupt_for_tests() { interrupted.store(0); }

}  // namespace arena::process
