// Search of the strong Dice Shogi sample bot (see strong.cpp for what it does and README.md).
// Header-only so that tools (a self-play harness) can drive the same search.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "eval.hpp"
#include "protocol.hpp"

namespace diceshogi::search {

constexpr int kInf = 32000;
constexpr int kMate = 30000;              // mated at ply p scores -(kMate - p)
constexpr int kMateBound = kMate - 1000;  // scores beyond this are mates
constexpr int kMaxPly = 96;
constexpr int kDrawPly = 300;  // the game is a draw once 300 plies are played

struct Options {
    long long max_nodes = 0;  // > 0: stop after this many nodes (load-independent experiments)
    int turn_ms = 80;
    int first_turn_ms = 500;
    int depth = 0;  // 0 = by time
    int chance_plies = 1;
    int hash_mb = 16;
    bool verbose = false;
};

enum Bound : std::uint8_t { kNone = 0, kExact = 1, kLower = 2, kUpper = 3 };

struct TTEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    Move move;
    std::int8_t depth = 0;
    Bound bound = kNone;
};

int score_to_tt(int score, int ply) {
    if (score > kMateBound) return score + ply;
    if (score < -kMateBound) return score - ply;
    return score;
}
int score_from_tt(int score, int ply) {
    if (score > kMateBound) return score - ply;
    if (score < -kMateBound) return score + ply;
    return score;
}

class Searcher {
  public:
    explicit Searcher(const Options& options) : options_(options) {
        size_t entries = 1;
        while (entries * 2 * sizeof(TTEntry) <= size_t(options.hash_mb) << 20) entries *= 2;
        tt_.assign(entries, TTEntry{});
        tt_mask_ = entries - 1;
    }

    // Picks one of the offered moves (offered must not be empty).
    Move choose(const Position& root, const std::vector<Offered>& offered, int plies_before,
                Clock::time_point deadline) {
        pos_ = root;
        deadline_ = deadline;
        root_plies_ = plies_before;
        stopped_ = false;
        nodes_ = 0;
        std::memset(killers_, 0, sizeof(killers_));
        for (auto& side : history_)
            for (auto& from : side)
                for (int& h : from) h /= 8;  // keep a little of the previous turns' experience

        std::vector<Move> moves;
        for (const Offered& o : offered) moves.push_back(o.move);
        if (moves.size() == 1) return moves[0];
        std::vector<int> scores(moves.size(), -kInf);
        order_root(moves);

        Move best = moves[0];
        int best_score = -kInf;
        const int max_depth = options_.depth > 0 ? options_.depth : kMaxPly - 10;
        for (int depth = 1; depth <= max_depth; ++depth) {
            int alpha = -kInf;
            Move iter_best;
            int iter_score = -kInf;
            size_t done = 0;
            for (size_t i = 0; i < moves.size(); ++i) {
                pos_.do_move(moves[i]);
                int score;
                if (options_.chance_plies > 0) {
                    score = -chance(depth - 1, 1, -alpha);
                } else if (i == 0) {
                    score = -search(depth - 1, -kInf, kInf, 1, true);
                } else {
                    score = -search(depth - 1, -alpha - 1, -alpha, 1, true);
                    if (score > alpha && !stopped_)
                        score = -search(depth - 1, -kInf, -alpha, 1, true);
                }
                pos_.undo_move();
                if (stopped_) break;
                ++done;
                scores[i] = score;
                if (score > iter_score) {
                    iter_score = score;
                    iter_best = moves[i];
                }
                alpha = std::max(alpha, score);
            }
            // A partly searched iteration still counts if its first move (the previous best) was
            // finished: every finished move then had to beat it at the new depth.
            if (done > 0 && !iter_best.is_null()) {
                best = iter_best;
                best_score = iter_score;
            }
            if (options_.verbose) {
                std::cerr << "depth " << depth << (stopped_ ? " (stopped)" : "") << " score "
                          << best_score << " best " << pos_.action(best) << " nodes " << nodes_
                          << " ms " << elapsed_ms() << '\n';
            }
            if (stopped_) break;
            // Next iteration: best first, then by this iteration's scores.
            std::vector<size_t> index(moves.size());
            for (size_t i = 0; i < index.size(); ++i) index[i] = i;
            std::stable_sort(index.begin(), index.end(),
                             [&](size_t a, size_t b) { return scores[a] > scores[b]; });
            std::vector<Move> sorted;
            std::vector<int> sorted_scores;
            for (size_t i : index) {
                sorted.push_back(moves[i]);
                sorted_scores.push_back(scores[i]);
            }
            moves = sorted;
            scores = sorted_scores;
            if (std::abs(best_score) > kMateBound && options_.depth == 0) break;  // mate found
            // The next iteration costs several times this one: do not start what cannot finish.
            if (options_.max_nodes > 0 ? nodes_ > options_.max_nodes / 2
                                       : options_.depth == 0 && Clock::now() > start_half_)
                break;
        }
        last_score_ = best_score;
        return best;
    }

