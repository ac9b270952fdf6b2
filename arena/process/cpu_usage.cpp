#include "arena/process/cpu_usage.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <utility>

namespace arena::process {

namespace {

// "<sum_exec_runtime> <run_delay> <timeslices>\n"; false when the text is not that.
bool parse_schedstat(const char* text, CpuSample& out) {
    char* end = nullptr;
    const unsigned long long cpu = std::strtoull(text, &end, 10);
    if (end == text || *end != ' ') return false;
    const char* next = end + 1;
    const unsigned long long wait = std::strtoull(next, &end, 10);
    if (end == next) return false;
    out.cpu_ns = cpu;
    out.wait_ns = wait;
    return true;
}

std::vector<int> threads_of_process(int pid) {
    std::vector<int> tids;
    const std::string dir = "/proc/" + std::to_string(pid) + "/task";
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) return tids;
    while (const dirent* entry = ::readdir(d)) {
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9')
            tids.push_back(std::atoi(entry->d_name));
    }
    ::closedir(d);
    return tids;
}

std::vector<int> threads_listed_in(const std::string& file) {
    std::vector<int> tids;
    std::ifstream in(file);
    for (int tid; in >> tid;) tids.push_back(tid);
    return tids;
}

}  // namespace

ThreadCounters::~ThreadCounters() {
    close_all();
}

ThreadCounters::ThreadCounters(ThreadCounters&& other) noexcept {
    *this = std::move(other);
}

ThreadCounters& ThreadCounters::operator=(ThreadCounters&& other) noexcept {
    if (this != &other) {
        close_all();
        pid_ = std::exchange(other.pid_, -1);
        threads_file_ = std::move(other.threads_file_);
        threads_ = std::move(other.threads_);
        other.threads_.clear();
        ended_ = other.ended_;
        refreshed_ = other.refreshed_;
    }
    return *this;
}

void ThreadCounters::close_all() {
    for (Thread& thread : threads_) ::close(thread.fd);
    threads_.clear();
}

void ThreadCounters::watch_process(int pid) {
    pid_ = pid;
    threads_file_.clear();
}

void ThreadCounters::watch_threads_file(std::string file) {
    threads_file_ = std::move(file);
    pid_ = -1;
}

void ThreadCounters::add_thread(int tid) {
    // The thread's own file, which names it in the arena's /proc whatever process it is in.
    const std::string path = "/proc/" + std::to_string(tid) + "/schedstat";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;  // it ended meanwhile: it never counted
    threads_.push_back(Thread{tid, fd, {}});
}

void ThreadCounters::refresh() {
    if (!watching()) return;
    refreshed_ = true;
    const std::vector<int> tids =
        threads_file_.empty() ? threads_of_process(pid_) : threads_listed_in(threads_file_);
    for (int tid : tids) {
        const bool known = std::any_of(threads_.begin(), threads_.end(),
                                       [tid](const Thread& t) { return t.tid == tid; });
        if (!known) add_thread(tid);
    }
}

std::optional<CpuSample> ThreadCounters::sample() {
    if (!refreshed_) refresh();
    CpuSample total = ended_;
    bool any = false;
    char text[128];
    for (std::size_t i = 0; i < threads_.size();) {
        Thread& thread = threads_[i];
        const ssize_t n = ::pread(thread.fd, text, sizeof text - 1, 0);
        CpuSample now;
        if (n > 0 && (text[n] = '\0', parse_schedstat(text, now))) {
            thread.last = now;
            total.cpu_ns += now.cpu_ns;
            total.wait_ns += now.wait_ns;
            any = true;
            ++i;
            continue;
        }
        // Ended (ESRCH): what it used until its last sample stays counted.
        ended_.cpu_ns += thread.last.cpu_ns;
        ended_.wait_ns += thread.last.wait_ns;
        total.cpu_ns += thread.last.cpu_ns;
        total.wait_ns += thread.last.wait_ns;
        ::close(thread.fd);
        threads_.erase(threads_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (!any && ended_.cpu_ns == 0) return std::nullopt;
    return total;
}

}  // namespace arena::process
