#include "arena/common/files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <system_error>

namespace arena::files {

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& file) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
    std::string text(1, '\'');
    text += file.string();
    text += '\'';
    return text;
}

void create_parent(const fs::path& file) {
    std::error_code ec;
    if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
    if (ec)
        throw FileError("cannot create the directory '" + file.parent_path().string() +
                        "': " + ec.message());
}

void write_all(int fd, std::string_view text, const fs::path& file) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw FileError("cannot write " + quoted(file) + ": " + std::strerror(errno) +
                            ": disk full or no permission?");
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

// ".NAME.XXXXXXXX.tmp" beside NAME: a name nobody planted (O_EXCL says so), hidden from `ls`.
fs::path temporary_beside(const fs::path& target) {
    static std::atomic<unsigned> counter{0};
    thread_local std::mt19937_64 random{std::random_device{}() ^ static_cast<unsigned>(::getpid())};
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%08x%04x.tmp", static_cast<unsigned>(random()),
                  counter++ & 0xffff);
    std::string name(1, '.');  // appended: GCC 12 warns falsely (-Wrestrict) on "." + string
    name += target.filename().string();
    name += suffix;
    return target.parent_path() / name;
}

constexpr int kNewFileFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;

}  // namespace

NewFile::NewFile(const fs::path& target) : target_(target) {
    create_parent(target);
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        temporary_ = temporary_beside(target);
        fd_ = ::open(temporary_.c_str(), kNewFileFlags, 0644);
        if (fd_ < 0 && errno != EEXIST)
            throw FileError("cannot write " + quoted(target) + ": " + std::strerror(errno) +
                            ": check the directory's permissions");
    }
    if (fd_ < 0) throw FileError("cannot write " + quoted(target) + ": no free temporary name");
}

NewFile::~NewFile() {
    if (fd_ < 0) return;
    ::close(fd_);
    ::unlink(temporary_.c_str());  // a partial copy helps no one
}

void NewFile::write(std::string_view text) {
    write_all(fd_, text, target_);
}

void NewFile::commit() {
    const int fd = fd_;
    fd_ = -1;
    const bool closed = ::close(fd) == 0;
    // rename() replaces the name itself: a symbolic link planted there goes, its target is
    // untouched.
    if (!closed || ::rename(temporary_.c_str(), target_.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(temporary_.c_str());
        throw FileError("cannot write " + quoted(target_) + ": " + why);
    }
}

void write_atomically(const fs::path& file, std::string_view text) {
    NewFile out(file);
    out.write(text);
    out.commit();
}

void write_in_place(const fs::path& file, std::string_view text) {
    create_parent(file);
    int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 && errno == ELOOP) {  // a symbolic link: replaced, not followed
        ::unlink(file.c_str());
        fd = ::open(file.c_str(), kNewFileFlags, 0644);
    }
    if (fd < 0)
        throw FileError("cannot write " + quoted(file) + ": " + std::strerror(errno) +
                        ": disk full or no permission?");
    try {
        write_all(fd, text, file);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0)
        throw FileError("cannot write " + quoted(file) + ": " + std::strerror(errno));
}

AppendFile::AppendFile(const fs::path& file) : file_(file) {
    fd_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0 && errno == ELOOP)
        throw FileError(quoted(file) +
                        " is a symbolic link: arena writes no file through a link (someone "
                        "planted it); remove it, or use another directory");
    if (fd_ < 0)
        throw FileError("cannot write " + quoted(file) + ": " + std::strerror(errno) +
                        ": check the directory's permissions");
}

AppendFile::~AppendFile() {
    if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append(std::string_view text) {
    write_all(fd_, text, file_);
}

}  // namespace arena::files
