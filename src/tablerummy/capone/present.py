"""The table view of ``capone``: hand grouped by gangster, areas with running points."""

from __future__ import annotations

from ..present import View, common_view, prompt, side_label
from ..variant import Observation, Variant
from .cards import GANGSTERS, GAVELS, KINDS, NAMES

_PROMPTS = {
    "draw": "draw 2 from the Case File or the top of the Underworld",
    "play": "meld, lay off, play a Gavel card — then discard",
    "take": "choose the card to keep from the Underworld",
}


def _cards(counts: dict[str, int], kinds: tuple[str, ...]) -> list[dict[str, object]]:
    return [{"id": k, "name": NAMES[k], "count": counts[k]} for k in kinds if counts.get(k)]


def capone_view(variant: Variant, obs: Observation) -> View:
    from .variant import Capone

    assert isinstance(variant, Capone)
    table = variant.cards
    view = common_view(variant, obs)
    hand: dict[str, int] = obs["hand"]
    view["hand"] = [
        group for group in (
            {"label": "Evidence", "cards": _cards(hand, GANGSTERS)},
            {"label": "Gavel cards", "cards": _cards(hand, GAVELS)},
        ) if group["cards"]
    ]
    sides: list[list[int]] = obs["sides"]
    areas = []
    for side, area in enumerate(obs["areas"]):
        melds = []
        total = 0
        for kind in GANGSTERS:
            count = area.get(kind, 0)
            if not count:
                continue
            k = KINDS.index(kind)
            points = table.area_points(k, count)
            total += points
            complete = count == table.copies[k]
            melds.append({
                "label": NAMES[kind],
                "cards": [kind] * count,
                "names": [NAMES[kind]] * count,
                "points": points,
                "note": "complete set" if complete else f"{count} of {table.copies[k]}",
            })
        areas.append({"side": side, "label": side_label(sides, side), "points": total,
                      "melds": melds})
    view["areas"] = areas
    top = obs["discard_top"]
    view["piles"] = [
        {"name": "Case File", "size": obs["stock_size"], "top": None, "top_name": None},
        {"name": "Underworld", "size": obs["discard_size"], "top": top,
         "top_name": NAMES[top] if top else None},
    ]
    if "underworld" in obs:
        counts: dict[str, int] = {}
        for card in obs["underworld"]:
            counts[card] = counts.get(card, 0) + 1
        view["private"].append({"label": "The Underworld (your search)",
                                "cards": _cards(counts, KINDS)})
    view["prompt"] = prompt(obs, _PROMPTS)
    return view
