"""The Oklahoma family's move menu: melds grouped by what they make, wilds folded.

With deuces wild a hand makes hundreds of melds that differ only in which deuce stands
where.  The menu (see :mod:`.moves`) shows, at its top, one entry per verb target:
``discard`` by card; ``meld`` by what the meld makes (``set of 7s: 3 ways``,
``♦ sequence: 108 ways``); ``layoff`` by card (``10♦ on m1``, ``2♣: 8 ways``); ``draw``
the stock or the pile.
A group of melds opens onto one line per meld of the same natural cards, its wild
designations folded into it (``5♦ 7♦ 8♦ + 1 wild: 3 ways``), which opens onto the moves
themselves.  Only the legal texts are read; the rules object says what a meld is.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..present.moves import Entry, Row, entry, leaf
from ..variant import Variant
from .actions import parse_item
from .cards import IDS, RANKS, SUITS, SYMBOLS, card_name
from .melds import DEUCES, SET, Item, Meld, build

_RANK_WORDS = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
FLAT = 9
"""A group of at most this many moves lists them at once instead of opening sub-groups."""


def _item_label(item: Item) -> str:
    c, s = item
    return card_name(IDS[c]) if c == s else f"{card_name(IDS[c])} as {card_name(IDS[s])}"


def _items_label(items: Sequence[Item]) -> str:
    return " ".join(_item_label(item) for item in items)


def _group_label(meld: Meld) -> str:
    if meld.kind == SET:
        rank = RANKS[meld.key - 1]
        return "set of " + _RANK_WORDS.get(rank, rank + "s")
    if meld.kind == DEUCES:
        return "deuce set"
    return SYMBOLS[SUITS[meld.key]] + " sequence"


def _naturals_label(naturals: tuple[int, ...], wilds: int) -> str:
    shown = " ".join(card_name(IDS[c]) for c in naturals)
    if not wilds:
        return shown
    extra = f"{wilds} wild" if wilds == 1 else f"{wilds} wilds"
    return f"{shown} + {extra}" if shown else extra


def _melds(variant: Variant, texts: Sequence[str], skip: int) -> list[Entry]:
    """One entry per kind of meld (its rank or suit), each opening onto its melds.

    ``skip`` is how many words come before the cards (``meld`` 1, ``draw pile meld`` 3).
    """
    rules = variant.rules  # type: ignore[attr-defined]
    groups: dict[tuple[int, int], list[tuple[str, Meld]]] = {}
    for text in texts:
        meld = build([parse_item(w) for w in text.split()[skip:]], rules)
        if isinstance(meld, str):  # not a meld after all: never from the engine
            continue
        groups.setdefault((meld.kind, meld.key), []).append((text, meld))
    order = sorted(groups, key=lambda k: (k[0] != SET, k[0] != DEUCES, k[1]))
    return [_kind_entry(groups[key]) for key in order]


def _kind_entry(melds: list[tuple[str, Meld]]) -> Entry:
    texts = [t for t, _ in melds]

    def rows() -> list[Row]:
        if len(melds) <= FLAT:
            return [{"label": "", "entries": [leaf(_items_label(m.items), t) for t, m in melds]}]
        shapes: dict[tuple[tuple[int, ...], int], list[tuple[str, Meld]]] = {}
        for text, meld in melds:
            naturals = tuple(sorted(c for c, s in meld.items if c == s))
            shapes.setdefault((naturals, meld.wilds()), []).append((text, meld))
        order = sorted(shapes, key=lambda k: (-len(k[0]), k[1], k[0]))
        return [{"label": "", "entries": [_shape_entry(key, shapes[key]) for key in order]}]

    return entry(_group_label(melds[0][1]), texts, rows)


def _shape_entry(key: tuple[tuple[int, ...], int], ways: list[tuple[str, Meld]]) -> Entry:
    naturals, wilds = key
    if len(ways) == 1:
        text, meld = ways[0]
        return leaf(_items_label(meld.items), text)
    return entry(_naturals_label(naturals, wilds), [t for t, _ in ways],
                 lambda: [{"label": "", "entries": [leaf(_items_label(m.items), t)
                                                    for t, m in ways]}])


def _layoff_entry(card: str, moves: list[str]) -> Entry:
    """One card laid off: onto which meld, and (a wild) standing for what, its sub-menu."""
    if len(moves) == 1:
        return leaf(f"{card} on {moves[0].split()[2]}", moves[0])

    def rows() -> list[Row]:
        return [{"label": "", "entries": [
            leaf(_item_label(parse_item(m.split()[1])) + " on " + m.split()[2], m)
            for m in moves]}]
    return entry(card, moves, rows)


def oklahoma_moves(variant: Variant, texts: Sequence[str]) -> list[Row]:
    draw: list[Entry] = []
    piles: list[str] = []
    discards: list[Entry] = []
    melds: list[str] = []
    layoffs: dict[str, list[str]] = {}
    others: dict[str, list[Entry]] = {}
    for text in texts:
        words = text.split()
        verb = words[0]
        if text == "draw stock":
            draw.append(leaf("from the stock", text))
        elif words[:2] == ["draw", "pile"]:
            piles.append(text)
        elif verb == "discard" and len(words) == 2:
            discards.append(leaf(card_name(words[1]), text))
        elif verb == "meld":
            melds.append(text)
        elif verb == "layoff" and len(words) == 3:
            layoffs.setdefault(card_name(words[1].split("=")[0]), []).append(text)
        else:
            others.setdefault(verb, []).append(leaf(" ".join(words[1:]), text))
    if piles:
        draw.append(entry("take the pile", piles,
                          lambda: [{"label": "meld", "entries": _melds(variant, piles, 3)}]))
    rows: list[Row] = []
    if draw:
        rows.append({"label": "draw", "entries": draw})
    if melds:
        rows.append({"label": "meld", "entries": _melds(variant, melds, 1)})
    if layoffs:
        rows.append({"label": "layoff", "entries": [_layoff_entry(label, moves)
                                                    for label, moves in layoffs.items()]})
    rows += [{"label": verb, "entries": found} for verb, found in others.items()]
    if discards:
        rows.append({"label": "discard", "entries": discards})
    return rows
