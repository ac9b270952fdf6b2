#include "arena/tournament/config.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"

namespace arena::tournament {

namespace {

std::string read_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw std::invalid_argument("cannot read '" + file.string() +
                                    "': file missing or unreadable");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Testcase from_builtin(const referee::SameGameBoard& board) {
    Testcase t;
    char name[16];
    std::snprintf(name, sizeof name, "test%02d", board.number);
    t.name = name;
    t.title = board.title;
    t.text = std::string(board.text);
    t.board_number = board.number;
    t.validator = board.validator;
    t.best_known = board.best_known;
    return t;
}

// Reads one config field, naming the file and the field when it is wrong.
class FieldReader {
  public:
    FieldReader(const std::filesystem::path& file, const nlohmann::json& root)
        : file_(file.string()), root_(root) {}

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw ConfigError(file_ + ": field '" + field + "': " + what);
    }

    const nlohmann::json* find(const char* field) const {
        auto it = root_.find(field);
        return it == root_.end() ? nullptr : &*it;
    }

    std::string string(const nlohmann::json& value, const std::string& field) const {
        if (!value.is_string())
            fail(field, "must be a string, got " + std::string(value.type_name()));
        return value.get<std::string>();
    }

  private:
    std::string file_;
    const nlohmann::json& root_;
};

}  // namespace

Testcase samegame_testcase(int board_number) {
    for (const referee::SameGameBoard& board : referee::samegame_boards()) {
        if (board.number == board_number) return from_builtin(board);
    }
    throw std::invalid_argument("there is no built-in SameGame board " +
                                std::to_string(board_number) +
                                ": CodinGame's boards are numbered 1 to 50");
}

Testcase samegame_testcase_file(const std::filesystem::path& file) {
    Testcase t;
    t.text = read_file(file);
    try {
        referee::parse_samegame_testcase(t.text);  // fail now, with the reason, not mid-tournament
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("board file '" + file.string() + "': " + e.what());
    }
    t.name = file.stem().string();
    t.title = file.string();
    return t;
}

std::vector<Testcase> samegame_board_set(const std::string& which) {
    std::vector<Testcase> set;
    for (const referee::SameGameBoard& board : referee::samegame_boards()) {
        if (which == "all" || (which == "validators" && board.validator) ||
            (which == "tests" && !board.validator)) {
            set.push_back(from_builtin(board));
        }
    }
    if (set.empty()) {
        throw ConfigError("unknown board set '" + which +
                          "': use \"all\", \"tests\", \"validators\", or a list of board numbers "
                          "and board files");
    }
    return set;
}

TournamentConfig load_config(const std::filesystem::path& file) {
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(read_file(file), nullptr, true, /*ignore_comments=*/true);
    } catch (const nlohmann::json::parse_error& e) {
        throw ConfigError(file.string() + ": not valid JSON: " + e.what());
    } catch (const std::invalid_argument& e) {
        throw ConfigError(e.what());
    }
    if (!root.is_object()) throw ConfigError(file.string() + ": must be a JSON object");
    FieldReader fields(file, root);
    static const std::set<std::string> known = {"game", "bots", "boards", "concurrency", "out"};
    for (const auto& [key, value] : root.items()) {
        if (!known.count(key)) {
            fields.fail(key,
                        "unknown field (known: game, bots, boards, concurrency, out; see "
                        "configs/README.md)");
        }
    }

    TournamentConfig config;
    const nlohmann::json* game = fields.find("game");
    if (!game) fields.fail("game", "missing: say which game, e.g. \"samegame\"");
    config.game = fields.string(*game, "game");
    if (config.game != "samegame") {
        fields.fail("game", "'" + config.game +
                                "' cannot be played in tournaments yet (supported: samegame)");
    }

    const nlohmann::json* bots = fields.find("bots");
    if (!bots || !bots->is_array() || bots->empty()) {
        fields.fail("bots", "must be a non-empty list of {\"name\": ..., \"command\": ...}");
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < bots->size(); ++i) {
        const nlohmann::json& bot = (*bots)[i];
        const std::string field = "bots[" + std::to_string(i) + "]";
        if (!bot.is_object())
            fields.fail(field, "must be an object {\"name\": ..., \"command\": ...}");
        match::PlayerSpec spec;
        if (!bot.contains("command"))
            fields.fail(field + ".command", "missing: the command line that starts the bot");
        spec.command = fields.string(bot["command"], field + ".command");
        spec.name =
            bot.contains("name") ? fields.string(bot["name"], field + ".name") : spec.command;
        if (bot.contains("working_dir"))
            spec.working_dir = fields.string(bot["working_dir"], field + ".working_dir");
        for (const auto& [key, value] : bot.items()) {
            if (key != "name" && key != "command" && key != "working_dir") {
                fields.fail(field + "." + key, "unknown field (known: name, command, working_dir)");
            }
        }
        if (spec.name.empty()) fields.fail(field + ".name", "must not be empty");
        if (!names.insert(spec.name).second)
            fields.fail(field + ".name", "'" + spec.name + "' is used twice; names must be unique");
        config.bots.push_back(std::move(spec));
    }

    const nlohmann::json* boards = fields.find("boards");
    if (!boards) {
        config.testcases = samegame_board_set("all");
    } else if (boards->is_string()) {
        try {
            config.testcases = samegame_board_set(boards->get<std::string>());
        } catch (const ConfigError& e) {
            fields.fail("boards", e.what());
        }
    } else if (boards->is_array() && !boards->empty()) {
        for (std::size_t i = 0; i < boards->size(); ++i) {
            const nlohmann::json& entry = (*boards)[i];
            const std::string field = "boards[" + std::to_string(i) + "]";
            try {
                if (entry.is_number_integer()) {
                    config.testcases.push_back(samegame_testcase(entry.get<int>()));
                } else if (entry.is_string()) {
                    // Board files are relative to the config file, so a config and its boards move
                    // together.
                    std::filesystem::path path = entry.get<std::string>();
                    if (path.is_relative()) path = file.parent_path() / path;
                    config.testcases.push_back(samegame_testcase_file(path));
                } else {
                    fields.fail(field, "must be a board number (1-50) or a board file path");
                }
            } catch (const std::invalid_argument& e) {
                fields.fail(field, e.what());
            }
        }
        std::set<std::string> seen;
        for (const Testcase& t : config.testcases) {
            if (!seen.insert(t.name).second)
                fields.fail("boards", "board '" + t.name + "' is listed twice");
        }
    } else {
        fields.fail("boards", "must be \"all\", \"tests\", \"validators\" or a non-empty list");
    }

    if (const nlohmann::json* c = fields.find("concurrency")) {
        if (!c->is_number_integer() || c->get<int>() < 1)
            fields.fail("concurrency", "must be a whole number >= 1");
        config.concurrency = c->get<int>();
    }
    if (const nlohmann::json* out = fields.find("out")) config.out = fields.string(*out, "out");
    return config;
}

}  // namespace arena::tournament
