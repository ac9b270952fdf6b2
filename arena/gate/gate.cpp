#include "arena/gate/gate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>

#include "arena/common/error_text.hpp"
#include "arena/common/files.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/report/text.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/tournament/run_lock.hpp"
#include "arena/tournament/runner.hpp"
#include "referees/registry.hpp"

namespace arena::gate {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using ratings::SprtDecision;
using tournament::ConfigError;
using tournament::GameRecord;

namespace {

const std::set<std::string> kFailureKinds = {"timeout", "crash", "invalid"};
constexpr std::size_t kListedGames = 6;  // lost games / failures named per test

using report::format;

[[noreturn]] void fail(const fs::path& file, const std::string& field, const std::string& what) {
    throw ConfigError(file.string() + ": field '" + field + "': " + what);
}

double number(const fs::path& file, const Json& value, const std::string& field) {
    if (!value.is_number() || !std::isfinite(value.get<double>()))
        fail(file, field, "must be a number, got " + value.dump());
    return value.get<double>();
}

void check_sprt(const SprtSettings& s, const std::string& where) {
    // Elo bounds far beyond any real test; infinities or 1e300 would only break the arithmetic.
    constexpr double kMaxElo = 1000;
    if (!(std::abs(s.elo0) <= kMaxElo && std::abs(s.elo1) <= kMaxElo))
        throw ConfigError(where + "elo0 and elo1 must be numbers from -1000 to 1000, got " +
                          format("%g", s.elo0) + " and " + format("%g", s.elo1));
    if (!(s.elo0 < s.elo1))
        throw ConfigError(where + "elo0 (" + format("%g", s.elo0) + ") must be below elo1 (" +
                          format("%g", s.elo1) + ")");
    if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1 && s.alpha + s.beta < 1))
        throw ConfigError(where + "alpha and beta must be between 0 and 1, with alpha + beta < 1");
}

ratings::SprtModel parse_model(const std::string& text) {
    if (text == "normalized") return ratings::SprtModel::normalized;
    if (text == "logistic") return ratings::SprtModel::logistic;
    throw std::invalid_argument("'" + text + "': use \"normalized\" or \"logistic\"");
}

const char* model_name(ratings::SprtModel model) {
    return model == ratings::SprtModel::normalized ? "normalized" : "logistic";
}

void read_sprt(const fs::path& file, const Json& value, SprtSettings& sprt) {
    if (!value.is_object())
        fail(file, "gate.sprt",
             "must be an object such as {\"elo0\": -50, \"elo1\": 0, \"alpha\": 0.05, "
             "\"beta\": 0.05, \"model\": \"normalized\"}");
    for (const auto& [key, v] : value.items()) {
        const std::string field = "gate.sprt." + key;
        if (key == "elo0")
            sprt.elo0 = number(file, v, field);
        else if (key == "elo1")
            sprt.elo1 = number(file, v, field);
        else if (key == "alpha")
            sprt.alpha = number(file, v, field);
        else if (key == "beta")
            sprt.beta = number(file, v, field);
        else if (key == "model") {
            if (!v.is_string()) fail(file, field, "must be \"normalized\" or \"logistic\"");
            try {
                sprt.model = parse_model(v.get<std::string>());
            } catch (const std::invalid_argument& e) {
                fail(file, field, e.what());
            }
        } else {
            fail(file, field, "unknown field (known: elo0, elo1, alpha, beta, model)");
        }
    }
    check_sprt(sprt, file.string() + ": field 'gate.sprt': ");
}

void read_gate(const fs::path& file, const Json& gate, bool seeded, GateSettings& settings) {
    if (!gate.is_object()) fail(file, "gate", "must be an object, see docs/gate.md");
    static const std::set<std::string> seeded_only = {"sprt", "max_games", "inconclusive"};
    static const std::set<std::string> samegame_only = {"baseline", "tolerance"};
    for (const auto& [key, value] : gate.items()) {
        const std::string field = "gate." + key;
        if (!seeded && seeded_only.count(key))
            fail(file, field,
                 "not used by samegame (its gate compares each board with a baseline file)");
        if (seeded && samegame_only.count(key))
            fail(file, field, "only used by samegame (games between bots are judged by an SPRT)");
        if (key == "sprt") {
            read_sprt(file, value, settings.sprt);
        } else if (key == "max_games") {
            const numbers::Range range{1, static_cast<std::int64_t>(tournament::kMaxGames)};
            const std::optional<std::int64_t> games = numbers::from_json(value, range);
            if (!games)
                fail(file, field, "must be " + numbers::describe(range) + ", got " + value.dump());
            settings.max_games = static_cast<std::size_t>(*games);
        } else if (key == "inconclusive") {
            if (value == "fail")
                settings.inconclusive = Inconclusive::fail;
            else if (value == "pass")
                settings.inconclusive = Inconclusive::pass;
            else
                fail(file, field, "must be \"fail\" or \"pass\"");
        } else if (key == "allow_failures") {
            if (value.is_boolean()) {
                settings.allowed_failures.clear();
                if (value.get<bool>()) settings.allowed_failures = kFailureKinds;
            } else if (value.is_array()) {
                for (const Json& kind : value) {
                    if (!kind.is_string() || !kFailureKinds.count(kind.get<std::string>()))
                        fail(file, field,
                             "lists failure kinds: \"timeout\", \"crash\", \"invalid\"; got " +
                                 kind.dump());
                    settings.allowed_failures.insert(kind.get<std::string>());
                }
            } else {
                fail(file, field,
                     "must be true, false or a list of \"timeout\", \"crash\", \"invalid\"");
            }
        } else if (key == "baseline") {
            if (!value.is_string() || value.get<std::string>().empty())
                fail(file, field, "must be a file path (relative to the config file)");
            fs::path path = value.get<std::string>();
            settings.baseline = path.is_relative() ? file.parent_path() / path : path;
        } else if (key == "tolerance") {
            try {
                if (value.is_number())
                    settings.tolerance = parse_tolerance(format("%.17g", value.get<double>()));
                else if (value.is_string())
                    settings.tolerance = parse_tolerance(value.get<std::string>());
                else
                    throw std::invalid_argument(
                        "must be points (e.g. 10) or a percentage (\"2%\")");
            } catch (const std::invalid_argument& e) {
                fail(file, field, e.what());
            }
        } else {
            fail(file, field,
                 "unknown field (known: sprt, max_games, inconclusive, allow_failures for games "
                 "between bots; baseline, tolerance, allow_failures for samegame)");
        }
    }
}

