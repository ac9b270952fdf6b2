#include "arena/common/log_files.hpp"

#include "arena/common/files.hpp"

namespace arena::files {

std::string read_log_text(const std::filesystem::path& path) {
    return read_text(path);
}

}  // namespace arena::files
