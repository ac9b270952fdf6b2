#include "arena/league/league_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::league {

namespace fs = std::filesystem;

namespace {

constexpr const char* kLeagueFile = "league.json";
constexpr std::size_t kMaxNameLength = 64;

nlohmann::ordered_json to_json(const League& league) {
    nlohmann::ordered_json bots = nlohmann::ordered_json::array();
    for (const LeagueBot& b : league.bots)
        bots.push_back({{"name", b.name},
                        {"command", b.command},
                        {"origin", b.origin},
                        {"added", b.added},
                        {"retired", b.retired}});
    return {{"arena_league", kFormatVersion},    {"shared", league.shared},
            {"master_seed", league.master_seed}, {"min_games", league.min_games},
            {"concurrency", league.concurrency}, {"bots", bots}};
}

League from_json(const nlohmann::json& json, const fs::path& dir) {
    League league;
    league.dir = dir;
    if (json.at("arena_league").get<int>() > kFormatVersion)
        throw LeagueError("'" + (dir / kLeagueFile).string() +
                          "' was written by a newer arena: use that arena for this league");
    league.shared = json.at("shared");
    league.master_seed = json.at("master_seed").get<std::int64_t>();
    league.min_games = json.at("min_games").get<int>();
    league.concurrency = json.at("concurrency").get<int>();
    for (const nlohmann::json& b : json.at("bots"))
        league.bots.push_back({b.at("name").get<std::string>(), b.at("command").get<std::string>(),
                               b.value("origin", ""), b.value("added", ""),
                               b.value("retired", false)});
    return league;
}

nlohmann::json bots_json(const League& league) {
    nlohmann::json bots = nlohmann::json::array();
    for (const LeagueBot& b : league.bots)
        bots.push_back({{"name", b.name},
                        {"command", b.command},
                        {"working_dir", fs::absolute(snapshot_dir(league.dir, b.name)).string()}});
    return bots;
}

tournament::TournamentConfig config_with(const League& league, nlohmann::json bots) {
    nlohmann::json root = league.shared;
    root["bots"] = std::move(bots);
    if (root.contains("players_per_game"))
        root["seeds"] = {{"count", 1}, {"master", league.master_seed}};
    return tournament::read_config(root, league.dir / kLeagueFile);
}

}  // namespace

const LeagueBot* League::find(const std::string& name) const {
    for (const LeagueBot& b : bots)
        if (b.name == name) return &b;
    return nullptr;
}

std::vector<std::string> League::names() const {
    std::vector<std::string> all;
    for (const LeagueBot& b : bots) all.push_back(b.name);
    return all;
}

std::string name_fault(const std::string& name) {
    if (name.empty()) return "a bot's name must not be empty";
    if (name.size() > kMaxNameLength)
        return "a bot's name has at most " + std::to_string(kMaxNameLength) + " characters";
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '+' || c == '-';
        if (!ok)
            return "a bot's name holds only letters, digits and _ . + - (it names its games and "
                   "its folder)";
    }
    if (name.front() == '.' || name.front() == '-')
        return "a bot's name does not start with '.' or '-'";
    return "";
}

fs::path snapshot_dir(const fs::path& league_dir, const std::string& name) {
    return league_dir / "bots" / name;
}

bool is_league(const fs::path& dir) {
    return fs::is_regular_file(dir / kLeagueFile);
}

League read_league(const fs::path& dir) {
    if (!fs::is_directory(dir))
        throw LeagueError("'" + dir.string() +
                          "' is not a directory: create a league with arena league new " +
                          dir.string() + " GAME");
    if (!is_league(dir))
        throw LeagueError("'" + dir.string() +
                          "' holds no league (no league.json): create one with arena league "
                          "new DIR GAME, or give the directory of an existing league");
    const fs::path file = dir / kLeagueFile;
    try {
        return from_json(nlohmann::json::parse(files::read_text(file, files::kConfigFile)), dir);
    } catch (const nlohmann::json::exception& e) {
        throw LeagueError("'" + file.string() + "' is damaged (" + e.what() +
                          "): restore it from a backup; results.jsonl and games/ are untouched");
    }
}

int players_per_game(const League& league) {
    return league.shared.contains("players_per_game") ? league.shared["players_per_game"].get<int>()
                                                      : 1;
}

bool enough_bots(const League& league) {
    return static_cast<int>(league.bots.size()) >= players_per_game(league);
}

void write_league(const League& league) {
    files::write_atomically(league.dir / kLeagueFile, match::dump_json(to_json(league), 2) + "\n");
    if (!enough_bots(league)) return;
    tournament::RunOptions options;
    options.out = league.dir;
    options.concurrency = std::max(league.concurrency, 1);
    const tournament::TournamentConfig config = league_config(league);
    files::write_atomically(
        league.dir / "config.json",
        match::dump_json(tournament::effective_config(config, options), 2) + "\n");
}

tournament::TournamentConfig league_config(const League& league) {
    return config_with(league, bots_json(league));
}

tournament::TournamentConfig check_shared(const League& league, int count) {
    nlohmann::json bots = nlohmann::json::array();
    for (int i = 0; i < count; ++i)
        bots.push_back({{"name", "bot" + std::to_string(i)}, {"command", "true"}});
    return config_with(league, bots);
}

EditLock::EditLock(const fs::path& dir) {
    const fs::path file = dir / "league.lock";
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw LeagueError("cannot open '" + file.string() + "': " + std::strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
    }
}

EditLock::~EditLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace arena::league