std::size_t bot_index(const tournament::TournamentConfig& config, const std::string& name) {
    for (std::size_t i = 0; i < config.bots.size(); ++i)
        if (config.bots[i].name == name) return i;
    return config.bots.size();
}

std::string bot_list(const tournament::TournamentConfig& config) {
    std::string list;
    for (const auto& bot : config.bots) list += (list.empty() ? "" : ", ") + bot.name;
    return list;
}

}  // namespace

// ---- settings ---------------------------------------------------------------------------------

double Tolerance::lowest_passing(std::int64_t baseline) const {
    const double drop = percent ? std::abs(static_cast<double>(baseline)) * amount / 100 : amount;
    return static_cast<double>(baseline) - drop;
}

std::string Tolerance::text() const {
    return format("%g", amount) + (percent ? "%" : "");
}

Tolerance parse_tolerance(const std::string& text) {
    Tolerance t;
    std::string digits = text;
    if (!digits.empty() && digits.back() == '%') {
        t.percent = true;
        digits.pop_back();
    }
    std::size_t used = 0;
    try {
        t.amount = std::stod(digits, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (digits.empty() || used != digits.size() || !std::isfinite(t.amount) || t.amount < 0)
        throw std::invalid_argument("tolerance '" + text +
                                    "': use points (e.g. 10) or a percentage (e.g. 2.5%), >= 0");
    return t;
}

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::pass:
            return "pass";
        case Verdict::fail:
            return "fail";
        case Verdict::inconclusive:
            return "inconclusive";
    }
    return "?";
}

GateConfig load_gate_config(const fs::path& file) {
    std::string text;
    try {
        text = files::read_text(file);
    } catch (const files::FileError& e) {
        throw ConfigError(e.what());
    }
    return load_gate_config_text(text, file);
}

GateConfig load_gate_config_text(const std::string& text, const fs::path& file) {
    Json root;
    try {
        root = Json::parse(text, nullptr, true, /*ignore_comments=*/true);
    } catch (const Json::parse_error& e) {
        throw ConfigError(file.string() + ": not valid JSON: " + errors::json_text(e));
    }
    if (!root.is_object()) throw ConfigError(file.string() + ": must be a JSON object");

    // "gate" and "candidate" are the gate's; the rest is a tournament config.
    Json gate = Json::object();
    if (root.contains("gate")) {
        gate = root["gate"];
        root.erase("gate");
    }
    std::optional<std::string> candidate;
    if (root.contains("candidate")) {
        if (!root["candidate"].is_string()) fail(file, "candidate", "must be a bot's name");
        candidate = root["candidate"].get<std::string>();
        root.erase("candidate");
    }
    bool seeded = false;
    if (root.contains("game") && root["game"].is_string()) {
        try {
            seeded = referee::game_info(root["game"].get<std::string>()).seeded;
        } catch (const std::invalid_argument&) {
            // The tournament loader names the field and the known games.
        }
    }
    if (seeded) {
        if (root.contains("format") && root["format"] != "gauntlet")
            fail(file, "format",
                 "a gate plays the candidate's games only: use \"gauntlet\" or leave it out");
        root["format"] = "gauntlet";
    }

    GateConfig config;
    config.file = file;
    if (root.contains("seeds")) {
        const Json& seeds = root["seeds"];
        config.seed_count_given = !seeds.is_object() || seeds.contains("count");
    }
    // Dumped again for the tournament loader; `file` still names the config and anchors boards.
    config.tournament = tournament::load_config_text(root.dump(), file);
    if (candidate) {
        config.tournament.candidate = bot_index(config.tournament, *candidate);
        if (config.tournament.candidate == config.tournament.bots.size())
            fail(file, "candidate",
                 "'" + *candidate + "' is not the name of a bot in \"bots\" (" +
                     bot_list(config.tournament) + ")");
    }
    if (seeded) config.tournament.format = tournament::Format::gauntlet;
    config.gate.baseline = file.parent_path() / (file.stem().string() + ".baseline.json");
    read_gate(file, gate, seeded, config.gate);
    return config;
}

void apply_overrides(GateConfig& config, const GateOverrides& o) {
    tournament::TournamentConfig& t = config.tournament;
    const bool seeded = !t.seeds.empty();
    if (o.candidate) {
        const std::size_t i = bot_index(t, *o.candidate);
        if (i == t.bots.size())
            throw ConfigError("--candidate: '" + *o.candidate + "' is not a bot of " +
                              config.file.string() + " (" + bot_list(t) + ")");
        t.candidate = i;
    }
    for (const auto& [name, command] : o.commands) {
        const std::size_t i = bot_index(t, name);
        if (i == t.bots.size())
            throw ConfigError("--command: '" + name + "' is not a bot of " + config.file.string() +
                              " (" + bot_list(t) + ")");
        if (command.empty()) throw ConfigError("--command " + name + "=: the command is empty");
        t.bots[i].command = command;
    }
    const bool sprt_option =
        o.elo0 || o.elo1 || o.alpha || o.beta || o.model || o.max_games || o.inconclusive;
    if (!seeded && sprt_option)
        throw ConfigError(
            "--elo0, --elo1, --alpha, --beta, --model, --max-games and --inconclusive are for "
            "games between bots; a samegame gate compares with a baseline");
    if (seeded && (o.baseline || o.tolerance))
        throw ConfigError("--baseline and --tolerance are for samegame gates");
    SprtSettings& s = config.gate.sprt;
    s.elo0 = o.elo0.value_or(s.elo0);
    s.elo1 = o.elo1.value_or(s.elo1);
    s.alpha = o.alpha.value_or(s.alpha);
    s.beta = o.beta.value_or(s.beta);
    s.model = o.model.value_or(s.model);
    check_sprt(s, "SPRT settings: ");
    if (o.max_games) config.gate.max_games = o.max_games;
    if (o.inconclusive) config.gate.inconclusive = *o.inconclusive;
    if (o.allow_failures) config.gate.allowed_failures = kFailureKinds;
    if (o.baseline) config.gate.baseline = *o.baseline;
    if (o.tolerance) config.gate.tolerance = *o.tolerance;
}

