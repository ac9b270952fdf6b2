#include "arena/tournament/config.hpp"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/numbers.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/tournament/game_ids.hpp"
#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"
#include "referees/samegame/samegame.hpp"

namespace arena::tournament {

namespace {

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
    try {
        t.text = files::read_text(file);
    } catch (const files::FileError& e) {
        throw std::invalid_argument(e.what());  // as a bad board file is reported
    }
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

namespace {

int builtin_board_count() {
    return static_cast<int>(referee::samegame_boards().size());
}

std::int64_t whole_number(const FieldReader& fields, const nlohmann::json& value,
                          const std::string& field, numbers::Range range) {
    const std::optional<std::int64_t> n = numbers::from_json(value, range);
    if (!n) fields.fail(field, "must be " + numbers::describe(range) + ", got " + value.dump());
    return *n;
}

int whole_number(const FieldReader& fields, const nlohmann::json& value, const std::string& field,
                 int min, int max) {
    return static_cast<int>(whole_number(fields, value, field, numbers::Range{min, max}));
}

// A CodinGame seed: any signed 64-bit value, never wrapped.
std::int64_t seed_number(const FieldReader& fields, const nlohmann::json& value,
                         const std::string& field) {
    return whole_number(fields, value, field, numbers::kInt64);
}

// seeds, games_per_seed, players_per_game, format, candidate, seat_orders, time.
void read_matchmaking(const FieldReader& fields, const referee::GameInfo& info,
                      TournamentConfig& config) {
    const bool samegame = !info.seeded;
    if (samegame) {
        for (const char* field : {"seeds", "games_per_seed", "players_per_game", "format",
                                  "candidate", "seat_orders"}) {
            if (fields.find(field))
                fields.fail(field, "not used by " + config.game +
                                       " (a 1-player game on boards; every bot plays every board)");
        }
        config.players_per_game = 1;
    } else {
        // Seeds: a count drawn from a master seed, or an explicit list.
        const nlohmann::json* seeds = fields.find("seeds");
        constexpr int kDefaultSeedCount = 10;
        constexpr std::int64_t kDefaultMasterSeed = 1;
        if (!seeds) {
            config.master_seed = kDefaultMasterSeed;
            config.seeds = seeds_from_master(kDefaultMasterSeed, kDefaultSeedCount);
        } else if (seeds->is_number()) {
            config.master_seed = kDefaultMasterSeed;
            config.seeds = seeds_from_master(kDefaultMasterSeed,
                                             whole_number(fields, *seeds, "seeds", 1, 1000000));
        } else if (seeds->is_object()) {
            for (const auto& [key, value] : seeds->items()) {
                if (key != "count" && key != "master")
                    fields.fail("seeds." + key, "unknown field (known: count, master)");
            }
            const int count = seeds->contains("count") ? whole_number(fields, seeds->at("count"),
                                                                      "seeds.count", 1, 1000000)
                                                       : kDefaultSeedCount;
            std::int64_t master = kDefaultMasterSeed;
            if (seeds->contains("master"))
                master = seed_number(fields, seeds->at("master"), "seeds.master");
            config.master_seed = master;
            config.seeds = seeds_from_master(master, count);
        } else if (seeds->is_array() && !seeds->empty()) {
            std::set<std::int64_t> seen;
            for (std::size_t i = 0; i < seeds->size(); ++i) {
                const std::string field = "seeds[" + std::to_string(i) + "]";
                const std::int64_t seed = seed_number(fields, (*seeds)[i], field);
                if (!seen.insert(seed).second)
                    fields.fail(field, std::to_string(seed) + " is listed twice");
                config.seeds.push_back(seed);
            }
        } else {
            fields.fail("seeds",
                        "must be a count (e.g. 50), {\"count\": N, \"master\": S}, or a "
                        "non-empty list of seeds");
        }

        if (const nlohmann::json* g = fields.find("games_per_seed"))
            config.games_per_seed = whole_number(fields, *g, "games_per_seed", 1, 1000);

        const int bots = static_cast<int>(config.bots.size());
        config.players_per_game = std::min(info.max_players, std::max(info.min_players, bots));
        if (const nlohmann::json* k = fields.find("players_per_game"))
            config.players_per_game =
                whole_number(fields, *k, "players_per_game", info.min_players, info.max_players);
        if (bots < config.players_per_game) {
            fields.fail("bots", "a " + config.game + " game needs " +
                                    std::to_string(config.players_per_game) + " players but only " +
                                    std::to_string(bots) +
                                    " bot(s) are listed (a bot can be listed twice under two "
                                    "names)");
        }

        if (const nlohmann::json* f = fields.find("format")) {
            const std::string format = fields.string(*f, "format");
            if (format == "round-robin")
                config.format = Format::round_robin;
            else if (format == "gauntlet")
                config.format = Format::gauntlet;
            else
                fields.fail("format", "'" + format + "': use \"round-robin\" or \"gauntlet\"");
        }
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

    if (const nlohmann::json* time = fields.find("time")) {
        if (!time->is_object())
            fields.fail("time", "must be an object {\"scale\": 1.0, \"margin_ms\": 0}");
        for (const auto& [key, value] : time->items()) {
            if (key == "scale") {
                // Below 0.01 a 50 ms limit would round to nothing: every turn a timeout.
                if (!value.is_number() || !(value.get<double>() >= 0.01) ||
                    value.get<double>() > 1000)
                    fields.fail("time.scale",
                                "must be a number from 0.01 to 1000 (1 = CodinGame's limits), "
                                "got " +
                                    value.dump());
                config.time_scale = value.get<double>();
            } else if (key == "margin_ms") {
                config.time_margin_ms =
                    whole_number(fields, value, "time.margin_ms", -1000, 600000);
            } else {
                fields.fail("time." + key, "unknown field (known: scale, margin_ms)");
            }
        }
    }
}

}  // namespace

namespace {

// "limits": {"memory_mb": 512, "cpu_seconds": 60, "processes": 256, "file_size_mb": 64}; the
// fields given replace those of `limits`.
void read_limits(const FieldReader& fields, const nlohmann::json& value, const std::string& field,
                 process::Limits& limits) {
    if (!value.is_object())
        fields.fail(field, "must be an object such as {\"memory_mb\": 512, \"cpu_seconds\": 60}");
    for (const auto& [key, limit] : value.items()) {
        const std::string name = field + "." + key;
        if (key == "memory_mb")
            limits.memory_mb = whole_number(fields, limit, name, kMemoryMbRange);
        else if (key == "cpu_seconds")
            limits.cpu_seconds = whole_number(fields, limit, name, kCpuSecondsRange);
        else if (key == "processes")
            limits.processes = whole_number(fields, limit, name, kProcessesRange);
        else if (key == "file_size_mb")
            limits.file_size_mb = whole_number(fields, limit, name, kFileSizeMbRange);
        else
            fields.fail(name,
                        "unknown field (known: memory_mb, cpu_seconds, processes, "
                        "file_size_mb)");
    }
}

bool read_bool(const FieldReader& fields, const nlohmann::json& value, const std::string& field) {
    if (!value.is_boolean()) fields.fail(field, "must be true or false");
    return value.get<bool>();
}

}  // namespace

TournamentConfig load_config(const std::filesystem::path& file) {
    std::string text;
    try {
        text = files::read_text(file);
    } catch (const files::FileError& e) {
        throw ConfigError(e.what());
    }
    return load_config_text(text, file);
}

TournamentConfig load_config_text(const std::string& text, const std::filesystem::path& file) {
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(text, nullptr, true, /*ignore_comments=*/true);
    } catch (const nlohmann::json::exception& e) {
        // parse_error, or out_of_range for a number too large for any type (found by fuzz_config)
        throw ConfigError(file.string() + ": not valid JSON: " + errors::json_text(e));
    }
    if (!root.is_object()) throw ConfigError(file.string() + ": must be a JSON object");
    FieldReader fields(file, root);
    static const std::set<std::string> known = {
        "game",   "bots",      "boards",      "seeds", "games_per_seed", "players_per_game",
        "format", "candidate", "seat_orders", "time",  "concurrency",    "out",
        "limits", "sandbox",   "games"};
    for (const auto& [key, value] : root.items()) {
        if (!known.count(key)) {
            fields.fail(key,
                        "unknown field (known: game, bots, boards, seeds, games_per_seed, "
                        "players_per_game, format, candidate, seat_orders, time, concurrency, "
                        "out, limits, sandbox, games; see configs/README.md)");
        }
    }

