"""Drawing a table view (``tablerummy.present``) in the terminal with Rich.

Everything here reads a view — the JSON-ready dict a presenter makes from one seat's
observation — and nothing else: no rule is computed and no variant is named, so a new
variant shows up in the terminal as soon as it has a presenter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

View = Mapping[str, Any]

PALETTE = (
    "#e6194b", "#4db8ff", "#3cb44b", "#f58231", "#d16bff", "#46f0f0", "#f032e6",
    "#bcf60c", "#fabebe", "#ffe119", "#e6beff", "#aaffc3", "#ffd8b1", "#9a9aff",
    "#ff9a9a", "#b0b0b0",
)
"""Distinct colours, one per card kind in the variant's canonical deck order."""

_PLAYING_CARD = re.compile(r"^(?:10|[2-9AJQK])([SHDC])\b", re.IGNORECASE)
_SUIT_STYLE = {"S": "bold white", "C": "bold #9ad0ff", "H": "bold #ff6b6b", "D": "bold #ffb347"}


class CardStyles:
    """The colour of each card id: suits for playing cards, else one colour per kind.

    ``kinds`` is the variant's card kinds in canonical order, so a kind keeps its colour
    from game to game (Frank Nitti is always the same orange).
    """

    def __init__(self, kinds: Iterable[str] = ()) -> None:
        self._index = {kind: i for i, kind in enumerate(dict.fromkeys(kinds))}

    def style(self, card: str) -> str:
        suit = _PLAYING_CARD.match(card.split("=")[-1])
        if suit:
            return _SUIT_STYLE[suit.group(1).upper()]
        if card.upper() == "JK":
            return "bold magenta"
        index = self._index.get(card)
        if index is None:
            index = sum(map(ord, card))  # a stable colour for a kind we were not told of
        return PALETTE[index % len(PALETTE)]

    def card(self, card_id: str, name: str | None = None, count: int = 1) -> Text:
        text = Text("■ ", style=self.style(card_id))
        text.append(name or card_id, style=self.style(card_id))
        if count != 1:
            text.append(f" ×{count}", style="bold")
        return text


def readable(word: str | None) -> str:
    """``stock-exhausted`` → ``stock exhausted``: engine words for people."""
    return (word or "").replace("-", " ")


def scores_line(view: View) -> Text:
    scores = view["scores"]
    text = Text(f"Game to {scores['target']}, totals:  ", style="bold")
    for i, (label, total) in enumerate(zip(scores["sides"], scores["totals"], strict=True)):
        if i:
            text.append("  ·  ")
        text.append(f"{label} {total}", style="bold cyan")
    hands = len(scores.get("hands") or [])
    if hands:
        text.append(f"   ({hands} hand{'s' if hands != 1 else ''} played)", style="dim")
    return text


RECENT_LINES = 12
"""Events the ``log`` panel shows at most before pointing at the whole hand."""


def events_panel(lines: Sequence[str], title: str, limit: int | None = None) -> Panel:
    """Events in words, the newest last; with ``limit``, only the newest that many."""
    shown = list(lines)
    texts = []
    if limit is not None and len(shown) > limit:
        texts.append(f"… {len(shown) - limit} earlier (the command 'log' shows this hand's)")
        shown = shown[-limit:]
    texts += [f"• {line}" for line in shown]
    body = Text("\n".join(texts)) if texts else Text("(nothing)")
    return Panel(body, title=title, title_align="left", border_style="blue", expand=False)


# --- the compact turn screen -------------------------------------------------------------


def flow(pieces: Sequence[Text], width: int, gap: int = 2, indent: int = 2) -> Text:
    """``pieces`` on lines of at most ``width`` cells, broken only between pieces.

    Rich wraps at any space, which would cut "Jake Guzik" in two; here a card (or a
    meld) stays whole and a continued line is indented.
    """
    out = Text()
    used = 0
    for piece in pieces:
        size = piece.cell_len
        if used and used + gap + size > width:
            out.append("\n" + " " * indent)
            used = indent
        elif used:
            out.append(" " * gap)
            used += gap
        out.append_text(piece)
        used += size
    return out


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _card(styles: CardStyles, card: Mapping[str, Any]) -> Text:
    """A card of a hand or panel: playing cards by their name alone (``10♦``), others
    with a coloured square, as their colour is not in their name."""
    name = card.get("name") or card["id"]
    if _PLAYING_CARD.match(card["id"]) or card["id"].upper() == "JK":
        text = Text(name, style=styles.style(card["id"]))
        if card.get("count", 1) != 1:
            text.append(f"×{card['count']}", style="bold")
        return text
    return styles.card(card["id"], name, card.get("count", 1))


