// Tsuro (CodinGame) sample bots: the game model they share.
//
// Standard library only and independent of the arena's referee, as a CodinGame submission would
// be (paste this header above a bot's code to submit it). It holds:
//  - the tile and start-mark tables, copied from the published referee's data;
//  - the geometry: point indexes, rotation, stepping from a tile into its neighbour;
//  - a board with markers and the placement rule (place on the active marker's cell, move every
//    marker standing on that cell, markers that leave the board are out);
//  - the turn input parser and a tracker that rebuilds the board from the inputs, which never
//    say where a tile was placed.
// Rules and protocol: the Tsuro referee specification (spec §n below) and the CodinGame statement.
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace tsuro {

constexpr int kSide = 6;
constexpr int kCells = kSide * kSide;
constexpr int kTileCount = 35;
constexpr int kStartMarks = 48;
constexpr int kMaxPlayers = 4;
constexpr int kPlacementTurns = 35;  // maxTurns = 35 + playerCount (spec §4.4)
constexpr int kOff = -1;             // cell of a marker that is off the board (or never started)
constexpr std::uint8_t kEmpty = 0xff;

// The 35 tiles, unrotated, as 4 pairs of connected points (a0,b0, a1,b1, ...). Point indexes run
// clockwise from the left point of the top edge: 0,1 top, 2,3 right, 4,5 bottom, 6,7 left.
// Source: the CG-Tsuro referee, Tiles.kt L65-107, as copied to shared/data/tsuro/tiles.txt
// (spec §1.2). The pair order is the referee's (it prints the rotated arrays in that order).
inline constexpr std::array<std::array<std::int8_t, 8>, kTileCount> kTilePairs = {{
    {{0, 1, 2, 3, 4, 5, 6, 7}},  // 0
    {{0, 7, 1, 6, 2, 3, 4, 5}},  // 1
    {{0, 7, 1, 2, 3, 6, 4, 5}},  // 2
    {{0, 7, 1, 2, 3, 4, 5, 6}},  // 3
    {{0, 6, 1, 7, 2, 3, 4, 5}},  // 4
    {{0, 1, 2, 7, 3, 6, 4, 5}},  // 5
    {{0, 1, 2, 6, 3, 7, 4, 5}},  // 6
    {{0, 6, 1, 2, 3, 7, 4, 5}},  // 7
    {{0, 1, 2, 6, 3, 4, 5, 7}},  // 8
    {{0, 6, 1, 2, 3, 4, 5, 7}},  // 9
    {{0, 2, 1, 6, 3, 4, 5, 7}},  // 10
    {{0, 2, 1, 6, 3, 7, 4, 5}},  // 11
    {{0, 2, 1, 7, 3, 6, 4, 5}},  // 12
    {{0, 3, 1, 7, 2, 6, 4, 5}},  // 13
    {{0, 3, 1, 6, 2, 7, 4, 5}},  // 14
    {{0, 3, 1, 2, 4, 7, 5, 6}},  // 15
    {{0, 3, 1, 2, 4, 6, 5, 7}},  // 16
    {{0, 4, 1, 2, 3, 6, 5, 7}},  // 17
    {{0, 4, 1, 2, 3, 7, 5, 6}},  // 18
    {{0, 5, 1, 7, 2, 3, 4, 6}},  // 19
    {{0, 5, 1, 6, 2, 7, 3, 4}},  // 20
    {{0, 5, 1, 2, 3, 7, 4, 6}},  // 21
    {{0, 5, 1, 3, 2, 7, 4, 6}},  // 22
    {{0, 5, 1, 3, 2, 6, 4, 7}},  // 23
    {{0, 4, 1, 3, 2, 6, 5, 7}},  // 24
    {{0, 2, 1, 3, 4, 6, 5, 7}},  // 25
    {{0, 5, 1, 4, 2, 7, 3, 6}},  // 26
    {{0, 5, 1, 4, 2, 6, 3, 7}},  // 27
    {{0, 4, 1, 5, 2, 6, 3, 7}},  // 28
    {{0, 3, 1, 5, 2, 6, 4, 7}},  // 29
    {{0, 3, 1, 5, 2, 7, 4, 6}},  // 30
    {{0, 2, 1, 5, 3, 7, 4, 6}},  // 31
    {{0, 3, 1, 6, 2, 4, 5, 7}},  // 32
    {{0, 6, 1, 3, 2, 4, 5, 7}},  // 33
    {{0, 3, 1, 6, 2, 5, 4, 7}},  // 34
}};

// Start marks: boardIndex -> {col, row, index}, clockwise from the top-left corner.
// Source: the CG-Tsuro referee, Player.kt L10-71, as copied to
// shared/data/tsuro/start_positions.txt (spec §2).
inline constexpr std::array<std::array<std::int8_t, 3>, kStartMarks> kStartMarkTable = {{
    {0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 1}, {2, 0, 0}, {2, 0, 1},  // 0-5
    {3, 0, 0}, {3, 0, 1}, {4, 0, 0}, {4, 0, 1}, {5, 0, 0}, {5, 0, 1},  // 6-11
    {5, 0, 2}, {5, 0, 3}, {5, 1, 2}, {5, 1, 3}, {5, 2, 2}, {5, 2, 3},  // 12-17
    {5, 3, 2}, {5, 3, 3}, {5, 4, 2}, {5, 4, 3}, {5, 5, 2}, {5, 5, 3},  // 18-23
    {5, 5, 4}, {5, 5, 5}, {4, 5, 4}, {4, 5, 5}, {3, 5, 4}, {3, 5, 5},  // 24-29
    {2, 5, 4}, {2, 5, 5}, {1, 5, 4}, {1, 5, 5}, {0, 5, 4}, {0, 5, 5},  // 30-35
    {0, 5, 6}, {0, 5, 7}, {0, 4, 6}, {0, 4, 7}, {0, 3, 6}, {0, 3, 7},  // 36-41
    {0, 2, 6}, {0, 2, 7}, {0, 1, 6}, {0, 1, 7}, {0, 0, 6}, {0, 0, 7},  // 42-47
}};

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

constexpr int cellOf(int col, int row) {
    return row * kSide + col;
}
constexpr int colOf(int cell) {
    return cell % kSide;
}
constexpr int rowOf(int cell) {
    return cell / kSide;
}
constexpr bool onBoard(int col, int row) {
    return col >= 0 && col < kSide && row >= 0 && row < kSide;
}

// Leaving a cell through point `exit` enters the neighbour through this point (spec §1.4).
inline constexpr std::array<std::int8_t, 8> kEntryAfterExit = {5, 4, 7, 6, 1, 0, 3, 2};

// The neighbour reached through point `exit`: up (0,1), right (2,3), down (4,5), left (6,7).
constexpr int neighbourCell(int cell, int exit) {
    int col = colOf(cell), row = rowOf(cell);
    switch (exit >> 1) {
        case 0:
            --row;
            break;
        case 1:
            ++col;
            break;
        case 2:
            ++row;
            break;
        default:
            --col;
            break;
    }
    return onBoard(col, row) ? cellOf(col, row) : kOff;
}

// A placed tile is coded tile * 4 + rotation. partner[code][p] is the point connected to p.
// Rotating once maps every point i to (i + 2) mod 8: 90 degrees clockwise (spec §1.3).
struct TileTables {
    std::array<std::array<std::int8_t, 8>, kTileCount * 4> partner{};
    // Rotations of each tile that give different paths (symmetric tiles have fewer).
    std::array<std::array<std::int8_t, 4>, kTileCount> distinctRotations{};
    std::array<std::int8_t, kTileCount> distinctRotationCount{};
    std::array<std::int8_t, kCells * 8> next{};  // cell reached through (cell, exit), or kOff

    constexpr TileTables() {
        for (int t = 0; t < kTileCount; ++t) {
            for (int r = 0; r < 4; ++r) {
                auto& p = partner[t * 4 + r];
                for (int k = 0; k < 8; k += 2) {
                    const int a = (kTilePairs[t][k] + 2 * r) % 8;
                    const int b = (kTilePairs[t][k + 1] + 2 * r) % 8;
                    p[a] = static_cast<std::int8_t>(b);
                    p[b] = static_cast<std::int8_t>(a);
                }
            }
            int count = 0;
            for (int r = 0; r < 4; ++r) {
                bool seen = false;
                for (int q = 0; q < r; ++q) seen = seen || partner[t * 4 + q] == partner[t * 4 + r];
                if (!seen) distinctRotations[t][count++] = static_cast<std::int8_t>(r);
            }
            distinctRotationCount[t] = static_cast<std::int8_t>(count);
        }
        for (int c = 0; c < kCells; ++c) {
            for (int e = 0; e < 8; ++e)
                next[c * 8 + e] = static_cast<std::int8_t>(neighbourCell(c, e));
        }
    }
};
inline constexpr TileTables kTables{};

constexpr int tileCode(int tile, int rotation) {
    return tile * 4 + rotation;
}

// The rotated tile as the referee prints it: each entry of the pair array mapped, not re-sorted.
inline std::array<int, 8> rotatedPairs(int tile, int rotation) {
    std::array<int, 8> out{};
    for (int k = 0; k < 8; ++k) out[k] = (kTilePairs[tile][k] + 2 * rotation) % 8;
    return out;
}

// The code (tile * 4 + rotation) whose paths are the given 8 ints (4 pairs), or -1.
inline int codeFromPairs(int tile, const std::array<int, 8>& pairs) {
    if (tile < 0 || tile >= kTileCount) return -1;
    std::array<std::int8_t, 8> p{};
    std::array<bool, 8> used{};
    for (int k = 0; k < 8; k += 2) {
        const int a = pairs[k], b = pairs[k + 1];
        if (a < 0 || a > 7 || b < 0 || b > 7 || a == b || used[a] || used[b]) return -1;
        used[a] = used[b] = true;
        p[a] = static_cast<std::int8_t>(b);
        p[b] = static_cast<std::int8_t>(a);
    }
    for (int r = 0; r < 4; ++r) {
        if (kTables.partner[tile * 4 + r] == p) return tile * 4 + r;
    }
    return -1;
}

// ---------------------------------------------------------------------------------------------
// Board and markers
// ---------------------------------------------------------------------------------------------

// A marker is about to enter `cell` (empty while its player is in the game) through point
// `entry` (spec §2.1). cell == kOff: off the board, or not started.
struct Marker {
    std::int8_t cell = kOff;
    std::int8_t entry = 0;
    // Off the board, where it left does not matter.
    bool operator==(const Marker& o) const {
        return cell == o.cell && (cell == kOff || entry == o.entry);
    }
};

inline Marker markerOfStart(int mark) {
    const auto& s = kStartMarkTable[mark];
    return Marker{static_cast<std::int8_t>(cellOf(s[0], s[1])), s[2]};
}

using Board = std::array<std::uint8_t, kCells>;  // tile code per cell, kEmpty if none

inline Board emptyBoard() {
    Board b;
    b.fill(kEmpty);
    return b;
}

// Follows the paths from the marker until it reaches an empty cell or leaves the board.
inline void followPath(const Board& board, Marker& m) {
    // Paths started on the edge cannot loop; the bound only guards against a corrupt board.
    for (int steps = 0; m.cell != kOff && board[m.cell] != kEmpty && steps < kCells * 8; ++steps) {
        const int exit = kTables.partner[board[m.cell]][m.entry];
        m.cell = kTables.next[m.cell * 8 + exit];
        m.entry = kEntryAfterExit[exit];
    }
}

// The cell and point a marker would reach if `code` were placed on its cell; the board is
// unchanged.
inline Marker followWith(const Board& board, Marker m, int code) {
    const int exit = kTables.partner[code][m.entry];
    m.cell = kTables.next[m.cell * 8 + exit];
    m.entry = kEntryAfterExit[exit];
    followPath(board, m);
    return m;
}

// Players on the board, indexed from the bot's own point of view: 0 is the bot, then the
// others in turn order, as in the input lines.
struct Table {
    int players = 0;
    Board board = emptyBoard();
    std::array<Marker, kMaxPlayers> marker{};
    std::array<bool, kMaxPlayers> alive{};

    // Places `code` on the active player's cell and moves every marker on that cell, in the game
    // or not, as the referee does (spec §4.1). Returns the players that leave the game now.
    unsigned place(int active, int code) {
        const int cell = marker[active].cell;
        if (cell == kOff || board[cell] != kEmpty) return 0;  // only from an inconsistent input
        board[cell] = static_cast<std::uint8_t>(code);
        unsigned out = 0;
        for (int p = 0; p < players; ++p) {
            if (marker[p].cell != cell) continue;
            followPath(board, marker[p]);
            if (alive[p] && marker[p].cell == kOff) {
                alive[p] = false;
                out |= 1u << p;
            }
        }
        return out;
    }

    // The players that would leave the game if the active player placed `code`; no change.
    unsigned eliminatedBy(int active, int code) const {
        const int cell = marker[active].cell;
        if (cell == kOff || board[cell] != kEmpty) return 0;  // only from an inconsistent input
        unsigned out = 0;
        for (int p = 0; p < players; ++p) {
            if (!alive[p] || marker[p].cell != cell) continue;
            if (followWith(board, marker[p], code).cell == kOff) out |= 1u << p;
        }
        return out;
    }

    int aliveCount() const {
        int count = 0;
        for (int p = 0; p < players; ++p) count += alive[p] ? 1 : 0;
        return count;
    }
};

// ---------------------------------------------------------------------------------------------
// Input (spec §3.2)
// ---------------------------------------------------------------------------------------------

struct PlayerLine {
    int tile = -1;               // last placed tile, -1 if none
    std::array<int, 8> pairs{};  // its paths after rotation
    int col = -1, row = -1, index = -1;
    int startMark = -1;  // -1 before START or after an invalid START
};

struct TurnInput {
    std::vector<PlayerLine> players;  // players[0] is the receiver, then in turn order
    std::vector<int> hand;            // tile ids in hand order
};

// Reads one turn: `players` lines of 13 ints, the hand size, then one line of 9 ints per tile
// (id and the unrotated pairs, which the bot knows already). False on end of input.
inline bool readTurn(std::istream& in, int players, TurnInput& turn) {
    turn.players.assign(players, PlayerLine{});
    for (auto& p : turn.players) {
        if (!(in >> p.tile)) return false;
        for (int& v : p.pairs) in >> v;
        in >> p.col >> p.row >> p.index >> p.startMark;
    }
    int count = 0;
    if (!(in >> count) || count < 0 || count > kTileCount) return false;
    turn.hand.assign(count, 0);
    for (int& tile : turn.hand) {
        in >> tile;
        for (int k = 0, v = 0; k < 8; ++k) in >> v;
    }
    return static_cast<bool>(in);
}

inline Marker markerOfLine(const PlayerLine& line) {
    if (!onBoard(line.col, line.row) || line.index < 0 || line.index > 7) return Marker{};
    return Marker{static_cast<std::int8_t>(cellOf(line.col, line.row)),
                  static_cast<std::int8_t>(line.index)};
}

// ---------------------------------------------------------------------------------------------
// Tracker: the game as seen by one bot, rebuilt turn by turn.
// ---------------------------------------------------------------------------------------------
//
// The input gives every player's last tile (with its rotation) and current position, but not the
// cell where the tile went. Between two of the bot's turns the others play once each, in input
// order, so replaying their new tiles in that order at their tracked positions rebuilds the board
// exactly (each placement goes on the placer's own cell, spec §2.1).
class Tracker {
  public:
    int players = 0;
    int seat = 0;  // own index in the referee (0 = first to play), guessed on the first turn
    int turn = 0;  // the referee's turn counter at this decision (START turns count)
    Table table;
    std::array<int, kMaxPlayers> lastTile{};
    std::array<int, kMaxPlayers> startMark{};
    std::array<bool, kMaxPlayers> waitingForStart{};  // will play START after the bot's START
    std::vector<int> hand;
    std::uint64_t placedTiles = 0;   // bit t: tile t is on the board
    std::vector<std::string> notes;  // inconsistencies found, for --verbose

    // Reads one turn (the first one starts with playerCount). False on end of input.
    bool read(std::istream& in) {
        TurnInput input;
        if (players == 0) {
            if (!(in >> players) || players < 1 || players > kMaxPlayers) return false;
            if (!readTurn(in, players, input)) return false;
            observeFirst(input);
        } else {
            if (!readTurn(in, players, input)) return false;
            observe(input);
        }
        hand = input.hand;
        return true;
    }

    bool isFirstTurn() const { return !started_; }

    // Marks that START may not take: the other players' start marks (spec §2.2).
    std::array<bool, kStartMarks> takenMarks() const {
        std::array<bool, kStartMarks> taken{};
        for (int p = 1; p < players; ++p) {
            if (startMark[p] >= 0 && startMark[p] < kStartMarks) taken[startMark[p]] = true;
        }
        return taken;
    }

    void playStart(int mark) {
        started_ = true;
        startMark[0] = mark;
        table.marker[0] = markerOfStart(mark);
        table.alive[0] = true;
    }

    void playPlace(int tile, int rotation) {
        table.place(0, tileCode(tile, rotation));
        lastTile[0] = tile;
        placedTiles |= 1ull << tile;
    }

    // Tiles neither on the board nor in the bot's hand: the other hands and the deck.
    std::uint64_t unseenTiles() const {
        std::uint64_t unseen = (1ull << kTileCount) - 1;
        unseen &= ~placedTiles;
        for (int t : hand) unseen &= ~(1ull << t);
        return unseen;
    }

  private:
    bool started_ = false;

    void observeFirst(const TurnInput& input) {
        table = Table{};
        table.players = players;
        // Lines after the bot's own: first the players after it (no START yet), then the ones
        // before it, which have started unless their START failed (then they show -1 too). So
        // the first started line is the first player before the bot, at line players - seat.
        // If the players before that one all failed their START, the seat is guessed too low,
        // which changes nothing that matters: they are out of the game.
        seat = 0;
        for (int p = players - 1; p >= 1; --p) {
            if (input.players[p].startMark >= 0) seat = players - p;
        }
        turn = seat + 1;
        for (int p = 0; p < players; ++p) {
            const PlayerLine& line = input.players[p];
            lastTile[p] = line.tile;
            startMark[p] = line.startMark;
            waitingForStart[p] = p > 0 && p < players - seat && line.startMark < 0;
            if (p > 0 && line.startMark >= 0 && line.startMark < kStartMarks) {
                table.marker[p] = markerOfStart(line.startMark);
                table.alive[p] = true;
            }
        }
    }

    void observe(const TurnInput& input) {
        int t = turn;  // the bot's previous turn
        for (int p = 1; p < players; ++p) {
            const PlayerLine& line = input.players[p];
            if (waitingForStart[p]) {  // its turn was a START
                waitingForStart[p] = false;
                startMark[p] = line.startMark;
                ++t;
                if (line.startMark >= 0 && line.startMark < kStartMarks) {
                    table.marker[p] = markerOfStart(line.startMark);
                    table.alive[p] = true;
                }
                continue;
            }
            if (line.tile != lastTile[p]) {  // it placed a tile at its own position
                ++t;
                const int code = codeFromPairs(line.tile, line.pairs);
                if (code < 0 || table.marker[p].cell == kOff ||
                    table.board[table.marker[p].cell] != kEmpty) {
                    notes.push_back("cannot replay tile " + std::to_string(line.tile) +
                                    " of player " + std::to_string(p));
                } else {
                    table.alive[p] = true;
                    table.place(p, code);
                }
                lastTile[p] = line.tile;
                if (line.tile >= 0) placedTiles |= 1ull << line.tile;
            } else if (table.alive[p]) {  // it had a turn and placed nothing: timeout or invalid
                ++t;
                table.alive[p] = false;
            }
        }
        turn = t + 1;
        // The input is the truth for positions: resynchronise if the replay disagrees.
        for (int p = 0; p < players; ++p) {
            const Marker seen = markerOfLine(input.players[p]);
            if (!(seen == table.marker[p]) && input.players[p].startMark >= 0) {
                notes.push_back("player " + std::to_string(p) + " position differs from replay");
                table.marker[p] = seen;
                if (seen.cell == kOff) table.alive[p] = false;
            }
        }
        table.alive[0] = table.marker[0].cell != kOff;
    }
};

}  // namespace tsuro
