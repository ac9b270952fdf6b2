// Whole-file writes, one way for every layer: errors name the file and say what to check. A name
// arena writes may already be taken by something planted there (a results directory comes from
// anywhere): a symbolic link is replaced, never written through, and a temporary file is always
// created new, never opened if it exists. Reading: input_file.hpp.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "arena/common/error.hpp"

namespace arena::files {

struct FileError : arena::Error {
    using arena::Error::Error;
};

// A file written aside and then put in place whole: created new and exclusive (O_CREAT|O_EXCL|
// O_NOFOLLOW) under a fresh name in the target's directory, renamed over the target by commit()
// (which replaces a symbolic link there rather than writing through it), removed if never
// committed. Creates missing parent directories. Throws FileError.
class NewFile {
  public:
    explicit NewFile(const std::filesystem::path& target);
    ~NewFile();
    NewFile(const NewFile&) = delete;
    NewFile& operator=(const NewFile&) = delete;

    void write(std::string_view text);
    // Renames the file over the target; after it the object holds nothing.
    void commit();

  private:
    std::filesystem::path target_, temporary_;
    int fd_ = -1;
};

// Writes the file whole or not at all (a reader, a resumed run or a CI step never sees half a
// file), through NewFile. Throws FileError.
void write_atomically(const std::filesystem::path& file, std::string_view text);

// Writes `text` to `file` in place (created or truncated), without write_atomically's temporary
// file and rename: for files that count only once something written after them says so (a
// tournament's game logs, whose results line comes after the log: a cut log is a game not
// recorded, played again by --resume). A symbolic link at `file` is removed first, never
// followed. Throws FileError.
void write_in_place(const std::filesystem::path& file, std::string_view text);

// A file appended to line by line (results.jsonl), created if missing, never through a symbolic
// link (refused: the directory was tampered with). Throws FileError.
class AppendFile {
  public:
    explicit AppendFile(const std::filesystem::path& file);
    ~AppendFile();
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;
    void append(std::string_view text);

  private:
    std::filesystem::path file_;
    int fd_ = -1;
};

}  // namespace arena::files