// ---- baseline file ----------------------------------------------------------------------------

Baseline read_baseline(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw GateError("no baseline file '" + file.string() +
                        "': write one with --save-baseline (a run of the reference bot), or "
                        "name it with --baseline");
    Baseline baseline;
    try {
        const nlohmann::json root = nlohmann::json::parse(in);
        if (root.at("game") != "samegame")
            throw GateError("baseline '" + file.string() + "' is not a samegame baseline");
        baseline.bot = root.value("bot", "");
        baseline.command = root.value("command", "");
        for (const nlohmann::json& board : root.at("boards"))
            baseline.scores.emplace_back(board.at("board").get<std::string>(),
                                         board.at("score").get<std::int64_t>());
    } catch (const nlohmann::json::exception& e) {
        throw GateError("baseline '" + file.string() + "' is damaged: " + errors::json_text(e) +
                        " (write it again with --save-baseline)");
    }
    return baseline;
}

void write_baseline(const fs::path& file, const Baseline& baseline) {
    Json boards = Json::array();
    std::int64_t total = 0;
    for (const auto& [board, score] : baseline.scores) {
        boards.push_back({{"board", board}, {"score", score}});
        total += score;
    }
    const Json root = {{"game", "samegame"},
                       {"bot", baseline.bot},
                       {"command", baseline.command},
                       {"total", total},
                       {"boards", boards}};
    files::write_atomically(file, root.dump(2) + "\n");
}

// ---- running ----------------------------------------------------------------------------------

namespace {

// The score of seat i against seat j of one game: the better ranked wins.
double pair_score(const GameRecord& r, std::size_t i, std::size_t j) {
    return r.ranks[i] < r.ranks[j] ? 1.0 : r.ranks[i] == r.ranks[j] ? 0.5 : 0.0;
}

// What went wrong for a seat: for a crash how the process ended (exit code, signal, limit); for
// a timeout or an invalid move the referee's words (the process was only ended afterwards).
// Shown on the terminal and in the reports' one-line summaries, so a quoted bot output's control
// characters are made visible (the game's log keeps the exact bytes).
std::string failure_detail(const GameRecord& r, std::size_t seat) {
    if (r.outcomes[seat] == "crash" && seat < r.details.size())
        return terminal::visible(r.details[seat]);
    return terminal::visible(r.reason);
}

double thinking_seconds(const GameRecord& r, std::size_t seat) {
    double ms = 0;
    if (seat < r.turn_ms.size())
        for (double t : r.turn_ms[seat]) ms += t;
    return ms / 1000;
}

std::string elo_line(const PairingTest& t) {
    const ratings::HeadToHead h = t.pentanomial_model && t.pentanomial.pairs() > 0
                                      ? ratings::pentanomial_elo(t.pentanomial)
                                      : ratings::trinomial_elo(t.results);
    std::string text = "Elo " + report::elo_text(h.elo);
    if (h.nelo) text += ", nElo " + report::elo_text(*h.nelo);
    return text;
}

std::string counts_line(const PairingTest& t) {
    std::ostringstream text;
    text << t.results.games() << " games, W-D-L " << t.results.wins << "-" << t.results.draws << "-"
         << t.results.losses;
    if (t.pentanomial_model) {
        // Pairs by the candidate's points out of 2: 0, 0.5, 1, 1.5, 2.
        text << ", pairs (0-2 points)";
        for (int c : t.pentanomial.counts) text << " " << c;
    }
    return text.str();
}

const char* decision_text(SprtDecision d) {
    switch (d) {
        case SprtDecision::accept_h1:
            return "H1 accepted";
        case SprtDecision::accept_h0:
            return "H0 accepted";
        case SprtDecision::continue_testing:
            return "undecided";
    }
    return "?";
}

// The sequential tests of a seeded gate, fed one game record at a time (the runner's stop_after
// hook, under its lock). Decides when the tournament can stop.
class SprtTracker {
  public:
    SprtTracker(const tournament::TournamentConfig& config, const GateSettings& settings,
                std::ostream& out, bool interactive)
        : settings_(settings),
          candidate_(config.bots[config.candidate].name),
          out_(out),
          interactive_(interactive) {
        bounds_ = ratings::sprt_bounds(settings.sprt.alpha, settings.sprt.beta);
        // Every game has a twin with the candidate and any opponent swapped when every seat
        // order is played (always true for 2 players); rotations of 3-4 have none.
        const bool twins =
            config.players_per_game == 2 || config.seat_orders == tournament::SeatOrders::all;
        for (std::size_t i = 0; i < config.bots.size(); ++i) {
            if (i == config.candidate) continue;
            PairingTest t;
            t.opponent = config.bots[i].name;
            t.pentanomial_model = twins;
            index_[t.opponent] = tests_.size();
            tests_.push_back(std::move(t));
        }
    }

