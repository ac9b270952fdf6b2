// The replay viewer: steps through the turns of one match log (docs/match-log.md), draws the board
// with the game's module (games/*.js) and shows each turn's input, output, stderr and time.
//
// Steps: step i < n shows turn i + 1 (the position the bot was given, with its answer drawn on
// it); step n shows the end of the game. URL parameters: ?turn=K or #turn=K opens turn K (or
// "end"; the report links to a failed game's failing turn this way, and a changed #turn=K moves
// the open page there), ?selftest=1 runs the self-test below and writes its verdict into
// #selftest-result.
"use strict";

window.ArenaGames = window.ArenaGames || {};

// Any game without a picture: the text panels still work.
const GenericGame = {
  colors(log) {
    return log.players.map((_, i) => ["#f2b213", "#22a1e4", "#ff1d5c", "#6ac371"][i % 4]);
  },
  build(log) {
    return { frames: log.turns.map((t) => ({ turn: t })).concat([{ end: true }]), problems: [] };
  },
  draw(svg, frame, ctx) {
    svg.setAttribute("viewBox", "0 0 400 120");
    svgAdd(svg, "text", { x: 200, y: 50, fill: "#9aa4b1", "text-anchor": "middle", "font-size": 16 },
           "No picture for the game '" + ctx.log.game + "'.");
    svgAdd(svg, "text", { x: 200, y: 80, fill: "#e6e9ed", "text-anchor": "middle", "font-size": 16 },
           frame.end ? "end of the game" : "turn " + frame.turn.turn);
  },
};

