#include "arena/league/league_run.hpp"

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <set>
#include <thread>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/league/league_table.hpp"
#include "arena/league/matchmaker.hpp"
#include "arena/league/pairings.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/log_store.hpp"
#include "arena/tournament/play_loop.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/run_lock.hpp"

namespace arena::league {

namespace fs = std::filesystem;
using tournament::GameRecord;
using tournament::TournamentConfig;

namespace {

bool is_puzzle(const TournamentConfig& config) {
    return referee::game_info(config.game).kind == referee::GameKind::puzzle;
}

tournament::ResultsExpectations expectations(const League& league, const TournamentConfig& config) {
    tournament::ResultsExpectations expected;
    expected.game = config.game;
    expected.bots = league.names();
    expected.players_per_game = config.players_per_game;
    expected.identities = false;
    return expected;
}

// What the games recorded so far say, kept up to date game by game.
struct Played {
    explicit Played(const TournamentConfig& config) : tally(config) {}
    void add(const GameRecord& record) {
        tally.add(record);
        groups.add(record);
        ids.insert(record.id);
        for (std::size_t a = 0; a < record.players.size(); ++a)
            for (std::size_t b = a + 1; b < record.players.size(); ++b)
                ++met[pair_key(record.players[a], record.players[b])];
    }
    report::RunTally tally;
    PlayedGroups groups;
    std::set<std::string> ids;
    std::map<std::pair<std::string, std::string>, int> met;
};

// The games of one round and why they were chosen.
struct Round {
    std::vector<LeagueGame> games;
    int completed = 0;  // games of groups cut short
    std::map<TableReason, int> tables;
};

std::string round_text(const Round& round) {
    std::string text;
    const auto add = [&](int n, const std::string& what) {
        if (n) text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + what;
    };
    add(round.completed, "to complete cut groups");
    add(round.tables.count(TableReason::newcomer) ? round.tables.at(TableReason::newcomer) : 0,
        "table(s) for new bots");
    add(round.tables.count(TableReason::top) ? round.tables.at(TableReason::top) : 0,
        "table(s) for the top");
    add(round.tables.count(TableReason::random) ? round.tables.at(TableReason::random) : 0,
        "random table(s)");
    return text.empty() ? "boards not yet played" : text;
}

// A puzzle: each active bot on each board it has not played, in board order.
Round board_round(const League& league, const TournamentConfig& config, const Played& played,
                  std::size_t wanted) {
    Round round;
    for (const LeagueBot& bot : league.bots) {
        if (bot.retired) continue;
        for (std::size_t b = 0; b < config.testcases.size(); ++b) {
            LeagueGame game = board_game(bot.name, b, config.testcases[b].name);
            if (played.ids.count(game.id)) continue;
            round.games.push_back(std::move(game));
            if (round.games.size() >= wanted) return round;
        }
    }
    return round;
}

Round plan_round(const League& league, const TournamentConfig& config, const Played& played,
                 std::size_t wanted, double random_share) {
    if (is_puzzle(config)) return board_round(league, config, played, wanted);
    std::set<std::string> active;
    for (const LeagueBot& bot : league.bots)
        if (!bot.retired) active.insert(bot.name);
    Round round;
    round.games = played.groups.missing(active);
    round.completed = static_cast<int>(round.games.size());
    const int players = config.players_per_game;
    std::vector<std::string> seats;  // any distinct names: how many games a table makes
    for (int s = 0; s < players; ++s) seats.push_back(std::to_string(s));
    const std::size_t per_table = seat_orders(seats).size();
    if (static_cast<int>(active.size()) < players || round.games.size() >= wanted) return round;
    const int tables = static_cast<int>((wanted - round.games.size() + per_table - 1) / per_table);
    MatchmakerInput input;
    input.bots = matchmaker_standings(league_table(league, config, played.tally));
    input.met = played.met;
    input.players = players;
    input.games_per_table = static_cast<int>(per_table);
    input.min_games = league.min_games;
    input.random_share = random_share;
    std::size_t number = played.groups.next_number();
    // Seeded by where the league is: a run planned again from the same results plans the same.
    std::mt19937_64 random(static_cast<std::uint64_t>(group_seed(league.master_seed, number)));
    for (const Table& table : next_tables(input, tables, random)) {
        for (LeagueGame& game : group_games(table.bots, number, league.master_seed))
            round.games.push_back(std::move(game));
        ++number;
        ++round.tables[table.reason];
    }
    return round;
}

class LeagueRunner {
  public:
    LeagueRunner(fs::path dir, const LeagueRunOptions& options, std::ostream& progress)
        : dir_(std::move(dir)), options_(options), progress_(progress) {}