    // Returns true when the gate knows its verdict: stop starting games.
    bool add(const GameRecord& r) {
        const auto c_it = std::find(r.players.begin(), r.players.end(), candidate_);
        if (c_it == r.players.end()) return stop_requested_;
        const std::size_t c = static_cast<std::size_t>(c_it - r.players.begin());
        ++games_;
        for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
            if (r.outcomes[seat] == "ok") continue;
            BotFailure f{r.id, r.players[seat], r.outcomes[seat], failure_detail(r, seat)};
            if (seat == c) {
                const bool allowed = settings_.allowed_failures.count(f.outcome) > 0;
                disallowed_failure_ = disallowed_failure_ || !allowed;
                // Allowed ones: the first of each kind only, the report counts them all.
                if (!allowed || first_allowed_.insert(f.outcome).second)
                    print("candidate " + f.outcome + " in " + f.game_id +
                          (f.detail.empty() ? "" : " (" + f.detail + ")") +
                          (allowed ? " [allowed; more are only counted]" : ": the gate fails"));
                candidate_failures_.push_back(std::move(f));
            } else {
                opponent_failures_.push_back(std::move(f));
            }
        }
        for (std::size_t j = 0; j < r.players.size(); ++j) {
            auto t_it = index_.find(r.players[j]);
            if (j == c || t_it == index_.end()) continue;
            PairingTest& t = tests_[t_it->second];
            const double score = pair_score(r, c, j);
            t.results.wins += score == 1.0;
            t.results.draws += score == 0.5;
            t.results.losses += score == 0.0;
            // The candidate's thinking time, shared among the opponents of the game.
            t.bot_seconds += thinking_seconds(r, c) / static_cast<double>(r.players.size() - 1);
            bool counted = false;
            if (t.pentanomial_model) {
                std::vector<std::string> swapped = r.players;
                std::swap(swapped[c], swapped[j]);
                const auto& group = seen_[r.group];
                auto twin = group.find(swapped);
                if (twin != group.end()) {
                    // In the twin the candidate sits in seat j, the opponent in seat c.
                    const Seen& other = twin->second;
                    const double twin_score = other.ranks[j] < other.ranks[c]    ? 1.0
                                              : other.ranks[j] == other.ranks[c] ? 0.5
                                                                                 : 0.0;
                    t.pentanomial.add_pair(score, twin_score);
                    if (score + twin_score == 0 && t.lost_games.size() < kListedGames) {
                        t.lost_games.push_back(other.id);
                        t.lost_games.push_back(r.id);
                    }
                    counted = true;
                }
            } else {
                if (score == 0 && t.lost_games.size() < kListedGames) t.lost_games.push_back(r.id);
                counted = true;
            }
            if (counted) update(t);
        }
        seen_[r.group][r.players] = Seen{r.ranks, r.id};
        if (!stop_requested_) stop_requested_ = verdict_known();
        return stop_requested_;
    }

    bool verdict_known() const {
        if (disallowed_failure_) return true;
        bool all_h1 = true;
        for (const PairingTest& t : tests_) {
            if (t.decision == SprtDecision::accept_h0) return true;
            all_h1 = all_h1 && t.decision == SprtDecision::accept_h1;
        }
        return all_h1;
    }

    const std::string& candidate() const { return candidate_; }
    const std::vector<PairingTest>& tests() const { return tests_; }
    const std::vector<BotFailure>& candidate_failures() const { return candidate_failures_; }
    const std::vector<BotFailure>& opponent_failures() const { return opponent_failures_; }
    bool disallowed_failure() const { return disallowed_failure_; }
    bool stop_requested() const { return stop_requested_; }
    int games() const { return games_; }
    const ratings::SprtBounds& bounds() const { return bounds_; }

  private:
    struct Seen {
        std::vector<int> ranks;
        std::string id;
    };

    void update(PairingTest& t) {
        const SprtSettings& s = settings_.sprt;
        t.llr = t.pentanomial_model ? ratings::sprt_llr(t.pentanomial, s.elo0, s.elo1, s.model)
                                    : ratings::sprt_llr(t.results, s.elo0, s.elo1, s.model);
        if (t.decision == SprtDecision::continue_testing) {
            t.decision = ratings::sprt_decision(t.llr, bounds_);
            if (t.decision != SprtDecision::continue_testing) {
                t.decided_after_games = t.results.games();
                t.decided_llr = t.llr;
                print(std::string(decision_text(t.decision)) + " against " + t.opponent +
                      " after " + std::to_string(t.decided_after_games) + " games: " + status(t));
                return;
            }
        }
        // A status line every 10 pairs (20 games) against each opponent.
        const int step = t.pentanomial_model ? t.pentanomial.pairs() : t.results.games() / 2;
        const bool counted_step = t.pentanomial_model || t.results.games() % 2 == 0;
        if (t.decision == SprtDecision::continue_testing && counted_step && step % 10 == 0)
            print("sprt " + candidate_ + " vs " + t.opponent + ": " + status(t));
    }

    std::string status(const PairingTest& t) const {
        return "LLR " + format("%.2f", t.llr) + " [" + format("%.2f", bounds_.lower) + ", " +
               format("%.2f", bounds_.upper) + "], " + counts_line(t) + ", " + elo_line(t);
    }

    void print(const std::string& line) {
        // On a terminal the runner redraws a status line: take its place, it comes back.
        out_ << (interactive_ ? "\r\033[K" : "") << line << '\n' << std::flush;
    }

    const GateSettings& settings_;
    std::string candidate_;
    std::ostream& out_;
    bool interactive_;
    ratings::SprtBounds bounds_;
    std::vector<PairingTest> tests_;
    std::map<std::string, std::size_t> index_;
    // group -> players in seat order -> that game's ranks: finds each game's seat-swapped twin.
    std::map<std::string, std::map<std::vector<std::string>, Seen>> seen_;
    std::vector<BotFailure> candidate_failures_, opponent_failures_;
    std::set<std::string> first_allowed_;  // failure kinds already printed
    bool disallowed_failure_ = false;
    bool stop_requested_ = false;
    int games_ = 0;
};

struct Paths {
    fs::path out;
    std::string arena;
    std::string log(const std::string& game_id) const {
        return (out / "games" / (game_id + ".json")).string();
    }
    std::string replay(const std::string& game_id) const {
        return arena + " replay " + log(game_id);
    }
    // "    log: ...\n    replay: ...\n"
    std::string pointers(const std::string& game_id, const std::string& indent) const {
        return indent + "log:    " + log(game_id) + "\n" + indent + "replay: " + replay(game_id) +
               "\n";
    }
};

