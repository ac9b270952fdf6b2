// Tsuro in the replay viewer. A turn's input (shared spec tsuro.md §3.2): on a player's first
// turn the player count; then one line per player starting with the receiver, each
// "tileId c0..c7 col row index startMark" (its last placed tile with the connections after
// rotation, its position: the cell it is about to enter and the point on it, its start mark);
// then the receiver's hand: a count and "tileId c0..c7" lines with the unrotated connections.
// The input never gives the board, so the board is accumulated here: an accepted
// "PLACE tileId rotation" puts the tile, rotated (every point i -> i + 2r mod 8, §1.3), on the
// cell of the placing player's position. Each marker's trail is then its path from its start
// mark through the placed tiles, which also gives every position; both are checked against the
// next turn's input (and against the referee's state text when the log has it).
"use strict";

window.ArenaGames = window.ArenaGames || {};

window.ArenaGames.tsuro = (function () {
  const N = 6;
  const S = 84;           // cell size
  const BX = 48, BY = 48; // board corner
  const COLORS = ["#f2b213", "#22a1e4", "#ff1d5c", "#6ac371"];
  // Points on a tile, clockwise from the left point of the top edge, on a 150-unit tile (§1.1).
  const POINTS = [[50, 0], [100, 0], [150, 50], [150, 100], [100, 150], [50, 150], [0, 100], [0, 50]];
  const INWARD = [[0, 1], [0, 1], [-1, 0], [-1, 0], [0, -1], [0, -1], [1, 0], [1, 0]];

  const ints = (line) => line.trim().split(/\s+/).map(Number);

  // Start mark k -> (col, row, index), clockwise from the top-left corner (§2).
  function startPosition(k) {
    if (k < 12) return { col: Math.floor(k / 2), row: 0, index: k % 2 };
    if (k < 24) return { col: 5, row: Math.floor((k - 12) / 2), index: 2 + (k % 2) };
    if (k < 36) return { col: 5 - Math.floor((k - 24) / 2), row: 5, index: 4 + (k % 2) };
    return { col: 0, row: 5 - Math.floor((k - 36) / 2), index: 6 + (k % 2) };
  }

  function parseInput(input, players, seat) {
    const lines = input.split("\n").filter((l) => l.trim() !== "");
    let i = 0;
    if (ints(lines[0]).length === 1 && ints(lines[1] || "").length === 13) i = 1;
    const lineOf = [];
    for (let k = 0; k < players; ++k) {
      const v = ints(lines[i + k]);
      if (v.length !== 13) throw new Error("tsuro player line '" + lines[i + k] + "' has " + v.length + " numbers");
      lineOf[(seat + k) % players] = { tile: v[0], conns: v.slice(1, 9),
                                       pos: { col: v[9], row: v[10], index: v[11] }, start: v[12] };
    }
    const count = Number(lines[i + players]);
    const hand = [];
    for (let k = 0; k < count; ++k) {
      const v = ints(lines[i + players + 1 + k]);
      hand.push({ id: v[0], conns: v.slice(1, 9) });
    }
    return { players: lineOf, hand };
  }

  const onBoard = (p) => p.col >= 0 && p.col < N && p.row >= 0 && p.row < N;
  const partner = (conns, point) => conns[conns.indexOf(point) ^ 1];

  // The marker's path from its start mark: segments through placed tiles, and where it stands.
  function follow(board, startMark) {
    let pos = startPosition(startMark);
    const segments = [];
    for (let guard = 0; guard < 4 * N * N + 4 && onBoard(pos); ++guard) {
      const cell = board[pos.col][pos.row];
      if (!cell) break;
      const to = partner(cell.conns, pos.index);
      segments.push({ col: pos.col, row: pos.row, a: pos.index, b: to });
      const step = [[0, -1], [0, -1], [1, 0], [1, 0], [0, 1], [0, 1], [-1, 0], [-1, 0]][to];
      pos = { col: pos.col + step[0], row: pos.row + step[1], index: ((to ^ 1) + 4) % 8 };
    }
    return { segments, pos };
  }

  function parseAction(output) {
    const tokens = (output || "").split(" ");
    if (tokens[0] === "START" && /^[+-]?\d+$/.test(tokens[1] || "")) return { start: Number(tokens[1]) };
    if (tokens[0] === "PLACE" && /^[+-]?\d+$/.test(tokens[1] || "") && /^[+-]?\d+$/.test(tokens[2] || "")) {
      return { tile: Number(tokens[1]), rotation: Number(tokens[2]) };
    }
    return null;
  }

  // The referee's state text ("turn 4 deck 26 board .,6r1,.../... | $0 in 5,4,3 ..."): tiles.
  function stateBoard(state) {
    const m = / board (\S+)/.exec(state || "");
    if (!m) return null;
    return m[1].split("/").map((row) => row.split(","));
  }

  function build(log) {
    const players = log.players.length;
    const problems = [];
    const frames = [];
    const board = [];
    for (let c = 0; c < N; ++c) board.push(new Array(N).fill(null));
    const starts = new Array(players).fill(-1);
    const outAt = new Array(players).fill(null);  // the turn a seat was eliminated
    const inputs = log.turns.map((t) => parseInput(t.input, players, t.player));

    const snapshot = () => board.map((column) => column.slice());
    const markers = () => starts.map((k) => (k < 0 ? null : follow(board, k)));

    log.turns.forEach((turn, i) => {
      const seen = inputs[i];
      seen.players.forEach((line, seat) => { if (line.start >= 0) starts[seat] = line.start; });
      const me = seen.players[turn.player];
      const action = turn.error ? null : parseAction(turn.output);
      let placed = null;
      if (action && action.start !== undefined) {
        starts[turn.player] = action.start;
      } else if (action && action.tile !== undefined) {
        const tile = seen.hand.find((t) => t.id === action.tile);
        if (!tile || !onBoard(me.pos)) {
          problems.push("turn " + turn.turn + ": PLACE " + action.tile + " was accepted but cannot be placed");
        } else {
          const conns = tile.conns.map((v) => (v + 2 * action.rotation) % 8);
          placed = { col: me.pos.col, row: me.pos.row };
          board[me.pos.col][me.pos.row] = { id: tile.id, rotation: action.rotation, conns, seat: turn.player };
        }
      }
      const now = markers();
      if (turn.error || turn.output === null || turn.output === undefined) {
        if (outAt[turn.player] === null) outAt[turn.player] = turn.turn;
      }
      now.forEach((m, seat) => {
        if (m && !onBoard(m.pos) && outAt[seat] === null) outAt[seat] = turn.turn;
      });
      frames.push({ turn, board: snapshot(), placed, action, hand: seen.hand, markers: now,
                    starts: starts.slice(), out: outAt.slice() });

      // Checks against the next input: every position, and the placed tile's connections.
      const next = inputs[i + 1];
      if (next) {
        next.players.forEach((line, seat) => {
          const m = now[seat];
          if (line.start < 0 || !m) return;
          if (line.pos.col !== m.pos.col || line.pos.row !== m.pos.row || line.pos.index !== m.pos.index) {
            problems.push("turn " + turn.turn + ": seat " + seat + " should stand at " + [m.pos.col, m.pos.row, m.pos.index] +
                          " but the next input says " + [line.pos.col, line.pos.row, line.pos.index]);
          }
        });
        const mine = next.players[turn.player];
        if (placed && mine.tile !== action.tile) {
          problems.push("turn " + turn.turn + ": the next input's last tile of seat " + turn.player + " is " + mine.tile);
        } else if (placed && mine.conns.join(" ") !== board[placed.col][placed.row].conns.join(" ")) {
          problems.push("turn " + turn.turn + ": the rotated connections differ from the next input's");
        }
        const referee = stateBoard(log.turns[i + 1].state);
        if (referee) {
          for (let row = 0; row < N; ++row) {
            for (let col = 0; col < N; ++col) {
              const cell = board[col][row];
              const mineText = cell ? cell.id + "r" + cell.rotation : ".";
              if (referee[row][col] !== mineText) {
                problems.push("turn " + turn.turn + ": cell " + col + "," + row + " holds " + mineText +
                              ", the referee's state says " + referee[row][col]);
              }
            }
          }
        }
      }
    });
    const last = frames[frames.length - 1];
    frames.push({ end: true, board: snapshot(), placed: null, action: null, hand: [],
                  markers: markers(), starts: starts.slice(), out: outAt.slice(),
                  lastPlaced: last ? last.placed : null });
    return { frames, problems };
  }

  // ---- drawing -----------------------------------------------------------------------------

  function point(col, row, index) {
    return [BX + col * S + POINTS[index][0] * S / 150, BY + row * S + POINTS[index][1] * S / 150];
  }

  function pathBetween(col, row, a, b, size, x0, y0) {
    const scale = size / 150, k = size * 0.42;
    const [ax, ay] = [x0 + POINTS[a][0] * scale, y0 + POINTS[a][1] * scale];
    const [bx, by] = [x0 + POINTS[b][0] * scale, y0 + POINTS[b][1] * scale];
    return "M" + ax + " " + ay + " C" + (ax + INWARD[a][0] * k) + " " + (ay + INWARD[a][1] * k) + " " +
           (bx + INWARD[b][0] * k) + " " + (by + INWARD[b][1] * k) + " " + bx + " " + by;
  }

  function drawTile(svg, conns, x0, y0, size, outline) {
    svgAdd(svg, "rect", { x: x0 + 1, y: y0 + 1, width: size - 2, height: size - 2, rx: 4, fill: "#2d3138",
                          stroke: outline || "#4a515c", "stroke-width": outline ? 4 : 1 });
    for (let j = 0; j < 8; j += 2) {
      svgAdd(svg, "path", { d: pathBetween(0, 0, conns[j], conns[j + 1], size, x0, y0), fill: "none",
                            stroke: "#d7dbe0", "stroke-width": Math.max(2, size / 30) });
    }
  }

  function draw(svg, frame, ctx) {
    const W = 880, H = 600;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    const names = ctx.log.players.map((p) => p.name);
    svgAdd(svg, "rect", { x: BX - 8, y: BY - 8, width: N * S + 16, height: N * S + 16, rx: 6,
                          fill: "#000000", stroke: "#ffffff", "stroke-width": 4 });
    for (let col = 0; col < N; ++col) {
      for (let row = 0; row < N; ++row) {
        const cell = frame.board[col][row];
        const x0 = BX + col * S, y0 = BY + row * S;
        if (!cell) {
          svgAdd(svg, "rect", { x: x0 + 1, y: y0 + 1, width: S - 2, height: S - 2, fill: "#15181c" });
          continue;
        }
        const fresh = frame.placed && frame.placed.col === col && frame.placed.row === row;
        drawTile(svg, cell.conns, x0, y0, S, fresh ? COLORS[cell.seat] : null);
        svgTitle(svg.lastChild, "tile " + cell.id + ", rotation " + cell.rotation + ", placed by " +
                                (names[cell.seat] || "seat " + cell.seat));
      }
    }
    // The 48 start marks around the board, and each player's own.
    for (let k = 0; k < 48; ++k) {
      const p = startPosition(k);
      const [x, y] = point(p.col, p.row, p.index);
      svgAdd(svg, "circle", { cx: x + INWARD[p.index][0] * -14, cy: y + INWARD[p.index][1] * -14, r: 2, fill: "#59616c" });
    }
    frame.starts.forEach((k, seat) => {
      if (k < 0 || k > 47) return;
      const p = startPosition(k);
      const [x, y] = point(p.col, p.row, p.index);
      const [nx, ny] = INWARD[p.index];
      const bx = x - nx * 20, by = y - ny * 20;
      svgAdd(svg, "polygon", { points: [[x - nx * 9, y - ny * 9], [bx - ny * 8, by + nx * 8], [bx + ny * 8, by - nx * 8]]
                                           .map((q) => q.join(",")).join(" "), fill: COLORS[seat] });
    });
    // Trails, then markers on top.
    frame.markers.forEach((m, seat) => {
      if (!m) return;
      for (const s of m.segments) {
        svgAdd(svg, "path", { d: pathBetween(0, 0, s.a, s.b, S, BX + s.col * S, BY + s.row * S), fill: "none",
                              stroke: COLORS[seat], "stroke-width": 6, "stroke-linecap": "round",
                              opacity: frame.out[seat] !== null ? 0.55 : 0.95 });
      }
    });
    frame.markers.forEach((m, seat) => {
      if (!m) return;
      const [x, y] = point(m.pos.col, m.pos.row, m.pos.index);
      if (frame.out[seat] === null) {
        svgTitle(svgAdd(svg, "circle", { cx: x, cy: y, r: 10, fill: COLORS[seat], stroke: "#ffffff", "stroke-width": 2.5 }),
                 names[seat] + " at col " + m.pos.col + " row " + m.pos.row + " point " + m.pos.index);
      } else {
        svgAdd(svg, "circle", { cx: x, cy: y, r: 9, fill: "#000000", stroke: COLORS[seat], "stroke-width": 2.5 });
        svgAdd(svg, "path", { d: "M" + (x - 5) + " " + (y - 5) + "l10 10m0 -10l-10 10", stroke: COLORS[seat],
                              "stroke-width": 2.5 });
      }
    });
    // A START turn: the chosen mark.
    if (!frame.end && frame.action && frame.action.start !== undefined && frame.action.start >= 0 &&
        frame.action.start < 48) {
      const p = startPosition(frame.action.start);
      const [x, y] = point(p.col, p.row, p.index);
      svgAdd(svg, "circle", { cx: x, cy: y, r: 17, fill: "none", stroke: COLORS[frame.turn.player], "stroke-width": 3 });
    }

    // Right column: the players, then the hand of the player to move.
    const rx = BX + N * S + 40;
    const result = ctx.log.result || {};
    names.forEach((name, seat) => {
      const y = 40 + seat * 34;
      const active = !frame.end && frame.turn.player === seat;
      svgAdd(svg, "rect", { x: rx - 8, y: y - 20, width: W - rx, height: 30, rx: 5,
                            fill: active ? "#2e353f" : "none" });
      svgAdd(svg, "circle", { cx: rx + 6, cy: y - 5, r: 8, fill: COLORS[seat] });
      svgAdd(svg, "text", { x: rx + 22, y, "font-size": 16, fill: frame.out[seat] !== null ? "#9aa4b1" : "#ffffff",
                            "font-weight": active ? 700 : 400 }, name.slice(0, 14));
      const status = frame.end && result.scores ? "score " + result.scores[seat] + " · rank " + result.ranks[seat]
                   : frame.out[seat] !== null ? "out, turn " + frame.out[seat] : "";
      svgAdd(svg, "text", { x: W - 12, y, "font-size": 13, fill: "#9aa4b1", "text-anchor": "end" }, status);
    });
    if (!frame.end) {
      const y0 = 60 + names.length * 34;
      svgAdd(svg, "text", { x: rx, y: y0, "font-size": 13, fill: "#9aa4b1" },
             "HAND OF " + (names[frame.turn.player] || "").toUpperCase().slice(0, 20));
      frame.hand.forEach((tile, k) => {
        const size = 70, x0 = rx + (k % 3) * (size + 12), y1 = y0 + 12 + Math.floor(k / 3) * (size + 28);
        const chosen = frame.action && frame.action.tile === tile.id;
        drawTile(svg, tile.conns, x0, y1, size, chosen ? COLORS[frame.turn.player] : null);
        svgAdd(svg, "text", { x: x0 + size / 2, y: y1 + size + 16, "font-size": 12, fill: chosen ? "#ffffff" : "#9aa4b1",
                              "text-anchor": "middle" }, "tile " + tile.id + (chosen ? ", rot " + frame.action.rotation : ""));
      });
    }
    const status = frame.end ? result.reason || "end of the game"
                 : "turn " + frame.turn.turn + ": " + (names[frame.turn.player] || "") + " · " +
                   (frame.turn.output === null || frame.turn.output === undefined ? "no answer" : frame.turn.output) +
                   (frame.turn.error ? " · " + frame.turn.error : "");
    svgAdd(svg, "text", { x: BX + N * S / 2, y: H - 14, "font-size": 15, fill: frame.end ? "#f2b213" : "#e6e9ed",
                          "text-anchor": "middle" }, clip(withPlayerNames(status, ctx.log.players), 62));
  }

  return { colors: (log) => log.players.map((_, i) => COLORS[i % COLORS.length]), build, draw };
})();
