#include "arena/replay/replay.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "arena/common/error_text.hpp"
#include "arena/common/numbers.hpp"
#include "arena/common/terminal_text.hpp"
#include "referees/registry.hpp"

namespace arena::replay {

namespace {

using nlohmann::json;

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

match::Outcome outcome_from(const std::string& text) {
    if (text == "timeout") return match::Outcome::timeout;
    if (text == "invalid") return match::Outcome::invalid;
    if (text == "crash") return match::Outcome::crash;
    return match::Outcome::ok;
}

std::string join(const std::vector<std::int64_t>& values) {
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) text += ' ';
        text += std::to_string(values[i]);
    }
    return text;
}

// ---- boards drawn as text, from what the bot read ----------------------------------------

// SameGame: 15 rows of colours, top row (y = 14) first; the answer "x y" counts y from the
// bottom. Colours are drawn as digits, empty cells as '.', the chosen cell in brackets.
std::string draw_samegame(const std::string& input, const std::optional<std::string>& output) {
    const std::vector<std::string> rows = split_lines(input);
    int chosen_x = -1, chosen_y = -1;
    if (output) {
        const std::vector<std::string> words = split_words(*output);
        if (words.size() >= 2) {
            try {
                chosen_x = std::stoi(words[0]);
                chosen_y = std::stoi(words[1]);
            } catch (const std::exception&) {
            }
        }
    }
    std::string text;
    const int height = static_cast<int>(rows.size());
    for (int i = 0; i < height; ++i) {
        const int y = height - 1 - i;
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", y);
        text += label;
        const std::vector<std::string> cells = split_words(rows[i]);
        for (int x = 0; x < static_cast<int>(cells.size()); ++x) {
            const std::string cell = cells[x] == "-1" ? "." : cells[x];
            const bool chosen = x == chosen_x && y == chosen_y;
            text += chosen ? "[" + cell + "]" : " " + cell + " ";
        }
        text += "\n";
    }
    text += "   ";
    for (int x = 0; x < 15; ++x) {
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", x);
        text += label;
    }
    return text + "  (x across, y up)\n";
}

// Dice Shogi: [id, 5,] 5 board lines (top = rank 1, left = file 5), both hands, die, last
// action, action count, actions.
std::string draw_diceshogi(const std::string& input) {
    std::vector<std::string> lines = split_lines(input);
    std::size_t at = 0;
    if (lines.size() > 2 && lines[1] == "5" && (lines[0] == "0" || lines[0] == "1")) at = 2;
    if (lines.size() < at + 10) return input;
    std::string text = "     5  4  3  2  1   (files; ranks 1-5 down the left)\n";
    for (int rank = 1; rank <= 5; ++rank) {
        const std::string& line = lines[at + rank - 1];
        text += "  " + std::to_string(rank) + " ";
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '+' && i + 1 < line.size()) {
                text += " +" + std::string(1, line[++i]);
            } else {
                text += "  " + std::string(1, line[i]);
            }
        }
        text += "\n";
    }
    text += "  hand of player 0 (upper case): " + lines[at + 5] + "\n";
    text += "  hand of player 1 (lower case): " + lines[at + 6] + "\n";
    text += "  die: " + lines[at + 7] + "   last action: " + lines[at + 8] + "   " + lines[at + 9] +
            " action(s) offered\n";
    return text;
}

