"""Toy Rummy's 30 cards: three suits of ten ranks, each card once.

A card is an int 0 … 29 in the engine (``suit * 10 + rank - 1``) and an id such as
``r7`` (Red 7) in texts; it scores its rank on the table and costs its rank in hand.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("r", "g", "b")
SUIT_NAMES: tuple[str, ...] = ("Red", "Green", "Blue")
RANKS = 10
NCARDS = len(SUITS) * RANKS

IDS: tuple[str, ...] = tuple(f"{s}{r}" for s in SUITS for r in range(1, RANKS + 1))
"""Every card id, in the deck's canonical order (a card's int is its index here)."""
INDEX: dict[str, int] = {cid: i for i, cid in enumerate(IDS)}
NAMES: dict[str, str] = {f"{s}{r}": f"{word} {r}"
                         for s, word in zip(SUITS, SUIT_NAMES, strict=True)
                         for r in range(1, RANKS + 1)}


def suit(card: int) -> int:
    return card // RANKS


def rank(card: int) -> int:
    """1 … 10."""
    return card % RANKS + 1


def points(card: int) -> int:
    """What a card scores on the table and costs in hand: its rank."""
    return card % RANKS + 1


def name(card: int) -> str:
    return NAMES[IDS[card]]
