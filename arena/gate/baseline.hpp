// The baseline file of a puzzle's gate (SameGame): the reference bot's score on each board,
// written by one run (--save-baseline, --update-baseline) and compared with by the next.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "arena/common/error.hpp"

namespace arena::gate {

// A problem that stops the gate from judging (a missing baseline, an unwritable file, a bot that
// cannot be started): exit code 2. Config problems are tournament::ConfigError.
struct GateError : arena::Error {
    using arena::Error::Error;
};

struct Baseline {
    std::string game;  // the game's name in the registry
    std::string bot;
    std::string command;
    std::vector<std::pair<std::string, std::int64_t>> scores;  // board name -> score
};

// Throws GateError when the file is missing, damaged or not a baseline of `game`.
Baseline read_baseline(const std::filesystem::path& file, const std::string& game);
// Any game's baseline (the game it names is in Baseline::game).
Baseline read_baseline(const std::filesystem::path& file);
// {"game", "bot", "command", "total", "boards": [{"board", "score"}...]}. Throws FileError.
void write_baseline(const std::filesystem::path& file, const Baseline& baseline);

}  // namespace arena::gate
