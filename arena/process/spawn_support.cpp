// What every start of a child needs (see spawn_support.hpp).
#include "arena/process/spawn_support.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "arena/process/sandbox.hpp"

namespace arena::process {

void prepare_arena_process() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Writing to a bot that has exited must give EPIPE (handled as "bot gone"), not kill us.
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        ::sigaction(SIGPIPE, &ignore, nullptr);

        // If the arena was started with stdin/stdout/stderr closed, a pipe could land on fd 0-2
        // and the dup2() calls in the child would overwrite one pipe with another.
        for (int fd = 0; fd <= 2; ++fd) {
            if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) ::open("/dev/null", O_RDWR);
        }

        // Become a child subreaper: when a bot dies, the processes it forked are re-parented to us
        // instead of to PID 1, so stop() can reap them. Without this they would stay zombies
        // wherever PID 1 does not reap orphans (containers without an init, such as ours).
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    });
}

// Both ends close-on-exec: the child gets its ends through dup2() onto 0/1/2 (which clears the
// flag), and no other bot started meanwhile by another thread can inherit them, which would keep
// a dead bot's stdout open and hide its EOF.
Pipe make_pipe(const std::string& program) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw SpawnError("bot command '" + program + "': cannot create pipes: " +
                         std::strerror(errno) + ". Too many bots or open files?");
    }
    return Pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
}

std::vector<char*> c_argv(const std::vector<std::string>& words) {
    std::vector<char*> args;
    args.reserve(words.size() + 1);
    for (const std::string& word : words) args.push_back(const_cast<char*>(word.c_str()));
    args.push_back(nullptr);
    return args;
}

void spawn_failed(const std::string& program, const std::string& executable, const char* step,
                  int error, const Limits& limits) {
    std::string hint;
    if (error == ENOEXEC) hint = " (not a program; a script needs a #! line)";
    if (error == ENOENT) hint = " (for a script: does the interpreter in its #! line exist?)";
    if (error == ENOMEM || error == EAGAIN)
        hint = " (the limits are too tight for the program to start: " + limits.describe() + ")";
    throw SpawnError("bot command '" + program + "': cannot start " + executable +
                     (step != nullptr ? std::string(" (") + step + ")" : std::string()) + ": " +
                     (error != 0 ? std::strerror(error) : "its init ended first") + hint +
                     ". Fix --bot / the config.");
}

BotCommand prepare_bot_command(const std::vector<std::string>& argv, const BotOptions& options) {
    if (argv.empty()) {
        throw SpawnError("bot command is empty: give the program to run in --bot / the config.");
    }
    const std::string& program = argv.front();
    if (!options.working_dir.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_directory(options.working_dir, ec)) {
            throw SpawnError("bot command '" + program + "': working directory '" +
                             options.working_dir + "' does not exist. Fix it in the config.");
        }
    }
    BotCommand command{
        resolve_executable(program, options.working_dir, options.sandbox ? kSandboxPath : ""),
        argv};
    if (options.sandbox) command = sandboxed_command(argv, command.executable, options);
    return command;
}

}  // namespace arena::process
