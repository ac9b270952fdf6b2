// Every file arena reads, read one way: it must be a regular file (a FIFO would block forever, a
// device such as /dev/zero never ends, a directory is a mistake), no larger than the cap of its
// kind, and the read stops when the arena is told to stop. Results directories, logs and shards
// come from other machines and other people: nothing read from them may grow the arena's memory
// without bound. The caps are documented in docs/tournament-files.md ("Bounds").
#pragma once

#include <cstdint>
#include <filesystem>
#include <istream>
#include <streambuf>
#include <string>
#include <string_view>

#include "arena/common/files.hpp"

namespace arena::files {

// What a file is for, and how large a real one of that kind can be.
struct ReadLimit {
    std::string_view what;  // "config", "log", ...: names the file in errors
    std::uintmax_t bytes;   // the file's largest size
    // False for a file a results directory names (a game's log): a symbolic link there was
    // planted (arena writes none), and following it would read whatever it points to.
    bool follow_links = true;
};

constexpr std::uintmax_t kMiB = std::uintmax_t{1} << 20;
constexpr std::uintmax_t kGiB = std::uintmax_t{1} << 30;

// Configs (a tournament's, a gate's, a results directory's config.json): a few KB in practice
// (a list of 200,000 seeds would fit). Parsed, at most about 100 MB.
inline constexpr ReadLimit kConfigFile{"config", 4 * kMiB};
// A SameGame board (--testcase FILE): 15 lines of 15 numbers.
inline constexpr ReadLimit kBoardFile{"board", 1 * kMiB};
// A match log file on disk, compressed or not. Its text once decompressed has its own cap
// (kMaxLogTextBytes in log_files.hpp).
inline constexpr ReadLimit kLogFile{"log", 128 * kMiB};
// The same, for the log a results line names (games/<id>.json): never through a link.
inline constexpr ReadLimit kRunLogFile{"log", 128 * kMiB, false};
// A shard's manifest.json: the ids of its games (about 40 bytes a game: 10 million games, the
// most a run can have, take 400 MB).
inline constexpr ReadLimit kManifestFile{"manifest", 1 * kGiB};
// The small JSON files arena writes beside its results (a gate round's gate-round.json, a match's
// match.json, a wrapped bot's description): a few hundred bytes.
inline constexpr ReadLimit kSmallJsonFile{"description", 16 * kMiB};
// A SameGame baseline of the gate: a score per board per bot.
inline constexpr ReadLimit kBaselineFile{"baseline", 16 * kMiB};
// results.jsonl: read as a stream (memory does not grow with it); a million games take about
// 1.5 GB, ten million 15 GB.
inline constexpr ReadLimit kResultsFile{"results file", 64 * kGiB};
// One line of results.jsonl: a game's record, a few KB (the failures' error texts are the
// referee's, bounded by the game's log).
inline constexpr std::size_t kMaxResultsLineBytes = 4 * kMiB;

// The arena was told to stop (SIGINT, SIGTERM, SIGHUP) while it read a file.
struct ReadInterrupted : arena::Error {
    explicit ReadInterrupted(int signal)
        : arena::Error("interrupted while reading"), signal(signal) {}
    int signal;
};

// How a reader learns that the arena was told to stop: the process layer's flag, registered by
// the command line at start (this layer is below it). Returns the signal, or 0.
using InterruptPoll = int (*)();
void set_interrupt_poll(InterruptPoll poll);

// An open regular file of at most limit.bytes, read in pieces.
class InputFile {
  public:
    // Throws FileError naming `path` when it is missing, unreadable, not a regular file, or
    // larger than the limit ("<what> too large: ...").
    InputFile(const std::filesystem::path& path, const ReadLimit& limit);
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    // Up to `size` bytes into `into`; 0 at the end. Throws FileError when the file grows past
    // its limit while read, ReadInterrupted when the arena is told to stop.
    std::size_t read(char* into, std::size_t size);

    // The next line (without its '\n') into `line`. False at the end of the file; a last line
    // without '\n' is returned with `cut` set. Throws FileError for a line over `max_line`
    // bytes, naming its number.
    bool read_line(std::string& line, std::size_t max_line, bool* cut = nullptr);

    const std::filesystem::path& path() const { return path_; }

    // Goes on reading from byte `offset` (of a file already checked: its size is known).
    void seek(std::uintmax_t offset);

  private:
    bool fill();

    std::filesystem::path path_;
    ReadLimit limit_;
    int fd_ = -1;
    std::uintmax_t read_bytes_ = 0;
    std::string buffer_;  // read_line's bytes read but not yet returned
    std::size_t start_ = 0;
    std::size_t lines_ = 0;
    bool end_ = false;
};

// An InputFile read as a std::istream (for parsers that take one): its errors (FileError,
// ReadInterrupted) reach the reader, the stream's exceptions() having badbit set.
class InputStream : public std::istream {
  public:
    InputStream(const std::filesystem::path& path, const ReadLimit& limit);

  private:
    struct Buffer : std::streambuf {
        Buffer(const std::filesystem::path& path, const ReadLimit& limit) : file(path, limit) {}
        int_type underflow() override;
        InputFile file;
        char bytes[1 << 16];
    };
    Buffer buffer_;
};

// The whole file (a config, a board, a manifest, a log as stored), checked as InputFile does.
std::string read_text(const std::filesystem::path& path, const ReadLimit& limit);

// "<what> too large: 'P' is over M, more than a real <what> can be ...": the one wording of a
// cap reached, also for text that grows once decompressed.
FileError too_large(const std::filesystem::path& path, std::string_view what, std::uintmax_t limit);

// Throws ReadInterrupted when the arena has been told to stop.
void check_interrupt();

}  // namespace arena::files
