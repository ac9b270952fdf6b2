// The end of a bot: the bounded stop (stdin closed, SIGTERM, a grace, SIGKILL to everything of
// it, the reap), poll_exit, and the limits watched while it runs, which end it early.
//
// Design notes (the why; the what is in bot_process.hpp):
// - stop() never waits on anything a bot controls: it waits for the init (or bot) with a bounded
//   grace, then SIGKILLs the init, whose end the kernel makes the end of every process in the
//   namespace.
// - Whether the arena ended the bot is decided by what the arena did (it was still running when
//   we signalled it), never by what its exit status looks like.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "arena/common/diagnostics.hpp"
#include "arena/process/bot_init_protocol.hpp"
#include "arena/process/bot_process_impl.hpp"
#include "arena/process/exit_status.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/process/signals.hpp"

namespace arena::process {

namespace {

// Fallback only: reaps the processes of the bot's group that were re-parented to us (subreaper),
// for a bounded time. A process that left the group and rejoins it later could otherwise keep a
// blocking waitpid(-group) waiting for as long as it likes. Returns how many it reaped.
int reap_group_bounded(pid_t group) {
    const auto until = Clock::now() + std::chrono::milliseconds(200);
    int count = 0;
    for (;;) {
        const pid_t reaped = ::waitpid(-group, nullptr, WNOHANG);
        if (reaped > 0) ++count;
        if (reaped > 0 || (reaped < 0 && errno == EINTR)) continue;
        if (reaped < 0 || Clock::now() >= until) return count;  // ECHILD: none left
        ::usleep(1000);
    }
}

// Whether `pid` has ended (a zombie not reaped yet); looks without reaping.
bool has_ended(pid_t pid) {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == pid;
}

}  // namespace

// ---- limits ----

// Ends the bot when it is over its CPU time (all its processes together), or when the OOM killer
// has ended one of its processes (the memory limit of the whole bot was reached).
void BotProcess::Impl::check_limits() {
    if (!limit_hit_.empty()) return;
    const Limits& limits = options_.limits;
    if (limits.cpu_seconds) {
        const std::optional<double> used = cgroup_.cpu_seconds();
        if (used && *used >= static_cast<double>(*limits.cpu_seconds))
            limit_hit_ = cpu_limit_reached(*limits.cpu_seconds);
    }
    if (limit_hit_.empty() && limits.memory_mb && cgroup_.oom_kills() > 0)
        limit_hit_ = memory_limit_reached(*limits.memory_mb);
    if (!limit_hit_.empty()) kill_everything(limit_hit_.c_str());
}

// SIGKILL to everything of the bot. Contained: the init, and the kernel ends its namespace.
void BotProcess::Impl::kill_everything(const char* why) {
    if (contained_) {
        kill_namespace(pid_, why);
        return;
    }
    signal_bot(pid_, SIGKILL, why);
    cgroup_.kill_all();
}

// ---- how it ended ----

// Contained: the bot's wait status, once the init has reported it (non-blocking).
std::optional<int> BotProcess::Impl::bot_wait_status() {
    while (!bot_status_ && status_fd_ >= 0) {
        init_protocol::Record record{};
        const ssize_t n = ::read(status_fd_, &record, sizeof record);
        if (n < 0 && errno == EINTR) continue;
        if (n != sizeof record) break;
        if (record.kind == init_protocol::kExited) bot_status_ = record.value;
    }
    return bot_status_;
}

std::optional<ExitStatus> BotProcess::Impl::poll_exit() {
    confirm_start_quietly();  // defer_start_check: the status pipe holds the start's word first
    if (exit_ || pid_ <= 0) return exit_;
    if (contained_ && bot_wait_status()) {  // the init reported it: the bot has ended
        exit_ = status_from_wait(*bot_status_, options_.sandbox);
        return exit_;
    }
    // WNOWAIT: look without reaping. The zombie keeps the process group id reserved until stop()
    // has SIGKILLed the group, so that signal cannot hit an unrelated group that reused the id.
    // Contained, the init ends once the bot has, after reporting the bot's status.
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
        const int wstatus = wait_status_from_siginfo(info.si_code, info.si_status);
        exit_ = status_from_wait(contained_ ? bot_wait_status().value_or(wstatus) : wstatus,
                                 options_.sandbox);
    }
    return exit_;
}

// A descriptor that becomes readable when the bot's main process ends: a copy of the init's status
// pipe (contained), or a pidfd of the bot (fallback); -1 without one (kernel before 5.3).
int BotProcess::Impl::exit_watch_fd() const {
    return contained_ ? ::fcntl(status_fd_, F_DUPFD_CLOEXEC, 3)
                      : static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
}

