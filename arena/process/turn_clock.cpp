// When a turn's clock starts, and what the bot's threads used while it ran.
//
// Design notes (the why; the what is in bot_process.hpp):
// - Start-up: CodinGame starts every bot, then its referee, and only then the first turn's clock,
//   so a bot's start-up is not charged to it. Here the first exchange waits, with the input
//   already written, until the bot begins reading it: the pipe then holds less than was written
//   (FIONREAD on our end). It is looked at every millisecond (the io_context's wait does
//   milliseconds), and the clock starts at the last look that still saw the input whole (but
//   the look right after the write), so a bot already waiting when the input was written is
//   timed from the write as before, and a slow starter is charged at most a millisecond more. The wait ends at the start-up allowance (counted
//   from the spawn); the clock then starts there.
// - Usage: a sample is one pread per thread (cpu_usage.hpp). A turn reuses the previous turn's
//   closing sample when it starts within a millisecond of it (the bot cannot have used more
//   meanwhile), and looks for new threads only around turns that took longer than that: an
//   instant bot's turn costs one pread.
#include <sys/ioctl.h>

#include "arena/process/bot_process_impl.hpp"

namespace arena::process {

namespace {

constexpr auto kUsageReuse = std::chrono::milliseconds(1);
constexpr auto kReadCheck = std::chrono::milliseconds(1);

}  // namespace

// Whether the bot has read some of the input the pipe took at once (or cannot be watched: the
// input went out asynchronously, or its stdin is closed).
bool BotProcess::Impl::input_taken() {
    if (written_now_ == 0 || stdin_closed_) return true;
    int unread = 0;
    if (::ioctl(stdin_.native_handle(), FIONREAD, &unread) != 0) return true;
    return static_cast<std::size_t>(unread) < written_now_;
}

Clock::time_point BotProcess::Impl::wait_for_first_read(Clock::time_point written,
                                                        ReadResult& result) {
    const Clock::time_point allowance_end = spawned_at_ + options_.startup_allowance;
    Clock::time_point seen_unread = written;
    bool first_look = true;
    watch_main_exit();
    while (!input_taken()) {
        const Clock::time_point now = Clock::now();
        if (now >= allowance_end) {
            result.startup_exceeded = true;
            return std::max(written, allowance_end);
        }
        // A bot blocked in read() takes the input microseconds after the write, which the first
        // look may just miss: taken by the next look, it was waiting, and is timed from the write.
        if (!first_look) seen_unread = now;
        first_look = false;
        // It answered without reading, or ended: its turn goes on as any other.
        if (!reading_stdout_ || main_ended_ || stopped_) break;
        if (io_.stopped()) io_.restart();
        io_.run_one_until(std::min(allowance_end, now + kReadCheck));
    }
    return seen_unread;
}

// Which threads are the bot's: its cgroup's when it has one (all its processes), else its main
// process's. A sandboxed bot's main process is the sandbox's: without a cgroup, none.
void BotProcess::Impl::watch_counters() {
    counters_set_ = true;
    if (!cgroup_.empty()) {
        counters_.watch_threads_file(cgroup_.threads_file());
    } else if (!options_.sandbox) {
        const int pid = contained_ ? bot_pid_ : pid_;
        if (pid > 0) counters_.watch_process(pid);
    }
}

std::optional<CpuSample> BotProcess::Impl::sample_usage(bool refresh) {
    if (!counters_set_) watch_counters();
    if (!counters_.watching()) return std::nullopt;
    if (refresh) counters_.refresh();
    last_sample_ = counters_.sample();
    last_sample_at_ = Clock::now();
    return last_sample_;
}

std::optional<CpuSample> BotProcess::Impl::usage_before_turn() {
    if (stopped_) return std::nullopt;
    if (last_sample_ && Clock::now() - last_sample_at_ < kUsageReuse) return last_sample_;
    return sample_usage(last_sample_.has_value());
}

void BotProcess::Impl::record_usage(const std::optional<CpuSample>& before, ReadResult& result) {
    if (!before || stopped_) return;
    const std::optional<CpuSample> after = sample_usage(result.elapsed > kUsageReuse);
    if (!after) return;
    result.cpu = std::chrono::nanoseconds(after->cpu_ns - std::min(after->cpu_ns, before->cpu_ns));
    result.wait =
        std::chrono::nanoseconds(after->wait_ns - std::min(after->wait_ns, before->wait_ns));
}

}  // namespace arena::process
