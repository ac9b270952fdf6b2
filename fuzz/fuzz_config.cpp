// libFuzzer target: the tournament config loader on arbitrary text. Every wrong config must end
// in a ConfigError (with a message), never in another exception, a crash or a hang.
#include <cstdint>
#include <string>

#include "arena/tournament/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        // Relative board files resolve under a directory that does not exist.
        arena::tournament::load_config_text(text, "/nonexistent-arena-fuzz/fuzz.json");
    } catch (const arena::tournament::ConfigError& e) {
        if (std::string(e.what()).empty()) __builtin_trap();
    }
    return 0;
}
