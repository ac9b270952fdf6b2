// SameGame in the replay viewer. Each turn's input is the whole 15x15 board, top row first,
// colours 0-4 and -1 for empty; the answer is "x y [message]" with x the column from the left
// and y the row counted from the BOTTOM (shared spec samegame.md §0, §1). A turn is drawn as the
// board the bot was given with the region it chose marked, as CodinGame marks its target, and
// the running score. The move is also played here (remove, fall, shift columns left) so that
// the end position can be drawn and every turn checked against the next turn's input.
"use strict";

window.ArenaGames = window.ArenaGames || {};

window.ArenaGames.samegame = (function () {
  const SIZE = 15;
  const COLORS = ["#e8473f", "#3fae49", "#3b7ddd", "#f2c12e", "#a05cc4"];
  const CELL = 36;
  const BOARD_X = 250, BOARD_Y = 16;

  // board[x][y], y = 0 the bottom row.
  function parseBoard(input) {
    const lines = input.split("\n").filter((l) => l.trim() !== "");
    if (lines.length < SIZE) throw new Error("samegame input has " + lines.length + " lines, not 15");
    const board = [];
    for (let x = 0; x < SIZE; ++x) board.push(new Array(SIZE).fill(-1));
    for (let i = 0; i < SIZE; ++i) {
      const values = lines[i].trim().split(/\s+/).map(Number);
      for (let x = 0; x < SIZE; ++x) board[x][SIZE - 1 - i] = values[x] === undefined ? -1 : values[x];
    }
    return board;
  }

  // The answer as CodinGame's referee reads it: two integers, then an optional message.
  function parseAction(output) {
    if (output === null || output === undefined) return null;
    const tokens = output.trim().split(/\s+/);
    if (tokens.length < 2 || !/^[+-]?\d+$/.test(tokens[0]) || !/^[+-]?\d+$/.test(tokens[1])) return null;
    return { x: Number(tokens[0]), y: Number(tokens[1]),
             message: output.trim().split(/\s+/).slice(2).join(" ") };
  }

  const inside = (x, y) => x >= 0 && x < SIZE && y >= 0 && y < SIZE;

  function region(board, x, y) {
    if (!inside(x, y) || board[x][y] < 0) return [];
    const color = board[x][y];
    const seen = new Set([x * SIZE + y]);
    const cells = [[x, y]];
    for (let i = 0; i < cells.length; ++i) {
      const [cx, cy] = cells[i];
      for (const [nx, ny] of [[cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]]) {
        if (inside(nx, ny) && board[nx][ny] === color && !seen.has(nx * SIZE + ny)) {
          seen.add(nx * SIZE + ny);
          cells.push([nx, ny]);
        }
      }
    }
    return cells;
  }

  // Removes the cells, lets the others fall, and moves the columns right of an empty one left.
  function play(board, cells) {
    const next = board.map((column) => column.slice());
    for (const [x, y] of cells) next[x][y] = -1;
    const columns = [];
    for (let x = 0; x < SIZE; ++x) {
      const column = next[x].filter((c) => c >= 0);
      if (column.length) columns.push(column.concat(new Array(SIZE - column.length).fill(-1)));
    }
    while (columns.length < SIZE) columns.push(new Array(SIZE).fill(-1));
    return columns;
  }

  const sameBoard = (a, b) => a.every((column, x) => column.every((c, y) => c === b[x][y]));
  const colorCounts = (board) => COLORS.map((_, c) => board.flat().filter((v) => v === c).length);

  function build(log) {
    const problems = [];
    const frames = [];
    let score = 0;
    let board = null;
    log.turns.forEach((turn, i) => {
      board = parseBoard(turn.input);
      const action = parseAction(turn.output);
      const cells = action ? region(board, action.x, action.y) : [];
      const valid = !turn.error && cells.length >= 2;
      let after = board, gain = 0;
      if (valid) {
        after = play(board, cells);
        gain = (cells.length - 2) * (cells.length - 2);
        if (after.every((column) => column[0] < 0)) gain += 1000;
      }
      frames.push({ turn, board, action, cells, valid, scoreBefore: score, gain,
                    counts: colorCounts(board) });
      score += gain;
      const next = log.turns[i + 1];
      if (next && !sameBoard(after, parseBoard(next.input))) {
        problems.push("turn " + turn.turn + ": the board after '" + turn.output +
                      "' is not the next turn's input");
      }
      board = after;
    });
    if (!board) board = parseBoard(log.testcase_text || "");
    frames.push({ end: true, board, score, counts: colorCounts(board) });
    const result = log.result || {};
    if (result.scores && result.scores[0] !== score) {
      problems.push("the turns add up to a score of " + score + ", the result says " + result.scores[0]);
    }
    return { frames, problems };
  }

  function drawInfo(svg, frame, ctx) {
    const t = (x, y, size, fill, text, anchor) =>
        svgAdd(svg, "text", { x, y, "font-size": size, fill, "text-anchor": anchor || "middle" }, text);
    svgAdd(svg, "rect", { x: 10, y: BOARD_Y, width: 220, height: SIZE * CELL, rx: 8, fill: "#252b33" });
    t(120, 52, 22, "#ffffff", ctx.log.players[0] ? ctx.log.players[0].name : "");
    t(120, 96, 15, "#9aa4b1", "SCORE");
    const score = frame.end ? frame.score : frame.scoreBefore;
    t(120, 140, 40, "#ffffff", formatInt(score));
    if (!frame.end && frame.valid) {
      t(120, 168, 16, "#7cc576", "+" + formatInt(frame.gain) + " (region of " + frame.cells.length + ")");
    }
    COLORS.forEach((color, c) => {
      const y = 200 + c * 40;
      svgAdd(svg, "rect", { x: 70, y, width: 30, height: 30, rx: 5, fill: color });
      t(170, y + 22, 20, "#ffffff", String(frame.counts[c]), "end");
    });
    if (!frame.end) {
      const a = frame.action;
      t(120, 425, 15, "#9aa4b1", "ACTION");
      t(120, 452, 22, frame.valid ? "#ffffff" : "#ff4d4d",
        a ? a.x + " " + a.y : frame.turn.output === null ? "(no answer)" : "(unreadable)");
      if (a && a.message) t(120, 480, 15, "#f2b213", clip(a.message, 24));
    }
  }

  function draw(svg, frame, ctx) {
    const width = BOARD_X + SIZE * CELL + 10, height = BOARD_Y + SIZE * CELL + 62;
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    drawInfo(svg, frame, ctx);
    svgAdd(svg, "rect", { x: BOARD_X - 4, y: BOARD_Y - 4, width: SIZE * CELL + 8,
                          height: SIZE * CELL + 8, rx: 6, fill: "#0b0e12" });
    const px = (x) => BOARD_X + x * CELL;
    const py = (y) => BOARD_Y + (SIZE - 1 - y) * CELL;
    const marked = new Set((frame.cells || []).map(([x, y]) => x * SIZE + y));
    for (let x = 0; x < SIZE; ++x) {
      for (let y = 0; y < SIZE; ++y) {
        const c = frame.board[x][y];
        if (c < 0) continue;
        const cell = svgAdd(svg, "rect", { x: px(x) + 1.5, y: py(y) + 1.5, width: CELL - 3,
                                           height: CELL - 3, rx: 6, fill: COLORS[c] || "#888",
                                           opacity: marked.size && !marked.has(x * SIZE + y) ? 0.7 : 1 });
        svgTitle(cell, "x = " + x + "\ny = " + y + "\ncolor = " + c);
      }
    }
    // The chosen region: its outline, and the target cell as CodinGame marks it.
    for (const [x, y] of frame.cells || []) {
      const edges = [[x, y + 1, px(x), py(y), px(x) + CELL, py(y)],
                     [x, y - 1, px(x), py(y) + CELL, px(x) + CELL, py(y) + CELL],
                     [x - 1, y, px(x), py(y), px(x), py(y) + CELL],
                     [x + 1, y, px(x) + CELL, py(y), px(x) + CELL, py(y) + CELL]];
      for (const [nx, ny, x1, y1, x2, y2] of edges) {
        if (!marked.has(nx * SIZE + ny) || !inside(nx, ny)) {
          svgAdd(svg, "line", { x1, y1, x2, y2, stroke: "#ffffff", "stroke-width": 3,
                                "stroke-linecap": "round" });
        }
      }
    }
    const a = frame.action;
    if (!frame.end && a && inside(a.x, a.y)) {
      const cx = px(a.x) + CELL / 2, cy = py(a.y) + CELL / 2;
      const stroke = frame.valid ? "#ffffff" : "#ff4d4d";
      svgAdd(svg, "circle", { cx, cy, r: CELL / 2 - 6, fill: "none", stroke, "stroke-width": 3 });
      svgAdd(svg, "circle", { cx, cy, r: 3, fill: stroke });
      if (!frame.valid) {
        svgAdd(svg, "path", { d: "M" + (cx - 10) + " " + (cy - 10) + "l20 20m0 -20l-20 20",
                              stroke: "#ff4d4d", "stroke-width": 4 });
      }
    }
    for (let i = 0; i < SIZE; ++i) {
      svgAdd(svg, "text", { x: px(i) + CELL / 2, y: BOARD_Y + SIZE * CELL + 22, "font-size": 12,
                            fill: "#9aa4b1", "text-anchor": "middle" }, i);
      svgAdd(svg, "text", { x: BOARD_X - 8, y: py(i) + CELL / 2 + 4, "font-size": 12,
                            fill: "#9aa4b1", "text-anchor": "end" }, i);
    }
    // The status line: this turn's move, or how the game ended.
    let status;
    if (frame.end) {
      status = (ctx.log.result && ctx.log.result.reason) || "end of the game";
    } else {
      status = "turn " + frame.turn.turn + ": " +
               (a ? "x=" + a.x + " y=" + a.y : frame.turn.output === null ? "no answer" : "'" + frame.turn.output + "'") +
               (frame.valid ? ", region of " + frame.cells.length + " (+" + formatInt(frame.gain) + ")" : "") +
               (frame.turn.error ? " · " + frame.turn.error : "");
    }
    svgAdd(svg, "text", { x: width / 2, y: height - 10, "font-size": 15,
                          fill: frame.end ? "#f2b213" : frame.turn.error ? "#ff4d4d" : "#e6e9ed",
                          "text-anchor": "middle" }, clip(withPlayerNames(status, ctx.log.players), 92));
  }

  return { colors: () => ["#f2b213"], build, draw };
})();
