#include "arena/common/log_files.hpp"

#include <zstd.h>

#include <memory>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"

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
        if (text.size() + out.pos > kMaxLogTextBytes)
            throw too_large(path, "log", kMaxLogTextBytes);
        text.append(chunk.data(), out.pos);
        check_interrupt();
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
// 17: bench/driver_ratio.sh). "zstd-fast" is kFastLogZstdLevel whatever the size.
constexpr std::size_t kSmallLogBytes = 16 * 1024;
constexpr int kSmallLogZstdLevel = 6;

// A longer log is first compressed at kFastLogZstdLevel. When that frame is already under
// 1/kRepetitiveRatio of the text, the log repeats itself (a game that sends its whole board every
// turn: SameGame) and the frame is kept: there level 15 took 150 times as long for 30% fewer
// bytes (45 full-length SameGame logs of 48 KB: 10.4 ms a log at 15, 2.60 KB; 0.07 ms at 3,
// 3.70 KB), the cost of a whole game of an instant bot (issue 28). Other logs (Dice Shogi's
// move lists, 5x at level 3) are compressed again at kLogZstdLevel, which the 6 KB size target
// needs; the first try adds 2% to that.
constexpr std::size_t kRepetitiveRatio = 8;

std::string compress_at(std::string_view text, int level) {
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

}  // namespace

bool names_compressed_log(const std::filesystem::path& file) {
    return file.string().ends_with(kCompressedLogSuffix);
}

std::string compress_log(std::string_view text, LogCompression how) {
    if (how == LogCompression::zstd_fast) return compress_at(text, kFastLogZstdLevel);
    if (text.size() < kSmallLogBytes) return compress_at(text, kSmallLogZstdLevel);
    std::string fast = compress_at(text, kFastLogZstdLevel);
    if (fast.size() * kRepetitiveRatio <= text.size()) return fast;
    return compress_at(text, kLogZstdLevel);
}

std::string read_log_text(const std::filesystem::path& path, const ReadLimit& limit) {
    std::string bytes = read_text(path, limit);
    return starts_as_zstd(bytes) ? decompress(bytes, path) : bytes;
}

namespace {

// Counts the values of a JSON text without building it (nlohmann's SAX interface), and stops
// past `max`: the text is then parsed only when its values fit.
struct ValueCounter : nlohmann::json_sax<nlohmann::json> {
    explicit ValueCounter(std::size_t max) : max(max) {}
    bool value() { return ++values <= max; }
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return value(); }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return value(); }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;  // the real parse below says what is wrong
    }
    std::size_t max, values = 0;
};

}  // namespace

nlohmann::json parse_json_within(std::string_view text, const std::filesystem::path& path,
                                 std::string_view what, std::size_t max_values) {
    ValueCounter counter(max_values);
    nlohmann::json::sax_parse(text, &counter);
    if (counter.values > max_values)
        throw FileError(std::string(what) + " too large: '" + path.string() + "' holds over " +
                        std::to_string(max_values) + " JSON values, more than a real " +
                        std::string(what) +
                        " can (it is damaged or was made to fill the memory); remove or replace "
                        "it");
    return nlohmann::json::parse(text);
}

nlohmann::json read_log_json(const std::filesystem::path& path, const ReadLimit& limit) {
    return parse_json_within(read_log_text(path, limit), path, "log", kMaxLogJsonValues);
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
