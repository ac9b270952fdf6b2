#include "arena/report/replay_command.hpp"

namespace arena::report {

std::filesystem::path game_log_path(const std::filesystem::path& out_dir,
                                    const std::string& game_id) {
    return out_dir / "games" / (game_id + ".json");
}

std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id) {
    return program + " replay " + game_log_path(out_dir, game_id).string();
}

std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id, int turn) {
    std::string command = replay_command(program, out_dir, game_id);
    if (turn > 0) command += " --turn " + std::to_string(turn);
    return command;
}

}  // namespace arena::report
