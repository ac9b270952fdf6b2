// What a bot's threads did with the CPU: their CPU time and the time they were runnable but
// waited for a CPU (the kernel's run-queue delay), read from /proc/<tid>/schedstat
// (sum_exec_runtime and run_delay, in nanoseconds). A turn's cpu_ms and wait_ms are the
// difference of two samples. Private to arena/process.
//
// Which threads: those a cgroup of the bot lists (all its processes), else those of its main
// process (children it starts are then not counted). Reading a sample costs one pread per thread;
// finding the threads (refresh) a directory listing and an open per new thread, so the turn loop
// refreshes only around turns long enough for it not to matter.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arena::process {

struct CpuSample {
    std::uint64_t cpu_ns = 0;   // CPU time, all the threads seen so far (monotonic)
    std::uint64_t wait_ns = 0;  // runnable but not running, the same threads
};

class ThreadCounters {
  public:
    ThreadCounters() = default;
    ~ThreadCounters();
    ThreadCounters(ThreadCounters&& other) noexcept;
    ThreadCounters& operator=(ThreadCounters&& other) noexcept;
    ThreadCounters(const ThreadCounters&) = delete;

    // The threads of process `pid` (its /proc/<pid>/task).
    void watch_process(int pid);
    // The threads a cgroup lists (its "tasks" or "cgroup.threads" file).
    void watch_threads_file(std::string file);
    bool watching() const { return pid_ > 0 || !threads_file_.empty(); }

    // Finds the threads started since the last refresh. Threads that ended keep what they used.
    void refresh();
    // The sums so far; nullopt when no thread's counters can be read (not watching, the
    // process is gone, or a kernel without schedstat).
    std::optional<CpuSample> sample();

  private:
    struct Thread {
        int tid = 0;
        int fd = -1;
        CpuSample last;
    };
    void add_thread(int tid);
    void close_all();

    int pid_ = -1;
    std::string threads_file_;
    std::vector<Thread> threads_;
    CpuSample ended_;  // what threads that have ended used
    bool refreshed_ = false;
};

}  // namespace arena::process
