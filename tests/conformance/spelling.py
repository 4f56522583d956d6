"""Lenient spellings of an action text, as SPEC promises the parser accepts them.

"The engine parses any reasonable spelling of it (extra spaces, any order of the cards
in a meld, upper or lower case, a unique prefix of a card id)."
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .entry import meld_tokens

MeldPositions = Callable[[list[str], frozenset[str]], list[int]]


def shortest_unique_prefix(card: str, card_ids: frozenset[str]) -> int:
    """The length of the shortest prefix of ``card`` that starts no other card id."""
    others = [c for c in card_ids if c != card]
    for n in range(1, len(card) + 1):
        if not any(c.startswith(card[:n]) for c in others):
            return n
    return len(card)  # another id starts with the whole of it: only the id itself


def respell(text: str, card_ids: frozenset[str], rnd: random.Random,
            meld_positions: MeldPositions = meld_tokens) -> str:
    """Another spelling of the same action: cards reordered and cut short, case, spaces."""
    words = text.split(" ")
    positions = meld_positions(words, card_ids)
    cards = [words[i] for i in positions]
    rnd.shuffle(cards)
    for i, card in zip(positions, cards, strict=True):
        words[i] = card
    for i, word in enumerate(words):
        if word in card_ids and rnd.random() < 0.6:
            words[i] = word[: rnd.randint(shortest_unique_prefix(word, card_ids), len(word))]
    cased = ["".join(ch.upper() if rnd.random() < 0.4 else ch.lower() for ch in w)
             for w in words]
    spaced = "".join(w + " " * rnd.randint(1, 3) for w in cased)
    return " " * rnd.randint(0, 2) + spaced.rstrip() + " " * rnd.randint(0, 2)
