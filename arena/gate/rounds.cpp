#include "arena/gate/rounds.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/version.hpp"
#include "arena/gate/baseline.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/shards.hpp"

namespace arena::gate {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::size_t RoundPlan::first_seed(std::size_t round) const {
    return std::min(seeds, round * round_pairs);
}

RoundPlan plan_rounds(tournament::TournamentConfig& config, std::size_t round_pairs) {
    RoundPlan plan;
    if (config.seeds.empty()) return plan;  // puzzles: one round, every board
    plan.round_pairs = round_pairs;
    plan.rounds = (config.seeds.size() + round_pairs - 1) / round_pairs;
    if (config.master_seed)
        config.seeds =
            tournament::seeds_from_master(*config.master_seed, int(plan.rounds * round_pairs));
    plan.seeds = config.seeds.size();
    return plan;
}

tournament::TournamentConfig round_config(const tournament::TournamentConfig& planned,
                                          const RoundPlan& plan, std::size_t round) {
    tournament::TournamentConfig config = planned;
    if (planned.seeds.empty()) return config;
    config.seeds.assign(planned.seeds.begin() + long(plan.first_seed(round)),
                        planned.seeds.begin() + long(plan.first_seed(round + 1)));
    // A list, not {"count", "master"}: the round's config.json must name its own seeds.
    config.master_seed.reset();
    config.games.reset();
    return config;
}

std::size_t seed_index_of(const std::string& game_id) {
    std::size_t number = 0, i = 1;
    for (; i < game_id.size() && game_id[i] >= '0' && game_id[i] <= '9'; ++i)
        number = number * 10 + std::size_t(game_id[i] - '0');
    if (game_id.empty() || game_id[0] != 's' || i == 1 || number == 0)
        throw GateError("game '" + game_id + "' is not a seeded game of a gate (sNNNN-...)");
    return number - 1;
}

std::string gate_hash(const tournament::TournamentConfig& planned, const RoundPlan& plan) {
    Json games = tournament::effective_config(planned, {});
    games.erase("concurrency");
    games.erase("out");
    // Boards by name: a board file's path depends on where the repository is checked out.
    if (games.contains("boards")) {
        Json names = Json::array();
        for (const referee::Testcase& t : planned.testcases) names.push_back(t.name);
        games["boards"] = names;
    }
    games["candidate"] = planned.bots[planned.candidate].name;
    games["round_pairs"] = plan.round_pairs;
    return tournament::sha256_hex(games.dump());
}

void write_round_stamp(const fs::path& dir, const RoundStamp& s) {
    const Json json = {{"arena_version", s.arena_version},
                       {"gate_hash", s.gate_hash},
                       {"config", s.config},
                       {"round", s.round},
                       {"rounds", s.rounds},
                       {"round_pairs", s.round_pairs},
                       {"shard", tournament::to_string(s.shard)}};
    files::write_atomically(dir / "gate-round.json", match::dump_json(json, 2) + "\n");
}

RoundStamp read_round_stamp(const fs::path& dir) {
    const fs::path file = dir / "gate-round.json";
    if (!fs::exists(file))
        throw GateError("'" + dir.string() +
                        "' is not a round of a gate (no gate-round.json): give the directories "
                        "that 'arena gate CONFIG --round R --shard I/N --out DIR' wrote");
    try {
        const nlohmann::json json =
            nlohmann::json::parse(files::read_text(file, files::kSmallJsonFile));
        RoundStamp s;
        s.arena_version = json.at("arena_version").get<std::string>();
        s.gate_hash = json.at("gate_hash").get<std::string>();
        s.config = json.at("config").get<std::string>();
        s.round = json.at("round").get<std::size_t>();
        s.rounds = json.at("rounds").get<std::size_t>();
        s.round_pairs = json.at("round_pairs").get<std::size_t>();
        s.shard = tournament::parse_shard(json.at("shard").get<std::string>());
        return s;
    } catch (const std::exception& e) {
        throw GateError("'" + file.string() + "' cannot be read: " + e.what() +
                        " (play the shard again with --overwrite)");
    }
}

RoundFeeder::RoundFeeder(const std::vector<tournament::ScheduledGame>& schedule,
                         const RoundPlan& plan, VersusTracker& tracker)
    : ids_(plan.rounds), plan_(plan), tracker_(tracker) {
    for (const tournament::ScheduledGame& g : schedule)
        ids_.at(seed_index_of(g.id) / plan.round_pairs).push_back(g.id);
}

bool RoundFeeder::add(const tournament::GameRecord& record) {
    waiting_.emplace(record.id, record);
    // Each whole round, in order: the look points do not depend on the order games finish.
    while (next_ < ids_.size() && !tracker_.stop_requested()) {
        const std::vector<std::string>& ids = ids_[next_];
        if (!std::all_of(ids.begin(), ids.end(),
                         [&](const std::string& id) { return waiting_.count(id) > 0; }))
            break;
        for (const std::string& id : ids) {
            tracker_.add(waiting_.at(id));
            waiting_.erase(id);
        }
        tracker_.look(next_++);
    }
    return tracker_.stop_requested();
}

}  // namespace arena::gate
