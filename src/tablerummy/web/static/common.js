// Shared drawing helpers of the table, lobby and replay pages.
// The pages draw what the server's views say; they never compute a rule.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// "7H" -> "7♥", a wild "2C=7H" -> "2♣ as 7♥", "JK" -> "Joker" (the notation's card ids)
function prettyCard(id) {
  if (id.includes("=")) {
    const parts = id.split("=").map(prettyCard);
    return parts.every(Boolean) ? parts.join(" as ") : null;
  }
  const m = /^(10|[2-9JQKA])([SHDC])$/.exec(id);
  if (m) return m[1] + SUITS[m[2]];
  return id === "JK" ? "Joker" : null;
}

// "frank-nitti" -> "Frank Nitti": a readable fallback where the view gives no name.
export function pretty(word) {
  const card = prettyCard(word);
  if (card) return card;
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(word)) return word;
  return word.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
}

export function prettyMove(label) {
  return label.split(" ").map(pretty).join(" ");
}

function hue(id) {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

// The faces of the variant's cards (server's `faces`: id -> {name, mono, points}).
let FACES = {};
export function setFaces(faces) { FACES = faces || {}; }
export function faceName(id) {
  if (id.includes("=")) return id.split("=").map(faceName).join(" as ");
  return (FACES[id] && FACES[id].name) || pretty(id);
}

// what a card is worth and does, in one sentence (the server's card_help)
export function faceHelp(id) {
  if (id.includes("=")) {
    const [card, stands] = id.split("=");
    return `${faceName(card)} as ${faceName(stands)}. ${faceHelp(card)}`;
  }
  return (FACES[id] && FACES[id].help) || faceName(id);
}

// Press and hold a card (a phone has no hover), or right-click it: its sentence is shown
// in a bubble that stays until the next tap; a mouse gets the same text as a tooltip.
let holdTimer = null;
export function showCardInfo(text) {
  let node = document.getElementById("card-info");
  if (!node) {
    node = el("div", { id: "card-info", role: "status" });
    document.body.append(node);
    document.addEventListener("pointerdown", () => node.classList.remove("show"), true);
  }
  node.textContent = text;
  node.classList.add("show");
}
function holdable(node, text) {
  node.addEventListener("contextmenu", (event) => { event.preventDefault(); showCardInfo(text); });
  node.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => showCardInfo(text), 500);
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
    node.addEventListener(type, () => clearTimeout(holdTimer));
  }
}

// the longest word decides the name's size (table.css), so no word is broken inside
function longestWord(text) {
  return Math.max(...text.split(/\s+/).map((w) => w.length));
}

// A card face: a corner mark (unique in the deck), the name, the point value if any.
// `names` maps card ids to names; gavel-like cards are told apart by `kind`.
export function cardEl(id, name, opts = {}) {
  const classes = ["card"];
  if (opts.small) classes.push("small");
  if (opts.kind === "gavel") classes.push("gavel");
  if (opts.extra) classes.push(opts.extra);
  const text = (name || faceName(id)).replace(/(\S)=(\S)/g, "$1 as $2");
  const shown = text.split(" as ").pop();
  // the mark's colour: dark enough on the paper for WCAG AA (a hue at 28% lightness)
  const colour = /[♥♦]/.test(shown) ? "#b03325" : /[♠♣]/.test(shown) ? "#1d1d1f" : `hsl(${hue(id)} 60% 28%)`;
  const base = id.split("=")[0];
  const face = FACES[base] || {};
  const points = face.points;
  const help = faceHelp(id);
  // a card to press is named by its own text (name, then its points for screen readers);
  // a card to look at is an image named by its label
  const button = opts.role === "button";
  const label = points ? `${text}, ${points} points` : text;
  const node = el("div", { class: classes.join(" "), "data-card": id, title: help,
    "aria-label": button ? null : label, "aria-description": help === text ? null : help,
    role: opts.role || "img", style: `--hue: ${colour}` },
    el("div", { class: "band", "aria-hidden": "true" }),
    el("div", { class: "cname", style: `--len: ${longestWord(text)}`, text }),
    points && button ? el("span", { class: "sr-only", text: `, ${points} points` }) : null,
    el("div", { class: text.includes(" as ") ? "mono wild" : "mono", "aria-hidden": "true", text: monogram(id, text) }),
    points ? el("div", { class: "pts", "aria-hidden": "true", text: `${points}` }) : null);
  if (opts.delay !== undefined) node.style.animationDelay = `${opts.delay}s`;
  holdable(node, help);
  return node;
}

function monogram(id, name) {
  if (name.includes(" as ")) return name; // a wild card: what it is and what it stands for
  if (FACES[id] && FACES[id].mono) return FACES[id].mono;
  const words = name.split(/[\s-]+/).filter(Boolean);
  if (words.length === 1) return words[0].slice(0, 3);
  return words.slice(0, 2).map((w) => w[0].toUpperCase()).join("");
}

export function backEl(small = false) {
  return el("div", { class: small ? "card back small" : "card back", role: "img", "aria-label": "a face-down card" });
}

export function namesOf(view) {
  const names = {};
  for (const [id, face] of Object.entries(FACES)) names[id] = face.name;
  for (const group of [...(view.hand || []), ...(view.private || [])]) {
    for (const card of group.cards || []) if (card.name) names[card.id] = card.name;
  }
  for (const pile of view.piles || []) if (pile.top && pile.top_name) names[pile.top] = pile.top_name;
  return names;
}

