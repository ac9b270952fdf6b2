// Dice Shogi, the CodinGame 2-player game, refereed as CodinGame does.
//
// Source of truth: shared/specs/diceshogi.md, which reads the published Java referee
// (github.com/jdermont/DiceShogi @ 2b645b6 on CodinGame SDK 4.2.1). Section numbers (§3.2, ...)
// refer to it.
//
// The game in one paragraph: minishogi (position.hpp) where, before each ply, a die picks the
// file the move must go to (1-5; 6 = any file; no legal move to that file = any file). The bot
// gets the board, both hands, the die, the opponent's last action and the list of actions it may
// play, and answers one of them or "random". No legal move at all (checkmate or stalemate)
// loses; 300 plies is a draw; a timeout or an action not in the list loses.
//
// Exact as on CodinGame, given the seed and the bots' answers: every input byte except the
// order of the action lines, the dice, the verdicts and error texts, the scores. Not
// reproducible on CodinGame (§8): the order of the action lines and the pick of "random", which
// the Java referee draws from an unseeded java.util.Random. Arena makes both deterministic from
// the seed instead, so that a replay is byte-exact:
//
//   Action order. The offered actions are sorted by byte value (e.g. "1112" < "1112+" <
//   "B*11" < "b*11"), then shuffled by Fisher-Yates: for i = n-1 down to 1, swap a[i] with
//   a[uniform(i+1)]. uniform(k) reads the next output x of a SplitMix64 generator and returns
//   x mod k, drawing again while x >= 2^64 - (2^64 mod k). SplitMix64: state += 0x9E3779B97F4A7C15,
//   output = mix(state), mix(z) = { z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
//   z = (z ^ z>>27) * 0x94D049BB133111EB; return z ^ z>>31; }. For the ply of SFEN move number
//   m the state starts at mix(mix(seed) + m), the seed read as an unsigned 64-bit integer. So
//   every ply has its own stream, which depends only on the seed and the move number.
//   "random" continues the ply's stream after the shuffle: it plays a[uniform(n)].
//
// Start positions: the test case is an SFEN (empty = the standard start). Its move number m
// sets the ply counter (300 - m + 1 plies are left) and the dice: the die of the ply with move
// number m is the m-th draw of the seed's stream, as in a game that reached the position from
// the start. The hands are taken in the order the SFEN lists them (a hand's list order shows in
// the input, §3.2). state() writes that SFEN back, so a game can be replayed from any turn of a
// match log with the same seed; only the order within a hand can differ when same-kind pieces
// were taken apart (SFEN groups them).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "referees/diceshogi/position.hpp"
#include "referees/diceshogi/sha1prng.hpp"
#include "referees/referee.hpp"

namespace arena::referee {

// The start of a Dice Shogi game from GameSetup.testcase: empty (or blank) = the standard start
// rbsgk/4p/5/P4/KGSBR b - 1, otherwise an SFEN (read_sfen) whose move number is 300 at most.
// Throws std::invalid_argument saying what is wrong.
diceshogi::SfenReading parse_diceshogi_testcase(std::string_view testcase);

class DiceShogiReferee final : public Referee {
  public:
    static constexpr int kFirstTurnTimeLimitMs = 1000;  // setFirstTurnMaxTime, per player (§7)
    static constexpr int kTurnTimeLimitMs = 100;        // setTurnMaxTime (§7)
    static constexpr int kMaxPlies = 300;               // plies of both players (§6.5)

    // A game from the standard start.
    explicit DiceShogiReferee(std::int64_t seed);
    // A game from `start` (see the header comment for the move number and the hands).
    DiceShogiReferee(std::int64_t seed, const diceshogi::SfenReading& start);

    std::string_view game() const override { return "diceshogi"; }
    int player_count() const override { return 2; }
    bool over() const override { return over_; }
    int current_player() const override { return position_.side_to_move(); }
    // §3.1-§3.2: on a player's first turn "id" and "5", then 5 board lines (top rank first, not
    // flipped), player 0's hand, player 1's hand (capture order, '-' when empty), the die, the
    // opponent's last action or "none", the action count and the actions. Empty once over.
    std::string input() const override;
    // 1000 ms for each player's first turn, 100 ms after.
    int time_limit_ms() const override;
    // §3.4: Java trim; the action is the text up to the first space; "random" (any case) picks
    // an offered action, otherwise the first offered action equal to it ignoring case. Not
    // found: the player loses with "$N: <action> is not valid move" ($N is the SDK's nickname
    // token, $0 or $1, which CodinGame shows as the player's name).
    // Throws std::logic_error if called after the game ended.
    Verdict play(std::string_view line) override;
    // The current player loses with "$N timeout!".
    Verdict timeout() override;
    // Win 1 / loss -1, draw 0 / 0 (§7); {0, 0} while playing. Ranks 1 and 2, or 1 and 1.
    Result result() const override;
    // The current position in SFEN, hands in first-taken order (diceshogi::sfen_with_hand_order).
    std::string state() const override;

    // The state as the referee holds it; for tests, bots and tools.
    const diceshogi::Position& position() const { return position_; }
    const diceshogi::HandOrder& hand_order() const { return hand_order_; }
    int die() const { return die_; }  // the die rolled for the current ply (1-6)
    // True when every legal action is offered: die 6, or no legal action goes to the die's file.
    bool all_actions_offered() const { return all_offered_; }
    // The offered actions in the order the bot reads them.
    const std::vector<std::string>& actions() const { return actions_; }

  private:
    struct Offer {
        std::string text;
        diceshogi::Move move;
    };

    void start_ply();  // rolls the die, builds the offered list, or ends a game without moves
    bool end_if_over();
    void finish(int winner, std::string reason);  // winner -1 = draw
    std::string player_name(int player) const;
    std::uint64_t uniform(std::uint64_t bound);

    std::int64_t seed_;
    diceshogi::Dice dice_;
    diceshogi::Position position_;
    diceshogi::HandOrder hand_order_;

    // The current ply.
    int die_ = 6;
    bool all_offered_ = true;
    std::vector<Offer> offers_;
    std::vector<std::string> actions_;
    std::uint64_t order_state_ = 0;  // SplitMix64 state of the ply's action order

    std::array<int, 2> turns_taken_{};                        // answers or timeouts per seat
    std::array<std::string, 2> last_action_{"none", "none"};  // wire text, as the opponent reads it
    bool over_ = false;
    std::array<std::int64_t, 2> scores_{};
    std::string end_reason_;
};

}  // namespace arena::referee
