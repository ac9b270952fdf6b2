#include "arena/tournament/runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <thread>

#include "arena/common/diagnostics.hpp"
#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/game_finisher.hpp"
#include "arena/tournament/game_ids.hpp"
#include "arena/tournament/log_store.hpp"
#include "arena/tournament/play_loop.hpp"
#include "arena/tournament/progress.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/schedule.hpp"
#include "arena/tournament/shards.hpp"
#include "arena/tournament/versions.hpp"
#include "referees/registry.hpp"

namespace arena::tournament {

namespace fs = std::filesystem;

namespace {

// Reads the records already in results.jsonl as a stream, each checked against the config, and
// gives each to `each`; notes (a repeated line, a cut last line) go to `notes`. A last line cut
// short (the arena was killed while writing it) is dropped from the file so that appending goes
// on from a clean line.
void read_finished(const fs::path& results, const TournamentConfig& config, std::ostream& notes,
                   const RecordSink& each) {
    if (!fs::exists(results)) return;
    ResultsFile file;
    try {
        file = for_each_result(results, each, expectations_of(config));
    } catch (const ResultsError& e) {
        throw ResultsError(std::string(e.what()) + ", then run again with --resume");
    }
    for (const std::string& note : file.notes) notes << "note: " << note << "\n";
    if (file.complete_bytes != fs::file_size(results)) {
        diagnostics::log().debug("resume: {} cut to {} byte(s): its last line was cut short",
                                 results.string(), file.complete_bytes);
        fs::resize_file(results, file.complete_bytes);
    }
}

}  // namespace

bool holds_results(const fs::path& out) {
    const fs::path results = out / "results.jsonl";
    return fs::exists(results) && fs::file_size(results) > 0;
}

std::string earlier_results_message(const fs::path& out, const std::string& ways_on) {
    // Appended piece by piece: "'" + std::string trips a false -Wrestrict warning in GCC 12.
    std::string message = "'";
    message += (out / "results.jsonl").string();
    message += "' already holds results: " + ways_on + ", or choose another directory with --out";
    return message;
}

void refuse_earlier_results(const fs::path& out, const std::string& ways_on) {
    if (holds_results(out)) throw RunError(earlier_results_message(out, ways_on));
}

namespace {

// The run directory taken: its lock (unless the caller holds it), games/, and no results there
// from an earlier run unless resuming.
void open_run_directory(const RunOptions& options, std::optional<RunLock>& run_lock) {
    if (!options.caller_holds_lock) run_lock.emplace(options.out, own_command_line());
    fs::create_directories(options.out / "games");
    if (!options.resume)
        refuse_earlier_results(options.out, "add --resume to play only the missing games");
}

// Each bot's version now, stored with every game it plays. With --resume, games of other versions
// already in the directory stop the run (or are moved aside with --replace) before any game.
std::map<std::string, BotIdentity> check_bot_versions(const TournamentConfig& config,
                                                      const RunOptions& options,
                                                      const fs::path& results_path,
                                                      std::ostream& notes) {
    std::map<std::string, BotIdentity> identities;
    for (const match::PlayerSpec& bot : config.bots) {
        identities[bot.name] = identify(bot);
        diagnostics::log().debug("versions: bot '{}': {} file(s) hashed", bot.name,
                                 identities[bot.name].files.size());
    }
    if (options.resume) {
        // Every record is checked before any is judged by its bots' versions: a damaged record
        // or one naming a bot the config does not know is reported as that (file, line, fault),
        // never taken for another version of a bot that --replace would then move aside. This
        // read also says its notes (a repeated line, a cut last line, which it trims).
        read_finished(results_path, config, notes, [](GameRecord&&) {});
        check_versions(options.out, identities, options.replace, notes);
    }
    return identities;
}

// A seat that could not start because its program (or working directory, or script) is no longer
// there, though it was when the run began: the bot is being rebuilt or was moved. Recording the
// game would score it as a crash, and every later game of that bot too, so the run stops instead
// (the game not recorded, the others under way finish): --resume plays it once the bot is back
// (the caller says so with the command, RunStopped).
void refuse_vanished_programs(const ScheduledGame& game,
                              const std::vector<match::PlayerSpec>& players,
                              const match::MatchLog& log,
                              const std::map<std::string, BotIdentity>& identities) {
    for (std::size_t seat = 0; seat < log.seats.size() && seat < players.size(); ++seat) {
        if (!log.seats[seat].detail.starts_with("could not start: ")) continue;
        // Its program was hashed when the run began: "" means it was missing then already (a
        // caller that did not check the commands first: its games are crashes, as before).
        const auto known = identities.find(players[seat].name);
        if (known == identities.end() || known->second.files.empty() ||
            known->second.files.front().sha256.empty())
            continue;
        try {
            match::check_command(players[seat]);
        } catch (const std::exception& e) {
            throw RunError(std::string(e.what()) + " (it was there when the run began). Game " +
                           game.id +
                           " was not recorded; put the bot back (a rebuild in progress?)");
        }
    }
}

// The bots of a scheduled game, by seat.
std::vector<match::PlayerSpec> players_of(const TournamentConfig& config,
                                          const ScheduledGame& game) {
    std::vector<match::PlayerSpec> players;
    for (std::size_t seat : game.seats) players.push_back(config.bots[seat]);
    return players;
}

// A scheduled game as the play loop takes it: its place in the run is its tag.
GameToPlay to_play(const TournamentConfig& config, const ScheduledGame& game, std::size_t nth) {
    GameToPlay play;
    play.tag = nth;
    play.id = game.id;
    play.setup.game = config.game;
    play.setup.players = static_cast<int>(game.seats.size());
    play.setup.seed = game.seed;
    if (!config.testcases.empty()) play.setup.testcase = config.testcases[game.testcase].text;
    play.players = players_of(config, game);
    return play;
}

// A played game's log written and its record made (not yet in results.jsonl).
GameRecord record_game(const TournamentConfig& config, const ScheduledGame& game,
                       match::MatchLog& log, const fs::path& out, const RunOptions& options,
                       const std::map<std::string, BotIdentity>& identities) {
    refuse_vanished_programs(game, players_of(config, game), log, identities);
    if (!config.testcases.empty()) log.testcase = config.testcases[game.testcase].name;
    log.seed = game.seed;
    std::string log_text;
    const std::string log_path =
        store_log(config, out, game.id, log, options.each_log ? &log_text : nullptr);
    // The reason is not logged: it may quote what a bot wrote (the game's log keeps it).
    diagnostics::log().debug("game {}: ended after {} turn(s), log {}", game.id, log.turns.size(),
                             log_path);
    GameRecord record = make_record(game.id, game.group, log, log_path);
    if (options.each_log && !log_path.empty()) options.each_log(record, log, log_text);
    return record;
}

// The games this run plays: the whole schedule, or one shard of it. Each is known by its place
// in the run (0 .. size() - 1) and computed from the schedule when it is needed: the run keeps
// nothing per game but a bit (played or not), however many games it has (issue 17: flat cost).
class RunGames {
  public:
    RunGames(const Schedule& schedule, std::optional<Shard> shard)
        : schedule_(schedule), shard_(shard) {}
    std::size_t size() const { return shard_ ? schedule_.shard_size(*shard_) : schedule_.size(); }
    ScheduledGame game(std::size_t nth) const { return schedule_.game(in_schedule(nth)); }
    std::string id(std::size_t nth) const { return schedule_.id(in_schedule(nth)); }
    // The place in this run of the game with this id; nullopt: not a game of this run (or shard).
    std::optional<std::size_t> find(std::string_view id) const {
        const std::optional<std::size_t> index = schedule_.find(id);
        if (!index || !shard_) return index;
        if (schedule_.shard_of(*index, shard_->count) != shard_->index) return std::nullopt;
        return schedule_.place_in_shard(*index, shard_->count);
    }