// Arms the watch of the bot's main process (once armed, it stays so across turns): its end
// ends the turn being waited for. Readiness is only a hint, confirmed before it counts (see
// wait_for_leader_exit). Without a pidfd (kernel before 5.3) the deadline decides, as before.
void BotProcess::Impl::watch_main_exit() {
    if (main_watch_armed_ || main_ended_ || stopped_) return;
    if (!main_watch_.is_open()) {
        const int fd = exit_watch_fd();
        if (fd < 0) return;
        error_code ec;
        main_watch_.assign(fd, ec);
        if (ec) {
            ::close(fd);
            return;
        }
    }
    main_watch_armed_ = true;
    ++outstanding_;
    main_watch_.async_wait(
        asio::posix::descriptor_base::wait_read, [this](const error_code& wait_error) {
            --outstanding_;
            main_watch_armed_ = false;
            if (wait_error || stopped_) return;
            main_ended_ = (contained_ && bot_wait_status()) || (!contained_ && has_ended(pid_));
        });
}

// ---- the bounded stop ----

// Waits (running the io_context, so stderr keeps draining) until the bot has ended or `grace`
// passes. Does not reap. Contained, what is watched is the init's status pipe: the init writes
// the bot's status there as soon as the bot ends (or dies, closing it). In the fallback, a pidfd
// of the bot. Readiness is only a hint, confirmed before we stop waiting: on Linux 6.18 the
// pidfd of a PID namespace's init was seen readable while the init still ran.
void BotProcess::Impl::wait_for_leader_exit(std::chrono::milliseconds grace) {
    const auto started = Clock::now();
    const auto deadline = started + grace;
    leader_exited_ = grace_over_ = false;  // stop() may wait twice: before and after its SIGTERM
    auto ended = [this] { return (contained_ && bot_wait_status()) || has_ended(pid_); };
    // Without a pidfd (kernel before 5.3, valgrind) there is nothing to watch: polled.
    const int watched = exit_watch_fd();
    error_code ec;
    if (watched >= 0) exit_watch_.assign(watched, ec);
    if (exit_watch_.is_open()) {
        ++outstanding_;
        exit_watch_.async_wait(asio::posix::descriptor_base::wait_read,
                               [this](const error_code& wait_error) {
                                   --outstanding_;
                                   if (!wait_error) leader_exited_ = true;
                               });
    } else if (watched >= 0) {
        ::close(watched);
    }
    grace_timer_.expires_at(deadline);
    ++outstanding_;
    grace_timer_.async_wait([this](const error_code& wait_error) {
        --outstanding_;
        if (!wait_error) grace_over_ = true;
    });
    while (!leader_exited_ && !grace_over_ && exit_watch_.is_open()) run_one();
    while (!grace_over_ && !ended() && Clock::now() < deadline) {
        if (io_.stopped()) io_.restart();
        io_.run_one_for(std::chrono::milliseconds(1));
    }
    grace_timer_.cancel();
    exit_watch_.close(ec);
    diagnostics::log().debug(
        "pid {}: waited {} us of a {} ms grace: {}", pid_,
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count(),
        grace.count(), grace_over_ || Clock::now() >= deadline ? "grace over" : "it ended");
}

// Why stop() was called, as far as this layer can tell (for the diagnostics).
const char* BotProcess::Impl::stop_reason() const {
    if (interrupt_signal() != 0) return "stop on interrupt (the handler SIGKILLed every bot)";
    if (!limit_hit_.empty()) return "stop after a limit was reached";
    if (last_turn_timed_out_) return "stop after a missed deadline";
    return "stop requested";
}

// Lets the bot end by itself if it is ending, else SIGTERMs it and waits up to kill_grace.
// Returns whether it had ended before any signal of ours.
bool BotProcess::Impl::end_gently(const char* why) {
    bool exited_before = poll_exit().has_value();
    if (!exited_before && stdout_eof_ && options_.kill_grace.count() > 0) {
        // Its stdout is closed: the bot is most likely ending by itself. Let it, before any
        // signal, so that its own end (an exit code 143, a SIGTERM or SIGKILL it raised) is
        // never taken for ours: what the arena did decides, not what the exit status looks like.
        diagnostics::log().debug("pid {}: stdout closed: up to {} ms to end by itself", pid_,
                                 options_.kill_grace.count());
        wait_for_leader_exit(options_.kill_grace);
        exited_before = poll_exit().has_value();
    }
    if (exited_before) {
        diagnostics::log().debug("pid {}: had ended by itself before any signal", pid_);
        return true;
    }
    // A bot that SIGTERM ends at once (its default action: C++, Python, Node) gets it straight,
    // not through the init, and when it is ending by it, nothing is left to wait for: its end is
    // fixed, the init's SIGKILL ends the rest. That hop, the init's report and the wake-ups
    // between them were a quarter of a game's spawn and stop (docs/process-layer.md). Not after
    // a limit or an interrupt: those SIGKILLed it already.
    if (contained_ && !options_.sandbox && bot_pid_ > 0 && limit_hit_.empty() &&
        interrupt_signal() == 0) {
        straight_sigterm_ = sigterm_straight(bot_pid_, pid_, why);
        if (straight_sigterm_ && straight_sigterm_->ending) return false;
    }
    // Contained: the init forwards it to every process of the namespace.
    signal_bot(pid_, SIGTERM, why);
    if (options_.kill_grace.count() > 0) wait_for_leader_exit(options_.kill_grace);
    return false;
}

