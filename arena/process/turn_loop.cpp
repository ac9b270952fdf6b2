// The turn loop: one exchange with a bot (its input written, one line of its stdout taken under
// the deadline), with stderr drained all along. The hot path of every game.
//
// Design notes (the why; the what is in bot_process.hpp):
// - The hot path (exchange with a bot that answers at once) is kept close to a bare pipe round
//   trip: the input is written with one direct non-blocking write(), the stdout read is armed only
//   while a line is awaited and stops as soon as one is buffered, and lines already buffered answer
//   without any read at all. Asio only does the waiting: io_context::run_one_until(deadline),
//   whose epoll timeout is the turn deadline. (A steady_timer per turn measured ~1.1 us slower:
//   timerfd_settime plus the cancelled handler's trip through the scheduler.) Containment costs
//   nothing per turn; a bot with a CPU or memory limit is also checked every kLimitCheck while
//   it is waited for, and at the end of each exchange.
// - stderr has a read pending at all times, so a bot that floods stderr never blocks on a full
//   pipe, whichever bot of the match is being waited for.
// - Every handler we hand to asio points to *this; `outstanding_` counts them so stop() can run
//   the io_context until none is left before the Impl goes away.
// - The diagnostics of a turn are one trace line at its end (and a debug line when it ends
//   without an answer): with the default level each costs a level check, nothing is formatted.
#include <unistd.h>

#include <algorithm>
#include <boost/asio/write.hpp>
#include <cerrno>
#include <cstring>
#include <utility>

#include "arena/common/diagnostics.hpp"
#include "arena/process/bot_process_impl.hpp"

