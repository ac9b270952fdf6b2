// Match logs on disk, plain JSON or compressed with zstd (docs/match-log.md): written in one form
// or the other, read back whatever form they are in (by content, not by name), so that `replay`,
// `view` and the report read every log the same way.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace arena::files {

// How a log is written: as plain JSON, or as one zstd frame (`zstdcat F` prints it back) at
// kLogZstdLevel (zstd) or kFastLogZstdLevel (zstd_fast: larger files, a fraction of the time).
enum class LogCompression { none, zstd, zstd_fast };

// The zstd level of every compressed log. Chosen by measurement (bench/log_sizes.sh, figures in
// docs/match-log.md): Dice Shogi logs of random bots average 5.8 KB at 15 against 7.0 KB at 3
// and 6.3 KB at 9 (the target is 6 KB); 17 to 22 gain under 2% more at 2 to 4 times the
// time.
inline constexpr int kLogZstdLevel = 15;
// "zstd-fast": zstd's default level; those logs average 7.0 KB at about 1/30 of the time.
inline constexpr int kFastLogZstdLevel = 3;

// ".zst": the end of a compressed log's name (games/<id>.json.zst).
inline constexpr std::string_view kCompressedLogSuffix = ".zst";

// The file name ends in ".zst": a log written there is compressed.
bool names_compressed_log(const std::filesystem::path& file);

// `text` as one zstd frame (the content size recorded in the frame), at the level of `how`
// (zstd or zstd_fast).
std::string compress_log(std::string_view text, LogCompression how = LogCompression::zstd);

// The text of the log at `path`: zstd data (recognised by its magic number, whatever the name) is
// decompressed, anything else returned as it is. Throws files::FileError naming the file when it
// cannot be read, or is zstd data that is damaged or cut short.
std::string read_log_text(const std::filesystem::path& path);

// Writes a log atomically (files::write_atomically): compressed as `how` says (zstd when
// `how` is none) when `file` ends in ".zst", plain otherwise. Throws files::FileError.
void write_log(const std::filesystem::path& file, std::string_view text,
               LogCompression how = LogCompression::zstd);
// The same in place (files::write_in_place): a tournament's game logs, recorded only once their
// results line follows them.
void write_log_in_place(const std::filesystem::path& file, std::string_view text,
                        LogCompression how = LogCompression::zstd);

}  // namespace arena::files
