#include "arena/tune/tuner.hpp"

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>

#include "arena/common/diagnostics.hpp"
#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/log_store.hpp"
#include "arena/tournament/play_loop.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "arena/tune/games.hpp"
#include "arena/tune/journal.hpp"
#include "arena/tune/report.hpp"
#include "arena/tune/tune_progress.hpp"

namespace arena::tune {

namespace fs = std::filesystem;
using tournament::GameRecord;

namespace {

constexpr const char* kConfigFile = "tune-config.json";

// The directory taken for this run: refused when it holds a run and we do not resume.
void open_directory(const TuneOptions& options) {
    fs::create_directories(options.out / "games");
    const fs::path journal = options.out / "tune.jsonl";
    const bool holds = fs::exists(journal) && fs::file_size(journal) > 0;
    if (!options.resume && (holds || tournament::holds_results(options.out)))
        throw arena::Error("'" + options.out.string() +
                           "' already holds a tune run: add --resume to go on with it, or "
                           "choose another directory with --out");
    if (options.resume && !holds)
        throw arena::Error("'" + journal.string() +
                           "' holds no tune run to resume: start one with arena tune CONFIG");
    if (!options.resume) files::write_atomically(options.out / kConfigFile, options.config_text);
}

// The bots as they will run: a source file built once, the opponent checked.
struct Bots {
    BotTemplate bot;
    std::optional<match::PlayerSpec> opponent;
};
Bots prepare_bots(const TuneConfig& config, const TuneOptions& options, std::ostream& progress) {
    Bots bots{bot_template(config.bot), config.opponent};
    std::vector<match::PlayerSpec> to_build;
    match::PlayerSpec program = bots.bot.spec;
    program.command = bots.bot.program;
    tournament::source_from_command(program);
    to_build.push_back(program);
    if (bots.opponent) {
        tournament::source_from_command(*bots.opponent);
        to_build.push_back(*bots.opponent);
    }
    tournament::build_bots(to_build, options.build, progress);
    bots.bot.program = to_build[0].command;
    if (bots.opponent) bots.opponent = to_build[1];
    // Before any game: a program that is not there is the user's to fix (exit 2), not a crash.
    std::vector<double> start;
    for (const Param& p : config.params) start.push_back(p.start);
    match::check_command(bots.bot.with(config.params, start, kPlusName));
    if (bots.opponent) match::check_command(*bots.opponent);
    return bots;
}

// The records of games already played whose iteration is not in the journal (a run stopped
// mid-iteration): the resumed iteration uses them instead of playing them again.
std::map<std::string, GameRecord> unfinished_games(const TuneConfig& config, const fs::path& out,
                                                   const std::vector<IterationLine>& lines) {
    std::map<std::string, GameRecord> records;
    const fs::path results = out / "results.jsonl";
    if (!fs::exists(results)) return records;
    tournament::ResultsExpectations expected;
    expected.game = config.game;
    expected.identities = false;
    // The games of the first iteration not in the journal: "k00042-..." (games.hpp's ids).
    char open_prefix[16];
    std::snprintf(open_prefix, sizeof open_prefix, "k%05zu-", lines.size() + 1);
    const tournament::ResultsFile file = tournament::for_each_result(
        results,
        [&](GameRecord&& r) {
            if (r.id.starts_with(open_prefix)) records.emplace(r.id, std::move(r));
        },
        expected);
    if (file.complete_bytes != fs::file_size(results))
        fs::resize_file(results, file.complete_bytes);
    return records;
}

// The run's files written as it goes: results.jsonl and the logs (by the play loop's threads),
// tune.jsonl (between iterations).
class RunFiles {
  public:
    RunFiles(const TuneConfig& config, const fs::path& out)
        : out_(out), results_(out / "results.jsonl"), journal_(out / "tune.jsonl") {
        log_policy_.game = config.game;
        log_policy_.logs = config.logs;
    }

    // Thread-safe: the play loop's threads call it.
    GameRecord record(const IterationGame& game, match::MatchLog&& played) {
        match::MatchLog log = std::move(played);
        log.seed = game.setup.seed;
        log.testcase = game.testcase_name;
        const std::string path = tournament::store_log(log_policy_, out_, game.id, log);
        GameRecord record = tournament::make_record(game.id, game.group, log, path);
        std::lock_guard guard(lock_);
        tournament::check_run_lock(out_);
        results_.append(match::dump_json(tournament::to_json(record)) + "\n");
        return record;
    }

    void append_line(const nlohmann::ordered_json& line) {
        tournament::check_run_lock(out_);
        journal_.append(match::dump_json(line) + "\n");
    }

  private:
    fs::path out_;
    tournament::TournamentConfig log_policy_;
    std::mutex lock_;
    files::AppendFile results_;
    files::AppendFile journal_;
};

// The games of an iteration not yet recorded, for the play loop.
class IterationSource : public tournament::GameSource {
  public:
    IterationSource(const std::vector<IterationGame>& games,
                    const std::vector<std::optional<GameRecord>>& records)
        : games_(games), records_(records) {}
    std::optional<tournament::GameToPlay> next() override {
        while (next_ < games_.size() && records_[next_]) ++next_;
        if (next_ == games_.size()) return std::nullopt;
        const IterationGame& game = games_[next_];
        return tournament::GameToPlay{next_++, game.id, game.setup, game.players};
    }

