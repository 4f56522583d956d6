"""Redealing what one seat cannot see: the shared core of every variant's ``determinize``.

A determinization (Cowling, Powley & Whitehouse 2012) is one full position the seat could
be in: its own cards, everything public, and every hidden card dealt at random among the
places it could be.  A variant works out, from what the seat knows only, the *pool* of
unseen cards (a count vector) and the *slots* they fill (each other hand's unknown part,
the stock); :func:`redeal` deals the pool into the slots.  Because the pool and the slots
are computed from the seat's knowledge alone, two true positions that differ only in
cards hidden from the seat give the same determinization for the same generator.

A deal may also *lean* (:func:`deal_leaning`): each other hand draws its unseen cards in
proportion to a weight per card kind that the family keeps from that player's public
play (its ``beliefs`` module: a card passed on, discarded or not laid off is less
likely in the hand, one taken more).  The weights read public play only, so the
no-peeking property holds for leaning deals too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import log
from random import Random
from typing import Any


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


LEAN_RANGE = (0.05, 20.0)
"""The bounds of a leaning (:func:`lean`): however much a seat's play says, no card is
ruled out or made certain by it — the belief stays a weighting of the uniform deal."""


def fresh_leans(players: int, kinds: int) -> list[list[float]]:
    """Every seat's leaning before anyone has played: 1 for every card kind (uniform)."""
    return [[1.0] * kinds for _ in range(players)]


def lean(row: list[float], kind: int, factor: float) -> None:
    """Multiply the weight of ``kind`` in one seat's leaning by ``factor``, within bounds."""
    low, high = LEAN_RANGE
    value = row[kind] * factor
    row[kind] = low if value < low else high if value > high else value


def dilute(row: list[float], unseen: int, drawn: int) -> None:
    """A seat with ``unseen`` cards nobody has seen drew ``drawn`` more, unseen too: its
    leaning is now the mixture of the old cards' (``unseen`` of them) and the new cards'
    (uniform, weight 1), by their numbers."""
    if drawn <= 0:
        return
    old = max(unseen, 0)
    total = old + drawn
    # one comprehension: the true position dilutes at every draw (a third of the loop's time)
    row[:] = [w if w == 1.0 else (old * w + drawn) / total for w in row]


def deal_leaning(rng: Random, cards: list[int], slots: Sequence[int],
                 leans: Sequence[Sequence[float] | None]) -> list[list[int]]:
    """Deal ``cards`` into slots of the given sizes, slot by slot, each slot drawing its
    cards in proportion to its leaning (``leans[i][kind]``; ``None``: uniform).

    The draw is successive sampling without replacement (Efraimidis & Spirakis 2006: the
    ``size`` smallest of ``Exp(1) / weight`` keys), so a card of weight 2 is about twice
    as likely as one of weight 1 to land in that slot.  A slot without a leaning gets a
    uniformly random share of what is left, in random order (a stock's pile order); with
    no leaning at all it deals as :func:`deal_cards` does (the same distribution;
    the random numbers are drawn otherwise).
    """
    rnd = rng.random
    rest = cards
    out = []
    for size, weights in zip(slots, leans, strict=True):
        # the keys in the cards' order, then the cards sorted by them: what sorting by a key
        # function does, without a Python call per card (a search deals at every iteration)
        if weights is None:
            keys = [rnd() for _ in rest]
        else:
            # -log(1 - u) is Exp(1); 1 - u is in (0, 1], so the log is finite
            keys = [-log(1.0 - rnd()) / weights[c] for c in rest]
        order = [rest[i] for i in sorted(range(len(rest)), key=keys.__getitem__)]
        out.append(order[:size])
        rest = order[size:]
    return out


Note = tuple[Any, ...]
"""What of a position one action's leaning reads, taken (public facts only) when it is
played; each family's ``beliefs.note`` makes them and its ``lean_note`` reads them."""
LeanNote = Callable[[Note, list[list[float]], int], int]
"""Moves every seat's leaning (the rows) by one note: a family's ``lean_note``.  Its int
is what the family remembers from the notes before (say, a bit per card kind melded so
far, which a later note needs and would cost time to take when played); it returns it
for the next note."""


class Leanings:
    """Every seat's leaning, as the notes of the actions that moved it, read on demand.

    The true position notes every action it plays (:attr:`notes`; a note is a small tuple
    of public facts, about 1 µs); the rows are worked out only when a determinization
    deals by them (a search bot's sampler, once per decision), and kept with how many
    notes they have read, so that reading again later replays only the notes since.
    Leaning at every action instead made random playouts of the true position — what an
    RL environment's step, ``simulate`` and ``benchmarks/playout.py`` play — 1.5–1.9 ×
    slower in every family (measured 2026-12-04), for rows that only a search reads.  A
    copy copies the list of notes (the true position is copied once per decision, not per
    step: a search's playouts keep no leanings).
    """

    __slots__ = ("_read", "lean_note", "notes")

    def __init__(self, lean_note: LeanNote, players: int, kinds: int) -> None:
        """Before anyone has played: every kind weighs 1 in every seat's leaning."""
        self.lean_note = lean_note
        self.notes: list[Note] = []
        """The notes of the actions that lean, in order."""
        self._read: tuple[int, list[list[float]], int] = (0, fresh_leans(players, kinds), 0)
        """How many notes the rows have read, the rows and the family's memory (see
        :data:`LeanNote`): replaced, never changed in place (copies share them), and all
        at once (a reader in another thread)."""

    def copy(self) -> Leanings:
        new = Leanings(self.lean_note, 0, 0)  # not object.__new__: compilable, as the states
        new.notes = self.notes[:]
        new._read = self._read
        return new

    def rows(self) -> list[list[float]]:
        """Per seat, the weight of each card kind (a fresh copy: the caller's own)."""
        return [row[:] for row in self.read()]

    def read(self) -> list[list[float]]:
        """Read the notes not read yet, and keep the rows (the caller must not change
        them): copies made afterwards start from here."""
        read, held, memo = self._read
        notes = self.notes
        if read < len(notes):
            rows = [row[:] for row in held]
            upto = len(notes)
            lean_note = self.lean_note
            for noted in notes[read:upto]:
                memo = lean_note(noted, rows, memo)
            self._read = (upto, rows, memo)
            held = rows
        return held
