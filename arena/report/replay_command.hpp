// The one place that says where a tournament game's log is and which command replays it: the
// standings' failure tables, the gate's reports and the CLI's failure lines all print it.
#pragma once

#include <filesystem>
#include <string>

namespace arena::report {

// How the commands spell the program when the caller does not know how the user runs arena
// (library callers, tests): the path the README's build puts it at. The CLI passes argv[0] as
// typed instead ("arena" on PATH, "./arena", "/opt/arena/arena"), so that a printed command
// works when pasted into the shell it was run from.
inline constexpr const char* kDefaultArenaProgram = "build/arena";

// OUT/games/ID.json: the match log of game `game_id` of the tournament in `out_dir`.
std::filesystem::path game_log_path(const std::filesystem::path& out_dir,
                                    const std::string& game_id);

// "PROGRAM replay OUT/games/ID.json": checks the game again against the referee. `program` is
// how the user runs arena ("build/arena", or argv[0] as typed). The program and the path are
// shell-quoted when they need it ("'/opt/my arena/arena' replay ...").
std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id);

// The same with " --script --turn N" when `turn` > 0: the replay then prints that turn as it was
// recorded (board, input, output, time, error), the one a failure summary points at.
std::string replay_command(const std::string& program, const std::filesystem::path& out_dir,
                           const std::string& game_id, int turn);

// "PROGRAM replay LOG" (+ " --script --turn N" when `turn` > 0, as script_replay_command) for
// a log's path as a record's "log" gives it (joined to the run's directory): it may be
// compressed (".json.zst"). `game`: the logged game, for its referee.
std::string replay_log_command(const std::string& program, const std::filesystem::path& log,
                               int turn, const std::string& game = "");

// "PROGRAM replay LOG --script" (+ " --turn N" when `turn` > 0). For a game of an external
// referee registered here (the run's own), with " --referee CMD": a replay never runs the
// referee command a log names unless told, so the command says which (and, when that referee
// runs in a directory of its own, starts with "cd DIR && ").
std::string script_replay_command(const std::string& program, const std::filesystem::path& log,
                                  int turn, const std::string& game);

}  // namespace arena::report
