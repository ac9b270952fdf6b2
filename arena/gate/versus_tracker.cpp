#include "arena/gate/versus_tracker.hpp"

#include <algorithm>

#include "arena/gate/game_facts.hpp"
#include "arena/gate/render.hpp"

namespace arena::gate {

using ratings::SprtDecision;
using tournament::GameRecord;

VersusTracker::VersusTracker(const tournament::TournamentConfig& config,
                             const GateSettings& settings, Print print, bool at_look_points)
    : settings_(settings),
      candidate_(config.bots[config.candidate].name),
      print_(std::move(print)),
      at_look_points_(at_look_points) {
    const SprtSettings& s = settings.sprt;
    bounds_ = ratings::sprt_bounds(s.alpha, s.beta);
    // Every game has a twin with the candidate and any opponent swapped when every seat order
    // is played (always true for 2 players); rotations of 3-4 have none.
    const bool twins =
        config.players_per_game == 2 || config.seat_orders == tournament::SeatOrders::all;
    for (std::size_t i = 0; i < config.bots.size(); ++i) {
        if (i == config.candidate) continue;
        PairingTest t;
        t.opponent = config.bots[i].name;
        t.pentanomial_model = twins;
        index_[t.opponent] = tests_.size();
        tests_.push_back(std::move(t));
        sprts_.emplace_back(
            ratings::SprtHypotheses{s.elo0, s.elo1, s.alpha, s.beta, s.model},
            twins ? ratings::SprtObservations::pairs : ratings::SprtObservations::games);
    }
    pending_pairs_.resize(tests_.size());
    pending_games_.resize(tests_.size());
}

bool VersusTracker::add(const GameRecord& r) {
    const auto c_it = std::find(r.players.begin(), r.players.end(), candidate_);
    if (c_it == r.players.end()) return stop_requested_;
    const std::size_t c = static_cast<std::size_t>(c_it - r.players.begin());
    ++games_;
    add_failures(r, c);
    const std::vector<report::SeatSwappedPair> pairs = pairing_.add(r);
    for (std::size_t j = 0; j < r.players.size(); ++j)
        if (j != c && index_.count(r.players[j])) add_game(r, c, j, pairs);
    if (!stop_requested_ && !at_look_points_) stop_requested_ = verdict_known();
    return stop_requested_;
}

bool VersusTracker::look(std::size_t round) {
    for (std::size_t i = 0; i < tests_.size(); ++i) {
        ratings::SprtTest& sprt = sprts_[i];
        const bool was_decided = sprt.decided();
        // Games first: a test on pairs counts them without deciding, so that its decision
        // (taken by add_pairs) says the games of the whole round.
        sprt.add_games(pending_games_[i]);
        if (sprt.observations() == ratings::SprtObservations::pairs)
            sprt.add_pairs(pending_pairs_[i]);
        pending_games_[i] = {};
        pending_pairs_[i] = {};
        sync(i);
        print_("round " + std::to_string(round) + ": " +
               sprt_status_line(candidate_, tests_[i], bounds_));
        if (tests_[i].decision != SprtDecision::continue_testing && !was_decided)
            print_(decision_line(tests_[i], bounds_));
    }
    pairing_ = {};
    if (!stop_requested_) stop_requested_ = verdict_known();
    return stop_requested_;
}

void VersusTracker::add_failures(const GameRecord& r, std::size_t c) {
    for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
        if (r.outcomes[seat] == match::Outcome::ok) continue;
        BotFailure f{r.id, r.players[seat], r.outcomes[seat], failure_detail(r, seat)};
        if (seat != c) {
            opponent_failures_.push_back(std::move(f));
            continue;
        }
        const bool allowed = settings_.allowed_failures.count(f.outcome) > 0;
        disallowed_failure_ = disallowed_failure_ || !allowed;
        // Allowed ones: the first of each kind only, the report counts them all.
        if (!allowed || first_allowed_.insert(f.outcome).second)
            print_(candidate_failure_line(f, allowed));
        candidate_failures_.push_back(std::move(f));
    }
}

void VersusTracker::add_game(const GameRecord& r, std::size_t c, std::size_t j,
                             const std::vector<report::SeatSwappedPair>& pairs) {
    const std::size_t i = index_.at(r.players[j]);
    PairingTest& t = tests_[i];
    ratings::SprtTest& sprt = sprts_[i];
    const double score = ratings::rank_score(r.ranks[c], r.ranks[j]);
    const bool was_decided = sprt.decided();
    const bool observation = at_look_points_
                                 ? sprt.observations() == ratings::SprtObservations::games
                                 : sprt.add_game(score);
    if (at_look_points_) pending_games_[i] += ratings::WDL{score > 0.5, score == 0.5, score < 0.5};
    // The candidate's thinking time, shared among the opponents of the game.
    t.bot_seconds += thinking_seconds(r, c) / static_cast<double>(r.players.size() - 1);
    if (observation) {
        if (score == 0 && t.lost_games.size() < kListedGames) t.lost_games.push_back(r.id);
    } else {
        const auto pair = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) {
            return (p.bot == candidate_ && p.other == t.opponent) ||
                   (p.bot == t.opponent && p.other == candidate_);
        });
        if (pair == pairs.end()) {
            sync(i);
            return;
        }
        // From the candidate's side (rank_score(a, b) = 1 - rank_score(b, a)).
        const bool mine = pair->bot == candidate_;
        const double twin_score = mine ? pair->twin_score : 1 - pair->twin_score;
        if (at_look_points_)
            pending_pairs_[i].add_pair(score, twin_score);
        else
            sprt.add_pair(score, twin_score);
        if (score + twin_score == 0 && t.lost_games.size() < kListedGames) {
            t.lost_games.push_back(pair->twin_id);
            t.lost_games.push_back(r.id);
        }
    }
    if (at_look_points_) return;  // look() says the tests' state
    sync(i);
    observed(i, was_decided);
}

void VersusTracker::sync(std::size_t i) {
    PairingTest& t = tests_[i];
    const ratings::SprtTest& sprt = sprts_[i];
    t.results = sprt.results();
    t.pentanomial = sprt.pentanomial();
    t.llr = sprt.llr();
    t.decision = sprt.decision();
    t.decided_after_games = sprt.decided_after_games();
    t.decided_llr = sprt.decided_llr();
}

void VersusTracker::observed(std::size_t i, bool was_decided) {
    const PairingTest& t = tests_[i];
    if (t.decision != SprtDecision::continue_testing) {
        if (!was_decided) print_(decision_line(t, bounds_));
        return;
    }
    // A status line every 10 pairs (20 games) against each opponent.
    const int step = t.pentanomial_model ? t.pentanomial.pairs() : t.results.games() / 2;
    const bool counted_step = t.pentanomial_model || t.results.games() % 2 == 0;
    if (counted_step && step % 10 == 0) print_(sprt_status_line(candidate_, t, bounds_));
}

bool VersusTracker::verdict_known() const {
    return disallowed_failure_ || ratings::sprt_verdict_known(sprts_);
}

void VersusTracker::fill(GateReport& report) const {
    report.pairings = tests_;
    report.bounds = bounds_;
    report.games = games_;
    report.stopped_early = stop_requested_;
    report.candidate_failures = candidate_failures_;
    report.opponent_failures = opponent_failures_;
}

}  // namespace arena::gate
