#include "arena/match/match.hpp"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

#include "arena/match/turn_timing.hpp"
#include "arena/process/interrupt.hpp"

namespace arena::match {

const char* to_string(Outcome outcome) {
    switch (outcome) {
        case Outcome::ok:
            return "ok";
        case Outcome::timeout:
            return "timeout";
        case Outcome::invalid:
            return "invalid";
        case Outcome::crash:
            return "crash";
    }
    return "?";
}

std::optional<Outcome> outcome_from_string(std::string_view text) {
    for (Outcome outcome : {Outcome::ok, Outcome::timeout, Outcome::invalid, Outcome::crash})
        if (text == to_string(outcome)) return outcome;
    return std::nullopt;
}

namespace {

// The script an interpreter is asked to run ("python3 bot.py", "node b.js", "java -jar x.jar"),
// or "" when the command names none the arena can check (python3 -c ..., java Main). A missing
// script is as sure a failure as a missing program: every game would be a crash.
std::string script_of(const std::vector<std::string>& argv) {
    static const std::set<std::string> interpreters = {
        "python", "python2", "python3", "pypy", "pypy3", "node", "nodejs",
        "perl",   "ruby",    "php",     "bash", "sh",    "dash", "lua"};
    std::string program = std::filesystem::path(argv.front()).filename().string();
    // python3.11 is python3
    while (!program.empty() &&
           (std::isdigit(static_cast<unsigned char>(program.back())) || program.back() == '.')) {
        if (interpreters.count(program)) break;
        program.pop_back();
    }
    if (program == "java") {
        for (std::size_t i = 1; i + 1 < argv.size(); ++i)
            if (argv[i] == "-jar") return argv[i + 1];
        return "";
    }
    if (!interpreters.count(program)) return "";
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string& word = argv[i];
        if (word == "-c" || word == "-e" || word == "-m" || word == "-E" || word == "--eval" ||
            word == "-" || word == "-p" || word == "--print")
            return "";  // code on the command line, a module, or stdin: nothing to check
        if (word.empty() || word[0] != '-') return word;
    }
    return "";
}

}  // namespace

void check_command(const PlayerSpec& player) {
    // Said before any game: a bot that cannot start would make every one of its games a crash.
    if (!player.working_dir.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_directory(player.working_dir, ec))
            throw process::SpawnError("bot '" + player.name + "': working directory '" +
                                      player.working_dir +
                                      "' does not exist or is not a directory: create it or fix "
                                      "the bot's working directory (\"working_dir\", @DIR)");
    }
    std::vector<std::string> argv;
    try {
        argv = process::split_command_line(player.command);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("bot '" + player.name + "': cannot read its command line '" +
                                    player.command + "': " + e.what());
    }
    try {
        process::resolve_executable(argv.front(), player.working_dir);
    } catch (const process::SpawnError& e) {
        // The error names the program already; name the bot too when that says something more.
        if (player.name == argv.front()) throw;
        throw process::SpawnError("bot '" + player.name + "': " + e.what());
    }
    const std::string script = script_of(argv);
    if (script.empty()) return;
    const std::filesystem::path base = player.working_dir.empty()
                                           ? std::filesystem::current_path()
                                           : std::filesystem::path(player.working_dir);
    std::error_code ec;
    if (!std::filesystem::exists(base / script, ec))
        throw process::SpawnError("bot '" + player.name + "': the script '" + script + "' of '" +
                                  player.command + "' does not exist (looked in " + base.string() +
                                  "). Fix the path in --bot / the config.");
}

