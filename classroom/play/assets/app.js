// qtool classroom page. The protocol is described in docs/classroom.md:
// one Server-Sent Events stream per search, POST /api/control to steer it,
// POST /api/check and /api/complete for the "your turn" board.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  es: null,          // the EventSource of the running search
  session: "",
  n: 4,
  frame: null,       // last frame shown
  tab: "watch",
  hand: new Map(),   // "r,c" -> [r, c]: the queens placed by hand
  mark: [],          // squares outlined (the attacking pair)
  info: null,
};

function files(n, c) { return n <= 26 ? String.fromCharCode(97 + c) : String(c); }
function squareName(n, r, c) { return n <= 26 ? files(n, c) + (r + 1) : "(" + r + "," + c + ")"; }
function delay() {
  const v = Number($("speed").value);
  return Math.round(2000 * Math.pow(1 - v / 100, 2));
}
function readN() {
  const n = Number($("n").value);
  if (!Number.isInteger(n) || n < 1 || n > 32) {
    say("status", "Choose n from 1 to 32: larger boards are too big to show square by square (qtool count handles them).");
    return 0;
  }
  return n;
}
function say(id, text) { $(id).textContent = text; }

// ---- the board ----

const markWords = { "Q": "queen", "!": "queen under attack", "?": "being tested", "x": "attacked", ".": "free" };

