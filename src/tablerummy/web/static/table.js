// The table page: draws the server's view of this seat, sends the moves clicked.
// It never computes a rule: the moves offered are the server's legal moves, and
// anything sent is judged by the server (an illegal click gets its message back).
import {
  api, areaEl, cardEl, el, faceName, namesOf, pileEl, scoresEl, scoringEl, setFaces, toast,
} from "/static/common.js";
import { openRules } from "/static/rules.js";
import { analyseInto } from "/static/analysis.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const storeKey = `tablerummy:${tableId}`;
const state = {
  ws: null, seat: null, msg: null, version: -1, selected: [], history: [], log: [],
  handsSeen: null, asked: -1, retry: 0, closedForGood: false, nextId: 1, generation: 0,
  logFollow: true, choiceTimer: null,
  hints: null, hintAsked: null, hinted: null, // the hints shown (and of which version), the one picked
};
window.tablerummyState = state; // read by the tests (every legal move has a control)

// --- seat tokens: kept in this browser, per table and seat ------------------------------

function tokens() {
  try { return JSON.parse(localStorage.getItem(storeKey) || "{}"); } catch { return {}; }
}
function saveToken(seat, token) {
  const all = tokens();
  all[seat] = token;
  localStorage.setItem(storeKey, JSON.stringify(all));
}
function wantedSeat() {
  const value = new URLSearchParams(location.search).get("seat");
  return value === null || value === "" ? null : Number(value);
}
function setSeatInUrl(seat) {
  const url = new URL(location.href);
  if (seat === null) url.searchParams.delete("seat"); else url.searchParams.set("seat", seat);
  url.hash = "";
  history.replaceState(null, "", url);
}

// a private link carries the token in the fragment (never sent to the server in HTTP)
(function takeTokenFromFragment() {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token") && frag.get("seat") !== null) {
    saveToken(Number(frag.get("seat")), frag.get("token"));
    setSeatInUrl(Number(frag.get("seat")));
  }
})();

// --- the connection ------------------------------------------------------------------

function connect(token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  const generation = ++state.generation;
  state.ws = ws;
  ws.onopen = () => {
    state.retry = 0;
    ws.send(JSON.stringify({ type: "hello", token: token || null }));
    setConn(true);
  };
  ws.onmessage = (event) => {
    if (generation !== state.generation) return;
    const msg = JSON.parse(event.data);
    if (msg.type === "welcome") {
      state.seat = msg.seat; state.history = []; state.handsSeen = null; setFaces(msg.faces);
    }
    else if (msg.type === "state") render(msg);
    else if (msg.type === "hint") showHints(msg);
    else if (msg.type === "error") {
      if (msg.id !== undefined && msg.id === state.hintAsked) { state.hintAsked = null; drawHintBox(); }
      toast(msg.message);
    }
  };
  ws.onclose = (event) => {
    setConn(false);
    if (event.code === 4404) { state.closedForGood = true; toast("there is no such table"); return; }
    if (state.closedForGood || generation !== state.generation) return;
    const wait = Math.min(5000, 500 * 2 ** state.retry++);
    setTimeout(() => connect(token), wait);
  };
}

function setConn(on) {
  const node = document.getElementById("conn");
  node.textContent = on ? "live" : "offline — reconnecting";
  node.className = on ? "badge live" : "badge off";
}

function send(text) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) { toast("not connected: wait a moment"); return; }
  // the version the move was chosen at: a second click on a stale screen is refused
  state.ws.send(JSON.stringify({ type: "act", action: text, id: state.nextId++, version: state.version }));
}

// --- drawing ---------------------------------------------------------------------------

