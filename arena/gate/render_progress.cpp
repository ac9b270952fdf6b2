// The gate's short texts: SPRT status and decision lines, failures with their replay commands.
#include <map>
#include <sstream>

#include "arena/gate/game_facts.hpp"
#include "arena/gate/render.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/report/text.hpp"
#include "arena/report/versus_standings.hpp"

namespace arena::gate {

using ratings::SprtDecision;
using report::format;

std::string GamePointers::log(const std::string& game_id) const {
    if (const auto it = logs.find(game_id); it != logs.end()) return it->second.string();
    return report::game_log_path(out, game_id).string();
}

std::string GamePointers::replay(const std::string& game_id) const {
    if (const auto it = logs.find(game_id); it != logs.end())
        return report::replay_log_command(arena, it->second, 0);
    return report::replay_command(arena, out, game_id);
}

std::string GamePointers::pointers(const std::string& game_id, const std::string& indent) const {
    return indent + "log:    " + log(game_id) + "\n" + indent + "replay: " + replay(game_id) + "\n";
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

std::string elo_line(const PairingTest& t) {
    const ratings::HeadToHead h = t.pentanomial_model && t.pentanomial.pairs() > 0
                                      ? ratings::pentanomial_elo(t.pentanomial)
                                      : ratings::trinomial_elo(t.results);
    std::string text = "Elo " + report::elo_text(h.elo);
    if (h.nelo) text += ", nElo " + report::elo_text(*h.nelo);
    return text;
}

std::string sprt_status(const PairingTest& t, const ratings::SprtBounds& bounds) {
    return "LLR " + format("%.2f", t.llr) + " [" + format("%.2f", bounds.lower) + ", " +
           format("%.2f", bounds.upper) + "], " + counts_line(t) + ", " + elo_line(t);
}

std::string sprt_status_line(const std::string& candidate, const PairingTest& t,
                             const ratings::SprtBounds& bounds) {
    return "sprt " + candidate + " vs " + t.opponent + ": " + sprt_status(t, bounds);
}

std::string decision_line(const PairingTest& t, const ratings::SprtBounds& bounds) {
    return std::string(decision_text(t.decision)) + " against " + t.opponent + " after " +
           std::to_string(t.decided_after_games) + " games: " + sprt_status(t, bounds);
}

std::string candidate_failure_line(const BotFailure& f, bool allowed) {
    return "candidate " + std::string(match::to_string(f.outcome)) + " in " + f.game_id +
           (f.detail.empty() ? "" : " (" + f.detail + ")") +
           (allowed ? " [allowed; more are only counted]" : ": the gate fails");
}

std::string failure_text(const BotFailure& f) {
    return f.bot + " " + failure_summary(f);
}

std::string failures_block(const std::vector<BotFailure>& failures, const GamePointers& games,
                           const std::set<match::Outcome>& allowed) {
    // Counted by name, in the order of the names, as the text has always listed them.
    std::map<std::string, int> kinds;
    for (const BotFailure& f : failures) ++kinds[match::to_string(f.outcome)];
    std::ostringstream counts;
    for (const auto& [kind, count] : kinds)
        counts << "  " << count << " " << kind
               << (allowed.count(*match::outcome_from_string(kind)) ? " (allowed)" : "");
    std::string text = counts.str() + "\n";
    std::vector<const BotFailure*> listed;
    for (const BotFailure& f : failures)
        if (!allowed.count(f.outcome) && listed.size() < kListedGames) listed.push_back(&f);
    std::set<match::Outcome> shown;  // allowed kinds: the first of each is enough
    for (const BotFailure& f : failures)
        if (allowed.count(f.outcome) && shown.insert(f.outcome).second) listed.push_back(&f);
    for (const BotFailure* f : listed) {
        text += "  " + failure_text(*f) + (allowed.count(f->outcome) ? " [allowed]" : "") + "\n" +
                games.pointers(f->game_id, "    ");
    }
    if (failures.size() > listed.size())
        text += "  ... and " + std::to_string(failures.size() - listed.size()) + " more\n";
    return text;
}

}  // namespace arena::gate