std::string failure_text(const BotFailure& f) {
    return f.bot + " " + f.outcome + " in " + f.game_id +
           (f.detail.empty() ? "" : " (" + f.detail + ")");
}

std::string now_iso8601() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    return text;
}

Json failure_json(const BotFailure& f) {
    return {{"game", f.game_id}, {"bot", f.bot}, {"outcome", f.outcome}, {"detail", f.detail}};
}

// Candidate failures for the report: how many of each kind, then the first few (those that
// fail the gate first), each with its log and replay command.
std::string failures_block(const std::vector<BotFailure>& failures, const Paths& paths,
                           const std::set<std::string>& allowed) {
    std::map<std::string, int> kinds;
    for (const BotFailure& f : failures) ++kinds[f.outcome];
    std::ostringstream counts;
    for (const auto& [kind, count] : kinds)
        counts << "  " << count << " " << kind << (allowed.count(kind) ? " (allowed)" : "");
    std::string text = counts.str() + "\n";
    std::vector<const BotFailure*> listed;
    for (const BotFailure& f : failures)
        if (!allowed.count(f.outcome) && listed.size() < kListedGames) listed.push_back(&f);
    std::set<std::string> shown;  // allowed kinds: the first of each is enough
    for (const BotFailure& f : failures)
        if (allowed.count(f.outcome) && shown.insert(f.outcome).second) listed.push_back(&f);
    for (const BotFailure* f : listed) {
        text += "  " + failure_text(*f) + (allowed.count(f->outcome) ? " [allowed]" : "") + "\n" +
                paths.pointers(f->game_id, "    ");
    }
    if (failures.size() > listed.size())
        text += "  ... and " + std::to_string(failures.size() - listed.size()) + " more\n";
    return text;
}

void judge_versus(const SprtTracker& tracker, const GateConfig& config, const Paths& paths,
                  GateReport& report) {
    const GateSettings& settings = config.gate;
    report.pairings = tracker.tests();
    report.bounds = tracker.bounds();
    report.games = tracker.games();
    report.stopped_early = tracker.stop_requested();
    report.candidate_failures = tracker.candidate_failures();
    report.opponent_failures = tracker.opponent_failures();

    const std::string classname = "arena.gate." + config.tournament.game;
    bool any_h0 = false, all_h1 = true;
    std::string h0_against, undecided;
    for (const PairingTest& t : report.pairings) {
        JUnitCase c;
        c.classname = classname;
        c.name = report.candidate + " vs " + t.opponent;
        c.time_s = t.bot_seconds;
        c.output = std::string("SPRT ") + model_name(settings.sprt.model) + " elo0 " +
                   format("%g", settings.sprt.elo0) + " elo1 " + format("%g", settings.sprt.elo1) +
                   ", alpha " + format("%g", settings.sprt.alpha) + " beta " +
                   format("%g", settings.sprt.beta) + "\n" + "LLR " + format("%.3f", t.llr) + " [" +
                   format("%.3f", report.bounds.lower) + ", " +
                   format("%.3f", report.bounds.upper) + "]\n" + counts_line(t) + "\n" +
                   elo_line(t) + "\n";
        std::string lost;
        for (const std::string& id : t.lost_games) lost += paths.pointers(id, "  ");
        if (!lost.empty())
            lost = "games " + report.candidate + " lost" +
                   (t.pentanomial_model ? " (both games of a pair)" : "") + ":\n" + lost;
        if (t.decision == SprtDecision::accept_h0) {
            any_h0 = true;
            h0_against += (h0_against.empty() ? "" : ", ") + t.opponent;
            c.status = JUnitCase::Status::failed;
            c.type = "sprt";
            c.message = "H0 accepted (elo " + format("%g", settings.sprt.elo0) + ") after " +
                        std::to_string(t.decided_after_games) + " games, LLR " +
                        format("%.2f", t.decided_llr) +
                        " <= " + format("%.2f", report.bounds.lower);
            c.details = c.output + lost;
        } else if (t.decision == SprtDecision::accept_h1) {
            c.output += "H1 accepted (elo " + format("%g", settings.sprt.elo1) + ") after " +
                        std::to_string(t.decided_after_games) + " games, LLR " +
                        format("%.2f", t.decided_llr) +
                        " >= " + format("%.2f", report.bounds.upper) + "\n";
        } else {
            all_h1 = false;
            undecided += (undecided.empty() ? "" : ", ") + t.opponent;
            if (tracker.stop_requested()) {
                c.status = JUnitCase::Status::skipped;
                c.message = "undecided: the gate stopped once its verdict was known";
            } else if (settings.inconclusive == Inconclusive::fail) {
                c.status = JUnitCase::Status::failed;
                c.type = "inconclusive";
                c.message = "inconclusive after " + std::to_string(t.results.games()) +
                            " games (the maximum), LLR " + format("%.2f", t.llr) +
                            "; counted as a failure (--inconclusive pass to accept)";
                c.details = c.output + lost;
            } else {
                c.output += "inconclusive after " + std::to_string(t.results.games()) +
                            " games (the maximum); counted as a pass (--inconclusive pass)\n";
            }
        }
        report.junit.cases.push_back(std::move(c));
    }

    // The candidate's own health, whoever it played.
    JUnitCase health;
    health.classname = classname;
    health.name = report.candidate + " has no timeout, crash or invalid move";
    std::string failures =
        failures_block(report.candidate_failures, paths, settings.allowed_failures);
    if (tracker.disallowed_failure()) {
        health.status = JUnitCase::Status::failed;
        health.type = report.candidate_failures.front().outcome;
        for (const BotFailure& f : report.candidate_failures) {
            if (!settings.allowed_failures.count(f.outcome)) {
                health.type = f.outcome;
                health.message = failure_text(f);
                break;
            }
        }
        health.details = failures;
    } else if (!failures.empty()) {
        health.output = "allowed failures:\n" + failures;
    }
    report.junit.cases.push_back(std::move(health));

    const std::string against =
        report.pairings.size() == 1
            ? report.pairings.front().opponent
            : "the field (" + std::to_string(report.pairings.size()) + " bots)";
    if (tracker.disallowed_failure()) {
        report.verdict = Verdict::fail;
        for (const BotFailure& f : report.candidate_failures) {
            if (!settings.allowed_failures.count(f.outcome)) {
                report.summary = f.outcome + " in " + f.game_id +
                                 (f.detail.empty() ? "" : " (" + f.detail + ")");
                break;
            }
        }
    } else if (any_h0) {
        report.verdict = Verdict::fail;
        report.summary = "H0 accepted against " + h0_against + ": " + report.candidate +
                         " is weaker (elo0 " + format("%g", settings.sprt.elo0) + ")";
    } else if (all_h1) {
        report.verdict = Verdict::pass;
        report.summary = "H1 accepted against " + against + " (elo1 " +
                         format("%g", settings.sprt.elo1) + ") after " +
                         std::to_string(report.games) + " games";
    } else {
        report.verdict = Verdict::inconclusive;
        report.summary = "no decision against " + undecided + " after " +
                         std::to_string(report.games) + " games (the maximum)";
    }
    report.passed =
        report.verdict == Verdict::pass ||
        (report.verdict == Verdict::inconclusive && settings.inconclusive == Inconclusive::pass);
}

