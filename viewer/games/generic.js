// Any game played through an external referee (docs/other-games.md): arena knows nothing of its
// board, so a turn is drawn as what happened in it: who played, the answer, the referee's messages
// (summary, error) and the time against the limit; the end shows the ranks, or the referee's
// failure. The text panels of the replay page (input, output, stderr, time) do the rest.
//
// Every external game's registry entry names this file (GameInfo::viewer_script): it draws
// whichever game the page's log names when that log carries the referee's spec ("referee"), so
// no game name is written here.
"use strict";

window.ArenaGames = window.ArenaGames || {};

window.ArenaGames.__generic = (function () {
  const PALETTE = ["#f2b213", "#22a1e4", "#ff1d5c", "#6ac371", "#b37cff", "#ff8a3d", "#4dd6c4",
                   "#e6e9ed"];
  const WIDTH = 640;
  const LINE = 24;

  // One line of text, cut to fit the picture.
  function line(svg, y, text, attrs) {
    return svgAdd(svg, "text", Object.assign({ x: 24, y, fill: "#e6e9ed", "font-size": 15 }, attrs),
                  clip(text, 78));
  }

  function drawTurn(svg, turn, ctx) {
    const log = ctx.log;
    const name = log.players[turn.player] ? log.players[turn.player].name : "seat " + turn.player;
    const names = (text) => withPlayerNames(text, log.players);
    let y = 34;
    svgAdd(svg, "rect", { x: 24, y: y - 14, width: 14, height: 14, rx: 3,
                          fill: ctx.colors[turn.player] || "#9aa4b1" });
    line(svg, y, "turn " + turn.turn + " of " + log.turns.length + " · seat " + turn.player + " · " +
         name, { x: 46, "font-weight": "bold" });
    y += LINE * 1.5;
    const answer = turn.output === null || turn.output === undefined ? "(no answer)" : turn.output;
    line(svg, y, "answer: " + answer, { "font-family": "monospace" });
    y += LINE;
    const inputLines = (turn.input || "").split("\n").filter((l) => l !== "").length;
    line(svg, y, "input: " + inputLines + " line(s), " + (turn.input || "").length + " bytes",
         { fill: "#9aa4b1" });
    y += LINE;
    const limit = turn.limit_ms || 0;
    const ratio = limit > 0 ? turn.time_ms / limit : 0;
    line(svg, y, "time: " + formatMs(turn.time_ms) + " of " + formatMs(limit),
         { fill: ratio > 1 ? "#ff5c5c" : ratio > 0.8 ? "#f2b213" : "#6ac371" });
    y += LINE;
    if (turn.summary) {
      for (const text of names(turn.summary).split("\n").slice(0, 4)) {
        line(svg, y, text, { fill: "#9aa4b1" });
        y += LINE;
      }
    }
    if (turn.error) {
      line(svg, y, names(turn.error), { fill: "#ff5c5c" });
      y += LINE;
    }
    return y;
  }

  function drawEnd(svg, ctx) {
    const log = ctx.log;
    const result = log.result || {};
    let y = 34;
    line(svg, y, "end of the game (" + log.turns.length + " turns)", { "font-weight": "bold" });
    y += LINE * 1.5;
    if (log.referee_failure) {
      line(svg, y, "referee failure: the game is not rated", { fill: "#ff5c5c" });
      y += LINE;
      line(svg, y, log.referee_failure, { fill: "#ff5c5c", "font-size": 13 });
      y += LINE;
    }
    log.players.forEach((p, i) => {
      const rank = result.ranks ? result.ranks[i] : "-";
      const outcome = result.outcomes ? result.outcomes[i] : "";
      svgAdd(svg, "rect", { x: 24, y: y - 14, width: 14, height: 14, rx: 3, fill: ctx.colors[i] });
      line(svg, y, (rank ? "rank " + rank : "no rank") + " · " + p.name +
           (outcome && outcome !== "ok" ? " · " + outcome : ""), { x: 46 });
      y += LINE;
    });
    return y;
  }

  return {
    colors(log) {
      return log.players.map((_, i) => PALETTE[i % PALETTE.length]);
    },
    build(log) {
      return { frames: log.turns.map((t) => ({ turn: t })).concat([{ end: true }]), problems: [] };
    },
    draw(svg, frame, ctx) {
      // Drawn on a scratch height first, then the picture is cut to what was drawn.
      svg.setAttribute("viewBox", "0 0 " + WIDTH + " 400");
      const bottom = frame.end ? drawEnd(svg, ctx) : drawTurn(svg, frame.turn, ctx);
      svg.setAttribute("viewBox", "0 0 " + WIDTH + " " + Math.max(120, bottom + 8));
    },
  };
})();

// The page's log is an external referee's game: this module draws it, under the log's own game
// name (the replay page looks the module up by that name).
(function registerForThisPage() {
  const element = document.getElementById("match-log");
  if (!element) return;  // the report page: no log to draw
  let log;
  try {
    log = embeddedData("match-log");
  } catch (e) {
    return;  // replay.js says what is wrong with the page's data
  }
  if (log && log.referee && typeof log.game === "string" && !window.ArenaGames[log.game])
    window.ArenaGames[log.game] = window.ArenaGames.__generic;
})();
