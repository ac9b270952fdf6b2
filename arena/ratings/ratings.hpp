// Ratings from game results, for the tournament standings:
//  - 2-player games: Elo from a Bradley-Terry fit over all games, with 95% intervals and the
//    likelihood of superiority (LOS) between any two players; wins/draws/losses tables;
//  - one pair of players: Elo, normalised Elo and LOS from the trinomial (W/D/L) or, for
//    seat-swapped game pairs, the pentanomial counts, and the SPRT log-likelihood ratio, with the
//    formulas of fastchess and fishtest;
//  - multiplayer games (Tsuro): ratings from each game's full finishing order (Plackett-Luce),
//    the pairwise results implied by the ranks, average rank and win rate.
// Pure functions on values: no I/O, no clock, no randomness; the same input gives the same bits.
// Invalid input (a player index out of range, a score outside [0, 1], ...) throws
// std::invalid_argument. No NaN or infinity ever comes out.
//
// The Elo scale is the logistic one of chess: a player `d` Elo above another is expected to
// score 1 / (1 + 10^(-d / 400)) against it (400 Elo = odds of 10 to 1).
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

namespace arena::ratings {

double elo_to_score(double elo);
// score in (0, 1); the ends give +-infinity, so callers clamp first.
double score_to_elo(double score);

// An Elo value with its 95% interval. Fitted ratings are relative to the field average (the
// players' mean rating is 0); head-to-head figures are the difference between the two players.
struct EloEstimate {
    double elo = 0, lo95 = 0, hi95 = 0;
    // The data set no limit on that side: a perfect or zero score, a player without games, a field
    // in parts that never met, ... The number is still finite (where the fit's weak prior or the
    // head-to-head half-game cap stops it) but is not a real bound: show it as open, e.g. "> lo95".
    bool open_below = false, open_above = false;
};

// ---------------------------------------------------------------------------------------------
// Two-player games

struct PairGame {
    int a = 0, b = 0;      // player indices, 0 <= a, b < players, a != b
    double score_a = 0.5;  // a's score: 1 win, 0.5 draw, 0 loss (any value in [0, 1] is allowed)
};

struct WDL {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double points() const { return wins + 0.5 * draws; }
    // points / games, 0 when there is no game.
    double score() const { return games() == 0 ? 0.0 : points() / games(); }
    WDL& operator+=(const WDL& other);
    bool operator==(const WDL&) const = default;
};
// A game's score_a counts as a win above 0.5, a loss below, a draw at 0.5.
std::vector<WDL> wdl_by_player(int players, std::span<const PairGame> games);
// table[a][b]: a's results against b.
std::vector<std::vector<WDL>> crosstable(int players, std::span<const PairGame> games);

struct FitOptions {
    // Standard deviation, in Elo, of a Gaussian prior on every rating around the field average. It
    // keeps ratings finite when the data cannot (perfect scores, players without games, parts of
    // the field that never met) and moves well-determined ratings by far less than their error
    // (about 1 Elo for a 70 % score over 10 games). 0: no prior, the pure maximum-likelihood
    // ratings, which throws std::invalid_argument when those do not exist (any open side).
    double prior_sd_elo = 1000;
};

struct RatingFit {
    // Per player: the rating (maximum a posteriori, the maximum-likelihood one when
    // prior_sd_elo = 0) and its 95% profile-likelihood interval: the ratings r for which the best
    // fit with this player at r has a log-likelihood (plus log-prior) at most 1.92 (chi2(1, 0.95)
    // / 2) below the maximum. Unlike an interval from the curvature, it is asymmetric where it
    // should be and still meaningful for a perfect score (one-sided, open_above).
    std::vector<EloEstimate> ratings;
    // Covariance of the ratings in Elo^2 (inverse of the information matrix at the fit, on
    // ratings that sum to 0): the normal approximation used by los().
    std::vector<std::vector<double>> covariance;

