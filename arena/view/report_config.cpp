#include "arena/view/report_config.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/tournament/record.hpp"
#include "arena/view/view.hpp"

namespace arena::view {

namespace fs = std::filesystem;

tournament::TournamentConfig config_from_results(const fs::path& config_file,
                                                 const fs::path& results_file) {
    tournament::TournamentConfig config;
    std::vector<std::string> names;
    // A config.json that is there is read as any file (a device or a huge file is refused); one
    // that is missing or not JSON leaves the names to the results.
    std::error_code missing;
    const std::string text =
        fs::exists(config_file, missing) ? files::read_text(config_file, files::kConfigFile) : "";
    try {
        const nlohmann::json file = nlohmann::json::parse(text, nullptr, true, true);
        config.game = file.value("game", "");
        for (const nlohmann::json& bot : file.value("bots", nlohmann::json::array()))
            names.push_back(bot.value("name", ""));
    } catch (const std::exception&) {
    }
    std::set<std::string> seen_board;
    tournament::for_each_result(results_file, [&](tournament::GameRecord&& r) {
        if (config.game.empty()) config.game = r.game;
        config.players_per_game =
            std::max(config.players_per_game, static_cast<int>(r.players.size()));
        for (const std::string& p : r.players) {
            if (std::find(names.begin(), names.end(), p) == names.end()) names.push_back(p);
        }
        if (!r.testcase.empty() && seen_board.insert(r.testcase).second) {
            referee::Testcase t;
            t.name = t.title = r.testcase;
            config.testcases.push_back(t);
        }
    });
    for (const std::string& name : names) {
        match::PlayerSpec bot;
        bot.name = name;
        config.bots.push_back(bot);
    }
    if (config.game.empty()) throw ViewError("'" + config_file.string() + "' names no game");
    return config;
}

}  // namespace arena::view
