// run_gate: plays the gate's games as a tournament in the output directory, then judges them
// (verdicts.cpp) and writes the reports (render*.cpp, junit*.cpp).
#include "arena/gate/gate.hpp"

#include <chrono>
#include <ctime>
#include <ostream>

#include "arena/common/files.hpp"
#include "arena/gate/game_kind.hpp"
#include "arena/gate/gate_steps.hpp"
#include "arena/gate/render.hpp"
#include "arena/gate/rounds.hpp"
#include "arena/gate/versus_tracker.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::gate {

namespace fs = std::filesystem;
using tournament::ConfigError;
using tournament::GameRecord;

namespace steps {

std::string now_iso8601() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    return text;
}

std::optional<Baseline> baseline_before_games(const GateConfig& config, bool versus,
                                              BaselineAction action) {
    const fs::path& file = config.gate.baseline;
    if (versus && action != BaselineAction::compare)
        throw GateError("--save-baseline and --update-baseline are for " + puzzle_game_names() +
                        " gates");
    const bool read = !versus && (action == BaselineAction::compare ||
                                  (action == BaselineAction::update && fs::exists(file)));
    if (!read) return std::nullopt;
    return read_baseline(file, config.tournament.game);
}

// The tournament the gate plays: up to max_games of the candidate's games, or (puzzles) the
// candidate alone on the boards. Returns how the seeds were resized ("" when they were not).
std::string plan_games(const GateConfig& gate_config, bool versus,
                       tournament::TournamentConfig& config) {
    std::string resized;
    if (versus) {
        std::optional<std::size_t> max_games = gate_config.gate.max_games;
        if (!max_games && !gate_config.seed_count_given) max_games = kDefaultMaxGames;
        if (max_games) {
            try {
                resized = tournament::resize_to_games(config, *max_games);
            } catch (const std::invalid_argument& e) {
                throw ConfigError(gate_config.file.string() + ": max_games " +
                                  std::to_string(*max_games) + ": " + e.what());
            }
        }
    } else {
        // Only the candidate plays; the baseline is its scores from an earlier run.
        config.bots = {config.bots[config.candidate]};
        config.candidate = 0;
    }
    for (const match::PlayerSpec& bot : config.bots) {
        try {
            match::check_command(bot);
        } catch (const std::exception& e) {
            throw GateError(e.what());
        }
    }
    return resized;
}

// An output directory that already holds results. Those of a finished gate (its gate.json
// written) were judged: each gate run judges anew (the candidate may have changed since), so
// they are cleared, as the documented workflow needs (--save-baseline, then the judging run, in
// the same directory). An interrupted gate's games are kept with --resume, cleared with
// --overwrite, else an error: they may be worth going on with. The caller holds the lock.
void prepare_output(const GateRunOptions& options, std::ostream& out) {
    if (options.resume || !tournament::holds_results(options.out)) return;
    const bool finished = fs::exists(options.out / "gate.json");
    if (!options.overwrite && !finished)
        throw GateError(tournament::earlier_results_message(
            options.out,
            "the gate that wrote them did not finish: add --resume to go on with them, "
            "--overwrite to start again"));
    fs::remove(options.out / "results.jsonl");
    fs::remove_all(options.out / "games");
    fs::remove(options.out / "gate.json");
    if (!options.overwrite)
        out << "starting over in " << options.out.string()
            << ": the earlier gate's games are replaced (each gate run judges anew)\n";
}

std::vector<GameRecord> play(const tournament::TournamentConfig& config,
                             const GateRunOptions& options,
                             const std::function<bool(const GameRecord&)>& stop_after,
                             std::ostream& out) {
    tournament::RunOptions run;
    run.out = options.out;
    run.concurrency = options.concurrency;
    run.resume = options.resume;
    run.interactive = options.interactive;
    run.caller_holds_lock = true;
    run.stop_after = stop_after;
    try {
        return tournament::run_tournament(config, run, out);
    } catch (const tournament::RunStopped& e) {  // as an interrupted gate says it
        throw GateError(std::string(e.what()) + "\n" + std::to_string(e.saved) + " of " +
                        std::to_string(e.scheduled) +
                        " games saved; to go on once that is fixed: " + options.resume_command);
    } catch (const fs::filesystem_error& e) {
        throw GateError(e.what());
    }
}

void write_reports(const GateReport& report, const GateConfig& config,
                   const GateRunOptions& options, const GamePointers& games,
                   const JUnitContext& junit, std::ostream& out) {
    print_report(report, config.gate, games, out);
    fs::create_directories(options.out);
    files::write_atomically(options.out / "gate.json", report_json(report, config).dump(2) + "\n");
    if (options.junit) {
        files::write_atomically(*options.junit,
                                to_junit_xml(junit_suite(report, config, games, junit)));
        out << "junit: " << options.junit->string() << "\n";
    }
}

}  // namespace steps

