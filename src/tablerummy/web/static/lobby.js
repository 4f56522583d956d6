// The lobby: create a table (variant, options, who sits where), list the open tables.
import { api, el, toast } from "/static/common.js";
import { openRules } from "/static/rules.js";

let variants = [];
let hintsTouched = false; // until the box is clicked, it shows the server's default

function current() {
  return variants.find((v) => v.name === document.getElementById("variant").value);
}

// "joker_swap" -> "Joker swap": an option's name read as words (its help is shown under it)
function words(name) {
  const text = name.replaceAll("_", " ").replaceAll("-", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// a "New table" link from a finished game names its variant and options
const asked = new URLSearchParams(location.search);
let askedOptions = {};
try { askedOptions = JSON.parse(asked.get("options") || "{}") || {}; } catch { askedOptions = {}; }

function optionInput(option) {
  const id = `opt-${option.name}`;
  const value = option.name in askedOptions && current().name === asked.get("variant")
    ? askedOptions[option.name] : option.default;
  let input;
  if (option.type === "bool") {
    input = el("input", { type: "checkbox", id, name: option.name, checked: value, "aria-describedby": `${id}-help` });
  } else if (option.choices) {
    input = el("select", { id, name: option.name, "aria-describedby": `${id}-help` },
      option.choices.map((c) => el("option", { value: c, selected: c === value, text: `${c}` })));
  } else {
    input = el("input", { id, name: option.name, value, size: 6, "aria-describedby": `${id}-help` });
  }
  input.addEventListener("change", drawSeats);
  return el("label", { class: "option", "data-option": option.name }, words(option.name), input,
    el("small", { id: `${id}-help`, text: option.help }));
}

function options() {
  const out = {};
  for (const option of current().options) {
    const input = document.getElementById(`opt-${option.name}`);
    out[option.name] = option.type === "bool" ? input.checked : input.value;
  }
  return out;
}

function players() {
  const input = document.getElementById("opt-players");
  return input ? Number(input.value) : 2;
}

function drawOptions() {
  const variant = current();
  document.getElementById("options").replaceChildren(...variant.options.map(optionInput));
  document.getElementById("variant-help").textContent = variant.title;
  drawSeats();
}

function drawSeats() {
  const variant = current();
  const box = document.getElementById("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let seat = 0; seat < players(); seat++) {
    const fallback = seat === 0 ? "person" : (variant.bots.includes("greedy") ? "greedy" : variant.bots[0]);
    const chosen = before[seat] || fallback;
    rows.push(el("label", {}, seat === 0 ? "p0 (you)" : `p${seat}`,
      el("select", { id: `seat-${seat}`, "data-seat": seat },
        el("option", { value: "person", selected: chosen === "person", text: "a person" }),
        variant.bots.map((b) => el("option", { value: b, selected: chosen === b, text: `${b} bot` })))));
  }
  box.replaceChildren(...rows);
  for (const select of box.querySelectorAll("select")) select.addEventListener("change", hintsDefault);
  hintsDefault();
}

// the server's default (limits.check_hints): on where one person plays and the others are bots
function hintsDefault() {
  if (hintsTouched) return;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  document.getElementById("hints").checked = seats.length > 1 && seats.filter((s) => s === "person").length === 1;
}

async function create(event) {
  event.preventDefault();
  const name = document.getElementById("name").value.trim();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const mySeat = seats.indexOf("person");
  const body = { variant: current().name, options: options(), seats };
  const clock = document.getElementById("turn-seconds").value.trim();
  if (clock !== "") body.turn_seconds = Number(clock);  // 0: no turn clock
  if (hintsTouched) body.hints = document.getElementById("hints").checked;
  if (mySeat >= 0) {
    if (!name) { toast("give your name to sit at the table"); return; }
    body.join = { seat: mySeat, name };
  }
  try {
    const data = await api("/api/tables", body);
    localStorage.setItem("tablerummy:name", name);
    if (data.token !== undefined) {
      const key = `tablerummy:${data.table.id}`;
      const held = JSON.parse(localStorage.getItem(key) || "{}");
      held[data.seat] = data.token;
      localStorage.setItem(key, JSON.stringify(held));
      location.href = `/t/${data.table.id}?seat=${data.seat}`;
    } else {
      location.href = `/t/${data.table.id}`;
    }
  } catch (err) {
    toast(err.message);
  }
}

async function refresh() {
  let tables;
  try { tables = (await api("/api/tables")).tables; } catch (err) { return; }
  const box = document.getElementById("tables");
  if (!tables.length) { box.replaceChildren(el("p", { text: "No open tables: create one." })); return; }
  box.replaceChildren(el("table", {},
    el("thead", {}, el("tr", {}, ["table", "variant", "status", "seats", ""].map((h) => el("th", { text: h })))),
    el("tbody", {}, tables.map((t) => el("tr", { "data-table": t.id },
      el("td", { text: t.id }), el("td", { text: t.variant }), el("td", { text: t.status }),
      el("td", {}, t.seats.map((s) => s.kind === "bot" ? `p${s.seat}: ${s.bot} bot` :
        s.taken ? `p${s.seat}: ${s.name}` : el("a", { href: `/t/${t.id}?seat=${s.seat}`, text: `p${s.seat}: free — join` }))
        .flatMap((x, i) => i ? [", ", x] : [x])),
      el("td", {}, el("a", { href: `/t/${t.id}`, text: "watch" })))))));
}

async function start() {
  variants = (await api("/api/variants")).variants;
  const select = document.getElementById("variant");
  select.replaceChildren(...variants.map((v) => el("option", { value: v.name, text: `${v.name} — ${v.title}` })));
  if (variants.some((v) => v.name === "capone")) select.value = "capone";
  if (variants.some((v) => v.name === asked.get("variant"))) select.value = asked.get("variant");
  document.getElementById("rules-btn").addEventListener("click", () => openRules(current().name, options()));
  select.addEventListener("change", drawOptions);
  const name = document.getElementById("name");
  if (asked.get("turn_seconds")) document.getElementById("turn-seconds").value = asked.get("turn_seconds");
  if (asked.get("hints") !== null) {  // a "New table" like a finished one: its hints too
    document.getElementById("hints").checked = asked.get("hints") === "1";
    hintsTouched = true;
  }
  if (!name.value) name.value = localStorage.getItem("tablerummy:name") || "";
  document.getElementById("create").addEventListener("submit", create);
  document.getElementById("hints").addEventListener("change", () => { hintsTouched = true; });
  drawOptions();
  document.body.dataset.ready = "yes";
  refresh();
  setInterval(refresh, 5000);
}
start();
