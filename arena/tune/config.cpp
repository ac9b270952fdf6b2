#include "arena/tune/config.hpp"

#include <cmath>
#include <cstdio>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "arena/tournament/config_fields.hpp"
#include "referees/registry.hpp"

namespace arena::tune {

namespace fs = std::filesystem;
using tournament::FieldReader;

namespace {

const std::vector<std::string> kFields = {
    "game",        "referee",    "bot",         "opponent", "players", "params",
    "params_text", "iterations", "pairs_per",   "alpha",    "gamma",   "A_ratio",
    "seeds",       "time",       "concurrency", "out",      "logs"};
const std::vector<std::string> kParamFields = {"name", "type",  "start", "min",
                                               "max",  "c_end", "r_end"};

// A placeholder: {name}, a name as C identifiers are written.
const std::regex& placeholder() {
    static const std::regex re(R"(\{([A-Za-z_][A-Za-z0-9_]*)\})");
    return re;
}

std::set<std::string> placeholders_in(const std::string& text) {
    std::set<std::string> names;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), placeholder());
         it != std::sregex_iterator(); ++it)
        names.insert((*it)[1]);
    return names;
}

// What is wrong with a parameter, however it was given: the field at fault and what ("" and ""
// when nothing is).
struct ParamFault {
    std::string field, what;
};
ParamFault param_fault(const Param& p) {
    if (!std::regex_match(p.name, std::regex("[A-Za-z_][A-Za-z0-9_]*")))
        return {"name", "'" + p.name +
                            "' must be letters, digits and '_' (the bot's command "
                            "receives it as {" +
                            p.name + "})"};
    if (!(p.min < p.max)) return {"min", "must be below max"};
    if (p.start < p.min || p.start > p.max) return {"start", "must be within [min, max]"};
    if (!(p.c_end > 0)) return {"c_end", "must be above 0"};
    if (!(p.r_end > 0)) return {"r_end", "must be above 0"};
    return {};
}

Param param_from_json(const FieldReader& fields, const nlohmann::json& value,
                      const std::string& at) {
    if (!value.is_object()) fields.fail(at, "must be an object {\"name\", \"type\", ...}");
    fields.check_fields(value, at, kParamFields);
    for (const std::string& key : kParamFields)
        if (!value.contains(key)) fields.fail(at + "." + key, "missing");
    Param p;
    p.name = fields.string(value["name"], at + ".name");
    const std::string type = fields.string(value["type"], at + ".type");
    if (type != "int" && type != "float") fields.fail(at + ".type", "must be \"int\" or \"float\"");
    p.is_int = type == "int";
    p.start = fields.number(value["start"], at + ".start");
    p.min = fields.number(value["min"], at + ".min");
    p.max = fields.number(value["max"], at + ".max");
    p.c_end = fields.number(value["c_end"], at + ".c_end");
    p.r_end = fields.number(value["r_end"], at + ".r_end");
    const ParamFault fault = param_fault(p);
    if (!fault.field.empty()) fields.fail(at + "." + fault.field, fault.what);
    return p;
}

// "params_text": one string, or a list of lines.
std::string params_text(const FieldReader& fields, const nlohmann::json& value) {
    if (!value.is_array()) return fields.string(value, "params_text");
    std::string joined;
    for (const auto& line : value) joined += fields.string(line, "params_text") + "\n";
    return joined;
}

std::vector<Param> read_params(const FieldReader& fields) {
    const nlohmann::json* list = fields.find("params");
    const nlohmann::json* text = fields.find("params_text");
    if (list && text) fields.fail("params_text", "give \"params\" or \"params_text\", not both");
    std::vector<Param> params;
    if (text) {
        try {
            params = params_from_text(params_text(fields, *text));
        } catch (const std::invalid_argument& e) {
            fields.fail("params_text", e.what());
        }
    } else if (list) {
        if (!list->is_array()) fields.fail("params", "must be a list of parameters");
        for (std::size_t i = 0; i < list->size(); ++i)
            params.push_back(
                param_from_json(fields, (*list)[i], "params[" + std::to_string(i) + "]"));
    }
    if (params.empty())
        fields.fail("params",
                    "missing: the parameters to tune, e.g. [{\"name\": \"depth\", "
                    "\"type\": \"int\", \"start\": 6, \"min\": 2, \"max\": 12, "
                    "\"c_end\": 1, \"r_end\": 0.002}], or \"params_text\"");
    std::set<std::string> names;
    for (const Param& p : params)
        if (!names.insert(p.name).second)
            fields.fail(list ? "params" : "params_text", "parameter '" + p.name + "' given twice");
    return params;
}