  private:
    const std::vector<IterationGame>& games_;
    const std::vector<std::optional<GameRecord>>& records_;
    std::size_t next_ = 0;
};

// Plays iteration `step`'s games (those not in `earlier`) and returns their records in order;
// nullopt when the arena was interrupted before all were recorded.
std::optional<std::vector<GameRecord>> play_iteration(const std::vector<IterationGame>& games,
                                                      std::map<std::string, GameRecord>& earlier,
                                                      RunFiles& files,
                                                      const tournament::PlayLoopOptions& loop,
                                                      TuneProgress& progress) {
    std::vector<std::optional<GameRecord>> records(games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto kept = earlier.find(games[i].id);
        if (kept == earlier.end()) continue;
        records[i] = std::move(kept->second);
        earlier.erase(kept);
    }
    IterationSource source(games, records);
    std::mutex lock;
    tournament::play_games(source, loop, [&](std::size_t i, match::MatchLog&& log) {
        GameRecord record = files.record(games[i], std::move(log));
        std::lock_guard guard(lock);
        records[i] = std::move(record);
        progress.game_played();
    });
    std::vector<GameRecord> whole;
    for (std::optional<GameRecord>& r : records) {
        if (!r) return std::nullopt;
        whole.push_back(std::move(*r));
    }
    return whole;
}

void write_result(const TuneConfig& config, const fs::path& out, const TuneResult& result) {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < config.params.size(); ++i) {
        const Param& p = config.params[i];
        if (p.is_int)
            params[p.name] = static_cast<long long>(std::llround(result.theta[i]));
        else
            params[p.name] = result.theta[i];
    }
    nlohmann::ordered_json json = {{"params", params},
                                   {"iterations", result.iterations},
                                   {"games", result.games},
                                   {"bot", result.bot}};
    files::write_atomically(out / "result.json", match::dump_json(json, 2) + "\n");
}

}  // namespace

std::string saved_config_text(const fs::path& out) {
    const fs::path file = out / kConfigFile;
    if (!fs::exists(file))
        throw arena::Error("'" + file.string() +
                           "' not found: --resume needs the directory of an earlier arena tune");
    return files::read_text(file, files::kConfigFile);
}

TuneResult run_tune(const TuneConfig& config, const TuneOptions& options, std::ostream& out) {
    const Bots bots = prepare_bots(config, options, out);
    tournament::RunLock lock(options.out, tournament::own_command_line());
    open_directory(options);
    std::vector<IterationLine> lines = read_journal(options.out / "tune.jsonl", config.params);
    std::map<std::string, GameRecord> earlier = unfinished_games(config, options.out, lines);
    if (options.resume)
        out << "resume: " << lines.size() << " whole iteration(s) in tune.jsonl, " << earlier.size()
            << " game(s) of the next one kept\n";
    RunFiles files(config, options.out);
    if (!options.resume) files.append_line(header_json());

    TuneResult result;
    for (const Param& p : config.params) result.theta.push_back(p.start);
    for (const IterationLine& line : lines) result.games += line.games.size();
    if (!lines.empty()) result.theta = lines.back().theta_after;

    tournament::PlayLoopOptions loop;
    loop.concurrency = options.concurrency;
    loop.match.time_scale = config.time_scale;
    loop.match.time_margin_ms = config.time_margin_ms;
    loop.match.startup_ms = config.startup_ms;
    tournament::share_cpus(loop);
    TuneProgress progress(out, options.interactive, config, lines.size(),
                          result.games + earlier.size());
    ReportWriter report(config, options.out);
    for (int k = static_cast<int>(lines.size()) + 1; k <= config.gains.iterations; ++k) {
        if (process::interrupt_signal()) break;
        const Step step =
            make_step(config.params, config.gains, config.master_seed, k, result.theta);
        const std::vector<IterationGame> games =
            iteration_games(config, bots.bot, bots.opponent, step);
        const std::optional<std::vector<GameRecord>> records =
            play_iteration(games, earlier, files, loop, progress);
        if (!records) break;  // interrupted: the games recorded wait for --resume
        IterationLine line{step, {}, score_iteration(config, *records), {}};
        for (const IterationGame& g : games) line.games.push_back(g.id);
        line.theta_after = update(config.params, step, line.score.result);
        files.append_line(to_json(config.params, line));
        result.theta = line.theta_after;
        result.games += games.size();
        lines.push_back(std::move(line));
        progress.iteration_done(lines.back());
        report.maybe_write(lines);
    }
    progress.finish();
    result.iterations = static_cast<int>(lines.size());
    result.complete = result.iterations == config.gains.iterations;
    result.bot = fill_in(config.bot_text, config.params, result.theta);
    report.write(lines);
    if (result.complete) write_result(config, options.out, result);
    return result;
}

}  // namespace arena::tune