namespace arena::process {

namespace {

const char* read_status_name(ReadStatus status) {
    switch (status) {
        case ReadStatus::line:
            return "line";
        case ReadStatus::timeout:
            return "timeout";
        case ReadStatus::closed:
            return "closed";
        case ReadStatus::overflow:
            return "overflow";
    }
    return "?";
}

}  // namespace

// ---- stdin ----

void BotProcess::Impl::send(std::string_view input) {
    written_now_ = 0;
    if (stdin_closed_ || input.empty()) return;
    if (writing_) {  // an earlier input is still being written: keep the order
        queued_input_.append(input);
        return;
    }
    std::size_t done = 0;
    while (done < input.size()) {
        const ssize_t n = ::write(stdin_.native_handle(), input.data() + done, input.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
        } else if (errno == EAGAIN) {
            break;  // the pipe is full: the bot is not reading (yet)
        } else if (errno != EINTR) {
            stdin_closed_ = true;  // EPIPE: the bot closed its stdin or exited
            diagnostics::log().debug("pid {}: its stdin is closed: input no longer written", pid_);
            return;
        }
    }
    written_now_ = done;
    if (done == input.size()) return;
    // The rest is written as the bot reads; the deadline keeps running meanwhile.
    diagnostics::log().trace("pid {}: stdin full after {} of {} bytes: the rest as it reads", pid_,
                             done, input.size());
    inflight_input_.assign(input.substr(done));
    start_write();
}
void BotProcess::Impl::start_write() {
    writing_ = true;
    ++outstanding_;
    asio::async_write(stdin_, asio::buffer(inflight_input_),
                      [this](const error_code& ec, std::size_t) {
                          --outstanding_;
                          writing_ = false;
                          if (ec) {
                              if (ec != asio::error::operation_aborted) stdin_closed_ = true;
                              queued_input_.clear();
                              return;
                          }
                          if (!queued_input_.empty()) {
                              inflight_input_.swap(queued_input_);
                              queued_input_.clear();
                              start_write();
                          }
                      });
}

// ---- stdout ----

void BotProcess::Impl::start_stdout_read() {
    // No read is in flight, so the buffer may move.
    if (out_begin_ == out_end_) out_begin_ = out_end_ = scan_pos_ = 0;
    if (out_buf_.size() - out_end_ < kMinStdoutRead) {
        std::memmove(out_buf_.data(), out_buf_.data() + out_begin_, out_end_ - out_begin_);
        out_end_ -= out_begin_;
        scan_pos_ -= out_begin_;
        out_begin_ = 0;
        if (out_buf_.size() - out_end_ < kMinStdoutRead) out_buf_.resize(out_buf_.size() * 2);
    }
    reading_stdout_ = true;
    ++outstanding_;
    stdout_.async_read_some(
        asio::buffer(out_buf_.data() + out_end_, out_buf_.size() - out_end_),
        [this](const error_code& ec, std::size_t n) {
            --outstanding_;
            reading_stdout_ = false;
            out_end_ += n;
            if (ec) {
                // EOF, or an error that amounts to it; "aborted" only happens in stop().
                if (ec != asio::error::operation_aborted) stdout_eof_ = true;
                return;
            }
            // Keep reading until a full line (or too much without one) is buffered.
            if (find_line_end() == std::string::npos && out_end_ - out_begin_ < kMaxLineBytes) {
                start_stdout_read();
            }
        });
}

// Position of the first line end in the unconsumed bytes, or npos. Resumes where the previous
// call stopped, so every byte is looked at once.
std::size_t BotProcess::Impl::find_line_end() {
    if (skip_lf_ && out_begin_ < out_end_) {
        // The previous line ended with '\r' as the last byte read: a '\n' right after it belongs
        // to that line end ("\r\n" split across two reads).
        if (out_buf_[out_begin_] == '\n') ++out_begin_;
        skip_lf_ = false;
        scan_pos_ = std::max(scan_pos_, out_begin_);
    }
    for (; scan_pos_ < out_end_; ++scan_pos_) {
        const char c = out_buf_[scan_pos_];
        if (c == '\n' || c == '\r') return scan_pos_;
    }
    return std::string::npos;
}

BotProcess::Impl::LineScan BotProcess::Impl::take_line(std::string& line) {
    if (overflowed_) return LineScan::overflow;
    const std::size_t end = find_line_end();
    const std::size_t length = (end == std::string::npos ? out_end_ : end) - out_begin_;
    // CodinGame's buffer of kMaxLineBytes must also hold the line end: kMaxLineBytes or more
    // bytes before it never complete a line (samegame spec 1.2).
    if (length >= kMaxLineBytes) {
        overflowed_ = true;
        return LineScan::overflow;
    }
    if (end == std::string::npos) return LineScan::none;

    line.assign(out_buf_.data() + out_begin_, length);
    std::size_t next = end + 1;
    if (out_buf_[end] == '\r') {
        if (next < out_end_) {
            if (out_buf_[next] == '\n') ++next;
        } else {
            skip_lf_ = true;  // the '\n' may still come: decide when the next byte arrives
        }
    }
    out_begin_ = scan_pos_ = next;
    return LineScan::line;
}

// ---- stderr ----

void BotProcess::Impl::start_stderr_read() {
    ++outstanding_;
    stderr_.async_read_some(asio::buffer(err_chunk_), [this](const error_code& ec, std::size_t n) {
        --outstanding_;
        keep_stderr(n);
        if (ec) {
            if (ec != asio::error::operation_aborted) stderr_open_ = false;
            return;
        }
        start_stderr_read();
    });
}

// Keeps the first n bytes of err_chunk_ up to the per-turn cap; the rest is read and dropped.
void BotProcess::Impl::keep_stderr(std::size_t n) {
    const std::size_t room = kStderrCapPerTurn - std::min(kStderrCapPerTurn, stderr_text_.size());
    if (n > room) {
        stderr_truncated_ = true;
        n = room;
    }
    stderr_text_.append(err_chunk_.data(), n);
}

// What the bot wrote on stderr just before its answer may not have been read yet: take it now so
// it is reported with this turn. The pending asio read simply finds the pipe empty later.
void BotProcess::Impl::drain_stderr_now() {
    if (!stderr_open_ || !stderr_.is_open()) return;
    for (;;) {
        const ssize_t n = ::read(stderr_.native_handle(), err_chunk_.data(), err_chunk_.size());
        if (n > 0) {
            keep_stderr(static_cast<std::size_t>(n));
            if (static_cast<std::size_t>(n) == err_chunk_.size()) continue;
        } else if (n < 0 && errno == EINTR) {
            continue;
        }
        return;  // empty (EAGAIN), or EOF which the pending read will see as well
    }
}

std::string BotProcess::Impl::take_stderr() {
    drain_stderr_now();
    stderr_truncated_ = false;
    return std::exchange(stderr_text_, std::string());
}

// ---- waiting ----

// Runs one handler of the match's io_context: ours, or another bot's (stderr drains, ...).
void BotProcess::Impl::run_one() {
    if (io_.stopped()) io_.restart();  // it stops by itself whenever it runs out of work
    io_.run_one();
}

void BotProcess::Impl::drain_handlers() {
    while (outstanding_ > 0) run_one();
}

// ---- the exchange ----

ReadResult BotProcess::Impl::exchange(std::string_view input, std::chrono::milliseconds limit,
                                      std::chrono::milliseconds late_grace) {
    if (start_pending_) confirm_start();  // before the turn clock: the bot's exec is not its turn
    ReadResult result;
    std::optional<CpuSample> before = usage_before_turn();
    const auto written = Clock::now();  // the turn clock includes writing the input
    if (!stopped_) send(input);
    auto start = written;

    LineScan scan = take_line(result.line);  // an extra line of an earlier turn answers at once
    if (scan == LineScan::none && !stdout_eof_ && !stopped_) {
        if (!reading_stdout_) start_stdout_read();
        if (first_exchange_ && options_.startup_allowance.count() > 0) {
            start = wait_for_first_read(written, result);
            if (start > written) before = sample_usage(true);  // its start-up is not its turn's
        }
        wait_for_line(start + limit);
        scan = take_line(result.line);
        if (scan == LineScan::none && late_grace.count() > 0 && reading_stdout_ && !main_ended_ &&
            !stopped_) {
            // Measured, never used: how late the answer is, within the grace.
            wait_for_line(start + limit + late_grace);
            result.late = take_line(result.line) == LineScan::line;
        }
    }
    if (first_exchange_) {
        first_exchange_ = false;
        result.startup = start - spawned_at_;
        result.startup_wait = start - written;
    }
    result.elapsed = Clock::now() - start;
    record_usage(before, result);
    if (watches_limits() && !stopped_) check_limits();

    switch (scan) {
        case LineScan::line:
            result.status = ReadStatus::line;
            break;
        case LineScan::overflow:
            result.status = ReadStatus::overflow;
            break;
        case LineScan::none:
            // Its main process ended before the deadline: a crash, whatever its children hold.
            result.status =
                (stdout_eof_ || stopped_ || main_ended_) ? ReadStatus::closed : ReadStatus::timeout;
            if (stdout_eof_ && out_end_ > out_begin_) {  // a last line without its line end
                result.line.assign(out_buf_.data() + out_begin_, out_end_ - out_begin_);
                if (result.line.back() == '\r') result.line.pop_back();
                out_begin_ = scan_pos_ = out_end_;
            }
            break;
    }
    drain_stderr_now();
    result.stderr_text = std::exchange(stderr_text_, std::string());
    result.stderr_truncated = std::exchange(stderr_truncated_, false);
    last_turn_timed_out_ = result.status == ReadStatus::timeout;
    diagnostics::log().log(
        result.status == ReadStatus::line ? spdlog::level::trace : spdlog::level::debug,
        "pid {}: turn: wrote {} bytes, {} after {} us (limit {} ms), {} bytes of stderr", pid_,
        input.size(), read_status_name(result.status),
        std::chrono::duration_cast<std::chrono::microseconds>(result.elapsed).count(),
        limit.count(), result.stderr_text.size());
    return result;
}

// Runs handlers (ours and other bots') until the read stops: a full line, too much without one,
// or EOF. The pending read keeps the io_context from running out of work. A bot with a CPU or
// memory limit is checked every kLimitCheck meanwhile, and ended when over.
void BotProcess::Impl::wait_for_line(Clock::time_point deadline) {
    constexpr auto kLimitCheck = std::chrono::milliseconds(50);
    const bool watch = watches_limits();
    auto next_check = Clock::now() + kLimitCheck;
    watch_main_exit();
    while (reading_stdout_ && !main_ended_ && Clock::now() < deadline) {
        if (io_.stopped()) io_.restart();
        io_.run_one_until(watch ? std::min(deadline, next_check) : deadline);
        if (watch && Clock::now() >= next_check) {
            check_limits();
            next_check = Clock::now() + kLimitCheck;
        }
    }
    if (main_ended_ && reading_stdout_) {
        // What it wrote before it ended is in the pipe: let the stdout read take it.
        if (io_.stopped()) io_.restart();
        io_.poll();
    }
}

}  // namespace arena::process
