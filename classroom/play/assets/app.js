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
    say("status", t("page.badN"));
    return 0;
  }
  return n;
}
function say(id, text) { $(id).textContent = text; }

// ---- languages: the messages of the catalogue the server chose ----

const i18n = { lang: "en", msgs: {}, group: ",", groupFrom: 3 };

// t formats message key with args (%s, %[2]s as in Go's fmt; numbers
// grouped as the language writes them).
function t(key, ...args) {
  const f = i18n.msgs[key];
  if (f === undefined) return key;
  let next = 0;
  return f.replace(/%(\[(\d+)\])?s/g, (m, _, idx) => {
    const i = idx ? Number(idx) - 1 : next;
    next = i + 1;
    const a = args[i];
    return typeof a === "number" ? fmt(a) : String(a);
  });
}

function fmt(x) {
  const s = String(Math.round(Number(x)));
  if (s.length <= i18n.groupFrom || !/^\d+$/.test(s)) return s;
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, i18n.group);
}

// applyLang puts the catalogue's words on the page.
function applyLang() {
  document.documentElement.lang = i18n.lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  document.title = t("page.title");
}

// ---- the board ----

// attackerOf finds a queen of the drawn rows that attacks square (r, c).
function attackerOf(n, rows, r, c) {
  for (let qr = 0; qr < n; qr++) {
    for (let qc = 0; qc < n; qc++) {
      const m = rows[qr][qc];
      if ((m === "Q" || m === "!") && !(qr === r && qc === c) && (qr === r || qc === c || qr - qc === r - c || qr + qc === r + c)) return squareName(n, qr, qc);
    }
  }
  return "";
}

// squareLabel names a square for a screen reader: "queen on c4, attacked
// by b3", "d5, attacked by c4", "a2, free", "b2, being tested".
function squareLabel(n, rows, r, c) {
  const ch = rows[r][c], sq = squareName(n, r, c);
  const by = ch === "Q" || ch === "!" || ch === "x" || ch === "?" ? attackerOf(n, rows, r, c) : "";
  switch (ch) {
    case "Q": case "!": return by ? t("page.sq.queenAttacked", sq, by) : t("page.sq.queen", sq);
    case "x": return by ? t("page.sq.attacked", sq, by) : t("page.sq.attackedAny", sq);
    case "?": return by ? t("page.sq.testedAttacked", sq, by) : t("page.sq.tested", sq);
  }
  return t("page.sq.free", sq);
}

