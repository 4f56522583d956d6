"""Redealing what one seat cannot see: the shared core of every variant's ``determinize``.

A determinization (Cowling, Powley & Whitehouse 2012) is one full position the seat could
be in: its own cards, everything public, and every hidden card dealt at random among the
places it could be.  A variant works out, from what the seat knows only, the *pool* of
unseen cards (a count vector) and the *slots* they fill (each other hand's unknown part,
the stock); :func:`redeal` deals the pool into the slots.  Because the pool and the slots
are computed from the seat's knowledge alone, two true positions that differ only in
cards hidden from the seat give the same determinization for the same generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random


def unseen_pool(total: Sequence[int], *seen: Sequence[int]) -> list[int]:
    """The count vector ``total`` less every vector of ``seen`` (cards the seat accounts for).

    Raises :class:`ValueError` when the seen cards outnumber the deck (a broken state).
    """
    pool = list(total)
    for counts in seen:
        for k, c in enumerate(counts):
            if c:
                pool[k] -= c
    if min(pool, default=0) < 0:
        raise ValueError("the seat accounts for more cards than the deck holds")
    return pool


def pool_cards(pool: Sequence[int], slots: Sequence[int]) -> list[int]:
    """The cards of ``pool`` (counts per kind) as a list, checked to fill ``slots`` exactly."""
    cards = [k for k, c in enumerate(pool) for _ in range(c)]
    if len(cards) != sum(slots):
        raise ValueError(f"{len(cards)} unseen cards for {sum(slots)} hidden places")
    return cards


def deal_cards(rng: Random, cards: list[int], slots: Sequence[int]) -> list[list[int]]:
    """Deal ``cards`` at random into slots of the given sizes (``cards`` is left alone).

    Returns one list of card kinds per slot, in deal order (a stock slot uses it as its
    pile order).
    """
    rnd = rng.random  # sorting by random keys: a uniform shuffle at half random.shuffle's cost
    order = sorted(cards, key=lambda _: rnd())
    out = []
    at = 0
    for size in slots:
        out.append(order[at:at + size])
        at += size
    return out


def redeal(rng: Random, pool: Sequence[int], slots: Sequence[int]) -> list[list[int]]:
    """Deal the cards of ``pool`` (counts per kind) at random into slots of the given sizes."""
    return deal_cards(rng, pool_cards(pool, slots), slots)


def give_hands(hands: list[list[int]], seats: Sequence[int], known: Sequence[list[int]],
               dealt: Sequence[list[int]]) -> None:
    """Set each seat's hand (counts per kind) to what it is known to hold plus its dealt cards."""
    for seat, base, got in zip(seats, known, dealt, strict=False):
        hand = base[:]
        for c in got:
            hand[c] += 1
        hands[seat] = hand


def counts_of(cards: Sequence[int], kinds: int) -> list[int]:
    """The count vector of a list of card kinds."""
    counts = [0] * kinds
    for c in cards:
        counts[c] += 1
    return counts


def forget(shown: list[int], kind: int, count: int = 1) -> None:
    """A seat played ``count`` cards of ``kind``: the others now know of that many fewer.

    Identical cards cannot be told apart, so a card known to be in a hand is assumed to
    be among those played: the public knows the hand holds ``shown - count`` at least.
    """
    if shown[kind]:
        shown[kind] = max(0, shown[kind] - count)
