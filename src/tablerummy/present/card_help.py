"""What each card is worth and does, in one sentence: the page's card tooltips.

A person who has never seen these games learns a card by pointing at it (or holding it
on a phone): its points, and for a Gavel card what playing it does.  The numbers are read
from the variant's own card or value table (so ``--cards`` overrides show), the effects
summarise the rules text (``Variant.rules_text``, which stays the full statement).
"""

from __future__ import annotations

from ..variant import Variant

_CAPONE_GAVELS = {
    "agent-meeting": "Agent Meeting (Gavel card): ask around for a gangster (the first "
                     "player holding one gives you one), or ask one player directly for "
                     "every card of a gangster you have an incomplete meld of.",
    "search-warrant": "Search Warrant (Gavel card): look through the Underworld and keep "
                      "one card, or take every card there of a gangster you have an "
                      "incomplete meld of.",
    "eliot-ness": "Eliot Ness (Gavel card): draw two more cards, or reveal seven from the "
                  "Case File and keep every card that matches an incomplete meld of yours.",
    "raid": "Raid (Gavel card): take every card of a gangster you have melded from the "
            "other areas into yours.",
}

_RIPPER_KINDS = {
    "suspect": "{name} (Gavel card, {points} points in play): into your area, once "
               "Evidence of this suspect is in play; it counts in the Ripper race.",
    "alibi": "{name} (Gavel card, {points} points in play): into your area, once Evidence "
             "of this suspect is in play; he can no longer be the Ripper.",
    "victim": "{name} (Gavel card, {points} points in play): into your area, then draw "
              "two cards or take its Scene from another area.",
    "scene": "{name} (Gavel card, {points} points in play): into your area, then search "
             "Scotland Yard for one card or take its Victim from another area.",
}
_RIPPER_ONE = {
    "commissioner-resigns": "Commissioner Resigns (Gavel card, {points} points in play): "
                            "every other player discards a card of their choice.",
    "ripper-strikes": "Ripper Strikes (Gavel card, {points} points in play): draw two "
                      "cards, or play a Victim from your hand at once.",
    "ripper-escapes": "Ripper Escapes ({points} points in play): only with all five "
                      "Victims in play; it ends the hand and only Victims, Scenes and this "
                      "card score.",
    "letters": "Letters (Evidence, {points} points each): melded like a suspect, but "
               "never the Ripper.",
    "wild": "Wild Evidence: stands for any suspect (never Letters), scoring as that "
            "suspect's card.",
}


def card_help(variant: Variant) -> dict[str, str]:
    """Every card id of ``variant`` → one sentence: its points and, if any, its effect."""
    if variant.name == "capone":
        return _capone(variant)
    if variant.name == "ripper":
        return _ripper(variant)
    return _oklahoma(variant)


def _capone(variant: Variant) -> dict[str, str]:
    from ..capone.cards import GANGSTERS, NAMES

    table = variant.cards  # type: ignore[attr-defined]
    out = dict(_CAPONE_GAVELS)
    for k, kind in enumerate(GANGSTERS):
        out[kind] = (f"{NAMES[kind]} (Evidence, {table.copies[k]} copies): "
                     f"{table.points[k]} points each in your area, "
                     f"{table.set_value[k]} for the complete set.")
    return out


def _ripper(variant: Variant) -> dict[str, str]:
    from ..ripper.cards import KINDS, NAMES, SUSPECTS

    table = variant.cards  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for k, kind in enumerate(KINDS):
        points = table.points[k]
        if kind in SUSPECTS:
            out[kind] = (f"{NAMES[kind]} (Evidence, {points} points each): the suspect "
                         "with the most points in play is the Ripper, and scores double.")
        elif kind in _RIPPER_ONE:
            out[kind] = _RIPPER_ONE[kind].format(points=points)
        else:
            prefix = kind.split("-", 1)[0]
            out[kind] = _RIPPER_KINDS[prefix].format(name=NAMES[kind], points=points)
    return out


def _oklahoma(variant: Variant) -> dict[str, str]:
    from ..oklahoma.cards import IDS, JK, QS, card_name, rank_of

    rules = variant.rules  # type: ignore[attr-defined]
    values = rules.values
    out: dict[str, str] = {}
    for c, cid in enumerate(IDS):
        name = card_name(cid)
        caught = values.hand_value[c]
        if c == JK:
            melded = (f"{values.joker_fixed} points melded" if values.joker_fixed is not None
                      else "melded, it scores as the card it stands for")
            out[cid] = f"Joker (wild): stands for any card; {melded}; {caught} if caught in hand."
            continue
        if rules.wild[c]:
            out[cid] = (f"{name} (wild): stands for any card and scores as it when melded; "
                        f"{caught} if caught in hand.")
            continue
        rank = rank_of(c)
        if c == QS:
            melded = f"{values.natural_qs} points melded"
        elif rank == 1:
            melded = (f"{values.pos_value[14]} points melded high or in a set, "
                      f"{values.pos_value[1]} low (A-2-3)")
        else:
            melded = f"{values.pos_value[rank]} points melded"
        out[cid] = f"{name}: {melded}; {caught} if caught in hand."
    return out


def melded_points(variant: Variant) -> dict[str, int | None]:
    """The Oklahoma family's melded value of each natural card (a wild: None), for the
    corner of the card; the Mystery Rummy tables give their own points."""
    from ..oklahoma.cards import IDS, JK, QS, rank_of

    rules = variant.rules  # type: ignore[attr-defined]
    values = rules.values
    out: dict[str, int | None] = {}
    for c, cid in enumerate(IDS):
        if c == JK or rules.wild[c]:
            out[cid] = values.joker_fixed if c == JK else None
        elif c == QS:
            out[cid] = values.natural_qs
        else:
            rank = rank_of(c)
            out[cid] = values.pos_value[14 if rank == 1 else rank]
    return out
