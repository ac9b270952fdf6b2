// The gate across machines (rounds.hpp): play_round plays one shard of one round into a
// directory of its own; judge_rounds checks the round directories and judges the whole rounds
// in order, stopping at the first gap.
#include <chrono>
#include <map>
#include <ostream>

#include "arena/common/version.hpp"
#include "arena/gate/game_kind.hpp"
#include "arena/gate/gate.hpp"
#include "arena/gate/gate_steps.hpp"
#include "arena/gate/rounds.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/shards.hpp"

namespace arena::gate {

namespace fs = std::filesystem;
using tournament::GameRecord;
using tournament::Shard;

namespace {

// The tournament a gate plays, planned as the one-machine gate plans it, and its rounds.
struct PlannedGate {
    tournament::TournamentConfig config;
    RoundPlan plan;
    bool versus = true;
    std::string hash;
};

PlannedGate plan_gate(const GateConfig& gate_config, std::ostream& out) {
    PlannedGate g;
    g.config = gate_config.tournament;
    g.versus = is_versus_game(g.config.game);
    if (g.versus && !gate_config.gate.round_pairs)
        throw GateError(gate_config.file.string() +
                        ": a gate across machines plays rounds of a fixed size: add "
                        "\"round_pairs\" to its \"gate\" (e.g. \"round_pairs\": 50)");
    tournament::build_bots(g.config.bots, {{}, g.config.build_timeout}, out);
    steps::plan_games(gate_config, g.versus, g.config);
    g.plan = g.versus ? plan_rounds(g.config, *gate_config.gate.round_pairs) : RoundPlan{};
    g.hash = gate_hash(g.config, g.plan);
    return g;
}

std::string round_command(const GateRunOptions& options, std::size_t round, Shard shard,
                          const fs::path& dir, bool resume) {
    return options.gate_command + " --round " + std::to_string(round) + " --shard " +
           tournament::to_string(shard) + " --out " + dir.string() + (resume ? " --resume" : "");
}

// A directory asked to play a round's shard: refused when it holds another gate's or round's
// games (also with --resume: they would be mixed).
void check_directory_for(const fs::path& dir, const RoundStamp& wanted) {
    if (!fs::exists(dir / "gate-round.json")) return;
    const RoundStamp there = read_round_stamp(dir);
    if (there.gate_hash != wanted.gate_hash || there.round != wanted.round ||
        !(there.shard == wanted.shard))
        throw GateError("'" + dir.string() + "' holds shard " + tournament::to_string(there.shard) +
                        " of round " + std::to_string(there.round) + " of " +
                        (there.gate_hash == wanted.gate_hash
                             ? "this gate"
                             : "another gate (" + there.config + ")") +
                        ": choose another directory with --out");
}

}  // namespace

int play_round(const GateConfig& gate_config, const GateRunOptions& options, std::ostream& out) {
    const PlannedGate g = plan_gate(gate_config, out);
    const std::size_t round = options.round.value_or(0);
    if (round >= g.plan.rounds)
        throw GateError("--round " + std::to_string(round) + ": this gate has " +
                        (g.plan.rounds == 1 ? std::string("one round, 0")
                                            : "rounds 0 to " + std::to_string(g.plan.rounds - 1)) +
                        (g.versus ? " (" + std::to_string(g.plan.seeds) + " seeds in rounds of " +
                                        std::to_string(g.plan.round_pairs) + ")"
                                  : " (its boards, split by --shard)"));
    const Shard shard = options.shard.value_or(Shard{});
    const RoundStamp stamp{kArenaVersion, g.hash,        gate_config.file.string(),
                           round,         g.plan.rounds, g.plan.round_pairs,
                           shard};
    const tournament::RunLock lock(options.out, tournament::own_command_line());
    check_directory_for(options.out, stamp);
    steps::prepare_output(options, out);
    fs::create_directories(options.out);
    write_round_stamp(options.out, stamp);

    const tournament::TournamentConfig config = round_config(g.config, g.plan, round);
    out << "gate round " << round << " of 0-" << g.plan.rounds - 1 << ", shard "
        << tournament::to_string(shard) << ": " << config.bots[config.candidate].name << ", "
        << (g.versus ? std::to_string(config.seeds.size()) + " seed(s)"
                     : std::to_string(config.testcases.size()) + " board(s)")
        << ", output in " << options.out.string() << "/\n";
    const std::vector<GameRecord> records = [&] {
        tournament::RunOptions r;
        r.out = options.out;
        r.shard = shard;
        r.concurrency = options.concurrency;
        r.resume = options.resume;
        r.interactive = options.interactive;
        r.caller_holds_lock = true;
        return tournament::run_tournament(config, r, out);
    }();
    if (const int signal = process::interrupt_signal()) {
        out << "\ninterrupted: " << records.size() << " game(s) saved; to go on: "
            << round_command(options, round, shard, options.out, true) << "\n";
        return 128 + signal;
    }
    out << "round " << round << " shard " << tournament::to_string(shard) << ": " << records.size()
        << " game(s) in " << options.out.string()
        << "\njudge once every shard is in: " << options.gate_command << " --judge "
        << (options.rounds_base / "round-*" / "shard-*").string() << "\n";
    return 0;
}

namespace {

struct ShardDir {
    fs::path dir;
    RoundStamp stamp;
};
using RoundDirs = std::map<std::size_t, std::map<std::size_t, ShardDir>>;  // round -> index

// The round directories given, checked: this arena, this gate, each shard once, one split per
// round.
RoundDirs read_round_dirs(const std::vector<fs::path>& dirs, const PlannedGate& g,
                          const GateConfig& gate_config) {
    RoundDirs rounds;
    for (const fs::path& dir : dirs) {
        const RoundStamp s = read_round_stamp(dir);
        // Appended piece by piece: "'" + std::string trips a false -Wrestrict warning in GCC 12.
        std::string where = "'";
        where += dir.string();
        where += "'";
        if (s.arena_version != kArenaVersion)
            throw GateError(where + " was played by arena " + s.arena_version + ", this is " +
                            kArenaVersion +
                            ": play that shard again with this arena (--overwrite)");
        if (s.gate_hash != g.hash || s.round >= g.plan.rounds)
            throw GateError(where + " belongs to another gate (" + s.config +
                            "): other bots, commands, seeds or round size than " +
                            gate_config.file.string() + "; judge it with its own config");
        auto& round = rounds[s.round];
        if (!round.empty() && round.begin()->second.stamp.shard.count != s.shard.count)
            throw GateError("round " + std::to_string(s.round) + " is split two ways: '" +
                            round.begin()->second.dir.string() + "' is shard " +
                            tournament::to_string(round.begin()->second.stamp.shard) + ", " +
                            where + " shard " + tournament::to_string(s.shard) +
                            ": give the shards of one split");
        const auto [it, added] = round.emplace(s.shard.index, ShardDir{dir, s});
        if (!added)
            throw GateError("shard " + tournament::to_string(s.shard) + " of round " +
                            std::to_string(s.round) + " is given twice: '" +
                            it->second.dir.string() + "' and " + where);
    }
    return rounds;
}

// Every shard played by the same programs: the files each bot's command names (its program, a
// script) have the same content in every directory's manifest. Paths may differ between
// machines; contents may not (a rebuilt bot on one machine would mix two versions in one test).
void check_same_programs(const RoundDirs& rounds) {
    std::map<std::string, std::pair<fs::path, std::vector<std::string>>> first;  // bot -> seen
    for (const auto& [round, shards] : rounds)
        for (const auto& [index, shard] : shards) {
            if (!tournament::has_manifest(shard.dir)) continue;  // not started: nothing played
            for (const auto& [bot, identity] : tournament::read_manifest(shard.dir, false).bots) {
                std::vector<std::string> contents;
                for (const tournament::HashedFile& f : identity.files) contents.push_back(f.sha256);
                const auto [it, added] = first.emplace(bot, std::pair{shard.dir, contents});
                if (!added && it->second.second != contents)
                    throw GateError("bot " + bot + " is not the same program in '" +
                                    it->second.first.string() + "' and '" + shard.dir.string() +
                                    "' (its files' contents differ): play every shard with the "
                                    "same build of each bot");
            }
        }
}

// Where the count stops: a round with shards missing or not finished.
struct Gap {
    std::size_t round = 0;
    std::size_t count = 1;  // the round's split
    std::vector<std::size_t> missing;
    std::vector<std::pair<ShardDir, std::string>> unfinished;  // and "12 of 50 games"
    bool whole_round_missing() const { return missing.size() == count && unfinished.empty(); }
};

// Round R's records in its schedule order, their ids made "rR/<id>" (unique across rounds,
// their logs found through `pointers`), or nothing and the gap.
std::optional<std::vector<GameRecord>> round_records(const PlannedGate& g, std::size_t round,
                                                     const std::map<std::size_t, ShardDir>& shards,
                                                     GamePointers& pointers, Gap& gap) {
    const tournament::TournamentConfig config = round_config(g.config, g.plan, round);
    const std::vector<tournament::ScheduledGame> schedule = tournament::make_schedule(config);
    gap = {round, shards.empty() ? gap.count : shards.begin()->second.stamp.shard.count, {}, {}};
    std::map<std::string, GameRecord> found;
    std::map<std::string, fs::path> dir_of;
    for (std::size_t i = 0; i < gap.count; ++i) {
        const auto it = shards.find(i);
        if (it == shards.end()) {
            gap.missing.push_back(i);
            continue;
        }
        const fs::path results = it->second.dir / "results.jsonl";
        std::vector<GameRecord> records;
        if (fs::exists(results))
            records =
                tournament::read_results(results, tournament::expectations_of(config)).records;
        std::size_t owned = 0, played = 0;
        for (const tournament::ScheduledGame* game :
             tournament::shard_games(schedule, Shard{i, gap.count})) {
            ++owned;
            for (GameRecord& r : records)
                if (r.id == game->id) {
                    ++played;
                    dir_of[r.id] = it->second.dir;
                    found.emplace(r.id, std::move(r));
                    break;
                }
        }
        if (played < owned)
            gap.unfinished.emplace_back(
                it->second, std::to_string(played) + " of " + std::to_string(owned) + " games");
    }
    if (!gap.missing.empty() || !gap.unfinished.empty()) return std::nullopt;
    std::vector<GameRecord> ordered;
    for (const tournament::ScheduledGame& game : schedule) {
        GameRecord r = found.at(game.id);
        r.id = "r" + std::to_string(round) + "/" + game.id;
        r.group = "r" + std::to_string(round) + "/" + r.group;
        if (!r.log.empty()) pointers.logs[r.id] = dir_of.at(game.id) / r.log;
        ordered.push_back(std::move(r));
    }
    return ordered;
}

std::string gap_text(const Gap& gap) {
    std::string text = "round " + std::to_string(gap.round) + ": ";
    if (gap.whole_round_missing()) return text + "not played yet";
    for (std::size_t i : gap.missing)
        text += "shard " + tournament::to_string(Shard{i, gap.count}) + " missing, ";
    for (const auto& [shard, played] : gap.unfinished)
        text +=
            "shard " + tournament::to_string(shard.stamp.shard) + " unfinished (" + played + "), ";
    return text.substr(0, text.size() - 2);
}

// What to run next: the missing shards, the unfinished ones resumed, then the judge again.
void print_next(const Gap& gap, const GateRunOptions& options, std::ostream& out) {
    out << "next: play "
        << (gap.whole_round_missing() ? "round " : "the missing shard(s) of round ") << gap.round
        << ", then judge again:\n";
    for (std::size_t i : gap.missing) {
        const Shard shard{i, gap.count};
        out << "  "
            << round_command(options, gap.round, shard,
                             round_directory(options.rounds_base, gap.round, shard), false)
            << "\n";
    }
    for (const auto& [shard, played] : gap.unfinished)
        out << "  " << round_command(options, gap.round, shard.stamp.shard, shard.dir, true)
            << "\n";
    out << "  " << options.gate_command << " --judge "
        << (options.rounds_base / "round-*" / "shard-*").string() << "\n";
}

}  // namespace

GateReport judge_rounds(const GateConfig& gate_config, const GateRunOptions& options,
                        std::ostream& out) {
    const auto started = std::chrono::steady_clock::now();
    const PlannedGate g = plan_gate(gate_config, out);
    const RoundDirs dirs = read_round_dirs(options.judge, g, gate_config);
    check_same_programs(dirs);
    GateReport report;
    report.candidate = g.config.bots.at(g.config.candidate).name;
    const std::optional<Baseline> baseline =
        steps::baseline_before_games(gate_config, g.versus, BaselineAction::compare);
    std::optional<VersusTracker> tracker;
    if (g.versus)
        tracker.emplace(
            g.config, gate_config.gate, [&out](const std::string& line) { out << line << '\n'; },
            true);
    GamePointers pointers{options.out, options.arena_program, {}};
    std::vector<GameRecord> boards;
    std::optional<Gap> gap;
    std::size_t judged = 0;
    Gap next;
    for (; judged < g.plan.rounds && !(tracker && tracker->stop_requested()); ++judged) {
        static const std::map<std::size_t, ShardDir> none;
        const auto it = dirs.find(judged);
        std::optional<std::vector<GameRecord>> records =
            round_records(g, judged, it == dirs.end() ? none : it->second, pointers, next);
        if (!records) {
            gap = next;
            break;
        }
        if (!tracker) boards = std::move(*records);
        if (!tracker) continue;
        for (const GameRecord& r : *records) tracker->add(r);
        tracker->look(judged);
    }
    for (const auto& [round, shards] : dirs)
        if (round >= judged)
            out << "round " << round << " (" << shards.size() << " shard(s) given): not counted, "
                << (gap ? "the count stops at " + gap_text(*gap) : "the verdict was known before")
                << "\n";
    if (tracker) tracker->fill(report);
    if (gap) {
        report.verdict = Verdict::undecided_yet;
        report.summary =
            (judged == 0   ? std::string("no round judged yet")
             : judged == 1 ? std::string("no decision after round 0")
                           : "no decision after rounds 0-" + std::to_string(judged - 1)) +
            "; " + gap_text(*gap);
    } else if (tracker) {
        judge_versus(gate_config.gate, report);
    } else {
        judge_boards(boards, gate_config.gate, baseline, BaselineAction::compare, report);
    }
    JUnitContext junit{
        "arena gate " + gate_config.file.stem().string(),
        steps::now_iso8601(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
        {{"config", gate_config.file.string()},
         {"game", g.config.game},
         {"candidate", report.candidate},
         {"out", options.out.string()}},
        BaselineAction::compare};
    steps::write_reports(report, gate_config, options, pointers, junit, out);
    if (gap) print_next(*gap, options, out);
    return report;
}

}  // namespace arena::gate