void judge_samegame(const std::vector<GameRecord>& records, const GateConfig& config,
                    const std::optional<Baseline>& baseline, const Paths& paths,
                    BaselineAction action, GateReport& report) {
    const GateSettings& settings = config.gate;
    std::map<std::string, std::int64_t> base;
    if (baseline)
        for (const auto& [board, score] : baseline->scores) base[board] = score;
    const bool comparing = baseline && action != BaselineAction::save;
    bool disallowed = false;
    std::int64_t total = 0, baseline_total = 0;
    int worse = 0, compared = 0;
    std::string first_worse;
    for (const GameRecord& r : records) {
        BoardCheck b;
        b.board = r.testcase;
        b.score = r.scores.at(0);
        b.outcome = r.outcomes.at(0);
        b.detail = b.outcome == "ok" ? "" : failure_detail(r, 0);
        b.game_id = r.id;
        b.bot_seconds = thinking_seconds(r, 0);
        total += b.score;
        if (b.outcome != "ok") {
            BotFailure f{r.id, report.candidate, b.outcome, b.detail};
            disallowed = disallowed || !settings.allowed_failures.count(f.outcome);
            report.candidate_failures.push_back(std::move(f));
        }
        if (comparing && base.count(b.board)) {
            b.baseline = base.at(b.board);
            baseline_total += *b.baseline;
            ++compared;
            b.worse = static_cast<double>(b.score) < settings.tolerance.lowest_passing(*b.baseline);
            if (b.worse && worse++ == 0) first_worse = b.board;
        }

        JUnitCase c;
        c.classname = "arena.gate.samegame." + report.candidate;
        c.name = b.board;
        c.time_s = b.bot_seconds;
        c.output = "score " + std::to_string(b.score) +
                   (b.baseline ? ", baseline " + std::to_string(*b.baseline) + " (" +
                                     (b.score >= *b.baseline ? "+" : "") +
                                     std::to_string(b.score - *b.baseline) + "), tolerance " +
                                     settings.tolerance.text()
                               : "") +
                   (b.outcome != "ok" ? ", " + b.outcome + " (" + b.detail + ")" : "") + "\n" +
                   paths.pointers(b.game_id, "");
        const bool failed_here = b.outcome != "ok" && !settings.allowed_failures.count(b.outcome);
        if (failed_here) {
            c.status = JUnitCase::Status::failed;
            c.type = b.outcome;
            c.message = report.candidate + " " + b.outcome + " on " + b.board +
                        (b.detail.empty() ? "" : " (" + b.detail + ")");
            c.details = c.output;
        } else if (b.worse && action == BaselineAction::compare) {
            c.status = JUnitCase::Status::failed;
            c.type = "worse";
            c.message = "score " + std::to_string(b.score) + " < baseline " +
                        std::to_string(*b.baseline) + " - tolerance " + settings.tolerance.text();
            c.details = c.output;
        } else if (comparing && !b.baseline) {
            c.status = JUnitCase::Status::skipped;
            c.message = "not in the baseline";
        }
        report.junit.cases.push_back(std::move(c));
        report.boards.push_back(std::move(b));
    }
    report.games = static_cast<int>(records.size());
    report.total = total;
    if (comparing) report.baseline_total = baseline_total;

    if (disallowed) {
        report.verdict = Verdict::fail;
        for (const BotFailure& f : report.candidate_failures) {
            if (!settings.allowed_failures.count(f.outcome)) {
                report.summary = f.outcome + " in " + f.game_id +
                                 (f.detail.empty() ? "" : " (" + f.detail + ")");
                break;
            }
        }
    } else if (action == BaselineAction::save) {
        report.verdict = Verdict::pass;
        report.summary = "baseline of " + std::to_string(records.size()) +
                         " board(s) saved, total " + std::to_string(total);
    } else if (worse > 0 && action == BaselineAction::compare) {
        report.verdict = Verdict::fail;
        report.summary = std::to_string(worse) + " of " + std::to_string(compared) +
                         " board(s) worse than the baseline (tolerance " +
                         settings.tolerance.text() + "), first: " + first_worse;
    } else {
        report.verdict = Verdict::pass;
        report.summary =
            std::to_string(compared) + " board(s) no worse than the baseline" +
            (settings.tolerance.amount > 0 ? " by more than " + settings.tolerance.text()
                                           : std::string()) +
            ", total " + std::to_string(total) + " (baseline " + std::to_string(baseline_total) +
            ")";
        if (action == BaselineAction::update) {
            report.summary =
                !baseline ? "no baseline yet: this run becomes it, total " + std::to_string(total)
                : worse   ? "the baseline is updated; " + std::to_string(worse) + " of " +
                              std::to_string(compared) +
                              " board(s) were worse than the old one (first: " + first_worse + ")"
                        : "the baseline is updated; " + report.summary;
        }
    }
    report.passed = report.verdict == Verdict::pass;
}

