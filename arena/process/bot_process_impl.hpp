// BotProcess::Impl: the state of one bot process, shared by the files that each do one part of
// its life. Private to arena/process.
//   bot_process.cpp  starting the bot (the command, the pipes, the spawn, the init's first word)
//   turn_loop.cpp    the exchange of one turn: stdin, stdout lines, stderr, waiting (hot path)
//   bot_stop.cpp     the bounded stop, reaping, poll_exit, and the limits watched meanwhile
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/process/bot_init_protocol.hpp"
#include "arena/process/bot_process.hpp"
#include "arena/process/cgroup.hpp"
#include "arena/process/cpu_usage.hpp"
#include "arena/process/namespace_init.hpp"
#include "arena/process/process_v2.hpp"
#include "arena/process/signals.hpp"
#include "arena/process/spawn_support.hpp"

namespace arena::process {

namespace asio = boost::asio;
namespace bp = boost::process::v2;
using error_code = boost::system::error_code;
using Clock = std::chrono::steady_clock;

// The io_context's own executor type rather than any_io_executor: no type erasure per operation.
using Executor = asio::io_context::executor_type;
using Timer = asio::basic_waitable_timer<Clock, asio::wait_traits<Clock>, Executor>;

inline constexpr std::size_t kStdoutBufferStart = 16 * 1024;
inline constexpr std::size_t kMinStdoutRead = 4 * 1024;  // never read stdout into less room
inline constexpr std::size_t kStderrChunk = 64 * 1024;   // one pipe's worth: few reads for a flood
inline constexpr std::size_t kStderrPipeSize = 2 * kStderrChunk;  // see BotProcess::Impl::Impl

struct BotProcess::Impl {
    Impl(asio::io_context& io, const std::vector<std::string>& argv, const BotOptions& options);
    ~Impl();

    ReadResult exchange(std::string_view input, std::chrono::milliseconds limit,
                        std::chrono::milliseconds late_grace);
    ExitStatus stop();
    std::optional<ExitStatus> poll_exit();
    std::string take_stderr();

    // start (bot_process.cpp)
    void start(const BotCommand& command);
    void watch_process();
    void await_start(const std::string& executable);
    ssize_t read_start_word(init_protocol::Record& record);
    [[noreturn]] void start_failed(const init_protocol::Record* record,
                                   const std::string& executable);
    void confirm_start();
    void confirm_start_quietly();  // for stop() and poll_exit(): a failed start is a stopped bot
    // stdin
    void send(std::string_view input);
    void start_write();
    // stdout
    enum class LineScan { line, none, overflow };
    void start_stdout_read();
    std::size_t find_line_end();
    LineScan take_line(std::string& line);
    // stderr
    void start_stderr_read();
    void keep_stderr(std::size_t n);
    void drain_stderr_now();
    // waiting
    void run_one();
    void wait_for_leader_exit(std::chrono::milliseconds grace);
    void drain_handlers();
    void wait_for_line(Clock::time_point deadline);
    void watch_main_exit();
    // the turn's clock and what the bot used meanwhile (turn_clock.cpp)
    bool input_taken();
    Clock::time_point wait_for_first_read(Clock::time_point written, ReadResult& result);
    void watch_counters();
    std::optional<CpuSample> sample_usage(bool refresh);
    std::optional<CpuSample> usage_before_turn();
    void record_usage(const std::optional<CpuSample>& before, ReadResult& result);
    int exit_watch_fd() const;
    // limits: checked while the bot is waited for
    bool watches_limits() const {
        return !cgroup_.empty() && (options_.limits.cpu_seconds || options_.limits.memory_mb);
    }
    void check_limits();
    // stop and exit (bot_stop.cpp)
    const char* stop_reason() const;
    bool end_gently(const char* why);
    void kill_everything(const char* why);
    void reap(bool exited_before);
    void record_usage(const rusage& usage);
    void release();
    std::optional<int> bot_wait_status();

    asio::io_context& io_;
    const BotOptions options_;
    const std::string program_;      // argv[0] as given, for messages
    pid_t pid_ = -1;                 // the init of the bot's namespace (or the bot), its group id
    bool contained_ = false;         // in a PID namespace, pid_ being its init
    int status_fd_ = -1;             // contained: the init's status pipe (read end, non-blocking)
    InitMemory init_memory_;         // the in-process init's stack: released once it is reaped
    std::optional<int> bot_status_;  // contained: the bot's wait status, as the init reported it
    BotCgroup cgroup_;               // the bot's cgroups (limits); empty without such limits
    std::string limit_hit_;          // a limit the arena saw reached and ended the bot for
    // Owns the child (Boost.Process v2): SIGKILLs and reaps it should the BotProcess be destroyed
    // before stop() ran (e.g. an exception late in the constructor). stop() detaches it.
    bp::basic_process<Executor> process_;

    // Our ends of the pipes (stream_descriptor rather than readable/writable_pipe: it can be made
    // non-blocking up front, which exchange() needs for its direct write and stderr read).
    using Descriptor = asio::posix::basic_stream_descriptor<Executor>;
    Descriptor stdin_;
    Descriptor stdout_;
    Descriptor stderr_;
    Descriptor exit_watch_;  // pidfd and timer of the kill grace period, used by stop()
    // Watched while a line is awaited: the bot's main process ended (the init's status pipe, or
    // a pidfd of the bot), so that its turn ends then, whatever its children still hold open.
    Descriptor main_watch_;
    bool main_watch_armed_ = false;
    bool main_ended_ = false;
    Timer grace_timer_;

    int outstanding_ = 0;  // our handlers that asio has not run yet; each points to *this

    // stdin: what a non-blocking write() could not take at once is written asynchronously; input
    // of later turns waits in queued_input_ meanwhile.
    std::string inflight_input_, queued_input_;
    bool writing_ = false;
    bool stdin_closed_ = false;

    // stdout: bytes [out_begin_, out_end_) of out_buf_ are unconsumed; [out_begin_, scan_pos_)
    // holds no line end. A read is armed only while no full line is buffered.
    std::vector<char> out_buf_;
    std::size_t out_begin_ = 0, out_end_ = 0, scan_pos_ = 0;
    bool reading_stdout_ = false;
    bool stdout_eof_ = false;
    bool overflowed_ = false;  // sticky: there is no way to find the next answer after that
    bool skip_lf_ = false;     // the last line ended with a '\r' at the end of the data read
    bool last_turn_timed_out_ = false;  // why stop() is called, for the diagnostics

    // stderr: a read is pending at all times until EOF.
    std::array<char, kStderrChunk> err_chunk_;
    std::string stderr_text_;
    bool stderr_truncated_ = false;
    bool stderr_open_ = true;

    // exit
    bool leader_exited_ = false;
    bool grace_over_ = false;
    std::optional<StraightSigterm> straight_sigterm_;  // stop(): SIGTERM sent to the bot alone
    std::optional<ExitStatus> exit_;                   // known once the bot has exited
    bool stopped_ = false;
    // defer_start_check: the init's first word not read yet; the executable, for its message.
    bool start_pending_ = false;
    std::string start_executable_;

    // the turn's clock (turn_clock.cpp)
    const Clock::time_point spawned_at_ = Clock::now();
    bool first_exchange_ = true;
    std::size_t written_now_ = 0;  // bytes of this exchange's input the pipe took at once
    int bot_pid_ = -1;             // contained: the bot's main process, as the init reported it
    ThreadCounters counters_;
    bool counters_set_ = false;
    std::optional<CpuSample> last_sample_;
    Clock::time_point last_sample_at_{};
};

}  // namespace arena::process
