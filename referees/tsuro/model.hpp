// The Tsuro game model: tiles, rotation, start marks and marker paths, as CodinGame's Tsuro
// referee defines them. Header-only and free of I/O, so bots can use it too.
//
// Source of truth: shared/specs/tsuro.md, which reads the published Kotlin referee
// (github.com/VizGhar/CG-Tsuro @ b97301e, Tiles.kt, Player.kt, turn/GameTurn.kt). Section numbers
// below (§1.3, ...) refer to that spec. The two tables were written out once from the spec's data
// files shared/data/tsuro/tiles.txt and start_positions.txt; the project keeps copies of those
// files in tests/data/tsuro/, and tests/referees/test_tsuro_model.cpp checks the tables against
// them.
//
// Geometry (§1.1, §1.4, §2): the board is 6x6 cells, col 0..5 from left to right, row 0..5 from top
// to bottom. Each cell edge has 2 points, numbered clockwise from the left point of the top edge:
//
//          0   1
//        +-------+
//      7 |       | 2
//      6 |       | 3
//        +-------+
//          5   4
//
// A tile joins the 8 points in 4 pairs. A marker's Position is the cell it is about to enter and
// the point where it enters; for a live marker that cell is always empty.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>

namespace arena::referee::tsuro {

inline constexpr int kBoardSize = 6;        // cells per side
inline constexpr int kTileCount = 35;       // tile ids 0..34
inline constexpr int kPointsPerCell = 8;    // points 0..7
inline constexpr int kStartMarkCount = 48;  // start marks (board indexes) 0..47
inline constexpr int kRotationCount = 4;    // rotations 0..3, clockwise quarter turns

// One tile's paths: the pairs (c[0],c[1]) (c[2],c[3]) (c[4],c[5]) (c[6],c[7]). The order of the
// entries matters only for the input text: the referee prints the arrays as they are (§1.3, §3.2).
using Connections = std::array<int, kPointsPerCell>;

// The tile set (Tiles.kt L65-107, shared/data/tsuro/tiles.txt), unrotated, indexed by tile id.
inline constexpr std::array<Connections, kTileCount> kTiles = {{
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

constexpr bool valid_tile_id(int tile_id) {
    return tile_id >= 0 && tile_id < kTileCount;
}
constexpr bool valid_rotation(int rotation) {
    return rotation >= 0 && rotation < kRotationCount;
}

// The tile turned `rotation` quarter turns clockwise (§1.3): every entry i becomes (i + 2r) mod 8,
// in place, without re-sorting the pairs. Throws std::out_of_range for a rotation outside 0..3.
constexpr Connections rotate(const Connections& connections, int rotation) {
    if (!valid_rotation(rotation)) throw std::out_of_range("Tsuro rotation must be 0..3");
    Connections rotated{};
    for (int i = 0; i < kPointsPerCell; ++i) {
        rotated[i] = (connections[i] + 2 * rotation) % kPointsPerCell;
    }
    return rotated;
}

// The connections of tile `tile_id` turned `rotation` times. Throws std::out_of_range when either
// is out of range.
constexpr Connections rotated_tile(int tile_id, int rotation) {
    if (!valid_tile_id(tile_id)) throw std::out_of_range("Tsuro tile id must be 0..34");
    return rotate(kTiles[tile_id], rotation);
}

// The other end of the path that starts at `point`.
constexpr int path_end(const Connections& connections, int point) {
    for (int i = 0; i < kPointsPerCell; i += 2) {
        if (connections[i] == point) return connections[i + 1];
        if (connections[i + 1] == point) return connections[i];
    }
    throw std::logic_error("Tsuro tile connections are not a perfect matching of 0..7");
}

// Where a marker is: the cell it is about to enter and the entry point on it. Off the board after
// leaving it (one coordinate -1 or 6, §3.2); all -1 before the player has started.
struct Position {
    int col = -1;
    int row = -1;
    int index = -1;

    constexpr bool on_board() const {
        return col >= 0 && col < kBoardSize && row >= 0 && row < kBoardSize;
    }
    constexpr bool same_cell(const Position& other) const {
        return col == other.col && row == other.row;
    }
    friend constexpr bool operator==(const Position&, const Position&) = default;
};

// Start marks 0..47 (Player.kt L10-71, shared/data/tsuro/start_positions.txt): clockwise around
// the outside edge from the top-left corner (§2).
inline constexpr std::array<Position, kStartMarkCount> kStartPositions = {{
    {0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 1}, {2, 0, 0}, {2, 0, 1},  // top edge
    {3, 0, 0}, {3, 0, 1}, {4, 0, 0}, {4, 0, 1}, {5, 0, 0}, {5, 0, 1},  //
    {5, 0, 2}, {5, 0, 3}, {5, 1, 2}, {5, 1, 3}, {5, 2, 2}, {5, 2, 3},  // right edge
    {5, 3, 2}, {5, 3, 3}, {5, 4, 2}, {5, 4, 3}, {5, 5, 2}, {5, 5, 3},  //
    {5, 5, 4}, {5, 5, 5}, {4, 5, 4}, {4, 5, 5}, {3, 5, 4}, {3, 5, 5},  // bottom edge
    {2, 5, 4}, {2, 5, 5}, {1, 5, 4}, {1, 5, 5}, {0, 5, 4}, {0, 5, 5},  //
    {0, 5, 6}, {0, 5, 7}, {0, 4, 6}, {0, 4, 7}, {0, 3, 6}, {0, 3, 7},  // left edge
    {0, 2, 6}, {0, 2, 7}, {0, 1, 6}, {0, 1, 7}, {0, 0, 6}, {0, 0, 7},  //
}};

constexpr bool valid_start_mark(int mark) {
    return mark >= 0 && mark < kStartMarkCount;
}

// Leaving cell (col, row) through point `exit` (§1.4): the neighbour cell and the point where the
// marker enters it, e.g. leaving through top point 0 enters the cell above at its bottom point 5.
constexpr Position step_out(int col, int row, int exit) {
    constexpr std::array<int, kPointsPerCell> kEntry = {5, 4, 7, 6, 1, 0, 3, 2};
    switch (exit / 2) {
        case 0:
            return {col, row - 1, kEntry[exit]};  // top edge: up
        case 1:
            return {col + 1, row, kEntry[exit]};  // right edge: right
        case 2:
            return {col, row + 1, kEntry[exit]};  // bottom edge: down
        default:
            return {col - 1, row, kEntry[exit]};  // left edge: left
    }
}

// The tiles on the board.
class Board {
  public:
    struct Cell {
        int tile = -1;  // -1: empty
        int rotation = 0;
        Connections connections{};  // rotated
    };

    const Cell& at(int col, int row) const { return cells_[col * kBoardSize + row]; }
    bool empty(int col, int row) const { return at(col, row).tile < 0; }
    int tiles_placed() const { return tiles_placed_; }

    // Puts tile `tile_id` turned `rotation` times on (col, row). Throws std::out_of_range for a bad
    // id, rotation or cell and std::logic_error when the cell already holds a tile.
    void place(int col, int row, int tile_id, int rotation) {
        if (!(Position{col, row, 0}.on_board())) {
            throw std::out_of_range("Tsuro cell must be on the 6x6 board");
        }
        Cell& cell = cells_[col * kBoardSize + row];
        if (cell.tile >= 0) throw std::logic_error("Tsuro cell already holds a tile");
        cell = Cell{tile_id, rotation, rotated_tile(tile_id, rotation)};
        ++tiles_placed_;
    }

    // Follows the paths from `from` through every tile in the way (GameTurn.kt L44-71) and returns
    // where the marker stops: the entry point of an empty cell, or a position off the board.
    // A position that is off the board or on an empty cell comes back unchanged.
    Position follow(Position from) const {
        // A path never visits a (cell, point) twice, so it crosses at most every tile once.
        for (int steps = 0; from.on_board() && !empty(from.col, from.row); ++steps) {
            if (steps > kBoardSize * kBoardSize * kPointsPerCell) {
                throw std::logic_error("Tsuro path does not end");
            }
            const int exit = path_end(at(from.col, from.row).connections, from.index);
            from = step_out(from.col, from.row, exit);
        }
        return from;
    }

  private:
    std::array<Cell, kBoardSize * kBoardSize> cells_{};
    int tiles_placed_ = 0;
};

}  // namespace arena::referee::tsuro