function render(msg) {
  const view = msg.view;
  if (msg.history) state.history = msg.history;
  // a hand ended since the last message: the server sends that whole hand's events
  // (its last ones came after the last increment), then the new hand's from the start
  if (msg.hand_log && !msg.history) state.history.push(msg.hand_log);
  const hands = view.scores.hands.length;
  const handEnded = state.handsSeen !== null && hands > state.handsSeen && msg.last_hand;
  state.handsSeen = hands;
  state.log = msg.log_from ? state.log.slice(0, msg.log_from).concat(msg.log) : msg.log;
  if (msg.version !== state.version) {
    state.selected = []; clearTimeout(state.choiceTimer); closeDialog("choice");
    state.hints = null; state.hinted = null; state.hintAsked = null;
  }
  state.version = msg.version;
  state.msg = msg;
  document.body.dataset.version = msg.version;
  document.body.dataset.seat = state.seat === null ? "" : state.seat;
  document.body.dataset.status = msg.table.status;
  document.body.dataset.toAct = view.to_act === null ? "" : view.to_act;
  document.body.dataset.hands = view.scores.hands.length;
  document.body.dataset.gameOver = view.scores.game_over ? "yes" : "no";
  const names = namesOf(view);
  const handed = state.seat !== null && (msg.table.seats[state.seat] || {}).handed;
  const mine = state.seat !== null && view.to_act === state.seat && !handed;
  document.body.dataset.watching = state.seat === null ? "yes" : "no";
  document.body.dataset.handed = handed ? "yes" : "no";

  document.title = `tablerummy — ${msg.table.variant} ${msg.table.id}`;
  document.getElementById("title").textContent = view.title;
  document.getElementById("status").textContent = msg.table.status;
  document.getElementById("who").textContent =
    state.seat === null ? "watching" : `you are p${state.seat}${seatName(msg, state.seat)}`;

  drawPlayers(msg);
  const prompt = document.getElementById("prompt");
  prompt.textContent = msg.table.status === "waiting" ? "waiting for every seat to be taken…"
    : handed ? `the ${msg.table.seats[state.seat].bot} bot plays your seat for the rest of the game (the turn clock ran out too often)`
      : withNames(view.prompt, msg);
  prompt.className = mine ? "mine" : "";

  const piles = document.getElementById("piles");
  piles.replaceChildren(...view.piles.map((pile, i) => pileEl(pile, names, i, () => clickPile(i))));
  drawPrivate(view, names);
  drawOver(msg);

  const areas = document.getElementById("areas");
  const mySide = state.seat === null ? null : view.players[state.seat].side;
  areas.replaceChildren(...view.areas.map((a) => areaEl(a, names, a.side === mySide)));

  drawHand(view, names);
  drawMoves();
  drawHintBox();
  markHintedPile();
  document.getElementById("scores").replaceChildren(scoresEl(view.scores));
  const lastBtn = document.getElementById("last-hand-btn");
  lastBtn.style.display = msg.last_hand ? "" : "none";
  drawSeats(msg);
  drawLog();
  maybeOpenChoice();
  if (handEnded) showScoring(msg.last_hand, view.scores.game_over);
}

// a pile offers the moves the server gave it (its "pile" affordance): one is sent, more
// (the Oklahoma family's "draw pile meld …") are listed in a dialog
function clickPile(index) {
  const moves = (state.msg.legal || []).filter((m) => m.pile === index);
  if (moves.length === 1) send(moves[0].text);
  else if (moves.length > 1) openChoice(`Take the ${state.msg.view.piles[index].name}`, moves, null);
  else send(index === 0 ? "draw stock" : "draw discard"); // the server says why not
}

function seatName(msg, seat) {
  const info = msg.table.seats[seat];
  if (!info) return "";
  if (info.kind === "bot") return ` (${info.bot} bot)`;
  return info.name ? ` (${info.name})` : "";
}

// "p1" -> "p1 (Ann)" in the server's words (prompts, "the hand is over: p1 went out")
function withNames(text, msg) {
  return (text || "").replace(/\bp(\d)\b/g, (whole, n) => {
    const info = msg.table.seats[Number(n)];
    if (!info) return whole;
    if (info.kind === "bot") return `${whole} (${info.bot} bot)`;
    return info.name ? `${whole} (${info.name})` : whole;
  });
}

// a seat's state beside its name: handed to a bot for good, away (the clock played for
// it), offline
function seatState(info) {
  if (info.handed) return { cls: "handed", text: `played by the ${info.bot} bot for the rest of the game` };
  if (info.away) return { cls: "away", text: "away: a bot plays its turns until it acts" };
  return null;
}