// drawBoard draws rows of marks (Q ! ? x .) and outlines the squares of mark.
function drawBoard(n, rows, mark) {
  const board = $("board");
  board.style.setProperty("--n", n);
  board.setAttribute("aria-label", t("page.board", n, n));
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
      let label = squareLabel(n, rows, r, c);
      if (marked.has(r + "," + c)) label += t("page.sq.pair");
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
  say("step-no", f.major || f.kind === "start" ? String(f.step) : f.step + t("page.inProgress"));
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
  const args = "n=" + f.n + "&queens=" + f.queens.join(",") + (f.tested ? "&tested=" + f.tested[0] + "," + f.tested[1] : "") + "&step=" + f.step;
  $("dl-step-svg").href = "/api/step.svg?" + args;
  $("dl-step-svg").download = "queens-" + f.n + "-step-" + String(f.step).padStart(4, "0") + ".svg";
  $("dl-step-png").href = "/api/step.png?" + args;
  $("dl-step-png").download = "queens-" + f.n + "-step-" + String(f.step).padStart(4, "0") + ".png";
  const box = $("levels-box");
  const levels = $("levels");
  levels.replaceChildren();
  box.hidden = !(f.levels && f.levels.length);
  for (const l of f.levels || []) {
    const li = document.createElement("li");
    li.textContent = l.item + (l.option ? " → " + l.option : "") + t("page.levels.active", l.active.length ? l.active.join(" ") : t("page.levels.none"));
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
  say("tree-info", query ? "" : t("page.tree.local"));
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

function showCounters(counters, solutions) { showCountersIn($("counters"), counters, true); }

function showCountersIn(dl, counters, ids) {
  dl.replaceChildren();
  for (const c of counters || []) {
    const dt = document.createElement("dt");
    dt.textContent = t("counter." + c.name);
    const dd = document.createElement("dd");
    dd.textContent = fmt(c.value);
    if (ids) dd.id = "counter-" + c.name;
    dd.dataset.counter = c.name;
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
  say("status", t("page.starting"));
  const method = $("method").value;
  resetTree(method === "minconflicts" ? "" : "n=" + n + "&method=" + encodeURIComponent(method) + "&lang=" + i18n.lang);
  const es = new EventSource("/api/stream?n=" + n + "&method=" + encodeURIComponent(method) + "&events=" + $("events").value + "&lang=" + i18n.lang);
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
    say("status", t(d.mode === "finish" ? "page.progress.finish" : "page.progress.next"));
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
      say("status", t("page.lost"));
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
    const v = await post("/api/check", { n: state.n, queens: handSquares(), lang: i18n.lang });
    state.mark = v.pair || [];
    drawHand();
    say("verdict", v.message);
    $("verdict").className = v.legal ? "legal" : "illegal";
  } catch (e) { say("verdict", e.message); }
}

async function complete() {
  say("verdict", t("page.asking", $("backend").value));
  try {
    const d = await post("/api/complete", { n: state.n, queens: handSquares(), backend: $("backend").value, lang: i18n.lang });
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

const tabs = ["watch", "turn", "compare", "growth"];

function setTab(tab) {
  state.tab = tab;
  for (const t of tabs) {
    $("tab-" + t).setAttribute("aria-selected", String(tab === t));
    $("tab-" + t).tabIndex = tab === t ? 0 : -1;
    $({ watch: "watch-panel", turn: "turn-panel", compare: "compare-panel", growth: "growth-panel" }[t]).hidden = tab !== t;
  }
  $("panel").hidden = tab !== "watch";
  $("tree-box").hidden = tab !== "watch";
  $("view").hidden = tab !== "watch" && tab !== "turn";
  $("compare-box").hidden = tab !== "compare";
  $("lesson").hidden = tab !== "growth";
  document.body.dataset.tab = tab;
  if (tab !== "compare") stopCompare();
  if (tab === "turn") {
    stopStream();
    const n = readN();
    if (!n) return;
    if (n !== state.n) state.hand.clear();
    state.n = n;
    drawHand();
  } else if (tab === "watch") {
    const n = readN();
    if (n) { state.n = n; drawBoard(n, emptyRows(n), []); }
  } else {
    stopStream();
  }
}

// ---- side by side ----

const cmp = { runs: [] };

function stopCompare() {
  for (const c of cmp.runs) c.es.close();
  cmp.runs = [];
  delete document.body.dataset.cmpSessions;
}

// smallBoard draws rows of marks into el as a picture with one name.
function smallBoard(el, n, rows, label) {
  el.replaceChildren();
  el.style.setProperty("--n", n);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const d = document.createElement("span");
      const ch = rows[r][c];
      d.className = "sc " + ((r + c) % 2 ? "dark" : "light") + (ch === "x" ? " attacked" : "") + (ch === "?" ? " tested" : "") + (ch === "!" ? " conflict" : "");
      d.textContent = ch === "Q" || ch === "!" ? "♛" : "";
      el.appendChild(d);
    }
  }
}

function queensText(n, queens) {
  const q = [];
  queens.forEach((c, r) => { if (c >= 0) q.push(squareName(n, r, c)); });
  return q.length ? q.join(", ") : "—";
}

function startCompare() {
  const n = readN();
  if (!n) return;
  stopCompare();
  const methods = Array.from(document.querySelectorAll("#compare-methods input:checked")).map((i) => i.value);
  if (methods.length < 2) { say("compare-status", t("page.cmp.two")); return; }
  const box = $("compare");
  box.replaceChildren();
  let ready = 0;
  for (const m of methods) {
    const col = document.createElement("div");
    col.className = "cmp";
    col.dataset.method = m;
    const h = document.createElement("h3");
    h.textContent = m;
    const b = document.createElement("div");
    b.className = "small-board";
    const st = document.createElement("p");
    st.className = "cmp-status";
    const dl = document.createElement("dl");
    dl.className = "cmp-counters";
    col.append(h, b, st, dl);
    box.appendChild(col);
    const run = { method: m, session: "", es: new EventSource("/api/stream?n=" + n + "&method=" + m + "&seed=1&lang=" + i18n.lang), col: col, frames: 0, done: false };
    const show = (f) => {
      smallBoard(b, f.n, f.board, t("page.cmp.board", m, queensText(f.n, f.queens)));
      st.textContent = f.step ? t("text.step", f.step, f.text) : f.text;
      showCountersIn(dl, f.counters);
    };
    run.es.addEventListener("hello", (ev) => {
      const d = JSON.parse(ev.data);
      run.session = d.session;
      show(d.frame);
      if (++ready === methods.length) {
        document.body.dataset.cmpSessions = String(ready);
        say("compare-status", t("page.cmp.ready", methods.join(", "), n, n));
      }
    });
    run.es.addEventListener("frame", (ev) => {
      const f = JSON.parse(ev.data);
      show(f);
      run.frames++;
      col.dataset.frames = String(run.frames);
      col.dataset.step = String(f.step);
      if (f.solutions > 0 && cmp.racing && !run.won) {
        run.won = true;
        cmp.order.push(m);
        col.dataset.place = String(cmp.order.length);
        st.textContent = t("page.cmp.place", cmp.order.length) + st.textContent;
        if (cmp.order.length === cmp.runs.length) say("compare-status", t("page.cmp.raced", cmp.order.join(t("page.cmp.then"))));
      }
    });
    run.es.addEventListener("progress", (ev) => showCountersIn(dl, JSON.parse(ev.data).counters));
    run.es.addEventListener("done", (ev) => { const d = JSON.parse(ev.data); showCountersIn(dl, d.counters); st.textContent = d.text; run.es.close(); });
    run.es.addEventListener("refused", (ev) => { st.textContent = JSON.parse(ev.data).message; run.es.close(); });
    cmp.runs.push(run);
  }
}

async function compareAll(action, extra) {
  if (!cmp.runs.length) return;
  cmp.racing = action === "next";
  if (cmp.racing) { cmp.order = []; for (const r of cmp.runs) r.won = false; }
  await Promise.all(cmp.runs.filter((r) => r.session).map((r) =>
    fetch("/api/control", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.assign({ session: r.session, action: action }, extra || {})) })));
  document.body.dataset.cmpControl = action;
}