void print_report(const GateReport& report, const GateConfig& config, const Paths& paths,
                  std::ostream& out) {
    const GateSettings& settings = config.gate;
    out << "\n";
    if (!report.pairings.empty()) {
        for (const PairingTest& t : report.pairings) {
            out << report.candidate << " vs " << t.opponent << ": " << decision_text(t.decision);
            if (t.decision != SprtDecision::continue_testing)
                out << " after " << t.decided_after_games << " games (LLR "
                    << format("%.2f", t.decided_llr) << ")";
            else if (report.stopped_early)
                out << " (the gate stopped once its verdict was known)";
            out << "\n  LLR " << format("%.2f", t.llr) << " ["
                << format("%.2f", report.bounds.lower) << ", "
                << format("%.2f", report.bounds.upper) << "], " << counts_line(t) << "\n  "
                << elo_line(t) << "\n";
            if (t.decision == SprtDecision::accept_h0 && !t.lost_games.empty()) {
                out << "  games " << report.candidate << " lost:\n";
                for (const std::string& id : t.lost_games) out << paths.pointers(id, "    ");
            }
        }
    }
    if (!report.boards.empty()) {
        int worse = 0;
        for (const BoardCheck& b : report.boards) {
            if (!b.worse && b.outcome == "ok") continue;
            if (worse++ == 0) out << "boards worse than the baseline or failed:\n";
            out << "  " << b.board << ": " << b.score;
            if (b.baseline)
                out << " (baseline " << *b.baseline << ", " << (b.score - *b.baseline) << ")";
            if (b.outcome != "ok") out << ", " << b.outcome << " (" << b.detail << ")";
            out << "\n" << paths.pointers(b.game_id, "    ");
        }
        out << report.candidate << ": total " << *report.total << " over " << report.boards.size()
            << " board(s)";
        if (report.baseline_total)
            out << ", baseline " << *report.baseline_total << " over the same boards ("
                << (*report.total >= *report.baseline_total ? "+" : "")
                << (*report.total - *report.baseline_total) << ")";
        out << "\n";
    }
    if (!report.candidate_failures.empty()) {
        out << "failures of " << report.candidate << ":\n"
            << failures_block(report.candidate_failures, paths, settings.allowed_failures);
    }
    if (!report.opponent_failures.empty()) {
        out << "note: the opponents failed " << report.opponent_failures.size()
            << " time(s) (counted as the referee scored them), first: "
            << failure_text(report.opponent_failures.front()) << "\n";
    }
    const char* word =
        report.verdict == Verdict::pass ? "PASS"
        : report.verdict == Verdict::fail
            ? "FAIL"
            : (report.passed ? "INCONCLUSIVE (counted as pass)" : "INCONCLUSIVE (counted as fail)");
    out << "gate " << word << ": " << report.candidate << ": " << report.summary << "\n"
        << std::flush;
}

Json report_json(const GateReport& report, const GateConfig& config) {
    const GateSettings& settings = config.gate;
    Json j = {{"verdict", to_string(report.verdict)},
              {"passed", report.passed},
              {"exit_code", report.exit_code()},
              {"candidate", report.candidate},
              {"game", config.tournament.game},
              {"summary", report.summary},
              {"games", report.games},
              {"stopped_early", report.stopped_early}};
    if (!report.pairings.empty()) {
        j["sprt"] = {{"elo0", settings.sprt.elo0},
                     {"elo1", settings.sprt.elo1},
                     {"alpha", settings.sprt.alpha},
                     {"beta", settings.sprt.beta},
                     {"model", model_name(settings.sprt.model)},
                     {"lower", report.bounds.lower},
                     {"upper", report.bounds.upper}};
        j["inconclusive"] = settings.inconclusive == Inconclusive::pass ? "pass" : "fail";
        Json pairings = Json::array();
        for (const PairingTest& t : report.pairings) {
            const ratings::HeadToHead h = t.pentanomial_model && t.pentanomial.pairs() > 0
                                              ? ratings::pentanomial_elo(t.pentanomial)
                                              : ratings::trinomial_elo(t.results);
            Json p = {{"opponent", t.opponent},
                      {"model", t.pentanomial_model ? "pentanomial" : "trinomial"},
                      {"decision", t.decision == SprtDecision::accept_h1   ? Json("H1")
                                   : t.decision == SprtDecision::accept_h0 ? Json("H0")
                                                                           : Json(nullptr)},
                      {"llr", t.llr},
                      {"decided_after_games", t.decided_after_games},
                      {"decided_llr", t.decided_llr},
                      {"games", t.results.games()},
                      {"wins", t.results.wins},
                      {"draws", t.results.draws},
                      {"losses", t.results.losses},
                      {"pentanomial", t.pentanomial.counts},
                      {"elo", h.elo.elo},
                      {"elo_lo95", h.elo.lo95},
                      {"elo_hi95", h.elo.hi95},
                      {"lost_games", t.lost_games}};
            pairings.push_back(std::move(p));
        }
        j["pairings"] = std::move(pairings);
    }
    if (report.total) {
        j["baseline"] = config.gate.baseline.string();
        j["tolerance"] = settings.tolerance.text();
        j["total"] = *report.total;
        j["baseline_total"] = report.baseline_total ? Json(*report.baseline_total) : Json(nullptr);
        Json boards = Json::array();
        for (const BoardCheck& b : report.boards) {
            boards.push_back({{"board", b.board},
                              {"score", b.score},
                              {"baseline", b.baseline ? Json(*b.baseline) : Json(nullptr)},
                              {"worse", b.worse},
                              {"outcome", b.outcome},
                              {"game", b.game_id}});
        }
        j["boards"] = std::move(boards);
    }
    Json candidate_failures = Json::array(), opponent_failures = Json::array();
    for (const BotFailure& f : report.candidate_failures)
        candidate_failures.push_back(failure_json(f));
    for (const BotFailure& f : report.opponent_failures)
        opponent_failures.push_back(failure_json(f));
    Json allowed = Json::array();
    for (const std::string& kind : settings.allowed_failures) allowed.push_back(kind);
    j["allowed_failures"] = std::move(allowed);
    j["candidate_failures"] = std::move(candidate_failures);
    j["opponent_failures"] = std::move(opponent_failures);
    return j;
}

}  // namespace