// the clock of the seat to act: the time left, and the turn's length if it is not the
// table's (an away seat gets the shorter away clock)
function clockEl(msg, p) {
  const table = msg.table;
  if (!p.to_act || !table.deadline || table.status !== "playing") return null;
  const info = table.seats[p.seat] || {};
  const turn = info.away ? Math.min(table.turn_seconds, table.away_seconds || table.turn_seconds) : table.turn_seconds;
  const node = el("span", { class: "clock", role: "timer", "data-deadline": table.deadline,
    "data-turn": turn !== table.turn_seconds ? `${turn} s turns while away (the table's clock is ${table.turn_seconds} s)` : "" });
  tickClock(node);
  return node;
}
function tickClock(node) {
  const left = Math.max(0, Math.round(Number(node.dataset.deadline) - Date.now() / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
  node.textContent = node.dataset.turn ? `${text} · ${node.dataset.turn}` : text;
  node.classList.toggle("low", left <= 10);
}
setInterval(() => document.querySelectorAll(".clock[data-deadline]").forEach(tickClock), 1000);

function drawPlayers(msg) {
  const view = msg.view;
  document.getElementById("players").replaceChildren(...view.players.map((p) => {
    const info = msg.table.seats[p.seat] || {};
    const who = info.kind === "bot" ? `${info.bot} bot` : (info.name || "free seat");
    const backs = el("span", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.hand_size, 14); i++) backs.append(el("span"));
    const classes = ["player"];
    if (p.to_act) classes.push("to-act");
    if (p.seat === state.seat) classes.push("me");
    const mark = seatState(info);
    if (mark) classes.push(mark.cls);
    return el("div", { class: classes.join(" "), "data-seat": p.seat },
      el("span", { class: info.online ? "dot on" : "dot", title: info.online ? "online" : "offline",
        role: "img", "aria-label": info.online ? "online" : "offline" }),
      el("span", { class: "name", text: `${p.label} ${who}` }),
      p.dealer ? el("span", { class: "dealer", title: "dealer", "aria-label": "dealer", text: "D" }) : null,
      backs, el("span", { class: "badge", text: `${p.hand_size} cards` }),
      mark ? el("span", { class: `badge seat-mark ${mark.cls}`, text: mark.cls === "handed" ? `${info.bot} bot for good` : "away",
        title: mark.text }) : null,
      clockEl(msg, p));
  }));
}

function drawPrivate(view, names) {
  const box = document.getElementById("private");
  box.replaceChildren(...(view.private || []).map((group) => el("div", { class: "panel" },
    el("h2", { text: group.label }),
    el("div", { class: "cards", style: "display:flex;flex-wrap:wrap;gap:4px" },
      group.cards.flatMap((c) => Array.from({ length: c.count || 1 }, () => {
        const node = cardEl(c.id, c.name || names[c.id], { extra: "panel-card", role: "button" });
        node.tabIndex = 0;
        node.addEventListener("click", () => chooseWithCard(c.id));
        onKeys(node, () => chooseWithCard(c.id));
        return node;
      }))))));
}

// the people (or bots) of a side, by name: "Ann and Carl"
function sideNames(msg, side) {
  const names = msg.view.players.filter((p) => p.side === side).map((p) => {
    const info = msg.table.seats[p.seat] || {};
    if (info.kind === "bot") return `the ${info.bot} bot (${p.label})`;
    return info.name || p.label;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] || "");
}

function overText(msg) {
  const scores = msg.view.scores;
  if (scores.winner === null || scores.winner === undefined) return "The game is over.";
  const who = sideNames(msg, scores.winner);
  const many = msg.view.players.filter((p) => p.side === scores.winner).length > 1;
  return `The game is over: ${who} ${many ? "win" : "wins"} with ${scores.totals[scores.winner]}.`;
}

function drawOver(msg) {
  const box = document.getElementById("over");
  const scores = msg.view.scores;
  document.getElementById("hand-zone").hidden = Boolean(scores.game_over);
  if (!scores.game_over) { box.replaceChildren(); return; }
  const options = encodeURIComponent(JSON.stringify(msg.table.options));
  const again = `/?variant=${encodeURIComponent(msg.table.variant)}&options=${options}&turn_seconds=${msg.table.turn_seconds || 0}&hints=${msg.table.hints ? 1 : 0}`;
  box.replaceChildren(el("div", { class: "over-banner", role: "status" },
    el("span", { id: "over-text", text: overText(msg) }),
    el("span", { class: "over-links" },
      rematchEl(msg),
      el("a", { href: again, id: "new-table-link", class: "button-link", text: "New table" }),
      el("a", { href: "/", id: "lobby-link", class: "button-link", text: "Lobby" }),
      el("a", { href: `/api/tables/${tableId}/record`, download: `tablerummy-${tableId}.json`,
        id: "download-record", class: "button-link", text: "Download the record" }),
      el("a", { href: `/replay/${tableId}`, id: "replay-link", class: "button-link", text: "Replay it step by step" }),
      el("button", { id: "analyse-btn", class: "dark", onclick: analyse, text: "Analyse the game" }))));
}

// the coach's look at every decision: drawn where the hand was (a finished game has none)
function analyse() {
  const box = document.getElementById("analysis");
  if (box.dataset.state === "running" || box.dataset.state === "starting") return;
  const msg = state.msg;
  analyseInto(box, { table: tableId }, (seat) => `p${seat}${seatName(msg, seat)}`);
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// Rematch: the same seats, options and clock; the first to ask creates it, the others
// are asked here whether to join it (each at their own seat)
function rematchEl(msg) {
  if (state.seat === null) return null;
  const found = msg.table.rematch;
  if (found && found.by === state.seat) {
    return el("a", { href: `/t/${found.table}?seat=${state.seat}`, id: "rematch-btn", class: "button-link", text: "Go to the rematch" });
  }
  const asker = found ? (msg.table.seats[found.by] || {}).name || `p${found.by}` : null;
  return el("span", { class: "rematch" },
    asker ? el("span", { id: "rematch-asked", text: `${asker} asks for a rematch. ` }) : null,
    el("button", { id: "rematch-btn", class: "dark", onclick: rematch,
      text: found ? "Join the rematch" : "Rematch" }));
}

async function rematch() {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token: tokens()[state.seat] });
    const key = `tablerummy:${data.table.id}`;
    const held = JSON.parse(localStorage.getItem(key) || "{}");
    held[data.seat] = data.token;
    localStorage.setItem(key, JSON.stringify(held));
    location.href = `/t/${data.table.id}?seat=${data.seat}`;
  } catch (err) { toast(err.message); }
}

