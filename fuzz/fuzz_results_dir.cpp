// libFuzzer target: a results directory as it comes from anywhere (a shard, a CI artifact), read
// as `arena view` and merge read it. The input is a results.jsonl, then (after a line
// "--log--") the bytes of games/g.json.zst: the streamed reader must give records whose log is
// their own games/<id>.json[.zst] (nothing else is ever opened), and every log read must stay
// within the caps (files::kMaxLogTextBytes, files::kMaxLogJsonValues) or be refused with a
// FileError. Never another exception, a crash, a hang or memory past libFuzzer's -rss_limit_mb.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/tournament/record.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path& directory() {
    static const fs::path dir = [] {
        const fs::path d =
            fs::temp_directory_path() / ("fuzz-results-dir-" + std::to_string(getpid()));
        fs::create_directories(d / "games");
        return d;
    }();
    return dir;
}

void read_log(const fs::path& dir, const arena::tournament::GameRecord& r) {
    if (r.log.empty()) return;
    if (!arena::tournament::log_path_fault(r.id, r.log).empty()) __builtin_trap();
    try {
        const nlohmann::json log =
            arena::files::read_log_json(dir / r.log, arena::files::kRunLogFile);
        (void)log;
    } catch (const arena::files::FileError&) {
    } catch (const nlohmann::json::exception&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arena::tournament;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = input.find("--log--\n");
    const std::string_view results = input.substr(0, cut);
    const std::string_view log = cut == std::string_view::npos ? "" : input.substr(cut + 8);
    const fs::path& dir = directory();
    arena::files::write_atomically(dir / "results.jsonl", results);
    arena::files::write_atomically(dir / "games" / "g.json.zst", log);
    arena::files::write_atomically(dir / "games" / "g.json", log);
    try {
        for_each_result(dir / "results.jsonl", [&](GameRecord&& r) { read_log(dir, r); }, {});
    } catch (const ResultsError& e) {
        if (std::string(e.what()).find("line ") == std::string::npos) __builtin_trap();
    } catch (const arena::files::FileError&) {  // a line over the cap
    }
    return 0;
}
