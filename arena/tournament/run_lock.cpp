#include "arena/tournament/run_lock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "arena/common/diagnostics.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

std::string read_all(int fd) {
    std::string text;
    char buffer[4096];
    ::lseek(fd, 0, SEEK_SET);
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
        text.append(buffer, static_cast<std::size_t>(n));
    return text;
}

std::string proc_command_line(const std::string& pid) {
    std::ifstream in("/proc/" + pid + "/cmdline", std::ios::binary);
    std::string command((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!command.empty() && command.back() == '\0') command.pop_back();
    for (char& c : command) {
        if (c == '\0') c = ' ';
    }
    return command;
}

// The lock file as it was when taken: checked again before each result is written.
struct LockFileId {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const LockFileId&) const = default;
    std::string text() const { return std::to_string(device) + ":" + std::to_string(inode); }
};

// The directories this process holds, by canonical path: a POSIX lock never conflicts with its
// own process.
std::mutex held_mutex;
std::map<std::string, LockFileId> held;

std::optional<LockFileId> id_of(const fs::path& file) {
    struct stat status {};
    if (::lstat(file.c_str(), &status) != 0) return std::nullopt;
    return LockFileId{status.st_dev, status.st_ino};
}

// The lock file's three lines as its holder wrote them: pid, command, the file's device:inode.
struct LockText {
    std::string pid, command, file_id;
};

LockText parse_lock_text(const std::string& text) {
    std::istringstream in(text);
    LockText lock;
    std::getline(in, lock.pid);
    std::getline(in, lock.command);
    std::getline(in, lock.file_id);
    return lock;
}

// The holder named in a lock file whose inode is not the one it was written for (the file was
// copied and put back, or replaced, while its holder ran: that holder's lock is on the old file
// and no longer stops anyone), when that holder is alive: "pid 42 (arena tournament ...)".
std::string holder_of_replaced_file(int fd) {
    const LockText lock = parse_lock_text(read_all(fd));
    struct stat status {};
    if (lock.file_id.empty() || ::fstat(fd, &status) != 0 ||
        lock.file_id == LockFileId{status.st_dev, status.st_ino}.text())
        return "";
    if (lock.pid.empty() || lock.pid.find_first_not_of("0123456789") != std::string::npos ||
        lock.pid == std::to_string(::getpid()))
        return "";
    const std::string now = proc_command_line(lock.pid);
    if (now.empty() || (!lock.command.empty() && now != lock.command)) return "";  // gone
    return "pid " + lock.pid + " (" + now + ")";
}

// "pid 1234 (arena tournament ...)": the pid the kernel gives (F_GETLK), else the one in the
// lock file. The holder writes the file just after taking the lock, so a refused arena may read
// an empty file: it retries a moment.
std::string describe_holder(int fd) {
    struct flock query {};
    query.l_type = F_WRLCK;
    query.l_whence = SEEK_SET;
    const bool kernel_pid =
        ::fcntl(fd, F_GETLK, &query) == 0 && query.l_type != F_UNLCK && query.l_pid > 0;
    std::string text;
    for (int attempt = 0; attempt < 20; ++attempt) {
        text = read_all(fd);
        if (text.find('\n') != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    LockText lock = parse_lock_text(text);
    std::string& pid = lock.pid;
    std::string& command = lock.command;
    if (kernel_pid && pid != std::to_string(query.l_pid)) {
        pid = std::to_string(query.l_pid);
        command.clear();
    }
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos)
        return "another process (it did not write its pid)";
    // What the kernel says now beats what the holder wrote; the holder is alive (it holds the
    // lock), but in another pid namespace /proc may not show it.
    const std::string now = proc_command_line(pid);
    const std::string shown = now.empty() ? command : now;
    return "pid " + pid + (shown.empty() ? "" : " (" + shown + ")");
}

}  // namespace

