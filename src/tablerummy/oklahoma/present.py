"""The table view of the Oklahoma family: hand by suit (wilds apart), melds with points.

"Players may not look at any cards in the discard deck hidden by the topmost card": a
person sees the pile's top card and its size only (as ``capone`` shows the Underworld),
not the cards below it, nor what follows from them — the order of a stock rebuilt from
the pile, the cards known to be in a hand that took the pile.  Remembering the discards
is the player's skill (the events tell each one as it goes down); a bot's observation
holds that perfect memory (docs/rules-oklahoma.md), the view does not.
"""

from __future__ import annotations

from collections import Counter

from ..present import View, common_view, prompt, seat_label
from ..variant import Observation, Variant
from .actions import parse_item
from .cards import IDS, RANKS, SUITS, SYMBOLS, card_name
from .melds import DEUCES, SET, Meld, build, meld_value

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
_PROMPTS = {
    "draw": "draw from the stock, or take the whole discard pile with a meld holding its "
            "top card",
    "play": "meld, lay off on your own melds — then discard (or go out)",
}


def _item_name(text: str) -> str:
    """``2C=7H`` → ``2♣=7♥``: a meld item in card names."""
    return "=".join(card_name(part) for part in text.split("="))


def _entry(cid: str, count: int) -> dict[str, object]:
    return {"id": cid, "name": card_name(cid), "count": count}


def _hand_groups(ids: list[str], wild: tuple[bool, ...]) -> list[dict[str, object]]:
    """The hand by suit (♠ ♥ ♦ ♣, ace to king), then the wilds."""
    counts = Counter(ids)
    index = {cid: i for i, cid in enumerate(IDS)}
    groups: list[dict[str, object]] = []
    for s, suit in enumerate(SUITS):
        cards = [_entry(IDS[c], counts[IDS[c]]) for c in range(s * 13, s * 13 + 13)
                 if counts[IDS[c]] and not wild[c]]
        if cards:
            groups.append({"label": SYMBOLS[suit] + " " + _SUIT_NAMES[suit], "cards": cards})
    wilds = [_entry(cid, n) for cid, n in sorted(counts.items(), key=lambda kv: index[kv[0]])
             if wild[index[cid]]]
    if wilds:
        groups.append({"label": "wild", "cards": wilds})
    return groups


def _note(meld: Meld) -> str:
    if meld.kind == DEUCES:
        return "deuces"
    if meld.kind == SET:
        rank = RANKS[meld.key - 1]
        return "set of " + _RANK_NAMES.get(rank, rank + "s")
    return "sequence " + SYMBOLS[SUITS[meld.key]]


def oklahoma_view(variant: Variant, obs: Observation) -> View:
    from .variant import OklahomaVariant

    assert isinstance(variant, OklahomaVariant)
    rules = variant.rules
    view = common_view(variant, obs)
    view["hand"] = _hand_groups(obs["hand"], rules.wild)
    sides: list[list[int]] = obs["sides"]
    areas = []
    for side, melds in enumerate(obs["melds"]):
        shown = []
        for k, texts in enumerate(melds):
            meld = build([parse_item(t) for t in texts], rules)
            points = meld_value(meld, rules.values) if isinstance(meld, Meld) else 0
            shown.append({"label": f"m{k + 1}", "cards": list(texts),
                          "names": [_item_name(t) for t in texts], "points": points,
                          "note": _note(meld) if isinstance(meld, Meld) else ""})
        areas.append({"side": side, "label": seat_label(sides[side][0]),
                      "points": obs["melded_points"][side], "melds": shown})
    view["areas"] = areas
    top = obs["discard_top"]
    view["piles"] = [
        {"name": "Stock", "size": obs["stock_size"], "top": None, "top_name": None},
        {"name": "Discard pile", "size": obs["discard_size"], "top": top,
         "top_name": card_name(top) if top else None},
    ]
    for seat, held in enumerate(obs.get("hands") or []):
        if seat != obs["seat"]:
            view["private"].append({"label": f"Held by {seat_label(seat)} (shown for scoring)",
                                    "cards": [_entry(c, n) for c, n in Counter(held).items()]})
    view["prompt"] = prompt(obs, _PROMPTS)
    return view

