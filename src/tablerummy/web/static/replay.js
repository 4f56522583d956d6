// Replays a game record step by step; every frame is computed by the server.
import { analyseInto, clearAnalysis } from "/static/analysis.js";
import { api, areaEl, cardEl, el, namesOf, pileEl, prettyMove, scoresEl, setFaces, toast } from "/static/common.js";

let record = null;
let step = 0; // the step asked for last: fast arrow presses count from it, not from the
let steps = 0; // frame on screen (which may still be on its way)
let asked = 0; // the number of the latest request: an older answer is not drawn

async function show(target) {
  if (!record) return;
  step = Math.max(0, steps ? Math.min(target, steps) : target);
  const mine = ++asked;
  let frame;
  // the server replays a few records at a time and answers 503 when busy: the latest
  // request is asked again after a pause; one overtaken by a newer press is given up
  for (let tries = 1; ; tries++) {
    try { frame = await api("/api/replay", { record, step }); break; }
    catch (err) {
      if (mine !== asked) return;
      if (err.status !== 503 || tries >= 30) { toast(err.message); return; }
      await new Promise((done) => setTimeout(done, Math.min(1000, 100 * tries)));
      if (mine !== asked) return;
    }
  }
  if (mine !== asked) return;
  document.getElementById("analyse-btn").disabled = false;
  setFaces(frame.faces);
  step = frame.step;
  steps = frame.steps;
  document.body.dataset.step = step;
  document.getElementById("title").textContent = `Replay — ${frame.title}`;
  document.getElementById("counter").textContent = `${step} / ${steps}`;
  const slider = document.getElementById("slider");
  slider.max = steps;
  slider.value = step;
  const action = document.getElementById("action");
  action.textContent = frame.action ?
    `Move ${step}: p${frame.actor} — ${prettyMove(frame.action)}` : "The deal.";
  if (frame.next) action.append(el("span", { style: "opacity:.7", text: `  (next: ${frame.next})` }));
  if (frame.error) toast(frame.error);
  const view = frame.views[0];
  const names = {};
  frame.views.forEach((v) => Object.assign(names, namesOf(v)));
  document.getElementById("piles").replaceChildren(
    el("div", { class: "panel", style: "flex-basis:100%" }, view.prompt.replace(/^your turn: .*/, `p${view.to_act} to act`)),
    ...view.piles.map((p, i) => pileEl(p, names, i, null)));
  document.getElementById("areas").replaceChildren(...view.areas.map((a) => areaEl(a, names, false)));
  document.getElementById("hands").replaceChildren(...frame.views.map((v) => el("section", { class: "panel" },
    el("h2", { text: `p${v.seat}'s hand${v.to_act === v.seat ? " — to act" : ""}` }),
    el("div", { style: "display:flex;flex-wrap:wrap;gap:4px" },
      v.hand.flatMap((g) => g.cards.flatMap((c) => Array.from({ length: c.count || 1 },
        () => cardEl(c.id, c.name, { small: true, kind: /gavel/i.test(g.label) ? "gavel" : "" }))))))));
  document.getElementById("scores").replaceChildren(scoresEl(view.scores));
  document.getElementById("log").replaceChildren(...frame.log.map((line) => el("p", { text: line })));
}

async function start() {
  const id = location.pathname.split("/")[2];
  if (id) {
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(id)}/record`);
      const data = await response.json();
      if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
      record = data;
      show(0);
    } catch (err) { toast(err.message); }
  }
}

document.getElementById("file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  try {
    record = JSON.parse(await file.text()); steps = 0; show(0);
    clearAnalysis(document.getElementById("analysis"));
  }
  catch { toast("that file is not JSON"); }
});
document.getElementById("analyse-btn").addEventListener("click", () => {
  const box = document.getElementById("analysis");
  if (!record || box.dataset.state === "running" || box.dataset.state === "starting") return;
  analyseInto(box, { record });
  box.scrollIntoView({ behavior: "smooth", block: "start" });
});
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(step + 1));
document.getElementById("last").addEventListener("click", () => show(steps));
document.getElementById("slider").addEventListener("change", (e) => show(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") show(step + 1);
  if (e.key === "ArrowLeft") show(step - 1);
});
start();