// ---- the lesson on growth ----

const lesson = { es: null, rows: [] };
const seriesStyle = {
  backtrack: { color: "#0072B2", mark: "circle", dash: "" },
  bitmask: { color: "#E69F00", mark: "square", dash: "6 3" },
  dlx: { color: "#009E73", mark: "triangle", dash: "2 3" },
  "n!": { color: "#555555", mark: "none", dash: "8 4" },
  solutions: { color: "#CC79A7", mark: "diamond", dash: "1 2" },
};

function runGrowth() {
  if (lesson.es) lesson.es.close();
  const max = Number($("growth-max").value), limit = Number($("growth-limit").value);
  const methods = Array.from(document.querySelectorAll("#growth-methods input:checked")).map((i) => i.value);
  lesson.rows = [];
  lesson.methods = methods;
  drawGrowth();
  say("growth-status", t("page.growth.counting"));
  delete document.body.dataset.growthDone;
  const es = new EventSource("/api/growth?max=" + max + "&limit=" + limit + "&methods=" + methods.join(","));
  lesson.es = es;
  es.addEventListener("row", (ev) => { lesson.rows.push(JSON.parse(ev.data)); drawGrowth(); });
  es.addEventListener("done", (ev) => { say("growth-status", lessonText(JSON.parse(ev.data))); document.body.dataset.growthDone = "1"; es.close(); });
  es.addEventListener("refused", (ev) => { say("growth-status", JSON.parse(ev.data).message); es.close(); });
}

