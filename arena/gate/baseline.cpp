#include "arena/gate/baseline.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "referees/registry.hpp"

namespace arena::gate {

namespace fs = std::filesystem;

namespace {

// `game` empty: any game.
Baseline read(const fs::path& file, const std::string& game) {
    std::error_code missing;
    if (!fs::exists(file, missing))
        throw GateError("no baseline file '" + file.string() +
                        "': write one with --save-baseline (a run of the reference bot), or "
                        "name it with --baseline");
    Baseline baseline;
    files::InputStream in(file, files::kBaselineFile);
    try {
        const nlohmann::json root = nlohmann::json::parse(in);
        const nlohmann::json& named = root.at("game");
        baseline.game = named.is_string() ? named.get<std::string>() : "";
        // A baseline written by hand may name the game in any case, as configs do.
        const referee::GameInfo* named_game = referee::find_game(baseline.game);
        if (!game.empty() && (!named_game || named_game->name != game))
            throw GateError("baseline '" + file.string() + "' is not a " + game + " baseline");
        baseline.bot = root.value("bot", "");
        baseline.command = root.value("command", "");
        for (const nlohmann::json& board : root.at("boards"))
            baseline.scores.emplace_back(board.at("board").get<std::string>(),
                                         board.at("score").get<std::int64_t>());
    } catch (const nlohmann::json::exception& e) {
        throw GateError("baseline '" + file.string() + "' is damaged: " + errors::json_text(e) +
                        " (write it again with --save-baseline)");
    }
    return baseline;
}

}  // namespace

Baseline read_baseline(const fs::path& file, const std::string& game) {
    return read(file, game);
}

Baseline read_baseline(const fs::path& file) {
    return read(file, "");
}

void write_baseline(const fs::path& file, const Baseline& baseline) {
    using Json = nlohmann::ordered_json;
    Json boards = Json::array();
    std::int64_t total = 0;
    for (const auto& [board, score] : baseline.scores) {
        boards.push_back({{"board", board}, {"score", score}});
        total += score;
    }
    const Json root = {{"game", baseline.game},
                       {"bot", baseline.bot},
                       {"command", baseline.command},
                       {"total", total},
                       {"boards", boards}};
    files::write_atomically(file, root.dump(2) + "\n");
}

}  // namespace arena::gate
