#include "arena/tournament/config.hpp"

#include <algorithm>
#include <limits>
#include <set>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/tournament/config_fields.hpp"
#include "arena/tournament/game_ids.hpp"

namespace arena::tournament {

referee::Testcase testcase_from_file(const referee::GameInfo& game,
                                     const std::filesystem::path& file) {
    std::string text;
    try {
        text = files::read_text(file, files::kBoardFile);
    } catch (const files::FileError& e) {
        throw std::invalid_argument(e.what());  // as a bad board file is reported
    }
    try {
        // Checked now, with the reason, not mid-tournament.
        return referee::testcase_from_text(game, std::move(text), file.stem().string(),
                                           file.string());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(game.testcases.noun + " file '" + file.string() +
                                    "': " + e.what());
    }
}

std::vector<std::int64_t> seeds_from_master(std::int64_t master, int count) {
    // SplitMix64 (Steele, Lea, Flood 2014): a tiny, well-mixed, fixed sequence.
    std::uint64_t state = static_cast<std::uint64_t>(master);
    std::vector<std::int64_t> seeds;
    for (int i = 0; i < count; ++i) {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        seeds.push_back(static_cast<std::int64_t>(z ^ (z >> 31)));
    }
    return seeds;
}

std::uint64_t scheduled_games(const TournamentConfig& config) {
    // Saturating products: a config may ask for more games than 64 bits count.
    constexpr std::uint64_t kMany = std::numeric_limits<std::uint64_t>::max();
    auto times = [](std::uint64_t a, std::uint64_t b) {
        return b != 0 && a > kMany / b ? kMany : a * b;
    };
    if (config.seeds.empty()) return times(config.bots.size(), config.testcases.size());
    const std::uint64_t k = static_cast<std::uint64_t>(config.players_per_game);
    // Groups: k of the n bots (round robin), or the candidate with k-1 of the others (gauntlet).
    std::uint64_t n = config.bots.size(), choose = k;
    if (config.format == Format::gauntlet) --n, --choose;
    std::uint64_t groups = 1;  // C(n, choose), exact at every step
    for (std::uint64_t i = 1; i <= choose && i <= n; ++i) {
        const std::uint64_t up = times(groups, n - choose + i);
        groups = up == kMany ? kMany : up / i;
    }
    std::uint64_t orders = k;  // rotations; every permutation: k!
    if (config.seat_orders == SeatOrders::all)
        for (std::uint64_t i = k - 1; i > 1; --i) orders = times(orders, i);
    return times(times(times(groups, orders), static_cast<std::uint64_t>(config.games_per_seed)),
                 config.seeds.size());
}

match::MatchOptions match_options(const TournamentConfig& config) {
    match::MatchOptions options;
    options.time_scale = config.time_scale;
    options.time_margin_ms = config.time_margin_ms;
    options.startup_ms = config.startup_ms;
    options.no_time_limit = config.no_time_limit;
    return options;
}

std::string format_name(Format format) {
    return format == Format::gauntlet ? "gauntlet" : "round-robin";
}

std::string log_retention_name(LogRetention logs) {
    return logs == LogRetention::all ? "all" : logs == LogRetention::failed ? "failed" : "none";
}

std::string log_compression_name(files::LogCompression compression) {
    switch (compression) {
        case files::LogCompression::zstd:
            return "zstd";
        case files::LogCompression::zstd_fast:
            return "zstd-fast";
        case files::LogCompression::none:
            break;
    }
    return "none";
}

namespace {

// ---- test cases ("boards") --------------------------------------------------------------------

// The games with built-in test cases, for "only SameGame has boards".
std::string catalogue_games() {
    std::string titles;
    for (const referee::GameInfo& game : referee::games()) {
        if (game.testcases.form == referee::TestcaseForm::catalogue)
            titles += (titles.empty() ? "" : ", ") + game.title;
    }
    return titles;
}

// One entry of a "boards" list: a built-in test case's number, or a file.
referee::Testcase read_testcase(const FieldReader& fields, const referee::GameInfo& game,
                                const nlohmann::json& entry, const std::string& field) {
    const std::string& noun = game.testcases.noun;
    const int builtins = referee::builtin_testcase_count(game);
    if (entry.is_number()) {
        const auto number = numbers::from_json(entry, {1, builtins});
        if (!number)
            fields.fail(field, "there is no built-in " + noun + " " + entry.dump() +
                                   ": CodinGame's " + noun + "s are numbered 1 to " +
                                   std::to_string(builtins));
        return referee::builtin_testcase(game, static_cast<int>(*number));
    }
    if (entry.is_string()) {
        // Files are relative to the config file, so a config and its boards move together.
        std::filesystem::path path = entry.get<std::string>();
        if (path.is_relative()) path = fields.file().parent_path() / path;
        return testcase_from_file(game, path);
    }
    fields.fail(field, "must be a " + noun + " number (1-" + std::to_string(builtins) + ") or a " +
                           noun + " file path");
}

// "boards": a named set, or a list of numbers and files; absent: every built-in one.
void read_testcases(const FieldReader& fields, const referee::GameInfo& game,
                    TournamentConfig& config) {
    const nlohmann::json* boards = fields.find("boards");
    if (game.testcases.form != referee::TestcaseForm::catalogue) {
        if (boards)
            fields.fail("boards", "only " + catalogue_games() + " has boards; " + config.game +
                                      " games are set by \"seeds\"");
    } else if (!boards) {
        config.testcases = referee::testcase_set(game, "all");
    } else if (boards->is_string()) {
        try {
            config.testcases = referee::testcase_set(game, boards->get<std::string>());
        } catch (const std::invalid_argument& e) {
            fields.fail("boards", e.what());
        }
    } else if (boards->is_array() && !boards->empty()) {
        for (std::size_t i = 0; i < boards->size(); ++i) {
            const std::string field = "boards[" + std::to_string(i) + "]";
            try {
                config.testcases.push_back(read_testcase(fields, game, (*boards)[i], field));
            } catch (const std::invalid_argument& e) {
                fields.fail(field, e.what());
            }
        }
        std::set<std::string> seen;
        for (const referee::Testcase& t : config.testcases) {
            if (!seen.insert(t.name).second)
                fields.fail("boards", game.testcases.noun + " '" + t.name + "' is listed twice");
        }
    } else {
        fields.fail("boards", "must be \"all\", \"tests\", \"validators\" or a non-empty list");
    }
}

// ---- who meets whom ---------------------------------------------------------------------------

// A puzzle: one bot per game, on every test case; the versus fields make no sense.
void refuse_versus_fields(const FieldReader& fields, const ConfigReadOptions& options,
                          TournamentConfig& config) {
    for (const char* field :
         {"seeds", "games_per_seed", "players_per_game", "format", "candidate", "seat_orders"}) {
        if (fields.find(field) && !options.caller_fields.count(field))
            fields.fail(field, "not used by " + config.game +
                                   " (a 1-player game on boards; every bot plays every board)");
    }
    config.players_per_game = 1;
}

void read_players_per_game(const FieldReader& fields, const referee::GameInfo& game,
                           TournamentConfig& config) {
    const int bots = static_cast<int>(config.bots.size());
    config.players_per_game = std::min(game.max_players, std::max(game.min_players, bots));
    if (const nlohmann::json* k = fields.find("players_per_game"))
        config.players_per_game =
            fields.whole_number(*k, "players_per_game", game.min_players, game.max_players);
    if (bots < config.players_per_game) {
        const char* article =
            std::string_view("aeiou").find(config.game.front()) == std::string_view::npos ? "a "
                                                                                          : "an ";
        fields.fail("bots", article + config.game + " game needs " +
                                std::to_string(config.players_per_game) + " players but only " +
                                std::to_string(bots) +
                                " bot(s) are listed (a bot can be listed twice under two names)");
    }
}

// "format" and "candidate".
void read_format(const FieldReader& fields, const ConfigReadOptions& options,
                 TournamentConfig& config) {
    if (options.versus_format) {
        config.format = *options.versus_format;  // its field was checked first of all
    } else if (const nlohmann::json* f = fields.find("format")) {
        const std::string format = fields.string(*f, "format");
        if (format == "round-robin")
            config.format = Format::round_robin;
        else if (format == "gauntlet")
            config.format = Format::gauntlet;
        else
            fields.fail("format", "'" + format + "': use \"round-robin\" or \"gauntlet\"");
    }
    if (options.caller_fields.count("candidate")) return;
    if (const nlohmann::json* c = fields.find("candidate")) {
        const std::string name = fields.string(*c, "candidate");
        auto it = std::find_if(config.bots.begin(), config.bots.end(),
                               [&](const match::PlayerSpec& b) { return b.name == name; });
        if (it == config.bots.end())
            fields.fail("candidate", "'" + name + "' is not the name of a bot in \"bots\"");
        if (config.format != Format::gauntlet)
            fields.fail("candidate", "only used with \"format\": \"gauntlet\"");
        config.candidate = static_cast<std::size_t>(it - config.bots.begin());
    }
}

// Games between bots: seeds, games_per_seed, players_per_game, format, candidate, seat_orders.
void read_versus_fields(const FieldReader& fields, const referee::GameInfo& game,
                        const ConfigReadOptions& options, TournamentConfig& config) {
    SeedList seeds = fields.seeds(fields.find("seeds"));
    config.seeds = std::move(seeds.seeds);
    config.master_seed = seeds.master;
    config.seed_count_given = seeds.count_given;
    if (const nlohmann::json* g = fields.find("games_per_seed"))
        config.games_per_seed = fields.whole_number(*g, "games_per_seed", 1, 1000);
    read_players_per_game(fields, game, config);
    read_format(fields, options, config);
    if (const nlohmann::json* o = fields.find("seat_orders")) {
        const std::string orders = fields.string(*o, "seat_orders");
        if (orders == "all")
            config.seat_orders = SeatOrders::all;
        else if (orders == "rotations")
            config.seat_orders = SeatOrders::rotations;
        else
            fields.fail("seat_orders",
                        "'" + orders + "': use \"all\" (every permutation) or \"rotations\"");
    }
}

// "time": {"scale": 1.0, "margin_ms": 0}.
void read_time(const FieldReader& fields, TournamentConfig& config) {
    const nlohmann::json* time = fields.find("time");
    if (!time) return;
    if (!time->is_object())
        fields.fail("time", "must be an object {\"scale\": 1.0, \"margin_ms\": 0}");
    fields.check_fields(*time, "time", {"scale", "margin_ms", "startup_ms"});
    for (const auto& [key, value] : time->items()) {
        if (key == "scale") {
            // Below 0.01 a 50 ms limit would round to nothing: every turn a timeout.
            if (!value.is_number() || !(value.get<double>() >= 0.01) || value.get<double>() > 1000)
                fields.fail("time.scale",
                            "must be a number from 0.01 to 1000 (1 = CodinGame's limits), got " +
                                value.dump());
            config.time_scale = value.get<double>();
        } else if (key == "margin_ms") {
            config.time_margin_ms = fields.whole_number(value, "time.margin_ms", -1000, 600000);
        } else if (key == "startup_ms") {
            config.startup_ms = fields.whole_number(value, "time.startup_ms", 0, 600000);
        }
    }
}

// ---- bots -------------------------------------------------------------------------------------

// "limits": {"memory_mb": 512, "cpu_seconds": 60, "processes": 256, "file_size_mb": 64}; the
// fields given replace those of `limits`.
void read_limits(const FieldReader& fields, const nlohmann::json& value, const std::string& field,
                 process::Limits& limits) {
    if (!value.is_object())
        fields.fail(field, "must be an object such as {\"memory_mb\": 512, \"cpu_seconds\": 60}");
    fields.check_fields(value, field, {"memory_mb", "cpu_seconds", "processes", "file_size_mb"});
    for (const auto& [key, limit] : value.items()) {
        const std::string name = field + "." + key;
        if (key == "memory_mb")
            limits.memory_mb = fields.whole_number(limit, name, kMemoryMbRange);
        else if (key == "cpu_seconds")
            limits.cpu_seconds = fields.whole_number(limit, name, kCpuSecondsRange);
        else if (key == "processes")
            limits.processes = fields.whole_number(limit, name, kProcessesRange);
        else if (key == "file_size_mb")
            limits.file_size_mb = fields.whole_number(limit, name, kFileSizeMbRange);
    }
}

// What starts the bot: a "command", or a "source" file that tournament/bot_build.hpp builds
// (with its own "build" command, if any) before the first game.
void read_program(const FieldReader& fields, const nlohmann::json& bot, const std::string& field,
                  match::PlayerSpec& spec) {
    if (bot.contains("command") && bot.contains("source"))
        fields.fail(field + ".source",
                    "a bot has a \"command\" or a \"source\" file to build, not both: remove "
                    "one (docs/bots-from-source.md)");
    if (bot.contains("source")) {
        spec.source = fields.string(bot["source"], field + ".source");
        if (spec.source.empty()) fields.fail(field + ".source", "must not be empty");
        if (bot.contains("build")) spec.build = fields.string(bot["build"], field + ".build");
        return;
    }
    if (bot.contains("build"))
        fields.fail(field + ".build",
                    "a \"build\" command needs a \"source\" file to build: add \"source\"");
    if (!bot.contains("command"))
        fields.fail(field + ".command",
                    "missing: the command line that starts the bot (or a \"source\" file to "
                    "build)");
    spec.command = fields.string(bot["command"], field + ".command");
}

match::PlayerSpec read_bot(const FieldReader& fields, const nlohmann::json& bot,
                           const std::string& field, const TournamentConfig& config) {
    if (!bot.is_object()) fields.fail(field, "must be an object {\"name\": ..., \"command\": ...}");
    // A misspelled field first: "comand" is named as such, not as a missing "command".
    fields.check_fields(bot, field,
                        {"name", "command", "source", "build", "working_dir", "limits", "sandbox"});
    match::PlayerSpec spec;
    read_program(fields, bot, field, spec);
    spec.name = bot.contains("name")  ? fields.string(bot["name"], field + ".name")
                : spec.source.empty() ? spec.command
                                      : spec.source;
    if (bot.contains("working_dir"))
        spec.working_dir = fields.string(bot["working_dir"], field + ".working_dir");
    process::Limits limits = config.limits;
    if (bot.contains("limits")) read_limits(fields, bot["limits"], field + ".limits", limits);
    if (limits.any()) spec.limits = limits;
    const bool sandbox = bot.contains("sandbox")
                             ? fields.boolean(bot["sandbox"], field + ".sandbox")
                             : config.sandbox;
    if (sandbox) spec.sandbox = true;
    if (spec.name.empty()) fields.fail(field + ".name", "must not be empty");
    // Names are printed on terminals and in Markdown tables: no control characters.
    const std::string shown = terminal::visible(spec.name);
    if (shown != spec.name)
        fields.fail(field + ".name", "'" + shown +
                                         "' holds control characters (shown escaped): give the "
                                         "bot a printable name");
    return spec;
}

// "limits" and "sandbox" (every bot's defaults), then "bots".
void read_bots(const FieldReader& fields, TournamentConfig& config) {
    if (const nlohmann::json* limits = fields.find("limits"))
        read_limits(fields, *limits, "limits", config.limits);
    if (const nlohmann::json* sandbox = fields.find("sandbox"))
        config.sandbox = fields.boolean(*sandbox, "sandbox");
    const nlohmann::json* bots = fields.find("bots");
    if (!bots || !bots->is_array() || bots->empty())
        fields.fail("bots", "must be a non-empty list of {\"name\": ..., \"command\": ...}");
    std::set<std::string> names;
    for (std::size_t i = 0; i < bots->size(); ++i) {
        const std::string field = "bots[" + std::to_string(i) + "]";
        match::PlayerSpec spec = read_bot(fields, (*bots)[i], field, config);
        if (!names.insert(spec.name).second)
            fields.fail(field + ".name", "'" + spec.name + "' is used twice; names must be unique");
        config.bots.push_back(std::move(spec));
    }
}

// ---- the whole config -------------------------------------------------------------------------

// The caller's fixed format, checked before anything else (as the gate always did): a config's
// "format" may only repeat it.
void check_versus_format(const FieldReader& fields, const nlohmann::json& root,
                         const ConfigReadOptions& options) {
    const auto game_field = root.find("game");
    const auto format_field = root.find("format");
    if (!options.versus_format || format_field == root.end() || game_field == root.end() ||
        !game_field->is_string())
        return;
    const referee::GameInfo* game = referee::find_game(game_field->get<std::string>());
    if (!game || game->kind != referee::GameKind::versus) return;
    if (*format_field != format_name(*options.versus_format))
        fields.fail("format", options.versus_format_why);
}

void check_known_fields(const FieldReader& fields, const nlohmann::json& root,
                        const ConfigReadOptions& options) {
    std::vector<std::string> known = {
        "game",         "bots",      "boards",      "seeds", "games_per_seed",  "players_per_game",
        "format",       "candidate", "seat_orders", "time",  "concurrency",     "out",
        "limits",       "sandbox",   "games",       "logs",  "log_compression", "referee",
        "build_timeout"};
    for (const std::string& field : options.caller_fields) {
        if (std::find(known.begin(), known.end(), field) == known.end()) known.push_back(field);
    }
    std::string known_text;
    for (const std::string& field : known) known_text += (known_text.empty() ? "" : ", ") + field;
    fields.check_fields(root, "", known, known_text + "; see configs/README.md");
}

const referee::GameInfo& read_game(const FieldReader& fields, TournamentConfig& config) {
    const nlohmann::json* game = fields.find("game");
    if (const nlohmann::json* external = fields.find("referee")) {
        if (game)
            fields.fail("referee",
                        "a config has \"game\" (a game arena knows) or \"referee\" (a game played "
                        "through an external referee, docs/other-games.md), not both: remove one");
        // Registered under its name: every layer above finds it as it finds a built-in game.
        const referee::GameInfo& info = register_referee(fields, *external);
        config.game = info.name;
        return info;
    }
    if (!game)
        fields.fail("game", "missing: say which game, e.g. \"" + referee::games().front().name +
                                "\", or give \"referee\" for a game played through an external "
                                "referee (docs/other-games.md)");
    try {
        // Any case ("SameGame"); the run's files and records carry the registry's name.
        const referee::GameInfo& info = referee::game_info(fields.string(*game, "game"));
        config.game = info.name;
        return info;
    } catch (const std::invalid_argument& e) {
        fields.fail("game", e.what());
    }
}

void check_schedule_size(const FieldReader& fields, const TournamentConfig& config) {
    const std::uint64_t games = scheduled_games(config);
    if (games <= kMaxGames) return;
    fields.fail(config.seeds.empty() ? "bots" : "seeds",
                "the schedule would have " + std::to_string(games) +
                    " games; a tournament has at most " + std::to_string(kMaxGames) +
                    " (they must fit in memory): " +
                    (config.seeds.empty() ? "list fewer bots or boards"
                                          : "use fewer seeds, games_per_seed or bots"));
}

// "concurrency", "out", "games", "build_timeout".
void read_run_fields(const FieldReader& fields, TournamentConfig& config) {
    if (const nlohmann::json* t = fields.find("build_timeout"))
        config.build_timeout = fields.whole_number(*t, "build_timeout", kBuildTimeoutRange);
    if (const nlohmann::json* c = fields.find("concurrency"))
        config.concurrency = fields.whole_number(*c, "concurrency", 1, kMaxConcurrency);
    if (const nlohmann::json* out = fields.find("out")) config.out = fields.string(*out, "out");
    if (const nlohmann::json* games = fields.find("games"))
        config.games = static_cast<std::size_t>(fields.whole_number(
            *games, "games", numbers::Range{1, static_cast<std::int64_t>(kMaxGames)}));
}

// One of `names` (a string field such as "logs"): its index. Anything else is refused with the
// names allowed and the closest one.
std::size_t read_choice(const FieldReader& fields, const char* field,
                        const std::vector<std::string>& names, const std::string& what) {
    const std::string given = fields.string(*fields.find(field), field);
    const auto it = std::find(names.begin(), names.end(), given);
    if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
    std::string allowed;
    for (std::size_t i = 0; i < names.size(); ++i)
        allowed += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("\"" + names[i] + "\"");
    const std::optional<std::string> close = closest_name(given, names);
    fields.fail(field, "'" + given + "': " + (close ? "did you mean \"" + *close + "\"? " : "") +
                           "use " + allowed + " (" + what + ")");
}

// "logs": "all" | "failed" | "none"; "log_compression": "zstd" | "zstd-fast" | "none".
void read_log_fields(const FieldReader& fields, TournamentConfig& config) {
    if (fields.find("logs")) {
        constexpr LogRetention kRetentions[] = {LogRetention::all, LogRetention::failed,
                                                LogRetention::none};
        config.logs = kRetentions[read_choice(fields, "logs", {"all", "failed", "none"},
                                              "which games keep their log in games/")];
    }
    if (fields.find("log_compression")) {
        constexpr files::LogCompression kForms[] = {files::LogCompression::zstd,
                                                    files::LogCompression::zstd_fast,
                                                    files::LogCompression::none};
        config.log_compression = kForms[read_choice(
            fields, "log_compression", {"zstd", "zstd-fast", "none"},
            "logs written as games/<id>.json.zst, compressed hard or fast, or as .json")];
    }
}

}  // namespace

nlohmann::json parse_config_text(const std::string& text, const std::filesystem::path& file) {
    return parse_config_object<nlohmann::json>(text, file);
}

TournamentConfig read_config(const nlohmann::json& root, const std::filesystem::path& file,
                             const ConfigReadOptions& options) {
    if (!root.is_object()) throw ConfigError(file.string() + ": must be a JSON object");
    const FieldReader fields(file, root);
    check_versus_format(fields, root, options);
    check_known_fields(fields, root, options);
    TournamentConfig config;
    const referee::GameInfo& game = read_game(fields, config);
    read_bots(fields, config);
    read_testcases(fields, game, config);
    if (game.kind == referee::GameKind::puzzle)
        refuse_versus_fields(fields, options, config);
    else
        read_versus_fields(fields, game, options, config);
    read_time(fields, config);
    check_schedule_size(fields, config);
    read_run_fields(fields, config);
    read_log_fields(fields, config);
    // Names become file names: refuse now those that would share one, not at the first game.
    if (const std::string clash = game_id_clash(config); !clash.empty()) fields.fail("bots", clash);
    return config;
}

TournamentConfig load_config(const std::filesystem::path& file) {
    std::string text;
    try {
        text = files::read_text(file, files::kConfigFile);
    } catch (const files::FileError& e) {
        throw ConfigError(e.what());
    }
    return load_config_text(text, file);
}

TournamentConfig load_config_text(const std::string& text, const std::filesystem::path& file) {
    return read_config(parse_config_text(text, file), file);
}

}  // namespace arena::tournament
