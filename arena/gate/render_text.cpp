// The gate on the terminal: the plan before the games, the report and the verdict line after.
#include <ostream>

#include "arena/gate/render.hpp"
#include "arena/report/text.hpp"

namespace arena::gate {

using ratings::SprtDecision;
using report::format;

namespace {

void print_sprt_plan(const SprtSettings& sprt, std::ostream& out) {
    const ratings::SprtBounds bounds = ratings::sprt_bounds(sprt.alpha, sprt.beta);
    out << "\n  SPRT " << model_name(sprt.model) << " Elo: H0 elo0 = " << format("%g", sprt.elo0)
        << ", H1 elo1 = " << format("%g", sprt.elo1) << ", alpha " << format("%g", sprt.alpha)
        << ", beta " << format("%g", sprt.beta) << ": LLR bounds [" << format("%.2f", bounds.lower)
        << ", " << format("%.2f", bounds.upper) << "]";
}

void print_pairings(const GateReport& report, const GamePointers& games, std::ostream& out) {
    for (const PairingTest& t : report.pairings) {
        out << report.candidate << " vs " << t.opponent << ": " << decision_text(t.decision);
        if (t.decision != SprtDecision::continue_testing)
            out << " after " << t.decided_after_games << " games (LLR "
                << format("%.2f", t.decided_llr) << ")";
        else if (report.stopped_early)
            out << " (the gate stopped once its verdict was known)";
        out << "\n  LLR " << format("%.2f", t.llr) << " [" << format("%.2f", report.bounds.lower)
            << ", " << format("%.2f", report.bounds.upper) << "], " << counts_line(t) << "\n  "
            << elo_line(t) << "\n";
        if (t.decision == SprtDecision::accept_h0 && !t.lost_games.empty()) {
            out << "  games " << report.candidate << " lost:\n";
            for (const std::string& id : t.lost_games) out << games.pointers(id, "    ");
        }
    }
}

void print_boards(const GateReport& report, const GamePointers& games, std::ostream& out) {
    int worse = 0;
    for (const BoardCheck& b : report.boards) {
        if (!b.worse && b.outcome == match::Outcome::ok) continue;
        if (worse++ == 0) out << "boards worse than the baseline or failed:\n";
        out << "  " << b.board << ": " << b.score;
        if (b.baseline)
            out << " (baseline " << *b.baseline << ", " << (b.score - *b.baseline) << ")";
        if (b.outcome != match::Outcome::ok)
            out << ", " << match::to_string(b.outcome) << " (" << b.detail << ")";
        out << "\n" << games.pointers(b.game_id, "    ");
    }
    out << report.candidate << ": total " << *report.total << " over " << report.boards.size()
        << " board(s)";
    if (report.baseline_total)
        out << ", baseline " << *report.baseline_total << " over the same boards ("
            << (*report.total >= *report.baseline_total ? "+" : "")
            << (*report.total - *report.baseline_total) << ")";
    out << "\n";
}

const char* verdict_word(const GateReport& report) {
    switch (report.verdict) {
        case Verdict::pass:
            return "PASS";
        case Verdict::fail:
            return "FAIL";
        case Verdict::undecided_yet:
            return "CONTINUE";
        case Verdict::inconclusive:
            break;
    }
    return report.passed ? "INCONCLUSIVE (counted as pass)" : "INCONCLUSIVE (counted as fail)";
}

}  // namespace

void print_plan(const GatePlan& plan, const GateSettings& settings, std::ostream& out) {
    out << "gate: " << plan.candidate;
    if (plan.versus) {
        out << " against " << plan.bots - 1 << " bot(s) (" << plan.game << ", "
            << plan.players_per_game << " per game), at most " << plan.scheduled << " games";
        if (!plan.resized.empty()) out << " (" << plan.resized << ")";
        print_sprt_plan(settings.sprt, out);
    } else {
        out << " on " << plan.scheduled << " " << plan.game << " board(s), "
            << (plan.baseline_action == BaselineAction::save ? "saving the baseline to "
                                                             : "against the baseline ")
            << settings.baseline.string() << " (tolerance " << settings.tolerance.text() << ")";
    }
    out << "\n  " << plan.concurrency << " game(s) at a time, output in " << plan.out.string()
        << "/\n"
        << std::flush;
}

void print_report(const GateReport& report, const GateSettings& settings, const GamePointers& games,
                  std::ostream& out) {
    out << "\n";
    print_pairings(report, games, out);
    if (!report.boards.empty()) print_boards(report, games, out);
    if (!report.candidate_failures.empty()) {
        out << "failures of " << report.candidate << ":\n"
            << failures_block(report.candidate_failures, games, settings.allowed_failures);
    }
    if (!report.opponent_failures.empty()) {
        out << "note: the opponents failed " << report.opponent_failures.size()
            << " time(s) (counted as the referee scored them), first: "
            << failure_text(report.opponent_failures.front()) << "\n";
    }
    out << "gate " << verdict_word(report) << ": " << report.candidate << ": " << report.summary
        << "\n"
        << std::flush;
}

}  // namespace arena::gate