  private:
    std::size_t in_schedule(std::size_t nth) const {
        return shard_ ? schedule_.shard_game(*shard_, nth) : nth;
    }
    const Schedule& schedule_;
    std::optional<Shard> shard_;
};

// The run's games not yet played, in order, as the play loop asks for them; none once the run is
// told to stop (`stopping`, asked under the runner's lock).
class ScheduleSource : public GameSource {
  public:
    ScheduleSource(const TournamentConfig& config, const RunGames& games,
                   const std::vector<bool>& played, std::function<bool()> stopping)
        : config_(config), games_(games), played_(played), stopping_(std::move(stopping)) {}

    std::optional<GameToPlay> next() override {
        while (next_ < games_.size() && played_[next_]) ++next_;  // by an earlier run (--resume)
        if (next_ == games_.size() || stopping_()) return std::nullopt;
        const std::size_t nth = next_++;
        return to_play(config_, games_.game(nth), nth);
    }

  private:
    const TournamentConfig& config_;
    const RunGames& games_;
    const std::vector<bool>& played_;
    std::function<bool()> stopping_;
    std::size_t next_ = 0;
};

// The games still to play (those of `games` not `played`), shared by the worker threads. `lock`
// guards the fields after it.
class Workers {
  public:
    Workers(const TournamentConfig& config, const RunOptions& options,
            const std::map<std::string, BotIdentity>& identities, const RunGames& games,
            const std::vector<bool>& played, std::size_t todo, const fs::path& results_path,
            Progress& progress, std::vector<GameRecord> earlier,
            std::map<std::size_t, GameRecord>& kept, bool stopping)
        : config_(config),
          options_(options),
          identities_(identities),
          games_(games),
          played_(played),
          todo_(todo),
          results_path_(results_path),
          results_(results_path),
          progress_(progress),
          kept_(kept),
          stopping_(stopping) {
        // The live standings start from the earlier run's games (--resume).
        if (options.snapshot) seen_ = std::move(earlier);
        match_options_ = match_options(config);
    }