function handCards(view) {
  const out = [];
  (view.hand || []).forEach((group, g) => {
    const kind = /gavel/i.test(group.label) ? "gavel" : "evidence";
    group.cards.forEach((card, c) => {
      for (let k = 0; k < (card.count || 1); k++) out.push({ key: `${g}:${c}:${k}`, id: card.id, name: card.name, kind, g });
    });
  });
  return out;
}

function drawHand(view, names) {
  const box = document.getElementById("hand");
  if (state.seat === null) {
    box.replaceChildren(el("span", { style: "opacity:.7", text: "You are watching: no hand to show." }));
    return;
  }
  const cards = handCards(view);
  // the cards that take part in a legal move now are marked, the others dimmed
  const legal = (state.msg && state.msg.legal) || [];
  const playable = new Set(legal.flatMap((m) => m.cards));
  const groups = (view.hand || []).map((group, g) => el("div", { class: "group", role: "group", "aria-label": group.label },
    el("span", { class: "label", text: `${group.label} (${cards.filter((c) => c.g === g).length})` }),
    el("div", { class: "cards" }, cards.filter((c) => c.g === g).map((c) => {
      const node = cardEl(c.id, c.name || names[c.id], { kind: c.kind, extra: "hand-card", role: "button" });
      const selected = state.selected.includes(c.key);
      if (selected) node.classList.add("selected");
      if (legal.length) node.classList.add(playable.has(c.id) ? "playable" : "dimmed");
      node.tabIndex = 0;
      node.setAttribute("aria-pressed", selected ? "true" : "false");
      node.dataset.key = c.key;
      node.addEventListener("click", () => toggle(c));
      // a double click discards (the docs' shortcut), also a Gavel card: its dialog waits
      // a moment after the first click, so that the second one reaches the card
      node.addEventListener("dblclick", () => {
        clearTimeout(state.choiceTimer);
        closeDialog("choice");
        state.selected = [];
        send(`discard ${c.id}`);
      });
      onKeys(node, () => toggle(c, true));
      return node;
    }))));
  box.replaceChildren(...(groups.length ? groups : [el("span", { text: "no cards in hand" })]));
}

