// Match logs on disk, plain JSON or compressed with zstd (docs/match-log.md): written in one form
// or the other, read back whatever form they are in (by content, not by name), so that `replay`,
// `view` and the report read every log the same way.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace arena::files {

// How a log is written: as plain JSON, or as one zstd frame (`zstdcat F` prints it back).
enum class LogCompression { none, zstd };

// The zstd level of every compressed log. Chosen by measurement (bench/log_sizes.sh, figures in
// docs/match-log.md): Dice Shogi logs of random bots average 5.8 KB at 15 against 7.0 KB at 3
// and 6.3 KB at 9 (the target is 6 KB); 17 to 22 gain under 2% more at 2 to 4 times the
// time.
inline constexpr int kLogZstdLevel = 15;

// ".zst": the end of a compressed log's name (games/<id>.json.zst).
inline constexpr std::string_view kCompressedLogSuffix = ".zst";

// The file name ends in ".zst": a log written there is compressed.
bool names_compressed_log(const std::filesystem::path& file);

// `text` as one zstd frame (level kLogZstdLevel, the content size recorded in the frame).
std::string compress_log(std::string_view text);

// The text of the log at `path`: zstd data (recognised by its magic number, whatever the name) is
// decompressed, anything else returned as it is. Throws files::FileError naming the file when it
// cannot be read, or is zstd data that is damaged or cut short.
std::string read_log_text(const std::filesystem::path& path);

// Writes a log atomically (files::write_atomically): compressed when `file` ends in ".zst",
// plain otherwise. Throws files::FileError.
void write_log(const std::filesystem::path& file, std::string_view text);

}  // namespace arena::files
