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
from rich.console import Group, RenderableType
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


def player_table(view: View, names: Mapping[int, str]) -> Table:
    """Who sits where: cards in hand, side, dealer, whose turn."""
    table = Table(show_edge=False, box=None, pad_edge=False, padding=(0, 2))
    table.add_column("seat", style="bold")
    table.add_column("player")
    table.add_column("cards", justify="right")
    sides: list[str] = view["scores"]["sides"]
    teams = len(sides) < len(view["players"])
    if teams:
        table.add_column("side")
    table.add_column("")
    for p in view["players"]:
        notes = []
        if p["dealer"]:
            notes.append("dealer")
        if p["to_act"]:
            notes.append("[bold reverse] to act [/]")
        label = p["label"] + (" ◀" if p["seat"] == view["seat"] else "")
        cells = [label, names.get(p["seat"], ""), str(p["hand_size"])]
        if teams:
            cells.append(sides[p["side"]])
        table.add_row(*cells, " ".join(notes))
    return table


def meld_line(meld: Mapping[str, Any], styles: CardStyles) -> Text:
    cards: list[str] = meld["cards"]
    first = cards[0] if cards else ""
    if cards and len(set(cards)) == 1:
        text = styles.card(first, meld["label"], len(cards))
    else:
        text = Text(f"{meld['label']} ", style="bold")
        for i, card in enumerate(cards):
            if i:
                text.append(" ")
            text.append(card, style=styles.style(card))
    if meld.get("note"):
        text.append(f"  {meld['note']}", style="dim")
    text.append(f"  {meld['points']}", style="bold")
    return text


def areas_table(view: View, styles: CardStyles, hand_scores: Sequence[int] | None = None) -> Table:
    """Each side's area as a column: its melds with their points.

    ``hand_scores`` (at the end of a hand) adds the hand's score and the game total per
    side; the score is the engine's, which can differ from the area's points when a rule
    like Al Capone's exclusion applies.
    """
    scores = view["scores"]
    table = Table(title="Areas", title_style="bold", expand=False, show_lines=False)
    areas = view.get("areas", [])
    for area in areas:
        table.add_column(f"{area['label']} · {area['points']} pts", min_width=22)
    depth = max((len(a["melds"]) for a in areas), default=0)
    for row in range(max(depth, 1)):
        cells: list[RenderableType] = []
        for area in areas:
            melds = area["melds"]
            if row < len(melds):
                cells.append(meld_line(melds[row], styles))
            else:
                cells.append(Text("(nothing yet)", style="dim") if row == 0 else Text(""))
        table.add_row(*cells)
    if hand_scores is not None:
        table.add_section()
        table.add_row(*[Text(f"this hand: {hand_scores[a['side']]}", style="bold")
                        for a in areas])
    if hand_scores is not None and areas:
        table.add_section()
        table.add_row(*[Text(f"game total: {scores['totals'][a['side']]}", style="bold cyan")
                        for a in areas])
    return table


def piles_line(view: View, styles: CardStyles) -> Text:
    text = Text()
    for i, pile in enumerate(view.get("piles", [])):
        if i:
            text.append("    ")
        text.append(f"{pile['name']}: ", style="bold")
        text.append(f"{pile['size']} card{'s' if pile['size'] != 1 else ''}")
        if pile.get("top"):
            text.append(", top ")
            text.append_text(styles.card(pile["top"], pile.get("top_name")))
    return text


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


def card_groups(groups: Sequence[Mapping[str, Any]], styles: CardStyles) -> Table:
    """Labelled rows of cards; a card never breaks across lines."""
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for group in groups:
        cards = [styles.card(c["id"], c.get("name"), c.get("count", 1))
                 for c in group["cards"]]
        table.add_row(group["label"], Columns(cards, padding=(0, 3)))
    return table


def hand_panel(view: View, styles: CardStyles) -> Panel:
    """The viewer's own hand, grouped as the presenter groups it (by gangster, by suit…)."""
    groups = view.get("hand", [])
    size = sum(c.get("count", 1) for g in groups for c in g["cards"])
    body: RenderableType = card_groups(groups, styles) if groups else Text("(no cards)")
    return Panel(body, title=f"[bold]p{view['seat']}'s hand[/] · {size} cards",
                 title_align="left", border_style="green", expand=False)


def private_panels(view: View, styles: CardStyles) -> list[Panel]:
    """What only the viewer sees right now (e.g. the Underworld during a search)."""
    return [Panel(Columns([styles.card(c["id"], c.get("name"), c.get("count", 1))
                           for c in p["cards"]], padding=(0, 3)),
                  title=p["label"], title_align="left", border_style="yellow", expand=False)
            for p in view.get("private", [])]


RECENT_LINES = 12
"""Events shown above the table; older ones are left to the ``log`` command."""


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


MOVE_ROW = 6
"""A group of moves longer than this is split by its next word, when every move has one."""


def group_moves(texts: Sequence[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Moves numbered from 1, in rows that share their first words.

    ``play agent-meeting ask-around al-capone`` … become one row ``play agent-meeting
    ask-around`` with the gangsters as its entries: a long list of moves stays a few lines
    tall, and each entry keeps its number.  Only the text is read, so this works for any
    variant's notation.
    """
    def split(items: list[tuple[int, list[str]]],
              depth: int) -> list[tuple[str, list[tuple[int, str]]]]:
        groups: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {}
        for number, words in items:
            groups.setdefault(tuple(words[:depth]), []).append((number, words))
        rows: list[tuple[str, list[tuple[int, str]]]] = []
        for key, members in groups.items():
            if len(members) > MOVE_ROW and all(len(w) > depth + 1 for _, w in members):
                rows += split(members, depth + 1)
            else:
                rows.append((" ".join(key), [(n, " ".join(w[depth:])) for n, w in members]))
        return rows

    return split([(i, text.split()) for i, text in enumerate(texts, 1)], 1)


def moves_list(texts: Sequence[str]) -> Table:
    """The legal moves, numbered from 1, grouped in rows by their first words."""
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for label, entries in group_moves(texts):
        cells = [Text.assemble((f"{number}", "bold yellow"), (" " if rest else ""), rest)
                 for number, rest in entries]
        table.add_row(label, Columns(cells, padding=(0, 3)))
    return table


def table_screen(view: View, names: Mapping[int, str], styles: CardStyles,
                 hand_number: int, recent: Sequence[str] | None = None,
                 recent_title: str = "Since your last turn") -> Group:
    """Everything the viewer sees before deciding, top to bottom."""
    parts: list[RenderableType] = [
        Rule(f"[bold]{view['title']}[/] · hand {hand_number + 1}", style="bright_black"),
    ]
    if recent is not None:
        parts.append(events_panel(recent, recent_title, RECENT_LINES))
    parts += [
        player_table(view, names),
        Text(),
        piles_line(view, styles),
        areas_table(view, styles),
        scores_line(view),
        hand_panel(view, styles),
        *private_panels(view, styles),
    ]
    prompt = view.get("prompt")
    if prompt:
        parts.append(Text(prompt, style="bold"))
    return Group(*parts)


def hand_over_screen(view: View, styles: CardStyles, hand_number: int) -> Group:
    """The scoring of a finished hand: every area with its points, the hand's scores
    and the running totals.  ``view`` is built from the observation's ``last_hand``."""
    scores = view["scores"]
    hand_scores = scores["hands"][-1] if scores.get("hands") else None
    parts: list[RenderableType] = [
        Rule(f"[bold]Hand {hand_number + 1} is over[/]: {readable(view.get('end'))}",
             style="yellow"),
        areas_table(view, styles, hand_scores=hand_scores),
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