function selectedIds() {
  const cards = handCards(state.msg.view);
  return state.selected.map((key) => cards.find((c) => c.key === key)).filter(Boolean).map((c) => c.id);
}

// a move goes with the selection when it uses every selected card and starts with one
function matching(moves, ids) {
  return moves.filter((m) => {
    if (!ids.length || !m.cards.length) return false; // the other moves: piles and groups
    if (!ids.includes(m.cards[0])) return false;
    const left = [...m.cards];
    return ids.every((id) => { const i = left.indexOf(id); if (i < 0) return false; left.splice(i, 1); return true; });
  });
}

function moveButton(move, extraLabel) {
  const kind = move.verb === "discard" ? "" : "primary";
  return el("button", { "data-move": move.text, title: move.text, class: move.text === state.hinted ? `${kind} hinted` : kind,
    onclick: () => { send(move.text); closeDialog("choice"); } }, extraLabel || move.label);
}

// Enter or Space on a focused card or pile does what a click does
function onKeys(node, action) {
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
  });
}

// the decisions and lone moves the server grouped (a vote, a search, Ripper Escapes…)
function groupsOf(legal) {
  const groups = new Map();
  for (const m of legal) {
    if (!m.group) continue;
    if (!groups.has(m.group)) groups.set(m.group, []);
    groups.get(m.group).push(m);
  }
  return groups;
}

function groupEls(groups) {
  return [...groups].map(([title, moves]) => el("div", { class: "move-group", "data-group": title },
    el("span", { class: "group-title", text: title }),
    el("div", { class: "group-moves" }, moves.map((m) => moveButton(m)))));
}

// what the seat can do now, from the kinds of controls its moves have
function hintFor(legal) {
  const ways = [];
  if (legal.some((m) => m.pile !== null && m.pile !== undefined)) ways.push("click a pile");
  if (legal.some((m) => m.cards.length)) ways.push("select cards of your hand for their moves");
  if (legal.some((m) => m.group)) ways.push("choose below");
  return ways.length ? ways.join(", or ") : "";
}

function drawMoves() {
  const msg = state.msg;
  const legal = msg.legal || [];
  const box = document.getElementById("moves");
  const ids = selectedIds();
  document.getElementById("legal-count").textContent = legal.length;
  document.getElementById("all-moves").replaceChildren(...legal.map((m) => moveButton(m)));
  if (state.seat === null) { box.replaceChildren(); return; }
  if (document.body.dataset.handed === "yes") { box.replaceChildren(); return; }
  if (!legal.length) {
    box.replaceChildren(el("span", { class: "hint", text: msg.table.status === "playing" ? "not your turn" : "" }));
    return;
  }
  const shown = matching(legal, ids);
  const hint = ids.length ? (shown.length ? null : "no move with exactly these cards: change the selection")
    : hintFor(legal);
  const parts = shown.map((m) => moveButton(m));
  if (!ids.length) {  // a pile with one move (draw stock, draw discard) has a button too
    const byPile = new Map();
    for (const m of legal) if (m.pile !== null && m.pile !== undefined) byPile.set(m.pile, [...(byPile.get(m.pile) || []), m]);
    for (const moves of byPile.values()) if (moves.length === 1) parts.push(moveButton(moves[0]));
  }
  if (hint) parts.push(el("span", { class: "hint", text: hint }));
  parts.push(...groupEls(groupsOf(legal)));
  if (ids.length) {
    parts.push(el("button", { text: "Clear the selection", id: "clear-selection", onclick: () => {
      state.selected = []; drawHand(msg.view, namesOf(msg.view)); drawMoves();
    } }));
  }
  box.replaceChildren(...parts);
}

// --- hints: the three best moves now (a table option), for this seat only ---------------

