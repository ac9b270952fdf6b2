// Dice Shogi in the replay viewer. A turn's input (shared spec diceshogi.md §3.1, §3.2) is:
// on a player's first turn its id and the board size; then 5 board lines top to bottom (left =
// file 5, top = rank 1; upper case = player 0, lower case = player 1, promoted pieces are two
// characters "+R"), player 0's hand, player 1's hand ("-" if empty), the die, the opponent's last
// action ("none" at first), the number of actions and the actions. A turn is drawn as the
// position the bot was given, with the opponent's last move highlighted, the die's file tinted,
// and the bot's own move as an arrow. The move is also played here (capture to the hand demoted,
// promotion, drop) for the end position and to check every turn against the next one.
"use strict";

window.ArenaGames = window.ArenaGames || {};

window.ArenaGames.diceshogi = (function () {
  const N = 5;
  const SQ = 80;
  const BX = 130, BY = 110;  // top-left corner of the board
  const PLAYER_COLORS = ["#d83a3a", "#2f7fe0"];  // the statement: player 0 red, player 1 blue
  const NAMES = { K: "King", G: "Gold", S: "Silver", B: "Bishop", R: "Rook", P: "Pawn",
                  "+S": "Promoted silver", "+B": "Horse (promoted bishop)",
                  "+R": "Dragon (promoted rook)", "+P": "Tokin (promoted pawn)" };

  const isUpper = (ch) => ch >= "A" && ch <= "Z";
  const ownerOf = (piece) => (isUpper(piece.replace("+", "")) ? 0 : 1);

  function parseRow(line) {
    const cells = [];
    for (let i = 0; i < line.length; ++i) {
      if (line[i] === "+") {
        cells.push("+" + line[i + 1]);
        ++i;
      } else {
        cells.push(line[i] === "." ? "" : line[i]);
      }
    }
    if (cells.length !== N) throw new Error("diceshogi board line '" + line + "' has " + cells.length + " cells");
    return cells;
  }

  function parseInput(input) {
    const lines = input.split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    let i = 0, id = null;
    if (/^[01]$/.test(lines[0]) && lines[1] === "5") {
      id = Number(lines[0]);
      i = 2;
    }
    const board = lines.slice(i, i + N).map(parseRow);
    const hand = (text) => (text === "-" ? [] : text.split(""));
    const count = Number(lines[i + 9]);
    return { id, board, hands: [hand(lines[i + 5]), hand(lines[i + 6])], die: Number(lines[i + 7]),
             last: lines[i + 8], actions: lines.slice(i + 10, i + 10 + count) };
  }

  // "4534", "1425+", "G*33" (§3.3): file 5 is the left column, rank 1 the top row.
  function parseMove(text) {
    let m = /^([1-5])([1-5])([1-5])([1-5])(\+?)$/.exec(text || "");
    if (m) {
      return { from: { r: m[2] - 1, c: 5 - m[1] }, to: { r: m[4] - 1, c: 5 - m[3] }, promote: m[5] === "+" };
    }
    m = /^([a-zA-Z])\*([1-5])([1-5])$/.exec(text || "");
    if (m) return { drop: m[1], to: { r: m[3] - 1, c: 5 - m[2] } };
    return null;
  }

  function play(position, move, mover) {
    const board = position.board.map((row) => row.slice());
    const hands = [position.hands[0].slice(), position.hands[1].slice()];
    const own = (letter) => (mover === 0 ? letter.toUpperCase() : letter.toLowerCase());
    if (move.drop) {
      const at = hands[mover].indexOf(own(move.drop));
      if (at >= 0) hands[mover].splice(at, 1);
      board[move.to.r][move.to.c] = own(move.drop);
    } else {
      const piece = board[move.from.r][move.from.c];
      const taken = board[move.to.r][move.to.c];
      if (taken) hands[mover].push(own(taken.replace("+", "")));
      board[move.from.r][move.from.c] = "";
      board[move.to.r][move.to.c] = move.promote ? "+" + piece.replace("+", "") : piece;
    }
    return { board, hands };
  }

  // The board and hands of an SFEN ("4k/1p1sg/2S2/+B1B1R/KG3 b Pr 19"), to check the input.
  function parseSfen(sfen) {
    const [placement, , handText] = sfen.split(" ");
    const board = placement.split("/").map((row) => {
      const cells = [];
      for (let i = 0; i < row.length; ++i) {
        if (/[0-9]/.test(row[i])) for (let k = 0; k < Number(row[i]); ++k) cells.push("");
        else if (row[i] === "+") cells.push("+" + row[++i]);
        else cells.push(row[i]);
      }
      return cells;
    });
    const hands = [[], []];
    let count = "";
    for (const ch of handText === "-" ? "" : handText || "") {
      if (/[0-9]/.test(ch)) { count += ch; continue; }
      for (let k = 0; k < (count ? Number(count) : 1); ++k) hands[isUpper(ch) ? 0 : 1].push(ch);
      count = "";
    }
    return { board, hands };
  }

  const boardText = (board) => board.map((row) => row.map((c) => c || ".").join(",")).join("/");
  const handText = (hand, sorted) => (sorted ? hand.slice().sort() : hand).join("") || "-";

  // The action the referee applied: the offered one the answer names (case-insensitively), or
  // for "random" the one the summary or the opponent's next input reveals.
  function appliedAction(turn, position, nextPosition) {
    if (turn.error || turn.output === null || turn.output === undefined) return null;
    const token = turn.output.trim().split(" ")[0];
    if (token.toLowerCase() === "random") {
      const m = /plays random: (\S+)/.exec(turn.summary || "");
      if (m) return m[1];
      return nextPosition ? nextPosition.last : null;
    }
    return position.actions.find((a) => a.toLowerCase() === token.toLowerCase()) || token;
  }

  function build(log) {
    const problems = [];
    const frames = [];
    const positions = log.turns.map((t) => parseInput(t.input));
    let last = null;
    log.turns.forEach((turn, i) => {
      const position = positions[i];
      const next = positions[i + 1];
      const action = appliedAction(turn, position, next);
      const move = parseMove(action);
      if (action && !move) problems.push("turn " + turn.turn + ": cannot read the action '" + action + "'");
      frames.push({ turn, position, mover: turn.player, action, move });
      if (turn.state) {
        const sfen = parseSfen(turn.state);
        if (boardText(sfen.board) !== boardText(position.board) ||
            handText(sfen.hands[0], true) !== handText(position.hands[0], true) ||
            handText(sfen.hands[1], true) !== handText(position.hands[1], true)) {
          problems.push("turn " + turn.turn + ": the input's position differs from the state " + turn.state);
        }
      }
      if (move) {
        const after = play(position, move, turn.player);
        last = { position: after, action, move, mover: turn.player };
        if (next && (boardText(after.board) !== boardText(next.board) ||
                     handText(after.hands[0]) !== handText(next.hands[0]) ||
                     handText(after.hands[1]) !== handText(next.hands[1]))) {
          problems.push("turn " + turn.turn + ": playing " + action + " does not give the next turn's position");
        }
        if (next && next.last !== action) {
          problems.push("turn " + turn.turn + ": the next input names the last action " + next.last +
                        ", not " + action);
        }
      } else {
        last = { position, action: null, move: null, mover: turn.player };
      }
    });
    const endPosition = last ? last.position
                             : { board: parseSfen("rbsgk/4p/5/P4/KGSBR b - 1").board, hands: [[], []] };
    frames.push({ end: true, position: endPosition, mover: last ? last.mover : 0,
                  action: last ? last.action : null, move: last ? last.move : null });
    return { frames, problems };
  }

  // ---- drawing -----------------------------------------------------------------------------

  // A shogi piece: a pentagon pointing at the opponent, the letter upright for reading.
  function drawPiece(svg, piece, cx, cy, size) {
    const owner = ownerOf(piece);
    const promoted = piece[0] === "+";
    const letter = piece.replace("+", "").toUpperCase();
    const s = size / 2;
    const points = [[0, -0.92], [0.66, -0.6], [0.8, 0.86], [-0.8, 0.86], [-0.66, -0.6]]
                       .map(([x, y]) => [x * s, (owner === 0 ? y : -y) * s]);
    const g = svgAdd(svg, "g", { transform: "translate(" + cx + "," + cy + ")" });
    svgAdd(g, "polygon", { points: points.map((p) => p.join(",")).join(" "),
                           fill: promoted ? "#ffe3cf" : "#f7e2b5", stroke: PLAYER_COLORS[owner],
                           "stroke-width": size > 50 ? 3 : 2 });
    const text = svgAdd(g, "text", { x: 0, y: s * 0.36, "text-anchor": "middle", "font-size": s * 0.95,
                                     "font-weight": 700, fill: promoted ? "#d50000" : "#222" });
    if (promoted) svgAdd(text, "tspan", { "font-size": s * 0.6, dy: -s * 0.05 }, "+");
    svgAdd(text, "tspan", {}, letter);
    svgTitle(g, (owner === 0 ? "player 0: " : "player 1: ") + (NAMES[promoted ? "+" + letter : letter] || letter));
    return g;
  }

  function drawDie(svg, value, x, y, color) {
    svgAdd(svg, "rect", { x, y, width: 64, height: 64, rx: 10, fill: "#fafafa", stroke: color,
                          "stroke-width": 4 });
    const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
                   4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
                   6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[value] || [];
    for (const [dx, dy] of pips) {
      svgAdd(svg, "circle", { cx: x + 32 + dx * 17, cy: y + 32 + dy * 17, r: 6, fill: "#222" });
    }
  }

  function squareCenter(sq) {
    return [BX + sq.c * SQ + SQ / 2, BY + sq.r * SQ + SQ / 2];
  }

  // An arrow from `from` to `to`; `skip` pixels at the start stay free (a hand piece).
  function drawArrow(svg, from, to, color, skip) {
    const [x0, y0] = from, [x2, y2] = to;
    const len = Math.hypot(x2 - x0, y2 - y0) || 1;
    const ux = (x2 - x0) / len, uy = (y2 - y0) / len;
    const x1 = x0 + ux * (skip || 0), y1 = y0 + uy * (skip || 0);
    const ex = x2 - ux * 16, ey = y2 - uy * 16;
    svgAdd(svg, "line", { x1, y1, x2: ex, y2: ey, stroke: color, "stroke-width": 8,
                          "stroke-linecap": "round", opacity: 0.85 });
    svgAdd(svg, "polygon", { points: [[x2, y2], [ex - uy * 13, ey + ux * 13], [ex + uy * 13, ey - ux * 13]]
                                          .map((p) => p.join(",")).join(" "),
                             fill: color, opacity: 0.85 });
  }

  // Hand pieces in capture order, right of the player's name.
  const handX = (k) => BX + 200 + k * 36;

  function drawHand(svg, hand, y, name, color, toMove) {
    svgAdd(svg, "circle", { cx: BX + 8, cy: y, r: 7, fill: color });
    svgAdd(svg, "text", { x: BX + 22, y: y + 6, "font-size": 17, fill: "#ffffff",
                          "font-weight": toMove ? 700 : 400 }, clip(name, 15));
    if (!hand.length) {
      svgAdd(svg, "text", { x: handX(0) - 14, y: y + 5, "font-size": 13, fill: "#9aa4b1" }, "hand: empty");
    }
    hand.forEach((piece, k) => drawPiece(svg, piece, handX(k), y, 32));
  }

  function draw(svg, frame, ctx) {
    const W = 720, H = 640;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    const pos = frame.position;
    const names = ctx.log.players.map((p) => p.name);
    const toMove = frame.end ? -1 : frame.mover;
    drawHand(svg, pos.hands[1], 40, names[1] || "player 1", PLAYER_COLORS[1], toMove === 1);
    drawHand(svg, pos.hands[0], BY + N * SQ + 50, names[0] || "player 0", PLAYER_COLORS[0], toMove === 0);

    svgAdd(svg, "rect", { x: BX - 6, y: BY - 6, width: N * SQ + 12, height: N * SQ + 12, rx: 4, fill: "#b88a4a" });
    svgAdd(svg, "rect", { x: BX, y: BY, width: N * SQ, height: N * SQ, fill: "#e8c483" });
    // The die's file: the moves must go there (6: any file).
    const die = frame.end ? null : pos.die;
    if (die >= 1 && die <= 5) {
      svgAdd(svg, "rect", { x: BX + (5 - die) * SQ, y: BY, width: SQ, height: N * SQ,
                            fill: PLAYER_COLORS[frame.mover], opacity: 0.12 });
    }
    // The last move before this picture: the opponent's (from the input) or, at the end, the last one.
    const lastMove = frame.end ? frame.move : parseMove(pos.last);
    if (lastMove) {
      for (const sq of lastMove.drop ? [lastMove.to] : [lastMove.from, lastMove.to]) {
        svgAdd(svg, "rect", { x: BX + sq.c * SQ, y: BY + sq.r * SQ, width: SQ, height: SQ,
                              fill: "#9bc53d", opacity: 0.45 });
      }
    }
    for (let k = 0; k <= N; ++k) {
      svgAdd(svg, "line", { x1: BX, y1: BY + k * SQ, x2: BX + N * SQ, y2: BY + k * SQ, stroke: "#6b4a1e", "stroke-width": 1.5 });
      svgAdd(svg, "line", { x1: BX + k * SQ, y1: BY, x2: BX + k * SQ, y2: BY + N * SQ, stroke: "#6b4a1e", "stroke-width": 1.5 });
    }
    for (let k = 0; k < N; ++k) {
      svgAdd(svg, "text", { x: BX + k * SQ + SQ / 2, y: BY - 12, "font-size": 15, fill: "#c9b38a",
                            "text-anchor": "middle" }, 5 - k);
      svgAdd(svg, "text", { x: BX + N * SQ + 16, y: BY + k * SQ + SQ / 2 + 5, "font-size": 15,
                            fill: "#c9b38a", "text-anchor": "middle" }, k + 1);
    }
    pos.board.forEach((row, r) => row.forEach((piece, c) => {
      if (piece) drawPiece(svg, piece, BX + c * SQ + SQ / 2, BY + r * SQ + SQ / 2 + 2, SQ * 0.86);
    }));
    // This turn's move, as an arrow in the mover's colour (a drop comes from the hand).
    if (!frame.end && frame.move) {
      const color = PLAYER_COLORS[frame.mover];
      const to = squareCenter(frame.move.to);
      if (frame.move.drop) {
        const handY = frame.mover === 0 ? BY + N * SQ + 50 : 40;
        const k = pos.hands[frame.mover].findIndex((p) => p.toLowerCase() === frame.move.drop.toLowerCase());
        svgAdd(svg, "circle", { cx: handX(Math.max(0, k)), cy: handY, r: 21, fill: "none", stroke: color,
                                "stroke-width": 3 });
        drawArrow(svg, [handX(Math.max(0, k)), handY], to, color, 22);
      } else {
        drawArrow(svg, squareCenter(frame.move.from), to, color);
      }
      if (frame.move.promote) {
        svgAdd(svg, "text", { x: to[0] + SQ / 2 - 6, y: to[1] - SQ / 2 + 18, "font-size": 16,
                              "font-weight": 700, fill: "#d50000", "text-anchor": "end" }, "+");
      }
    }

    // Right column: the die, the move, the status.
    const rx = BX + N * SQ + 60;
    if (!frame.end) {
      svgAdd(svg, "text", { x: rx + 32, y: BY + 10, "font-size": 14, fill: "#9aa4b1", "text-anchor": "middle" }, "DIE");
      drawDie(svg, pos.die, rx, BY + 22, PLAYER_COLORS[frame.mover]);
      svgAdd(svg, "text", { x: rx + 32, y: BY + 108, "font-size": 13, fill: "#e6e9ed", "text-anchor": "middle" },
             pos.die === 6 ? "any file" : "file " + pos.die);
      svgAdd(svg, "text", { x: rx + 32, y: BY + 150, "font-size": 14, fill: "#9aa4b1", "text-anchor": "middle" }, "MOVE");
      svgAdd(svg, "text", { x: rx + 32, y: BY + 178, "font-size": 20, "font-weight": 700,
                            fill: frame.turn.error ? "#ff4d4d" : "#ffffff", "text-anchor": "middle" },
             frame.action || (frame.turn.output === null ? "none" : frame.turn.output.split(" ")[0]));
      svgAdd(svg, "text", { x: rx + 32, y: BY + 220, "font-size": 13, fill: "#9aa4b1", "text-anchor": "middle" },
             pos.actions.length + " offered");
    }
    const status = frame.end ? (ctx.log.result && ctx.log.result.reason) || "end of the game"
                             : "turn " + frame.turn.turn + ": " + (names[frame.mover] || "player " + frame.mover) +
                               " to play" + (frame.turn.error ? " · " + frame.turn.error : "");
    svgAdd(svg, "text", { x: W / 2, y: H - 12, "font-size": 15, fill: frame.end ? "#f2b213" : "#e6e9ed",
                          "text-anchor": "middle" }, clip(withPlayerNames(status, ctx.log.players), 82));
  }

  return { colors: () => PLAYER_COLORS.slice(), build, draw };
})();