// Every placeholder names a parameter and every parameter has a placeholder.
void check_placeholders(const FieldReader& fields, const TuneConfig& config) {
    const std::set<std::string> used = placeholders_in(config.bot.command);
    const char* params_field = fields.find("params_text") ? "params_text" : "params";
    for (const std::string& name : used) {
        bool known = false;
        for (const Param& p : config.params) known = known || p.name == name;
        if (!known)
            fields.fail("bot", "placeholder {" + name + "} names no parameter: add '" + name +
                                   "' to \"" + params_field + "\" or remove it from the command");
    }
    for (const Param& p : config.params)
        if (!used.count(p.name))
            fields.fail(params_field, "parameter '" + p.name + "' has no placeholder {" + p.name +
                                          "} in \"bot\": the bot would never see it");
}

void read_game(const FieldReader& fields, TuneConfig& config) {
    const nlohmann::json* game = fields.find("game");
    const referee::GameInfo* info = nullptr;
    if (const nlohmann::json* external = fields.find("referee")) {
        if (game) fields.fail("referee", "give \"game\" or \"referee\", not both");
        info = &tournament::register_referee(fields, *external);
    } else if (!game) {
        fields.fail("game", "missing: say which game, e.g. \"" + referee::games()[1].name + "\"");
    } else {
        try {
            info = &referee::game_info(fields.string(*game, "game"));
        } catch (const std::invalid_argument& e) {
            fields.fail("game", e.what());
        }
    }
    config.game = info->name;
    config.puzzle = info->max_players == 1;
    config.players = info->min_players;
    if (const nlohmann::json* players = fields.find("players")) {
        config.players =
            fields.whole_number(*players, "players", info->min_players, info->max_players);
    }
    if (config.puzzle && fields.find("opponent"))
        fields.fail("opponent", info->title +
                                    " has one player: theta+ and theta- play the same "
                                    "boards, with no opponent");
    if (config.players > 2 && !fields.find("opponent"))
        fields.fail("opponent", "a table of " + std::to_string(config.players) +
                                    " needs an opponent to fill the seats beside theta+ and "
                                    "theta-");
}

match::PlayerSpec read_bot(const FieldReader& fields, const char* field,
                           const BotReader& read_bot_text) {
    const nlohmann::json* value = fields.find(field);
    if (!value) fields.fail(field, "missing: the bot's command, as --bot takes it");
    const std::string text = fields.string(*value, field);
    try {
        return read_bot_text(text);
    } catch (const std::exception& e) {
        fields.fail(field, e.what());
    }
}

void read_numbers(const FieldReader& fields, TuneConfig& config) {
    const nlohmann::json* iterations = fields.find("iterations");
    if (!iterations) fields.fail("iterations", "missing: how many SPSA iterations, e.g. 500");
    config.gains.iterations = fields.whole_number(*iterations, "iterations", 1, 1'000'000);
    if (const nlohmann::json* v = fields.find("pairs_per"))
        config.pairs_per = fields.whole_number(*v, "pairs_per", 1, 10'000);
    const numbers::RealRange positive{0, 1e6, /*min_open=*/true, /*max_open=*/false};
    if (const nlohmann::json* v = fields.find("alpha"))
        config.gains.alpha = fields.real_number(*v, "alpha", positive);
    if (const nlohmann::json* v = fields.find("gamma"))
        config.gains.gamma = fields.real_number(*v, "gamma", positive);
    if (const nlohmann::json* v = fields.find("A_ratio"))
        config.gains.a_ratio = fields.real_number(*v, "A_ratio", {0, 1e6, false, false});
    if (const nlohmann::json* v = fields.find("concurrency"))
        config.concurrency = fields.whole_number(*v, "concurrency", 1, tournament::kMaxConcurrency);
    if (const nlohmann::json* v = fields.find("out")) config.out = fields.string(*v, "out");
}

void read_seeds_and_time(const FieldReader& fields, TuneConfig& config) {
    if (const nlohmann::json* seeds = fields.find("seeds")) {
        if (!seeds->is_object()) fields.fail("seeds", "must be {\"master\": S}");
        fields.check_fields(*seeds, "seeds", {"master"});
        if (seeds->contains("master"))
            config.master_seed = fields.seed((*seeds)["master"], "seeds.master");
    }
    if (const nlohmann::json* time = fields.find("time")) {
        if (!time->is_object())
            fields.fail("time", "must be {\"scale\": 1.0, \"margin_ms\": 0, \"startup_ms\": 4000}");
        fields.check_fields(*time, "time", {"scale", "margin_ms", "startup_ms"});
        if (time->contains("scale"))
            config.time_scale =
                fields.real_number((*time)["scale"], "time.scale", {0.01, 1000, false, false});
        if (time->contains("margin_ms"))
            config.time_margin_ms =
                fields.whole_number((*time)["margin_ms"], "time.margin_ms", -1000, 600000);
        if (time->contains("startup_ms"))
            config.startup_ms =
                fields.whole_number((*time)["startup_ms"], "time.startup_ms", 0, 600000);
    }
    if (const nlohmann::json* logs = fields.find("logs")) {
        const std::string policy = fields.string(*logs, "logs");
        if (policy == "all")
            config.logs = tournament::LogRetention::all;
        else if (policy == "failed")
            config.logs = tournament::LogRetention::failed;
        else if (policy == "none")
            config.logs = tournament::LogRetention::none;
        else
            fields.fail("logs", "must be \"all\", \"failed\" or \"none\"");
    }
}

}  // namespace

