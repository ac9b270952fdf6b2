#include "arena/report/gauntlet.hpp"

#include <cstdio>

#include "arena/report/text.hpp"

namespace arena::report {

namespace {

std::string wdl(const ratings::WDL& r) {
    return std::to_string(r.wins) + "-" + std::to_string(r.draws) + "-" + std::to_string(r.losses);
}

double score_percent(const ratings::WDL& r) {
    const int games = r.games();
    return games == 0 ? 0 : 100.0 * (r.wins + 0.5 * r.draws) / games;
}

std::string pentanomial(const PairReport& p) {
    if (p.pentanomial.pairs() == 0) return "-";
    std::string text;
    for (std::size_t k = 0; k < 5; ++k)
        text += (k ? " / " : "") + std::to_string(p.pentanomial.counts[k]);
    return text;
}

}  // namespace

std::vector<PairReport> gauntlet_pairs(const VersusStandings& st) {
    std::vector<PairReport> pairs;
    if (st.gauntlet_of.empty()) return pairs;
    for (const PairReport& p : st.pairs)
        if (p.a == st.gauntlet_of || p.b == st.gauntlet_of)
            pairs.push_back(p);  // already from the candidate's side (versus_standings)
    return pairs;
}

std::string gauntlet_text(const VersusStandings& st) {
    const std::vector<PairReport> pairs = gauntlet_pairs(st);
    if (st.gauntlet_of.empty()) return "";
    std::string text = "\n" + st.gauntlet_of + " against each (each pair's own games):\n";
    if (pairs.empty()) return text + "  no game played yet\n";
    char line[320];
    for (const PairReport& p : pairs) {
        std::snprintf(line, sizeof line,
                      "  vs %-18s %5d games  W-D-L %-10s score %5.1f%%  Elo %-22s LOS %5.1f%%\n",
                      p.b.c_str(), p.results.games(), wdl(p.results).c_str(),
                      score_percent(p.results), elo_text(p.elo.elo).c_str(), 100 * p.elo.los);
        text += line;
    }
    return text +
           "  Elo and LOS from each pair's own games; an open side (< or >): a perfect or zero "
           "score, see " +
           std::string(kReadingGuide) + "\n";
}

std::string gauntlet_markdown(const VersusStandings& st) {
    if (st.gauntlet_of.empty()) return "";
    const std::string me = markdown_text(st.gauntlet_of);
    std::string md = "\n## " + me + " against each\n\nA gauntlet: " + me +
                     " plays each other bot; the others play only " + me + ". Each row from " + me +
                     "'s side, from the pair's own games only (seat-swapped pairs: the "
                     "pentanomial counts of 0, ½, 1, 1½, 2 points of 2).\n\n"
                     "| against | games | W-D-L | score % | pentanomial 0 / ½ / 1 / 1½ / 2 | Elo "
                     "(pair's games) | LOS (pair's games) |\n|---|---:|---|---:|---|---|---:|\n";
    const std::vector<PairReport> pairs = gauntlet_pairs(st);
    for (const PairReport& p : pairs) {
        md += "| " + markdown_text(p.b) + " | " + std::to_string(p.results.games()) + " | " +
              wdl(p.results) + " | " + format("%.1f", score_percent(p.results)) + " | " +
              pentanomial(p) + " | " + elo_text(p.elo.elo) + " | " +
              format("%.1f%%", 100 * p.elo.los) + " |\n";
    }
    if (pairs.empty()) md += "| (no game played yet) | | | | | | |\n";
    return md;
}

}  // namespace arena::report