    // Plays the games on `concurrency` threads (play_loop.hpp); rethrows the first failure.
    void run(int concurrency) {
        std::jthread snapshot_thread;
        if (options_.snapshot || options_.live)
            snapshot_thread = std::jthread([this] { snapshots(); });
        ScheduleSource source(config_, games_, played_, [this] {
            std::lock_guard guard(lock_);
            return stopping_;
        });
        PlayLoopOptions loop;
        loop.concurrency =
            stopping_ ? 0
                      : static_cast<int>(std::min<std::size_t>(std::max(concurrency, 1), todo_));
        loop.match = match_options_;
        share_cpus(loop);
        // With stop_after the caller's answer after a game stops the run before the next starts.
        loop.overlap = !options_.stop_after;
        try {
            play_games(source, loop, [this](std::size_t nth, match::MatchLog&& log) {
                finish(nth, std::move(log));
            });
        } catch (...) {
            failure_ = std::current_exception();
        }
        {
            std::lock_guard guard(lock_);
            games_over_ = true;
        }
        snapshot_wake_.notify_one();
        if (snapshot_thread.joinable()) snapshot_thread.join();  // the last snapshot ends first
        progress_.finish();
        if (failure_) rethrow_as_stopped();
    }

  private:
    // The first failure of a worker, as a RunStopped when it is a fault the user can fix (an
    // arena error, a file that cannot be written): with how many games are saved.
    [[noreturn]] void rethrow_as_stopped() {
        try {
            std::rethrow_exception(failure_);
        } catch (const std::runtime_error& e) {
            throw RunStopped(e.what(), games_.size() - todo_ + saved_, games_.size());
        }
    }

    // A played game's log written and its record appended to results.jsonl.
    void finish(std::size_t nth, match::MatchLog&& played) {
        match::MatchLog log = std::move(played);
        GameRecord record =
            record_game(config_, games_.game(nth), log, options_.out, options_, identities_);
        std::lock_guard guard(lock_);
        save(nth, std::move(record));
    }

    // Under the lock: the record of the run's game `nth` appended to results.jsonl with its bots'
    // versions.
    void save(std::size_t nth, GameRecord record) {
        nlohmann::ordered_json line = to_json(record);
        nlohmann::ordered_json& seats = line["identities"] = nlohmann::ordered_json::array();
        for (const std::string& name : record.players)
            seats.push_back(tournament::to_json(identities_.at(name)));
        // One writer: a lock file replaced since it was taken no longer keeps another arena out.
        check_run_lock(options_.out);
        results_.append(match::dump_json(line) + '\n');
        ++saved_;
        progress_.game_finished(record);
        if (options_.each_record) options_.each_record(record);
        if (options_.snapshot) fresh_.push_back(record);
        if (options_.snapshot || options_.live) {
            ++unseen_;
            // Woken only when it waits for records: between two snapshots it sleeps until its
            // time, and a wake per game (a context switch each) cost a run of instant games
            // more than its snapshots (issue 17).
            if (snapshot_waits_for_records_) snapshot_wake_.notify_one();
        }
        if (options_.stop_after && options_.stop_after(record)) {
            stopping_ = true;
            diagnostics::log().debug("stopping after game {}: the caller has its answer",
                                     record.id);
        }
        if (options_.keep_records) kept_[nth] = std::move(record);
    }

