// BotProcess: a bot as a child process, talked to through three pipes registered with the match's
// io_context. This file starts it and forwards the public calls to BotProcess::Impl
// (bot_process_impl.hpp); the turn loop is in turn_loop.cpp, the stop in bot_stop.cpp.
//
// Design notes (the why; the what is in bot_process.hpp):
// - Each bot is contained in a PID namespace of its own, whose init (arena-bot-init) dies with
//   the arena and takes the namespace with it; limits for the whole bot are cgroups. How it is
//   started is in containment.cpp, the cgroups in cgroup.cpp, the sandbox in sandbox.cpp. The
//   process we own (pid_) is the init, or the bot itself in the process-group fallback; it
//   belongs to a Boost.Process v2 basic_process until stop() reaps it.
// - Every handler we hand to asio points to *this; `outstanding_` counts them so stop() can run
//   the io_context until none is left before the Impl goes away.
#include "arena/process/bot_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "arena/common/diagnostics.hpp"
#include "arena/process/bot_init_protocol.hpp"
#include "arena/process/bot_process_impl.hpp"
#include "arena/process/containment.hpp"
#include "arena/process/sandbox.hpp"
#include "arena/process/signals.hpp"

namespace arena::process {

BotProcess::Impl::Impl(asio::io_context& io, const std::vector<std::string>& argv,
                       const BotOptions& options)
    : io_(io),
      options_(options),
      program_(argv.empty() ? std::string() : argv.front()),
      process_(io.get_executor()),
      stdin_(io),
      stdout_(io),
      stderr_(io),
      exit_watch_(io),
      main_watch_(io),
      grace_timer_(io),
      out_buf_(kStdoutBufferStart) {
    prepare_arena_process();
    const BotCommand command = prepare_bot_command(argv, options);
    cgroup_ =
        BotCgroup(options.limits, program_, init_processes_in_bot_cgroup(), options.cpu_share);
    start(command);
    diagnostics::log().debug("spawn pid {} ({}): {}", pid_,
                             contained_ ? "contained: the init of the bot's PID namespace"
                                        : "fallback: the bot itself, in a process group of its own",
                             fmt::join(argv, " "));
    if (options.limits.any() && diagnostics::log().should_log(spdlog::level::debug))
        diagnostics::log().debug("pid {}: limits {}", pid_, options.limits.describe());
}

BotProcess::Impl::~Impl() {
    try {
        stop();
    } catch (...) {
        // Nothing sensible to do in a destructor; stop() only throws if asio itself fails.
    }
}

void BotProcess::Impl::start(const BotCommand& command) {
    Pipe in = make_pipe(program_), out = make_pipe(program_), err = make_pipe(program_);
    SpawnRequest request{command.argv,     command.executable,  in.read_end.fd,
                         out.write_end.fd, err.write_end.fd,    options_.working_dir,
                         options_.limits,  cgroup_.procs_fds(), {}};
    if (options_.sandbox) request.environment = sandbox_environment();
    Spawned spawned = spawn_bot(request);
    pid_ = spawned.pid;
    contained_ = spawned.contained;
    status_fd_ = spawned.status_fd;
    init_memory_ = std::move(spawned.init_memory);
    register_live_bot(pid_);
    if (contained_ && options_.defer_start_check) {
        start_pending_ = true;  // confirm_start() reads the init's first word
        start_executable_ = command.executable;
    } else if (contained_) {
        await_start(command.executable);
    }
    watch_process();

    // The child's ends are closed when `in`, `out` and `err` go out of scope; ours go to asio.
    // Non-blocking: exchange() writes stdin and drains stderr directly when it can.
    stdin_.assign(in.write_end.release());
    stdout_.assign(out.read_end.release());
    // Two reads' worth of stderr pipe: a flooding bot writes its next chunk while the arena reads
    // the last one. With the default 64 KiB (one read) they took turns, and a bot writing 4 MiB
    // a turn took twice as long as with `cat` draining its stderr (bench/stderr_drain). Where the
    // user's pipe quota refuses it (pipe-user-pages-soft), the default stays: only slower.
    ::fcntl(err.read_end.fd, F_SETPIPE_SZ, static_cast<int>(kStderrPipeSize));
    stderr_.assign(err.read_end.release());
    stdin_.non_blocking(true);
    stdout_.non_blocking(true);
    stderr_.non_blocking(true);
    start_stderr_read();
}

void BotProcess::Impl::watch_process() {
    try {
        // From here on, process_ kills and reaps the bot if anything below throws.
        process_ = bp::basic_process<Executor>(io_.get_executor(), pid_);
    } catch (const std::exception& e) {
        // Process v2 needs pidfd_open (Linux 5.3): do not leave the bot behind.
        ::kill(pid_, SIGKILL);
        unregister_live_bot(pid_);
        ::waitpid(pid_, nullptr, 0);
        init_memory_.release_reaped();
        throw SpawnError("bot command '" + program_ + "': cannot watch the process: " + e.what());
    }
}

// The first word of the init: the bot runs, or why it could not start (exec's errno). Waits as
// posix_spawn waits for the exec; the init is our program, and answers at once.
void BotProcess::Impl::await_start(const std::string& executable) {
    init_protocol::Record record{};
    const ssize_t n = read_start_word(record);
    if (n == sizeof record && record.kind == init_protocol::kStarted) return;
    ::kill(pid_, SIGKILL);
    unregister_live_bot(pid_);
    ::waitpid(pid_, nullptr, 0);
    init_memory_.release_reaped();
    ::close(status_fd_);
    status_fd_ = -1;
    diagnostics::log().debug("pid {}: the bot did not start; its init killed and reaped", pid_);
    start_failed(n == sizeof record ? &record : nullptr, executable);
}

// Reads the init's word on the start (blocking: the init answers at once), keeping the bot's pid
// that comes before it; then makes the status pipe non-blocking for the exit watch. Returns
// read()'s result for the word.
ssize_t BotProcess::Impl::read_start_word(init_protocol::Record& record) {
    ssize_t n;
    for (;;) {
        while ((n = ::read(status_fd_, &record, sizeof record)) < 0 && errno == EINTR) {
        }
        if (n != sizeof record || record.kind != init_protocol::kBotPid) break;
        if (record.value > 0) bot_pid_ = record.value;
    }
    ::fcntl(status_fd_, F_SETFL, ::fcntl(status_fd_, F_GETFL) | O_NONBLOCK);
    return n;
}

// The init's word on a bot that did not start (none: it ended without one): SpawnError.
void BotProcess::Impl::start_failed(const init_protocol::Record* record,
                                    const std::string& executable) {
    if (record && record->kind == init_protocol::kSetupFailed)
        spawn_failed(program_, executable, init_protocol::setup_step(record->value),
                     init_protocol::setup_errno(record->value), options_.limits);
    spawn_failed(program_, executable, "exec", record ? record->value : 0, options_.limits);
}

// defer_start_check: the init's first word, read when the caller is ready to wait for it (after
// starting the other seats' bots), on the first exchange, or before a stop. A failed start is
// the constructor's SpawnError, thrown once the bot is stopped (the init ends by itself then).
void BotProcess::Impl::confirm_start() {
    if (!start_pending_) return;
    start_pending_ = false;
    init_protocol::Record record{};
    const ssize_t n = read_start_word(record);
    if (n == sizeof record && record.kind == init_protocol::kStarted) return;
    diagnostics::log().debug("pid {}: the bot did not start; its init stopped and reaped", pid_);
    stop();
    start_failed(n == sizeof record ? &record : nullptr, start_executable_);
}

void BotProcess::Impl::confirm_start_quietly() {
    try {
        confirm_start();
    } catch (const SpawnError&) {
        // The bot never ran and is stopped: what stop() and poll_exit() report.
    }
}

// ---- BotProcess: forwards to Impl ----

BotProcess::BotProcess(asio::io_context& io, const std::vector<std::string>& argv,
                       const BotOptions& options)
    : impl_(std::make_unique<Impl>(io, argv, options)) {}

BotProcess::~BotProcess() = default;  // ~Impl stops the bot
BotProcess::BotProcess(BotProcess&&) noexcept = default;
BotProcess& BotProcess::operator=(BotProcess&&) noexcept = default;

ReadResult BotProcess::exchange(std::string_view input, std::chrono::milliseconds limit,
                                std::chrono::milliseconds late_grace) {
    return impl_->exchange(input, limit, late_grace);
}

ExitStatus BotProcess::stop() {
    return impl_->stop();
}

std::optional<ExitStatus> BotProcess::poll_exit() {
    return impl_->poll_exit();
}

std::string BotProcess::take_stderr() {
    return impl_->take_stderr();
}

int BotProcess::pid() const {
    return impl_->pid_;
}

void BotProcess::confirm_start() {
    impl_->confirm_start();
}

}  // namespace arena::process