    LeagueRunResult run() {
        reload();
        results_ = std::make_unique<files::AppendFile>(dir_ / "results.jsonl");
        say_start();
        std::jthread live;
        if (options_.standings) live = std::jthread([this] { live_loop(); });
        LeagueRunResult result;
        try {
            play_rounds(result);
        } catch (...) {
            stop_live(live);
            throw;
        }
        stop_live(live);
        result.played = played_games_;
        result.total = played_->tally.games();
        result.interrupted = process::interrupt_signal() != 0;
        write_live(true);
        return result;
    }

  private:
    void play_rounds(LeagueRunResult& result) {
        tournament::PlayLoopOptions loop;
        loop.concurrency = options_.concurrency;
        loop.match = tournament::match_options(config_);
        tournament::share_cpus(loop);
        const std::size_t round_size =
            static_cast<std::size_t>(std::max(options_.concurrency, 1)) * 2;
        for (int n = 1;; ++n) {
            if (process::interrupt_signal()) return;
            if (options_.games && played_games_ >= *options_.games) return;
            try {
                reload();
            } catch (const files::ReadInterrupted&) {  // Ctrl-C while league.json was read
                return;
            }
            std::size_t wanted = round_size;
            if (options_.games) wanted = std::min(wanted, *options_.games - played_games_);
            const Round round =
                plan_round(league_, config_, *played_, wanted, options_.random_share);
            if (round.games.empty()) {
                result.idle = idle_text();
                return;
            }
            play_round(round, loop);
            {
                std::lock_guard print(print_lock_);
                progress_ << "round " << n << ": " << round.games.size() << " game(s) ("
                          << round_text(round) << "); " << played_games_ << " played, "
                          << played_->tally.games() << " in the league\n"
                          << std::flush;
            }
            // The table at once after the first round, then every few seconds (live thread).
            if (n == 1 && options_.standings) write_live(false);
        }
    }

    std::string idle_text() const {
        if (is_puzzle(config_))
            return "every active bot has played every board: add a bot to play more";
        return "fewer than " + std::to_string(config_.players_per_game) +
               " active bots: add bots with `arena league add` to play more";
    }

    void play_round(const Round& round, const tournament::PlayLoopOptions& loop) {
        class Source : public tournament::GameSource {
          public:
            Source(const Round& round, const LeagueRunner& runner)
                : round_(round), runner_(runner) {}
            std::optional<tournament::GameToPlay> next() override {
                if (next_ == round_.games.size()) return std::nullopt;
                const std::size_t i = next_++;
                return runner_.to_play(round_.games[i], i);
            }

          private:
            const Round& round_;
            const LeagueRunner& runner_;
            std::size_t next_ = 0;
        } source(round, *this);
        tournament::play_games(source, loop, [&](std::size_t i, match::MatchLog&& log) {
            record(round.games[i], std::move(log));
        });
    }

    tournament::GameToPlay to_play(const LeagueGame& game, std::size_t tag) const {
        tournament::GameToPlay play;
        play.tag = tag;
        play.id = game.id;
        play.setup.game = config_.game;
        play.setup.players = static_cast<int>(game.players.size());
        play.setup.seed = game.seed;
        if (game.board) play.setup.testcase = config_.testcases[*game.board].text;
        for (const std::string& name : game.players) play.players.push_back(specs_.at(name));
        return play;
    }

    // On a worker's thread: the game's log stored and its record appended.
    void record(const LeagueGame& game, match::MatchLog&& played) {
        match::MatchLog log = std::move(played);
        log.seed = game.seed;
        if (game.board) log.testcase = config_.testcases[*game.board].name;
        const std::string path = tournament::store_log(config_, dir_, game.id, log);
        const GameRecord record = tournament::make_record(game.id, game.group, log, path);
        nlohmann::ordered_json line = tournament::to_json(record);
        nlohmann::ordered_json& seats = line["identities"] = nlohmann::ordered_json::array();
        std::lock_guard guard(lock_);
        for (const std::string& name : record.players)
            seats.push_back(tournament::to_json(identities_.at(name)));
        tournament::check_run_lock(dir_);  // one writer
        results_->append(match::dump_json(line) + '\n');
        played_->add(record);
        ++played_games_;
        dirty_ = true;
    }

