#include "arena/common/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace arena::files {

namespace {

std::atomic<InterruptPoll> interrupt_poll{nullptr};

std::string quoted(const std::filesystem::path& path) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
    std::string text(1, '\'');
    text += path.string();
    text += '\'';
    return text;
}

// "a FIFO", "a directory", ...: what a path that is not a regular file is instead.
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string size_text(std::uintmax_t bytes) {
    if (bytes >= kGiB && bytes % kGiB == 0) return std::to_string(bytes / kGiB) + " GiB";
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

FileError cannot_open(const std::filesystem::path& path, std::string_view what, int error) {
    if (error == ENOENT || error == ENOTDIR)
        return FileError(std::string(what) + " " + quoted(path) +
                         " not found: check the path (no such file)");
    return FileError("cannot read the " + std::string(what) + " " + quoted(path) + ": " +
                     std::strerror(error) + ": check its permissions");
}

}  // namespace

void set_interrupt_poll(InterruptPoll poll) {
    interrupt_poll = poll;
}

void check_interrupt() {
    const InterruptPoll poll = interrupt_poll.load();
    if (poll == nullptr) return;
    if (const int signal = poll()) throw ReadInterrupted(signal);
}

FileError too_large(const std::filesystem::path& path, std::string_view what,
                    std::uintmax_t limit) {
    return FileError(std::string(what) + " too large: " + quoted(path) + " is over " +
                     size_text(limit) + ", more than a real " + std::string(what) +
                     " can be: it is damaged or was made to fill the memory; remove or replace "
                     "it");
}

InputFile::InputFile(const std::filesystem::path& path, const ReadLimit& limit)
    : path_(path), limit_(limit) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    const int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
    fd_ = ::open(path.c_str(), limit.follow_links ? flags : flags | O_NOFOLLOW);
    if (fd_ < 0 && errno == ELOOP && !limit.follow_links)
        throw FileError(std::string(limit.what) + " " + quoted(path) +
                        " is a symbolic link, which arena never writes there nor follows: "
                        "remove it (someone planted it), or put the file itself in its place");
    if (fd_ < 0) throw cannot_open(path, limit.what, errno);
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) {
        const mode_t mode = status.st_mode;
        ::close(fd_);
        throw FileError(std::string(limit.what) + " " + quoted(path) + " is " + kind_of(mode) +
                        ", not a regular file: give a file");
    }
    if (static_cast<std::uintmax_t>(status.st_size) > limit.bytes) {
        ::close(fd_);
        throw too_large(path, limit.what, limit.bytes);
    }
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::size_t InputFile::read(char* into, std::size_t size) {
    check_interrupt();
    ssize_t n;
    do {
        n = ::read(fd_, into, size);
    } while (n < 0 && errno == EINTR && (check_interrupt(), true));
    if (n < 0)
        throw FileError("cannot read the " + std::string(limit_.what) + " " + quoted(path_) + ": " +
                        std::strerror(errno));
    read_bytes_ += static_cast<std::uintmax_t>(n);
    // A file that grows while read (appended to by someone) is held to the same cap.
    if (read_bytes_ > limit_.bytes) throw too_large(path_, limit_.what, limit_.bytes);
    return static_cast<std::size_t>(n);
}

void InputFile::seek(std::uintmax_t offset) {
    if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0)
        throw FileError("cannot read the " + std::string(limit_.what) + " " + quoted(path_) + ": " +
                        std::strerror(errno));
    read_bytes_ = offset;
    buffer_.clear();
    start_ = 0;
    end_ = false;
}

bool InputFile::fill() {
    if (end_) return false;
    if (start_ > 0) {
        buffer_.erase(0, start_);
        start_ = 0;
    }
    constexpr std::size_t kPiece = 1 << 16;
    const std::size_t before = buffer_.size();
    buffer_.resize(before + kPiece);
    const std::size_t n = read(buffer_.data() + before, kPiece);
    buffer_.resize(before + n);
    end_ = n == 0;
    return n > 0;
}

bool InputFile::read_line(std::string& line, std::size_t max_line, bool* cut) {
    if (cut) *cut = false;
    std::size_t searched = start_;
    while (true) {
        const std::size_t newline = buffer_.find('\n', searched);
        const std::size_t length =
            (newline == std::string::npos ? buffer_.size() : newline) - start_;
        if (length > max_line)
            throw FileError(std::string(limit_.what) + " " + quoted(path_) + " line " +
                            std::to_string(lines_ + 1) + " is over " + size_text(max_line) +
                            ", longer than a real line can be: the file is damaged or was made "
                            "to fill the memory; remove or replace it");
        if (newline != std::string::npos) {
            line.assign(buffer_, start_, newline - start_);
            start_ = newline + 1;
            ++lines_;
            return true;
        }
        searched = buffer_.size();
        const std::size_t kept = start_;
        if (!fill()) break;
        searched -= kept;  // fill() dropped the bytes before start_
    }
    if (start_ == buffer_.size()) return false;
    line.assign(buffer_, start_);
    start_ = buffer_.size();
    ++lines_;
    if (cut) *cut = true;
    return true;
}

InputStream::InputStream(const std::filesystem::path& path, const ReadLimit& limit)
    : std::istream(nullptr), buffer_(path, limit) {
    rdbuf(&buffer_);
    exceptions(std::ios::badbit);
}

InputStream::Buffer::int_type InputStream::Buffer::underflow() {
    const std::size_t n = file.read(bytes, sizeof bytes);
    if (n == 0) return traits_type::eof();
    setg(bytes, bytes, bytes + n);
    return traits_type::to_int_type(bytes[0]);
}

std::string read_text(const std::filesystem::path& path, const ReadLimit& limit) {
    InputFile file(path, limit);
    std::string text;
    constexpr std::size_t kPiece = 1 << 16;
    while (true) {
        const std::size_t before = text.size();
        text.resize(before + kPiece);
        const std::size_t n = file.read(text.data() + before, kPiece);
        text.resize(before + n);
        if (n == 0) return text;
    }
}

}  // namespace arena::files