// lessonText says how a lesson run ended.
function lessonText(d) {
  if (!d.complete) return t("page.lesson.stopped", d.limit);
  return d.from === 4 ? t("page.lesson.counted", d.max) : t("page.lesson.ran", d.max);
}

function drawGrowth() {
  const methods = lesson.methods || [];
  const head = $("growth-table").tHead;
  head.replaceChildren();
  const hr = head.insertRow();
  const cols = ["n", "n!", t("counter.solutions")];
  for (const m of methods) cols.push(t("page.growth.nodesOf", m), t("page.growth.timeOf", m));
  for (const c of cols) { const th = document.createElement("th"); th.scope = "col"; th.textContent = c; hr.appendChild(th); }
  const body = $("growth-table").tBodies[0];
  body.replaceChildren();
  const byN = new Map();
  for (const r of lesson.rows) { if (!byN.has(r.n)) byN.set(r.n, {}); byN.get(r.n)[r.method] = r; }
  for (const [n, rs] of byN) {
    const tr = body.insertRow();
    tr.dataset.n = n;
    const any = Object.values(rs)[0];
    const th = document.createElement("th"); th.scope = "row"; th.textContent = n; tr.appendChild(th);
    tr.insertCell().textContent = any.factorial < 1e15 ? fmt(any.factorial) : any.factorial.toExponential(2);
    tr.insertCell().textContent = fmt(any.solutions);
    for (const m of methods) {
      const r = rs[m];
      const c1 = tr.insertCell(), c2 = tr.insertCell();
      c1.dataset.method = m;
      c1.className = "nodes";
      if (r) { c1.textContent = fmt(r.nodes); c2.textContent = r.seconds < 1e-3 ? (r.seconds * 1e6).toFixed(0) + " µs" : r.seconds < 1 ? (r.seconds * 1e3).toFixed(1) + " ms" : r.seconds.toFixed(2) + " s"; }
    }
  }
  const plots = $("growth-plot");
  plots.replaceChildren();
  if (byN.size) {
    plots.appendChild(drawPlot(byN, methods, "nodes", 1, true));
    plots.appendChild(drawPlot(byN, methods, "seconds", 1e6, false));
  }
}

// svgNamespace is the SVG namespace, as the HTML parser gives it to an
// <svg> element (the page names no address).
function svgNamespace() {
  const tmp = document.createElement("div");
  tmp.innerHTML = "<svg></svg>";
  return tmp.firstChild.namespaceURI;
}

