// One writer per output directory. Two arenas appending to one results.jsonl would record every
// game twice, so a run holds a kernel lock on OUT/.arena.lock from before it reads the directory
// until its standings are written. The kernel drops the lock when its holder dies (even by
// kill -9), so a lock file left behind never blocks. It is a POSIX record lock (fcntl), owned by
// the process: unlike flock, which belongs to the open file, a child forked to start a bot never
// shares it, so it cannot outlive a killed arena. The kernel also names the holder's pid; the pid
// and command written into the file are the fallback for the message.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "arena/common/error.hpp"

namespace arena::tournament {

// The directory is in use by another arena. what() names the holder and what to do.
struct DirectoryInUse : arena::Error {
    using arena::Error::Error;
};

// The lock this arena holds on a directory is gone: its file was removed or replaced.
struct LockLost : arena::Error {
    using arena::Error::Error;
};

class RunLock {
  public:
    // Takes the lock on `dir` (created if missing) at once, or throws DirectoryInUse naming the
    // process that holds it (pid, and its command line when /proc shows it), this process
    // included, or whose lock file was replaced while it runs (its file's device:inode, written
    // into the file, is not the file's). `command` is written into the lock file for that
    // message. Throws
    // arena::Error when the lock file cannot be created.
    RunLock(const std::filesystem::path& dir, const std::string& command);
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

  private:
    int fd_ = -1;
    std::string key_;  // the directory, canonical: POSIX locks never refuse their own process
};

// Before a result is written: the lock this arena took on `dir` is still the file at
// DIR/.arena.lock (same device and inode), else LockLost. Nothing when this arena holds no lock
// on `dir`.
void check_run_lock(const std::filesystem::path& dir);

// The arena writing in `dir` now, as the refusal names it ("pid 1234 (arena tournament ...)"),
// or "" when none does (for a reader such as merge, which takes no lock on its inputs).
std::string writer_of(const std::filesystem::path& dir);

// The command line of this process (/proc/self/cmdline, arguments joined by spaces), for the
// lock file.
std::string own_command_line();

}  // namespace arena::tournament
