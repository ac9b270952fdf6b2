// What every start of a child process needs, in one copy each: the process-wide setup, pipes,
// the C argument vector, the message for a program that could not start, and the command a bot
// is started with. Private to arena/process.
//
// Why a file of its own: the sandbox probe, the containment's clone and the init's exec report
// all start programs; they used to build their argument vectors and their "cannot start" hints
// each in their own way.
#pragma once

#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::process {

// Process-wide settings, made once when the first bot (or the sandbox probe) starts: SIGPIPE
// ignored, fds 0-2 open, the arena a child subreaper.
void prepare_arena_process();

// A file descriptor closed on scope exit.
struct UniqueFd {
    int fd = -1;
    UniqueFd() = default;
    explicit UniqueFd(int f) : fd(f) {}
    UniqueFd(UniqueFd&& other) noexcept : fd(std::exchange(other.fd, -1)) {}
    UniqueFd& operator=(UniqueFd&&) = delete;
    ~UniqueFd() {
        if (fd >= 0) ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

struct Pipe {
    UniqueFd read_end, write_end;
};

// A pipe, both ends close-on-exec. Throws SpawnError naming `program`.
Pipe make_pipe(const std::string& program);

// argv (or an environment) as exec wants it: pointers into `words`, then nullptr. Valid while
// `words` lives unchanged.
std::vector<char*> c_argv(const std::vector<std::string>& words);

// The SpawnError for a program that could not start: "bot command 'PROGRAM': cannot start
// EXECUTABLE (STEP): why (hint). Fix --bot / the config." `step` may be nullptr; `error` is the
// errno, 0 when the init of the bot's namespace ended before it said.
[[noreturn]] void spawn_failed(const std::string& program, const std::string& executable,
                               const char* step, int error, const Limits& limits);

// What is exec'd for a bot: its argv[0] resolved, or bwrap and its options before the bot's
// command when sandboxed.
struct BotCommand {
    std::string executable;
    std::vector<std::string> argv;
};

// Checks the bot's command and working directory and resolves its program (in the sandbox's PATH
// when sandboxed). Throws SpawnError saying what to fix.
BotCommand prepare_bot_command(const std::vector<std::string>& argv, const BotOptions& options);

}  // namespace arena::process