// Tsuro: the referee's state text "turn T deck D board r0c0,r0c1,.../... | $0 in c,r,i start S
// hand ... score N | ...": the 6x6 board with each tile as <id>r<rotation>, then the players.
std::string draw_tsuro(const std::string& state, const std::string& input) {
    const std::size_t board_at = state.find(" board ");
    if (board_at == std::string::npos) return input;
    const std::size_t players_at = state.find(" | ", board_at);
    const std::string board = state.substr(board_at + 7, players_at - board_at - 7);
    std::string text = "        0      1      2      3      4      5   (col; tile id r rotation)\n";
    std::istringstream rows(board);
    int row = 0;
    for (std::string line; std::getline(rows, line, '/'); ++row) {
        char label[16];
        std::snprintf(label, sizeof label, "%2d ", row);
        text += label;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) {
            char padded[16];
            std::snprintf(padded, sizeof padded, "%7s", cell.c_str());
            text += padded;
        }
        text += "\n";
    }
    text += "  " + state.substr(0, board_at) + "\n";
    if (players_at != std::string::npos) {
        std::string players = state.substr(players_at + 3);
        std::size_t start = 0;
        while (start < players.size()) {
            std::size_t end = players.find(" | ", start);
            if (end == std::string::npos) end = players.size();
            text += "  player " + players.substr(start + 1, end - start - 1) + "\n";
            start = end + 3;
        }
    }
    return text;
}

}  // namespace

match::MatchLog read_match_log(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::invalid_argument("cannot read '" + file.string() + "'");
    json j;
    try {
        j = json::parse(in);
        match::MatchLog log;
        j.at("game").get_to(log.game);
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
        for (const json& t : j.at("turns")) {
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
            if (turn.player < 0 || static_cast<std::size_t>(turn.player) >= log.players.size())
                throw std::invalid_argument("turn " + std::to_string(turn.turn) + ": player " +
                                            std::to_string(turn.player) + " is not a seat");
            log.turns.push_back(std::move(turn));
        }
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
        return log;
    } catch (const json::exception& e) {
        throw std::invalid_argument("'" + file.string() +
                                    "' is not a match log: " + errors::json_text(e));
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("'" + file.string() + "' is not a match log: " + e.what());
    }
}

std::unique_ptr<referee::Referee> referee_for(const match::MatchLog& log) {
    referee::GameSetup setup;
    setup.game = log.game;
    setup.players = static_cast<int>(log.players.size());
    setup.seed = log.seed;
    setup.testcase = log.testcase_text;
    // Logs written before testcase_text: a SameGame bot's first input is the whole board.
    if (setup.testcase.empty() && log.game == "samegame" && !log.turns.empty())
        setup.testcase = log.turns.front().input;
    return referee::make_referee(setup);
}

std::optional<Difference> check_script(const match::MatchLog& log, referee::Referee& referee,
                                       int upto_turn) {
    for (const match::Turn& t : log.turns) {
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
        throw std::invalid_argument("turn " + std::to_string(turn_number) +
                                    " is not in the log: it has turns 1 to " +
                                    std::to_string(log.turns.size()));
    const match::Turn& t = log.turns.at(turn_number - 1);
    std::string text = "turn " + std::to_string(t.turn) + " of " +
                       std::to_string(log.turns.size()) + ", seat " + std::to_string(t.player) +
                       " (" + log.players.at(t.player).name + ")\n\n";
    if (log.game == "samegame")
        text += draw_samegame(t.input, t.output);
    else if (log.game == "diceshogi")
        text += draw_diceshogi(t.input);
    else if (log.game == "tsuro" && !t.state.empty())
        text += draw_tsuro(t.state, t.input);
    if (!t.state.empty() && log.game != "tsuro") text += "\nstate: " + t.state + "\n";
    text += "\ninput (" + std::to_string(t.input.size()) + " bytes):\n";
    for (const std::string& line : split_lines(t.input)) text += "  | " + line + "\n";
    text += "output: " + (t.output ? "'" + *t.output + "'" : std::string("(no answer)")) + "\n";
    char timing[96];
    std::snprintf(timing, sizeof timing, "time:   %.3f ms of %d ms\n", t.time_ms, t.limit_ms);
    text += timing;
    if (!t.summary.empty()) text += "summary: " + t.summary + "\n";
    if (!t.error.empty()) text += "error:  " + t.error + "\n";
    if (!t.stderr_text.empty()) {
        text += "stderr:\n";
        for (const std::string& line : split_lines(t.stderr_text)) text += "  | " + line + "\n";
    }
    // For the terminal: what the bot wrote (and a log anyone may have edited) is shown, never
    // acted on.
    return terminal::visible(text, terminal::Newlines::keep);
}

}  // namespace arena::replay
