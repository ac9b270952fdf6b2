// The run's config as it is played: resized by --games, and as OUT/config.json keeps it so that
// --resume, standings and merge find the same schedule (runner.hpp declares both).
#include <algorithm>

#include "arena/match/external_game.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tournament/schedule.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

nlohmann::ordered_json effective_config(const TournamentConfig& config, const RunOptions& options) {
    nlohmann::ordered_json bots = nlohmann::ordered_json::array();
    for (const match::PlayerSpec& b : config.bots) {
        // A bot built from source keeps its "source" (not the cache's program): --resume
        // builds it again, or finds it in the cache.
        nlohmann::ordered_json bot = bot_program_json(b);
        if (!b.working_dir.empty()) bot["working_dir"] = b.working_dir;
        // Each bot's own limits and sandbox (command-line ones included), as config fields.
        if (b.limits && b.limits->any()) {
            nlohmann::ordered_json limits = nlohmann::ordered_json::object();
            if (b.limits->memory_mb) limits["memory_mb"] = *b.limits->memory_mb;
            if (b.limits->cpu_seconds) limits["cpu_seconds"] = *b.limits->cpu_seconds;
            if (b.limits->processes) limits["processes"] = *b.limits->processes;
            if (b.limits->file_size_mb) limits["file_size_mb"] = *b.limits->file_size_mb;
            bot["limits"] = limits;
        }
        if (b.sandbox.value_or(false)) bot["sandbox"] = true;
        bots.push_back(bot);
    }
    nlohmann::ordered_json boards = nlohmann::ordered_json::array();
    for (const referee::Testcase& t : config.testcases) {
        // A board file by its absolute path: config.json is read from OUT, not from where the
        // config was.
        if (t.board_number)
            boards.push_back(t.board_number);
        else
            boards.push_back(fs::absolute(t.title).lexically_normal().string());
    }
    // Written so that it loads again as a config and gives the same schedule.
    // An external referee's game keeps its spec: the directory alone registers it again.
    nlohmann::ordered_json effective = nlohmann::ordered_json::object();
    if (const match::ExternalGameSpec* spec = match::external_game_spec(config.game))
        effective["referee"] = match::to_json(*spec);
    else
        effective["game"] = config.game;
    effective["bots"] = bots;
    if (config.seeds.empty()) {
        effective["boards"] = boards;
    } else {
        // Seeds drawn from a master seed stay so: --resume --games N can draw more of them.
        if (config.master_seed)
            effective["seeds"] = {{"count", config.seeds.size()}, {"master", *config.master_seed}};
        else
            effective["seeds"] = config.seeds;
        effective["games_per_seed"] = config.games_per_seed;
        effective["players_per_game"] = config.players_per_game;
        effective["format"] = config.format == Format::gauntlet ? "gauntlet" : "round-robin";
        if (config.format == Format::gauntlet)
            effective["candidate"] = config.bots[config.candidate].name;
        effective["seat_orders"] = config.seat_orders == SeatOrders::all ? "all" : "rotations";
    }
    effective["time"] = {{"scale", config.time_scale},
                         {"margin_ms", config.time_margin_ms},
                         {"startup_ms", config.startup_ms}};
    if (config.games) effective["games"] = *config.games;
    // Which logs are kept and how (configs/README.md): --resume goes on the same way.
    effective["logs"] = log_retention_name(config.logs);
    effective["log_compression"] = log_compression_name(config.log_compression);
    effective["concurrency"] = options.concurrency;
    if (config.build_timeout) effective["build_timeout"] = *config.build_timeout;
    effective["out"] = options.out.string();
    return effective;
}

std::string resize_to_games(TournamentConfig& config, std::size_t games) {
    if (games == 0 || games > kMaxGames)
        throw std::invalid_argument("must be from 1 to " + std::to_string(kMaxGames) + " games");
    if (config.seeds.empty()) {
        const std::size_t per_board = config.bots.size();
        const std::size_t boards =
            std::min(config.testcases.size(), (games + per_board - 1) / per_board);
        config.testcases.resize(boards);
        return std::to_string(boards) + " board(s) x " + std::to_string(per_board) + " bot(s)";
    }
    TournamentConfig one_seed = config;
    one_seed.seeds.resize(1);
    const std::size_t per_seed = Schedule(one_seed).size();
    const std::size_t seeds = (games + per_seed - 1) / per_seed;
    if (config.master_seed) {
        config.seeds = seeds_from_master(*config.master_seed, static_cast<int>(seeds));
    } else if (seeds <= config.seeds.size()) {
        config.seeds.resize(seeds);
    } else {
        throw std::invalid_argument(
            std::to_string(games) + " games need " + std::to_string(seeds) + " seeds (" +
            std::to_string(per_seed) + " games per seed) but the config lists " +
            std::to_string(config.seeds.size()) +
            ": list more seeds, or give \"seeds\" as a count to draw them from a master seed");
    }
    return std::to_string(seeds) + " seed(s) x " + std::to_string(per_seed) + " games";
}

}  // namespace arena::tournament