    // The live standings' thread: waits for new records, takes them under the lock (a swap) and
    // calls options_.snapshot outside it, at most every snapshot_every, and at least three times
    // as long as the last snapshot took apart, so that it never takes more than a third of the
    // time of a core the games need.
    void snapshots() {
        using Clock = std::chrono::steady_clock;
        Clock::time_point next = Clock::now();  // the first game is shown at once
        std::unique_lock guard(lock_);
        while (true) {
            snapshot_waits_for_records_ = true;
            snapshot_wake_.wait(guard, [&] { return games_over_ || unseen_ > 0; });
            snapshot_waits_for_records_ = false;
            snapshot_wake_.wait_until(guard, next, [&] { return games_over_; });
            if (games_over_) return;
            std::vector<GameRecord> fresh;
            fresh.swap(fresh_);
            unseen_ = 0;
            guard.unlock();
            for (GameRecord& r : fresh) seen_.push_back(std::move(r));
            const Clock::time_point start = Clock::now();
            std::string leader;
            try {
                if (options_.snapshot) leader = options_.snapshot(seen_);
                if (options_.live) leader = options_.live();
            } catch (const std::exception& e) {
                diagnostics::log().warn("live standings not written: {}", e.what());
            }
            const Clock::duration took = Clock::now() - start;
            diagnostics::log().debug(
                "live standings in {} ms",
                std::chrono::duration_cast<std::chrono::milliseconds>(took).count());
            next = Clock::now() + std::max<Clock::duration>(options_.snapshot_every, 2 * took);
            guard.lock();
            progress_.set_leader(std::move(leader));
        }
    }

    const TournamentConfig& config_;
    const RunOptions& options_;
    const std::map<std::string, BotIdentity>& identities_;
    const RunGames& games_;
    const std::vector<bool>& played_;  // read only while the workers run
    const std::size_t todo_;           // games not played
    const fs::path results_path_;
    match::MatchOptions match_options_;
    std::mutex lock_;
    files::AppendFile results_;
    Progress& progress_;
    std::map<std::size_t, GameRecord>& kept_;  // with keep_records, by place in the run
    std::exception_ptr failure_;
    std::size_t saved_ = 0;  // games this run appended to results.jsonl
    bool stopping_;
    // Live standings: records not yet shown (under the lock), and those shown (the snapshot
    // thread's own).
    std::condition_variable snapshot_wake_;
    std::vector<GameRecord> fresh_;  // for `snapshot` only
    std::size_t unseen_ = 0;         // games recorded since the last snapshot
    bool games_over_ = false;
    bool snapshot_waits_for_records_ = false;  // rather than for its next time
    std::vector<GameRecord> seen_;
};

void log_schedule(const TournamentConfig& config, std::size_t games, std::size_t todo) {
    auto& log = diagnostics::log();
    if (!log.should_log(spdlog::level::info)) return;
    if (config.seeds.empty()) {
        log.info("schedule: {} game(s): {} bot(s) x {} test case(s); {} to play", games,
                 config.bots.size(), config.testcases.size(), todo);
    } else {
        log.info("schedule: {} game(s): {} seed(s) (first {}{}), {} per game, {}; {} to play",
                 games, config.seeds.size(), config.seeds.front(),
                 config.master_seed ? ", master " + std::to_string(*config.master_seed) : "",
                 config.players_per_game, format_name(config.format), todo);
    }
}

// The games an earlier run recorded (--resume), read as a stream: which of the run's games are
// played (a bit each), and each one given to the progress line, stop_after and each_record.
// Records are held only for what asks for them: keep_records (returned; then stop_after sees them
// in schedule order, as the gate's test expects) and the record-based snapshot.
class EarlierGames {
  public:
    EarlierGames(const RunGames& games, const RunOptions& options, Progress& progress)
        : played(games.size(), false), games_(games), options_(options), progress_(progress) {}
    void add(GameRecord&& record) {
        const std::optional<std::size_t> nth = games_.find(record.id);
        // A whole run keeps aside the games a smaller --games left out of its schedule; a shard
        // holds its own games only.
        if (!nth && options_.shard)
            throw RunError(
                foreign_game_text(options_.out / "results.jsonl", record.id, *options_.shard) +
                ", then run again with --resume");
        if (!nth) return;
        if (!played[*nth]) ++count_;
        played[*nth] = true;
        if (options_.keep_records) {
            kept.emplace(*nth, std::move(record));
            return;
        }
        take(record);
        if (options_.snapshot) for_snapshot.push_back(std::move(record));
    }
    // Returns whether stop_after already ended the run.
    bool finish() {
        if (options_.keep_records) {
            for (const auto& [nth, record] : kept) {  // in schedule order
                take(record);
                if (options_.snapshot) for_snapshot.push_back(record);
            }
        }
        return stopping_;
    }
    std::size_t count() const { return count_; }  // of the run's games

