#include "arena/cli/standings_command.hpp"

#include <filesystem>
#include <iostream>
#include <optional>
#include <unordered_set>

#include "arena/cli/run_output.hpp"
#include "arena/common/error.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/tournament/merge.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/shards.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

CLI::App* add_standings_command(CLI::App& app, StandingsArgs& args) {
    CLI::App* command = app.add_subcommand(
        "standings", "Print the standings of result directories again, without playing");
    command
        ->add_option("dirs", args.dirs,
                     "A run's directory (tournament, match, merge), or shard directories of "
                     "one run (some may be missing)")
        ->required();
    command->footer(
        "Examples:\n"
        "  arena standings results/league\n"
        "  arena standings shards/0 shards/2     (standings of 2 of 3 shards so far)\n"
        "Nothing is written: `arena merge` writes the merged standings files. See "
        "docs/shards.md.");
    return command;
}

namespace {

struct Sources {
    tournament::TournamentConfig config;
    std::vector<fs::path> dirs;
    std::string heading;  // what the table is of
};

// One directory that is not a shard: a whole run.
Sources whole_run(const fs::path& dir) {
    const fs::path file = dir / "config.json";
    if (!fs::exists(file))
        throw Error("'" + dir.string() +
                    "' holds no run (no config.json): give the --out directory of a tournament, "
                    "match or merge, or shard directories");
    return {tournament::load_config(file), {dir}, "standings of " + dir.string()};
}

Sources shards(const std::vector<fs::path>& dirs, const std::string& program) {
    for (const fs::path& dir : dirs)
        if (fs::is_directory(dir) && !tournament::has_manifest(dir))
            throw Error("'" + dir.string() +
                        "' is not a shard (no manifest.json): give one run's directory, or "
                        "shard directories of one run (`arena tournament CONFIG --shard I/N`)");
    const tournament::ShardSet set = tournament::check_shards(dirs, true, program);
    Sources sources{set.config, {}, ""};
    for (const tournament::ShardDirectory& s : set.shards) sources.dirs.push_back(s.dir);
    if (set.count == 1 && !set.shards.front().manifest.merged_from.empty()) {
        sources.heading = "standings of " + dirs.front().string() + " (a merge of " +
                          std::to_string(set.shards.front().manifest.merged_from.size()) +
                          " shards)";
        return sources;
    }
    sources.heading = "standings of " + std::to_string(set.shards.size()) + " of " +
                      std::to_string(set.count) + " shards";
    if (set.missing_count)
        sources.heading += " (missing: " + tournament::missing_shards_text(set) + ")";
    return sources;
}

}  // namespace

int run_standings_command(const StandingsArgs& args, const std::string& program) {
    const std::vector<fs::path> dirs(args.dirs.begin(), args.dirs.end());
    for (const fs::path& dir : dirs)
        if (!fs::is_directory(dir))
            throw Error("'" + dir.string() + "' is not a directory: give a run's --out directory");
    const Sources sources = dirs.size() == 1 && !tournament::has_manifest(dirs.front())
                                ? whole_run(dirs.front())
                                : shards(dirs, program);
    report::RunTally tally(sources.config);
    const tournament::ResultsExpectations expected =
        tournament::standings_expectations_of(sources.config);
    std::size_t owned_games = 0;  // of the shards given: the heading says when some are unplayed
    for (const fs::path& dir : sources.dirs) {
        if (tournament::has_manifest(dir))
            owned_games += tournament::read_manifest(dir, false).game_count;
        const fs::path results = dir / "results.jsonl";
        if (!fs::exists(results)) continue;  // a shard without a game yet
        // A shard counts only its own games, as merge does: a game of another shard (a file
        // copied in by hand) would be counted twice.
        std::unordered_set<std::string> owned;
        std::optional<tournament::Shard> shard;
        if (tournament::has_manifest(dir)) {
            const tournament::Manifest manifest = tournament::read_manifest(dir);
            if (manifest.merged_from.empty()) {
                owned.insert(manifest.games.begin(), manifest.games.end());
                shard = manifest.shard;
            }
        }
        const tournament::ResultsFile file = tournament::for_each_result(
            results,
            [&](tournament::GameRecord&& record) {
                if (shard && !owned.count(record.id))
                    throw Error(tournament::foreign_game_text(results, record.id, *shard));
                tally.add(record);
            },
            expected);
        for (const std::string& note : file.notes) std::cerr << "note: " << note << "\n";
    }
    std::cout << sources.heading << ": " << tally.games() << " game(s)";
    if (tally.games() < owned_games)  // interrupted, or still being played
        std::cout << " (incomplete: " << tally.games() << " of the " << owned_games
                  << " games of the shards given)";
    std::cout << "\n\n";
    if (tally.games() == 0) return 0;
    std::cout << standings_text(sources.config, tally) << report::referee_failures_text(tally);
    return 0;
}

}  // namespace arena::cli
