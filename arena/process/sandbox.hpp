// The --sandbox: bubblewrap (bwrap) around a program (a bot, a build, an external referee), and
// the probe that tells once whether bwrap works here (check_sandbox, declared in
// bot_process.hpp). docs/containment.md says what it promises.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "arena/process/spawn_support.hpp"

namespace arena::process {

// The sandbox's PATH: a bare program name (python3, java) is looked up here, not in the
// arena's PATH (which may point into /root or /home, e.g. a pyenv shim).
inline constexpr const char* kSandboxPath = "/usr/local/bin:/usr/bin:/bin";

// Inside the sandbox: the size-limited scratch tmpfs (cwd, $HOME, $TMPDIR, $ARENA_SCRATCH).
inline constexpr const char* kSandboxScratch = "/tmp";

// Set in a sandbox whose program may sandbox others (SandboxView::nested): their sandboxes are
// made inside it.
inline constexpr const char* kInSandboxVariable = "ARENA_IN_SANDBOX";

// The user and group a sandboxed program runs as when the arena is root (sandbox_user_id()).
inline constexpr unsigned kSandboxUnprivilegedId = 65534;

// What a sandboxed program sees of the host besides the system directories (/usr and the /lib,
// /bin links) and the few files of /etc that programs need to run.
struct SandboxView {
    // Host paths shown read-only, each as {what is mounted (resolved), where it is shown}.
    std::vector<std::pair<std::string, std::string>> read_only;
    // Host directories shown writable at the same path (a build's output directory). When the
    // arena is root they must be writable by sandbox_user_id().
    std::vector<std::string> writable;
    long scratch_mb = 256;                      // the tmpfs at kSandboxScratch
    long shm_mb = 64;                           // the tmpfs at /dev/shm
    std::string chdir = kSandboxScratch;        // the program's working directory inside
    std::vector<std::string> environment = {};  // NAME=VALUE besides PATH, HOME, TMPDIR, LANG
    // It may make user (and so PID) namespaces of its own: a runner that contains its bots.
    bool nested = false;
};

// bwrap's command line that runs `command` (its program already resolved) in `view`. Every
// namespace is new, no capability is kept, no further user namespace can be made, and the
// program runs as sandbox_user_id() (as root: bwrap mounts the view, then setpriv drops to
// nobody, and a second bwrap makes the user namespace).
std::vector<std::string> sandbox_argv(const std::string& bwrap, const SandboxView& view,
                                      const std::vector<std::string>& command);

// A bot's view: its program and the paths its arguments name (relative to working_dir), shown
// read-only as what they name (see sandbox_paths). Returns the bot's command with those
// arguments made absolute.
std::vector<std::string> bot_sandbox_view(const std::vector<std::string>& argv,
                                          const std::string& executable,
                                          const std::string& working_dir, SandboxView& view);

// The environment bwrap is started with (and so the init before it): PATH and LANG only.
std::vector<std::string> sandbox_environment();

// Where bwrap is, or "" when it is not installed.
std::string find_bwrap();

// The bot's command inside the sandbox: bwrap (checked with check_sandbox) around `argv`,
// whose program resolved to `executable`.
BotCommand sandboxed_command(const std::vector<std::string>& argv, const std::string& executable,
                             const BotOptions& options);

}  // namespace arena::process