    std::vector<bool> played;                // by place in the run
    std::map<std::size_t, GameRecord> kept;  // keep_records: by place in the run
    std::vector<GameRecord> for_snapshot;    // the record-based snapshot's first records

  private:
    void take(const GameRecord& record) {
        progress_.add_earlier(record);
        if (options_.each_record) options_.each_record(record);
        if (options_.stop_after && !stopping_) stopping_ = options_.stop_after(record);
    }
    const RunGames& games_;
    const RunOptions& options_;
    Progress& progress_;
    std::size_t count_ = 0;
    bool stopping_ = false;
};

// A shard's manifest (shards.hpp), with the ids of its games.
void write_shard_manifest(const TournamentConfig& config, Shard shard, const RunGames& games,
                          const std::map<std::string, BotIdentity>& identities,
                          const fs::path& out) {
    Manifest manifest = make_manifest(config, shard, {}, identities);
    manifest.games.reserve(games.size());
    for (std::size_t i = 0; i < games.size(); ++i) manifest.games.push_back(games.id(i));
    manifest.game_count = manifest.games.size();
    write_manifest(out, manifest);
}

}  // namespace

std::vector<GameRecord> run_tournament(const TournamentConfig& config, const RunOptions& options,
                                       std::ostream& progress_out) {
    const fs::path results_path = options.out / "results.jsonl";
    std::optional<RunLock> run_lock;
    open_run_directory(options, run_lock);
    const std::map<std::string, BotIdentity> identities =
        check_bot_versions(config, options, results_path, progress_out);
    files::write_atomically(options.out / "config.json",
                            match::dump_json(effective_config(config, options), 2) + "\n");

    // The games this run plays: the whole schedule, or one shard of it (with its manifest).
    const Schedule schedule(config);
    const RunGames games(schedule, options.shard);
    if (options.shard) write_shard_manifest(config, *options.shard, games, identities, options.out);
    Progress progress(progress_out, options.interactive, games.size());
    EarlierGames earlier(games, options, progress);
    std::ostream no_notes(nullptr);  // said above already, when resuming
    std::size_t records_read = 0;
    read_finished(results_path, config, no_notes, [&](GameRecord&& r) {
        ++records_read;
        earlier.add(std::move(r));
    });
    const bool stopping = earlier.finish();
    const std::size_t todo = games.size() - earlier.count();
    log_schedule(config, games.size(), todo);
    if (options.resume)
        diagnostics::log().debug("resume: {} record(s) read, {} scheduled game(s) already played",
                                 records_read, earlier.count());
    if (stopping) diagnostics::log().debug("resume: the earlier games already end the run");
    Workers(config, options, identities, games, earlier.played, todo, results_path, progress,
            std::move(earlier.for_snapshot), earlier.kept, stopping)
        .run(options.concurrency);

    std::vector<GameRecord> records;  // in schedule order
    for (auto& [nth, record] : earlier.kept) records.push_back(std::move(record));
    return records;
}

}  // namespace arena::tournament
