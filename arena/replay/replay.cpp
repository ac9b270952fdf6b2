#include "arena/replay/replay.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/common/numbers.hpp"
#include "arena/common/player_names.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/match/brutaltester_referee.hpp"
#include "arena/match/external_game.hpp"
#include "referees/common/turn_text.hpp"
#include "referees/registry.hpp"

namespace arena::replay {

namespace {

using nlohmann::json;

match::Outcome outcome_from(const std::string& text) {
    return match::outcome_from_string(text).value_or(match::Outcome::ok);
}

std::string join(const std::vector<std::int64_t>& values) {
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) text += ' ';
        text += std::to_string(values[i]);
    }
    return text;
}

// One turn of a match log. Throws json::exception, or std::invalid_argument for a player that
// is not one of the log's `seats`.
match::Turn turn_from_json(const json& t, std::size_t seats) {
    match::Turn turn;
    t.at("turn").get_to(turn.turn);
    t.at("player").get_to(turn.player);
    t.at("input").get_to(turn.input);
    if (t.contains("state")) t["state"].get_to(turn.state);
    if (!t.at("output").is_null()) turn.output = t["output"].get<std::string>();
    if (t.contains("stderr")) t["stderr"].get_to(turn.stderr_text);
    if (t.contains("time_ms")) t["time_ms"].get_to(turn.time_ms);
    if (t.contains("limit_ms")) t["limit_ms"].get_to(turn.limit_ms);
    if (t.contains("summary")) t["summary"].get_to(turn.summary);
    if (t.contains("error")) t["error"].get_to(turn.error);
    if (turn.player < 0 || static_cast<std::size_t>(turn.player) >= seats)
        throw std::invalid_argument("turn " + std::to_string(turn.turn) + ": player " +
                                    std::to_string(turn.player) + " is not a seat");
    return turn;
}

// An external referee's game (the log's "referee"): its spec, and the game registered under its
// name, so that the log is all a replay needs. Throws std::invalid_argument naming the field.
void read_external_game(const json& j, match::MatchLog& log) {
    if (!j.contains("referee")) return;
    try {
        log.external = match::external_game_from_json(j["referee"]);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("\"referee\": " + std::string(e.what()));
    }
    if (log.external->name != log.game)
        throw std::invalid_argument("\"referee\" names the game '" + log.external->name +
                                    "' but \"game\" is '" + log.game + "'");
    match::register_external_game(*log.external);
}

}  // namespace

match::MatchLog read_match_log(const std::filesystem::path& file) {
    std::string text;
    try {
        // Plain or compressed (.json.zst): the same log.
        text = files::read_log_text(file);
    } catch (const files::FileError& e) {
        throw LogError(e.what());
    }
    json j;
    try {
        j = files::parse_json_within(text, file, "log", files::kMaxLogJsonValues);
        match::MatchLog log;
        j.at("game").get_to(log.game);
        read_external_game(j, log);
        if (j.contains("seed") && !j["seed"].is_null()) {
            log.seed = numbers::from_json(j["seed"], numbers::kInt64);
            if (!log.seed)
                throw std::invalid_argument("field 'seed' must be " +
                                            numbers::describe(numbers::kInt64) + ", got " +
                                            j["seed"].dump());
        }
        if (j.contains("testcase") && !j["testcase"].is_null()) j["testcase"].get_to(log.testcase);
        if (j.contains("testcase_text") && !j["testcase_text"].is_null())
            j["testcase_text"].get_to(log.testcase_text);
        for (const json& p : j.at("players")) {
            match::PlayerSpec player;
            p.at("name").get_to(player.name);
            p.at("command").get_to(player.command);
            if (p.contains("working_dir")) p["working_dir"].get_to(player.working_dir);
            log.players.push_back(std::move(player));
        }
        for (const json& t : j.at("turns"))
            log.turns.push_back(turn_from_json(t, log.players.size()));
        const json& result = j.at("result");
        for (std::size_t i = 0; i < log.players.size(); ++i) {
            match::SeatResult seat;
            seat.score = result.at("scores").at(i).get<std::int64_t>();
            seat.rank = result.at("ranks").at(i).get<int>();
            seat.outcome = outcome_from(result.at("outcomes").at(i).get<std::string>());
            if (result.contains("details")) seat.detail = result["details"].at(i);
            log.seats.push_back(std::move(seat));
        }
        result.at("reason").get_to(log.reason);
        if (j.contains("referee_failure")) j["referee_failure"].get_to(log.referee_failure);
        return log;
    } catch (const json::exception& e) {
        throw LogError("'" + file.string() + "' is not a match log: " + errors::json_text(e));
    } catch (const std::invalid_argument& e) {
        throw LogError("'" + file.string() + "' is not a match log: " + e.what());
    }
}