    TournamentConfig config;
    const nlohmann::json* game = fields.find("game");
    if (!game) fields.fail("game", "missing: say which game, e.g. \"samegame\"");
    config.game = fields.string(*game, "game");
    referee::GameInfo info;
    try {
        info = referee::game_info(config.game);
    } catch (const std::invalid_argument& e) {
        fields.fail("game", e.what());
    }

    if (const nlohmann::json* limits = fields.find("limits"))
        read_limits(fields, *limits, "limits", config.limits);
    if (const nlohmann::json* sandbox = fields.find("sandbox"))
        config.sandbox = read_bool(fields, *sandbox, "sandbox");

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
        process::Limits limits = config.limits;
        if (bot.contains("limits")) read_limits(fields, bot["limits"], field + ".limits", limits);
        if (limits.any()) spec.limits = limits;
        const bool sandbox = bot.contains("sandbox")
                                 ? read_bool(fields, bot["sandbox"], field + ".sandbox")
                                 : config.sandbox;
        if (sandbox) spec.sandbox = true;
        for (const auto& [key, value] : bot.items()) {
            if (key != "name" && key != "command" && key != "working_dir" && key != "limits" &&
                key != "sandbox") {
                fields.fail(field + "." + key,
                            "unknown field (known: name, command, working_dir, limits, sandbox)");
            }
        }
        if (spec.name.empty()) fields.fail(field + ".name", "must not be empty");
        // Names are printed on terminals and in Markdown tables: no control characters.
        if (terminal::visible(spec.name) != spec.name)
            fields.fail(field + ".name", "'" + terminal::visible(spec.name) +
                                             "' holds control characters (shown escaped): "
                                             "give the bot a printable name");
        if (!names.insert(spec.name).second)
            fields.fail(field + ".name", "'" + spec.name + "' is used twice; names must be unique");
        config.bots.push_back(std::move(spec));
    }

