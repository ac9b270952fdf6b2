// One writer per output directory. Two arenas appending to one results.jsonl would record every
// game twice, so a run holds a kernel lock (flock) on OUT/.arena.lock from before it reads the
// directory until its standings are written. The kernel drops the lock when its holder dies (even
// by kill -9), so a lock file left behind never blocks; the pid and command written into it only
// name the holder for the message of the arena that is refused.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace arena::tournament {

// The directory is in use by another arena. what() names the holder and what to do.
struct DirectoryInUse : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class RunLock {
  public:
    // Takes the lock on `dir` (created if missing) at once, or throws DirectoryInUse naming the
    // process that holds it (pid, and its command line when /proc shows it). `command` is
    // written into the lock file for that message. Throws std::runtime_error when the lock file
    // cannot be created.
    RunLock(const std::filesystem::path& dir, const std::string& command);
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

  private:
    int fd_ = -1;
};

// The command line of this process (/proc/self/cmdline, arguments joined by spaces), for the
// lock file.
std::string own_command_line();

}  // namespace arena::tournament