// drawBoard draws rows of marks (Q ! ? x .) and outlines the squares of mark.
function drawBoard(n, rows, mark) {
  const board = $("board");
  board.style.setProperty("--n", n);
  board.setAttribute("aria-label", n + " by " + n + " board");
  const marked = new Set((mark || []).map((s) => s[0] + "," + s[1]));
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.sq : null;
  board.replaceChildren();
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "brow";
    for (let c = 0; c < n; c++) {
      const ch = rows[r][c];
      const cell = document.createElement("button");
      cell.type = "button";
      cell.setAttribute("role", "gridcell");
      cell.className = "cell " + ((r + c) % 2 ? "dark" : "light");
      cell.dataset.r = r;
      cell.dataset.c = c;
      cell.dataset.sq = r + "," + c;
      cell.dataset.mark = ch;
      if (ch === "Q" || ch === "!") cell.classList.add("queen");
      if (ch === "!") cell.classList.add("conflict");
      if (ch === "?") cell.classList.add("tested");
      if (ch === "x") cell.classList.add("attacked");
      if (marked.has(r + "," + c)) cell.classList.add("pair");
      cell.textContent = ch === "Q" || ch === "!" ? "♛" : "";
      if (n <= 26 && r === 0) cell.appendChild(coord("file", files(n, c)));
      if (n <= 26 && c === 0) cell.appendChild(coord("rank", String(r + 1)));
      let label = squareName(n, r, c) + ": " + markWords[ch];
      if (marked.has(r + "," + c)) label += ", in the attacking pair";
      cell.setAttribute("aria-label", label);
      cell.tabIndex = -1;
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  const first = board.querySelector(focused ? '[data-sq="' + focused + '"]' : ".cell");
  if (first) first.tabIndex = 0;
  if (focused && first) first.focus();
}

function coord(kind, text) {
  const s = document.createElement("span");
  s.className = "coord " + kind;
  s.setAttribute("aria-hidden", "true");
  s.textContent = text;
  return s;
}

function emptyRows(n) { return Array.from({ length: n }, () => ".".repeat(n)); }

// ---- watching a search ----

function showFrame(f) {
  state.frame = f;
  drawBoard(f.n, f.board, f.conflict);
  say("step-no", f.major || f.kind === "start" ? String(f.step) : f.step + " (in progress)");
  say("status", f.text);
  const notes = $("notes");
  notes.replaceChildren();
  for (const t of f.notes || []) {
    const li = document.createElement("li");
    li.textContent = t;
    notes.appendChild(li);
  }
  showCounters(f.counters, f.solutions);
  if (tree.query && f.at) updateTree(f.at);
  const box = $("levels-box");
  const levels = $("levels");
  levels.replaceChildren();
  box.hidden = !(f.levels && f.levels.length);
  for (const l of f.levels || []) {
    const li = document.createElement("li");
    li.textContent = l.item + (l.option ? " → " + l.option : "") + " · active: " + (l.active.length ? l.active.join(" ") : "none");
    levels.appendChild(li);
  }
}

// ---- the search tree ----

const tree = { want: 0, busy: false, query: "" };

// updateTree asks for the tree up to event at of the running search, one
// request at a time (the last asked for wins).
function updateTree(at) {
  tree.want = at;
  if (!tree.busy) fetchTree();
}

async function fetchTree() {
  const at = tree.want;
  const q = tree.query;
  if (!q) return;
  tree.busy = true;
  try {
    const res = await fetch("/api/tree.svg?" + q + "&at=" + at);
    const text = await res.text();
    if (q !== tree.query) return;
    if (!res.ok) {
      let msg = res.statusText;
      try { msg = JSON.parse(text).error; } catch (e) { /* keep the status */ }
      say("tree-info", msg);
      $("tree").replaceChildren();
      return;
    }
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    $("tree").replaceChildren(svg);
    const nodes = svg.querySelectorAll(".tnode");
    const cur = svg.querySelector(".tnode.current") || nodes[0];
    if (cur) cur.setAttribute("tabindex", "0");
    say("tree-info", svg.getAttribute("aria-label"));
    document.body.dataset.treeAt = String(at);
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest", inline: "center" });
  } catch (e) {
    say("tree-info", String(e));
  } finally {
    tree.busy = false;
    if (tree.want !== at && q === tree.query) fetchTree();
  }
}

function resetTree(query) {
  tree.query = query;
  tree.want = 0;
  $("tree").replaceChildren();
  say("tree-info", query ? "" : "Min-conflicts is a local search: it walks from board to board and has no search tree.");
}

// showNode draws the board of a tree node.
function showNode(g) {
  const rows = g.dataset.board.split("/");
  drawBoard(rows.length, rows, []);
  say("status", g.getAttribute("aria-label"));
  for (const o of $("tree").querySelectorAll(".tnode.chosen")) o.classList.remove("chosen");
  g.classList.add("chosen");
  document.body.dataset.node = g.dataset.node;
}

function showCounters(counters, solutions) {
  const dl = $("counters");
  dl.replaceChildren();
  for (const c of counters || []) {
    const dt = document.createElement("dt");
    dt.textContent = c.name;
    const dd = document.createElement("dd");
    dd.textContent = c.value.toLocaleString("en");
    dd.id = "counter-" + c.name;
    dl.append(dt, dd);
  }
}

function stopStream() {
  if (state.es) state.es.close();
  state.es = null;
  state.session = "";
  delete document.body.dataset.session;
}

function startSearch() {
  const n = readN();
  if (!n) return;
  stopStream();
  state.n = n;
  say("result", "");
  say("status", "starting…");
  const method = $("method").value;
  resetTree(method === "minconflicts" ? "" : "n=" + n + "&method=" + encodeURIComponent(method));
  const es = new EventSource("/api/stream?n=" + n + "&method=" + encodeURIComponent(method) + "&events=" + $("events").value);
  state.es = es;
  es.addEventListener("hello", (ev) => {
    const d = JSON.parse(ev.data);
    state.session = d.session;
    document.body.dataset.session = d.session;
    document.body.dataset.frames = "0";
    showFrame(d.frame);
    control("speed", { delay: delay() });
  });
  es.addEventListener("frame", (ev) => {
    showFrame(JSON.parse(ev.data));
    document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1);
  });
  es.addEventListener("progress", (ev) => {
    const d = JSON.parse(ev.data);
    showCounters(d.counters, d.solutions);
    say("status", (d.mode === "finish" ? "counting the rest at full speed…" : "searching for the next solution…"));
  });
  es.addEventListener("done", (ev) => {
    const d = JSON.parse(ev.data);
    showCounters(d.counters, d.solutions);
    say("result", d.text);
    document.body.dataset.done = String(d.solutions);
    stopStream();
  });
  es.addEventListener("refused", (ev) => {
    say("status", JSON.parse(ev.data).message);
    stopStream();
  });
  es.onerror = () => {
    if (state.es === es) {
      say("status", "the connection to qtool play was lost; press New search to start again");
      stopStream();
    }
  };
  return es;
}

