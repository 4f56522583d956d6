"""Actions of the Oklahoma family as small tuples, with their text (SPEC notation).

====================================  ==============================================
value                                  canonical text
====================================  ==============================================
``("draw",)``                          ``draw stock``
``("pile", items)``                    ``draw pile meld 7S 7H 2C=7D``
``("meld", items)``                    ``meld KS 2D=QS JS``
``("layoff", card, stands, k)``        ``layoff 2C=8H m1`` (k counts from 0)
``("swap", card, side | None, k)``     ``swap 7H m2`` (own meld) or ``swap 7H p1 m2``
``("discard", card)``                  ``discard QS``
====================================  ==============================================

``items`` is a meld's canonical tuple of ``(card, stands)`` pairs (see :mod:`.melds`).
Parsing is lenient (case, spaces around ``=``, card order, ``10``/``T``, suit symbols)
and puts a meld into its canonical form; a wild written without ``=`` stands for itself
when that makes a meld, otherwise the meaning is inferred when there is only one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..errors import NotationError
from ..notation import checked_text, match, seat_token
from ..userinput import is_digits, shown
from .cards import IDS, JK, NCARDS, QS, parse_card, rank_of
from .melds import SET, Item, Meld, build, item_text
from .meldsearch import candidate_melds
from .rules import Rules

DRAW = ("draw",)
PILE, MELD, LAYOFF, SWAP, DISCARD = "pile", "meld", "layoff", "swap", "discard"
OklahomaAction = tuple[Any, ...]

_VERBS = ("draw", "meld", "layoff", "swap", "discard")
_PILES = ("stock", "pile", "discard")


def action_text(action: object) -> str:
    if not isinstance(action, tuple) or not action:
        raise NotationError(f"{action!r} is not an Oklahoma-family action")
    kind = action[0]
    try:
        if action == DRAW:
            return "draw stock"
        if kind == PILE:
            return "draw pile meld " + _items_text(action[1])
        if kind == MELD:
            return "meld " + _items_text(action[1])
        if kind == LAYOFF:
            _, c, s, k = action
            return f"layoff {item_text((c, s))} m{k + 1}"
        if kind == SWAP:
            _, c, side, k = action
            where = f"m{k + 1}" if side is None else f"p{side} m{k + 1}"
            return f"swap {IDS[c]} {where}"
        if kind == DISCARD:
            return f"discard {IDS[action[1]]}"
    except (ValueError, TypeError, IndexError):
        pass
    raise NotationError(f"{action!r} is not an Oklahoma-family action")


def _items_text(items: Sequence[Item]) -> str:
    return " ".join(item_text(it) for it in items)


def _words(text: str) -> list[str]:
    cleaned = checked_text(text).replace(",", " ").replace("_", "-")
    cleaned = re.sub(r"\s*=\s*", "=", cleaned).lower()
    return cleaned.split()


def parse_item(word: str) -> Item:
    """``7H``, ``2C=7H`` or ``JK=QS``; a wild without ``=`` is (card, card) for now."""
    left, sep, right = word.partition("=")
    c = parse_card(left)
    if not sep:
        return (c, c)
    s = parse_card(right)
    if s == JK:
        raise NotationError(f"{shown(word)}: a card stands for a card, not for a Joker")
    return (c, s)


def _meld_number(word: str) -> int:
    digits = word[1:] if word.startswith("m") else word
    if not is_digits(digits) or len(digits) > 4 or int(digits) < 1:
        raise NotationError(f"{shown(word)} is not a meld number (m1, m2, …)")
    return int(digits) - 1


def canonical_meld(items: Sequence[Item], rules: Rules) -> tuple[Item, ...]:
    """The canonical form of a written meld (or the items sorted, when it is no meld).

    A wild written without ``=`` first stands for itself (a 2 in its own place); when
    that is no meld, its meaning is inferred if the cards allow only one.
    """
    written = build(items, rules)
    if isinstance(written, Meld):
        return written.items
    if any(rules.wild[c] and c == s for c, s in items):
        counts = [0] * NCARDS
        for c, _ in items:
            counts[c] += 1
        given = [(c, s) for c, s in items if c != s]
        fits = [m for m in candidate_melds(counts, rules)
                if len(m.items) == len(items) and _agrees(m, given, rules)]
        if len(fits) == 1:
            return fits[0].items
        if len(fits) > 1:
            listed = " or ".join("meld " + _items_text(m.items) for m in fits[:4])
            more = " or …" if len(fits) > 4 else ""
            raise NotationError(f"say what the wild stands for: {listed}{more}")
    return tuple(sorted(items))


def _agrees(meld: Meld, given: Sequence[Item], rules: Rules) -> bool:
    """Whether ``meld`` keeps the meanings written out.

    Non-swappable wilds are interchangeable, and in a set their suit means nothing but Q♠.
    """
    swap = rules.swappable_joker
    for c, s in given:
        exact = c == JK and swap
        if not any(
            (m == c and t == s) if exact else (
                m != t and not (m == JK and swap)
                and (t == s or (meld.kind == SET and rank_of(t) == rank_of(s)
                                   and (t == QS) == (s == QS)))
            )
            for m, t in meld.items
        ):
            return False
    return True


def parse_action(text: str, rules: Rules, players: int) -> OklahomaAction:
    """Any reasonable spelling of an action; raises :class:`NotationError`."""
    words = _words(text)
    if not words:
        raise NotationError("empty action")
    verb = match(words[0], _VERBS, "verb (draw, meld, layoff, swap, discard)")
    rest = words[1:]
    if verb == "draw":
        if not rest:
            raise NotationError("expected 'draw stock' or 'draw pile meld C C C …'")
        pile = match(rest[0], _PILES, "pile (stock or pile)")
        if pile == "stock":
            if len(rest) != 1:
                raise NotationError("expected 'draw stock'")
            return DRAW
        cards = rest[1:]
        if cards and "meld".startswith(cards[0]):
            cards = cards[1:]
        if not cards:
            raise NotationError("taking the discard pile needs its meld: "
                                "'draw pile meld C C C …' holding the top card")
        return (PILE, canonical_meld([parse_item(w) for w in cards], rules))
    if verb == "meld":
        if not rest:
            raise NotationError("expected 'meld C C C …'")
        return (MELD, canonical_meld([parse_item(w) for w in rest], rules))
    if verb == "layoff":
        if len(rest) != 2:
            raise NotationError("expected 'layoff C mK' (e.g. layoff 2C=8H m1)")
        c, s = parse_item(rest[0])
        return (LAYOFF, c, s, _meld_number(rest[1]))
    if verb == "swap":
        if len(rest) not in (2, 3):
            raise NotationError("expected 'swap C mK' or 'swap C pN mK'")
        c = parse_card(rest[0])
        if c == JK or "=" in rest[0]:
            raise NotationError("swap names the natural card that takes the Joker's place")
        side = seat_token(rest[1], players) if len(rest) == 3 else None
        return (SWAP, c, side, _meld_number(rest[-1]))
    if len(rest) != 1:
        raise NotationError("expected 'discard C'")
    c, s = parse_item(rest[0])
    if c != s:
        raise NotationError("a discarded card stands for nothing: 'discard C'")
    return (DISCARD, c)