namespace {

using Clock = std::chrono::steady_clock;

double to_ms(std::chrono::nanoseconds d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

// One seat: its process (null when it could not be started or has been stopped) and what we
// know so far about how its game went.
struct Seat {
    std::unique_ptr<process::BotProcess> bot;
    SeatResult result;
    std::size_t stderr_kept = 0;  // bytes of stderr stored in the log so far (kStderrCapPerGame)
    SeatClock clock{TimeRules::plain, std::nullopt};
    int startup_allowance_ms = 0;
};

// Milliseconds kept of a turn's CPU and wait: a tenth is finer than any limit's noise, and packs.
std::optional<double> tenth_ms(const std::optional<std::chrono::nanoseconds>& d) {
    if (!d) return std::nullopt;
    return std::round(to_ms(*d) * 10) / 10;
}

// Adds `text` to the turn's stderr within the per-turn and the per-game caps.
void keep_stderr(Seat& seat, Turn& turn, std::string_view text, bool truncated) {
    const std::size_t turn_room =
        process::kStderrCapPerTurn - std::min(process::kStderrCapPerTurn, turn.stderr_text.size());
    const std::size_t game_room = kStderrCapPerGame - std::min(kStderrCapPerGame, seat.stderr_kept);
    const std::size_t kept = std::min({text.size(), turn_room, game_room});
    if (kept < text.size() && kept == game_room) seat.result.stderr_cut = true;
    if (kept < text.size() || truncated) turn.stderr_truncated = true;
    turn.stderr_text.append(text.substr(0, kept));
    seat.stderr_kept += kept;
}

// Stops a seat's bot and keeps how it ended. What it wrote on stderr meanwhile (often the reason
// of a crash) goes to `stderr_sink` when given.
process::ExitStatus stop_bot(Seat& seat, Turn* stderr_sink = nullptr) {
    process::ExitStatus status = seat.bot->stop();
    std::string last_words = seat.bot->take_stderr();
    if (stderr_sink) keep_stderr(seat, *stderr_sink, last_words, false);
    seat.bot.reset();
    seat.result.detail = status.describe();
    return status;
}

// A turn got no line (deadline passed, stdout closed, or an endless line): tell a crash (the bot
// ended by itself) from a plain timeout. Either way the bot is stopped, as CodinGame stops a bot
// that missed its turn, and the referee counts a timeout. Decided by what the arena did, not by
// the exit code: a bot still running at the deadline (or still writing an endless line) was
// stopped by us, whatever it exits with then (every JVM exits 143 on our SIGTERM). Only a limit
// it reached meanwhile (CPU, memory) makes it a crash.
Outcome classify_no_answer(Seat& seat, Turn& turn, process::ReadStatus read) {
    const process::ExitStatus exit = stop_bot(seat, &turn);
    if (!exit.limit_reached.empty()) return Outcome::crash;
    if (read != process::ReadStatus::closed) return Outcome::timeout;
    return exit.killed_by_arena ? Outcome::timeout : Outcome::crash;
}

int enforced_limit_ms(int codingame_limit_ms, const MatchOptions& options) {
    if (options.no_time_limit) return kNoTimeLimitMs;
    const double scaled = std::ceil(codingame_limit_ms * options.time_scale);
    return std::max(1, static_cast<int>(scaled) + options.time_margin_ms);
}

// A seat whose bot could not be started: a crash of its seat, not an error; its turns are then
// timeouts, as CodinGame counts a bot that never answers.
void start_failed(Seat& seat, const std::exception& e) {
    seat.bot.reset();
    seat.result.outcome = Outcome::crash;
    seat.result.detail = std::string("could not start: ") + e.what();
}

// Starts every seat's bot. Each bot's start is confirmed only once all are started
// (defer_start_check): the seats' inits and execs run in parallel rather than one after another.
std::vector<Seat> start_bots(boost::asio::io_context& io, const std::vector<PlayerSpec>& players,
                             const MatchOptions& options) {
    std::vector<Seat> seats(players.size());
    for (std::size_t i = 0; i < players.size(); ++i) {
        try {
            process::BotOptions bot_options = options.bot;
            bot_options.working_dir = players[i].working_dir;
            if (players[i].limits) bot_options.limits = *players[i].limits;
            if (players[i].sandbox) bot_options.sandbox = *players[i].sandbox;
            // A bot built from source may name its build's directory (Java's classes): the
            // arena made it, so the sandbox shows it read-only wherever the cache is.
            if (!players[i].built.empty())
                bot_options.sandbox_read_only.emplace_back(players[i].built, players[i].built);
            bot_options.defer_start_check = true;
            bot_options.startup_allowance = std::chrono::milliseconds(options.startup_ms);
            seats[i].clock = SeatClock(options.time_rules, options.timebank_ms);
            seats[i].startup_allowance_ms = options.startup_ms;
            seats[i].bot = std::make_unique<process::BotProcess>(
                io, process::split_command_line(players[i].command), bot_options);
        } catch (const std::exception& e) {  // SpawnError, or a command line we cannot split
            start_failed(seats[i], e);
        }
    }
    for (Seat& seat : seats) {
        try {
            if (seat.bot) seat.bot->confirm_start();
        } catch (const process::SpawnError& e) {
            start_failed(seat, e);
        }
    }
    return seats;
}

// Reads the `lines` lines of an answer (Referee::output_lines()): the first within the turn's
// limit, each next one within what remains of it. The lines come joined by '\n'; a missing one
// ends the read with its status, as a single line's read ends.
process::ReadResult read_answer(process::BotProcess& bot, const Turn& turn, int lines,
                               int hard_ms) {
    const std::chrono::milliseconds limit(hard_ms);
    const std::chrono::milliseconds grace(late_grace_ms(hard_ms));
    process::ReadResult answer = bot.exchange(turn.input, limit, grace);
    for (int line = 1; line < lines && answer.status == process::ReadStatus::line; ++line) {
        const auto left = std::max(std::chrono::nanoseconds(0), limit - answer.elapsed);
        process::ReadResult next =
            bot.exchange("", std::chrono::duration_cast<std::chrono::milliseconds>(left), grace);
        answer.elapsed += next.elapsed;
        answer.late = next.late;
        if (next.cpu && answer.cpu) *answer.cpu += *next.cpu;
        if (next.wait && answer.wait) *answer.wait += *next.wait;
        answer.stderr_text += next.stderr_text;
        answer.stderr_truncated = answer.stderr_truncated || next.stderr_truncated;
        answer.status = next.status;
        answer.line += '\n';
        answer.line += next.line;
    }
    return answer;
}

// Plays `turn` (its input and limit set) with the seat's bot and tells the referee. Returns
// nothing when the arena was interrupted meanwhile.
std::optional<referee::Verdict> play_turn(referee::Referee& referee, Seat& seat, Turn& turn) {
    referee::Verdict verdict;
    if (!seat.bot) {  // never started, or already stopped: it cannot answer
        verdict = referee.timeout();
        if (seat.result.outcome == Outcome::ok) seat.result.outcome = Outcome::timeout;
        return verdict;
    }
    const TurnLimits limits = seat.clock.limits(turn.limit_ms);
    turn.limit_ms = limits.limit_ms;
    process::ReadResult read =
        read_answer(*seat.bot, turn, std::max(1, referee.output_lines()), limits.hard_ms);
    // Interrupted (Ctrl-C): the arena killed the bots, so this turn was cut short by us, not
    // missed by the bot. It is left out rather than judged a timeout or crash.
    if (process::interrupt_signal() != 0) return std::nullopt;
    turn.time_ms = to_ms(read.elapsed);
    turn.cpu_ms = tenth_ms(read.cpu);
    turn.wait_ms = tenth_ms(read.wait);
    turn.late = read.late;
    if (read.startup) {
        seat.result.startup_ms = to_ms(*read.startup);
        seat.result.startup_ready = read.startup_wait.count() == 0;
        seat.result.startup_exceeded = read.startup_exceeded;
    }
    keep_stderr(seat, turn, read.stderr_text, read.stderr_truncated);
    bool answered = read.status == process::ReadStatus::line;
    if (answered && !seat.clock.accept_answer(turn.time_ms, turn)) {
        answered = false;  // the overrun too many: a timeout, its answer never used
        seat.result.timing = overrun_timing(turn);
        seat.result.outcome = Outcome::timeout;
        stop_bot(seat, &turn);
        verdict = referee.timeout();
    } else if (answered) {
        turn.output = std::move(read.line);
        verdict = referee.play(*turn.output);
        if (!verdict.accepted) seat.result.outcome = Outcome::invalid;
    } else {
        if (read.status == process::ReadStatus::timeout)
            seat.result.timing = timeout_timing(read, turn, limits.hard_ms, seat.startup_allowance_ms);
        seat.result.outcome = classify_no_answer(seat, turn, read.status);
        verdict = referee.timeout();
    }
    seat.clock.end_turn(turn.time_ms, !answered, turn);
    return verdict;
}

void stop_bots(std::vector<Seat>& seats) {
    for (Seat& seat : seats) {
        if (seat.bot) stop_bot(seat);
    }
}

// The game did not end: the turns played, no result.
void end_unfinished(MatchLog& log, const std::vector<Seat>& seats) {
    log.interrupted = true;
    log.reason = "interrupted before the game ended";
    for (const Seat& seat : seats) log.seats.push_back(seat.result);
}

// The seats' results: the referee's scores and ranks, or none when the game did not end.
void finish(MatchLog& log, std::vector<Seat>& seats, const referee::Referee& referee,
            Clock::time_point started) {
    stop_bots(seats);
    if (!referee.over()) {  // interrupted: the turns played, no result (the game did not end)
        end_unfinished(log, seats);
        log.duration_ms = to_ms(Clock::now() - started);
        return;
    }
    const referee::Result result = referee.result();
    log.reason = result.reason;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        SeatResult seat_result = seats[i].result;
        seat_result.score = result.scores.at(i);
        seat_result.rank = result.ranks.at(i);
        log.seats.push_back(std::move(seat_result));
    }
    log.duration_ms = to_ms(Clock::now() - started);
}

// An external referee could not go on: the game is played but not rated. The seats keep their
// outcomes (a bot's timeout before the failure is still its timeout), with no score or rank.
void referee_failed(MatchLog& log, std::vector<Seat>& seats, const std::string& what,
                    Clock::time_point started) {
    stop_bots(seats);
    log.seats.clear();
    if (process::interrupt_signal() != 0) {  // the arena's interrupt ended the referee too
        end_unfinished(log, seats);
    } else {
        log.referee_failure = what;
        log.reason = what;
        for (const Seat& seat : seats) {
            SeatResult seat_result = seat.result;
            seat_result.score = 0;
            seat_result.rank = 0;
            log.seats.push_back(std::move(seat_result));
        }
    }
    log.duration_ms = to_ms(Clock::now() - started);
}

// Plays turns until the game ends or the arena is interrupted. A referee failure during a turn
// keeps that turn (the bot's answer) in the log before it goes on up.
void play_turns(referee::Referee& referee, std::vector<Seat>& seats, MatchLog& log,
                const MatchOptions& options) {
    int turn_number = 0;
    while (!referee.over()) {
        const int player = referee.current_player();
        Seat& seat = seats.at(player);
        Turn turn;
        turn.turn = ++turn_number;
        turn.player = player;
        turn.input = referee.input();
        turn.state = referee.state();
        turn.limit_ms = enforced_limit_ms(referee.time_limit_ms(), options);

        std::optional<referee::Verdict> verdict;
        try {
            verdict = play_turn(referee, seat, turn);
        } catch (const referee::RefereeFailure&) {
            if (options.on_turn) options.on_turn(turn);
            log.turns.push_back(std::move(turn));
            throw;
        }
        if (!verdict) break;                                        // interrupted
        if (!verdict->accepted && seat.bot) stop_bot(seat, &turn);  // rejected: it plays no more
        turn.summary = std::move(verdict->summary);
        turn.error = std::move(verdict->error);
        if (options.on_turn) options.on_turn(turn);
        log.turns.push_back(std::move(turn));
    }
}

}  // namespace

MatchLog play_match(referee::Referee& referee, const std::vector<PlayerSpec>& players,
                    const MatchOptions& options) {
    if (static_cast<int>(players.size()) != referee.player_count()) {
        throw std::invalid_argument(std::string(referee.game()) + " needs " +
                                    std::to_string(referee.player_count()) + " bot(s), got " +
                                    std::to_string(players.size()));
    }
    const auto started = Clock::now();
    MatchLog log;
    log.game = std::string(referee.game());
    log.players = players;

    // One thread runs this context: concurrency hint 1 lets asio skip its locks. Declared before
    // the seats so that the bots are destroyed first.
    boost::asio::io_context io(1);
    std::vector<Seat> seats = start_bots(io, players, options);

    try {
        play_turns(referee, seats, log, options);
        finish(log, seats, referee, started);
    } catch (const referee::RefereeFailure& e) {  // an external referee's (built-ins never throw)
        referee_failed(log, seats, e.what(), started);
    }
    return log;
}

}  // namespace arena::match