export function meldEl(meld, names, small = true) {
  return el("div", { class: "meld" },
    el("div", { class: "mcards" }, meld.cards.map((c) => cardEl(c, names[c], { small }))),
    el("div", { class: "minfo" },
      el("span", { text: meld.label || "" }),
      el("span", {}, meld.note ? `${meld.note} · ` : "", el("b", { text: `${meld.points}` }))));
}

export function areaEl(area, names, mine) {
  return el("section", { class: mine ? "panel area mine" : "panel area", "data-side": area.side },
    el("div", { class: "head" },
      el("span", { text: `${area.label}${mine ? " (you)" : ""}` }),
      el("span", { class: "badge", text: `${area.points} points` })),
    el("div", { class: "melds" },
      area.melds.length ? area.melds.map((m) => meldEl(m, names)) :
        el("span", { class: "hint", style: "opacity:.6;font-size:.8rem", text: "no melds yet" })));
}

export function pileEl(pile, names, index, onClick) {
  const face = pile.top ? cardEl(pile.top, pile.top_name || names[pile.top]) :
    pile.size ? backEl() : el("div", { class: "card empty", "aria-hidden": "true" });
  const top = pile.top ? `, ${pile.top_name || names[pile.top] || faceName(pile.top)} on top` : "";
  // named by its content: the top card (an image with its name) and "Underworld · 13 cards"
  return el("div", { class: "pile", "data-pile": index, title: `${pile.name}: ${pile.size} cards${top}`,
    role: "button", tabindex: "0",
    onclick: onClick, onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onClick(); }
    } },
    face,
    el("div", { class: "size", text: `${pile.name} · ${pile.size} cards` }));
}

export function scoresEl(scores) {
  const head = el("tr", {}, el("th", { text: "hand" }), scores.sides.map((s) => el("th", { text: s })));
  const rows = scores.hands.map((h, i) => el("tr", {}, el("td", { text: `${i + 1}` }),
    h.map((v) => el("td", { text: `${v}` }))));
  const total = el("tr", { class: "total" }, el("td", { text: "total" }),
    scores.totals.map((v) => el("td", { text: `${v}` })));
  return el("table", { class: "scores" }, el("thead", {}, head), el("tbody", {}, rows, total),
    el("caption", { style: "caption-side:bottom;font-size:.75rem;opacity:.8;text-align:left",
      text: `game to ${scores.target}` }));
}

/** The finished hand's scoring, item by item per side: the engine's breakdown as the view
 *  carries it; `endLine` is the hand's own last event ("the hand is over: p1 went out …").
 *  `opts.mySide` comes first; the finished hand's melds (`last.areas`) are shown per side,
 *  and where an area's melded points differ from the hand score, the difference is said;
 *  `opts.over` is the game-over line of the last hand. */
export function scoringEl(last, endLine, opts = {}) {
  const box = el("div", { class: "breakdown" });
  const ended = endLine || (last.end ? `the hand is over: ${last.end.replaceAll("-", " ")}` : "");
  if (opts.over) box.append(el("p", { class: "over-line", text: opts.over }));
  if (ended) box.append(el("p", { class: "end-line", text: ended.charAt(0).toUpperCase() + ended.slice(1) }));
  let delay = 0;
  const sides = [...(last.breakdown || [])];
  if (opts.mySide !== null && opts.mySide !== undefined) {
    sides.sort((a, b) => (b.side === opts.mySide) - (a.side === opts.mySide));
  }
  for (const side of sides) {
    const mine = side.side === opts.mySide;
    const part = el("section", { class: mine ? "side mine" : "side", "data-side": side.side,
      "aria-label": `${side.label}${mine ? " (you)" : ""}` },
      el("h4", {}, el("span", { text: `${side.label}${mine ? " (you)" : ""}` }),
        el("span", { class: "hs", text: `hand score ${side.total}` })));
    const area = (last.areas || []).find((a) => a.side === side.side);
    if (area && area.melds.length) {
      part.append(el("div", { class: "melds smelds" }, area.melds.map((m) => meldEl(m, opts.names || {}))));
    }
    if (area && area.points !== side.total) {
      part.append(el("p", { class: "diff", text:
        `Melded in the area: ${area.points} points; the hand score is ${side.total}: the items below say why.` }));
    }
    const list = el("table", { class: "items" });
    for (const item of side.items) {
      const row = el("tr", {}, el("td", { text: item.label }),
        el("td", { class: item.points < 0 ? "pts neg" : "pts", text: item.points > 0 ? `+${item.points}` : `${item.points}` }));
      row.style.animationDelay = `${delay}s`;
      delay += 0.08;
      list.append(row);
    }
    if (!side.items.length) list.append(el("tr", {}, el("td", { text: "nothing scored" }), el("td", { class: "pts", text: "0" })));
    list.append(el("tr", { class: "total" }, el("td", { text: "total" }), el("td", { class: "pts", text: `${side.total}` })));
    part.append(list);
    box.append(part);
  }
  return box;
}

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const error = new Error(data.error || `HTTP ${response.status}`);
    error.status = response.status; // 503 "busy": a caller may try again
    throw error;
  }
  return data;
}

export function toast(message, ms = 4500) {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove("show"), ms);
}
