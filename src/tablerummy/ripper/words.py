"""``ripper`` in words for people: its moves as sentences, each card's help and face.

The page's buttons, the terminal's menu and the card tooltips read these (through the
plug-in).  The numbers are read from the variant's own card table (so ``--cards``
overrides show); the effects summarise the rules text (``Variant.rules_text``).
"""

from __future__ import annotations

from ..family import CardFace, Namer
from ..present.faces import faces, monograms
from ..present.words import common_words
from ..variant import Variant
from .cards import KINDS, NAMES, SUSPECTS


def move_words(words: list[str], name: Namer) -> str:
    """The sentence of one move text split into words (the plug-in's ``move_words``)."""
    verb, rest = words[0], words[1:]
    if verb == "draw":
        return ("Draw one from the Case File" if rest == ["stock"]
                else "Take the top card of Scotland Yard")
    if verb == "vote" and rest == ["call"]:
        return "Call a vote"
    if verb == "vote" and len(rest) == 1:
        return f"Vote for {name(rest[0])}"
    if verb == "take" and len(rest) == 1:
        return f"Take {name(rest[0])}"
    if verb == "pass":
        return "Pass"
    if verb == "play" and rest:
        card = name(rest[0])
        how = {"draw-two": "draw two", "take-scene": "take its Scene",
               "search": "search Scotland Yard", "take-victim": "take its Victim",
               "victim": "play a Victim at once"}
        return f"Play {card}: {how.get(rest[1], rest[1])}" if len(rest) == 2 else f"Play {card}"
    return common_words(words, name)


_BY_PREFIX = {
    "suspect": "{name} (Gavel card, {points} points in play): into your area, once "
               "Evidence of this suspect is in play; it counts in the Ripper race.",
    "alibi": "{name} (Gavel card, {points} points in play): into your area, once Evidence "
             "of this suspect is in play; he can no longer be the Ripper.",
    "victim": "{name} (Gavel card, {points} points in play): into your area, then draw "
              "two cards or take its Scene from another area.",
    "scene": "{name} (Gavel card, {points} points in play): into your area, then search "
             "Scotland Yard for one card or take its Victim from another area.",
}
_ONE = {
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
    """Every card id → one sentence: its points and, if any, its effect."""
    table = variant.cards  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for k, kind in enumerate(KINDS):
        points = table.points[k]
        if kind in SUSPECTS:
            out[kind] = (f"{NAMES[kind]} (Evidence, {points} points each): the suspect "
                         "with the most points in play is the Ripper, and scores double.")
        elif kind in _ONE:
            out[kind] = _ONE[kind].format(points=points)
        else:
            prefix = kind.split("-", 1)[0]
            out[kind] = _BY_PREFIX[prefix].format(name=NAMES[kind], points=points)
    return out


def card_faces(variant: Variant) -> dict[str, CardFace]:
    """Every card id → its face (a card that scores nothing in play shows no points)."""
    names = dict(NAMES)
    table = variant.cards  # type: ignore[attr-defined]
    points: dict[str, int | None] = {}
    for k, kind in enumerate(KINDS):
        value = table.points[k]
        points[kind] = value or None
    return faces(names, monograms(names), points, card_help(variant))
