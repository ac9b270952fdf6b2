// The --sandbox: bubblewrap (bwrap) around the bot's command, and the probe that tells once
// whether bwrap works here (check_sandbox, declared in bot_process.hpp). Private to arena/process.
#pragma once

#include <string>
#include <vector>

#include "arena/process/spawn_support.hpp"

namespace arena::process {

// The sandbox's PATH: a bare program name (python3, java) is looked up here, not in the
// arena's PATH (which may point into /root or /home, e.g. a pyenv shim).
inline constexpr const char* kSandboxPath = "/usr/local/bin:/usr/bin:/bin";

// Inside the sandbox: the size-limited scratch tmpfs (cwd, $HOME, $TMPDIR, $ARENA_SCRATCH).
inline constexpr const char* kSandboxScratch = "/tmp";

// bwrap's command line around the bot's. `executable` is argv[0] resolved (in kSandboxPath for
// a bare name); arguments that name an existing file or directory (relative to working_dir) are
// made absolute and bound read-only at that path: the bot's own program and its files (bot.py,
// x.jar) are all it sees beyond the system directories.
std::vector<std::string> sandboxed_argv(const std::string& bwrap,
                                        const std::vector<std::string>& argv,
                                        const std::string& executable,
                                        const std::string& working_dir, long scratch_mb,
                                        long shm_mb);

// The environment bwrap is started with (and so the init before it): PATH and LANG only.
std::vector<std::string> sandbox_environment();

// Where bwrap is, or "" when it is not installed.
std::string find_bwrap();

// The bot's command inside the sandbox: bwrap (checked with check_sandbox) with sandboxed_argv
// for `argv`, whose program resolved to `executable`.
BotCommand sandboxed_command(const std::vector<std::string>& argv, const std::string& executable,
                             const BotOptions& options);

}  // namespace arena::process
