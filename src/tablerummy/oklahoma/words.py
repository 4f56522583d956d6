"""The Oklahoma family in words for people: its moves as sentences, each card's help and face.

The page's buttons, the terminal's menu and the card tooltips read these (through the
plug-in).  The numbers are read from the variant's own value table (so its options show).
"""

from __future__ import annotations

from ..family import CardFace, Namer
from ..present.faces import faces
from ..present.words import common_words, said_cards
from ..variant import Variant
from .cards import IDS, JK, QS, card_name, rank_of


def card_names() -> dict[str, str]:
    """Every card id → its name (``7H`` → ``7♥``, the Joker by name)."""
    names = {cid: card_name(cid) for cid in IDS}
    names["JK"] = "Joker"
    return names


def move_words(words: list[str], name: Namer) -> str:
    """The sentence of one move text split into words (the plug-in's ``move_words``)."""
    verb, rest = words[0], words[1:]
    if words == ["draw", "stock"]:
        return "Draw from the stock"
    if words[:3] == ["draw", "pile", "meld"]:
        return "Take the discard pile and meld " + said_cards(rest[2:], name)
    if verb == "swap" and rest:
        where = " ".join(rest[1:])
        return f"Swap {name(rest[0])} for the Joker of {where}"
    if verb == "layoff" and len(rest) == 2:
        return f"Lay off {name(rest[0])} on {rest[1]}"
    return common_words(words, name)


def card_help(variant: Variant) -> dict[str, str]:
    """Every card id → one sentence: its points melded and caught in hand, wilds said."""
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


def card_faces(variant: Variant) -> dict[str, CardFace]:
    """Every card id → its face: the card's own name is its mark (``7♥``)."""
    names = card_names()
    return faces(names, dict(names), melded_points(variant), card_help(variant))