async function control(action, extra) {
  if (!state.session) {
    if (action === "speed" || action === "events" || action === "pause") return;
    if (!startSearch()) return;
    await new Promise((resolve) => state.es.addEventListener("hello", resolve, { once: true }));
  }
  const body = Object.assign({ session: state.session, action: action }, extra || {});
  if (action === "run") body.delay = delay();
  const res = await fetch("/api/control", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) {
    const d = await res.json().catch(() => ({ error: res.statusText }));
    say("result", d.error);
  }
  document.body.dataset.control = action; // the last command the server took
}

// ---- your turn ----

function handSquares() { return Array.from(state.hand.values()).sort((a, b) => a[0] - b[0] || a[1] - b[1]); }

function drawHand() {
  const n = state.n;
  const rows = emptyRows(n).map((s) => s.split(""));
  for (const [r, c] of state.hand.values()) if (r < n && c < n) rows[r][c] = "Q";
  drawBoard(n, rows.map((r) => r.join("")), state.mark);
  const q = handSquares().map((s) => s[0] + "," + s[1]).join("_");
  const mark = state.mark.map((s) => s[0] + "," + s[1]).join("_");
  const args = "n=" + n + "&q=" + encodeURIComponent(q) + (mark ? "&mark=" + encodeURIComponent(mark) : "");
  $("dl-txt").href = "/api/board.txt?" + args;
  $("dl-txt").download = "queens-" + n + ".txt";
  $("dl-svg").href = "/api/board.svg?" + args;
  $("dl-svg").download = "queens-" + n + ".svg";
}

async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const d = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(d.error || res.statusText);
  return d;
}

async function check() {
  try {
    const v = await post("/api/check", { n: state.n, queens: handSquares() });
    state.mark = v.pair || [];
    drawHand();
    say("verdict", v.message);
    $("verdict").className = v.legal ? "legal" : "illegal";
  } catch (e) { say("verdict", e.message); }
}

async function complete() {
  say("verdict", "asking " + $("backend").value + " for a completion…");
  try {
    const d = await post("/api/complete", { n: state.n, queens: handSquares(), backend: $("backend").value });
    state.mark = d.verdict && d.verdict.pair ? d.verdict.pair : [];
    if (d.status === "found") {
      state.hand.clear();
      for (const [r, c] of d.queens) state.hand.set(r + "," + c, [r, c]);
    }
    drawHand();
    say("verdict", d.message);
    $("verdict").className = d.status === "found" ? "legal" : d.status === "unknown" ? "" : "illegal";
  } catch (e) { say("verdict", e.message); }
}

function toggle(r, c) {
  const k = r + "," + c;
  if (state.hand.has(k)) state.hand.delete(k); else state.hand.set(k, [r, c]);
  state.mark = [];
  say("verdict", "");
  $("verdict").className = "";
  drawHand();
}

// ---- tabs, keys, wiring ----

function setTab(tab) {
  state.tab = tab;
  $("tab-watch").setAttribute("aria-selected", String(tab === "watch"));
  $("tab-turn").setAttribute("aria-selected", String(tab === "turn"));
  $("watch-panel").hidden = tab !== "watch";
  $("turn-panel").hidden = tab !== "turn";
  $("panel").hidden = tab !== "watch";
  document.body.dataset.tab = tab;
  if (tab === "turn") {
    stopStream();
    const n = readN();
    if (!n) return;
    if (n !== state.n) state.hand.clear();
    state.n = n;
    drawHand();
  } else {
    const n = readN();
    if (n) { state.n = n; drawBoard(n, emptyRows(n), []); }
  }
}

