// Whole-file reads and writes, one way for every layer: errors name the file and say what to check.
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

// The file's bytes. Throws FileError "cannot read 'F': file missing or unreadable".
std::string read_text(const std::filesystem::path& file);

// Writes the file whole or not at all (a reader, a resumed run or a CI step never sees half a
// file): the text goes to F.tmp, which is then renamed to F. Creates missing parent directories.
// Throws FileError.
void write_atomically(const std::filesystem::path& file, std::string_view text);

// Writes `text` to `file` in place (created or truncated), without write_atomically's temporary
// file and rename: for files that count only once something written after them says so (a
// tournament's game logs, whose results line comes after the log: a cut log is a game not
// recorded, played again by --resume). Throws FileError.
void write_in_place(const std::filesystem::path& file, std::string_view text);

}  // namespace arena::files
