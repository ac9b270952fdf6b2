// Small helpers to build SVG and HTML from script, shared by the replay viewer and the report.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// An SVG element with attributes; `text` becomes its text content.
function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG_NS, name);
  for (const key in attrs || {}) {
    if (attrs[key] !== undefined && attrs[key] !== null) el.setAttribute(key, attrs[key]);
  }
  if (text !== undefined) el.textContent = String(text);
  return el;
}

// Appends a new SVG element to `parent` and returns it.
function svgAdd(parent, name, attrs, text) {
  const el = svgEl(name, attrs, text);
  parent.appendChild(el);
  return el;
}

// A hover tooltip (SVG <title>) on an element.
function svgTitle(el, text) {
  svgAdd(el, "title", {}, text);
  return el;
}

// An HTML element with attributes and children (strings become text nodes).
function htmlEl(name, attrs, ...children) {
  const el = document.createElement(name);
  for (const key in attrs || {}) {
    const value = attrs[key];
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    el.appendChild(typeof child === "string" || typeof child === "number"
                       ? document.createTextNode(String(child)) : child);
  }
  return el;
}

// The JSON data block the arena embedded in the page.
function embeddedData(id) {
  const el = document.getElementById(id);
  return JSON.parse(el.textContent);
}

// A text cut to `max` characters, with an ellipsis when cut.
function clip(text, max) {
  text = String(text);
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

function formatMs(ms) {
  if (ms === null || ms === undefined) return "-";
  if (ms >= 1000) return (ms / 1000).toFixed(2) + " s";
  if (ms >= 10) return ms.toFixed(1) + " ms";
  return ms.toFixed(2) + " ms";
}

function formatInt(n) {
  return Number(n).toLocaleString("en-US");
}

// Query-string parameters of the page (?turn=12&selftest=1).
function pageParams() {
  const params = {};
  const query = window.location.search.replace(/^\?/, "") + "&" +
                window.location.hash.replace(/^#/, "");
  for (const part of query.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    params[key] = eq < 0 ? "1" : decodeURIComponent(part.slice(eq + 1));
  }
  return params;
}

// Referee texts name players as CodinGame's "$0", "$1" (the site puts in nicknames): the bots'
// names instead, for what the pages show. `players` in seat order: a log's players ({name}) or
// a report's names.
function withPlayerNames(text, players) {
  return String(text).replace(/\$(\d)/g, (whole, seat) => {
    const player = players ? players[+seat] : undefined;
    if (player === undefined || player === null) return whole;
    return typeof player === "string" ? player : player.name;
  });
}

// The address of a replay page opened at `turn` (replays/<game>.html#turn=12): the replay reads
// the turn from the address, also when only the part after '#' changes.
function replayAtTurn(page, turn) {
  return turn ? page + "#turn=" + turn : page;
}
