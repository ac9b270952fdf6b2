#include "arena/report/replay_command.hpp"

#include "arena/common/shell_quote.hpp"
#include "arena/match/external_game.hpp"

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
                               int turn, const std::string& game) {
    // --script: the turn as it was recorded, at once. Bots played again may not reach it (a
    // bot that thinks by the clock answers otherwise) and a timeout would be waited for again.
    if (turn > 0) return script_replay_command(program, log, turn, game);
    return shell_quote(program) + " replay " + shell_quote(log.string());
}

std::string script_replay_command(const std::string& program, const std::filesystem::path& log,
                                  int turn, const std::string& game) {
    const match::ExternalGameSpec* spec = game.empty() ? nullptr : match::external_game_spec(game);
    const bool external = spec && spec->protocol == match::RefereeProtocol::brutaltester;
    // `replay --referee` runs the referee where it is typed: go where the run ran it.
    const bool moves = external && !spec->working_dir.empty();
    std::error_code ignored;
    const std::string where =
        moves && program.find('/') != std::string::npos
            ? std::filesystem::absolute(program, ignored).lexically_normal().string()
            : program;
    std::string command = moves ? "cd " + shell_quote(spec->working_dir) + " && " : "";
    command +=
        shell_quote(where) + " replay " +
        shell_quote(moves ? std::filesystem::absolute(log, ignored).string() : log.string()) +
        " --script";
    if (turn > 0) command += " --turn " + std::to_string(turn);
    if (external) command += " --referee " + shell_quote(spec->command);
    return command;
}

}  // namespace arena::report