    const nlohmann::json* boards = fields.find("boards");
    if (config.game != "samegame") {
        if (boards)
            fields.fail("boards",
                        "only SameGame has boards; " + config.game + " games are set by \"seeds\"");
    } else if (!boards) {
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
                if (entry.is_number()) {
                    const auto board = numbers::from_json(entry, {1, builtin_board_count()});
                    if (!board)
                        fields.fail(field, "there is no built-in board " + entry.dump() +
                                               ": CodinGame's boards are numbered 1 to " +
                                               std::to_string(builtin_board_count()));
                    config.testcases.push_back(samegame_testcase(static_cast<int>(*board)));
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

    read_matchmaking(fields, info, config);
    if (const std::uint64_t games = scheduled_games(config); games > kMaxGames) {
        fields.fail(config.seeds.empty() ? "bots" : "seeds",
                    "the schedule would have " + std::to_string(games) +
                        " games; a tournament has at most " + std::to_string(kMaxGames) +
                        " (they must fit in memory): " +
                        (config.seeds.empty() ? "list fewer bots or boards"
                                              : "use fewer seeds, games_per_seed or bots"));
    }

    if (const nlohmann::json* c = fields.find("concurrency")) {
        config.concurrency = whole_number(fields, *c, "concurrency", 1, kMaxConcurrency);
    }
    if (const nlohmann::json* out = fields.find("out")) config.out = fields.string(*out, "out");
    if (const nlohmann::json* games = fields.find("games"))
        config.games =
            static_cast<std::size_t>(whole_number(fields, *games, "games", 1, kMaxGames));
    // Names become file names: refuse now those that would share one, not at the first game.
    if (const std::string clash = game_id_clash(config); !clash.empty()) fields.fail("bots", clash);
    return config;
}

}  // namespace arena::tournament
