"""The table view of ``ripper``: the hand by kind, each area by suspect with the race shown.

While the hand runs, an area's points are what it would score if the Ripper were caught
now: the suspect leading the race (alibied ones excluded, ties to the lowest order
number) doubled.  Each suspect's group says how the race stands, so a player sees who
would be the Ripper.  Once the hand is over the outcome replaces the race: the caught
Ripper doubled, or nobody (at large, escaped).  Each meld lists its cards' ``names``
beside their ids, so no front end shows a raw id.
"""

from __future__ import annotations

from ..present import View, common_view, seat_label, side_label
from ..variant import Observation, Variant
from .cards import (
    ALIBI_SUSPECTS,
    KINDS,
    NAMES,
    NS,
    SCENES,
    SUSPECTS,
    VICTIMS,
)
from .scoring import area_points, find_ripper

_GAVELS = tuple(k for k in KINDS[NS + 2:] if k != "ripper-escapes")
_EVIDENCE = (*SUSPECTS, "letters", "wild")

_PROMPTS = {
    "draw": "call a vote (with a meld in your area), or draw 1 from the Case File or the top "
            "of Scotland Yard",
    "vote": "vote secretly: who will be the Ripper at the end of the hand?",
    "play": "meld, lay off, play one Gavel card — then discard",
    "take": "choose the card to take from Scotland Yard (it is shown to everyone)",
    "extra": "play the Gavel card you took at once, or pass",
    "strike": "Ripper Strikes: play a Victim from your hand",
    "resign": "Commissioner Resigns: discard a card of your choice",
    "escape": "the fifth Victim is in play: play Ripper Escapes now, or pass",
}
_WAITING = {
    "vote": "is voting",
    "take": "is searching Scotland Yard",
    "resign": "discards for Commissioner Resigns",
    "escape": "may let the Ripper escape",
}


def _cards(counts: dict[str, int], kinds: tuple[str, ...]) -> list[dict[str, object]]:
    return [{"id": k, "name": NAMES[k], "count": counts[k]} for k in kinds if counts.get(k)]


def ripper_view(variant: Variant, obs: Observation) -> View:
    from .variant import Ripper

    assert isinstance(variant, Ripper)
    table = variant.cards
    view = common_view(variant, obs)
    hand: dict[str, int] = obs["hand"]
    view["hand"] = [
        group for group in (
            {"label": "Evidence", "cards": _cards(hand, _EVIDENCE)},
            {"label": "Gavel cards", "cards": _cards(hand, _GAVELS)},
            {"label": "Ripper Escapes", "cards": _cards(hand, ("ripper-escapes",))},
        ) if group["cards"]
    ]
    areas = [[a.get(k, 0) for k in KINDS] for a in obs["areas"]]
    wilds = [[w.get(s, 0) for s in SUSPECTS] for w in obs["wilds"]]
    over = obs.get("end") is not None
    if over:  # the outcome: a caught Ripper, or none (at large, escaped)
        caught = obs.get("ripper")
        ripper: int | None = SUSPECTS.index(caught) if caught in SUSPECTS else None
    else:
        ripper = find_ripper(areas, wilds, table)
    totals: dict[str, int] = obs["suspect_points"]
    alibied = set(obs["alibied"])
    sides: list[list[int]] = obs["sides"]
    view["areas"] = []
    for seat, area in enumerate(obs["areas"]):
        view["areas"].append({
            "side": seat, "label": side_label(sides, seat),
            "points": area_points(areas[seat], wilds[seat], table, ripper),
            "melds": _groups(area, obs["wilds"][seat], ripper, totals, alibied, table.points,
                             over),
        })
    top = obs["discard_top"]
    view["piles"] = [
        {"name": "Case File", "size": obs["stock_size"], "top": None, "top_name": None},
        {"name": "Scotland Yard", "size": obs["discard_size"], "top": top,
         "top_name": NAMES[top] if top else None},
    ]
    if "yard" in obs:
        counts: dict[str, int] = {}
        for card in obs["yard"]:
            counts[card] = counts.get(card, 0) + 1
        view["private"].append({"label": "Scotland Yard (your search)",
                                "cards": _cards(counts, KINDS)})
    mine = obs["vote"]["mine"]
    if mine is not None and obs["vote"]["votes"] is None:
        view["private"].append({"label": "Your secret vote",
                                "cards": [{"id": mine, "name": NAMES[mine], "count": 1}]})
    view["prompt"] = _prompt(obs)
    return view


def _groups(area: dict[str, int], wild: dict[str, int], ripper: int | None,
            totals: dict[str, int], alibied: set[str],
            points: tuple[int, ...], over: bool) -> list[dict[str, object]]:
    """One group per suspect in play, then Letters, Alibis, Victims and Scenes.

    While the hand runs a suspect's note says how the race stands (who would be the
    Ripper if caught now); once it is over, only the outcome: the caught Ripper doubled.
    """
    groups: list[dict[str, object]] = []
    for s, suspect in enumerate(SUSPECTS):
        natural, wilds = area.get(suspect, 0), wild.get(suspect, 0)
        card = area.get(f"suspect-{suspect}", 0)
        if not (natural or wilds or card):
            continue
        value = (natural + wilds) * points[s] + card * points[KINDS.index(f"suspect-{suspect}")]
        if suspect in alibied:
            note = "alibied: cannot be the Ripper"
        elif s == ripper:
            note = ("the Ripper: doubled" if over else
                    f"{totals[suspect]} in play: the Ripper if caught now, doubled")
        else:
            note = f"{totals[suspect]} in play"
        cards = [suspect] * natural + ["wild"] * wilds + [f"suspect-{suspect}"] * card
        groups.append({
            "label": NAMES[suspect],
            "cards": cards,
            "names": [NAMES[c] for c in cards],
            "points": value * 2 if s == ripper else value,
            "note": note,
        })
    for label, kinds in (("Letters", ("letters",)),
                         ("Alibis", tuple(f"alibi-{s}" for s in ALIBI_SUSPECTS)),
                         ("Victims and Scenes", (*VICTIMS, *SCENES)),
                         ("Ripper Escapes", ("ripper-escapes",))):
        cards = [k for k in kinds for _ in range(area.get(k, 0))]
        if cards:
            groups.append({"label": label, "cards": cards, "names": [NAMES[c] for c in cards],
                           "points": sum(points[KINDS.index(k)] for k in cards),
                           "note": "never the Ripper" if label == "Letters" else ""})
    return groups


def _prompt(obs: Observation) -> str:
    to_act = obs["to_act"]
    phase = obs["phase"]
    if obs["game_over"]:
        return "the game is over"
    if to_act == obs["seat"]:
        return "your turn: " + _PROMPTS.get(phase, "") if phase in ("draw", "play") else (
            _PROMPTS.get(phase, "your decision"))
    if to_act is not None:
        doing = _WAITING.get(phase, "to act")
        return f"{seat_label(to_act)} {doing}"
    return "the hand is over"