referee::GameSetup setup_for(const match::MatchLog& log) {
    referee::GameSetup setup;
    setup.game = log.game;
    setup.players = static_cast<int>(log.players.size());
    setup.seed = log.seed;
    setup.testcase = log.testcase_text;
    const referee::GameInfo* game = referee::find_game(log.game);
    if (!game) {
        try {
            referee::game_info(log.game);  // its message: the known games
        } catch (const std::invalid_argument& e) {
            throw LogError(e.what());
        }
    }
    // Logs written before testcase_text: a puzzle bot's first input is the whole test case (a
    // SameGame board).
    if (setup.testcase.empty() && game->kind == referee::GameKind::puzzle && !game->external &&
        !log.turns.empty())
        setup.testcase = log.turns.front().input;
    return setup;
}

namespace {

// The log's external referee, with the user's command when given; throws LogError when the user
// gave neither a command nor trust in the log's.
match::ExternalGameSpec chosen_referee(const match::MatchLog& log, const RefereeChoice& choice) {
    match::ExternalGameSpec spec = *log.external;
    if (!choice.command.empty()) {
        spec.command = choice.command;
        spec.working_dir.clear();
        return spec;
    }
    if (choice.trust_log) return spec;
    throw LogError("the game '" + terminal::visible(log.game) +
                   "' is refereed by an external program, and the log says which: '" +
                   terminal::visible(spec.command) +
                   "'. A replay runs no command taken from a log: give the referee's command "
                   "with --referee CMD, or add --trust-log-referee to run the log's own (only "
                   "for a log whose source you trust)");
}

}  // namespace

std::unique_ptr<referee::Referee> referee_for(const match::MatchLog& log,
                                              const RefereeChoice& choice) {
    const referee::GameSetup setup = setup_for(log);
    try {
        if (log.external && log.external->protocol == match::RefereeProtocol::brutaltester)
            return match::make_brutaltester_referee(chosen_referee(log, choice), setup);
        // A game played whole by its runner has no referee to step: make_referee says so.
        return referee::make_referee(setup);
    } catch (const std::invalid_argument& e) {  // the registry's or the referee's refusal
        throw LogError(e.what());
    } catch (const referee::RefereeFailure& e) {  // an external referee that cannot start
        throw LogError(e.what());
    }
}

namespace {

// check_script's steps; `at_turn` follows the turn being checked (for a referee that fails).
std::optional<Difference> script_difference(const match::MatchLog& log, referee::Referee& referee,
                                            int upto_turn, int& at_turn) {
    for (const match::Turn& t : log.turns) {
        at_turn = t.turn;
        if (referee.over())
            return Difference{t.turn, "turn count", "the game is over",
                              "the log has turn " + std::to_string(t.turn)};
        if (referee.current_player() != t.player)
            return Difference{t.turn, "player", std::to_string(referee.current_player()),
                              std::to_string(t.player)};
        const std::string input = referee.input();
        if (input != t.input) return Difference{t.turn, "input", input, t.input};
        const referee::Verdict verdict = t.output ? referee.play(*t.output) : referee.timeout();
        if (verdict.error != t.error) return Difference{t.turn, "error", verdict.error, t.error};
        if (upto_turn > 0 && t.turn >= upto_turn) return std::nullopt;
    }
    if (upto_turn > 0) return std::nullopt;
    if (!referee.over())
        return Difference{0, "turn count", "more turns", std::to_string(log.turns.size())};
    const referee::Result result = referee.result();
    std::vector<std::int64_t> logged;
    for (const match::SeatResult& s : log.seats) logged.push_back(s.score);
    if (result.scores != logged) return Difference{0, "scores", join(result.scores), join(logged)};
    for (std::size_t i = 0; i < log.seats.size(); ++i) {
        if (result.ranks.at(i) != log.seats[i].rank)
            return Difference{0, "ranks",
                              std::to_string(result.ranks[i]) + " for seat " + std::to_string(i),
                              std::to_string(log.seats[i].rank)};
    }
    return std::nullopt;
}

}  // namespace

