// `arena tune`: SPSA iterations of seat-fair games, durable in a run directory:
//   DIR/tune-config.json  the config as given (--resume reads it back)
//   DIR/tune.jsonl        one line per whole iteration (journal.hpp)
//   DIR/results.jsonl     one record per game, DIR/games/<id>.json.zst its log, as a tournament's
//   DIR/report.html       theta over the iterations, theta+'s win rate, the failures (report.hpp)
//   DIR/result.json       at the end: the values, the iterations, the games, the --bot to paste
// One writer per directory (tournament's RunLock). Games play through tournament's play loop.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "arena/tournament/bot_build.hpp"
#include "arena/tune/config.hpp"

namespace arena::tune {

struct TuneOptions {
    std::filesystem::path out;
    int concurrency = 1;
    bool resume = false;       // go on from DIR/tune.jsonl's last whole iteration
    bool interactive = false;  // redraw one status line instead of a line per iteration
    std::string config_text;   // written to DIR/tune-config.json by a fresh run
    tournament::BuildOptions build;
};

struct TuneResult {
    std::vector<double> theta;
    int iterations = 0;     // whole iterations in the journal
    std::size_t games = 0;  // their games
    bool complete = false;  // all the config's iterations (false: interrupted)
    std::string bot;        // the config's "bot" with the values filled in
};

// The config a run directory holds (DIR/tune-config.json), for --resume. Throws arena::Error
// when there is none.
std::string saved_config_text(const std::filesystem::path& out);

// Runs (or goes on with) the tune. Progress lines go to `progress`. When the arena is
// interrupted no new game starts; the games played stay recorded and --resume uses them. Throws
// arena::Error when DIR holds a run and resume is off, tournament::DirectoryInUse when another
// arena writes there, tournament::BuildError when a source bot cannot be built.
TuneResult run_tune(const TuneConfig& config, const TuneOptions& options, std::ostream& progress);

}  // namespace arena::tune
