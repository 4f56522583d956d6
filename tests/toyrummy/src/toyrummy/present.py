"""``toy`` for people: the table view, moves in words and the cards' faces.

The view has the keys every front end reads (see :mod:`tablerummy.present`); the
common ones come from :func:`tablerummy.present.common_view`.
"""

from __future__ import annotations

from tablerummy.family import CardFace, Namer, View
from tablerummy.present import common_view, prompt, side_label
from tablerummy.variant import Observation, Variant

from .cards import IDS, INDEX, NAMES, SUIT_NAMES, SUITS, points, rank, suit

_PROMPTS = {
    "draw": "draw from the stock or take the top of the discard pile",
    "play": "meld, lay off — then discard",
}


def _card(cid: str) -> dict[str, object]:
    return {"id": cid, "name": NAMES[cid], "count": 1}


def _meld_label(cards: list[int]) -> str:
    if suit(cards[0]) == suit(cards[-1]):
        return f"Run of {SUIT_NAMES[suit(cards[0])]}"
    return f"Set of {rank(cards[0])}s"


def toy_view(variant: Variant, obs: Observation) -> View:
    view = common_view(variant, obs)
    hand: list[str] = obs["hand"]
    view["hand"] = [
        {"label": word, "cards": [_card(c) for c in hand if c[0] == s]}
        for s, word in zip(SUITS, SUIT_NAMES, strict=True) if any(c[0] == s for c in hand)
    ]
    sides: list[list[int]] = obs["sides"]
    areas = []
    for seat, melds in enumerate(obs["melds"]):
        shown = []
        total = 0
        for meld in melds:
            cards = [INDEX[c] for c in meld]
            worth = sum(points(c) for c in cards)
            total += worth
            shown.append({"label": _meld_label(cards), "cards": list(meld),
                          "names": [NAMES[c] for c in meld], "points": worth,
                          "note": f"{len(meld)} cards"})
        areas.append({"side": seat, "label": side_label(sides, seat),
                      "points": total, "melds": shown})
    view["areas"] = areas
    top = obs["discard_top"]
    view["piles"] = [
        {"name": "Stock", "size": obs["stock_size"], "top": None, "top_name": None},
        {"name": "Discard pile", "size": obs["discard_size"], "top": top,
         "top_name": NAMES[top] if top else None},
    ]
    view["prompt"] = prompt(obs, _PROMPTS)
    return view


def move_words(words: list[str], name: Namer) -> str:
    """``["draw", "stock"]`` → ``Draw from the stock``, ``["meld", "r3", …]`` →
    ``Meld Red 3, Red 4, Red 5``."""
    verb, rest = words[0], words[1:]
    if verb == "draw":
        return ("Draw from the stock" if rest == ["stock"]
                else "Take the top of the discard pile")
    cards = ", ".join(name(w) for w in rest)
    said = {"meld": "Meld", "layoff": "Lay off", "discard": "Discard"}.get(verb, verb)
    return f"{said} {cards}".strip()


def card_faces() -> dict[str, CardFace]:
    return {cid: CardFace(name=NAMES[cid], mono=f"{cid[0].upper()}{cid[1:]}",
                          points=points(i),
                          help=f"{NAMES[cid]}: scores {points(i)} in a meld, "
                               f"costs {points(i)} left in hand")
            for i, cid in enumerate(IDS)}
