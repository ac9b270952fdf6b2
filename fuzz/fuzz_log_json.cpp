// libFuzzer target: a match log holding arbitrary bot bytes (output and stderr: NUL, invalid
// UTF-8) must serialise to JSON that parses again, with valid UTF-8 bytes kept as they were.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "arena/match/match_log_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    arena::match::MatchLog log;
    log.game = "samegame";
    log.players = {{"bot", bytes, ""}};
    arena::match::Turn turn;
    turn.output = bytes;
    turn.stderr_text = bytes;
    log.turns.push_back(turn);
    log.seats.push_back({});
    const std::string text = arena::match::dump_json(arena::match::to_json(log));
    const nlohmann::json parsed = nlohmann::json::parse(text);  // throws (a crash) if invalid
    const std::string output = parsed.at("turns").at(0).at("output");
    // Valid UTF-8 comes back unchanged.
    bool valid = true;
    try {
        (void)nlohmann::json(bytes).dump();
    } catch (const nlohmann::json::type_error&) {
        valid = false;
    }
    if (valid && output != bytes) __builtin_trap();
    return 0;
}
