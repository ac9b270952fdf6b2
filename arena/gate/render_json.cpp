// OUT/gate.json: the verdict and everything it was judged on, for scripts and dashboards.
#include <set>
#include <string>

#include "arena/gate/render.hpp"
#include "arena/report/elo_json.hpp"

namespace arena::gate {

using Json = nlohmann::ordered_json;
using ratings::SprtDecision;

namespace {

Json failure_json(const BotFailure& f) {
    return {{"game", f.game_id},
            {"bot", f.bot},
            {"outcome", match::to_string(f.outcome)},
            {"detail", f.detail}};
}

Json failures_json(const std::vector<BotFailure>& failures) {
    Json list = Json::array();
    for (const BotFailure& f : failures) list.push_back(failure_json(f));
    return list;
}

Json decision_json(SprtDecision decision) {
    return decision == SprtDecision::accept_h1   ? Json("H1")
           : decision == SprtDecision::accept_h0 ? Json("H0")
                                                 : Json(nullptr);
}

Json pairing_json(const PairingTest& t) {
    const ratings::HeadToHead h = t.pentanomial_model && t.pentanomial.pairs() > 0
                                      ? ratings::pentanomial_elo(t.pentanomial)
                                      : ratings::trinomial_elo(t.results);
    Json p = {{"opponent", t.opponent},
              {"model", t.pentanomial_model ? "pentanomial" : "trinomial"},
              {"decision", decision_json(t.decision)},
              {"llr", t.llr},
              {"decided_after_games", t.decided_after_games},
              {"decided_llr", t.decided_llr},
              {"games", t.results.games()},
              {"wins", t.results.wins},
              {"draws", t.results.draws},
              {"losses", t.results.losses},
              {"pentanomial", t.pentanomial.counts}};
    report::add_elo_fields(p, "elo", h.elo);
    p["lost_games"] = t.lost_games;
    return p;
}

void add_sprt(const GateReport& report, const GateSettings& settings, Json& j) {
    j["sprt"] = {{"elo0", settings.sprt.elo0},
                 {"elo1", settings.sprt.elo1},
                 {"alpha", settings.sprt.alpha},
                 {"beta", settings.sprt.beta},
                 {"model", model_name(settings.sprt.model)},
                 {"lower", report.bounds.lower},
                 {"upper", report.bounds.upper}};
    j["inconclusive"] = settings.inconclusive == Inconclusive::pass ? "pass" : "fail";
    Json pairings = Json::array();
    for (const PairingTest& t : report.pairings) pairings.push_back(pairing_json(t));
    j["pairings"] = std::move(pairings);
}

void add_boards(const GateReport& report, const GateSettings& settings, Json& j) {
    j["baseline"] = settings.baseline.string();
    j["tolerance"] = settings.tolerance.text();
    j["total"] = *report.total;
    j["baseline_total"] = report.baseline_total ? Json(*report.baseline_total) : Json(nullptr);
    Json boards = Json::array();
    for (const BoardCheck& b : report.boards) {
        boards.push_back({{"board", b.board},
                          {"score", b.score},
                          {"baseline", b.baseline ? Json(*b.baseline) : Json(nullptr)},
                          {"worse", b.worse},
                          {"outcome", match::to_string(b.outcome)},
                          {"game", b.game_id}});
    }
    j["boards"] = std::move(boards);
}

}  // namespace

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
    if (!report.pairings.empty()) add_sprt(report, settings, j);
    if (report.total) add_boards(report, settings, j);
    // By name, in the order of the names, as gate.json has always listed them.
    std::set<std::string> allowed_names;
    for (match::Outcome kind : settings.allowed_failures)
        allowed_names.insert(match::to_string(kind));
    Json allowed = Json::array();
    for (const std::string& kind : allowed_names) allowed.push_back(kind);
    j["allowed_failures"] = std::move(allowed);
    j["candidate_failures"] = failures_json(report.candidate_failures);
    j["opponent_failures"] = failures_json(report.opponent_failures);
    return j;
}

}  // namespace arena::gate