function drawHintBox() {
  const msg = state.msg;
  const box = document.getElementById("hint-box");
  const mine = msg && msg.table.hints && state.seat !== null && msg.view.to_act === state.seat
    && (msg.legal || []).length > 0 && document.body.dataset.handed !== "yes";
  box.hidden = !mine;
  document.body.dataset.hints = msg && msg.table.hints ? "on" : "off";
  if (!mine) return;
  const button = document.getElementById("hint-btn");
  button.disabled = state.hintAsked !== null;
  button.textContent = state.hintAsked !== null ? "Thinking…" : (state.hints ? "Hint again" : "Hint");
  drawHints();
}

function askHint() {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) { toast("not connected: wait a moment"); return; }
  state.hintAsked = state.nextId++;
  state.ws.send(JSON.stringify({ type: "hint", id: state.hintAsked }));
  drawHintBox();
}

function showHints(msg) {
  if (msg.id !== undefined && msg.id === state.hintAsked) state.hintAsked = null;
  if (msg.version !== state.version) { drawHintBox(); return; } // the table moved on meanwhile
  state.hints = msg.hints;
  drawHintBox();
}

const pct = (x) => `${Math.round(100 * x)}%`;
const signedPoints = (x) => { const r = Math.round(x); return r > 0 ? `+${r}` : `${r}`; };

function drawHints() {
  const list = document.getElementById("hints");
  list.replaceChildren(...(state.hints || []).map((h, i) => el("li", { class: h.move === state.hinted ? "picked" : "",
    "data-move": h.move },
    el("button", { class: "hint-pick", type: "button", title: "show me where this move is", onclick: () => pickHint(h.move) },
      el("span", { class: "rank", text: `${i + 1}.` }), h.words),
    el("button", { class: "hint-play primary", type: "button", "data-move": h.move, onclick: () => send(h.move), text: "Play" }),
    el("span", { class: "hint-facts" },
      el("b", { text: `win ${pct(h.win)}` }), ` · margin ${signedPoints(h.margin)} · ${h.reason}`))));
}

// the legal move a hint names (its notation; the same words in another order too)
function legalFor(text) {
  const legal = state.msg.legal || [];
  const key = (t) => t.split(/\s+/).sort().join(" ");
  return legal.find((m) => m.text === text) || legal.find((m) => key(m.text) === key(text));
}

