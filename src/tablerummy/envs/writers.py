"""What the families' fast tensor writers share: the adapters' path at every decision.

A family's encoder (:class:`~.tensors.ObservationEncoder`, in its package) defines its
layout once, by writing named blocks from its observer's facts — the reference.  The
adapters write the same vector at every decision, so a family may give a fast writer
(a :class:`Writer`) that reads the same observer, lays the counts out in the layout's
order as bytes, and has NumPy divide them by the per-entry divisors in one call; the
few scores (totals, points: any value) are written over their places after.  The tests
hold every writer to the reference at every position of random play, for every seat
(``tests/envs/test_spaces_tensors.py``): the layout still has one source, and a change
that forgets a writer fails there.

Why it is written this way (counted in machine instructions with ``valgrind``, CPython
3.11, NumPy 2; a decision of ``capone`` costs about 150,000 in all, the benchmark's
random pick included):

- a call into NumPy costs thousands of instructions (``frombuffer`` about 3,000, the
  division about 6,500, writing a slice from a list 3,000, one entry 700): a tensor is
  one ``frombuffer`` and one division, and its scores are set one entry at a time;
- counts become bytes at C speed: ``bytearray(list)`` (about 60 instructions an entry),
  one-hot blocks are precomputed ``bytes``, and the pieces are joined (a copy each);
- blocks that rarely change between two decisions (areas, melds, the cards each seat
  took from the pile, the discard pile, the game's totals) are written once and
  remembered against what they were made from (a copy compared with ``==``), one entry
  per block, shared by every seat (the blocks are public): the memory is small and
  needs no limit, and a miss costs what writing the block costs;
- the observer holds the engine's own lists by reference: setting it copies nothing;
- no comprehensions on the path (each is a function call in CPython 3.11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from .tensors import LIMIT, Vector

if TYPE_CHECKING:
    from .tensors import ObservationEncoder

U8 = np.dtype(np.uint8)


def one_hots(size: int) -> list[bytes]:
    """Every one-hot block of ``size`` entries, by the index of its 1."""
    return [bytes(int(i == j) for j in range(size)) for i in range(size)]


def count_bytes(items: Sequence[int], size: int) -> bytearray:
    """A count vector of card numbers, as bytes."""
    out = bytearray(size)
    for item in items:
        out[item] += 1
    return out


def clipped(values: list[float]) -> list[float]:
    """``values`` clipped to [-LIMIT, LIMIT] (the list itself when none is beyond)."""
    for x in values:
        if x > LIMIT or x < -LIMIT:
            return [min(LIMIT, max(-LIMIT, x)) for x in values]
    return values


class Writer:
    """What every family's writer shares: divisors, where the scores go, one-hot seats.

    A subclass is called as :meth:`ObservationEncoder.encode_state
    <.tensors.ObservationEncoder.encode_state>`: it sets its observer from the position
    and writes the tensor from the observer's facts.
    """

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.observer = encoder.observer()
        """The observer each call sets (made once)."""
        self.players = n = encoder.players
        self.nsides = encoder.nsides
        self.target = encoder.target
        self.size = encoder.shape[0]
        self.divisors = encoder.divisors
        self.wide = encoder.wide
        self.first = self.wide[0]
        """Where the scores start (the first entry that is not a count)."""
        self.seat_hot = one_hots(n + 1)
        self.zero_sides = (0,) * self.nsides
        self.orders = [(*range(seat, n), *range(seat)) for seat in range(n)]
        """Per viewer, the absolute seats in relative order (the viewer first)."""
        self._totals: tuple[list[int], list[list[float]]] = ([], [])

    def scores(self, totals: Sequence[int]) -> list[list[float]]:
        """Per first side, the game's totals in relative order over the target, clipped
        (remembered: they change once a hand)."""
        known = self._totals
        if known[0] != totals:
            target = self.target
            rows = [clipped([t / target for t in (*totals[first:], *totals[:first])])
                    for first in range(len(totals))]
            known = self._totals = (list(totals), rows)
        return known[1]

    def put_scores(self, out: Vector, totals: Sequence[int], first: int) -> None:
        """Set the game's totals, ``first``'s side first, in their places of ``out``.

        Entry by entry: for a handful of floats that is cheaper than a NumPy slice
        assignment from a list.  (:meth:`scores` is asked only when the totals changed:
        a call less on every tensor.)
        """
        known = self._totals
        rows = known[1] if known[0] == totals else self.scores(totals)
        at = self.first
        for x in rows[first]:
            out[at] = x
            at += 1

    def finish(self, raw: bytes) -> Vector:
        """The tensor of the counts (the scores' places zero, to be set by the caller)."""
        if len(raw) != self.size:
            raise ValueError("a block of the tensor was written with the wrong size")
        out: Vector = np.true_divide(np.frombuffer(raw, U8), self.divisors)
        return out