// drawPlot draws nodes against n on a logarithmic scale: one line per
// method, n! and the solutions for comparison; colours from the Okabe–Ito
// palette and a different marker and dash per line.
function drawPlot(byN, methods, field, scale, extras) {
  const ns = Array.from(byN.keys());
  const what = field === "nodes" ? t("counter.nodes") : t("page.plot.time");
  const svgNS = svgNamespace();
  const W = 640, H = 300, L = 60, R = 140, T = 12, B = 36;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t(extras ? "page.plot.ariaExtras" : "page.plot.aria", what, methods.join(", ")));
  svg.dataset.plot = field;
  const series = {};
  for (const m of methods) series[m] = ns.map((n) => [n, byN.get(n)[m] ? byN.get(n)[m][field] * scale : null]);
  if (extras) {
    series["n!"] = ns.map((n) => [n, Object.values(byN.get(n))[0].factorial]);
    series.solutions = ns.map((n) => [n, Object.values(byN.get(n))[0].solutions]);
  }
  let ymax = 1;
  for (const k in series) for (const [, y] of series[k]) if (y) ymax = Math.max(ymax, y);
  const lmax = Math.ceil(Math.log10(ymax));
  const n0 = 4, n1 = Math.max(ns[ns.length - 1], 5);
  const X = (n) => L + (n - n0) / (n1 - n0) * (W - L - R);
  const Y = (y) => T + (1 - Math.log10(Math.max(y, 1)) / lmax) * (H - T - B);
  const el = (name, attrs, text) => { const e = document.createElementNS(svgNS, name); for (const a in attrs) e.setAttribute(a, attrs[a]); if (text !== undefined) e.textContent = text; svg.appendChild(e); return e; };
  for (let p = 0; p <= lmax; p += Math.max(1, Math.ceil(lmax / 8))) {
    el("line", { x1: L, x2: W - R, y1: Y(Math.pow(10, p)), y2: Y(Math.pow(10, p)), stroke: "#e3e3e3" });
    el("text", { x: L - 6, y: Y(Math.pow(10, p)) + 4, "text-anchor": "end", "font-size": 11 }, "10^" + p);
  }
  for (let n = n0; n <= n1; n++) el("text", { x: X(n), y: H - B + 16, "text-anchor": "middle", "font-size": 11 }, String(n));
  el("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", "font-size": 12 }, "n");
  let li = 0;
  for (const k in series) {
    const st = seriesStyle[k];
    const pts = series[k].filter(([, y]) => y !== null && y > 0);
    if (!pts.length) continue;
    el("polyline", { points: pts.map(([n, y]) => X(n) + "," + Y(y)).join(" "), fill: "none", stroke: st.color, "stroke-width": 2, "stroke-dasharray": st.dash });
    for (const [n, y] of pts) {
      const x = X(n), yy = Y(y);
      if (st.mark === "circle") el("circle", { cx: x, cy: yy, r: 3.5, fill: st.color });
      if (st.mark === "square") el("rect", { x: x - 3.5, y: yy - 3.5, width: 7, height: 7, fill: st.color });
      if (st.mark === "triangle") el("path", { d: "M" + x + " " + (yy - 4.5) + " l4.5 8 h-9 z", fill: st.color });
      if (st.mark === "diamond") el("path", { d: "M" + x + " " + (yy - 4.5) + " l4.5 4.5 l-4.5 4.5 l-4.5 -4.5 z", fill: st.color });
    }
    el("line", { x1: W - R + 10, x2: W - R + 34, y1: T + 10 + li * 18, y2: T + 10 + li * 18, stroke: st.color, "stroke-width": 2, "stroke-dasharray": st.dash });
    el("text", { x: W - R + 38, y: T + 14 + li * 18, "font-size": 11 }, k === "n!" ? k : k === "solutions" ? t("counter.solutions") : k + " " + what);
    li++;
  }
  return svg;
}



function runBug() {
  if (lesson.bugEs) lesson.bugEs.close();
  const bug = $("bug").value;
  say("bug-text", t("page.bug.text." + bug));
  say("bug-status", t("page.bug.running"));
  delete document.body.dataset.bugDone;
  const body = $("bug-table").tBodies[0];
  body.replaceChildren();
  const es = new EventSource("/api/bugs?bug=" + bug + "&max=" + Math.min(10, Number($("growth-max").value)) + "&limit=" + Number($("growth-limit").value));
  lesson.bugEs = es;
  es.addEventListener("row", (ev) => {
    const r = JSON.parse(ev.data);
    const tr = body.insertRow();
    tr.dataset.n = r.n;
    const th = document.createElement("th"); th.scope = "row"; th.textContent = r.n; tr.appendChild(th);
    tr.insertCell().textContent = fmt(r.right);
    const b = tr.insertCell();
    b.textContent = (r.complete ? "" : "≥ ") + fmt(r.buggy);
    const v = tr.insertCell();
    const wrong = r.buggy !== r.right || !r.complete;
    v.textContent = wrong ? t("page.bug.wrong") : t("page.bug.ok");
    tr.className = wrong ? "wrong" : "right";
  });
  es.addEventListener("done", (ev) => { say("bug-status", lessonText(JSON.parse(ev.data))); document.body.dataset.bugDone = bug; es.close(); });
  es.addEventListener("refused", (ev) => { say("bug-status", JSON.parse(ev.data).message); es.close(); });
}

