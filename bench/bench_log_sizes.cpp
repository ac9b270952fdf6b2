// Compressed match logs: size per game and cost per game, as the arena writes them
// (files::compress_log), on real logs (a tournament's games/, plain or .json.zst).
//   bench_log_sizes DIR [--levels 3,9,15,19]
// prints the average raw and compressed size per game, the ratio to the 6 KB target
// (KB = 1000 bytes), the compression and decompression time per game (best of 3 passes over all
// logs), and the games' own average duration (their logs' duration_ms) to compare the cost with.
// --levels adds the same figures for other zstd levels (the choice of kLogZstdLevel).
#include <zstd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena/common/log_files.hpp"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr double kTargetBytes = 6000;  // the "at most 6 KB per game"

struct Logs {
    std::vector<std::string> texts;
    double raw_bytes = 0, game_ms = 0;
};

Logs read_logs(const fs::path& dir) {
    Logs logs;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (!name.ends_with(".json") && !name.ends_with(".json.zst")) continue;
        logs.texts.push_back(arena::files::read_log_text(entry.path()));
        logs.raw_bytes += static_cast<double>(logs.texts.back().size());
        const auto log = nlohmann::json::parse(logs.texts.back());
        logs.game_ms += log.value("duration_ms", 0.0);
    }
    return logs;
}

// The best of 3 passes of `work` over every log, in ms per log.
template <class Work>
double ms_per_log(const Logs& logs, Work work) {
    double best = 1e300;
    for (int pass = 0; pass < 3; ++pass) {
        const auto start = Clock::now();
        for (const std::string& text : logs.texts) work(text);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        best = std::min(best, ms / static_cast<double>(logs.texts.size()));
    }
    return best;
}

std::size_t compressed_size(const std::string& text, int level) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    return ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
}

void print_level(const Logs& logs, int level) {
    double bytes = 0;
    for (const std::string& text : logs.texts)
        bytes += static_cast<double>(compressed_size(text, level));
    const double ms =
        ms_per_log(logs, [&](const std::string& text) { compressed_size(text, level); });
    const double n = static_cast<double>(logs.texts.size());
    std::printf("  zstd level %2d: %6.2f KB per game (%.3f of 6 KB), %6.3f ms per game\n", level,
                bytes / n / 1000, bytes / n / kTargetBytes, ms);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 && !(argc == 4 && std::string(argv[2]) == "--levels")) {
        std::fprintf(stderr, "usage: bench_log_sizes DIR [--levels 3,9,15,19]\n");
        return 2;
    }
    const Logs logs = read_logs(argv[1]);
    if (logs.texts.empty()) {
        std::fprintf(stderr, "bench_log_sizes: no *.json or *.json.zst log in %s\n", argv[1]);
        return 2;
    }
    const double n = static_cast<double>(logs.texts.size());
    double compressed = 0;
    std::vector<std::string> frames;
    for (const std::string& text : logs.texts) {
        frames.push_back(arena::files::compress_log(text));
        compressed += static_cast<double>(frames.back().size());
    }
    const double compress_ms =
        ms_per_log(logs, [](const std::string& text) { arena::files::compress_log(text); });
    const fs::path probe = fs::temp_directory_path() / "bench_log_sizes_probe.json.zst";
    std::size_t next = 0;
    const double read_ms = ms_per_log(logs, [&](const std::string&) {
        arena::files::write_log(probe, logs.texts[next++ % logs.texts.size()]);
        arena::files::read_log_text(probe);
    });
    fs::remove(probe);
    std::printf("logs: %zu games, %.2f KB raw per game, the games lasted %.1f ms on average\n",
                logs.texts.size(), logs.raw_bytes / n / 1000, logs.game_ms / n);
    std::printf(
        "as the arena writes them (files::compress_log): %.2f KB per game, %.3f of the 6 KB "
        "target (%s)\n",
        compressed / n / 1000, compressed / n / kTargetBytes,
        compressed / n <= kTargetBytes ? "met" : "NOT met");
    std::printf(
        "compression: %.3f ms per game (%.1f%% of the game's duration); a compressed "
        "write + read back: %.3f ms per game\n",
        compress_ms, 100 * compress_ms / (logs.game_ms / n), read_ms);
    if (argc == 4) {
        std::istringstream levels(argv[3]);
        for (std::string level; std::getline(levels, level, ',');)
            print_level(logs, std::stoi(level));
    }
    return 0;
}