// A hint is shown where it is played, for a newcomer to learn the table's controls: its
// cards are selected in the hand (the move's button appears), its pile or button is
// marked; the player then plays it (that control, or the hint's Play button).
function pickHint(text) {
  const move = legalFor(text);
  if (!move) { toast("that move is not offered now"); return; }
  state.hinted = move.text;
  clearTimeout(state.choiceTimer);
  closeDialog("choice");
  const cards = handCards(state.msg.view);
  const keys = [];
  for (const id of move.cards) {
    const card = cards.find((c) => c.id === id && !keys.includes(c.key));
    if (card) keys.push(card.key);
  }
  state.selected = keys;
  drawHand(state.msg.view, namesOf(state.msg.view));
  drawMoves();
  drawHints();
  const target = document.querySelector("#moves button.hinted") || markHintedPile();
  if (target) target.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// the pile of the hint picked (a draw), marked again whenever the piles are drawn
function markHintedPile() {
  const move = state.hinted && state.msg ? legalFor(state.hinted) : null;
  if (!move || move.pile === null || move.pile === undefined || move.cards.length) return null;
  const pile = document.querySelector(`#piles .pile[data-pile='${move.pile}']`);
  if (pile) pile.classList.add("hinted");
  return pile;
}

function toggle(card, byKey = false) {
  const at = state.selected.indexOf(card.key);
  if (at >= 0) state.selected.splice(at, 1); else state.selected.push(card.key);
  // the cards are marked in place (not drawn again): a double click and the keyboard's
  // focus stay on the same card
  for (const node of document.querySelectorAll("#hand .hand-card")) {
    const on = state.selected.includes(node.dataset.key);
    node.classList.toggle("selected", on);
    node.setAttribute("aria-pressed", on ? "true" : "false");
  }
  drawMoves();
  // a card with moves of its own to choose from (a Gavel card): a simple dialog
  clearTimeout(state.choiceTimer);
  if (at < 0 && state.selected.length === 1) {
    const moves = matching(state.msg.legal || [], [card.id]);
    if (moves.some((m) => m.verb === "play")) {
      const at = state.version;  // a dialog only for the position and selection it was for
      const open = () => {
        if (state.version === at && state.selected.includes(card.key)) openChoice(`${card.name || faceName(card.id)}`, moves, card.id);
      };
      if (byKey) open(); else state.choiceTimer = setTimeout(open, 300);
    }
  }
}

// a card of a panel (the search) chooses the decision that names it ("option")
function chooseWithCard(id) {
  const moves = (state.msg.legal || []).filter((m) => m.option === id);
  if (moves.length === 1) send(moves[0].text);
  else if (moves.length > 1) openChoice(faceName(id), moves, id);
  else toast("there is no move with that card now");
}

// a decision (every move grouped: the vote, the card to keep, Ripper Escapes or pass)
// is also asked in a dialog, opened once per table version
function maybeOpenChoice() {
  const legal = state.msg.legal || [];
  const dialog = document.getElementById("choice");
  if (!legal.length) { closeDialog("choice"); return; }
  if (legal.every((m) => m.group) && state.asked !== state.version) {
    state.asked = state.version;
    const groups = groupsOf(legal);
    openChoice(groups.size === 1 ? [...groups.keys()][0] : "Choose", legal, null);
  }
}

function openChoice(title, moves, card) {
  const dialog = document.getElementById("choice");
  document.getElementById("choice-title").textContent = title;
  document.getElementById("choice-list").replaceChildren(...moves.map((m) => moveButton(m)));
  if (!dialog.open) dialog.showModal();
  dialog.dataset.card = card || "";
}

function closeDialog(id) {
  const dialog = document.getElementById(id);
  if (dialog.open) dialog.close();
}

function drawSeats(msg) {
  const box = document.getElementById("seats-info");
  const rows = msg.table.seats.map((s) => {
    const link = `${location.origin}/t/${tableId}?seat=${s.seat}`;
    let right;
    const mark = seatState(s);
    if (s.kind === "bot") right = el("span", { text: `${s.bot} bot` });
    else if (s.taken) {
      right = el("span", { class: "seat-name" }, `${s.name}${s.online ? "" : " (offline)"}`,
        mark ? el("span", { class: `badge seat-mark ${mark.cls}`, text: mark.text }) : null);
    }
    else {
      right = el("span", {},
        el("button", { "data-invite": s.seat, onclick: () => copy(link), text: "copy invite link" }), " ",
        state.seat === null ? el("button", { onclick: () => askJoin(s.seat), text: "sit here" }) : null);
    }
    return el("div", { class: "seat" }, el("span", { text: `p${s.seat}` }), right,
      s.kind === "person" && !s.taken ? el("code", { class: "invite", "data-seat": s.seat, style: "display:none", text: link }) : null);
  });
  const mine = state.seat !== null ? tokens()[state.seat] : null;
  if (mine) {
    const priv = `${location.origin}/t/${tableId}?seat=${state.seat}#seat=${state.seat}&token=${mine}`;
    rows.push(el("details", { class: "links" }, el("summary", { text: "your private link (resume on another device)" }),
      el("code", { text: priv })));
  }
  rows.push(el("div", { style: "font-size:.8rem;opacity:.8", id: "table-facts",
    text: `${msg.table.watchers} watching · table ${msg.table.id} · hints ${msg.table.hints ? "on" : "off"}` }));
  box.replaceChildren(...rows);
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast("invite link copied — send it to a friend", 2500); }
  catch { window.prompt("Send this link to a friend:", text); }
}

