// Match logs on disk (arena/common/log_files.hpp): written plain or compressed, read back by
// content whatever the name, damaged compressed data refused with the file named.
#include <doctest/doctest.h>
#include <zstd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/log_files.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("arena-log-files-" + std::to_string(std::rand()));
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

// A log-like text: the same turn shapes many times, as a real log repeats itself.
std::string sample_log() {
    std::string text = R"({"version":1,"game":"g","turns":[)";
    for (int i = 0; i < 300; ++i)
        text += R"({"turn":)" + std::to_string(i + 1) + R"(,"input":"r.s.k\nb..gp\n)" +
                std::to_string(i * 7919 % 1000) + R"(\n","output":"3443"},)";
    return text + R"({}]})" + "\n";
}

bool starts_with_zstd_magic(const fs::path& file) {
    const std::string bytes = files::read_text(file, arena::files::kLogFile);
    return bytes.size() > 4 && bytes.compare(0, 4, "\x28\xB5\x2F\xFD") == 0;
}

std::string error_of(const fs::path& file) {
    try {
        files::read_log_text(file);
    } catch (const files::FileError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a log written to a .zst name is zstd data that reads back as the same text") {
    TempDir dir;
    const std::string text = sample_log();
    files::write_log(dir.path / "g.json.zst", text);
    CHECK(starts_with_zstd_magic(dir.path / "g.json.zst"));
    CHECK(fs::file_size(dir.path / "g.json.zst") < text.size() / 4);
    CHECK(files::read_log_text(dir.path / "g.json.zst") == text);
    CHECK(!fs::exists(dir.path / "g.json.zst.tmp"));  // written atomically, nothing left
    // Any other name: plain, as before.
    files::write_log(dir.path / "g.json", text);
    CHECK(files::read_text(dir.path / "g.json", arena::files::kLogFile) == text);
    CHECK(files::read_log_text(dir.path / "g.json") == text);
}

TEST_CASE("zstd-fast: a larger frame of the same text") {
    const std::string text = sample_log();
    const std::string fast = files::compress_log(text, files::LogCompression::zstd_fast);
    const std::string hard = files::compress_log(text);
    CHECK(fast.size() >= hard.size());
    TempDir dir;
    files::write_log(dir.path / "fast.json.zst", text, files::LogCompression::zstd_fast);
    CHECK(files::read_log_text(dir.path / "fast.json.zst") == text);
}

TEST_CASE("a log is read by its content, not its name") {
    TempDir dir;
    const std::string text = sample_log();
    // zstd data under a plain name (a log renamed by hand), plain JSON under a .zst name.
    files::write_atomically(dir.path / "renamed.json", files::compress_log(text));
    CHECK(files::read_log_text(dir.path / "renamed.json") == text);
    files::write_atomically(dir.path / "plain.json.zst", text);
    CHECK(files::read_log_text(dir.path / "plain.json.zst") == text);
    // Two frames one after the other (`cat a.zst b.zst`, as zstd allows): both texts.
    files::write_atomically(dir.path / "two.json.zst",
                            files::compress_log("{\"a\":") + files::compress_log("1}\n"));
    CHECK(files::read_log_text(dir.path / "two.json.zst") == "{\"a\":1}\n");
}

TEST_CASE("a damaged or cut compressed log is an error naming the file, never a crash") {
    TempDir dir;
    const std::string frame = files::compress_log(sample_log());
    // Cut short: half the frame.
    files::write_atomically(dir.path / "cut.json.zst", frame.substr(0, frame.size() / 2));
    const std::string cut = error_of(dir.path / "cut.json.zst");
    std::string quoted = "'";  // built in steps: gcc 12 warns (-Wrestrict) on "'" + string
    quoted += (dir.path / "cut.json.zst").string();
    quoted += "'";
    CHECK(cut.find(quoted) != std::string::npos);
    CHECK(cut.find("damaged or cut short") != std::string::npos);
    // Bytes changed in the middle (the frame's checksum or its structure no longer holds).
    std::string garbled = frame;
    for (std::size_t i = 12; i < garbled.size(); i += 7)
        garbled[i] = static_cast<char>(~garbled[i]);
    files::write_atomically(dir.path / "garbled.json.zst", garbled);
    CHECK(error_of(dir.path / "garbled.json.zst").find("garbled.json.zst") != std::string::npos);
    // Only the magic number.
    files::write_atomically(dir.path / "magic.json.zst", std::string("\x28\xB5\x2F\xFD", 4));
    CHECK(error_of(dir.path / "magic.json.zst").find("magic.json.zst") != std::string::npos);
    // A missing file: as every file the arena reads.
    CHECK(error_of(dir.path / "missing.json.zst").find("not found") != std::string::npos);
}

TEST_CASE("a log compressed by the zstd command reads back (zstdcat's files are the arena's)") {
    if (std::system("command -v zstd >/dev/null 2>&1") != 0) return;  // the zstd tool absent
    TempDir dir;
    const std::string text = sample_log();
    files::write_atomically(dir.path / "g.json", text);
    // From a pipe: the frame does not record its size.
    const std::string command = "zstd -q -c < '" + (dir.path / "g.json").string() + "' > '" +
                                (dir.path / "piped.json.zst").string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    CHECK(files::read_log_text(dir.path / "piped.json.zst") == text);
    // And the arena's own frame back through zstd -d.
    files::write_log(dir.path / "arena.json.zst", text);
    const std::string back = "zstd -q -d -c '" + (dir.path / "arena.json.zst").string() + "' > '" +
                             (dir.path / "back.json").string() + "'";
    REQUIRE(std::system(back.c_str()) == 0);
    CHECK(files::read_text(dir.path / "back.json", arena::files::kLogFile) == text);
}

// Issue 17 (a run of instant games): a log of a few turns (under 16 KiB) is compressed at zstd
// level 6, where level 15 gains about 2% at 12 times the time, and "zstd-fast" is level 3
// whatever the size. Issue 28 (full-length games): a long log that repeats itself (a board sent
// whole every turn, which level 3 already brings under 1/8 of its size) keeps its level-3 frame,
// where level 15 takes 150 times as long; other long logs (the size target's Dice Shogi games)
// are compressed at the arena's level 15.
TEST_CASE("short logs at zstd level 6; long ones at 3 when they repeat themselves, else at 15") {
    const auto frame_at = [](const std::string& text, int level) {
        std::string frame(ZSTD_compressBound(text.size()), '\0');
        frame.resize(ZSTD_compress(frame.data(), frame.size(), text.data(), text.size(), level));
        return frame;
    };
    const std::string repetitive = sample_log();
    // Moves drawn from a generator: what a versus game's log looks like to zstd.
    std::string varied = R"({"version":1,"game":"g","turns":[)";
    std::uint32_t state = 12345;
    for (int i = 0; i < 600; ++i) {
        std::string move;
        for (int k = 0; k < 12; ++k) {
            state = state * 1664525u + 1013904223u;
            move += static_cast<char>('a' + (state >> 24) % 26);
        }
        varied += R"({"turn":)" + std::to_string(i + 1) + R"(,"output":")" + move + R"("},)";
    }
    varied += "{}]}\n";
    const std::string short_log = repetitive.substr(0, 3000) + "\n";
    REQUIRE(repetitive.size() >= 16 * 1024);
    REQUIRE(varied.size() >= 16 * 1024);
    REQUIRE(frame_at(repetitive, 3).size() * 8 <= repetitive.size());
    REQUIRE(frame_at(varied, 3).size() * 8 > varied.size());
    CHECK(files::compress_log(short_log) == frame_at(short_log, 6));
    CHECK(files::compress_log(repetitive) == frame_at(repetitive, files::kFastLogZstdLevel));
    CHECK(files::compress_log(varied) == frame_at(varied, files::kLogZstdLevel));
    CHECK(files::compress_log(short_log, files::LogCompression::zstd_fast) ==
          frame_at(short_log, files::kFastLogZstdLevel));
    CHECK(files::compress_log(varied, files::LogCompression::zstd_fast) ==
          frame_at(varied, files::kFastLogZstdLevel));
    // Whichever level, the log reads back as it was.
    TempDir dir;
    for (const std::string& text : {short_log, repetitive, varied}) {
        files::write_log(dir.path / "log.json.zst", text);
        CHECK(files::read_log_text(dir.path / "log.json.zst") == text);
    }
}

// Crafted bombs (tests/data/hostile): a few KB of zstd that expand past what a real log can be.
TEST_CASE("zstd and JSON bombs are refused as logs too large, within the caps") {
    const fs::path data = fs::path(ARENA_TEST_DATA_DIR) / "hostile";
    CHECK_THROWS_WITH_AS(files::read_log_json(data / "bomb_values.json.zst"),
                         doctest::Contains("log too large: '"), files::FileError);
    CHECK_THROWS_WITH_AS(files::read_log_text(data / "bomb_size.json.zst"),
                         doctest::Contains("is over 128 MiB"), files::FileError);
}
