#include "arena/tournament/record.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <stdexcept>
#include <string_view>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/numbers.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/turn_histogram.hpp"

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
    r.referee_failure = log.referee_failure;
    for (std::size_t seat = 0; seat < log.seats.size(); ++seat) {
        const match::SeatResult& s = log.seats[seat];
        r.startup_ms.push_back(s.startup_ms && !s.startup_ready
                                   ? std::optional<double>(std::round(*s.startup_ms * 100) / 100)
                                   : std::nullopt);
    }
    if (std::none_of(r.startup_ms.begin(), r.startup_ms.end(),
                     [](const std::optional<double>& ms) { return ms.has_value(); }))
        r.startup_ms.clear();
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
    return SeatFailure{failed->turn, failed->error, log.seats[seat].timing, failed->load_timeout};
}

namespace {

std::vector<std::string> outcome_names(const std::vector<match::Outcome>& outcomes) {
    std::vector<std::string> names;
    for (match::Outcome outcome : outcomes) names.emplace_back(match::to_string(outcome));
    return names;
}

// Per seat, the first answered turn's time (null: none) and every answered turn's time as the
// histogram's [ms, count] pairs: a few numbers a seat instead of one a turn, which keeps lines
// short and quick to read back (issue 17: standings of 1,000,000 games in 15 s).
void add_turn_times(const GameRecord& r, nlohmann::ordered_json& line) {
    nlohmann::ordered_json first = nlohmann::ordered_json::array();
    nlohmann::ordered_json hists = nlohmann::ordered_json::array();
    for (const std::vector<double>& times : r.turn_ms) {
        TurnHistogram hist;
        for (double ms : times) hist.add(ms);
        first.push_back(times.empty()
                            ? nlohmann::ordered_json(nullptr)
                            : nlohmann::ordered_json(TurnHistogram::ms_of_bin(
                                  TurnHistogram::bin_of(TurnHistogram::centi(times[0])))));
        nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
        for (const auto& [bin, count] : hist.bins())
            pairs.push_back({TurnHistogram::ms_of_bin(bin), count});
        hists.push_back(std::move(pairs));
    }
    line["first_turn_ms"] = std::move(first);
    line["turn_hist"] = std::move(hists);
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
        {"max_turn_ms", r.max_turn_ms}};
    if (!r.turn_ms.empty()) add_turn_times(r, line);
    line["log"] = r.log;
    // Only in a game someone failed: the other lines stay as they were.
    if (!r.failures.empty()) {
        nlohmann::ordered_json& failures = line["failures"] = nlohmann::ordered_json::array();
        for (const std::optional<SeatFailure>& f : r.failures) {
            if (!f) {
                failures.push_back(nullptr);
                continue;
            }
            nlohmann::ordered_json failure{{"turn", f->turn}, {"error", f->error}};
            if (!f->timing.empty()) failure["timing"] = f->timing;
            if (f->load) failure["load"] = true;
            failures.push_back(std::move(failure));
        }
    }
    if (!r.startup_ms.empty()) {
        nlohmann::ordered_json& startup = line["startup_ms"] = nlohmann::ordered_json::array();
        for (const std::optional<double>& ms : r.startup_ms)
            startup.push_back(ms ? nlohmann::ordered_json(*ms) : nlohmann::ordered_json(nullptr));
    }
    if (!r.referee_failure.empty()) line["referee_failure"] = r.referee_failure;
    return line;
}

ResultsExpectations expectations_of(const TournamentConfig& config) {
    ResultsExpectations expected;
    expected.game = config.game;
    for (const match::PlayerSpec& bot : config.bots) expected.bots.push_back(bot.name);
    expected.players_per_game = config.players_per_game;
    return expected;
}

ResultsExpectations standings_expectations_of(const TournamentConfig& config) {
    ResultsExpectations expected = expectations_of(config);
    expected.identities = false;
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

}  // namespace