(function main() {
  const log = embeddedData("match-log");
  const turns = log.turns || [];
  const stepCount = turns.length + 1;
  const svg = document.getElementById("board");
  const panel = document.getElementById("panel");
  const slider = document.getElementById("slider");
  const label = document.getElementById("step-label");
  const speed = document.getElementById("speed");
  const playIcon = document.getElementById("play-icon");

  let game = window.ArenaGames[log.game] || GenericGame;
  let model;
  try {
    model = game.build(log);
  } catch (e) {
    // A log the game module cannot read (another version, a hand-edited file): show the text.
    window.arenaErrors.push("cannot draw this log: " + (e && e.stack || e));
    game = GenericGame;
    model = game.build(log);
  }
  const colors = game.colors(log);
  let step = 0;
  let timer = null;

  // "$0", "$1" in referee texts become the bots' names (svg.js). htmlEl sets text, so a name
  // cannot inject markup.
  function named(text) {
    return withPlayerNames(text, log.players);
  }

  // ---- header ----------------------------------------------------------------------------
  function renderHeader() {
    const header = document.getElementById("header");
    const where = [];
    if (log.testcase) where.push(log.testcase);
    if (log.seed !== null && log.seed !== undefined) where.push("seed " + log.seed);
    const result = log.result || {};
    const players = log.players.map((p, i) => {
      const outcome = result.outcomes ? result.outcomes[i] : "";
      return htmlEl("span", { class: "player", title: p.command || "" },
                    htmlEl("span", { class: "chip", style: "background:" + colors[i] }),
                    htmlEl("b", {}, p.name), " ",
                    result.scores ? htmlEl("span", { class: "muted" },
                                           "score " + result.scores[i] + ", rank " + result.ranks[i]) : "",
                    outcome && outcome !== "ok" ? htmlEl("span", { class: "bad" }, " " + outcome) : "");
    });
    header.append(htmlEl("h1", {}, log.game + (where.length ? " — " + where.join(", ") : "")),
                  htmlEl("div", { class: "players" }, players),
                  htmlEl("span", { class: "muted" }, turns.length + " turns" +
                         (result.reason ? " · " + named(result.reason) : "")));
  }

  // ---- the text panel ----------------------------------------------------------------------
  function section(title, ...content) {
    return htmlEl("div", {}, htmlEl("div", { class: "section-label" }, title), ...content);
  }

  function timeBar(t) {
    const ratio = t.limit_ms > 0 ? t.time_ms / t.limit_ms : 0;
    const color = ratio > 1 ? "var(--bad)" : ratio > 0.8 ? "var(--warn)" : "var(--ok)";
    const text = formatMs(t.time_ms) + " of " + formatMs(t.limit_ms) + " (" +
                 (100 * ratio).toFixed(ratio < 0.1 ? 1 : 0) + " %)";
    return htmlEl("div", { class: "timebar", title: text },
                  htmlEl("div", { class: "fill", style: "width:" + Math.min(100, 100 * ratio) +
                                                       "%;background:" + color }),
                  htmlEl("div", { class: "label" }, text));
  }

  function renderTurnPanel(t) {
    const seat = t.player;
    const name = log.players[seat] ? log.players[seat].name : "seat " + seat;
    panel.append(htmlEl("div", { class: "turn-title" },
                        htmlEl("span", { class: "chip", style: "background:" + colors[seat] }),
                        "Turn " + t.turn + " of " + turns.length + " · seat " + seat + " · " + name));
    if (t.error) panel.append(htmlEl("div", { class: "error-banner" }, named(t.error)));
    panel.append(section("output", htmlEl("pre", { class: "box output" },
                                          t.output === null || t.output === undefined
                                              ? "(no answer)" : t.output)));
    if (t.summary) panel.append(section("referee", htmlEl("pre", { class: "box referee-text" }, named(t.summary))));
    panel.append(section("time against the limit", timeBar(t)));
    const stderr = t.stderr || "";
    panel.append(section("stderr" + (t.stderr_truncated ? " (cut at 8 KiB)" : ""),
                         htmlEl("pre", { class: "box" + (stderr ? "" : " muted") },
                                stderr || "(nothing)")));
    panel.append(section("input", htmlEl("pre", { class: "box" }, t.input || "")));
    // The referee's state text names players as "$0", "$1" too (Tsuro).
    if (t.state) panel.append(section("state", htmlEl("pre", { class: "box muted referee-text" }, named(t.state))));
  }

  function renderEndPanel() {
    const result = log.result || {};
    panel.append(htmlEl("div", { class: "turn-title" }, "End of the game"));
    if (result.reason) panel.append(htmlEl("div", { class: "card" }, named(result.reason)));
    const rows = log.players.map((p, i) => htmlEl(
        "tr", {},
        htmlEl("td", {}, htmlEl("span", { class: "chip", style: "background:" + colors[i] }), p.name),
        htmlEl("td", { class: "num" }, result.scores ? String(result.scores[i]) : "-"),
        htmlEl("td", { class: "num" }, result.ranks ? String(result.ranks[i]) : "-"),
        htmlEl("td", { class: result.outcomes && result.outcomes[i] !== "ok" ? "bad" : "" },
               result.outcomes ? result.outcomes[i] : "-"),
        htmlEl("td", { class: "muted" }, result.details ? result.details[i] : "")));
    panel.append(htmlEl("table", {},
                        htmlEl("tr", {}, htmlEl("th", {}, "bot"), htmlEl("th", { class: "num" }, "score"),
                               htmlEl("th", { class: "num" }, "rank"), htmlEl("th", {}, "outcome"),
                               htmlEl("th", {}, "process")),
                        rows));
    const times = log.players.map((p, i) => {
      const mine = turns.filter((t) => t.player === i && t.output !== null && t.output !== undefined);
      const max = mine.reduce((m, t) => Math.max(m, t.time_ms), 0);
      return p.name + ": " + mine.length + " answers, slowest " + formatMs(max);
    });
    panel.append(section("turn times", htmlEl("pre", { class: "box" }, times.join("\n"))));
    if (log.duration_ms !== undefined) {
      panel.append(htmlEl("div", { class: "muted" }, "game played in " + formatMs(log.duration_ms)));
    }
  }

  // ---- drawing a step ----------------------------------------------------------------------
  function render(newStep) {
    step = Math.max(0, Math.min(stepCount - 1, newStep));
    const frame = model.frames[step];
    const isEnd = step === stepCount - 1;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    game.draw(svg, frame, { log, colors, step, isEnd });
    while (panel.firstChild) panel.removeChild(panel.firstChild);
    if (isEnd) renderEndPanel();
    else renderTurnPanel(turns[step]);
    slider.value = String(step);
    label.textContent = isEnd ? "end (" + turns.length + " turns)"
                              : "turn " + (step + 1) + " / " + turns.length;
  }

  // ---- controls ----------------------------------------------------------------------------
  function setPlaying(on) {
    if (timer) clearInterval(timer);
    timer = null;
    if (on) {
      if (step >= stepCount - 1) render(0);
      timer = setInterval(() => {
        if (step >= stepCount - 1) setPlaying(false);
        else render(step + 1);
      }, Number(speed.value));
    }
    playIcon.setAttribute("d", on ? "M3 2h4v12H3zM9 2h4v12H9z" : "M4 2v12l10-6z");
  }
  const playing = () => timer !== null;

  // Buttons give the focus back to the page, so that Space and the arrows keep their meaning.
  for (const button of document.querySelectorAll("#controls button")) {
    button.addEventListener("click", () => button.blur());
  }
  document.getElementById("btn-first").addEventListener("click", () => render(0));
  document.getElementById("btn-prev").addEventListener("click", () => render(step - 1));
  document.getElementById("btn-next").addEventListener("click", () => render(step + 1));
  document.getElementById("btn-last").addEventListener("click", () => render(stepCount - 1));
  document.getElementById("btn-play").addEventListener("click", () => setPlaying(!playing()));
  speed.addEventListener("change", () => { if (playing()) setPlaying(true); });
  slider.addEventListener("input", () => render(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.target === speed || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowLeft: () => render(step - 1), ArrowRight: () => render(step + 1),
                    Home: () => render(0), End: () => render(stepCount - 1),
                    " ": () => setPlaying(!playing()) };
    if (moves[e.key]) {
      moves[e.key]();
      e.preventDefault();
    }
  });

  // The step a "turn" parameter asks for ("end", or a turn number), or null for none.
  function stepOfTurn(turn) {
    if (turn === "end") return stepCount - 1;
    if (turn) return Math.max(1, Number(turn) || 1) - 1;
    return null;
  }

  renderHeader();
  slider.max = String(stepCount - 1);
  const params = pageParams();
  render(stepOfTurn(params.turn) || 0);
  const openedAt = step;  // for the self-test: where the address opened the page
  // An address typed or a link followed within the page (#turn=K) moves to that turn.
  window.addEventListener("hashchange", () => {
    const wanted = stepOfTurn(pageParams().turn);
    if (wanted === null) return;
    setPlaying(false);
    render(wanted);
  });
  if (model.problems.length && !params.selftest) {
    // The log and the picture disagree: say so instead of drawing something wrong silently.
    document.getElementById("main").before(htmlEl(
        "div", { class: "error-banner", style: "margin:8px 16px" },
        "The picture may not match the log:\n" + model.problems.slice(0, 5).join("\n")));
  }
  if (params.selftest) selfTest();

  // ---- self-test (?selftest=1) -------------------------------------------------------------
  // Steps through every turn with the buttons, the keyboard, the slider and play/pause, and
  // checks that each step draws something different from the step before, that the game module
  // found the log consistent with its own rules (model.problems), and that no script failed.
  async function selfTest() {
    const problems = model.problems.slice();
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    const expect = (what, want) => {
      if (step !== want) problems.push(what + ": at step " + step + ", expected " + want);
    };
    const drawings = [];
    document.getElementById("btn-first").click();
    expect("first button", 0);
    for (let i = 0; i < stepCount; ++i) {
      drawings.push(svg.innerHTML);
      if (svg.childElementCount < 3) problems.push("step " + i + " drew almost nothing");
      // Names, not placeholders, in the referee's texts (summary, state).
      for (const el of document.querySelectorAll(".referee-text")) {
        if (/\$\d/.test(el.textContent)) problems.push("step " + i + ": a placeholder left in '" + el.textContent + "'");
      }
      if (i + 1 < stepCount) {
        document.getElementById("btn-next").click();
        expect("next button", i + 1);
      }
    }
    let distinct = 1;
    for (let i = 1; i < drawings.length; ++i) {
      if (drawings[i] !== drawings[i - 1]) ++distinct;
      else problems.push("step " + i + " draws the same picture as step " + (i - 1));
    }
    key("ArrowLeft");
    expect("ArrowLeft from the end", stepCount - 2);
    key("Home");
    expect("Home", 0);
    key("ArrowRight");
    expect("ArrowRight", Math.min(1, stepCount - 1));
    key("End");
    expect("End", stepCount - 1);
    document.getElementById("btn-prev").click();
    expect("previous button", stepCount - 2);
    document.getElementById("btn-last").click();
    expect("last button", stepCount - 1);
    slider.value = String(Math.floor(stepCount / 2));
    slider.dispatchEvent(new Event("input"));
    expect("slider", Math.floor(stepCount / 2));
    if (drawings[0] === svg.innerHTML && stepCount > 2) problems.push("slider did not redraw");
    // Play from the start at the fastest speed, then pause: the turn moves only while playing.
    render(0);
    speed.value = "50";
    document.getElementById("btn-play").click();
    await wait(180);
    if (stepCount > 1 && step === 0) problems.push("play did not advance");
    if (playing()) document.getElementById("btn-play").click();  // a short game ends by itself
    if (playing()) problems.push("the play button did not pause");
    const paused = step;
    await wait(300);
    if (step !== paused) problems.push("pause did not stop the replay");
    // The address moves the page: #turn=K opens turn K, "end" the end.
    const hashMoved = new Promise((resolve) => window.addEventListener("hashchange", resolve, { once: true }));
    const target = window.location.hash === "#turn=2" ? "end" : "2";  // a change, whatever opened it
    window.location.hash = "turn=" + target;
    await Promise.race([hashMoved, wait(1000)]);
    expect("#turn=" + target, stepOfTurn(target));
    const errors = window.arenaErrors.slice();
    const passed = problems.length === 0 && errors.length === 0;
    const out = document.getElementById("selftest-result");
    out.textContent = "SELFTEST " + (passed ? "PASS" : "FAIL") + " game=" + log.game +
                      " steps=" + stepCount + " distinct=" + distinct +
                      " opened=" + (openedAt === stepCount - 1 ? "end" : "turn " + (openedAt + 1)) + "\n" +
                      errors.map((e) => "script error: " + e).concat(problems).join("\n");
    out.hidden = false;
    document.title = "SELFTEST " + (passed ? "PASS" : "FAIL");
  }
})();
