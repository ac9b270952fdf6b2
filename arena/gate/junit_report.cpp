// The gate's JUnit suite, from its verdicts: a case per opponent and one for the candidate's
// health (games between bots), or a case per board (puzzles). junit.cpp writes it as XML.
#include "arena/gate/render.hpp"
#include "arena/report/text.hpp"

namespace arena::gate {

using ratings::SprtDecision;
using report::format;

namespace {

std::string sprt_output(const PairingTest& t, const GateReport& report, const SprtSettings& s) {
    return std::string("SPRT ") + model_name(s.model) + " elo0 " + format("%g", s.elo0) + " elo1 " +
           format("%g", s.elo1) + ", alpha " + format("%g", s.alpha) + " beta " +
           format("%g", s.beta) + "\n" + "LLR " + format("%.3f", t.llr) + " [" +
           format("%.3f", report.bounds.lower) + ", " + format("%.3f", report.bounds.upper) +
           "]\n" + counts_line(t) + "\n" + elo_line(t) + "\n";
}

std::string lost_games_text(const PairingTest& t, const std::string& candidate,
                            const GamePointers& games) {
    std::string lost;
    for (const std::string& id : t.lost_games) lost += games.pointers(id, "  ");
    if (lost.empty()) return lost;
    return "games " + candidate + " lost" + (t.pentanomial_model ? " (both games of a pair)" : "") +
           ":\n" + lost;
}

// An undecided test: skipped when the gate stopped early, else its inconclusive verdict.
void undecided_case(const PairingTest& t, const GateReport& report, const GateSettings& settings,
                    const std::string& lost, JUnitCase& c) {
    const std::string games = std::to_string(t.results.games());
    if (report.stopped_early) {
        c.status = JUnitCase::Status::skipped;
        c.message = "undecided: the gate stopped once its verdict was known";
    } else if (settings.inconclusive == Inconclusive::fail) {
        c.status = JUnitCase::Status::failed;
        c.type = "inconclusive";
        c.message = "inconclusive after " + games + " games (the maximum), LLR " +
                    format("%.2f", t.llr) +
                    "; counted as a failure (--inconclusive pass to accept)";
        c.details = c.output + lost;
    } else {
        c.output += "inconclusive after " + games +
                    " games (the maximum); counted as a pass (--inconclusive pass)\n";
    }
}

JUnitCase pairing_case(const PairingTest& t, const GateReport& report, const GateConfig& config,
                       const GamePointers& games) {
    const SprtSettings& s = config.gate.sprt;
    JUnitCase c;
    c.classname = "arena.gate." + config.tournament.game;
    c.name = report.candidate + " vs " + t.opponent;
    c.time_s = t.bot_seconds;
    c.output = sprt_output(t, report, s);
    const std::string lost = lost_games_text(t, report.candidate, games);
    const std::string decided = ") after " + std::to_string(t.decided_after_games) +
                                " games, LLR " + format("%.2f", t.decided_llr);
    if (t.decision == SprtDecision::accept_h0) {
        c.status = JUnitCase::Status::failed;
        c.type = "sprt";
        c.message = "H0 accepted (elo " + format("%g", s.elo0) + decided +
                    " <= " + format("%.2f", report.bounds.lower);
        c.details = c.output + lost;
    } else if (t.decision == SprtDecision::accept_h1) {
        c.output += "H1 accepted (elo " + format("%g", s.elo1) + decided +
                    " >= " + format("%.2f", report.bounds.upper) + "\n";
    } else {
        undecided_case(t, report, config.gate, lost, c);
    }
    return c;
}

// The candidate's own health, whoever it played.
JUnitCase health_case(const GateReport& report, const GateConfig& config,
                      const GamePointers& games) {
    const std::set<match::Outcome>& allowed = config.gate.allowed_failures;
    JUnitCase c;
    c.classname = "arena.gate." + config.tournament.game;
    c.name = report.candidate + " has no timeout, crash or invalid move";
    const std::string failures = failures_block(report.candidate_failures, games, allowed);
    if (const BotFailure* f = first_disallowed(report.candidate_failures, allowed)) {
        c.status = JUnitCase::Status::failed;
        c.type = match::to_string(f->outcome);
        c.message = failure_text(*f);
        c.details = failures;
    } else if (!failures.empty()) {
        c.output = "allowed failures:\n" + failures;
    }
    return c;
}

std::string board_output(const BoardCheck& b, const Tolerance& tolerance,
                         const GamePointers& games) {
    return "score " + std::to_string(b.score) +
           (b.baseline
                ? ", baseline " + std::to_string(*b.baseline) + " (" +
                      (b.score >= *b.baseline ? "+" : "") + std::to_string(b.score - *b.baseline) +
                      "), tolerance " + tolerance.text()
                : "") +
           (b.outcome != match::Outcome::ok
                ? ", " + std::string(match::to_string(b.outcome)) + " (" + b.detail + ")"
                : "") +
           "\n" + games.pointers(b.game_id, "");
}

JUnitCase board_case(const BoardCheck& b, const GateReport& report, const GateConfig& config,
                     const GamePointers& games, BaselineAction action) {
    const GateSettings& settings = config.gate;
    JUnitCase c;
    c.classname = "arena.gate." + config.tournament.game + "." + report.candidate;
    c.name = b.board;
    c.time_s = b.bot_seconds;
    c.output = board_output(b, settings.tolerance, games);
    if (b.outcome != match::Outcome::ok && !settings.allowed_failures.count(b.outcome)) {
        c.status = JUnitCase::Status::failed;
        c.type = match::to_string(b.outcome);
        c.message = report.candidate + " " + c.type + " on " + b.board +
                    (b.detail.empty() ? "" : " (" + b.detail + ")");
        c.details = c.output;
    } else if (b.worse && action == BaselineAction::compare) {
        c.status = JUnitCase::Status::failed;
        c.type = "worse";
        c.message = "score " + std::to_string(b.score) + " < baseline " +
                    std::to_string(*b.baseline) + " - tolerance " + settings.tolerance.text();
        c.details = c.output;
    } else if (report.baseline_total && !b.baseline) {  // compared, but not this board
        c.status = JUnitCase::Status::skipped;
        c.message = "not in the baseline";
    }
    return c;
}

}  // namespace

JUnitSuite junit_suite(const GateReport& report, const GateConfig& config,
                       const GamePointers& games, const JUnitContext& context) {
    JUnitSuite suite;
    suite.name = context.name;
    suite.timestamp = context.timestamp;
    suite.time_s = context.time_s;
    suite.properties = context.properties;
    for (const PairingTest& t : report.pairings)
        suite.cases.push_back(pairing_case(t, report, config, games));
    if (report.total) {
        for (const BoardCheck& b : report.boards)
            suite.cases.push_back(board_case(b, report, config, games, context.baseline_action));
    } else {
        suite.cases.push_back(health_case(report, config, games));
    }
    return suite;
}

}  // namespace arena::gate
