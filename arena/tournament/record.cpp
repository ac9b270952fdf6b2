#include "arena/tournament/record.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string_view>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/numbers.hpp"
#include "arena/tournament/bot_identity.hpp"

namespace arena::tournament {

GameRecord make_record(const std::string& id, const std::string& group, const match::MatchLog& log,
                       const std::string& log_path) {
    GameRecord r;
    r.id = id;
    r.game = log.game;
    r.testcase = log.testcase;
    r.seed = log.seed;
    r.group = group;
    for (const match::PlayerSpec& p : log.players) r.players.push_back(p.name);
    for (const match::SeatResult& s : log.seats) {
        r.scores.push_back(s.score);
        r.ranks.push_back(s.rank);
        r.outcomes.push_back(s.outcome);
        r.details.push_back(s.detail);
    }
    r.reason = log.reason;
    r.turns = static_cast<int>(log.turns.size());
    const std::size_t seats = log.players.size();
    std::vector<double> total(seats, 0.0);
    std::vector<int> answered(seats, 0);
    r.max_turn_ms.assign(seats, 0.0);
    r.turn_ms.assign(seats, {});
    for (const match::Turn& t : log.turns) {
        // A turn without an answer (timeout, crash) says nothing of how fast the bot thinks.
        if (t.output) r.turn_ms[t.player].push_back(std::round(t.time_ms * 100) / 100);
        total[t.player] += t.time_ms;
        ++answered[t.player];
        r.max_turn_ms[t.player] = std::max(r.max_turn_ms[t.player], t.time_ms);
    }
    for (std::size_t i = 0; i < seats; ++i) {
        r.mean_turn_ms.push_back(answered[i] ? total[i] / answered[i] : 0.0);
    }
    r.log = log_path;
    if (std::any_of(r.outcomes.begin(), r.outcomes.end(),
                    [](match::Outcome o) { return o != match::Outcome::ok; })) {
        for (std::size_t seat = 0; seat < seats; ++seat)
            r.failures.push_back(failure_in_log(log, seat));
    }
    return r;
}

const SeatFailure* failure_of(const GameRecord& record, std::size_t seat) {
    if (seat >= record.failures.size() || !record.failures[seat]) return nullptr;
    return &*record.failures[seat];
}

std::optional<SeatFailure> failure_in_log(const match::MatchLog& log, std::size_t seat) {
    if (seat >= log.seats.size() || log.seats[seat].outcome == match::Outcome::ok) return {};
    const match::Turn* rejected = nullptr;
    const match::Turn* unanswered = nullptr;
    const match::Turn* last = nullptr;
    for (const match::Turn& t : log.turns) {
        if (t.player != static_cast<int>(seat)) continue;
        if (!rejected && !t.error.empty()) rejected = &t;
        if (!t.output) unanswered = &t;
        last = &t;
    }
    const match::Turn* failed = rejected ? rejected : unanswered ? unanswered : last;
    if (!failed) return {};
    return SeatFailure{failed->turn, failed->error};
}

namespace {

std::vector<std::string> outcome_names(const std::vector<match::Outcome>& outcomes) {
    std::vector<std::string> names;
    for (match::Outcome outcome : outcomes) names.emplace_back(match::to_string(outcome));
    return names;
}

}  // namespace

nlohmann::ordered_json to_json(const GameRecord& r) {
    nlohmann::ordered_json line = {
        {"id", r.id},
        {"game", r.game},
        {"testcase", r.testcase},
        {"seed", r.seed ? nlohmann::ordered_json(*r.seed) : nlohmann::ordered_json(nullptr)},
        {"group", r.group},
        {"players", r.players},
        {"scores", r.scores},
        {"ranks", r.ranks},
        {"outcomes", outcome_names(r.outcomes)},
        {"details", r.details},
        {"reason", r.reason},
        {"turns", r.turns},
        {"mean_turn_ms", r.mean_turn_ms},
        {"max_turn_ms", r.max_turn_ms},
        {"turn_ms", r.turn_ms},
        {"log", r.log}};
    // Only in a game someone failed: the other lines stay as they were.
    if (!r.failures.empty()) {
        nlohmann::ordered_json& failures = line["failures"] = nlohmann::ordered_json::array();
        for (const std::optional<SeatFailure>& f : r.failures) {
            failures.push_back(f ? nlohmann::ordered_json{{"turn", f->turn}, {"error", f->error}}
                                 : nlohmann::ordered_json(nullptr));
        }
    }
    return line;
}

ResultsExpectations expectations_of(const TournamentConfig& config) {
    ResultsExpectations expected;
    expected.game = config.game;
    for (const match::PlayerSpec& bot : config.bots) expected.bots.push_back(bot.name);
    expected.players_per_game = config.players_per_game;
    return expected;
}

namespace {

using Json = nlohmann::json;

[[noreturn]] void fault(const std::string& field, const std::string& what) {
    throw std::invalid_argument("field '" + field + "' " + what);
}

const Json& required(const Json& j, const char* field) {
    auto it = j.find(field);
    if (it == j.end()) fault(field, "is missing");
    return *it;
}

std::string text(const Json& value, const std::string& field) {
    if (!value.is_string()) fault(field, "must be a string, got " + value.dump());
    return value.get<std::string>();
}

std::int64_t whole(const Json& value, const std::string& field, numbers::Range range) {
    const std::optional<std::int64_t> n = numbers::from_json(value, range);
    if (!n) fault(field, "must be " + numbers::describe(range) + ", got " + value.dump());
    return *n;
}

double milliseconds(const Json& value, const std::string& field) {
    if (!value.is_number() || !(value.get<double>() >= 0) || !std::isfinite(value.get<double>()))
        fault(field, "must be a time in ms (a number >= 0), got " + value.dump());
    return value.get<double>();
}

// A per-seat list: an array of exactly `seats` values, each read by `read`.
template <class T, class Read>
std::vector<T> per_seat(const Json& j, const char* field, std::size_t seats, Read read) {
    const Json& list = required(j, field);
    if (!list.is_array()) fault(field, "must be a list (one value per seat), got " + list.dump());
    if (list.size() != seats)
        fault(field, "has " + std::to_string(list.size()) + " values for " + std::to_string(seats) +
                         (seats == 1 ? " player" : " players"));
    std::vector<T> values;
    for (std::size_t i = 0; i < seats; ++i)
        values.push_back(read(list[i], std::string(field) + "[" + std::to_string(i) + "]"));
    return values;
}

constexpr std::size_t kMaxSeats = 64;  // far above any game's; a bound for damaged lines

void read_players(const Json& j, const ResultsExpectations& expected, GameRecord& r) {
    const Json& players = required(j, "players");
    if (!players.is_array() || players.empty() || players.size() > kMaxSeats)
        fault("players", "must be a non-empty list of bot names, got " + players.dump());
    if (expected.players_per_game > 0 &&
        players.size() != static_cast<std::size_t>(expected.players_per_game))
        fault("players", "has " + std::to_string(players.size()) + " players; a game of this " +
                             "tournament has " + std::to_string(expected.players_per_game));
    for (std::size_t i = 0; i < players.size(); ++i) {
        const std::string field = "players[" + std::to_string(i) + "]";
        std::string name = text(players[i], field);
        if (std::find(r.players.begin(), r.players.end(), name) != r.players.end())
            fault(field, "'" + name + "' sits twice in one game");
        if (!expected.bots.empty() &&
            std::find(expected.bots.begin(), expected.bots.end(), name) == expected.bots.end())
            fault(field, "'" + name + "' is not a bot of this tournament's config");
        r.players.push_back(std::move(name));
    }
}

// The id names the game's log file (games/<id>.json) and its replay page.
void check_id(const std::string& id) {
    if (id.empty() || id == "." || id == ".." ||
        id.find_first_of(std::string("/\\\0", 3)) != std::string::npos)
        fault("id", "must be a file name (no '/', not empty), got '" + id + "'");
}

// "failures": per seat null (did not fail) or {"turn", "error"}; only a failed seat may have one.
std::vector<std::optional<SeatFailure>> read_failures(const Json& j, const GameRecord& r) {
    std::size_t seat = 0;
    return per_seat<std::optional<SeatFailure>>(
        j, "failures", r.players.size(),
        [&](const Json& v, const std::string& f) -> std::optional<SeatFailure> {
            const std::size_t this_seat = seat++;
            if (v.is_null()) return std::nullopt;
            if (!v.is_object())
                fault(f, "must be null or {\"turn\": N, \"error\": TEXT}, got " + v.dump());
            if (r.outcomes[this_seat] == match::Outcome::ok)
                fault(f, "is a failure of a seat whose outcome is \"ok\"");
            SeatFailure failure;
            if (!v.contains("turn")) fault(f + ".turn", "is missing");
            failure.turn = static_cast<int>(whole(v.at("turn"), f + ".turn", {1, 1 << 24}));
            if (failure.turn > r.turns)
                fault(f + ".turn", "is " + std::to_string(failure.turn) + " in a game of " +
                                       std::to_string(r.turns) + " turns");
            if (v.contains("error")) failure.error = text(v.at("error"), f + ".error");
            return failure;
        });
}

}  // namespace

GameRecord record_from_json(const Json& j, const ResultsExpectations& expected) {
    if (!j.is_object()) throw std::invalid_argument("a record must be a JSON object");
    GameRecord r;
    r.id = text(required(j, "id"), "id");
    check_id(r.id);
    r.game = text(required(j, "game"), "game");
    if (!expected.game.empty() && r.game != expected.game)
        fault("game", "is '" + r.game + "' in a " + expected.game + " tournament");
    r.testcase = text(required(j, "testcase"), "testcase");
    if (j.contains("seed") && !j.at("seed").is_null())
        r.seed = whole(j.at("seed"), "seed", numbers::kInt64);
    if (j.contains("group")) r.group = text(j.at("group"), "group");
    read_players(j, expected, r);
    const std::size_t seats = r.players.size();
    const numbers::Range rank{1, static_cast<std::int64_t>(seats)};
    r.scores = per_seat<std::int64_t>(j, "scores", seats, [](const Json& v, const std::string& f) {
        return whole(v, f, numbers::kInt64);
    });
    r.ranks = per_seat<int>(j, "ranks", seats, [&](const Json& v, const std::string& f) {
        return static_cast<int>(whole(v, f, rank));
    });
    r.outcomes =
        per_seat<match::Outcome>(j, "outcomes", seats, [](const Json& v, const std::string& f) {
            const std::optional<match::Outcome> outcome = match::outcome_from_string(text(v, f));
            if (!outcome)
                fault(f, "must be \"ok\", \"timeout\", \"invalid\" or \"crash\", got " + v.dump());
            return *outcome;
        });
    r.details = per_seat<std::string>(j, "details", seats, text);
    r.reason = text(required(j, "reason"), "reason");
    r.turns = static_cast<int>(whole(required(j, "turns"), "turns", {0, 1 << 24}));
    r.mean_turn_ms = per_seat<double>(j, "mean_turn_ms", seats, milliseconds);
    r.max_turn_ms = per_seat<double>(j, "max_turn_ms", seats, milliseconds);
    if (j.contains("turn_ms")) {
        r.turn_ms = per_seat<std::vector<double>>(
            j, "turn_ms", seats, [](const Json& v, const std::string& f) {
                if (!v.is_array()) fault(f, "must be a list of times in ms, got " + v.dump());
                std::vector<double> times;
                for (std::size_t i = 0; i < v.size(); ++i)
                    times.push_back(milliseconds(v[i], f + "[" + std::to_string(i) + "]"));
                return times;
            });
    }
    r.log = text(required(j, "log"), "log");
    if (j.contains("failures")) r.failures = read_failures(j, r);
    // Each seat's bot identity (written since --replace): kept in the line, checked per seat.
    if (j.contains("identities")) {
        per_seat<bool>(j, "identities", seats, [](const Json& v, const std::string& f) {
            try {
                identity_from_json(v);
            } catch (const nlohmann::json::exception& e) {
                fault(f, "is not a bot identity (" + errors::json_text(e) + ")");
            }
            return true;
        });
    }
    return r;
}

ResultsFile read_results(const std::filesystem::path& results,
                         const ResultsExpectations& expected) {
    return parse_results(files::read_text(results), results.string(), expected);
}

ResultsFile parse_results(const std::string& text, const std::string& name,
                          const ResultsExpectations& expected) {
    ResultsFile file;
    std::map<std::string, std::pair<int, std::string>> seen;  // id -> first line, its text
    int line_number = 0;
    std::size_t begin = 0;
    auto where = [&] { return "'" + name + "' line " + std::to_string(line_number); };
    for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1) {
        ++line_number;
        file.complete_bytes = end + 1;
        const std::string_view line(text.data() + begin, end - begin);
        if (line.empty()) continue;
        GameRecord record;
        try {
            record = record_from_json(Json::parse(line.begin(), line.end()), expected);
        } catch (const nlohmann::json::exception&) {
            throw ResultsError(where() +
                               " is damaged (not a JSON record): fix or remove that line");
        } catch (const std::invalid_argument& e) {
            throw ResultsError(where() + ": " + e.what() + ": fix or remove that line");
        }
        auto [it, fresh] = seen.try_emplace(record.id, line_number, std::string(line));
        if (fresh) {
            file.records.push_back(std::move(record));
        } else if (it->second.second == line) {
            file.notes.push_back(where() + " repeats line " + std::to_string(it->second.first) +
                                 " exactly: that game is counted once");
        } else {
            throw ResultsError(where() + ": game id '" + record.id + "' is already used by line " +
                               std::to_string(it->second.first) +
                               " with another result: remove the wrong one");
        }
    }
    if (begin < text.size()) {
        file.notes.push_back("'" + name + "' line " + std::to_string(line_number + 1) +
                             " was cut short (the arena was stopped while writing it): left out");
    }
    return file;
}

// Placeholder: the streaming engineer makes this read line by line.
ResultsFile for_each_result(const std::filesystem::path& results, const RecordSink& each,
                            const ResultsExpectations& expected) {
    ResultsFile file = read_results(results, expected);
    for (GameRecord& record : file.records) each(std::move(record));
    file.records.clear();
    return file;
}

}  // namespace arena::tournament