    // Likelihood of superiority: probability that a is stronger than b, Phi((ra - rb) / sd(ra -
    // rb)) under the normal approximation; los(a, b) + los(b, a) = 1, los(a, a) = 0.5.
    double los(int a, int b) const;
};

// Bradley-Terry ratings: P(a beats b) = elo_to_score(ra - rb), a draw counting as half a win and
// half a loss (as the score does: the fitted ratings make every player's expected score equal
// its actual score). 5,000 games between 20 players take about 10 ms.
RatingFit bradley_terry(int players, std::span<const PairGame> games,
                        const FitOptions& options = {});

// ---------------------------------------------------------------------------------------------
// One pair of players (a match, or a bot against a baseline), from the first player's side.

// LOS from decisive games only, as engine testers quote it: Phi((W - L) / sqrt(W + L)). 0.5 when
// there is no decisive game. los(w, l) + los(l, w) = 1.
double los(int wins, int losses);

// Seat-swapped pairs (the same seed played in both seat orders): counts[k] = pairs where the
// player scored k / 2 points out of 2 (0: lost both, 2: one win one loss or two draws, 4: won
// both).
struct Pentanomial {
    std::array<int, 5> counts{};
    int pairs() const;
    // Adds one pair from the player's scores in its two games (each 0, 0.5 or 1).
    void add_pair(double first_score, double second_score);
    Pentanomial& operator+=(const Pentanomial& other);
    bool operator==(const Pentanomial&) const = default;
};

struct HeadToHead {
    double score = 0.5;  // mean score per game, 0..1 (0.5 when there is no game)
    // Logistic Elo of the score with the 95% interval of the score (normal approximation, the
    // per-pair variance for the pentanomial) mapped to Elo, as fastchess computes it; fastchess's
    // "+/-" is (hi95 - lo95) / 2. A perfect (zero) score has no finite Elo: it is reported as
    // the Elo of half a game less (more), with open_above (open_below), and lo95 (hi95) becomes
    // the exact one-sided bound p >= 0.025^(1/n) on the probability of winning every game (pair).
    EloEstimate elo;
    // Normalised Elo (fishtest's nElo: the score's distance from 0.5 in standard deviations of a
    // game, or of a pair / sqrt(2), times 800 / ln 10). Empty when every game (pair) had the same
    // result: the spread, hence nElo, is unknown.
    std::optional<EloEstimate> nelo;
    double los = 0.5;  // Phi((score - 0.5) / standard error of the score); 1 / 0 / 0.5 when exact
};
HeadToHead trinomial_elo(const WDL& results);
HeadToHead pentanomial_elo(const Pentanomial& pairs);

// Sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1, as fishtest and
// fastchess run it. Normalised (the default of both) takes elo0/elo1 in normalised Elo (nElo),
// logistic in ordinary Elo.
enum class SprtModel { normalized, logistic };

// Stop when the LLR leaves (lower, upper): lower = ln(beta / (1 - alpha)) accepts H0, upper =
// ln((1 - beta) / alpha) accepts H1. alpha, beta in (0, 1), alpha + beta < 1.
struct SprtBounds {
    double lower = 0, upper = 0;
};
SprtBounds sprt_bounds(double alpha, double beta);

enum class SprtDecision { continue_testing, accept_h0, accept_h1 };
SprtDecision sprt_decision(double llr, const SprtBounds& bounds);

// The generalised log-likelihood ratio log(L(H1) / L(H0)) of the observed outcome frequencies,
// each hypothesis taking the multinomial distribution of maximum likelihood that satisfies it
// (M. Van den Bergh's method, used by fishtest and fastchess). As there, an empty category counts
// 0.001 so that the logarithms stay finite. 0 when there is no pair (game). elo0 < elo1.
double sprt_llr(const Pentanomial& pairs, double elo0, double elo1,
                SprtModel model = SprtModel::normalized);
double sprt_llr(const WDL& results, double elo0, double elo1,
                SprtModel model = SprtModel::normalized);

// ---------------------------------------------------------------------------------------------
// Multiplayer games (2 or more players per game)

struct RankedGame {
    std::vector<int> players;  // distinct player indices
    std::vector<int> ranks;    // one per player, 1 = best; equal ranks are ties (only order counts)
};

// Plackett-Luce ratings from the full finishing order, on the Elo scale above: the winner of a
// game is player i with probability 10^(ri/400) / sum over the game's players of 10^(rj/400),
// then the second among the rest, and so on. A tie counts as every order of the tied players,
// each with an equal share (the log-likelihood is averaged over them), so a 2-player game is
// exactly a Bradley-Terry game and a tie exactly a draw. Same estimate and intervals as
// bradley_terry. A game with 1 player tells nothing and is ignored. 3,000 games of 2-4 among 20
// players take about 0.1 s (a tie of k players costs 2^k terms).
RatingFit plackett_luce(int players, std::span<const RankedGame> games,
                        const FitOptions& options = {});

// The one rule that turns ranks into a 2-player result, wherever games are paired (pairwise
// ratings, seat-swapped pairs, the gate): the better (lower) rank wins, equal ranks draw. The
// score of the player ranked `rank` against the one ranked `other_rank`: 1, 0.5 or 0.
double rank_score(int rank, int other_rank);

// Each pair of players of a game as a 2-player game: the better ranked one wins, equal ranks
// draw (rank_score). Feed to bradley_terry / wdl_by_player for "pairwise" Elo and W/D/L. The pairs
// of one game are not independent, so those intervals are too narrow for multiplayer games.
std::vector<PairGame> pairwise_games(std::span<const RankedGame> games);

struct Placements {
    int games = 0;
    double wins = 0;      // games ranked first, a first place shared by k players counting 1/k
    double rank_sum = 0;  // ranks as competition ranks: 1 + the number of players ranked better
    double average_rank() const { return games == 0 ? 0.0 : rank_sum / games; }
    double win_rate() const { return games == 0 ? 0.0 : wins / games; }
};
std::vector<Placements> placements(int players, std::span<const RankedGame> games);

}  // namespace arena::ratings
