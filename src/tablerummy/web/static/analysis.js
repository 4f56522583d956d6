// The analysis of a finished game (the game-over screen and the replay page): the server
// runs the coach in its pool as a job; this page asks how far it got, then draws what it
// found. It computes nothing itself but the chart's geometry.
import { api, el } from "/static/common.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#f2c14e", "#6ec6ff", "#ff8a80", "#b9f6ca", "#e1bee7", "#ffcc80"];
const POLL_MS = 700;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

const percent = (x) => `${Math.round(100 * x)}%`;
const round1 = (x) => Math.round(10 * x) / 10;
// hands and moves are counted from 0 in the analysis, from 1 for a reader
const where = (m) => `hand ${m.hand + 1}, move ${m.ply + 1}`;

// Start the analysis of `request` ({table} or {record}) and draw it into `box`;
// `seatName(seat)` names a seat ("p1 (Ann)").
export async function analyseInto(box, request, seatName = (s) => `p${s}`) {
  const mine = String(Number(box.dataset.run || 0) + 1);
  box.dataset.run = mine;
  const current = () => box.dataset.run === mine; // a newer analysis (or none) took the box
  box.hidden = false;
  box.dataset.state = "starting";
  const label = el("span", { id: "analysis-label", text: "Checking the game…" });
  const bar = el("progress", { id: "analysis-progress", max: 1, value: 0 });
  box.replaceChildren(el("h2", { text: "Analysis of the game" }),
    el("div", { class: "analysis-progress", role: "status" }, bar, label));
  let job;
  try {
    job = await startJob(request);
  } catch (err) {
    if (current()) fail(box, err.message);
    return;
  }
  if (!current()) return;
  box.dataset.state = "running";
  for (;;) {
    let found;
    try { found = await api(`/api/analyse/${encodeURIComponent(job.job)}`); }
    catch (err) { if (current()) fail(box, err.message); return; }
    if (!current()) return;
    if (found.state === "done") { draw(box, found.analysis, seatName); return; }
    if (found.total) {
      bar.max = found.total;
      bar.value = found.done;
      label.textContent = `Analysing decision ${found.done} of ${found.total}…`;
    } else label.textContent = "Analysing… (the first decision is on its way)";
    box.dataset.done = found.done;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

// Forget the analysis shown (a new record was loaded): one still running is not drawn.
export function clearAnalysis(box) {
  box.dataset.run = String(Number(box.dataset.run || 0) + 1);
  box.dataset.state = "";
  box.hidden = true;
  box.replaceChildren();
}

// the server answers 503 while other analyses (or replays) run: asked again a few times
async function startJob(request) {
  for (let tries = 1; ; tries++) {
    try { return await api("/api/analyse", request); }
    catch (err) {
      if (err.status !== 503 || tries >= 5) throw err;
      await new Promise((done) => setTimeout(done, 1500 * tries));
    }
  }
}

function fail(box, message) {
  box.dataset.state = "failed";
  box.replaceChildren(el("h2", { text: "Analysis of the game" }),
    el("p", { class: "analysis-error", role: "alert", text: message }));
}

function draw(box, analysis, seatName) {
  box.dataset.state = "done";
  const seats = analysis.seats;
  box.replaceChildren(
    el("h2", { text: "Analysis of the game" }),
    el("p", { class: "analysis-note", text: "Every decision searched from what its player knew then "
      + "(their hand and what the table showed), never the hidden cards." }),
    chartEl(analysis.chart || {}, seats, seatName, box.clientWidth),
    el("div", { class: "mistakes" }, seats.map((s) => mistakesEl(s, (analysis.mistakes || {})[s] || [], seatName))),
    movesEl(analysis.moves));
}

// each seat's estimated win chance, decision by decision, the hands marked
// (drawn at the width it is shown at, so that its words are of the page's size on a phone)
function chartEl(chart, seats, seatName, width) {
  const keys = new Map();
  for (const s of seats) for (const p of chart[s] || []) keys.set(`${p.hand}:${p.ply}`, [p.hand, p.ply]);
  const order = [...keys.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const index = new Map(order.map(([h, p], i) => [`${h}:${p}`, i]));
  const W = Math.max(280, Math.min(900, Math.round((width || 640) - 24)));
  const H = W < 500 ? 180 : 220, left = 40, right = 12, top = 22, bottom = 12;
  const x = (i) => left + (order.length > 1 ? (i / (order.length - 1)) * (W - left - right) : 0);
  const y = (win) => top + (1 - win) * (H - top - bottom);
  const graph = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "win-chart", role: "img",
    "aria-label": "each seat's estimated chance to win, decision by decision" });
  for (const level of [0, 0.5, 1]) {
    graph.append(svg("line", { x1: left, x2: W - right, y1: y(level), y2: y(level), class: level === 0.5 ? "mid" : "grid" }));
    const text = svg("text", { x: left - 6, y: y(level) + 4, "text-anchor": "end", class: "axis" });
    text.textContent = percent(level);
    graph.append(text);
  }
  order.forEach(([hand], i) => {
    if (i === 0 || order[i - 1][0] === hand) return;
    const at = (x(i - 1) + x(i)) / 2;
    graph.append(svg("line", { x1: at, x2: at, y1: top - 4, y2: H - bottom, class: "hand-line" }));
  });
  const starts = order.map(([hand], i) => (i === 0 || order[i - 1][0] !== hand ? i : -1)).filter((i) => i >= 0);
  starts.forEach((i, k) => {
    const end = k + 1 < starts.length ? starts[k + 1] - 1 : order.length - 1;
    if (order.length > 1 && x(end) - x(i) < 34 && starts.length > 8) return; // no room to name it
    const text = svg("text", { x: (x(i) + x(end)) / 2, y: top - 8, "text-anchor": "middle", class: "axis" });
    text.textContent = `hand ${order[i][0] + 1}`;
    graph.append(text);
  });
  seats.forEach((s, k) => {
    const points = (chart[s] || []).map((p) => `${x(index.get(`${p.hand}:${p.ply}`)).toFixed(1)},${y(p.win).toFixed(1)}`);
    if (points.length) {
      graph.append(svg("polyline", { points: points.join(" "), class: "seat-line", "data-seat": s,
        stroke: COLOURS[k % COLOURS.length] }));
    }
  });
  const legend = el("div", { class: "legend" }, seats.map((s, k) => el("span", {},
    el("span", { class: "swatch", style: `background:${COLOURS[k % COLOURS.length]}` }), seatName(s))));
  const axis = el("p", { class: "axis-note", text: "Across: every analysed decision of the game, hand by hand. "
    + "Up: the estimated chance to win the game." });
  return el("figure", { class: "chart" }, graph, legend, axis);
}

function lossText(m) {
  return `−${percent(m.win_loss)} win chance, ${m.point_loss ? `−${round1(m.point_loss)}` : "no"} points`;
}

function mistakesEl(seat, mistakes, seatName) {
  const title = `${seatName(seat)}: the biggest mistakes`;
  if (!mistakes.length) {
    return el("section", { class: "seat-mistakes", "data-seat": seat }, el("h3", { text: title }),
      el("p", { text: "None found: every decision was the search's best or close to it." }));
  }
  return el("section", { class: "seat-mistakes", "data-seat": seat }, el("h3", { text: title }),
    el("ol", {}, mistakes.map((m) => el("li", { class: "mistake" },
      el("span", { class: "where", text: `${where(m)}: ` }),
      el("span", { text: `played ${m.played_words}` }), el("br"),
      el("span", { class: "better", text: `better: ${m.best_words}` }),
      el("span", { class: "loss", text: ` (${lossText(m)})` })))));
}

function movesEl(moves) {
  const head = el("tr", {}, ["Hand", "Move", "Seat", "Played", "Best (what the seat knew)", "Win chance lost",
    "Points lost"].map((h) => el("th", { text: h })),
  el("th", { class: "hindsight", title: "the best move knowing every hidden card", text: "With hindsight †" }));
  const rows = moves.map((m) => el("tr", { class: m.played === m.best ? "" : "off-best" },
    el("td", { text: `${m.hand + 1}` }), el("td", { text: `${m.ply + 1}` }), el("td", { text: `p${m.seat}` }),
    el("td", { text: m.played_words || m.played }),
    el("td", { text: m.played === m.best ? "as played" : (m.best_words || m.best) }),
    el("td", { class: "num", text: m.win_loss ? `−${percent(m.win_loss)}` : "0" }),
    el("td", { class: "num", text: m.point_loss ? `−${round1(m.point_loss)}` : "0" }),
    el("td", { class: "hindsight", text: m.hindsight_best === m.played ? "as played"
      : (m.hindsight_words || m.hindsight_best || "") })));
  return el("details", { class: "per-move", open: true },
    el("summary", { text: `Every decision (${moves.length})` }),
    // scrolled by the keyboard too: it takes the focus
    el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "every decision of the game" }, el("table", { class: "moves-table" }, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { class: "hindsight-note", text: "† With hindsight: the best move had every hidden card been known "
      + "(the true deal). No player could know it then: it is shown to learn from, never counted as a mistake." }));
}
