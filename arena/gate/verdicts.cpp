#include "arena/gate/verdicts.hpp"

#include <map>

#include "arena/gate/game_facts.hpp"
#include "arena/report/text.hpp"

namespace arena::gate {

using ratings::SprtDecision;
using report::format;
using tournament::GameRecord;

namespace {

std::string joined(const std::string& list, const std::string& name) {
    return list + (list.empty() ? "" : ", ") + name;
}

// Games between bots, no failure that fails the gate: the tests decide.
void judge_tests(const GateSettings& settings, GateReport& report) {
    bool any_h0 = false, all_h1 = true;
    std::string h0_against, undecided;
    for (const PairingTest& t : report.pairings) {
        if (t.decision == SprtDecision::accept_h0) {
            any_h0 = true;
            h0_against = joined(h0_against, t.opponent);
        } else if (t.decision == SprtDecision::continue_testing) {
            all_h1 = false;
            undecided = joined(undecided, t.opponent);
        }
    }
    const std::string against =
        report.pairings.size() == 1
            ? report.pairings.front().opponent
            : "the field (" + std::to_string(report.pairings.size()) + " bots)";
    if (any_h0) {
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
}

BoardCheck check_board(const GameRecord& r, const std::map<std::string, std::int64_t>* baseline,
                       const Tolerance& tolerance) {
    BoardCheck b;
    b.board = r.testcase;
    b.score = r.scores.at(0);
    b.outcome = r.outcomes.at(0);
    b.detail = b.outcome == match::Outcome::ok ? "" : failure_detail(r, 0);
    b.game_id = r.id;
    b.bot_seconds = thinking_seconds(r, 0);
    if (baseline && baseline->count(b.board)) {
        b.baseline = baseline->at(b.board);
        b.worse = static_cast<double>(b.score) < tolerance.lowest_passing(*b.baseline);
    }
    return b;
}

// The counts the boards' verdict reads.
struct BoardCounts {
    int worse = 0, compared = 0;
    std::string first_worse;
};

void judge_board_scores(const GateSettings& settings, bool had_baseline, BaselineAction action,
                        const BoardCounts& counts, GateReport& report) {
    const std::int64_t total = *report.total;
    const std::string n_boards = std::to_string(report.boards.size());
    if (action == BaselineAction::save) {
        report.verdict = Verdict::pass;
        report.summary =
            "baseline of " + n_boards + " board(s) saved, total " + std::to_string(total);
        return;
    }
    if (counts.worse > 0 && action == BaselineAction::compare) {
        report.verdict = Verdict::fail;
        report.summary = std::to_string(counts.worse) + " of " + std::to_string(counts.compared) +
                         " board(s) worse than the baseline (tolerance " +
                         settings.tolerance.text() + "), first: " + counts.first_worse;
        return;
    }
    report.verdict = Verdict::pass;
    report.summary = std::to_string(counts.compared) + " board(s) no worse than the baseline" +
                     (settings.tolerance.amount > 0 ? " by more than " + settings.tolerance.text()
                                                    : std::string()) +
                     ", total " + std::to_string(total) + " (baseline " +
                     std::to_string(report.baseline_total.value_or(0)) + ")";
    if (action != BaselineAction::update) return;
    report.summary =
        !had_baseline ? "no baseline yet: this run becomes it, total " + std::to_string(total)
        : counts.worse
            ? "the baseline is updated; " + std::to_string(counts.worse) + " of " +
                  std::to_string(counts.compared) +
                  " board(s) were worse than the old one (first: " + counts.first_worse + ")"
            : "the baseline is updated; " + report.summary;
}

}  // namespace

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::pass:
            return "pass";
        case Verdict::fail:
            return "fail";
        case Verdict::inconclusive:
            return "inconclusive";
        case Verdict::undecided_yet:
            return "continue";
    }
    return "?";
}

const BotFailure* first_disallowed(const std::vector<BotFailure>& failures,
                                   const std::set<match::Outcome>& allowed) {
    for (const BotFailure& f : failures)
        if (!allowed.count(f.outcome)) return &f;
    return nullptr;
}

std::string failure_summary(const BotFailure& f) {
    return match::to_string(f.outcome) + std::string(" in ") + f.game_id +
           (f.detail.empty() ? "" : " (" + f.detail + ")");
}

void judge_versus(const GateSettings& settings, GateReport& report) {
    if (const BotFailure* f =
            first_disallowed(report.candidate_failures, settings.allowed_failures)) {
        report.verdict = Verdict::fail;
        report.summary = failure_summary(*f);
    } else {
        judge_tests(settings, report);
    }
    report.passed =
        report.verdict == Verdict::pass ||
        (report.verdict == Verdict::inconclusive && settings.inconclusive == Inconclusive::pass);
}

void judge_boards(const std::vector<GameRecord>& records, const GateSettings& settings,
                  const std::optional<Baseline>& baseline, BaselineAction action,
                  GateReport& report) {
    std::map<std::string, std::int64_t> base;
    if (baseline)
        for (const auto& [board, score] : baseline->scores) base[board] = score;
    const bool comparing = baseline && action != BaselineAction::save;
    std::int64_t total = 0, baseline_total = 0;
    BoardCounts counts;
    for (const GameRecord& r : records) {
        BoardCheck b = check_board(r, comparing ? &base : nullptr, settings.tolerance);
        total += b.score;
        if (b.outcome != match::Outcome::ok)
            report.candidate_failures.push_back({r.id, report.candidate, b.outcome, b.detail});
        if (b.baseline) {
            baseline_total += *b.baseline;
            ++counts.compared;
            if (b.worse && counts.worse++ == 0) counts.first_worse = b.board;
        }
        report.boards.push_back(std::move(b));
    }
    report.games = static_cast<int>(records.size());
    report.total = total;
    if (comparing) report.baseline_total = baseline_total;
    if (const BotFailure* f =
            first_disallowed(report.candidate_failures, settings.allowed_failures)) {
        report.verdict = Verdict::fail;
        report.summary = failure_summary(*f);
    } else {
        judge_board_scores(settings, baseline.has_value(), action, counts, report);
    }
    report.passed = report.verdict == Verdict::pass;
}

}  // namespace arena::gate
