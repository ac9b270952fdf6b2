#include "arena/tournament/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

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

// "pid 1234 (arena tournament ...)" from the lock file the holder wrote. The holder writes it
// just after taking the lock, so a refused arena may read an empty file: it retries a moment.
std::string describe_holder(int fd) {
    std::string text;
    for (int attempt = 0; attempt < 20; ++attempt) {
        text = read_all(fd);
        if (text.find('\n') != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::istringstream in(text);
    std::string pid, command;
    std::getline(in, pid);
    std::getline(in, command);
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos)
        return "another process (it did not write its pid)";
    // What the kernel says now beats what the holder wrote; the holder is alive (it holds the
    // lock), but in another pid namespace /proc may not show it.
    const std::string now = proc_command_line(pid);
    return "pid " + pid + " (" + (now.empty() ? command : now) + ")";
}

}  // namespace

std::string own_command_line() {
    return proc_command_line("self");
}

RunLock::RunLock(const fs::path& dir, const std::string& command) {
    fs::create_directories(dir);
    const fs::path file = dir / ".arena.lock";
    // O_CLOEXEC: a bot must never inherit the lock, or it would outlive the arena.
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw std::runtime_error("cannot create the lock file '" + file.string() +
                                 "': " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        const std::string holder =
            error == EWOULDBLOCK ? describe_holder(fd_) : std::string(std::strerror(error));
        ::close(fd_);
        fd_ = -1;
        throw DirectoryInUse("'" + dir.string() + "' is in use by " + holder +
                             ": wait for it to end (or stop it), or choose another directory "
                             "with --out");
    }
    const std::string text = std::to_string(::getpid()) + "\n" + command + "\n";
    if (::ftruncate(fd_, 0) != 0 ||
        ::pwrite(fd_, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
        // Only the message of a refused arena would miss it; the lock itself holds.
    }
}

RunLock::~RunLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace arena::tournament
