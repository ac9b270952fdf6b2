#include "arena/tournament/log_store.hpp"

#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"

namespace arena::tournament {

std::string store_log(const TournamentConfig& config, const std::filesystem::path& out,
                      const std::string& id, const match::MatchLog& log) {
    (void)config;
    const std::string log_path = "games/" + id + ".json";
    files::write_atomically(out / log_path, match::dump_json(match::to_json(log)) + "\n");
    return log_path;
}

}  // namespace arena::tournament
