// cg-brutaltester's referee protocol behind referee::Referee (docs/other-games.md, convention 1).
//
// The referee is a process started like a bot (process::BotProcess: contained, always stoppable)
// on an io_context of its own. Each step (the start, then each answer written) reads the
// referee's stdout up to the next "###Output P K" or "###End ...", within one bound: the
// referee's allowance. What the referee does wrong throws referee::RefereeFailure naming the
// referee and the line, after stopping it: a referee must never hang the arena.
#include "arena/match/brutaltester_referee.hpp"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <utility>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::match {
namespace {

using Clock = std::chrono::steady_clock;

// The referee's own time per step, on top of the longest turn limit: a referee computes little
// between two answers, but it may start a JVM or load data at first. Beyond it the referee counts
// as silent. ARENA_REFEREE_TIMEOUT_MS (milliseconds) replaces the whole bound (limit + allowance):
// for tests, or a referee known to be slow.
constexpr int kRefereeAllowanceMs = 10'000;
constexpr const char* kRefereeTimeoutEnv = "ARENA_REFEREE_TIMEOUT_MS";
// The referee's stderr is its log: the end of it goes into a failure's text.
constexpr std::size_t kStderrTailBytes = 8 * 1024;
constexpr std::size_t kQuotedLineChars = 200;
// "###Output P K": more than this many lines per answer is no CodinGame game's protocol.
constexpr int kMaxOutputLines = 100;
// Input buffered for the players (several ###Input blocks before one turn): a bound, so that a
// referee that prints input forever cannot make the arena's memory grow without end.
constexpr std::size_t kMaxPendingInputBytes = 4 * 1024 * 1024;
// A game that never ends: more turns than this (every ###Output counts) is a referee's loop, not a
// game (CodinGame's longest games have a few thousand turns).
constexpr int kMaxTurns = 20'000;
// Player indexes are one digit.
constexpr int kMaxPlayers = 10;

int referee_bound_ms(const ExternalGameSpec& spec) {
    if (const char* text = std::getenv(kRefereeTimeoutEnv)) {
        int value = 0;
        const char* end = text + std::char_traits<char>::length(text);
        const auto [rest, ec] = std::from_chars(text, end, value);
        if (ec == std::errc() && rest == end && value > 0) return value;
    }
    return std::max(spec.first_turn_ms, spec.turn_ms) + kRefereeAllowanceMs;
}

std::string quote_line(std::string_view line) {
    if (line.size() <= kQuotedLineChars) return "'" + std::string(line) + "'";
    return "'" + std::string(line.substr(0, kQuotedLineChars)) + "...' (" +
           std::to_string(line.size()) + " bytes)";
}

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

// "{seed}" replaced by the game's seed.
std::string expand_command(const ExternalGameSpec& spec, const referee::GameSetup& setup) {
    std::string command = spec.command;
    const std::string token = "{seed}";
    for (std::size_t at = command.find(token); at != std::string::npos;
         at = command.find(token, at)) {
        if (!setup.seed)
            throw referee::RefereeFailure(
                "referee '" + spec.command +
                "': its command has {seed} but the game has no seed: make the game seeded "
                "(\"seeded\": true) or take {seed} out of the command");
        const std::string seed = std::to_string(*setup.seed);
        command.replace(at, token.size(), seed);
        at += seed.size();
    }
    return command;
}

class BrutaltesterReferee final : public referee::Referee {
  public:
    BrutaltesterReferee(const ExternalGameSpec& spec, const referee::GameSetup& setup);
    ~BrutaltesterReferee() override { stop_referee(); }

    std::string_view game() const override { return game_; }
    int player_count() const override { return players_; }
    bool over() const override { return over_; }
    int current_player() const override { return current_; }
    std::string input() const override { return pending_input_.at(current_); }
    int time_limit_ms() const override {
        return answered_.at(current_) ? spec_.turn_ms : spec_.first_turn_ms;
    }
    int output_lines() const override { return expected_lines_; }
    referee::Verdict play(std::string_view lines) override;
    referee::Verdict timeout() override;
    referee::Result result() const override { return result_; }

