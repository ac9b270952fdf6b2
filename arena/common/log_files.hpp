// Reading a match log back, whatever form the arena wrote it in (plain JSON, or compressed), so
// that `replay`, `view` and the report read every log the same way.
#pragma once

#include <filesystem>
#include <string>

namespace arena::files {

// The text of the log at `path`. Throws files::FileError naming the file when it cannot be read.
std::string read_log_text(const std::filesystem::path& path);

}  // namespace arena::files
