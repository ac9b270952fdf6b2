// libFuzzer target: split_command_line (a bot's command from --bot or a config) on arbitrary text:
// words or std::invalid_argument, nothing else.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "arena/process/bot_process.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto words = arena::process::split_command_line(text);
        if (words.empty()) __builtin_trap();  // "no word at all" must throw instead
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