  private:
    void start();
    // Writes `answer` (may be empty) and reads commands up to the next ###Output or ###End.
    void run_to_next_turn(const std::string& answer);
    std::string read_line(const std::string& answer, Clock::time_point deadline);
    void take_stderr(std::string text);
    void handle(const std::string& line);
    int player_index(const std::string& line, const std::string& word);
    void handle_output(const std::string& line, const std::vector<std::string>& words);
    void handle_end(const std::string& line, const std::vector<std::string>& words);
    void add_input(const std::string& line);
    // Everything ###Error said since the last verdict: about `player`, its error text; about
    // the others, the summary.
    referee::Verdict verdict_for(int player);
    [[noreturn]] void fail(const std::string& line, const std::string& what);
    // Adds `bytes` (of `line`) to the game's text; fails past kMaxExternalGameBytes.
    void count_game_bytes(const std::string& line, std::size_t bytes);
    std::string stop_referee();

    ExternalGameSpec spec_;
    std::string game_;
    std::string command_;  // as run: "{seed}" replaced
    int players_ = 0;
    int bound_ms_ = 0;
    boost::asio::io_context io_{1};  // before process_: the process goes first
    std::unique_ptr<process::BotProcess> process_;

    std::vector<std::string> pending_input_;  // per player, until its next ###Output
    std::size_t pending_bytes_ = 0;
    std::vector<bool> answered_;  // per player: its first turn is over (the later turns' limit)
    int input_target_ = -1;       // the player of the ###Input block being read, or -1
    int current_ = 0;
    int expected_lines_ = 1;
    int turns_ = 0;  // ###Output lines so far
    std::size_t game_bytes_ =
        0;  // read from the referee and answered, kMaxExternalGameBytes at most
    bool over_ = false;
    referee::Result result_;
    std::vector<std::pair<int, std::string>> errors_;  // ###Error since the last verdict