GateReport run_gate(const GateConfig& gate_config, const GateRunOptions& options,
                    std::ostream& out) {
    const auto started = std::chrono::steady_clock::now();
    tournament::TournamentConfig config = gate_config.tournament;
    const GateSettings& settings = gate_config.gate;
    const bool seeded = referee::game_info(config.game).seeded;
    GateReport report;
    report.candidate = config.bots.at(config.candidate).name;
    const Paths paths{options.out, options.arena_program};

    if (seeded && options.baseline_action != BaselineAction::compare)
        throw GateError("--save-baseline and --update-baseline are for samegame gates");
    std::optional<Baseline> baseline;
    if (!seeded && options.baseline_action == BaselineAction::compare)
        baseline = read_baseline(settings.baseline);  // before the games: fail fast
    if (!seeded && options.baseline_action == BaselineAction::update &&
        fs::exists(settings.baseline))
        baseline = read_baseline(settings.baseline);

    std::string plan;
    if (seeded) {
        std::optional<std::size_t> max_games = settings.max_games;
        if (!max_games && !gate_config.seed_count_given) max_games = kDefaultMaxGames;
        if (max_games) {
            try {
                plan = tournament::resize_to_games(config, *max_games);
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

    const fs::path results = options.out / "results.jsonl";
    // One writer per directory, from before it is cleared (--overwrite) until gate.json.
    const tournament::RunLock lock(options.out, tournament::own_command_line());
    if (fs::exists(results) && fs::file_size(results) > 0 && !options.resume) {
        if (!options.overwrite)
            throw GateError("'" + results.string() +
                            "' already holds results: add --overwrite to start again, --resume "
                            "to go on with them, or choose another directory with --out");
        fs::remove(results);
        fs::remove_all(options.out / "games");
        fs::remove(options.out / "gate.json");
    }

    const std::size_t scheduled = tournament::make_schedule(config).size();
    out << "gate: " << report.candidate;
    if (seeded) {
        out << " against " << config.bots.size() - 1 << " bot(s) (" << config.game << ", "
            << config.players_per_game << " per game), at most " << scheduled << " games";
        if (!plan.empty()) out << " (" << plan << ")";
        const ratings::SprtBounds bounds =
            ratings::sprt_bounds(settings.sprt.alpha, settings.sprt.beta);
        out << "\n  SPRT " << model_name(settings.sprt.model)
            << " Elo: H0 elo0 = " << format("%g", settings.sprt.elo0)
            << ", H1 elo1 = " << format("%g", settings.sprt.elo1) << ", alpha "
            << format("%g", settings.sprt.alpha) << ", beta " << format("%g", settings.sprt.beta)
            << ": LLR bounds [" << format("%.2f", bounds.lower) << ", "
            << format("%.2f", bounds.upper) << "]";
    } else {
        out << " on " << scheduled << " samegame board(s), "
            << (options.baseline_action == BaselineAction::save ? "saving the baseline to "
                                                                : "against the baseline ")
            << settings.baseline.string() << " (tolerance " << settings.tolerance.text() << ")";
    }
    out << "\n  " << options.concurrency << " game(s) at a time, output in " << options.out.string()
        << "/\n"
        << std::flush;

    tournament::RunOptions run;
    run.out = options.out;
    run.concurrency = options.concurrency;
    run.resume = options.resume;
    run.interactive = options.interactive;
    run.caller_holds_lock = true;
    std::optional<SprtTracker> tracker;
    if (seeded) {
        tracker.emplace(config, settings, out, options.interactive);
        run.stop_after = [&](const GameRecord& r) { return tracker->add(r); };
    }
    std::vector<GameRecord> records;
    try {
        records = tournament::run_tournament(config, run, out);
    } catch (const fs::filesystem_error& e) {
        throw GateError(e.what());
    }
    if (const int signal = process::interrupt_signal()) {  // no verdict on the games cut short
        report.interrupted = signal;
        out << "\ninterrupted: " << records.size() << " of " << scheduled
            << " games saved; to go on: " << options.resume_command << "\n";
        return report;
    }

    report.junit.name = "arena gate " + gate_config.file.stem().string();
    report.junit.timestamp = now_iso8601();
    report.junit.properties = {{"config", gate_config.file.string()},
                               {"game", config.game},
                               {"candidate", report.candidate},
                               {"out", options.out.string()}};
    if (seeded) {
        judge_versus(*tracker, gate_config, paths, report);
    } else {
        judge_samegame(records, gate_config, baseline, paths, options.baseline_action, report);
        const bool write = options.baseline_action != BaselineAction::compare && report.passed;
        if (write) {
            Baseline saved;
            saved.bot = report.candidate;
            saved.command = config.bots[0].command;
            for (const BoardCheck& b : report.boards) saved.scores.emplace_back(b.board, b.score);
            write_baseline(settings.baseline, saved);
            out << "baseline written: " << settings.baseline.string() << "\n";
        } else if (options.baseline_action != BaselineAction::compare) {
            out << "baseline NOT written (" << settings.baseline.string()
                << "): the candidate failed\n";
        }
        report.junit.properties.emplace_back("baseline", settings.baseline.string());
    }
    report.junit.time_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    print_report(report, gate_config, paths, out);
    files::write_atomically(options.out / "gate.json",
                            report_json(report, gate_config).dump(2) + "\n");
    if (options.junit) {
        files::write_atomically(*options.junit, to_junit_xml(report.junit));
        out << "junit: " << options.junit->string() << "\n";
    }
    return report;
}

}  // namespace arena::gate
