#include "arena/cli/merge_command.hpp"

#include <filesystem>
#include <iostream>
#include <optional>

#include "arena/cli/run_output.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/error.hpp"
#include "arena/tournament/merge.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

CLI::App* add_merge_command(CLI::App& app, MergeArgs& args) {
    CLI::App* command = app.add_subcommand(
        "merge", "Join the shard directories of one run (tournament --shard I/N) into one");
    command
        ->add_option("dirs", args.dirs,
                     "The N shard directories (any order), each played by `arena tournament "
                     "CONFIG --shard I/N --out DIR`; they are only read")
        ->required();
    command
        ->add_option("--out", args.out,
                     "Directory of the merged run (new, or without results): config.json, "
                     "results.jsonl in schedule order, games/, manifest.json, standings, "
                     "report.html")
        ->required();
    command->footer(
        "Example (3 shards, on 3 machines or one after the other):\n"
        "  arena tournament league.json --shard 0/3 --out shards/0\n"
        "  arena tournament league.json --shard 1/3 --out shards/1\n"
        "  arena tournament league.json --shard 2/3 --out shards/2\n"
        "  arena merge shards/0 shards/1 shards/2 --out results/league\n"
        "The shards must be of one config (same config hash, same --games), one arena version and "
        "the same bots, each shard once and complete: a refused merge says which directory and "
        "what to do (exit 2). See docs/shards.md.");
    return command;
}

int run_merge_command(const MergeArgs& args, const std::string& program) {
    const fs::path out = args.out;
    std::vector<fs::path> dirs(args.dirs.begin(), args.dirs.end());
    for (const fs::path& dir : dirs) {
        if (fs::exists(out) && fs::exists(dir) && fs::equivalent(out, dir))
            throw Error("--out '" + out.string() +
                        "' is one of the shards: merge into another "
                        "directory (the shards are only read)");
    }
    tournament::refuse_earlier_results(out, "remove it to merge again");
    const tournament::ShardSet set = tournament::check_shards(dirs, false, program);
    std::cout << "merge: " << set.count << " shard(s) of one " << set.config.game
              << " run, checking every game\n"
              << std::flush;
    const auto progress = [](const std::string& line) { std::cout << line << "\n" << std::flush; };
    const std::vector<tournament::LinePlace> places =
        tournament::index_games(set, program, progress);
    // Taken once the shards are checked (they are only read): a refused merge creates nothing.
    std::optional<tournament::RunLock> lock;  // one writer in OUT, as for a tournament
    system_errors_as_arena_errors([&] { lock.emplace(out, tournament::own_command_line()); });
    tournament::MissingLogs missing;
    system_errors_as_arena_errors(
        [&] { missing = tournament::write_merge(set, places, out, progress); });
    if (missing.count)
        std::cerr << "warning: " << missing.count
                  << " game(s) merged without their log, which is not in their shard (first: '"
                  << missing.first.string()
                  << "', named by its results.jsonl): the results and standings do not need it, "
                     "but such a game cannot be replayed; to keep it, copy the log into its "
                     "shard and merge again into a new directory\n";
    const std::string outputs = write_run_outputs(set.config, out, program);
    std::cout << "merged " << places.size() << " games of " << set.count << " shard(s) into "
              << out.string() << "/\n\n"
              << outputs << "\nwritten: " << (out / "results.jsonl").string()
              << " (schedule order), " << (out / "standings.md").string() << " (.json, .csv), "
              << (out / "games").string() << "/, " << (out / "manifest.json").string() << "\n";
    return 0;
}

}  // namespace arena::cli
