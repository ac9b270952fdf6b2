#include "arena/cli/wrap_command.hpp"

#include <unistd.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <cerrno>
#include <csignal>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/match/sdk_runner.hpp"
#include "arena/process/bot_process.hpp"

namespace arena::cli {
namespace {

namespace asio = boost::asio;

// Writes all of `text` to `fd`; false when the reader is gone (EPIPE).
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n > 0) {
            text.remove_prefix(static_cast<std::size_t>(n));
        } else if (n < 0 && errno != EINTR) {
            return false;
        }
    }
    return true;
}

// The relay between the runner (this program's stdin/stdout) and the bot. Everything waits on
// the one io_context: the runner's stdin, the bot's stdout and stderr, the signals.
class Relay {
  public:
    Relay(asio::io_context& io, process::BotProcess& bot, bool watch_limits)
        : io_(io),
          bot_(bot),
          runner_in_(io, ::dup(STDIN_FILENO)),
          signals_(io, SIGTERM, SIGINT, SIGHUP),
          watch_limits_(watch_limits) {
        signals_.async_wait([this](const boost::system::error_code& ec, int) {
            if (!ec) told_to_stop_ = true;
        });
    }

    // Relays until a side closes; true when the bot's output closed while the runner played on.
    bool run() {
        for (;;) {
            // The input that came, and a line the bot answered if one is buffered (limit 0: this
            // never waits; a read of the bot's stdout stays armed).
            note_input();
            const process::ReadResult read = bot_.exchange(pending_, std::chrono::milliseconds(0));
            pending_.clear();
            if (!read.stderr_text.empty()) write_all(STDERR_FILENO, read.stderr_text);
            if (read.status == process::ReadStatus::line) {
                if (!write_all(STDOUT_FILENO, read.line + "\n")) return false;
                note_line(read.line);
                continue;  // more lines may be buffered
            }
            if (read.status != process::ReadStatus::timeout) return runner_open_ && !told_to_stop_;
            if (!runner_open_ || told_to_stop_) return false;
            if (!reading_runner_) read_runner();
            if (io_.stopped()) io_.restart();
            // A bot with a CPU or memory limit is checked (by exchange) every 50 ms, as in a match.
            if (watch_limits_)
                io_.run_one_for(std::chrono::milliseconds(50));
            else
                io_.run_one();
        }
    }

    // What the bot was sent and answered (WrappedBotEnd::lines), the input left unanswered last.
    std::vector<match::WrappedLine> take_lines() {
        if (!unanswered_.input.empty()) lines_.push_back(std::move(unanswered_));
        return std::move(lines_);
    }

  private:
    using Clock = std::chrono::steady_clock;

    // The bot's time runs from the first input byte after its previous line.
    void note_input() {
        if (pending_.empty()) return;
        if (unanswered_.input.empty()) since_ = Clock::now();
        if (recorded_ + pending_.size() <= kRecordedInputCap) {
            unanswered_.input += pending_;
            recorded_ += pending_.size();
        }
    }
    void note_line(const std::string& line) {
        unanswered_.line = line;
        unanswered_.ms = std::chrono::duration<double, std::milli>(Clock::now() - since_).count();
        lines_.push_back(std::move(unanswered_));
        unanswered_ = match::WrappedLine{};
        since_ = Clock::now();
    }

    void read_runner() {
        reading_runner_ = true;
        runner_in_.async_read_some(asio::buffer(chunk_),
                                   [this](const boost::system::error_code& ec, std::size_t n) {
                                       reading_runner_ = false;
                                       pending_.append(chunk_.data(), n);
                                       if (ec) runner_open_ = false;
                                   });
    }

    asio::io_context& io_;
    process::BotProcess& bot_;
    asio::posix::stream_descriptor runner_in_;
    asio::signal_set signals_;
    bool watch_limits_;
    std::array<char, 64 * 1024> chunk_{};
    std::string pending_;
    bool reading_runner_ = false;
    bool runner_open_ = true;
    bool told_to_stop_ = false;
    // The transcript: inputs are kept up to kRecordedInputCap bytes in all (a runner's game
    // with huge inputs still relays them, the log just lacks them).
    static constexpr std::size_t kRecordedInputCap = 16 * 1024 * 1024;
    std::vector<match::WrappedLine> lines_;
    match::WrappedLine unanswered_;
    Clock::time_point since_ = Clock::now();
    std::size_t recorded_ = 0;
};

void write_end(const std::string& file, const match::WrappedBotEnd& end) {
    if (file.empty()) return;
    try {
        files::write_atomically(
            file,
            match::to_json(end).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    } catch (const std::exception& e) {
        std::cerr << "arena " << match::kWrapBotCommand << ": " << e.what() << "\n";
    }
}

int exit_code_of(const process::ExitStatus& status) {
    if (status.exit_code) return *status.exit_code;
    if (status.signal) return 128 + *status.signal;
    return 1;
}

}  // namespace

bool is_wrap_bot_command(int argc, char** argv) {
    return argc >= 2 && std::string_view(argv[1]) == match::kWrapBotCommand;
}

int run_wrap_bot_command(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);  // a runner gone: EPIPE, the relay ends
    match::WrappedBot bot;
    try {
        if (argc != 3) throw std::invalid_argument("usage: arena __wrap-bot FILE.json");
        bot = match::wrapped_bot_from_json(
            nlohmann::json::parse(files::read_text(argv[2], files::kSmallJsonFile)));
    } catch (const std::exception& e) {
        std::cerr << "arena " << match::kWrapBotCommand << ": " << e.what() << "\n";
        return 2;
    }
    asio::io_context io;
    std::optional<process::BotProcess> process;
    try {
        process.emplace(io, bot.argv, bot.options);
    } catch (const std::exception& e) {  // SpawnError: the runner sees a player that never answers
        std::cerr << e.what() << "\n";
        match::WrappedBotEnd end;
        end.ended_by_itself = true;
        end.detail = std::string("could not start: ") + e.what();
        write_end(bot.end_file, end);
        return 127;
    }
    {
        Relay relay(io, *process, bot.options.limits.cpu_seconds || bot.options.limits.memory_mb);
        const bool ended_by_itself = relay.run();
        const process::ExitStatus status = process->stop();
        write_all(STDERR_FILENO, process->take_stderr());
        match::WrappedBotEnd end;
        end.ended_by_itself = ended_by_itself;
        end.detail = status.describe();
        end.limit_reached = status.limit_reached;
        end.lines = relay.take_lines();
        write_end(bot.end_file, end);
        process.reset();
        return exit_code_of(status);
    }
}

}  // namespace arena::cli