def _labelled(label: str, cards: Sequence[Text]) -> list[Text]:
    """A group label glued to its first card, so that no line ends with a bare label."""
    if not cards:
        return []
    head = Text()
    head.append(f"{label} ", style="bold")
    head.append_text(cards[0])
    return [head, *cards[1:]]


def players_text(view: View, names: Mapping[int, str], width: int) -> Text:
    pieces = []
    for p in view["players"]:
        text = Text()
        text.append(p["label"], style="bold")
        who = names.get(p["seat"], "")
        if who:
            text.append(f" {who}")
        text.append(f": {_plural(p['hand_size'], 'card')}")
        if p["dealer"]:
            text.append(", dealer", style="dim")
        if p["to_act"]:
            text.append(" ")
            text.append(" to act ", style="bold reverse")
        pieces.append(text)
    return flow(pieces, width, gap=3)


def piles_text(view: View, styles: CardStyles, width: int) -> Text:
    pieces = []
    for pile in view.get("piles", []):
        text = Text()
        text.append(f"{pile['name']}: ", style="bold")
        text.append(_plural(pile["size"], "card"))
        if pile.get("top"):
            text.append(", top ")
            text.append_text(_card(styles, {"id": pile["top"], "name": pile.get("top_name")}))
        pieces.append(text)
    return flow(pieces, width, gap=4)


def _runs(cards: Sequence[str], names: Sequence[str]) -> list[tuple[str, str, int]]:
    """Consecutive equal cards as (id, name, count)."""
    runs: list[tuple[str, str, int]] = []
    for card, name in zip(cards, names, strict=False):
        if runs and runs[-1][0] == card:
            runs[-1] = (card, name, runs[-1][2] + 1)
        else:
            runs.append((card, name, 1))
    return runs


def areas_summary(areas: Sequence[Mapping[str, Any]], width: int) -> Text:
    """Every area in one line, when the melds themselves do not fit the screen."""
    pieces = []
    for area in areas:
        text = Text()
        text.append(f"{area['label']} area", style="bold cyan")
        text.append(f" {area['points']} pts ({_plural(len(area['melds']), 'meld')})")
        pieces.append(text)
    pieces.append(Text("('table' shows them)", style="dim"))
    return flow(pieces, width, gap=3)


def _meld_piece(meld: Mapping[str, Any], styles: CardStyles) -> Text:
    """A meld in words: its label, its cards by name (equal ones counted), its points.

    A card named as the meld is labelled shows as its count only (``Sir William Gull
    ×3, Wild Evidence``); names with spaces are separated by commas.
    """
    cards: list[str] = meld["cards"]
    names: list[str] = meld.get("names") or cards
    runs = _runs(cards, names)
    if len(runs) == 1 and runs[0][1] == meld["label"]:
        text = styles.card(cards[0], meld["label"], len(cards))
    else:
        text = Text()
        text.append(meld["label"], style="bold")
        sep = ", " if any(" " in name for name in names) else " "
        for i, (card, name, count) in enumerate(runs):
            if i == 0 and name == meld["label"]:
                text.append(f" ×{count}", style=styles.style(card))
                continue
            text.append(sep if i else " ")
            text.append(name, style=styles.style(card))
            if count > 1:
                text.append(f"×{count}", style="bold")
    if meld.get("note"):
        text.append(f" ({meld['note']})", style="dim")
    text.append(f" {meld['points']}", style="bold")
    return text


