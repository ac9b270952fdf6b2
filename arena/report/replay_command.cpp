#include "arena/report/replay_command.hpp"

#include "arena/common/shell_quote.hpp"

namespace arena::report {

std::filesystem::path game_log_path(const std::filesystem::path& out_dir,
                                    const std::string& game_id) {
    return out_dir / "games" / (game_id + ".json");
}

std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id) {
    return replay_log_command(program, game_log_path(out_dir, game_id), 0);
}

std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id, int turn) {
    return replay_log_command(program, game_log_path(out_dir, game_id), turn);
}

std::string replay_log_command(const std::string& program, const std::filesystem::path& log,
                               int turn) {
    std::string command = shell_quote(program);
    command += " replay ";
    command += shell_quote(log.string());
    // --script: the turn as it was recorded, at once. Bots played again may not reach it (a
    // bot that thinks by the clock answers otherwise) and a timeout would be waited for again.
    if (turn > 0) command += " --script --turn " + std::to_string(turn);
    return command;
}

}  // namespace arena::report
