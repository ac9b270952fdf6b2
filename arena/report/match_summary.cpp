#include "arena/report/match_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "arena/report/text.hpp"

namespace arena::report {

namespace {

// CodinGame counts a failed validator 0: so does the comparison.
std::int64_t counted_score(const BoardScore& s) {
    return s.outcome == match::Outcome::ok ? s.score : 0;
}

std::string signed_number(std::int64_t value) {
    // Appended, not "+" + std::string: that trips a false -Wrestrict warning in GCC 12.
    std::string text = value > 0 ? "+" : value < 0 ? "-" : "";
    text += thousands(std::llabs(value));
    return text;
}

// "1234", or "0 (timeout)" for a failed game.
std::string score_cell(std::int64_t score, match::Outcome outcome) {
    if (outcome == match::Outcome::ok) return thousands(score);
    return thousands(score) + " (" + match::to_string(outcome) + ")";
}

std::string plural(int count, const std::string& noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

ratings::EloEstimate turned(const ratings::EloEstimate& e) {
    ratings::EloEstimate t;
    t.elo = -e.elo;
    t.lo95 = -e.hi95;
    t.hi95 = -e.lo95;
    t.open_below = e.open_above;
    t.open_above = e.open_below;
    return t;
}

}  // namespace

PairReport seen_from(const PairReport& pair, const std::string& bot) {
    if (pair.a == bot || pair.b != bot) return pair;
    PairReport p = pair;
    std::swap(p.a, p.b);
    std::swap(p.results.wins, p.results.losses);
    std::reverse(p.pentanomial.counts.begin(), p.pentanomial.counts.end());
    p.elo.score = 1 - pair.elo.score;
    p.elo.elo = turned(pair.elo.elo);
    if (pair.elo.nelo) p.elo.nelo = turned(*pair.elo.nelo);
    p.elo.los = 1 - pair.elo.los;
    return p;
}

BoardComparison compare_boards(const SameGameStanding& bot, const SameGameStanding& other) {
    BoardComparison c;
    c.bot = bot.bot;
    c.other = other.bot;
    if (bot.validators > 0 && other.validators > 0) {
        c.validators = std::min(bot.validators, other.validators);
        c.validator_total = bot.validator_total;
        c.other_validator_total = other.validator_total;
    }
    std::map<std::string, const BoardScore*> others;
    for (const BoardScore& s : other.scores) others[s.testcase] = &s;
    for (const BoardScore& mine : bot.scores) {
        const auto found = others.find(mine.testcase);
        if (found == others.end()) continue;
        const BoardScore& theirs = *found->second;
        const std::int64_t a = counted_score(mine), b = counted_score(theirs);
        ++c.boards;
        c.total += a;
        c.other_total += b;
        if (a > b) ++c.better;
        if (a == b) ++c.equal;
        if (a < b) ++c.worse;
        if (a != b) c.differing.push_back({mine.testcase, a, b, mine.outcome, theirs.outcome});
    }
    return c;
}

std::string to_text(const BoardComparison& c, std::size_t max_rows) {
    std::string text = c.bot + " vs " + c.other + " on the same " + plural(c.boards, "board") +
                       ": " + c.bot + " better on " + std::to_string(c.better) + ", equal on " +
                       std::to_string(c.equal) + ", worse on " + std::to_string(c.worse) +
                       "; total " + thousands(c.total) + " vs " + thousands(c.other_total) + " (" +
                       signed_number(c.total - c.other_total) + ")";
    if (c.validators > 0)
        text += "; validators (CodinGame's submit score) " + thousands(c.validator_total) + " vs " +
                thousands(c.other_validator_total) + " (" +
                signed_number(c.validator_total - c.other_validator_total) + ")";
    std::string out = wrapped(text);
    if (c.differing.empty()) {
        if (c.boards > 0) out += "  every board scored the same\n";
        return out;
    }
    // The largest differences first when they do not all fit, then shown in board order.
    std::vector<BoardDifference> rows = c.differing;
    if (rows.size() > max_rows) {
        std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
            return std::llabs(x.score - x.other_score) > std::llabs(y.score - y.other_score);
        });
        rows.resize(max_rows);
        std::stable_sort(rows.begin(), rows.end(),
                         [](const auto& x, const auto& y) { return x.testcase < y.testcase; });
    }
    const std::size_t width = std::max<std::size_t>({12, c.bot.size(), c.other.size()});
    char line[512];
    out += c.differing.size() > rows.size()
               ? "  the " + std::to_string(rows.size()) + " largest of " +
                     plural(static_cast<int>(c.differing.size()), "board") +
                     " that differ (every board: standings.csv):\n"
               : "  boards that differ:\n";
    std::snprintf(line, sizeof line, "    %-8s %*s %*s %10s\n", "board", static_cast<int>(width),
                  c.bot.c_str(), static_cast<int>(width), c.other.c_str(), "difference");
    out += line;
    for (const BoardDifference& d : rows) {
        std::snprintf(line, sizeof line, "    %-8s %*s %*s %10s\n", d.testcase.c_str(),
                      static_cast<int>(width), score_cell(d.score, d.outcome).c_str(),
                      static_cast<int>(width), score_cell(d.other_score, d.other_outcome).c_str(),
                      signed_number(d.score - d.other_score).c_str());
        out += line;
    }
    return out;
}

std::string sprt_text(const ratings::SprtTest& test, const std::string& bot,
                      const std::string& other) {
    const ratings::SprtHypotheses& h = test.hypotheses();
    const std::string unit = h.model == ratings::SprtModel::normalized ? "nElo" : "Elo";
    const std::string observed = test.observations() == ratings::SprtObservations::pairs
                                     ? plural(test.observed(), "seat-swapped pair")
                                     : plural(test.observed(), "game");
    std::string text = "SPRT " + bot + " vs " + other + ": H0 " + format("%g", h.elo0) +
                       " against H1 " + format("%g", h.elo1) + " " + unit + " (alpha " +
                       format("%g", h.alpha) + ", beta " + format("%g", h.beta) + "), LLR " +
                       format("%.2f", test.llr()) + " in (" + format("%.2f", test.bounds().lower) +
                       ", " + format("%.2f", test.bounds().upper) + ") after " + observed;
    std::string out = wrapped(text);
    const std::string after = " after " + plural(test.decided_after_games(), "game") + " (LLR " +
                              format("%.2f", test.decided_llr()) + ")";
    switch (test.decision()) {
        case ratings::SprtDecision::accept_h1:
            out += wrapped("  H1 accepted" + after + ": " + bot + " is " + format("%+g", h.elo1) +
                               " " + unit + " against " + other + " rather than " +
                               format("%+g", h.elo0),
                           100, "    ");
            break;
        case ratings::SprtDecision::accept_h0:
            out += wrapped("  H0 accepted" + after + ": " + bot + " is " + format("%+g", h.elo0) +
                               " " + unit + " against " + other + " rather than " +
                               format("%+g", h.elo1),
                           100, "    ");
            break;
        case ratings::SprtDecision::continue_testing:
            out += wrapped(
                "  undecided: the games ran out before the LLR left its bounds "
                "(raise --max-games to go on deciding)",
                100, "    ");
            break;
    }
    return out;
}

}  // namespace arena::report