def area_text(area: Mapping[str, Any], styles: CardStyles, width: int,
              notes: bool = True) -> Text:
    """One side's area on as few lines as its melds need (``notes``: with each meld's)."""
    head = Text()
    head.append(f"{area['label']} area, {area['points']} pts:", style="bold cyan")
    melds = [_meld_piece(m if notes else {**m, "note": ""}, styles) for m in area["melds"]]
    if not melds:
        head.append(" nothing yet", style="dim")
        return head
    first = head.copy()
    first.append(" ")
    first.append_text(melds[0])
    return flow([first, *melds[1:]], width)


def hand_text(view: View, styles: CardStyles, width: int) -> Text:
    groups = view.get("hand", [])
    size = sum(c.get("count", 1) for g in groups for c in g["cards"])
    title = Text(f"p{view['seat']}'s hand ({_plural(size, 'card')}):", style="bold green")
    pieces: list[Text] = [title]
    for group in groups:
        pieces += _labelled(group["label"], [_card(styles, c) for c in group["cards"]])
    if not groups:
        title.append(" empty", style="dim")
    return flow(pieces, width)


def private_texts(view: View, styles: CardStyles, width: int) -> list[Text]:
    """What only the viewer sees right now (e.g. the Underworld during a search)."""
    return [flow(_labelled(p["label"] + ":", [_card(styles, c) for c in p["cards"]]), width)
            for p in view.get("private", []) if p["cards"]]


def entry_text(number: int, entry: Mapping[str, Any]) -> Text:
    text = Text()
    text.append(str(number), style="bold yellow")
    if entry["label"]:
        text.append(f" {entry['label']}")
    ways = len(entry["moves"])
    if ways > 1:
        text.append(f": {ways} ways", style="dim")
    return text


LABEL_WIDTH = 20
"""The widest a menu row's label is drawn (a longer one wraps): the entries keep the rest."""


def menu_table(rows: Sequence[Mapping[str, Any]], width: int) -> Table:
    """The menu of moves (``tablerummy.present.moves``), its entries numbered from 1."""
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1),
                  width=width)
    label_width = min(max((len(r["label"]) for r in rows), default=0), LABEL_WIDTH)
    if label_width:
        table.add_column(style="bold", width=label_width)
    table.add_column(ratio=1)
    number = 0
    for row in rows:
        pieces = []
        for entry in row["entries"]:
            number += 1
            pieces.append(entry_text(number, entry))
        cells: list[RenderableType] = [Columns(pieces, padding=(0, 2))]
        if label_width:  # a row without a label would read as the wrapped end of the one above
            cells.insert(0, row["label"] or Text("or", style="dim"))
        table.add_row(*cells)
    return table


MENU_ROWS = 3
"""Rows under the prompt kept for the completion menu (prompt_toolkit reserves them)."""


def turn_screen(view: View, names: Mapping[int, str], styles: CardStyles, console: Console,
                *, hand_number: int, seed: int | None, menu: Sequence[Mapping[str, Any]],
                menu_title: str | None = None, recent: Sequence[str] = (),
                height: int | None = None) -> list[RenderableType]:
    """What a player sees before deciding, sized to the terminal: from the top, the game's
    line, the areas, the scores, the players, the piles, the latest events, the hand, the
    prompt and the numbered moves.  When it is all too tall, the areas give way first (their
    melds' notes, then the melds: one line of points, ``table`` prints them all); the
    events get the rows the rest leaves (at least the newest one).  ``height`` is the
    rows it may take (the console's height less the input line and the completion menu
    by default).
    """
    width = console.width
    if height is None:
        height = console.height - 1 - MENU_ROWS
    title = f"[bold]{view['title']}[/] · hand {hand_number + 1}"
    if seed is not None:
        title += f" · seed {seed}"
    rule: RenderableType = Rule(title, align="left", style="bright_black")
    head: list[RenderableType] = [
        scores_line(view),
        players_text(view, names, width),
        piles_text(view, styles, width),
    ]
    bottom: list[RenderableType] = [hand_text(view, styles, width),
                                    *private_texts(view, styles, width)]
    prompt = view.get("prompt")
    if prompt:
        bottom.append(Text(prompt, style="bold"))
    if menu_title:
        bottom.append(Text(menu_title, style="bold yellow"))
    bottom.append(menu_table(menu, width))
    fixed = sum(_height(console, part) for part in [rule, *head, *bottom]) + (1 if recent else 0)
    areas = view.get("areas", [])
    # the areas as they fit: whole, without the melds' notes, or one line for all
    shapes: list[list[RenderableType]] = [
        [area_text(area, styles, width) for area in areas],
        [area_text(area, styles, width, notes=False) for area in areas],
        [areas_summary(areas, width)] if areas else [],
    ]
    middle = shapes[-1]
    for shape in shapes:
        if fixed + sum(_height(console, part) for part in shape) <= height:
            middle = shape
            break
    used = fixed - (1 if recent else 0) + sum(_height(console, part) for part in middle)
    events: list[RenderableType] = []
    if recent:
        room = max(1, height - used)
        lines = [_event(line, width) for line in recent]
        while lines and (len(lines) > room
                         or sum(_height(console, t) for t in lines) > room):
            lines.pop(0)
        if not lines:  # one event longer than the room left: its start
            lines = [Text(f"• {recent[-1]}", style="cyan", no_wrap=True, overflow="ellipsis")]
        events = list(lines)
    # the areas above the scores and piles: if the screen is too tall after all, what
    # scrolls off the top first is the areas, the scrollback still holds them
    return [rule, *middle, *head, *events, *bottom]


