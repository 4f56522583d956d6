"""``capone`` in words for people: its moves as sentences, each card's help and face.

The page's buttons, the terminal's menu and the card tooltips read these (through the
plug-in): a person who learnt the game on one front end recognises it on the other.
The numbers are read from the variant's own card table (so ``--cards`` overrides show);
the effects summarise the rules text (``Variant.rules_text``, the full statement).
"""

from __future__ import annotations

from ..family import CardFace, Namer
from ..present.faces import faces, monograms
from ..present.words import common_words
from ..variant import Variant
from .cards import GANGSTERS, KINDS, NAMES


def move_words(words: list[str], name: Namer) -> str:
    """The sentence of one move text split into words (the plug-in's ``move_words``)."""
    verb, rest = words[0], words[1:]
    if verb == "draw":
        return ("Draw two from the Case File" if rest == ["stock"]
                else "Take the top card of the Underworld")
    if verb == "play" and rest:
        card, how = name(rest[0]), rest[1:]
        if rest[0] == "agent-meeting" and how[:1] == ["ask-around"] and len(how) == 2:
            return f"Play {card}: ask around for {name(how[1])}"
        if rest[0] == "agent-meeting" and how[:1] == ["ask-directly"] and len(how) == 3:
            return f"Play {card}: ask {how[2]} for every {name(how[1])}"
        if rest[0] == "search-warrant" and how == ["individually"]:
            return f"Play {card}: search the Underworld for one card"
        if rest[0] == "search-warrant" and how[:1] == ["set"] and len(how) == 2:
            return f"Play {card}: take every {name(how[1])} from the Underworld"
        if rest[0] == "raid" and len(how) == 1:
            return f"Play {card} on {name(how[0])}"
        return f"Play {card}: " + " ".join(h.replace("-", " ") for h in how) if how else (
            f"Play {card}")
    if verb == "take" and len(rest) == 1:
        return f"Keep {name(rest[0])}"
    return common_words(words, name)


_GAVELS = {
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


def card_help(variant: Variant) -> dict[str, str]:
    """Every card id → one sentence: its points and, for a Gavel card, what it does."""
    table = variant.cards  # type: ignore[attr-defined]
    out = dict(_GAVELS)
    for k, kind in enumerate(GANGSTERS):
        out[kind] = (f"{NAMES[kind]} (Evidence, {table.copies[k]} copies): "
                     f"{table.points[k]} points each in your area, "
                     f"{table.set_value[k]} for the complete set.")
    return out


def card_faces(variant: Variant) -> dict[str, CardFace]:
    """Every card id → its face: a gangster shows its points, a Gavel card its initials."""
    names = dict(NAMES)
    table = variant.cards  # type: ignore[attr-defined]
    points: dict[str, int | None] = {}
    for k, kind in enumerate(KINDS):
        points[kind] = table.points[k] if kind in GANGSTERS else None
    marks = monograms({k: names[k] for k in GANGSTERS})
    marks.update({k: "".join(w[0] for w in names[k].split()) for k in KINDS
                  if k not in GANGSTERS})
    return faces(names, marks, points, card_help(variant))
