"""Moves in words: one sentence per legal move text, one source per variant family.

The page's buttons and the terminal's menu read the same sentences ("Take the top card of
the Underworld", "Play Eliot Ness: reveal seven"), so a person who learnt the game on one
front end recognises every move on the other.  Only the move's text and the card names
are read: no rule is computed here.  The terminal also takes a sentence typed back
(:func:`typed_move`), so what is shown can be typed exactly as shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from ..variant import Variant

Namer = Callable[[str], str]
Sayer = Callable[[list[str], Namer], str]

_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _family(variant: Variant) -> str:
    return variant.name if variant.name in ("capone", "ripper") else "oklahoma"


def namer(variant: Variant) -> Namer:
    """The card id → name function of ``variant`` (a wild ``2C=7H`` reads ``2♣ as 7♥``)."""
    family = _family(variant)
    if family == "capone":
        from ..capone.cards import NAMES as CAPONE

        names: dict[str, str] = dict(CAPONE)
    elif family == "ripper":
        from ..ripper.cards import NAMES as RIPPER

        names = dict(RIPPER)
    else:
        from ..oklahoma.cards import IDS, card_name

        names = {cid: card_name(cid) for cid in IDS}
        names["JK"] = "Joker"

    def name(word: str) -> str:
        if "=" in word:
            card, stands = word.split("=", 1)
            return f"{name(card)} as {name(stands)}"
        return names.get(word, word)
    return name


def _cards(words: Sequence[str], name: Namer) -> str:
    """Cards in words, a run of one card counted: ``three Jake Guzik``, ``10♠, 2♦ as J♠``."""
    out: list[str] = []
    for word, run in groupby(words):
        count = len(list(run))
        out.append(name(word) if count == 1 else
                   f"{_NUMBERS.get(count, str(count))} {name(word)}")
    return ", ".join(out)


def _capone(words: list[str], name: Namer) -> str:
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
    return _common(words, name)


def _ripper(words: list[str], name: Namer) -> str:
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
    return _common(words, name)


def _oklahoma(words: list[str], name: Namer) -> str:
    verb, rest = words[0], words[1:]
    if words == ["draw", "stock"]:
        return "Draw from the stock"
    if words[:3] == ["draw", "pile", "meld"]:
        return "Take the discard pile and meld " + _cards(rest[2:], name)
    if verb == "swap" and rest:
        where = " ".join(rest[1:])
        return f"Swap {name(rest[0])} for the Joker of {where}"
    if verb == "layoff" and len(rest) == 2:
        return f"Lay off {name(rest[0])} on {rest[1]}"
    return _common(words, name)


def _common(words: list[str], name: Namer) -> str:
    verb, rest = words[0], words[1:]
    if verb == "discard" and len(rest) == 1:
        return f"Discard {name(rest[0])}"
    if verb == "meld":
        return "Meld " + _cards(rest, name)
    if verb == "layoff" and rest:
        return "Lay off " + " ".join(name(w) for w in rest)
    said = " ".join(name(w) for w in words)
    return said[:1].upper() + said[1:]


_SAYERS: dict[str, Sayer] = {"capone": _capone, "ripper": _ripper, "oklahoma": _oklahoma}


def move_words(variant: Variant, text: str, name: Namer | None = None) -> str:
    """The sentence of one move text (``play eliot-ness reveal-seven`` →
    ``Play Eliot Ness: reveal seven``); ``name`` is :func:`namer` if the caller keeps it."""
    words = text.split()
    if not words:
        return text
    return _SAYERS[_family(variant)](words, name or namer(variant))


def typed_move(variant: Variant, legal: Sequence[str], typed: str) -> str | None:
    """The legal move whose sentence is ``typed`` (any case, spaces squeezed), if one is."""
    wanted = " ".join(typed.split()).casefold()
    name = namer(variant)
    found = [t for t in legal if move_words(variant, t, name).casefold() == wanted]
    return found[0] if len(found) == 1 else None