std::optional<Difference> check_script(const match::MatchLog& log, referee::Referee& referee,
                                       int upto_turn) {
    int at_turn = 0;
    try {
        std::optional<Difference> difference = script_difference(log, referee, upto_turn, at_turn);
        if (!difference && upto_turn == 0 && !log.referee_failure.empty())
            return Difference{0, "referee failure", "(none)", log.referee_failure};
        return difference;
    } catch (const referee::RefereeFailure& e) {
        // An external referee that fails as the log recorded it is consistent with the log.
        if (e.what() == log.referee_failure) return std::nullopt;
        return Difference{at_turn, "referee failure", e.what(),
                          log.referee_failure.empty() ? "(none)" : log.referee_failure};
    }
}

std::optional<Difference> compare(const match::MatchLog& recorded, const match::MatchLog& fresh) {
    const std::size_t common = std::min(recorded.turns.size(), fresh.turns.size());
    for (std::size_t i = 0; i < common; ++i) {
        const match::Turn& a = recorded.turns[i];
        const match::Turn& b = fresh.turns[i];
        if (a.player != b.player)
            return Difference{a.turn, "player", std::to_string(a.player), std::to_string(b.player)};
        if (a.input != b.input) return Difference{a.turn, "input", a.input, b.input};
        if (a.output != b.output)
            return Difference{a.turn, "output", a.output.value_or("(no answer)"),
                              b.output.value_or("(no answer)")};
    }
    if (recorded.turns.size() != fresh.turns.size())
        return Difference{static_cast<int>(common) + 1, "turn count",
                          std::to_string(recorded.turns.size()),
                          std::to_string(fresh.turns.size())};
    std::vector<std::int64_t> a, b;
    for (const match::SeatResult& s : recorded.seats) a.push_back(s.score);
    for (const match::SeatResult& s : fresh.seats) b.push_back(s.score);
    if (a != b) return Difference{0, "scores", join(a), join(b)};
    return std::nullopt;
}

std::string render_turn(const match::MatchLog& log, int turn_number) {
    if (turn_number < 1 || turn_number > static_cast<int>(log.turns.size()))
        throw LogError("turn " + std::to_string(turn_number) +
                       " is not in the log: it has turns 1 to " + std::to_string(log.turns.size()));
    const match::Turn& t = log.turns.at(turn_number - 1);
    std::string text = "turn " + std::to_string(t.turn) + " of " +
                       std::to_string(log.turns.size()) + ", seat " + std::to_string(t.player) +
                       " (" + log.players.at(t.player).name + ")\n\n";
    // The game's own drawing: the board from the turn's input (or the referee's state).
    // An external referee's game has no drawing: its turns are the texts below.
    const referee::GameInfo* game = referee::find_game(log.game);
    if (game && game->draw_turn)
        text += game->draw_turn(t.input, t.output, t.state);
    else
        text += referee::state_line(t.state);
    text += "\ninput (" + std::to_string(t.input.size()) + " bytes):\n";
    for (const std::string& line : referee::split_lines(t.input)) text += "  | " + line + "\n";
    text += "output: " + (t.output ? "'" + *t.output + "'" : std::string("(no answer)")) + "\n";
    char timing[96];
    std::snprintf(timing, sizeof timing, "time:   %.2f ms of %d ms\n", t.time_ms, t.limit_ms);
    text += timing;
    // The referee's words with the bots' names for CodinGame's "$0", "$1" (the log keeps them).
    std::vector<std::string> names;
    for (const match::PlayerSpec& player : log.players) names.push_back(player.name);
    if (!t.summary.empty()) text += "summary: " + with_player_names(t.summary, names) + "\n";
    if (!t.error.empty()) text += "error:  " + with_player_names(t.error, names) + "\n";
    if (!t.stderr_text.empty()) {
        text += "stderr:\n";
        for (const std::string& line : referee::split_lines(t.stderr_text))
            text += "  | " + line + "\n";
    }
    // For the terminal: what the bot wrote (and a log anyone may have edited) is shown, never
    // acted on.
    return terminal::visible(text, terminal::Newlines::keep);
}

}  // namespace arena::replay