    int line_number_ = 0;
    std::string last_line_;  // the last line read, for failures that have no line of their own
    std::string stderr_tail_;
    std::string failure_;  // set once the referee failed: every later call throws it again
};

BrutaltesterReferee::BrutaltesterReferee(const ExternalGameSpec& spec,
                                         const referee::GameSetup& setup)
    : spec_(spec),
      game_(setup.game.empty() ? spec.name : setup.game),
      command_(expand_command(spec, setup)),
      players_(setup.players),
      bound_ms_(referee_bound_ms(spec)),
      pending_input_(static_cast<std::size_t>(std::max(0, setup.players))),
      answered_(pending_input_.size(), false) {
    if (players_ < 1 || players_ > kMaxPlayers)
        throw referee::RefereeFailure("referee '" + command_ + "': " + std::to_string(players_) +
                                      " players: the protocol numbers players with one digit "
                                      "(1 to 10 players)");
    start();
}

void BrutaltesterReferee::start() {
    std::vector<std::string> argv;
    try {
        argv = process::split_command_line(command_);
        process::BotOptions options;
        options.working_dir = spec_.working_dir;
        options.sandbox = spec_.sandbox;
        options.limits = spec_.limits;
        if (spec_.sandbox) process::check_sandbox_paths(argv, spec_.working_dir);
        process_ = std::make_unique<process::BotProcess>(io_, argv, options);
    } catch (const std::exception& e) {  // SpawnError, or a command line that cannot be split
        throw referee::RefereeFailure("referee '" + command_ + "': cannot start it: " + e.what());
    }
    run_to_next_turn("###Start " + std::to_string(players_) + "\n");
}

std::string BrutaltesterReferee::stop_referee() {
    if (!process_) return "";
    const process::ExitStatus status = process_->stop();
    take_stderr(process_->take_stderr());
    process_.reset();
    return status.describe();
}

void BrutaltesterReferee::take_stderr(std::string text) {
    stderr_tail_ += text;
    if (stderr_tail_.size() > kStderrTailBytes)
        stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
}

void BrutaltesterReferee::fail(const std::string& line, const std::string& what) {
    stop_referee();
    over_ = true;
    failure_ = "referee '" + command_ + "': line " + std::to_string(line_number_) + ": " + line +
               ": " + what;
    if (!stderr_tail_.empty())
        failure_ += "; the end of its stderr: " +
                    stderr_tail_.substr(0, stderr_tail_.find_last_not_of("\r\n") + 1);
    else
        failure_ += " (its stderr is empty)";
    throw referee::RefereeFailure(failure_);
}

std::string BrutaltesterReferee::read_line(const std::string& answer, Clock::time_point deadline) {
    const auto left = std::max(Clock::duration::zero(), deadline - Clock::now());
    process::ReadResult read =
        process_->exchange(answer, std::chrono::ceil<std::chrono::milliseconds>(left));
    take_stderr(std::move(read.stderr_text));
    // A line that did not come: the failure names the line it should have been.
    const std::string none =
        line_number_ == 0 ? "(nothing)" : "(nothing after " + quote_line(last_line_) + ")";
    switch (read.status) {
        case process::ReadStatus::line:
            ++line_number_;
            last_line_ = read.line;
            return std::move(read.line);
        case process::ReadStatus::timeout:
            ++line_number_;
            fail(none, "no ###Output or ###End within " + std::to_string(bound_ms_) +
                           " ms: the referee is silent (stuck, or waiting for input the "
                           "protocol does not send); fix it, or give it more time with " +
                           kRefereeTimeoutEnv);
        case process::ReadStatus::closed: {
            // Its last command without a line end ("###End 1 0" then exit): still a line.
            if (!read.line.empty()) {
                ++line_number_;
                last_line_ = read.line;
                return std::move(read.line);
            }
            const std::string how = stop_referee();
            ++line_number_;
            fail(none, "the referee closed its output (" + how +
                           ") before ###End: every game must end with ###End; see its stderr");
        }
        case process::ReadStatus::overflow:
            ++line_number_;
            fail("(" + std::to_string(process::kMaxLineBytes) + " bytes or more, no line end)",
                 "a line too long: the protocol's lines are shorter; fix the referee");
    }
    fail(none, "unknown read status");
}

void BrutaltesterReferee::run_to_next_turn(const std::string& answer) {
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(bound_ms_);
    std::string to_write = answer;
    expected_lines_ = 0;
    while (!over_ && expected_lines_ == 0) {
        const std::string line = read_line(to_write, deadline);
        to_write.clear();
        handle(line);
    }
}

int BrutaltesterReferee::player_index(const std::string& line, const std::string& word) {
    if (word.size() != 1 || word[0] < '0' || word[0] - '0' >= players_)
        fail(quote_line(line),
             "player index '" + word + "' out of range: one digit from 0 to " +
                 std::to_string(players_ - 1) + " (" + std::to_string(players_) +
                 " players); if the game has more players, say so (\"players\" in "
                 "the config, --players)");
    return word[0] - '0';
}

void BrutaltesterReferee::count_game_bytes(const std::string& line, std::size_t bytes) {
    game_bytes_ += bytes;
    if (game_bytes_ > kMaxExternalGameBytes)
        fail(quote_line(line), "the game passed more than " +
                                   std::to_string(kMaxExternalGameBytes >> 20) +
                                   " MiB of text (the referee's lines and the bots' answers), "
                                   "the bound on an external game: ended; fix the referee");
}

void BrutaltesterReferee::handle(const std::string& line) {
    count_game_bytes(line, line.size() + 1);
    if (line.rfind("###", 0) != 0) {
        if (input_target_ < 0)
            fail(quote_line(line),
                 "not a command (###Input, ###Output, ###Error, ###End) and not "
                 "inside an ###Input block: the referee must write only the "
                 "protocol on stdout (its log goes to stderr)");
        return add_input(line);
    }
    input_target_ = -1;
    const std::vector<std::string> words = words_of(line);
    const std::string command = words.empty() ? line : words[0];
    if (command == "###Input") {
        if (words.size() != 2) fail(quote_line(line), "expected '###Input P' (P: the player)");
        input_target_ = player_index(line, words[1]);
    } else if (command == "###Output") {
        handle_output(line, words);
    } else if (command == "###Error") {
        if (words.size() < 2) fail(quote_line(line), "expected '###Error P TEXT' (P: the player)");
        const int player = player_index(line, words[1]);
        const std::size_t text_at = line.find(words[1], command.size()) + words[1].size();
        const std::size_t text_begin = line.find_first_not_of(' ', text_at);
        errors_.emplace_back(player,
                             text_begin == std::string::npos ? "" : line.substr(text_begin));
    } else if (command == "###End") {
        handle_end(line, words);
    } else {
        fail(quote_line(line), "unknown command '" + command +
                                   "': the protocol has ###Input, ###Output, ###Error and ###End");
    }
}

void BrutaltesterReferee::add_input(const std::string& line) {
    pending_bytes_ += line.size() + 1;
    if (pending_bytes_ > kMaxPendingInputBytes)
        fail(quote_line(line), "more than " + std::to_string(kMaxPendingInputBytes) +
                                   " bytes of input for the players before their turns: fix the "
                                   "referee");
    pending_input_[input_target_] += line;
    pending_input_[input_target_] += '\n';
}

void BrutaltesterReferee::handle_output(const std::string& line,
                                        const std::vector<std::string>& words) {
    if (words.size() != 3) fail(quote_line(line), "expected '###Output P K' (player, line count)");
    const int player = player_index(line, words[1]);
    int count = 0;
    const std::string& k = words[2];
    const auto [rest, ec] = std::from_chars(k.data(), k.data() + k.size(), count);
    if (ec != std::errc() || rest != k.data() + k.size() || count < 1 || count > kMaxOutputLines)
        fail(quote_line(line),
             "line count '" + k + "': a number from 1 to " + std::to_string(kMaxOutputLines));
    if (++turns_ > kMaxTurns)
        fail(quote_line(line), "more than " + std::to_string(kMaxTurns) +
                                   " turns without ###End: the referee does not end its game");
    current_ = player;
    expected_lines_ = count;
}

void BrutaltesterReferee::handle_end(const std::string& line,
                                     const std::vector<std::string>& words) {
    if (words.size() < 2)
        fail(quote_line(line),
             "expected '###End G1 G2 ...': the players' digits by rank, best first");
    std::vector<int> ranks(players_, 0);
    int placed = 0;
    for (std::size_t group = 1; group < words.size(); ++group) {
        const int rank = placed + 1;
        for (const char digit : words[group]) {
            const int player = player_index(line, std::string(1, digit));
            if (ranks[player] != 0)
                fail(quote_line(line), "player " + std::string(1, digit) +
                                           " appears twice: every player exactly once");
            ranks[player] = rank;
            ++placed;
        }
    }
    for (int player = 0; player < players_; ++player)
        if (ranks[player] == 0)
            fail(quote_line(line), "player " + std::to_string(player) +
                                       " is missing: every player must appear exactly once");
    result_.ranks = ranks;
    result_.scores.clear();
    for (const int rank : ranks)  // the protocol has no scores: the players ranked below
        result_.scores.push_back(
            std::count_if(ranks.begin(), ranks.end(), [rank](int other) { return other > rank; }));
    result_.reason = "Game over (" + line + ")";
    for (const auto& [player, text] : errors_)
        result_.reason += "; player " + std::to_string(player) + ": " + text;
    over_ = true;
    stop_referee();  // its work is done; it gets the bounded stop of a bot
}

referee::Verdict BrutaltesterReferee::verdict_for(int player) {
    referee::Verdict verdict;
    for (const auto& [about, text] : errors_) {
        std::string& into = about == player ? verdict.error : verdict.summary;
        if (!into.empty()) into += '\n';
        if (about != player) into += "player " + std::to_string(about) + ": ";
        into += text;
    }
    errors_.clear();
    return verdict;
}

referee::Verdict BrutaltesterReferee::play(std::string_view lines) {
    if (!failure_.empty()) throw referee::RefereeFailure(failure_);
    const int player = current_;
    // ###Error lines read before this answer (before the first turn only) are no verdict on it.
    referee::Verdict earlier = verdict_for(-1);
    pending_bytes_ -= std::min(pending_bytes_, pending_input_[player].size());
    pending_input_[player].clear();
    answered_[player] = true;
    std::string answer(lines);
    answer += '\n';
    count_game_bytes(answer, answer.size());
    run_to_next_turn(answer);
    referee::Verdict verdict = verdict_for(player);
    if (!earlier.summary.empty())
        verdict.summary = earlier.summary + (verdict.summary.empty() ? "" : "\n") + verdict.summary;
    return verdict;
}

referee::Verdict BrutaltesterReferee::timeout() {
    if (!failure_.empty()) throw referee::RefereeFailure(failure_);
    const int player = current_;
    referee::Verdict verdict = verdict_for(-1);
    verdict.accepted = false;
    verdict.error = "no answer: the referee's protocol cannot go on without it";
    answered_[player] = true;
    // The protocol has no word for a missing answer: nothing is written, the game ends here with
    // this player last and every other player sharing the first rank.
    stop_referee();
    over_ = true;
    result_.ranks.assign(players_, 1);
    result_.ranks[player] = players_;  // ranks as the built-in games count them: 1, 1, 3
    result_.scores.assign(players_, players_ == 1 ? 0 : 1);
    result_.scores[player] = 0;
    result_.reason = "player " + std::to_string(player) +
                     " gave no answer (timeout, crash or unreadable output): the referee's "
                     "protocol cannot go on without it, so the game ends with player " +
                     std::to_string(player) + " last";
    return verdict;
}

}  // namespace

std::unique_ptr<referee::Referee> make_brutaltester_referee(const ExternalGameSpec& spec,
                                                            const referee::GameSetup& setup) {
    return std::make_unique<BrutaltesterReferee>(spec, setup);
}

}  // namespace arena::match