function drawLog() {
  const box = document.getElementById("log");
  const atBottom = state.logFollow;
  const parts = [];
  state.history.forEach((lines, i) => {
    parts.push(el("p", { class: "hand-sep", text: `Hand ${i + 1}` }));
    for (const line of lines) parts.push(el("p", { text: line }));
  });
  parts.push(el("p", { class: "hand-sep", text: `Hand ${state.history.length + 1}` }));
  for (const line of state.log) parts.push(el("p", { text: line }));
  box.replaceChildren(...parts);
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// the log follows the game while its reader is at its bottom: a scroll up stops that, a
// scroll back down resumes it; a resize or a rotation keeps it at the bottom
(function followTheLog() {
  const box = document.getElementById("log");
  box.addEventListener("scroll", () => {
    state.logFollow = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  });
  new ResizeObserver(() => { if (state.logFollow) box.scrollTop = box.scrollHeight; }).observe(box);
})();

function showScoring(last, gameOver) {
  const msg = state.msg || {};
  document.getElementById("scoring-title").textContent = gameOver ? "The last hand — the game is over" : "End of the hand";
  // the hand's own words for how it ended: its log's last "the hand is over" line
  const lines = gameOver ? state.log : (state.history.at(-1) || []);
  const found = [...lines].reverse().find((line) => line.startsWith("the hand is over"));
  const endLine = found && msg.table ? withNames(found, msg) : found;
  const mySide = state.seat !== null && msg.view ? msg.view.players[state.seat].side : null;
  const body = document.getElementById("scoring-body");
  body.replaceChildren(scoringEl(last, endLine, { mySide, names: namesOf(last),
    over: gameOver && msg.view ? overText(msg) : null }));
  const dialog = document.getElementById("scoring");
  if (!dialog.open) dialog.showModal();
  // it opens at its top (the heading has the focus, not the button at the bottom)
  dialog.scrollTop = 0;
  document.getElementById("scoring-title").focus();
}

// --- joining -------------------------------------------------------------------------

function askJoin(seat) {
  document.getElementById("join-seat").textContent = `p${seat}`;
  const dialog = document.getElementById("join");
  dialog.dataset.seat = seat;
  const saved = localStorage.getItem("tablerummy:name");
  if (saved) document.getElementById("join-name").value = saved;
  if (!dialog.open) dialog.showModal();
}

async function join(seat, name) {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { seat, name });
    localStorage.setItem("tablerummy:name", name);
    saveToken(seat, data.token);
    setSeatInUrl(seat);
    restart(data.token);
  } catch (err) {
    toast(err.message);
  }
}

function restart(token) {
  state.generation++; // the old socket's close must not reconnect it
  if (state.ws) state.ws.close();
  state.msg = null;
  connect(token);
}

// --- start -----------------------------------------------------------------------------

document.getElementById("choice-cancel").addEventListener("click", () => closeDialog("choice"));
document.getElementById("hint-btn").addEventListener("click", askHint);
document.getElementById("rules-btn").addEventListener("click", () => {
  if (state.msg) openRules(state.msg.table.variant, state.msg.table.options);
});
document.getElementById("scoring-close").addEventListener("click", () => closeDialog("scoring"));
// closing the scoring (button or Escape) tells the server: the bots wait for everyone's
document.getElementById("scoring").addEventListener("close", () => {
  if (state.ws && state.ws.readyState === WebSocket.OPEN && state.msg) {
    state.ws.send(JSON.stringify({ type: "seen", hand: state.msg.view.scores.hands.length }));
  }
});
document.getElementById("last-hand-btn").addEventListener("click", () => {
  if (state.msg && state.msg.last_hand) showScoring(state.msg.last_hand, state.msg.view.scores.game_over);
});
document.getElementById("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("typed-text");
  if (input.value.trim()) send(input.value.trim());
  input.value = "";
});
document.getElementById("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const dialog = document.getElementById("join");
  const name = document.getElementById("join-name").value.trim();
  if (!name) return;
  dialog.close();
  join(Number(dialog.dataset.seat), name);
});
document.getElementById("join-watch").addEventListener("click", () => document.getElementById("join").close());

async function start() {
  let meta;
  try { meta = (await api(`/api/tables/${encodeURIComponent(tableId)}`)).table; }
  catch (err) { document.getElementById("prompt").textContent = err.message; return; }
  const held = tokens();
  let seat = wantedSeat();
  if (seat === null && Object.keys(held).length === 1) { seat = Number(Object.keys(held)[0]); setSeatInUrl(seat); }
  if (seat !== null && held[seat]) { connect(held[seat]); return; }
  connect(null);
  const info = seat !== null ? meta.seats[seat] : null;
  if (info && info.kind === "person" && !info.taken) askJoin(seat);
  else if (info) toast(`seat p${seat} is taken: you are watching`);
}
start();