TuneConfig read_tune_config(const std::string& text, const fs::path& file,
                            const BotReader& read_bot_text) {
    const nlohmann::json root = tournament::parse_config_object<nlohmann::json>(text, file);
    const FieldReader fields(file, root);
    fields.check_fields(root, "", kFields);
    TuneConfig config;
    read_game(fields, config);
    config.bot = read_bot(fields, "bot", read_bot_text);
    config.bot_text = fields.string(*fields.find("bot"), "bot");
    if (fields.find("opponent")) {
        config.opponent = read_bot(fields, "opponent", read_bot_text);
        config.opponent->name = kOpponentName;  // the records' names: plus, minus, opponent
    }
    config.params = read_params(fields);
    check_placeholders(fields, config);
    read_numbers(fields, config);
    read_seeds_and_time(fields, config);
    return config;
}

std::vector<Param> params_from_text(const std::string& text) {
    std::vector<Param> params;
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos ||
            line[line.find_first_not_of(" \t")] == '#')
            continue;
        const std::string where = "line " + std::to_string(number) + " '" + line + "'";
        std::vector<std::string> parts;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) {
            const auto first = cell.find_first_not_of(" \t\r");
            const auto last = cell.find_last_not_of(" \t\r");
            parts.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
        }
        if (parts.size() != 7)
            throw std::invalid_argument(where +
                                        ": must be 'name, int|float, start, min, max, "
                                        "c_end, r_end' (7 fields, got " +
                                        std::to_string(parts.size()) + ")");
        Param p;
        p.name = parts[0];
        if (parts[1] != "int" && parts[1] != "float")
            throw std::invalid_argument(where + ": the type must be int or float, got '" +
                                        parts[1] + "'");
        p.is_int = parts[1] == "int";
        double* targets[] = {&p.start, &p.min, &p.max, &p.c_end, &p.r_end};
        const char* names[] = {"start", "min", "max", "c_end", "r_end"};
        for (int i = 0; i < 5; ++i) {
            std::size_t used = 0;
            try {
                *targets[i] = std::stod(parts[2 + i], &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == 0 || used != parts[2 + i].size() || !std::isfinite(*targets[i]))
                throw std::invalid_argument(where + ": " + names[i] + " must be a number, got '" +
                                            parts[2 + i] + "'");
        }
        const ParamFault fault = param_fault(p);
        if (!fault.field.empty())
            throw std::invalid_argument(where + ": " + fault.field + " " + fault.what);
        params.push_back(p);
    }
    return params;
}

std::string value_text(const Param& param, double value) {
    if (param.is_int) return std::to_string(static_cast<long long>(std::llround(value)));
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.9f", value);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

std::string fill_in(const std::string& text, const std::vector<Param>& params,
                    const std::vector<double>& values) {
    std::string filled;
    auto last = text.cbegin();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), placeholder());
         it != std::sregex_iterator(); ++it) {
        filled.append(last, (*it)[0].first);
        const std::string name = (*it)[1];
        bool found = false;
        for (std::size_t i = 0; i < params.size() && !found; ++i) {
            if (params[i].name != name) continue;
            filled += value_text(params[i], values[i]);
            found = true;
        }
        if (!found) filled += (*it)[0].str();
        last = (*it)[0].second;
    }
    filled.append(last, text.cend());
    return filled;
}

}  // namespace arena::tune