    void set_start(Clock::time_point start, Clock::time_point deadline) {
        start_ = start;
        start_half_ = start + (deadline - start) / 2;
    }
    long long nodes() const { return nodes_; }
    int last_score() const { return last_score_; }

  private:
    Options options_;
    Position pos_;
    std::vector<TTEntry> tt_;
    size_t tt_mask_ = 0;
    Clock::time_point start_, start_half_, deadline_;
    bool stopped_ = false;
    long long nodes_ = 0;
    int root_plies_ = 0;
    int last_score_ = 0;
    Move killers_[kMaxPly][2];
    int history_[2][32][kSquares] = {};

    long long elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }

    bool time_up() {
        ++nodes_;
        if (options_.max_nodes > 0) {
            if (nodes_ >= options_.max_nodes) stopped_ = true;
            return stopped_;
        }
        if (options_.depth > 0) return false;
        if ((nodes_ & 63) == 0 && Clock::now() >= deadline_) stopped_ = true;
        return stopped_;
    }

    TTEntry& tt_slot(std::uint64_t key) { return tt_[key & tt_mask_]; }

    void order_root(std::vector<Move>& moves) {
        std::vector<int> keys;
        for (Move m : moves) keys.push_back(move_order_key(m, Move{}, 0));
        std::vector<size_t> index(moves.size());
        for (size_t i = 0; i < index.size(); ++i) index[i] = i;
        std::stable_sort(index.begin(), index.end(),
                         [&](size_t a, size_t b) { return keys[a] > keys[b]; });
        std::vector<Move> sorted;
        for (size_t i : index) sorted.push_back(moves[i]);
        moves = sorted;
    }

    // Higher is searched first: the table move, captures by victim value then cheap attacker,
    // promotions, killers, then the history heuristic.
    int move_order_key(Move m, Move tt_move, int ply) const {
        if (m == tt_move) return 1 << 30;
        const Piece victim = pos_.captured_by(m);
        int key = 0;
        if (victim) {
            key = (1 << 24) + 16 * kBoardValue[type_of(victim)] -
                  kBoardValue[type_of(pos_.board[m.from()])] / 8;
        }
        if (m.promotes()) key += (1 << 23);
        if (key) return key;
        if (ply < kMaxPly && (m == killers_[ply][0] || m == killers_[ply][1])) return 1 << 22;
        return history_[pos_.side][m.from()][m.to()];
    }

    static void pick_next(MoveList& list, std::array<int, 256>& keys, int i) {
        int best = i;
        for (int j = i + 1; j < list.size; ++j)
            if (keys[j] > keys[best]) best = j;
        std::swap(list.moves[i], list.moves[best]);
        std::swap(keys[i], keys[best]);
    }

    // The game ends in a draw once kDrawPly plies are played, unless the side to move is mated.
    bool past_draw_ply(int ply) const { return root_plies_ + ply >= kDrawPly; }

    // The opponent to move with an unknown die: the average over the six faces of its best reply
    // among the moves the face allows. beta is the opponent's beta: once the average is known to
    // reach it (from lower bounds), the value is returned early as a lower bound.
    // A node below a chance node: another chance node while ply <= --chance-plies, else search.
    // Chance nodes only use beta (see chance()).
    int child(int depth, int alpha, int beta, int ply) {
        if (ply <= options_.chance_plies) return chance(depth, ply, beta);
        return search(depth, alpha, beta, ply, true);
    }

    int chance(int depth, int ply, int beta) {
        if (time_up()) return 0;
        if (depth <= 0 && ply > 1) return quiesce(-kInf, beta, ply, 0);
        if (past_draw_ply(ply)) return pos_.has_legal_move() ? 0 : -(kMate - ply);
        MoveList list;
        pos_.generate(list);
        std::array<int, 256> keys{};
        const TTEntry& entry = tt_slot(pos_.key);
        const Move tt_move = entry.key == pos_.key ? entry.move : Move{};
        for (int i = 0; i < list.size; ++i) keys[i] = move_order_key(list[i], tt_move, ply);
        // Legal moves by destination file, best-ordered first.
        std::array<std::vector<Move>, 6> groups;
        for (int i = 0; i < list.size; ++i) {
            pick_next(list, keys, i);
            const Move m = list[i];
            if (!pos_.is_legal(m)) continue;
            groups[destination_file(m)].push_back(m);
        }
        int present = 0;
        for (int f = 1; f <= 5; ++f) present += !groups[f].empty();
        if (present == 0) return -(kMate - ply);  // no legal move: lost, whatever the die

        std::array<int, 6> best{};
        auto lower_bound_average = [&]() {
            int sum = 0, top = -kInf;
            for (int f = 1; f <= 5; ++f) {
                if (groups[f].empty()) continue;
                sum += best[f];
                top = std::max(top, best[f]);
            }
            return (sum + (6 - present) * top) / 6;  // faces without a move allow every move
        };
        // Probe: the first move of every file, to get lower bounds quickly.
        for (int f = 1; f <= 5; ++f) {
            if (groups[f].empty()) continue;
            pos_.do_move(groups[f][0]);
            best[f] = -child(depth - 1, -kInf, kInf, ply + 1);
            pos_.undo_move();
            if (stopped_) return 0;
        }
        if (lower_bound_average() >= beta) return lower_bound_average();
        for (int f = 1; f <= 5; ++f) {
            for (size_t i = 1; i < groups[f].size(); ++i) {
                const Move m = groups[f][i];
                pos_.do_move(m);
                int score = -child(depth - 1, -best[f] - 1, -best[f], ply + 1);
                if (score > best[f] && !stopped_)
                    score = -child(depth - 1, -kInf, -best[f], ply + 1);
                pos_.undo_move();
                if (stopped_) return 0;
                if (score > best[f]) {
                    best[f] = score;
                    if (lower_bound_average() >= beta) return lower_bound_average();
                }
            }
        }
        return lower_bound_average();
    }

    int search(int depth, int alpha, int beta, int ply, bool allow_null) {
        if (time_up()) return 0;
        if (past_draw_ply(ply)) return pos_.has_legal_move() ? 0 : -(kMate - ply);
        if (ply >= kMaxPly - 4) return evaluate(pos_);
        // Mate-distance pruning.
        alpha = std::max(alpha, -(kMate - ply));
        beta = std::min(beta, kMate - ply - 1);
        if (alpha >= beta) return alpha;

        const bool in_check = pos_.in_check();
        if (in_check) ++depth;
        if (depth <= 0) return quiesce(alpha, beta, ply, 0);

        const bool pv = beta - alpha > 1;
        TTEntry& entry = tt_slot(pos_.key);
        Move tt_move;
        if (entry.key == pos_.key) {
            tt_move = entry.move;
            if (!pv && entry.depth >= depth) {
                const int s = score_from_tt(entry.score, ply);
                if (entry.bound == kExact || (entry.bound == kLower && s >= beta) ||
                    (entry.bound == kUpper && s <= alpha))
                    return s;
            }
        }

        // Null move: if passing still beats beta, a real move will too (no zugzwang to speak of).
        if (allow_null && !pv && !in_check && depth >= 3 && std::abs(beta) < kMateBound &&
            evaluate(pos_) >= beta) {
            pos_.do_null();
            const int score = -search(depth - 3, -beta, -beta + 1, ply + 1, false);
            pos_.undo_null();
            if (stopped_) return 0;
            if (score >= beta) return score >= kMateBound ? beta : score;
        }

        MoveList list;
        pos_.generate(list);
        std::array<int, 256> keys{};
        for (int i = 0; i < list.size; ++i) keys[i] = move_order_key(list[i], tt_move, ply);
        const Color us = pos_.side;
        const int original_alpha = alpha;
        int best_score = -kInf;
        Move best_move;
        int legal = 0;
        for (int i = 0; i < list.size; ++i) {
            pick_next(list, keys, i);
            const Move m = list[i];
            const bool quiet = !pos_.captured_by(m) && !m.promotes();
            if (m.is_drop() && !in_check) {
                pos_.do_move(m);
            } else {
                pos_.do_move(m);
                if (pos_.in_check(us)) {
                    pos_.undo_move();
                    continue;
                }
            }
            ++legal;
            int score;
            if (legal == 1) {
                score = -search(depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                // Late quiet moves are searched one ply shallower first.
                int reduction = (quiet && !in_check && depth >= 3 && legal > 3) ? 1 : 0;
                if (reduction && legal > 10 && depth >= 5) ++reduction;
                score = -search(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if (score > alpha && reduction && !stopped_)
                    score = -search(depth - 1, -alpha - 1, -alpha, ply + 1, true);
                if (score > alpha && score < beta && !stopped_)
                    score = -search(depth - 1, -beta, -alpha, ply + 1, true);
            }
            pos_.undo_move();
            if (stopped_) return 0;
            if (score > best_score) {
                best_score = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    if (score >= beta) {
                        if (quiet && ply < kMaxPly) {
                            if (!(killers_[ply][0] == m)) {
                                killers_[ply][1] = killers_[ply][0];
                                killers_[ply][0] = m;
                            }
                            int& h = history_[us][m.from()][m.to()];
                            h = std::min(h + depth * depth, 1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        if (legal == 0) return -(kMate - ply);  // checkmated or stalemated: both lose

        if (!past_draw_ply(ply + depth)) {
            entry.key = pos_.key;
            entry.move = best_move;
            entry.depth = std::int8_t(std::min(depth, 127));
            entry.score = std::int16_t(score_to_tt(best_score, ply));
            entry.bound = best_score >= beta            ? kLower
                          : best_score > original_alpha ? kExact
                                                        : kUpper;
        }
        return best_score;
    }

    // Captures (and promotions) only, or every evasion when in check.
    int quiesce(int alpha, int beta, int ply, int qdepth) {
        if (time_up()) return 0;
        const bool in_check = pos_.in_check();
        int best_score = -kInf;
        if (!in_check || qdepth > 6 || ply >= kMaxPly - 4) {
            const int stand = evaluate(pos_);
            if (in_check && (qdepth > 6 || ply >= kMaxPly - 4)) return stand;
            if (stand >= beta) return stand;
            alpha = std::max(alpha, stand);
            best_score = stand;
        }
        MoveList list;
        pos_.generate(list);
        std::array<int, 256> keys{};
        int n = 0;
        for (int i = 0; i < list.size; ++i) {
            const Move m = list[i];
            const Piece victim = pos_.captured_by(m);
            const bool pawn_promotion = m.promotes() && type_of(pos_.board[m.from()]) == kPawn;
            if (!in_check && !victim && !pawn_promotion) continue;
            list.moves[n] = m;
            keys[n] = victim ? 16 * kBoardValue[type_of(victim)] -
                                   kBoardValue[type_of(pos_.board[m.from()])] / 8
                             : 0;
            ++n;
        }
        list.size = n;
        const Color us = pos_.side;
        int legal = 0;
        for (int i = 0; i < list.size; ++i) {
            pick_next(list, keys, i);
            const Move m = list[i];
            pos_.do_move(m);
            if (pos_.in_check(us)) {
                pos_.undo_move();
                continue;
            }
            ++legal;
            const int score = -quiesce(-beta, -alpha, ply + 1, qdepth + 1);
            pos_.undo_move();
            if (stopped_) return 0;
            if (score > best_score) {
                best_score = score;
                if (score > alpha) {
                    alpha = score;
                    if (score >= beta) break;
                }
            }
        }
        if (in_check && legal == 0) return -(kMate - ply);
        return best_score;
    }
};

}  // namespace diceshogi::search
