"""Moves in words: one sentence per legal move text, one source per variant family.

Each family words its own moves (its plug-in's
:meth:`~tablerummy.family.Family.move_words`, in its package) with the helpers here
(:func:`said_cards`, :func:`common_words`); this module asks the family.

The page's buttons and the terminal's menu read the same sentences ("Take the top card of
the Underworld", "Play Eliot Ness: reveal seven"), so a person who learnt the game on one
front end recognises every move on the other.  Only the move's text and the card names
are read: no rule is computed here.  The terminal also takes a sentence typed back
(:func:`typed_move`), so what is shown can be typed exactly as shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from ..family import Namer
from ..registry import family_of
from ..variant import Variant

_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def namer(variant: Variant) -> Namer:
    """The card id → name function of ``variant`` (a wild ``2C=7H`` reads ``2♣ as 7♥``)."""
    names = family_of(variant).card_names(variant)

    def name(word: str) -> str:
        if "=" in word:
            card, stands = word.split("=", 1)
            return f"{name(card)} as {name(stands)}"
        return names.get(word, word)
    return name


def said_cards(words: Sequence[str], name: Namer) -> str:
    """Cards in words, a run of one card counted: ``three Jake Guzik``, ``10♠, 2♦ as J♠``."""
    out: list[str] = []
    for word, run in groupby(words):
        count = len(list(run))
        out.append(name(word) if count == 1 else
                   f"{_NUMBERS.get(count, str(count))} {name(word)}")
    return ", ".join(out)


def common_words(words: list[str], name: Namer) -> str:
    """The sentence of a move every family words alike (discard, meld, lay off), else its
    words with the cards named: what a family's ``move_words`` falls back on."""
    verb, rest = words[0], words[1:]
    if verb == "discard" and len(rest) == 1:
        return f"Discard {name(rest[0])}"
    if verb == "meld":
        return "Meld " + said_cards(rest, name)
    if verb == "layoff" and rest:
        return "Lay off " + " ".join(name(w) for w in rest)
    said = " ".join(name(w) for w in words)
    return said[:1].upper() + said[1:]


def move_words(variant: Variant, text: str, name: Namer | None = None) -> str:
    """The sentence of one move text (``play eliot-ness reveal-seven`` →
    ``Play Eliot Ness: reveal seven``); ``name`` is :func:`namer` if the caller keeps it."""
    return sayer(variant, name)(text)


def sayer(variant: Variant, name: Namer | None = None) -> Callable[[str], str]:
    """:func:`move_words` of ``variant`` as a function of the text alone, for a caller that
    words every legal move (the family is asked once, not once a move)."""
    say = family_of(variant).move_words
    named = name or namer(variant)

    def said(text: str) -> str:
        words = text.split()
        return say(words, named) if words else text
    return said


def typed_move(variant: Variant, legal: Sequence[str], typed: str) -> str | None:
    """The legal move whose sentence is ``typed`` (any case, spaces squeezed), if one is."""
    wanted = " ".join(typed.split()).casefold()
    said = sayer(variant)
    found = [t for t in legal if said(t).casefold() == wanted]
    return found[0] if len(found) == 1 else None
