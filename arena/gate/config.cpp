// Reading the gate's config: the "gate" object field by field, "candidate", and the command
// line's overrides. The rest of the file is a tournament config, read by the tournament loader.
#include "arena/gate/config.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/gate/game_kind.hpp"
#include "arena/report/text.hpp"
#include "arena/tournament/config_fields.hpp"

namespace arena::gate {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using report::format;
using tournament::ConfigError;
using tournament::FieldReader;

namespace {

// The settings together; each one was checked against its range where it was read.
void check_sprt(const SprtSettings& s, const std::string& where) {
    using numbers::real_text;
    if (!(s.elo0 < s.elo1))
        throw ConfigError(where + "elo0 (" + real_text(s.elo0) + ") must be below elo1 (" +
                          real_text(s.elo1) + ")");
    if (!(s.alpha + s.beta < 1))
        throw ConfigError(where + "alpha + beta must be below 1, got " + real_text(s.alpha) +
                          " + " + real_text(s.beta));
}

ratings::SprtModel parse_model(const std::string& text) {
    if (text == "normalized") return ratings::SprtModel::normalized;
    if (text == "logistic") return ratings::SprtModel::logistic;
    throw std::invalid_argument("'" + text + "': use \"normalized\" or \"logistic\"");
}

void read_sprt(const FieldReader& fields, const Json& value, SprtSettings& sprt) {
    if (!value.is_object())
        fields.fail("gate.sprt",
                    "must be an object such as {\"elo0\": -50, \"elo1\": 0, \"alpha\": 0.05, "
                    "\"beta\": 0.05, \"model\": \"normalized\"}");
    fields.check_fields(value, "gate.sprt", {"elo0", "elo1", "alpha", "beta", "model"});
    for (const auto& [key, v] : value.items()) {
        const std::string field = "gate.sprt." + key;
        if (key == "elo0")
            sprt.elo0 = fields.real_number(v, field, kEloRange);
        else if (key == "elo1")
            sprt.elo1 = fields.real_number(v, field, kEloRange);
        else if (key == "alpha")
            sprt.alpha = fields.real_number(v, field, kErrorRateRange);
        else if (key == "beta")
            sprt.beta = fields.real_number(v, field, kErrorRateRange);
        else if (key == "model") {
            if (!v.is_string()) fields.fail(field, "must be \"normalized\" or \"logistic\"");
            try {
                sprt.model = parse_model(v.get<std::string>());
            } catch (const std::invalid_argument& e) {
                fields.fail(field, e.what());
            }
        }
    }
    check_sprt(sprt, fields.file().string() + ": field 'gate.sprt': ");
}

Inconclusive read_inconclusive(const FieldReader& fields, const Json& value,
                               const std::string& field) {
    if (value == "fail") return Inconclusive::fail;
    if (value == "pass") return Inconclusive::pass;
    fields.fail(field, "must be \"fail\" or \"pass\"");
}

std::set<match::Outcome> read_allowed_failures(const FieldReader& fields, const Json& value,
                                               const std::string& field) {
    if (value.is_boolean()) return value.get<bool>() ? failure_kinds() : std::set<match::Outcome>{};
    if (!value.is_array())
        fields.fail(field, "must be true, false or a list of \"timeout\", \"crash\", \"invalid\"");
    std::set<match::Outcome> allowed;
    for (const Json& kind : value) {
        const std::optional<match::Outcome> outcome =
            kind.is_string() ? match::outcome_from_string(kind.get<std::string>()) : std::nullopt;
        if (!outcome || !failure_kinds().count(*outcome))
            fields.fail(field, "lists failure kinds: \"timeout\", \"crash\", \"invalid\"; got " +
                                   kind.dump());
        allowed.insert(*outcome);
    }
    return allowed;
}

fs::path read_baseline_path(const FieldReader& fields, const Json& value,
                            const std::string& field) {
    if (!value.is_string() || value.get<std::string>().empty())
        fields.fail(field, "must be a file path (relative to the config file)");
    fs::path path = value.get<std::string>();
    return path.is_relative() ? fields.file().parent_path() / path : path;
}

Tolerance read_tolerance(const FieldReader& fields, const Json& value, const std::string& field) {
    try {
        if (value.is_number()) return parse_tolerance(format("%.17g", value.get<double>()));
        if (value.is_string()) return parse_tolerance(value.get<std::string>());
        throw std::invalid_argument(
            "must be points, a number at least 0 (e.g. 10), or a percentage of the board's "
            "baseline score (e.g. \"2.5%\"), got " +
            value.dump());
    } catch (const std::invalid_argument& e) {
        fields.fail(field, e.what());
    }
}

// A field the game's kind of gate does not use: games between bots are judged by an SPRT,
// puzzles board by board against a baseline file.
void check_kind_of_field(const FieldReader& fields, const std::string& key, const std::string& game,
                         bool versus) {
    static const std::set<std::string> versus_only = {"sprt", "max_games", "inconclusive",
                                                      "round_pairs"};
    static const std::set<std::string> puzzle_only = {"baseline", "tolerance"};
    if (!versus && versus_only.count(key))
        fields.fail("gate." + key,
                    "not used by " + game + " (its gate compares each board with a baseline file)");
    if (versus && puzzle_only.count(key))
        fields.fail("gate." + key, "only used by " + puzzle_game_names() +
                                       " (games between bots are judged by an SPRT)");
}

void read_gate(const FieldReader& fields, const Json& gate, const std::string& game, bool versus,
               GateSettings& settings) {
    if (!gate.is_object()) fields.fail("gate", "must be an object, see docs/gate.md");
    fields.check_fields(
        gate, "gate",
        {"sprt", "max_games", "inconclusive", "round_pairs", "allow_failures", "baseline",
         "tolerance"},
        "sprt, max_games, inconclusive, round_pairs, allow_failures for games between bots; "
        "baseline, tolerance, allow_failures for " +
            puzzle_game_names());
    for (const auto& [key, value] : gate.items()) {
        const std::string field = "gate." + key;
        check_kind_of_field(fields, key, game, versus);
        if (key == "sprt")
            read_sprt(fields, value, settings.sprt);
        else if (key == "max_games")
            settings.max_games = static_cast<std::size_t>(fields.whole_number(
                value, field, {1, static_cast<std::int64_t>(tournament::kMaxGames)}));
        else if (key == "round_pairs")
            settings.round_pairs = static_cast<std::size_t>(fields.whole_number(
                value, field, {1, static_cast<std::int64_t>(tournament::kMaxGames)}));
        else if (key == "inconclusive")
            settings.inconclusive = read_inconclusive(fields, value, field);
        else if (key == "allow_failures")
            settings.allowed_failures = read_allowed_failures(fields, value, field);
        else if (key == "baseline")
            settings.baseline = read_baseline_path(fields, value, field);
        else if (key == "tolerance")
            settings.tolerance = read_tolerance(fields, value, field);
    }
}

std::size_t bot_index(const tournament::TournamentConfig& config, const std::string& name) {
    for (std::size_t i = 0; i < config.bots.size(); ++i)
        if (config.bots[i].name == name) return i;
    return config.bots.size();
}

std::string bot_list(const tournament::TournamentConfig& config) {
    std::string list;
    for (const auto& bot : config.bots) list += (list.empty() ? "" : ", ") + bot.name;
    return list;
}

// "candidate": the bot's name, if given.
std::optional<std::string> read_candidate(const FieldReader& fields) {
    const nlohmann::json* candidate = fields.find("candidate");
    if (!candidate) return std::nullopt;
    if (!candidate->is_string()) fields.fail("candidate", "must be a bot's name");
    return candidate->get<std::string>();
}

void set_candidate(const FieldReader& fields, const std::optional<std::string>& name,
                   tournament::TournamentConfig& config) {
    if (!name) return;
    config.candidate = bot_index(config, *name);
    if (config.candidate == config.bots.size())
        fields.fail("candidate", "'" + *name + "' is not the name of a bot in \"bots\" (" +
                                     bot_list(config) + ")");
}

void set_bot_commands(const GateConfig& config, const GateOverrides& o,
                      tournament::TournamentConfig& t) {
    for (const auto& [name, command] : o.commands) {
        const std::size_t i = bot_index(t, name);
        if (i == t.bots.size())
            throw ConfigError("--command: '" + name + "' is not a bot of " + config.file.string() +
                              " (" + bot_list(t) + ")");
        if (command.empty()) throw ConfigError("--command " + name + "=: the command is empty");
        t.bots[i].command = command;
    }
}

void check_kind_of_overrides(bool versus, const GateOverrides& o) {
    const bool sprt_option =
        o.elo0 || o.elo1 || o.alpha || o.beta || o.model || o.max_games || o.inconclusive;
    if (!versus && sprt_option)
        throw ConfigError(
            "--elo0, --elo1, --alpha, --beta, --model, --max-games and --inconclusive are for "
            "games between bots; a " +
            puzzle_game_names() + " gate compares with a baseline");
    if (versus && (o.baseline || o.tolerance))
        throw ConfigError("--baseline and --tolerance are for " + puzzle_game_names() + " gates");
}

}  // namespace

double Tolerance::lowest_passing(std::int64_t baseline) const {
    const double drop = percent ? std::abs(static_cast<double>(baseline)) * amount / 100 : amount;
    return static_cast<double>(baseline) - drop;
}

std::string Tolerance::text() const {
    return format("%g", amount) + (percent ? "%" : "");
}

Tolerance parse_tolerance(const std::string& text) {
    Tolerance t;
    std::string digits = text;
    if (!digits.empty() && digits.back() == '%') {
        t.percent = true;
        digits.pop_back();
    }
    std::size_t used = 0;
    try {
        t.amount = std::stod(digits, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (digits.empty() || used != digits.size() || !std::isfinite(t.amount) || t.amount < 0)
        throw std::invalid_argument("tolerance '" + text +
                                    "': must be points, a number at least 0 (e.g. 10), or a "
                                    "percentage of the board's baseline score (e.g. 2.5%)");
    return t;
}

const char* model_name(ratings::SprtModel model) {
    return model == ratings::SprtModel::normalized ? "normalized" : "logistic";
}

const std::set<match::Outcome>& failure_kinds() {
    static const std::set<match::Outcome> kinds = {match::Outcome::timeout, match::Outcome::crash,
                                                   match::Outcome::invalid};
    return kinds;
}

GateConfig load_gate_config(const fs::path& file) {
    std::string text;
    try {
        text = files::read_text(file, files::kConfigFile);
    } catch (const files::FileError& e) {
        throw ConfigError(e.what());
    }
    return load_gate_config_text(text, file);
}

GateConfig load_gate_config_text(const std::string& text, const fs::path& file) {
    // Parsed once, in the file's order (the gate's fields are read in that order: the first
    // wrong one is named); the tournament reader gets a copy of the same values.
    const Json ordered = tournament::parse_config_object<Json>(text, file);
    const nlohmann::json root(ordered);
    const FieldReader fields(file, root);
    const std::optional<std::string> candidate = read_candidate(fields);
    // "gate" and "candidate" are the gate's; the rest is a tournament config, whose games
    // between bots are the candidate's gauntlet.
    tournament::ConfigReadOptions options;
    options.caller_fields = {"gate", "candidate"};
    options.versus_format = tournament::Format::gauntlet;
    options.versus_format_why =
        "a gate plays the candidate's games only: use \"gauntlet\" or leave it out";
    GateConfig config;
    config.file = file;
    config.tournament = tournament::read_config(root, file, options);
    config.seed_count_given = config.tournament.seed_count_given;
    set_candidate(fields, candidate, config.tournament);
    config.gate.baseline = file.parent_path() / (file.stem().string() + ".baseline.json");
    const Json gate = ordered.contains("gate") ? ordered["gate"] : Json::object();
    read_gate(fields, gate, config.tournament.game, is_versus_game(config.tournament.game),
              config.gate);
    return config;
}

void apply_overrides(GateConfig& config, const GateOverrides& o) {
    tournament::TournamentConfig& t = config.tournament;
    if (o.candidate) {
        const std::size_t i = bot_index(t, *o.candidate);
        if (i == t.bots.size())
            throw ConfigError("--candidate: '" + *o.candidate + "' is not a bot of " +
                              config.file.string() + " (" + bot_list(t) + ")");
        t.candidate = i;
    }
    set_bot_commands(config, o, t);
    check_kind_of_overrides(is_versus_game(t.game), o);
    SprtSettings& s = config.gate.sprt;
    s.elo0 = o.elo0.value_or(s.elo0);
    s.elo1 = o.elo1.value_or(s.elo1);
    s.alpha = o.alpha.value_or(s.alpha);
    s.beta = o.beta.value_or(s.beta);
    s.model = o.model.value_or(s.model);
    check_sprt(s, "SPRT settings: ");
    if (o.max_games) config.gate.max_games = o.max_games;
    if (o.inconclusive) config.gate.inconclusive = *o.inconclusive;
    if (o.allow_failures) config.gate.allowed_failures = failure_kinds();
    if (o.baseline) config.gate.baseline = *o.baseline;
    if (o.tolerance) config.gate.tolerance = *o.tolerance;
}

}  // namespace arena::gate