    // league.json read again (bots added or retired meanwhile); with new bots the config and
    // the tally are made again from results.jsonl.
    void reload() {
        League now = read_league(dir_);
        std::lock_guard guard(lock_);
        const bool same_bots = played_ && now.names() == league_.names();
        league_ = std::move(now);
        if (same_bots) return;
        config_ = league_config(league_);
        for (const match::PlayerSpec& bot : config_.bots) {
            specs_[bot.name] = bot;
            if (!identities_.count(bot.name)) identities_[bot.name] = tournament::identify(bot);
        }
        played_ = std::make_unique<Played>(config_);
        const fs::path results = dir_ / "results.jsonl";
        if (!fs::exists(results)) return;
        const tournament::ResultsFile file = tournament::for_each_result(
            results, [&](GameRecord&& r) { played_->add(r); }, expectations(league_, config_));
        for (const std::string& note : file.notes) progress_ << "note: " << note << "\n";
        // A last line cut short (killed while writing it): appending goes on from a whole line.
        if (file.complete_bytes != fs::file_size(results))
            fs::resize_file(results, file.complete_bytes);
    }

    void say_start() {
        int active = 0;
        for (const LeagueBot& b : league_.bots) active += !b.retired;
        progress_ << "league " << dir_.string() << ": " << config_.game << ", "
                  << league_.bots.size() << " bot(s) (" << active << " active), "
                  << played_->tally.games() << " game(s) so far; playing "
                  << (options_.games ? std::to_string(*options_.games) + " more game(s)"
                                     : std::string("until Ctrl-C"))
                  << ", " << options_.concurrency << " at a time\n"
                  << std::flush;
    }

    void live_loop() {
        std::unique_lock guard(lock_);
        while (!stopping_) {
            live_wake_.wait_for(guard, options_.live_every, [&] { return stopping_; });
            if (stopping_ || !dirty_) continue;
            guard.unlock();
            write_live(false);
            guard.lock();
        }
    }

    void stop_live(std::jthread& live) {
        {
            std::lock_guard guard(lock_);
            stopping_ = true;
        }
        live_wake_.notify_all();
        if (live.joinable()) live.join();
    }

    // The standings files and the top of the table, from a copy of the games so far.
    void write_live(bool final) {
        std::unique_lock guard(lock_);
        dirty_ = false;
        const report::RunTally tally = played_->tally;
        const League league = league_;
        const TournamentConfig config = config_;
        guard.unlock();
        try {
            if (options_.standings) options_.standings(league, config, tally, final);
        } catch (const std::exception& e) {
            std::lock_guard print(print_lock_);
            progress_ << "warning: standings not written: " << e.what() << "\n";
        }
        if (final) return;
        const std::string top = to_text(league_table(league, config, tally), 5);
        std::lock_guard print(print_lock_);
        progress_ << "top after " << tally.games() << " game(s):\n" << top << std::flush;
    }

    fs::path dir_;
    const LeagueRunOptions& options_;
    std::ostream& progress_;
    std::mutex lock_;  // guards what follows, written by the workers and read by the live thread
    League league_;
    TournamentConfig config_;
    std::map<std::string, match::PlayerSpec> specs_;
    std::map<std::string, tournament::BotIdentity> identities_;
    std::unique_ptr<Played> played_;
    std::unique_ptr<files::AppendFile> results_;
    std::size_t played_games_ = 0;
    bool dirty_ = false, stopping_ = false;
    std::condition_variable live_wake_;
    std::mutex print_lock_;
};

}  // namespace

LeagueRunResult run_league(const fs::path& dir, const LeagueRunOptions& options,
                           std::ostream& progress) {
    const League league = read_league(dir);  // "no league there" before the lock is taken
    tournament::RunLock lock(dir, tournament::own_command_line());
    if (!enough_bots(read_league(dir)))
        throw LeagueError("the league in '" + dir.string() + "' has " +
                          std::to_string(league.bots.size()) + " bot(s) and a game seats " +
                          std::to_string(players_per_game(league)) +
                          ": add bots with arena league add " + dir.string() + " NAME=COMMAND");
    fs::create_directories(dir / "games");
    return LeagueRunner(dir, options, progress).run();
}

report::RunTally read_tally(const League& league, const TournamentConfig& config) {
    report::RunTally tally(config);
    const fs::path results = league.dir / "results.jsonl";
    if (fs::exists(results))
        tournament::for_each_result(
            results, [&](GameRecord&& r) { tally.add(r); }, expectations(league, config));
    return tally;
}

}  // namespace arena::league