function onKey(ev) {
  const t = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (t && t.classList && t.classList.contains("tnode")) {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); showNode(t); return; }
    if (ev.key.startsWith("Arrow")) {
      const all = Array.from($("tree").querySelectorAll(".tnode"));
      const i = all.indexOf(t);
      let next = null;
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = all[Math.min(all.length - 1, i + 1)];
      else next = all[Math.max(0, i - 1)];
      if (next) { t.setAttribute("tabindex", "-1"); next.setAttribute("tabindex", "0"); next.focus(); }
      ev.preventDefault();
      return;
    }
  }
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if (t && t.classList && t.classList.contains("cell") && ev.key.startsWith("Arrow")) {
    const r = Number(t.dataset.r), c = Number(t.dataset.c), n = state.n;
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[ev.key];
    const nr = Math.min(n - 1, Math.max(0, r + d[0])), nc = Math.min(n - 1, Math.max(0, c + d[1]));
    const next = $("board").querySelector('[data-sq="' + nr + "," + nc + '"]');
    if (next) { t.tabIndex = -1; next.tabIndex = 0; next.focus(); }
    ev.preventDefault();
    return;
  }
  if (state.tab !== "watch") return;
  const action = { s: "step", r: "run", p: "pause", " ": "pause", n: "next", f: "finish" }[ev.key];
  if (action) {
    ev.preventDefault();
    control(action);
  }
}

async function init() {
  const info = await (await fetch("/api/info")).json();
  state.info = info;
  for (const m of info.methods) {
    const o = document.createElement("option");
    o.value = m;
    o.textContent = m;
    $("method").appendChild(o);
  }
  for (const b of info.backends) {
    const o = document.createElement("option");
    o.value = b;
    o.textContent = b;
    if (b === "dlx") o.selected = true;
    $("backend").appendChild(o);
  }
  const showMethod = () => say("method-text", info.text[$("method").value] || "");
  showMethod();
  $("method").addEventListener("change", () => { showMethod(); stopStream(); });
  const showSpeed = () => say("speed-text", delay() + " ms a frame");
  showSpeed();
  $("speed").addEventListener("input", () => { showSpeed(); control("speed", { delay: delay() }); });
  $("events").addEventListener("change", () => control("events", { events: $("events").value }));
  $("n").addEventListener("change", () => {
    const n = readN();
    if (!n) return;
    stopStream();
    state.n = n;
    state.hand.clear();
    state.mark = [];
    if (state.tab === "turn") drawHand(); else { drawBoard(n, emptyRows(n), []); say("status", "Press Step or Run."); say("step-no", "0"); }
  });
  $("start").addEventListener("click", startSearch);
  for (const a of ["step", "run", "pause", "next", "finish"]) $(a).addEventListener("click", () => control(a));
  $("tab-watch").addEventListener("click", () => setTab("watch"));
  $("tab-turn").addEventListener("click", () => setTab("turn"));
  $("check").addEventListener("click", check);
  $("clear").addEventListener("click", () => { state.hand.clear(); state.mark = []; say("verdict", ""); drawHand(); });
  $("complete").addEventListener("click", complete);
  $("board").addEventListener("click", (ev) => {
    const cell = ev.target.closest(".cell");
    if (cell && state.tab === "turn") toggle(Number(cell.dataset.r), Number(cell.dataset.c));
  });
  $("tree").addEventListener("click", (ev) => {
    const g = ev.target.closest(".tnode");
    if (g) { g.focus(); showNode(g); }
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("pagehide", stopStream);
  state.n = readN() || 4;
  drawBoard(state.n, emptyRows(state.n), []);
  document.body.dataset.ready = "1";
}

init();
