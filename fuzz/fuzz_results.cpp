// libFuzzer target: the reader of results.jsonl on arbitrary text. Whatever a damaged or edited
// file holds, the reader gives records that hold one value per seat, or a ResultsError naming the
// line: never another exception, a crash or a hang. The first byte picks what the caller knows
// (nothing, or a 2-player tournament of bots a, b, c).
#include <cstdint>
#include <string>

#include "arena/tournament/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arena::tournament;
    if (size == 0) return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    ResultsExpectations expected;
    if (data[0] & 1) expected = {"diceshogi", {"a", "b", "c"}, 2};
    try {
        const ResultsFile file = parse_results(text, "fuzz.jsonl", expected);
        if (file.complete_bytes > text.size()) __builtin_trap();
        for (const GameRecord& r : file.records) {
            const std::size_t seats = r.players.size();
            if (seats == 0 || r.scores.size() != seats || r.ranks.size() != seats ||
                r.outcomes.size() != seats || r.details.size() != seats ||
                r.mean_turn_ms.size() != seats || r.max_turn_ms.size() != seats ||
                (!r.turn_ms.empty() && r.turn_ms.size() != seats))
                __builtin_trap();
        }
    } catch (const ResultsError& e) {
        if (std::string(e.what()).find("line ") == std::string::npos) __builtin_trap();
    }
    return 0;
}