def _event(line: str, width: int) -> Text:
    """An event as a bullet, a long one continued under its first word."""
    words = line.split()
    if not words:
        return Text("•", style="cyan")
    text = flow([Text(f"• {words[0]}"), *[Text(w) for w in words[1:]]], width, gap=1)
    text.stylize("cyan")
    return text


def _height(console: Console, part: RenderableType) -> int:
    return len(console.render_lines(part, console.options, pad=False))


# --- the end of a hand -----------------------------------------------------------------


def signed_points(points: int) -> str:
    """Points as a score line shows them: +6, 0, −4 (a true minus sign)."""
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")


def breakdown_texts(view: View, names: Mapping[int, str], width: int) -> list[Text]:
    """The hand's score per side, item by item, from the view's ``breakdown`` (the one
    breakdown the engine makes, so the terminal says what ``verify`` and the page say)."""
    texts = []
    for side in view.get("breakdown") or []:
        label = side["label"]
        who = [names[p["seat"]] for p in view.get("players", [])
               if p["side"] == side["side"] and names.get(p["seat"])]
        head = Text(label + (f" ({', '.join(who)})" if who else "") + ":", style="bold cyan")
        pieces = [head]
        for item in side["items"]:
            points = signed_points(item["points"])
            pieces.append(Text.assemble((points, "bold"), f" {item['label']}"))
        pieces.append(Text(f"= {signed_points(side['total'])} this hand", style="bold"))
        texts.append(flow(pieces, width, gap=3, indent=4))
    return texts


def hand_over_screen(view: View, hand_number: int, names: Mapping[int, str] | None = None,
                     width: int = 80) -> Group:
    """The scoring of a finished hand: each side's score item by item (the view's
    ``breakdown``, the engine's), then the game's totals.  ``view`` is built from the
    observation's ``last_hand``."""
    parts: list[RenderableType] = [
        Rule(f"[bold]Hand {hand_number + 1} is over[/]: {readable(view.get('end'))}",
             style="yellow", align="left"),
        *breakdown_texts(view, names or {}, width),
        scores_line(view),
    ]
    return Group(*parts)


def game_over_text(view: View, my_sides: Sequence[int] = ()) -> Text:
    scores = view["scores"]
    winner = scores.get("winner")
    totals: list[int] = scores["totals"]
    ranking = "  ·  ".join(f"{label} {total}"
                           for label, total in zip(scores["sides"], totals, strict=True))
    if winner is None:
        return Text(f"The game is over. {ranking}", style="bold")
    who = scores["sides"][winner]
    if winner in my_sides and len(my_sides) == 1:
        head = f"You ({who}) win the game!"
    else:
        head = f"{who} wins the game."
    return Text(f"{head}  Final scores: {ranking}", style="bold green")
