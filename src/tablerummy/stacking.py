"""Stacked decks: build the deck order that deals the hands you want (pokerkit style).

Scenario records and tests describe a position ("p0 holds three Raids, the Case File
starts with two Al Capone") and this turns it into the deck a record carries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .errors import RecordError
from .variant import Variant


def stacked_deck(
    variant: Variant,
    dealer: int,
    hands: Sequence[Sequence[str]],
    upcard: str | None = None,
    stock_top: Sequence[str] = (),
    hand_size: int | None = None,
) -> list[str]:
    """The deck (top card first) that deals ``hands`` per seat with ``dealer`` dealing.

    Hands may be given short; missing cards, the upcard and the rest of the stock are
    filled from the remaining cards in the deck's canonical order, so the result is
    deterministic.  ``stock_top`` lists the first cards of the stock, top first.
    """
    n = variant.players
    if len(hands) != n:
        raise RecordError(f"give one hand per seat ({n}), not {len(hands)}")
    left = Counter(variant.deck())
    wanted = [*[c for h in hands for c in h], *([upcard] if upcard else []), *stock_top]
    for card in wanted:
        if left[card] <= 0:
            raise RecordError(f"the deck has no more {card!r}")
        left[card] -= 1
    size = hand_size if hand_size is not None else variant.hand_size
    spare: list[str] = []  # what is left, in the deck's canonical order
    for card in variant.deck():
        if left[card] > 0:
            left[card] -= 1
            spare.append(card)
    full_hands = []
    for h in hands:
        if len(h) > size:
            raise RecordError(f"a hand holds {size} cards, not {len(h)}")
        full_hands.append([*h, *[spare.pop(0) for _ in range(size - len(h))]])
    deck: list[str] = []
    for i in range(size * n):
        seat = (dealer + 1 + i) % n
        deck.append(full_hands[seat][i // n])
    deck.append(upcard if upcard else spare.pop(0))
    deck.extend(stock_top)
    deck.extend(spare)
    return deck
