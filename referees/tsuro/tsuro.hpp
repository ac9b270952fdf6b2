// Tsuro, the CodinGame multiplayer game (2 to 4 players), refereed exactly as CodinGame does.
//
// Source of truth: shared/specs/tsuro.md, which reads the published Kotlin referee
// (github.com/VizGhar/CG-Tsuro @ b97301e) and the CodinGame SDK 3.15.0 it runs on. It follows the
// code where the statement differs (hands of more than 3 tiles, no bonus at the turn limit, the
// input format). Section numbers below (§4.5, ...) refer to that spec. Tiles and paths live in
// referees/tsuro/model.hpp.
//
// The game in one paragraph: each player first puts its marker on one of the 48 start marks
// (START k). Then, in turn, the player places a tile from its hand on the empty cell in front of
// its marker (PLACE tileId rotation); every marker standing at that cell, eliminated ones
// included, follows the paths until it reaches an empty cell or leaves the board. Leaving the
// board eliminates: score = turn, or turn - 1 on the player's own turn. The placer then draws a
// tile. An elimination puts the hand back at the end of the deck, reshuffles it and deals tiles
// (§4.5, with the published quirks). The last player on the board scores turn + 1. Timeouts and
// invalid answers eliminate with score 0; the game goes on for the others.
//
// Turns are the SDK's: turn 1..n are the players' START turns, then PLACE turns, at most
// 35 + n turns. "Turn" below always means that 1-based SDK turn number.
//
// Texts: summaries and errors use CodinGame's "$N" for seat N (the CodinGame viewer shows the
// player's name there), e.g. "$1 leaves the board".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "referees/referee.hpp"
#include "referees/tsuro/java_random.hpp"
#include "referees/tsuro/model.hpp"

namespace arena::referee {

// One seat as the published referee stores it (Player.kt L79-82).
struct TsuroPlayer {
    // The tiles in hand, unrotated, in the order they were drawn (a LinkedHashSet in Kotlin).
    std::vector<int> hand;
    // The last tile placed: id, rotation and rotated connections; all -1 before the first one.
    int last_tile = -1;
    int last_rotation = -1;
    tsuro::Connections last_connections = {-1, -1, -1, -1, -1, -1, -1, -1};
    // The marker (tsuro::Position): all -1 before START (or after a rejected START); kept as it is
    // when the player is eliminated, and still moved by later tiles when it stayed on the board.
    tsuro::Position position;
    int start_mark = -1;  // the START mark 0..47, or -1
    bool active = true;
    std::int64_t score = 0;  // the SDK default 0 until the referee sets it
};

class TsuroReferee final : public Referee {
  public:
    static constexpr int kMinPlayers = 2;               // config.ini
    static constexpr int kMaxPlayers = 4;               // config.ini
    static constexpr int kFirstTurnTimeLimitMs = 1000;  // firstTurnMaxTime (§7), the START turn
    static constexpr int kTurnTimeLimitMs = 100;        // turnMaxTime (§7)
    static constexpr int kTurnsBeyondPlayers = 35;      // maxTurns = 35 + playerCount (§4.4)
    static constexpr int kInitialHand = 3;

    // A game for `players` seats (2..4) dealt from CodinGame seed `seed`. Throws
    // std::invalid_argument for another number of players.
    TsuroReferee(int players, std::int64_t seed);

    std::string_view game() const override { return "tsuro"; }
    int player_count() const override { return static_cast<int>(players_.size()); }
    bool over() const override { return over_; }
    int current_player() const override { return current_; }
    // §3.2: "playerCount" on the player's START turn only, then one 13-integer line per seat
    // starting with the receiver, then the hand size and the hand's unrotated tiles.
    std::string input() const override;
    int time_limit_ms() const override;
    // START k on the player's first turn, PLACE tileId rotation afterwards (§2.2, §3.3). A rejected
    // answer eliminates the player with score 0 (accepted = false); the game goes on for the
    // others. Throws std::logic_error if called after the game ended.
    Verdict play(std::string_view line) override;
    // "$N timeout!": eliminated with score 0, exactly like a rejected answer (§7).
    Verdict timeout() override;
    // The scores as set so far (0 for players still in the game), ranks with equal scores sharing
    // a rank, and why the game ended ("" while playing).
    Result result() const override;
    // One line: turn, deck size, the board row by row ("." or tileId/rotation), each seat.
    std::string state() const override;

    // The state as the published referee holds it; for tests, bots and tools.
    int turn() const { return turn_; }  // the SDK turn being played, or the last one once over
    int max_turns() const { return kTurnsBeyondPlayers + player_count(); }
    const TsuroPlayer& player(int seat) const { return players_.at(seat); }
    const std::vector<int>& deck() const { return deck_; }  // deck_[0] is drawn next
    const tsuro::Board& board() const { return board_; }

  private:
    Verdict play_start(int seat, std::string_view line);
    Verdict play_place(int seat, std::string_view line);
    // CommonTurn.kt kill(): score, deactivate, hand to the end of the deck, reshuffle, re-deal.
    void eliminate(int seat, std::int64_t score, const std::string& message, std::string& summary);
    void draw(int seat);  // drawFromDeck(): one tile from the top, if active and the deck has one
    Verdict reject(int seat, std::string error);
    void end_turn();  // Referee.gameTurn's end check, then the SDK's turn limit
    int active_count() const;

    std::vector<TsuroPlayer> players_;
    JavaRandom random_;
    std::vector<int> deck_;
    tsuro::Board board_;
    int turn_ = 1;
    int current_ = 0;
    std::vector<bool> executed_;  // whether each seat has answered (or timed out) once
    bool over_ = false;
    std::string end_reason_;
};

}  // namespace arena::referee
