"""Toy Rummy's actions: small ints with one canonical text each, in a fixed range.

Ints keep the engine cheap and are the RL action space as they are (``IntSpace``); the
text is their face for people, records and the network:

============  ==================================================================
``draw``       ``draw stock`` (0), ``draw discard`` (1)
``meld``       one int per meld the deck allows (a set of one rank in the three
               suits, or a run of 3 or more in one suit): ``meld r3 r4 r5``
``layoff``     one per card: ``layoff r6`` extends one of the player's own runs
``discard``    one per card: ``discard g7``
============  ==================================================================
"""

from __future__ import annotations

from tablerummy.errors import NotationError
from tablerummy.notation import match, tokens

from .cards import IDS, INDEX, NCARDS, RANKS, SUITS


def _melds() -> tuple[tuple[int, ...], ...]:
    sets = [tuple(s * RANKS + r for s in range(len(SUITS))) for r in range(RANKS)]
    runs = [tuple(range(s * RANKS + lo, s * RANKS + lo + length))
            for s in range(len(SUITS)) for lo in range(RANKS)
            for length in range(3, RANKS - lo + 1)]
    return tuple(sets + runs)


MELDS: tuple[tuple[int, ...], ...] = _melds()
"""Every meld of the deck, each its cards in order: 10 sets, then the runs of each suit."""
MELD_OF: dict[tuple[int, ...], int] = {cards: i for i, cards in enumerate(MELDS)}

DRAW_STOCK = 0
DRAW_DISCARD = 1
MELD = 2  # + meld number
LAYOFF = MELD + len(MELDS)  # + card
DISCARD = LAYOFF + NCARDS  # + card
NUM_ACTIONS = DISCARD + NCARDS


def _text(a: int) -> str:
    if a == DRAW_STOCK:
        return "draw stock"
    if a == DRAW_DISCARD:
        return "draw discard"
    if a < LAYOFF:
        return "meld " + " ".join(IDS[c] for c in MELDS[a - MELD])
    if a < DISCARD:
        return f"layoff {IDS[a - LAYOFF]}"
    return f"discard {IDS[a - DISCARD]}"


TEXTS: tuple[str, ...] = tuple(_text(a) for a in range(NUM_ACTIONS))


def action_text(action: object) -> str:
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        raise NotationError(f"{action!r} is not a toy action")
    return TEXTS[action]


_VERBS = ("draw", "meld", "layoff", "discard")
_PILES = {"stock": DRAW_STOCK, "discard": DRAW_DISCARD}


def _card(word: str) -> int:
    return INDEX[match(word, IDS, "toy card (r1 … b10)")]


def parse_action(text: str) -> int:
    """Any reasonable spelling: case, commas, card order and unique prefixes of words."""
    words = tokens(text)
    if not words:
        raise NotationError("empty action")
    verb = match(words[0], _VERBS, "verb (draw, meld, layoff, discard)")
    rest = words[1:]
    if verb == "draw":
        if len(rest) != 1:
            raise NotationError("expected 'draw stock' or 'draw discard'")
        return _PILES[match(rest[0], _PILES, "pile (stock or discard)")]
    if verb == "meld":
        cards = tuple(sorted(_card(w) for w in rest))
        if cards not in MELD_OF:
            raise NotationError("a meld is one rank in all three suits or a run of 3 or more "
                                "cards of one suit")
        return MELD + MELD_OF[cards]
    if len(rest) != 1:
        raise NotationError(f"expected '{verb} CARD'")
    return (LAYOFF if verb == "layoff" else DISCARD) + _card(rest[0])
