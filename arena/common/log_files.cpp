#include "arena/common/log_files.hpp"

#include <zstd.h>

#include <memory>

#include "arena/common/files.hpp"

namespace arena::files {

namespace {

// A zstd frame starts with 0xFD2FB528, little-endian.
bool starts_as_zstd(std::string_view bytes) {
    constexpr unsigned char kMagic[] = {0x28, 0xB5, 0x2F, 0xFD};
    if (bytes.size() < sizeof kMagic) return false;
    for (std::size_t i = 0; i < sizeof kMagic; ++i) {
        if (static_cast<unsigned char>(bytes[i]) != kMagic[i]) return false;
    }
    return true;
}

// A log larger than this once decompressed is refused rather than filling the memory: a real
// log is at most a few MB (stderr is capped at 256 KiB a bot), so this is a damaged or hostile
// file.
constexpr std::size_t kMaxLogBytes = std::size_t{1} << 30;

struct ContextFree {
    void operator()(ZSTD_CCtx* context) const { ZSTD_freeCCtx(context); }
};

struct StreamFree {
    void operator()(ZSTD_DStream* stream) const { ZSTD_freeDStream(stream); }
};

// Every frame of `data` decompressed (streaming: the frames need not record their size, as
// `zstd` writes from a pipe). Throws FileError naming `path`.
std::string decompress(std::string_view data, const std::filesystem::path& path) {
    const auto damaged = [&](const std::string& why) {
        return FileError("cannot read the compressed log '" + path.string() + "': " + why +
                         " (the file is damaged or cut short: copy it again from where the game "
                         "was played, or play the game again)");
    };
    std::unique_ptr<ZSTD_DStream, StreamFree> stream(ZSTD_createDStream());
    if (!stream) throw damaged("out of memory");
    std::string text;
    ZSTD_inBuffer in{data.data(), data.size(), 0};
    std::string chunk(ZSTD_DStreamOutSize(), '\0');
    std::size_t pending = 0;  // 0: the last frame ended
    while (true) {
        ZSTD_outBuffer out{chunk.data(), chunk.size(), 0};
        pending = ZSTD_decompressStream(stream.get(), &out, &in);
        if (ZSTD_isError(pending))
            throw damaged(std::string("zstd: ") + ZSTD_getErrorName(pending));
        text.append(chunk.data(), out.pos);
        if (text.size() > kMaxLogBytes) throw damaged("more than 1 GiB once decompressed");
        // All input read and the decoder's output drained (it did not fill the chunk).
        if (in.pos == in.size && out.pos < out.size) break;
    }
    if (pending != 0) throw damaged("the zstd data ends before its last frame does");
    return text;
}

// A log shorter than kSmallLogBytes (a game of a few turns) is compressed at kSmallLogZstdLevel
// rather than kLogZstdLevel: there the levels differ by about 2% (50 SameGame logs of the instant
// bot, 1.5 to 15.5 KB: 29.2 KB in all at 6, 28.6 KB at 15) but level 15 takes 12 times as long
// (0.22 against 0.018 ms a log), a third of the arena's own work in a run of instant games (issue
// 17: bench/driver_ratio.sh). The size target, long Dice Shogi games (34 KB a log), keeps
// level 15. "zstd-fast" is kFastLogZstdLevel whatever the size.
constexpr std::size_t kSmallLogBytes = 16 * 1024;
constexpr int kSmallLogZstdLevel = 6;

int log_zstd_level(std::size_t bytes, LogCompression how) {
    if (how == LogCompression::zstd_fast) return kFastLogZstdLevel;
    return bytes < kSmallLogBytes ? kSmallLogZstdLevel : kLogZstdLevel;
}

}  // namespace

bool names_compressed_log(const std::filesystem::path& file) {
    return file.string().ends_with(kCompressedLogSuffix);
}

std::string compress_log(std::string_view text, LogCompression how) {
    const int level = log_zstd_level(text.size(), how);
    // One context per thread, kept: a level-15 context is a few MB of tables, allocated once
    // rather than for every game.
    thread_local const std::unique_ptr<ZSTD_CCtx, ContextFree> context(ZSTD_createCCtx());
    if (!context) throw FileError("cannot compress a log: out of memory");
    std::string frame(ZSTD_compressBound(text.size()), '\0');
    const std::size_t size = ZSTD_compressCCtx(context.get(), frame.data(), frame.size(),
                                               text.data(), text.size(), level);
    // With a buffer of ZSTD_compressBound bytes only memory can fail.
    if (ZSTD_isError(size))
        throw FileError(std::string("cannot compress a log: zstd: ") + ZSTD_getErrorName(size));
    frame.resize(size);
    return frame;
}

std::string read_log_text(const std::filesystem::path& path) {
    std::string bytes = read_text(path);
    return starts_as_zstd(bytes) ? decompress(bytes, path) : bytes;
}

void write_log(const std::filesystem::path& file, std::string_view text, LogCompression how) {
    if (names_compressed_log(file))
        write_atomically(file, compress_log(text, how));
    else
        write_atomically(file, text);
}

void write_log_in_place(const std::filesystem::path& file, std::string_view text,
                        LogCompression how) {
    if (names_compressed_log(file))
        write_in_place(file, compress_log(text, how));
    else
        write_in_place(file, text);
}

}  // namespace arena::files