function onKey(ev) {
  const t = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (t && t.getAttribute && t.getAttribute("role") === "tab" && (ev.key === "ArrowLeft" || ev.key === "ArrowRight" || ev.key === "Home" || ev.key === "End")) {
    const i = tabs.indexOf(t.id.slice(4));
    const j = ev.key === "Home" ? 0 : ev.key === "End" ? tabs.length - 1 : (i + (ev.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
    setTab(tabs[j]);
    $("tab-" + tabs[j]).focus();
    ev.preventDefault();
    return;
  }
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

// loadLang fetches the catalogue of lang ("" lets the server choose from
// the browser's Accept-Language) and the method texts in it.
async function loadLang(lang) {
  const info = await (await fetch("/api/info" + (lang ? "?lang=" + encodeURIComponent(lang) : ""))).json();
  state.info = info;
  i18n.lang = info.lang;
  i18n.msgs = info.messages;
  i18n.group = info.messages["num.group"];
  i18n.groupFrom = info.lang === "de" || info.lang === "ca" ? 4 : 3;
  applyLang();
  const sel = $("lang");
  if (!sel.options.length) {
    for (const l of info.languages) {
      const o = document.createElement("option");
      o.value = l.tag;
      o.textContent = l.name;
      o.lang = l.tag;
      sel.appendChild(o);
    }
  }
  sel.value = info.lang;
  say("method-text", info.text[$("method").value] || "");
  say("speed-text", t("page.speedText", delay()));
  document.body.dataset.lang = info.lang;
  return info;
}

async function init() {
  const info = await loadLang(new URLSearchParams(location.search).get("lang") || "");
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
  const showMethod = () => say("method-text", state.info.text[$("method").value] || "");
  showMethod();
  $("method").addEventListener("change", () => { showMethod(); stopStream(); });
  const showSpeed = () => say("speed-text", t("page.speedText", delay()));
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
    if (state.tab === "turn") drawHand(); else { drawBoard(n, emptyRows(n), []); say("status", t("page.press")); say("step-no", "0"); }
  });
  $("start").addEventListener("click", startSearch);
  $("lang").addEventListener("change", async () => {
    stopStream();
    stopCompare();
    await loadLang($("lang").value);
    if (state.tab === "watch") { drawBoard(state.n, emptyRows(state.n), []); say("status", t("page.press")); say("step-no", "0"); resetTree(""); say("tree-info", ""); }
    else if (state.tab === "turn") drawHand();
  });
  for (const a of ["step", "run", "pause", "next", "finish"]) $(a).addEventListener("click", () => control(a));
  for (const t of tabs) $("tab-" + t).addEventListener("click", () => setTab(t));
  $("cmp-start").addEventListener("click", startCompare);
  $("cmp-step").addEventListener("click", () => compareAll("step"));
  $("cmp-run").addEventListener("click", () => compareAll("run", { delay: delay() }));
  $("cmp-pause").addEventListener("click", () => compareAll("pause"));
  $("cmp-race").addEventListener("click", () => compareAll("next"));
  $("growth-run").addEventListener("click", runGrowth);
  $("bug-run").addEventListener("click", runBug);
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
  window.addEventListener("pagehide", () => { stopStream(); stopCompare(); });
  state.n = readN() || 4;
  drawBoard(state.n, emptyRows(state.n), []);
  document.body.dataset.ready = "1";
}

init();