std::string writer_of(const fs::path& dir) {
    const int fd = ::open((dir / ".arena.lock").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "";  // never run there, or unreadable: nobody we can name
    struct flock query {};
    query.l_type = F_WRLCK;
    query.l_whence = SEEK_SET;
    const bool held = ::fcntl(fd, F_GETLK, &query) == 0 && query.l_type != F_UNLCK;
    const std::string holder = held ? describe_holder(fd) : "";
    ::close(fd);
    return holder;
}

void check_run_lock(const fs::path& dir) {
    std::error_code error;
    const std::string key = fs::canonical(dir, error).string();
    LockFileId taken;
    {
        std::lock_guard guard(held_mutex);
        const auto it = held.find(key);
        if (error || it == held.end()) return;  // not locked by this arena (a test's run)
        taken = it->second;
    }
    const fs::path file = dir / ".arena.lock";
    if (id_of(file) == taken) return;
    throw LockLost("the run lock '" + file.string() +
                   "' was removed or replaced while this arena ran (a cleanup script? a network "
                   "file system?): another arena may be writing in '" +
                   dir.string() +
                   "' now, so this one stops before recording anything twice. Make sure no "
                   "other arena runs there, then go on with --resume");
}

std::string own_command_line() {
    return proc_command_line("self");
}

RunLock::RunLock(const fs::path& dir, const std::string& command) {
    fs::create_directories(dir);
    const auto refuse = [&](const std::string& holder) {
        std::string named(1, '\'');  // appended: GCC 12 warns falsely on "'" + std::string
        named += dir.string();
        return DirectoryInUse(named + "' is in use by " + holder +
                              ": wait for it to end (or stop it), or choose another directory "
                              "with --out");
    };
    key_ = fs::canonical(dir).string();
    {
        std::lock_guard guard(held_mutex);
        if (!held.emplace(key_, LockFileId{}).second) {
            diagnostics::log().debug("run lock: '{}' refused, held by this arena already", key_);
            key_.clear();
            throw refuse("this arena (pid " + std::to_string(::getpid()) + ")");
        }
    }
    const fs::path file = dir / ".arena.lock";
    // O_CLOEXEC: no bot gets the file (the lock itself is never inherited).
    // O_NOFOLLOW: a link planted there would have arena lock (and write) what it points to.
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET;  // l_start = l_len = 0: the whole file
    if (fd_ < 0 || ::fcntl(fd_, F_SETLK, &whole) != 0) {
        const int error = errno;
        const std::string holder =
            fd_ >= 0 && (error == EACCES || error == EAGAIN) ? describe_holder(fd_) : std::string();
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
        std::lock_guard guard(held_mutex);
        held.erase(key_);
        if (holder.empty())
            throw Error("cannot lock '" + file.string() + "': " + std::strerror(error));
        diagnostics::log().debug("run lock: '{}' refused, in use by {}", file.string(), holder);
        throw refuse(holder);
    }
    if (const std::string holder = holder_of_replaced_file(fd_); !holder.empty()) {
        ::close(fd_);
        fd_ = -1;
        std::lock_guard guard(held_mutex);
        held.erase(key_);
        throw refuse(holder + ", whose lock file '" + file.string() +
                     "' was replaced while it ran (a cleanup script, a file system that copies "
                     "files?)");
    }
    struct stat status {};
    ::fstat(fd_, &status);
    const LockFileId taken{status.st_dev, status.st_ino};
    {
        std::lock_guard guard(held_mutex);
        held[key_] = taken;
    }
    const std::string text =
        std::to_string(::getpid()) + "\n" + command + "\n" + taken.text() + "\n";
    if (::ftruncate(fd_, 0) != 0 ||
        ::pwrite(fd_, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
        // Only the message of a refused arena would miss it; the lock itself holds.
    }
    diagnostics::log().debug("run lock: '{}' taken by pid {}", file.string(), ::getpid());
}

RunLock::~RunLock() {
    if (fd_ >= 0) ::close(fd_);  // closing it releases the process's lock
    std::lock_guard guard(held_mutex);
    held.erase(key_);
}

}  // namespace arena::tournament
