// Every file arena reads is a regular file within its kind's cap (arena/common/input_file.hpp);
// every file it writes replaces what was planted at its name, never writes through it
// (arena/common/files.hpp).
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"

namespace fs = std::filesystem;
using namespace arena::files;

namespace {

struct TempDir {
    TempDir() : path(fs::temp_directory_path() / ("arena-input-file-" + std::to_string(getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    fs::path path;
};

std::string error_of(const fs::path& file, const ReadLimit& limit) {
    try {
        read_text(file, limit);
    } catch (const FileError& e) {
        return e.what();
    }
    return "";
}

std::string content(const fs::path& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("a path that is not a regular file is refused at once, named, never read") {
    TempDir dir;
    REQUIRE(::mkfifo((dir.path / "fifo").c_str(), 0600) == 0);
    CHECK(error_of(dir.path / "fifo", kBoardFile) ==
          "board '" + (dir.path / "fifo").string() +
              "' is a FIFO (named pipe), not a regular file: give a file");
    CHECK(error_of("/dev/zero", kLogFile) ==
          "log '/dev/zero' is a character device, not a regular file: give a file");
    CHECK(error_of(dir.path, kConfigFile).find("is a directory, not a regular file") !=
          std::string::npos);
    fs::create_symlink("/dev/zero", dir.path / "link");
    CHECK(error_of(dir.path / "link", kResultsFile).find("character device") != std::string::npos);
    CHECK(error_of(dir.path / "missing.json", kConfigFile) ==
          "config '" + (dir.path / "missing.json").string() +
              "' not found: check the path (no such file)");
}

TEST_CASE("each kind of file has a cap; a log a results line names is never read through a link") {
    TempDir dir;
    std::ofstream(dir.path / "big") << std::string(2000, 'x');
    const ReadLimit small{"board", 1000};
    CHECK(error_of(dir.path / "big", small).starts_with("board too large: '"));
    CHECK(read_text(dir.path / "big", ReadLimit{"board", 2000}).size() == 2000);
    fs::create_symlink(dir.path / "big", dir.path / "log.json");
    CHECK(read_text(dir.path / "log.json", kLogFile).size() == 2000);
    CHECK(error_of(dir.path / "log.json", kRunLogFile).find("is a symbolic link") !=
          std::string::npos);
}

TEST_CASE("lines are read within their cap; a cut last line is said") {
    TempDir dir;
    std::ofstream(dir.path / "lines") << "one\n" << std::string(300, 'y') << "\nlast";
    InputFile in(dir.path / "lines", kResultsFile);
    std::string line;
    bool cut = false;
    REQUIRE(in.read_line(line, 1000, &cut));
    CHECK(line == "one");
    REQUIRE(in.read_line(line, 1000, &cut));
    CHECK(line.size() == 300);
    REQUIRE(in.read_line(line, 1000, &cut));
    CHECK((line == "last" && cut));
    CHECK_FALSE(in.read_line(line, 1000, &cut));
    InputFile again(dir.path / "lines", kResultsFile);
    again.read_line(line, 100);
    CHECK_THROWS_WITH_AS(again.read_line(line, 100), doctest::Contains("line 2 is over 100 bytes"),
                         FileError);
}

TEST_CASE("a link planted at a name arena writes is replaced, its target untouched") {
    TempDir dir;
    const fs::path victim = dir.path / "victim";
    std::ofstream(victim) << "precious";
    for (const char* name : {"report.html", "standings.md", "games.json"})
        fs::create_symlink(victim, dir.path / name);
    // The old temporary name, planted too: never opened.
    fs::create_symlink(victim, dir.path / "report.html.tmp");
    write_atomically(dir.path / "report.html", "<html>");
    write_in_place(dir.path / "games.json", "{}");
    CHECK(content(victim) == "precious");
    CHECK_FALSE(fs::is_symlink(dir.path / "report.html"));
    CHECK(content(dir.path / "report.html") == "<html>");
    CHECK_FALSE(fs::is_symlink(dir.path / "games.json"));
    CHECK(content(dir.path / "games.json") == "{}");
    CHECK_THROWS_WITH_AS(AppendFile(dir.path / "standings.md"),
                         doctest::Contains("is a symbolic link"), FileError);
    CHECK(content(victim) == "precious");
    // Nothing left beside the files: the temporary files were renamed.
    std::size_t entries = 0;
    for (const auto& entry : fs::directory_iterator(dir.path)) entries += entry.exists() ? 1 : 1;
    CHECK(entries == 5);
}