std::string log_path_fault(std::string_view id, std::string_view log) {
    if (log.empty()) return "";
    const std::string plain = "games/" + std::string(id) + ".json";
    if (log == plain || log == plain + ".zst") return "";
    return "is '" + std::string(log) + "', not the game's own log (\"" + plain + "\" or \"" +
           plain + ".zst\", inside the results directory, or \"\" when none was kept)";
}

namespace {

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
            if (v.contains("timing")) failure.timing = text(v.at("timing"), f + ".timing");
            if (v.contains("load")) {
                if (!v.at("load").is_boolean()) fault(f + ".load", "must be true or false");
                failure.load = v.at("load").get<bool>();
            }
            return failure;
        });
}

// "turn_hist" (per seat [[ms, count], ...]) and "first_turn_ms" (per seat the first answered
// turn's time, or null) as per-seat times: the first turn's first, the others ascending.
std::vector<std::vector<double>> read_turn_hist(const Json& j, std::size_t seats) {
    const std::vector<std::optional<double>> first = per_seat<std::optional<double>>(
        j, "first_turn_ms", seats,
        [](const Json& v, const std::string& f) -> std::optional<double> {
            if (v.is_null()) return std::nullopt;
            return milliseconds(v, f);
        });
    std::size_t seat = 0;
    return per_seat<std::vector<double>>(
        j, "turn_hist", seats, [&](const Json& v, const std::string& f) {
            const std::optional<double> first_ms = first[seat++];
            if (!v.is_array()) fault(f, "must be a list of [ms, count] pairs, got " + v.dump());
            std::vector<double> times;
            if (first_ms) times.push_back(*first_ms);
            bool first_found = !first_ms;
            for (std::size_t i = 0; i < v.size(); ++i) {
                const std::string at = f + "[" + std::to_string(i) + "]";
                if (!v[i].is_array() || v[i].size() != 2)
                    fault(at, "must be a pair [ms, count], got " + v[i].dump());
                const double ms = milliseconds(v[i][0], at + "[0]");
                std::int64_t count = whole(v[i][1], at + "[1]", {1, 1 << 24});
                if (!first_found && TurnHistogram::bin_of(TurnHistogram::centi(ms)) ==
                                        TurnHistogram::bin_of(TurnHistogram::centi(*first_ms))) {
                    first_found = true;
                    --count;
                }
                times.insert(times.end(), static_cast<std::size_t>(count), ms);
            }
            if (!first_found) fault(f, "does not hold the first turn's time");
            return times;
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
    if (j.contains("referee_failure")) {
        r.referee_failure = text(j.at("referee_failure"), "referee_failure");
        if (r.referee_failure.empty())
            fault("referee_failure", "must say how the referee failed, got \"\"");
    }
    // Rank 0: no rank, only in a game the referee failed (issue 18).
    const numbers::Range rank{r.referee_failure.empty() ? 1 : 0, static_cast<std::int64_t>(seats)};
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
    if (j.contains("turn_hist")) {
        r.turn_ms = read_turn_hist(j, seats);
    } else if (j.contains("turn_ms")) {  // a line written before the histograms
        r.turn_ms = per_seat<std::vector<double>>(
            j, "turn_ms", seats, [](const Json& v, const std::string& f) {
                if (!v.is_array()) fault(f, "must be a list of times in ms, got " + v.dump());
                std::vector<double> times;
                for (std::size_t i = 0; i < v.size(); ++i)
                    times.push_back(milliseconds(v[i], f + "[" + std::to_string(i) + "]"));
                return times;
            });
    }
    if (j.contains("startup_ms"))
        r.startup_ms = per_seat<std::optional<double>>(
            j, "startup_ms", seats, [](const Json& v, const std::string& f) {
                return v.is_null() ? std::optional<double>() : milliseconds(v, f);
            });
    r.log = text(required(j, "log"), "log");
    if (const std::string why = log_path_fault(r.id, r.log); !why.empty()) fault("log", why);
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

}  // namespace arena::tournament
