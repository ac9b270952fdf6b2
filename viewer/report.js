// The tournament report: draws the numbers `arena` computed from a tournament directory
// (arena/view/view.cpp report_data): standings with their 95% intervals, head to head, ratings
// over the games played, turn times against the limits, and the failed games with links to
// their replays. Plain SVG, no library. ?selftest=1 checks that every chart was drawn.
"use strict";

(function main() {
  const data = embeddedData("report-data");
  const root = document.getElementById("report");
  const PALETTE = ["#f2b213", "#22a1e4", "#ff1d5c", "#6ac371", "#de6ddf", "#ff8f16", "#3ac5ca",
                   "#9975e2", "#c0ca33", "#ef9a9a", "#80cbc4", "#b0bec5"];
  const botColor = {};
  data.bots.forEach((bot, i) => { botColor[bot] = PALETTE[i % PALETTE.length]; });
  // Ratings (games between bots) come with their progress over the games; a puzzle's standings
  // (validator totals) with its boards. Which one is the game's registry entry's choice.
  const versus = "progress" in data;
  const multiplayer = data.players_per_game > 2;
  const charts = [];  // [name, svg] for the self-test

  // ---- small chart toolkit -------------------------------------------------------------------

  function niceTicks(min, max, count) {
    if (!(max > min)) { min -= 1; max += 1; }
    const raw = (max - min) / count;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const norm = raw / mag;
    const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
    const lo = Math.floor(min / step) * step, hi = Math.ceil(max / step) * step;
    const ticks = [];
    for (let v = lo; v <= hi + step / 1e6; v += step) ticks.push(Number(v.toFixed(10)));
    return { lo, hi, ticks };
  }

  // A chart area: an SVG with a plot rectangle and linear scales set by the caller.
  function chart(name, width, height, margin) {
    const svg = svgEl("svg", { class: "chart", viewBox: "0 0 " + width + " " + height,
                               width, height, "data-chart": name });
    charts.push([name, svg]);
    return { svg, x0: margin.left, x1: width - margin.right, y0: margin.top, y1: height - margin.bottom,
             width, height };
  }

  const scale = (d0, d1, r0, r1) => (v) => r0 + (v - d0) / (d1 - d0 || 1) * (r1 - r0);

  function xAxis(c, ticks, x, label, format) {
    const g = svgAdd(c.svg, "g", { class: "axis" });
    for (const t of ticks) {
      svgAdd(g, "line", { x1: x(t), x2: x(t), y1: c.y0, y2: c.y1, "stroke-dasharray": "2,3" });
      svgAdd(g, "text", { x: x(t), y: c.y1 + 16, "text-anchor": "middle" }, format ? format(t) : t);
    }
    if (label) svgAdd(c.svg, "text", { class: "axis-label", x: (c.x0 + c.x1) / 2, y: c.height - 4,
                                       "text-anchor": "middle" }, label);
  }

  function yAxis(c, ticks, y, label, format) {
    const g = svgAdd(c.svg, "g", { class: "axis" });
    for (const t of ticks) {
      svgAdd(g, "line", { x1: c.x0, x2: c.x1, y1: y(t), y2: y(t), "stroke-dasharray": "2,3" });
      svgAdd(g, "text", { x: c.x0 - 6, y: y(t) + 4, "text-anchor": "end" }, format ? format(t) : t);
    }
    if (label) svgAdd(c.svg, "text", { class: "axis-label", x: 12, y: (c.y0 + c.y1) / 2, "text-anchor": "middle",
                                       transform: "rotate(-90 12 " + (c.y0 + c.y1) / 2 + ")" }, label);
  }

  const signed = (v) => (Math.round(v) > 0 ? "+" : "") + Math.round(v);
  const eloText = (e) => signed(e.elo) + " [" + (e.open_below ? "<" : "") + signed(e.lo95) + ", " +
                         (e.open_above ? ">" : "") + signed(e.hi95) + "]";
  const pct = (v, digits) => (v === null || v === undefined ? "-" : v.toFixed(digits === undefined ? 1 : digits) + " %");
  const wdl = (r) => (r ? r.wins + "-" + r.draws + "-" + r.losses : "");

  function legend(names) {
    return htmlEl("div", { class: "legend" }, names.map((n) => htmlEl(
        "span", {}, htmlEl("span", { class: "chip", style: "background:" + botColor[n] }), n)));
  }

  function section(title, caption, ...content) {
    const s = htmlEl("section", {}, htmlEl("h2", {}, title));
    if (caption) s.append(htmlEl("div", { class: "caption" }, caption));
    s.append(...content.flat().filter(Boolean));
    root.append(s);
    return s;
  }

  // ---- header ----------------------------------------------------------------------------------

  // All of the run's failed games; data.failures lists the earliest of them only (at most 500).
  const failedGames = data.failed_games !== undefined ? data.failed_games : data.failures.length;
  root.append(htmlEl("header", {},
                     htmlEl("h1", {}, "arena report: " + data.game + " · " + data.title),
                     htmlEl("span", { class: "muted" },
                            (data.games_played < data.games_scheduled ? "partial: " : "") +
                            data.games_played + " of " + data.games_scheduled + " games played · " +
                            data.bots.length + " bots · " + data.players_per_game + " per game · " +
                            failedGames + " failed game" + (failedGames === 1 ? "" : "s"))));
  // What the reader of the results noted (a cut last line, repeated lines) and games whose
  // external referee failed (not rated): said under the header.
  for (const note of data.notes || []) root.append(htmlEl("div", { class: "caption" }, note));
  if (data.games_played === 0) {
    section("No games yet", "results.jsonl is empty: run the tournament (again with --resume).");
  }

  // ---- standings -------------------------------------------------------------------------------

  // A bot's failure count; when it failed, a link to its first failed game's replay at the
  // failing turn, described in the tooltip.
  function failureCount(bot, count, firstGame) {
    const text = String(count);
    if (!count || !firstGame) return htmlEl("span", {}, text);
    const game = data.failures.find((f) => f.id === firstGame);
    const seat = game && game.seats.find((s) => s.bot === bot);
    if (!game || !game.replay || !seat) return htmlEl("span", { class: "bad" }, text);
    const what = seat.outcome + (seat.turn ? " at turn " + seat.turn : "") +
                 (seat.error ? ": " + withPlayerNames(seat.error, game.players) : "");
    return htmlEl("a", { class: "bad first-failure", href: replayAtTurn(game.replay, seat.turn),
                         title: "first failure, " + game.id + ": " + what }, text);
  }

  // A forest plot: each bot's rating as a dot on its 95% interval; open sides end in an arrow.
  function ratingChart(rows, pick, secondary) {
    const values = [];
    for (const r of rows) for (const e of [pick(r), secondary && secondary(r)]) if (e) values.push(e.lo95, e.hi95);
    const axis = niceTicks(Math.min(0, ...values), Math.max(0, ...values), 8);
    const rowH = 34;
    const c = chart("standings", 900, 50 + rows.length * rowH, { left: 150, right: 210, top: 14, bottom: 36 });
    const x = scale(axis.lo, axis.hi, c.x0, c.x1);
    xAxis(c, axis.ticks, x, secondary ? "rating (dot: finishing order, ring: pairwise Elo), 95 % interval"
                                      : "Elo, 95 % interval (field average 0)");
    svgAdd(c.svg, "line", { x1: x(0), x2: x(0), y1: c.y0, y2: c.y1, stroke: "#7d8896" });
    rows.forEach((r, i) => {
      const y = c.y0 + rowH * i + rowH / 2;
      const color = botColor[r.bot];
      svgAdd(c.svg, "text", { x: c.x0 - 10, y: y + 4, "text-anchor": "end", "font-size": 13 }, r.rank + ". " + r.bot);
      const bar = (e, dy, hollow) => {
        const g = svgAdd(c.svg, "g", {});
        svgAdd(g, "line", { x1: x(e.lo95), x2: x(e.hi95), y1: y + dy, y2: y + dy, stroke: color,
                            "stroke-width": hollow ? 2 : 4, "stroke-dasharray": hollow ? "4,3" : null });
        for (const [side, open] of [[e.lo95, e.open_below], [e.hi95, e.open_above]]) {
          const dir = side === e.lo95 ? -1 : 1;
          if (open) {
            svgAdd(g, "path", { d: "M" + (x(side) + dir * 8) + " " + (y + dy) + "l" + (-dir * 8) + " -6v12z", fill: color });
          } else {
            svgAdd(g, "line", { x1: x(side), x2: x(side), y1: y + dy - 6, y2: y + dy + 6, stroke: color, "stroke-width": 2 });
          }
        }
        svgAdd(g, "circle", { cx: x(e.elo), cy: y + dy, r: hollow ? 5 : 6, fill: hollow ? "#161a1f" : color,
                              stroke: color, "stroke-width": 2 });
        svgTitle(g, r.bot + ": " + eloText(e));
      };
      if (secondary) bar(secondary(r), 7, true);
      bar(pick(r), secondary ? -5 : 0, false);
      svgAdd(c.svg, "text", { x: c.x1 + 10, y: y + 4, "font-size": 12 }, eloText(pick(r)));
    });
    return c.svg;
  }

  function versusStandings() {
    const st = data.standings;
    const rows = st.standings;
    const pick = multiplayer ? (r) => r.plackett_luce : (r) => r.elo;
    const head = ["rank", "bot", multiplayer ? "rating (finish order)" : "Elo [95 %]"]
        .concat(multiplayer ? ["pairwise Elo", "avg rank", "win %"] : [])
        .concat(["games", multiplayer ? "pairwise W-D-L" : "W-D-L", "score", "LOS next (joint fit)", "failures", "p50 ms", "max ms"]);
    const table = htmlEl("table", { class: "standings" },
                         htmlEl("tr", {}, head.map((h, i) => htmlEl("th", { class: i === 1 ? "" : "num" }, h))),
                         rows.map((r) => {
                           const h = r.health, t = h.turn_ms || {};
                           const cells = [r.rank, htmlEl("span", {}, htmlEl("span", { class: "chip", style: "background:" + botColor[r.bot] }), r.bot),
                                          eloText(pick(r))]
                               .concat(multiplayer ? [eloText(r.elo), r.average_rank.toFixed(2), pct(r.win_percent)] : [])
                               .concat([r.games, wdl(r.pairwise), pct(r.score_percent),
                                        r.los_next === null ? "-" : pct(100 * r.los_next),
                                        failureCount(r.bot, h.timeouts + h.crashes + h.invalids, h.first_failure),
                                        t.p50 === undefined ? "-" : t.p50.toFixed(2),
                                        t.max === undefined ? "-" : t.max.toFixed(1)]);
                           return htmlEl("tr", {}, cells.map((v, i) => htmlEl("td", { class: i === 1 ? "" : "num" }, v)));
                         }));
    section("Standings",
            (multiplayer ? "Ranked by a Plackett-Luce rating fitted to each game's full finishing order; the ring is the " +
                           "pairwise Elo (every pair of players of a game as a 2-player game). "
                         : "Elo from a Bradley-Terry fit over all games (a draw counts half). ") +
            "Bars are 95 % profile-likelihood intervals; an arrow marks a side the data leaves open. " +
            "LOS next (joint fit): likelihood that the bot is stronger than the next one, from that fit.",
            ratingChart(rows, pick, multiplayer ? (r) => r.elo : null), table,
            [(st.notes || {}).open_bounds, (st.notes || {}).los, "How to read every column: docs/reading-standings.md"]
                .filter(Boolean).map((t) => htmlEl("div", { class: "caption" }, t)));
  }

  function samegameStandings() {
    const rows = data.standings.standings;
    const useValidators = rows.some((r) => r.validators > 0);
    const total = (r) => (useValidators ? r.validator_total : r.total);
    // Error bars: how much the total would move on another draw of as many boards, from the
    // spread of the bot's board scores (1.96 standard errors of a sum).
    const spread = (r) => {
      const counted = data.boards.filter((b) => !useValidators || b.validator).map((b) => r.scores[b.name]);
      const scores = counted.filter(Boolean).map((s) => (s.outcome === "ok" ? s.score : 0));
      const n = scores.length;
      if (n < 2) return 0;
      const mean = scores.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) * (b - mean), 0) / (n - 1));
      return 1.96 * sd * Math.sqrt(n);
    };
    const axis = niceTicks(0, Math.max(1, ...rows.map((r) => total(r) + spread(r))), 8);
    const rowH = 30;
    const c = chart("standings", 900, 50 + rows.length * rowH, { left: 150, right: 150, top: 14, bottom: 36 });
    const x = scale(0, axis.hi, c.x0, c.x1);
    xAxis(c, axis.ticks, x, (useValidators ? "validator total" : "total over the boards played") +
                            ", error bar ±1.96 standard errors of the board scores' sum", (t) => formatInt(t));
    rows.forEach((r, i) => {
      const y = c.y0 + rowH * i + rowH / 2, e = spread(r);
      svgAdd(c.svg, "text", { x: c.x0 - 10, y: y + 4, "text-anchor": "end", "font-size": 13 }, r.rank + ". " + r.bot);
      svgTitle(svgAdd(c.svg, "rect", { x: c.x0, y: y - 9, width: Math.max(0, x(total(r)) - c.x0), height: 18,
                                       fill: botColor[r.bot], rx: 2 }), r.bot + ": " + formatInt(total(r)));
      svgAdd(c.svg, "line", { x1: x(Math.max(0, total(r) - e)), x2: x(total(r) + e), y1: y, y2: y, stroke: "#ffffff", "stroke-width": 2 });
      for (const v of [Math.max(0, total(r) - e), total(r) + e]) {
        svgAdd(c.svg, "line", { x1: x(v), x2: x(v), y1: y - 6, y2: y + 6, stroke: "#ffffff", "stroke-width": 2 });
      }
      svgAdd(c.svg, "text", { x: c.x1 + 10, y: y + 4 }, formatInt(total(r)) + (r.best_known_percent ? " (" + pct(r.best_known_percent) + ")" : ""));
    });
    const head = ["rank", "bot", "validator total", "validators passed", "% of best known", "total", "boards passed",
                  "failures", "mean ms", "max ms"];
    const table = htmlEl("table", { class: "standings" },
                         htmlEl("tr", {}, head.map((h, i) => htmlEl("th", { class: i === 1 ? "" : "num" }, h))),
                         rows.map((r) => htmlEl("tr", {}, [
                           r.rank, htmlEl("span", {}, htmlEl("span", { class: "chip", style: "background:" + botColor[r.bot] }), r.bot),
                           formatInt(r.validator_total), r.validators_passed + "/" + r.validators,
                           pct(r.best_known_total === 0 ? null : r.best_known_percent),
                           formatInt(r.total), r.boards_passed + "/" + r.boards,
                           failureCount(r.bot, r.timeouts + r.crashes + r.invalids, r.first_failure),
                           r.mean_turn_ms.toFixed(2), r.max_turn_ms.toFixed(1)].map((v, i) => htmlEl("td", { class: i === 1 ? "" : "num" }, v)))));
    section("Standings", data.standings.boards_summary
                             ? data.standings.boards_summary + ": " + data.standings.ranking
                             : "Ranked as CodinGame ranks a submit: validators passed, then the validator total " +
                               "(a failed board counts 0).", c.svg, table);
  }

  // ---- head to head ----------------------------------------------------------------------------

  // Red (0 %) to grey (50 %) to green (100 %).
  function heat(score) {
    const t = Math.max(0, Math.min(1, score));
    const mix = (a, b, u) => Math.round(a + (b - a) * u);
    const [r, g, b] = t < 0.5 ? [mix(200, 70, t * 2), mix(50, 76, t * 2), mix(50, 88, t * 2)]
                              : [mix(70, 46, (t - 0.5) * 2), mix(76, 160, (t - 0.5) * 2), mix(88, 70, (t - 0.5) * 2)];
    return "rgb(" + r + "," + g + "," + b + ")";
  }

  function headToHead() {
    const rows = data.standings.standings.map((r) => r.bot);
    const m = data.standings.head_to_head;
    const cell = 76, left = 140, top = 90;
    const c = chart("head-to-head", left + cell * rows.length + 20, top + cell * rows.length + 20,
                    { left, right: 20, top, bottom: 20 });
    rows.forEach((bot, j) => {
      svgAdd(c.svg, "text", { x: left + j * cell + cell / 2, y: top - 10, "text-anchor": "start",
                              transform: "rotate(-35 " + (left + j * cell + cell / 2) + " " + (top - 10) + ")" }, bot);
    });
    rows.forEach((bot, i) => {
      svgAdd(c.svg, "text", { x: left - 8, y: top + i * cell + cell / 2 + 4, "text-anchor": "end" }, bot);
      rows.forEach((other, j) => {
        const x = left + j * cell, y = top + i * cell;
        const r = m[bot] && m[bot][other];
        if (i === j || !r) {
          svgAdd(c.svg, "rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, fill: "#1f242b" });
          return;
        }
        const games = r.wins + r.draws + r.losses;
        const score = (r.wins + r.draws / 2) / games;
        svgTitle(svgAdd(c.svg, "rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, fill: heat(score), rx: 3 }),
                 bot + " against " + other + ": " + wdl(r) + " (" + pct(100 * score) + ")");
        svgAdd(c.svg, "text", { x: x + cell / 2, y: y + cell / 2 - 2, "text-anchor": "middle", "font-size": 15,
                                "font-weight": 700, fill: "#ffffff" }, Math.round(100 * score) + "%");
        svgAdd(c.svg, "text", { x: x + cell / 2, y: y + cell / 2 + 16, "text-anchor": "middle", "font-size": 11,
                                fill: "#e6e9ed" }, wdl(r));
      });
    });
    const pairs = data.standings.pairs || [];
    const pairTable = pairs.length ? htmlEl("table", {},
        htmlEl("tr", {}, ["pair", "W-D-L", "pentanomial 0 / ½ / 1 / 1½ / 2", "Elo (pair's games)", "LOS (pair's games)"].map((h) => htmlEl("th", {}, h))),
        pairs.map((p) => htmlEl("tr", {}, [p.a + " vs " + p.b, wdl(p.results), p.pentanomial ? p.pentanomial.join(" / ") : "-",
                                           eloText(p.elo), pct(100 * p.los)].map((v) => htmlEl("td", {}, v))))) : null;
    const gauntlet = data.standings.gauntlet;
    section("Head to head", (gauntlet ? "A gauntlet: " + gauntlet.bot + " against each other bot (the pairs below from its side). " : "") +
            "Row against column: score and wins-draws-losses" +
            (multiplayer ? " of the pairwise results (the better ranked of two players of a game wins)." : ".") +
            (pairs.some((p) => p.pentanomial) ? " Seat-swapped pairs (same seed, both seat orders) give the pentanomial counts." : ""),
            c.svg, pairTable,
            (data.standings.notes || {}).pair_open_bounds ? htmlEl("div", { class: "caption" }, data.standings.notes.pair_open_bounds) : null);
  }

  function boardHeatMap() {
    const rows = data.standings.standings;
    const boards = data.boards.map((b) => b.name);
    const best = {};
    for (const b of boards) best[b] = Math.max(1, ...rows.map((r) => (r.scores[b] ? r.scores[b].score : 0)));
    const cw = Math.max(16, Math.min(40, Math.floor(900 / Math.max(1, boards.length)))), ch = 28, left = 130, top = 60;
    const c = chart("boards", left + cw * boards.length + 20, top + ch * rows.length + 10, { left, right: 20, top, bottom: 10 });
    boards.forEach((b, j) => {
      svgAdd(c.svg, "text", { x: left + j * cw + cw / 2, y: top - 6, "font-size": 10,
                              transform: "rotate(-60 " + (left + j * cw + cw / 2) + " " + (top - 6) + ")" }, b);
    });
    rows.forEach((r, i) => {
      svgAdd(c.svg, "text", { x: left - 8, y: top + i * ch + ch / 2 + 4, "text-anchor": "end" }, r.bot);
      boards.forEach((b, j) => {
        const s = r.scores[b];
        if (!s) return;
        const failed = s.outcome !== "ok";
        svgTitle(svgAdd(c.svg, "rect", { x: left + j * cw + 1, y: top + i * ch + 1, width: cw - 2, height: ch - 2, rx: 2,
                                         fill: failed ? "#8b1e1e" : heat(0.5 + s.score / best[b] / 2) }),
                 r.bot + " on " + b + ": " + formatInt(s.score) + (failed ? " (" + s.outcome + ")" : "") +
                 " · best of the bots " + formatInt(best[b]));
        if (failed) svgAdd(c.svg, "text", { x: left + j * cw + cw / 2, y: top + i * ch + ch / 2 + 4, "text-anchor": "middle",
                                            "font-size": 11, fill: "#ffffff" }, "✗");
      });
    });
    section("Scores per board", "Each cell: the bot's score on the board against the best bot's score there " +
            "(grey: none, green: the best); red: a failed game. Hover for the numbers.", c.svg);
  }

  // ---- over the games played -----------------------------------------------------------------

  function lineChart(name, series, opts) {
    const xs = series.flatMap((s) => s.points.map((p) => p[0]));
    const ys = series.flatMap((s) => s.points.map((p) => p[1]).concat((s.band || []).flatMap((b) => [b[1], b[2]])))
                   .filter((v) => v !== null && Number.isFinite(v));
    const xa = niceTicks(Math.min(...xs, opts.xMin === undefined ? Infinity : opts.xMin), Math.max(...xs), 8);
    if (opts.integerX) xa.ticks = xa.ticks.filter((t) => Number.isInteger(t));
    const ya = opts.yRange ? niceTicks(opts.yRange[0], opts.yRange[1], 5) : niceTicks(Math.min(...ys), Math.max(...ys), 6);
    const c = chart(name, 560, 300, { left: 64, right: 14, top: 14, bottom: 40 });
    const x = scale(xa.lo, xa.hi, c.x0, c.x1), y = scale(ya.lo, ya.hi, c.y1, c.y0);
    xAxis(c, xa.ticks, x, opts.xLabel, opts.xFormat);
    yAxis(c, ya.ticks, y, opts.yLabel, opts.yFormat);
    for (const s of series) {
      if (s.band && s.band.length) {
        const upper = s.band.map((b) => x(b[0]) + "," + y(b[2]));
        const lower = s.band.slice().reverse().map((b) => x(b[0]) + "," + y(b[1]));
        svgAdd(c.svg, "polygon", { points: upper.concat(lower).join(" "), fill: s.color, opacity: 0.13 });
      }
    }
    for (const s of series) {
      const pts = s.points.filter((p) => p[1] !== null);
      svgAdd(c.svg, "polyline", { points: pts.map((p) => x(p[0]) + "," + y(p[1])).join(" "), fill: "none",
                                  stroke: s.color, "stroke-width": 2.5 });
      if (pts.length <= 60) {
        for (const p of pts) svgTitle(svgAdd(c.svg, "circle", { cx: x(p[0]), cy: y(p[1]), r: 2.5, fill: s.color }),
                                      s.name + ": " + (opts.tip ? opts.tip(p) : p[1]));
      }
    }
    return c.svg;
  }

  function progress() {
    const p = data.progress;
    if (!p || !p.games.length) return;
    const bots = data.standings.standings.map((r) => r.bot);
    const rating = lineChart("rating-over-games", bots.map((b) => ({
      name: b, color: botColor[b],
      points: p.games.map((g, k) => [g, p.bots[b].rating[k][0]]),
      band: p.games.map((g, k) => [g, p.bots[b].rating[k][1], p.bots[b].rating[k][2]]),
    })), { xLabel: "games played", yLabel: p.rating, xMin: 0, integerX: true, tip: (q) => signed(q[1]) + " after " + q[0] + " games" });
    const score = lineChart("score-over-games", bots.map((b) => ({
      name: b, color: botColor[b], points: p.games.map((g, k) => [g, p.bots[b].score[k]]),
    })), { xLabel: "games played", yLabel: multiplayer ? "pairwise score %" : "score %", yRange: [0, 100], xMin: 0, integerX: true,
           tip: (q) => q[1].toFixed(1) + " % after " + q[0] + " games" });
    section("Over the games played", "The standings recomputed after the first games, in the order they finished: " +
            "the rating with its 95 % band (left) and the score (right). Bands that still move a lot mean more games are needed.",
            legend(bots), htmlEl("div", { class: "grid-2" }, rating, score));
  }

  function samegameProgress() {
    const rows = data.standings.standings;
    const boards = data.boards.map((b) => b.name);
    if (!boards.length) return;
    const perBoard = lineChart("score-per-board", rows.map((r) => ({
      name: r.bot, color: botColor[r.bot],
      points: boards.map((b, j) => [j + 1, r.scores[b] ? r.scores[b].score : null]),
    })), { xLabel: "board (config order)", yLabel: "score", xMin: 1, integerX: true, xFormat: (t) => (boards[t - 1] || ""),
           tip: (q) => boards[q[0] - 1] + ": " + formatInt(q[1]) });
    const cumulative = lineChart("total-over-boards", rows.map((r) => {
      let sum = 0;
      return { name: r.bot, color: botColor[r.bot],
               points: boards.map((b, j) => { const s = r.scores[b]; sum += s && s.outcome === "ok" ? s.score : 0; return [j + 1, sum]; }) };
    }), { xLabel: "boards played (config order)", yLabel: "running total", xMin: 1, integerX: true, yFormat: (t) => formatInt(t),
          tip: (q) => formatInt(q[1]) + " after " + q[0] + " boards" });
    section("Score over the games played", "Each board's score (left) and the running total (right), boards in the config's order.",
            legend(rows.map((r) => r.bot)), htmlEl("div", { class: "grid-2" }, perBoard, cumulative));
  }

  // ---- turn times ------------------------------------------------------------------------------

  function turnTimes() {
    const edges = data.turn_times.edges_ms;
    const limits = data.limits || {};
    const lo = Math.log10(edges[0]), hi = Math.log10(edges[edges.length - 1]);
    const figures = [];
    for (const bot of data.bots) {
      const t = data.turn_times.bots[bot];
      if (!t) continue;
      const c = chart("turn-times-" + bot, 560, 240, { left: 48, right: 14, top: 52, bottom: 40 });
      const x = scale(lo, hi, c.x0, c.x1);
      const maxCount = Math.max(1, ...t.first.map((v, i) => v + t.later[i]));
      const y = scale(0, maxCount, c.y1, c.y0);
      const decades = [];
      for (let d = Math.ceil(lo); d <= hi; ++d) decades.push(d);
      xAxis(c, decades, x, "time per turn (log scale)", (d) => formatMs(Math.pow(10, d)));
      yAxis(c, niceTicks(0, maxCount, 4).ticks.filter((v) => v <= maxCount), y, "turns");
      t.later.forEach((count, i) => {
        const x0 = x(Math.log10(edges[i])), x1 = x(Math.log10(edges[i + 1]));
        const total = count + t.first[i];
        if (count) svgAdd(c.svg, "rect", { x: x0, y: y(count), width: Math.max(1, x1 - x0 - 0.5), height: c.y1 - y(count), fill: botColor[bot] });
        if (t.first[i]) svgAdd(c.svg, "rect", { x: x0, y: y(total), width: Math.max(1, x1 - x0 - 0.5), height: y(count) - y(total),
                                                fill: "#ffffff", opacity: 0.75 });
        if (total) svgTitle(svgAdd(c.svg, "rect", { x: x0, y: c.y0, width: Math.max(1, x1 - x0), height: c.y1 - c.y0, fill: "transparent" }),
                            formatMs(edges[i]) + " - " + formatMs(edges[i + 1]) + ": " + count + " later turns, " + t.first[i] + " first turns");
      });
      // The later turns' limit is labelled on the left of its line, the first turn's on the right.
      for (const [limit, label, side] of [[limits.later_ms, "limit", -1], [limits.first_ms, "first-turn limit", 1]]) {
        if (!limit) continue;
        const lx = x(Math.log10(limit));
        svgAdd(c.svg, "line", { x1: lx, x2: lx, y1: c.y0 - 14, y2: c.y1, stroke: "#ff4d4d", "stroke-width": 2, "stroke-dasharray": "5,3" });
        svgAdd(c.svg, "text", { x: lx + 4 * side, y: c.y0 - 2, "text-anchor": side < 0 ? "end" : "start",
                                fill: "#ff8080", "font-size": 11 },
               label + " " + formatMs(limit));
      }
      const s = t.summary || {};
      svgAdd(c.svg, "text", { x: c.x0, y: 16, "font-size": 13, "font-weight": 700 }, bot);
      svgAdd(c.svg, "text", { x: c.x0, y: 32, "font-size": 11, fill: "#9aa4b1" },
             (s.turns ? s.turns + " turns · p50 " + formatMs(s.p50) + " · p90 " + formatMs(s.p90) + " · p99 " +
                        formatMs(s.p99) + " · max " + formatMs(s.max) : "no answered turn") +
             // Start-ups that held the first turn's clock back (not charged, as on CodinGame).
             (s.startup ? " · start-up (" + s.startup.games + " games, not charged) mean " + formatMs(s.startup.mean) +
                          ", max " + formatMs(s.startup.max) : ""));
      figures.push(c.svg);
    }
    section("Turn times against the limit", "Every answered turn of each bot, binned on a log scale (white: first turns, " +
            "which have their own, longer limit). Red lines: the limits the games ran with.",
            htmlEl("div", { class: "grid-2" }, figures));
  }

  // ---- failures --------------------------------------------------------------------------------

  function failures() {
    const list = data.failures;
    if (!list.length) {
      section("Failures", "No timeouts, crashes or invalid answers in " + data.games_played + " games.");
      return;
    }
    const counts = {};
    for (const f of list) for (const s of f.seats) {
      counts[s.bot] = counts[s.bot] || { timeout: 0, crash: 0, invalid: 0 };
      counts[s.bot][s.outcome] = (counts[s.bot][s.outcome] || 0) + 1;
    }
    const summary = htmlEl("div", { class: "legend" }, Object.keys(counts).map((b) => htmlEl(
        "span", {}, htmlEl("span", { class: "chip", style: "background:" + (botColor[b] || "#888") }),
        b + ": " + ["timeout", "crash", "invalid"].filter((k) => counts[b][k]).map((k) => counts[b][k] + " " + k).join(", "))));
    const rows = [];
    for (const f of list) {
      for (const s of f.seats) {
        const where = f.testcase || (f.seed !== null ? "seed " + f.seed : "");
        // Each failure opens its replay at the failing turn (replays/<game>.html#turn=N).
        const replay = f.replay ? replayAtTurn(f.replay, s.turn) : null;
        rows.push(htmlEl("tr", {},
          htmlEl("td", {}, replay ? htmlEl("a", { href: replay }, f.id) : f.id,
                 htmlEl("div", { class: "muted" }, where), htmlEl("div", { class: "muted" }, "log: " + f.log)),
          htmlEl("td", {}, htmlEl("span", { class: "chip", style: "background:" + (botColor[s.bot] || "#888") }), s.bot,
                 htmlEl("div", { class: "muted" }, "seat " + s.seat)),
          htmlEl("td", { class: "bad" }, s.outcome),
          htmlEl("td", { class: "num" }, s.turn === undefined ? "-"
                                         : replay ? htmlEl("a", { href: replay, title: "open the replay at turn " + s.turn }, String(s.turn))
                                                  : String(s.turn)),
          // The referee's words with the bots' names for CodinGame's "$0", "$1".
          htmlEl("td", {}, s.error ? htmlEl("span", { class: "referee-text" }, withPlayerNames(s.error, f.players)) : s.detail,
                 s.error && s.detail ? htmlEl("div", { class: "muted" }, s.detail) : null,
                 s.timing ? htmlEl("div", { class: s.load ? "bad" : "muted" }, s.timing) : null,
                 s.time_ms !== undefined ? htmlEl("div", { class: "muted" }, formatMs(s.time_ms) + " of " + formatMs(s.limit_ms) +
                                                  (s.output === null ? ", no answer" : ", answered '" + String(s.output).slice(0, 40) + "'")) : null,
                 s.stderr_tail ? htmlEl("details", {}, htmlEl("summary", {}, "stderr (end)"), htmlEl("pre", {}, s.stderr_tail)) : null)));
      }
    }
    const capped = list.filter((f) => !f.replay).length;
    const listed = failedGames > list.length
      ? failedGames + " failed games; the first " + list.length + " by game id are listed"
      : list.length + " failed game" + (list.length === 1 ? "" : "s");
    section("Failures", listed + ". The game's name opens its replay " +
            "(replays/<game>.html) and the turn its replay at the failing turn (#turn=N)" + (capped ? "; " + capped + " without a replay page (over the cap of " + data.replays_cap +
            ", or the log is missing): `arena view games/<game>.json` makes one." : "."),
            summary,
            htmlEl("table", { class: "failures" },
                   htmlEl("tr", {}, ["game", "bot", "outcome", "turn", "what happened"].map((h) => htmlEl("th", {}, h))), rows));
  }

  // ---- the page --------------------------------------------------------------------------------

  if (versus) {
    versusStandings();
    headToHead();
    progress();
  } else {
    samegameStandings();
    boardHeatMap();
    samegameProgress();
  }
  turnTimes();
  failures();

  if (pageParams().selftest) {
    const problems = [];
    for (const [name, svg] of charts) {
      if (svg.querySelectorAll("rect,circle,polyline,line,path").length < 3) problems.push("chart " + name + " is empty");
      if (!svg.isConnected) problems.push("chart " + name + " is not on the page");
    }
    const expected = versus ? ["standings", "head-to-head", "rating-over-games", "score-over-games"]
                            : ["standings", "boards", "score-per-board", "total-over-boards"];
    for (const name of expected) {
      if (data.games_played && !charts.some(([n]) => n === name)) problems.push("no chart " + name);
    }
    const links = document.querySelectorAll("table.failures td:first-child a").length;
    const withReplay = data.failures.filter((f) => f.replay).length;
    if (links < withReplay) problems.push(links + " replay links for " + withReplay + " replay pages");
    // Every failure with a known turn links to its replay at that turn.
    let turnLinks = 0;
    for (const f of data.failures) {
      for (const s of f.seats) {
        if (!f.replay || !s.turn) continue;
        const want = f.replay + "#turn=" + s.turn;
        if ([...document.querySelectorAll("table.failures a")].some((a) => a.getAttribute("href") === want)) ++turnLinks;
        else problems.push("no link to " + want);
      }
    }
    // Names, not placeholders: no referee text on the page says "$0" or "$1".
    for (const el of document.querySelectorAll(".referee-text")) {
      if (/\$\d/.test(el.textContent)) problems.push("a placeholder left in '" + el.textContent + "'");
    }
    const errors = window.arenaErrors.slice();
    const passed = problems.length === 0 && errors.length === 0;
    const out = document.getElementById("selftest-result");
    out.textContent = "SELFTEST " + (passed ? "PASS" : "FAIL") + " report=" + data.game + " charts=" + charts.length +
                      " failure_links=" + links + " turn_links=" + turnLinks + "\n" + errors.map((e) => "script error: " + e).concat(problems).join("\n");
    out.hidden = false;
    document.title = "SELFTEST " + (passed ? "PASS" : "FAIL");
  }
})();
