"""Cards of the two-deck rummies: ids, small ints, and the decks of each variant.

A card is an ``int``: ``suit * 13 + rank - 1`` with suits ♠ ♥ ♦ ♣ (0 … 3) and ranks
A = 1 … K = 13, and the Joker is 52.  Two copies of a card are interchangeable, so a hand
is a count vector of length 53 (:data:`NCARDS`), which keeps the hot path cheap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import NotationError
from ..userinput import shown

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JK = 52
NCARDS = 53
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, QUEEN, KING = 1, 12, 13
QS = SPADES * 13 + QUEEN - 1

IDS: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), "JK")
"""Card id per card int: ``AS``, ``2S`` … ``KC``, ``JK``."""

_INDEX = {cid: i for i, cid in enumerate(IDS)}
_SUIT_WORDS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_JOKER_WORDS = ("JK", "JOKER", "JKR", "*")
_CARD_RE = re.compile(r"^(10|[2-9]|[AJQKT1])([SHDC])$")


SYMBOLS: dict[str, str] = dict(zip(SUITS, "♠♥♦♣", strict=True))


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank_of(c: int) -> int:
    """1 (ace) … 13 (king); 0 for the Joker."""
    return 0 if c == JK else c % 13 + 1


def suit_of(c: int) -> int:
    """0 … 3; -1 for the Joker."""
    return -1 if c == JK else c // 13


def position_card(pos: int, suit: int) -> int:
    """The card at position ``pos`` of a sequence in ``suit`` (1 = low ace … 14 = high ace)."""
    return card(ACE if pos == 14 else pos, suit)


def card_id(c: int) -> str:
    return IDS[c]


def card_ids(counts: Sequence[int]) -> list[str]:
    """Card ids of a count vector in deck order (♠ A … K, ♥, ♦, ♣, Joker)."""
    return [IDS[c] for c in range(NCARDS) for _ in range(counts[c])]


_SUIT_SYMBOLS = "".join(SYMBOLS.values())


def card_word(c: int) -> str:
    """A card as players write it: ``7♠``, ``10♥``, ``Joker`` (the log's words)."""
    return "Joker" if c == JK else RANKS[c % 13] + _SUIT_SYMBOLS[c // 13]


def card_name(cid: str) -> str:
    """:func:`card_word` of a card id: ``QS`` → ``Q♠``, ``JK`` → ``Joker``."""
    return card_word(_INDEX[cid])


def parse_card(word: str) -> int:
    """A card id in any case: ``qs``, ``10h``, ``th``, ``Q♠``, ``joker``."""
    exact = _INDEX.get(word)  # a deck's ids, as dealt: the common case, made cheap
    if exact is not None:
        return exact
    text = word.strip().upper()
    for symbol, letter in _SUIT_WORDS.items():
        text = text.replace(symbol, letter)
    if text in _JOKER_WORDS:
        return JK
    if text in _INDEX:
        return _INDEX[text]
    m = _CARD_RE.match(text)
    if m is None:
        raise NotationError(f"{shown(word)} is not a card (e.g. QS, 10H, 2C, JK)")
    rank = {"T": "10", "1": "A"}.get(m.group(1), m.group(1))
    return _INDEX[rank + m.group(2)]


def standard_deck() -> list[int]:
    """Two 52-card packs in canonical order: ♠ A … K, ♥, ♦, ♣, then the second pack."""
    return [c for _ in range(2) for c in range(52)]