ExitStatus BotProcess::Impl::stop() {
    confirm_start_quietly();  // a start that failed has stopped the bot already
    if (stopped_) return exit_.value_or(ExitStatus{});
    stopped_ = true;
    const char* why = stop_reason();
    diagnostics::log().debug("pid {}: {}: stdin closed", pid_, why);
    error_code ignored;
    stdin_.close(ignored);  // EOF on stdin: a well-behaved bot may already leave by itself

    const bool exited_before = end_gently(why);
    // SIGKILL even if the bot is gone: what it started must go too. Contained, the end of the
    // init ends the namespace; in the fallback the group (and the cgroup, if any) is all we
    // reach. pid_ is not reaped yet, so it is still ours.
    kill_everything(why);
    unregister_live_bot(pid_);  // before reaping: after it, the pid may be reused
    reap(exited_before);
    release();
    return exit_.value_or(ExitStatus{});
}

// Reaps the init (or the bot), and in the fallback what the bot's group left to us; records how
// the bot ended.
void BotProcess::Impl::reap(bool exited_before) {
    int wstatus = 0;
    rusage usage{};
    pid_t reaped;
    do {
        // Quick and bounded: SIGKILL cannot be ignored, and the kernel ends the namespace.
        reaped = ::wait4(pid_, &wstatus, 0, &usage);
    } while (reaped == -1 && errno == EINTR);
    if (!exited_before && reaped == pid_) {
        const std::optional<int> bot = contained_ ? bot_wait_status() : std::optional<int>(wstatus);
        // Contained, no report means the bot was still running when we killed its init: it was
        // ending by the SIGTERM sent to it alone, or that SIGKILL ended it.
        const bool by_sigterm = straight_sigterm_ && straight_sigterm_->ending;
        ExitStatus status = bot ? status_from_wait(*bot, options_.sandbox)
                                : status_from_wait(by_sigterm ? SIGTERM : SIGKILL);
        // It was still running when we signalled it: the arena ended it, whatever status it
        // ended with (a JVM exits 143 on our SIGTERM, a bot may trap it and exit 0). A limit
        // the kernel or the arena's check enforced is told apart below (limit_reached).
        status.killed_by_arena = true;
        exit_ = status;
    }
    if (!contained_) {
        const int others = reap_group_bounded(pid_);
        if (others > 0)
            diagnostics::log().debug("pid {}: reaped {} more of its group", pid_, others);
    }
    // We reaped the pid ourselves: Process v2 must never signal or wait for that number again.
    process_.detach();

    drain_stderr_now();  // the bot's last words (e.g. a traceback) stay available to take_stderr()
    if (reaped == pid_) init_memory_.release_reaped();  // the init no longer runs on it
    if (reaped == pid_ && exit_) record_usage(usage);
    if (exit_ && diagnostics::log().should_log(spdlog::level::debug)) {
        diagnostics::log().debug("pid {}: reaped: {}{}, CPU {:.3f} s, peak RSS {} KiB", pid_,
                                 exit_->describe(),
                                 exit_->killed_by_arena ? " (ended by the arena)" : "",
                                 exit_->cpu_seconds, exit_->peak_rss_kib);
    }
}

// The bot's CPU time, peak memory and the limit that ended it, if any.
void BotProcess::Impl::record_usage(const rusage& usage) {
    // wait4 counts the init and all it reaped (contained), or the bot and its reaped children.
    auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
    double cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    long peak = usage.ru_maxrss;
    // Ended by a SIGTERM sent to it alone, the bot was not the init's to reap (its SIGKILL came
    // first and the kernel reaped it): its usage is what it was as the signal was sent.
    if (straight_sigterm_ && straight_sigterm_->ending) {
        cpu += straight_sigterm_->cpu_seconds;
        peak = std::max(peak, straight_sigterm_->peak_rss_kib);
    }
    exit_->cpu_seconds = cgroup_.cpu_seconds().value_or(cpu);
    exit_->peak_rss_kib = std::max(peak, cgroup_.peak_kib());
    const long oom_kills =
        limit_hit_.empty() && options_.limits.memory_mb ? cgroup_.oom_kills() : 0;
    exit_->limit_reached = limit_reached(*exit_, options_.limits, limit_hit_, oom_kills);
    // The kernel (OOM killer, RLIMIT) or the arena's limit check ended it, not our stop.
    if (!exit_->limit_reached.empty()) exit_->killed_by_arena = false;
    // Through bwrap, SIGXCPU arrives as exit code 152: once the counter confirmed it, a signal.
    if (!exit_->limit_reached.empty() && options_.sandbox && exit_->exit_code == 128 + SIGXCPU) {
        exit_->exit_code.reset();
        exit_->signal = SIGXCPU;
    }
}

// The cgroups, the status pipe and our pipe ends; then every handler still pointing to *this.
void BotProcess::Impl::release() {
    error_code ignored;
    main_watch_.close(ignored);
    counters_ = ThreadCounters();  // its threads' schedstat files
    last_sample_.reset();
    cgroup_.remove();
    if (status_fd_ >= 0) ::close(std::exchange(status_fd_, -1));
    stdout_.close(ignored);
    stderr_.close(ignored);
    drain_handlers();  // the handlers point to *this: let all of them run before it goes away
}

}  // namespace arena::process
