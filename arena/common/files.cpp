#include "arena/common/files.hpp"

#include <fstream>
#include <sstream>
#include <system_error>

namespace arena::files {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw FileError("cannot read '" + file.string() + "': file missing or unreadable");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

namespace {

void create_parent(const fs::path& file) {
    std::error_code ec;
    if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
    if (ec)
        throw FileError("cannot create the directory '" + file.parent_path().string() +
                        "': " + ec.message());
}

}  // namespace

void write_atomically(const fs::path& file, std::string_view text) {
    create_parent(file);
    const fs::path tmp = file.string() + ".tmp";
    std::error_code ec;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!out.flush()) {
            out.close();
            fs::remove(tmp, ec);  // a partial copy helps no one
            throw FileError("cannot write '" + tmp.string() + "': disk full or no permission?");
        }
    }
    fs::rename(tmp, file, ec);
    if (ec) {
        const std::string why = ec.message();
        fs::remove(tmp, ec);  // not left beside the file it could not replace
        throw FileError("cannot write '" + file.string() + "': " + why);
    }
}

void write_in_place(const fs::path& file, std::string_view text) {
    create_parent(file);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out.flush())
        throw FileError("cannot write '" + file.string() + "': disk full or no permission?");
}

}  // namespace arena::files
