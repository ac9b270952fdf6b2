// DIR/tune.jsonl: the run's memory. A header line, then one line per whole iteration, appended
// once all its games are recorded: k, theta before, c, r, the directions, theta+ and theta-, the
// games' ids, what they said and theta after. A resumed run starts from the last whole line's
// theta after; a line cut short (the arena was killed while writing it) is cut off the file.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/tune/games.hpp"
#include "arena/tune/spsa.hpp"

namespace arena::tune {

struct IterationLine {
    Step step;
    std::vector<std::string> games;
    IterationScore score;
    std::vector<double> theta_after;
};

nlohmann::ordered_json header_json();
nlohmann::ordered_json to_json(const std::vector<Param>& params, const IterationLine& line);

// The whole lines of DIR/tune.jsonl, each checked against the parameters (names, k in order); a
// cut last line is cut off the file. Throws arena::Error naming the file, the line and the fault.
std::vector<IterationLine> read_journal(const std::filesystem::path& file,
                                        const std::vector<Param>& params);

}  // namespace arena::tune