using namespace steps;

namespace {

// Puzzles: the candidate's scores become the baseline when asked and it passed.
void save_baseline(const GateReport& report, const GateConfig& gate_config,
                   const tournament::TournamentConfig& config, BaselineAction action,
                   std::ostream& out) {
    const fs::path& file = gate_config.gate.baseline;
    if (action == BaselineAction::compare) return;
    if (!report.passed) {
        out << "baseline NOT written (" << file.string() << "): the candidate failed\n";
        return;
    }
    Baseline saved;
    saved.game = config.game;
    saved.bot = report.candidate;
    saved.command = config.bots[0].command;
    for (const BoardCheck& b : report.boards) saved.scores.emplace_back(b.board, b.score);
    write_baseline(file, saved);
    out << "baseline written: " << file.string() << "\n";
}

}  // namespace

fs::path round_directory(const fs::path& base, std::size_t round, tournament::Shard shard) {
    return base / ("round-" + std::to_string(round)) /
           ("shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count));
}

GateReport run_gate(const GateConfig& gate_config, const GateRunOptions& options,
                    std::ostream& out) {
    const auto started = std::chrono::steady_clock::now();
    tournament::TournamentConfig config = gate_config.tournament;
    const bool versus = is_versus_game(config.game);
    GateReport report;
    report.candidate = config.bots.at(config.candidate).name;
    const std::optional<Baseline> baseline =
        baseline_before_games(gate_config, versus, options.baseline_action);
    // Bots given as source files get their programs first: plan_games checks the commands.
    tournament::build_bots(config.bots, {{}, config.build_timeout}, out);
    std::string resized = plan_games(gate_config, versus, config);
    // In rounds: whole rounds, and the tests look only at their ends (rounds.hpp).
    const std::optional<std::size_t> round_pairs =
        versus ? gate_config.gate.round_pairs : std::nullopt;
    const RoundPlan plan = round_pairs ? plan_rounds(config, *round_pairs) : RoundPlan{};
    if (round_pairs)
        resized += (resized.empty() ? "" : "; ") + std::to_string(plan.rounds) + " round(s) of " +
                   std::to_string(plan.round_pairs) + " seed(s), judged at each round's end";

    // One writer per directory, from before it is cleared (--overwrite) until gate.json.
    const tournament::RunLock lock(options.out, tournament::own_command_line());
    prepare_output(options, out);
    const std::size_t scheduled = tournament::make_schedule(config).size();
    print_plan(
        {report.candidate, config.game, config.bots.size(), config.players_per_game, scheduled,
         resized, versus, options.baseline_action, options.concurrency, options.out},
        gate_config.gate, out);

    std::optional<VersusTracker> tracker;
    if (versus)
        tracker.emplace(
            config, gate_config.gate,
            [&out, &options](const std::string& line) {
                // On a terminal the runner redraws a status line: take its place, it comes back.
                out << (options.interactive ? "\r\033[K" : "") << line << '\n' << std::flush;
            },
            round_pairs.has_value());
    std::optional<RoundFeeder> feeder;
    if (round_pairs) feeder.emplace(tournament::make_schedule(config), plan, *tracker);
    std::function<bool(const GameRecord&)> stop_after;
    if (feeder)
        stop_after = [&feeder](const GameRecord& r) { return feeder->add(r); };
    else if (tracker)
        stop_after = [&tracker](const GameRecord& r) { return tracker->add(r); };
    const std::vector<GameRecord> records = play(config, options, stop_after, out);
    if (const int signal = process::interrupt_signal()) {  // no verdict on the games cut short
        report.interrupted = signal;
        out << "\ninterrupted: " << records.size() << " of " << scheduled
            << " games saved; to go on: " << options.resume_command << "\n";
        return report;
    }

    JUnitContext junit{"arena gate " + gate_config.file.stem().string(),
                       now_iso8601(),
                       0,
                       {{"config", gate_config.file.string()},
                        {"game", config.game},
                        {"candidate", report.candidate},
                        {"out", options.out.string()}},
                       options.baseline_action};
    if (versus) {
        tracker->fill(report);
        judge_versus(gate_config.gate, report);
    } else {
        judge_boards(records, gate_config.gate, baseline, options.baseline_action, report);
        save_baseline(report, gate_config, config, options.baseline_action, out);
        junit.properties.emplace_back("baseline", gate_config.gate.baseline.string());
    }
    junit.time_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // Each game's log where its record says (it may be compressed): not rebuilt from its id.
    GamePointers pointers{options.out, options.arena_program, {}};
    for (const GameRecord& r : records)
        if (!r.log.empty()) pointers.logs[r.id] = options.out / r.log;
    write_reports(report, gate_config, options, pointers, junit, out);
    return report;
}

}  // namespace arena::gate
