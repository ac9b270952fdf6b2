// Match logs on disk, plain JSON or compressed with zstd (docs/match-log.md): written in one form
// or the other, read back whatever form they are in (by content, not by name), so that `replay`,
// `view` and the report read every log the same way.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "arena/common/input_file.hpp"

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

// The largest text of a log, once decompressed. The largest real log: an external referee's game
// keeps at most 16 MiB of text (kMaxExternalGameBytes in arena/match/external_game.hpp), which
// JSON's escapes make at most 6 times as long in the worst case (every byte a control character),
// plus the turns' fields (20,000 turns, under 200 bytes each): under 100 MiB. A built-in game's log
// is far smaller (a SameGame game of 225 turns and 256 KiB of stderr: under 2 MiB).
inline constexpr std::size_t kMaxLogTextBytes = std::size_t{128} << 20;
// The most JSON values a log may hold: a real log has about 12 a turn (20,000 turns: 240,000).
// Parsed JSON takes up to 64 bytes a value beyond its text ("{}," is 3 bytes of text), so this
// caps a parsed log's memory at its text plus 64 MB.
inline constexpr std::size_t kMaxLogJsonValues = 1'000'000;

// The text of the log at `path`: zstd data (recognised by its magic number, whatever the name) is
// decompressed, anything else returned as it is. Throws files::FileError naming the file when it
// cannot be read, is not a regular file, is zstd data that is damaged or cut short, or is larger
// than kMaxLogTextBytes ("log too large: ...").
// `limit`: kRunLogFile for a log a results line names.
std::string read_log_text(const std::filesystem::path& path, const ReadLimit& limit = kLogFile);

// The log at `path` read (read_log_text) and parsed as JSON of at most kMaxLogJsonValues values.
// Throws files::FileError ("log too large: ..." past the caps), nlohmann::json::parse_error for a
// log that is not JSON.
nlohmann::json read_log_json(const std::filesystem::path& path, const ReadLimit& limit = kLogFile);

// `text` parsed as JSON of at most `max_values` values; past it, files::FileError through
// too_large naming `path` as a `what`. Throws nlohmann::json::parse_error for text that is not
// JSON.
nlohmann::json parse_json_within(std::string_view text, const std::filesystem::path& path,
                                 std::string_view what, std::size_t max_values);

// Writes a log atomically (files::write_atomically): compressed as `how` says (zstd when
// `how` is none) when `file` ends in ".zst", plain otherwise. Throws files::FileError.
void write_log(const std::filesystem::path& file, std::string_view text,
               LogCompression how = LogCompression::zstd);
// The same in place (files::write_in_place): a tournament's game logs, recorded only once their
// results line follows them.
void write_log_in_place(const std::filesystem::path& file, std::string_view text,
                        LogCompression how = LogCompression::zstd);

}  // namespace arena::files
