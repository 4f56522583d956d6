"""Observation tensors written straight from the engine's position: the adapters' fast path.

:mod:`.tensors` defines each variant's layout once, by writing it from a seat view
(:mod:`.seatviews`) of the observation dict — the reference.  The adapters write the same
vector at every decision, so it has to be cheap: the writers here read the engine's
fields directly (no view, no named blocks), lay the counts out in the layout's order as
bytes, and NumPy divides them by the per-entry divisors in one call; the few scores
(totals, points: any value) are written over their places after.  The tests hold every
writer to the reference at every position of random play, for every seat
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
- no comprehensions on the path (each is a function call in CPython 3.11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..capone.cards import NK as CAPONE_NK
from ..capone.state import TAKE as CAPONE_TAKE
from ..oklahoma.cards import NCARDS
from ..oklahoma.melds import Meld, meld_value
from ..ripper.cards import NK as RIPPER_NK
from ..ripper.cards import NS as RIPPER_NS
from ..ripper.scoring import alibied, suspect_totals
from ..ripper.state import TAKE as RIPPER_TAKE

if TYPE_CHECKING:
    from ..capone.state import CaponeState
    from ..oklahoma.state import OklahomaState
    from ..ripper.state import RipperState
    from .tensors import ObservationEncoder

Vector = npt.NDArray[np.float32]
U8 = np.dtype(np.uint8)
LIMIT = 4.0  # .tensors.LIMIT (imported from there it would be a cycle)


def one_hots(size: int) -> list[bytes]:
    """Every one-hot block of ``size`` entries, by the index of its 1."""
    return [bytes(int(i == j) for j in range(size)) for i in range(size)]


def _counts(items: Sequence[int], size: int) -> bytearray:
    """A count vector of card numbers, as bytes."""
    out = bytearray(size)
    for item in items:
        out[item] += 1
    return out


def _clipped(values: list[float]) -> list[float]:
    for x in values:
        if x > LIMIT or x < -LIMIT:
            return [min(LIMIT, max(-LIMIT, x)) for x in values]
    return values


class Writer:
    """What every family's writer shares: divisors, where the scores go, one-hot seats."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.players = n = encoder.players
        self.nsides = encoder.nsides
        self.target = encoder.target
        self.size = encoder.shape[0]
        self.divisors = encoder._divisors
        self.wide = [int(i) for i in encoder._wide]
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
            rows = [_clipped([t / target for t in (*totals[first:], *totals[:first])])
                    for first in range(len(totals))]
            known = self._totals = (list(totals), rows)
        return known[1]

    def put_scores(self, out: Vector, totals: Sequence[int], first: int) -> None:
        """Set the game's totals, ``first``'s side first, in their places of ``out``.

        Entry by entry: for a handful of floats that is cheaper than a NumPy slice
        assignment from a list.
        """
        at = self.first
        for x in self.scores(totals)[first]:
            out[at] = x
            at += 1

    def finish(self, raw: bytes) -> Vector:
        """The tensor of the counts (the scores' places zero, to be set by the caller)."""
        if len(raw) != self.size:
            raise ValueError("a block of the tensor was written with the wrong size")
        out: Vector = np.true_divide(np.frombuffer(raw, U8), self.divisors)
        return out


class CaponeWriter(Writer):
    """``capone``: :meth:`ObservationEncoder._capone` from a :class:`CaponeState`.

    The areas change only when cards are melded: their bytes (per side) are remembered
    against a copy of them.
    """

    def __init__(self, encoder: ObservationEncoder, phases: int) -> None:
        super().__init__(encoder)
        self.phase_hot = one_hots(phases)
        self.top_hot = one_hots(CAPONE_NK + 1)
        self.no_search = bytes(CAPONE_NK)
        assert self.wide == list(range(self.first, self.first + self.nsides))
        self._areas: tuple[list[list[int]], list[bytes]] = ([], [])

    def __call__(self, state: CaponeState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        to_act = None if over else state.to_act
        side = state.side_of[seat]
        sizes = state.sizes
        discard = state.discard
        areas = state.areas
        known = self._areas
        if known[0] != areas:
            known = self._areas = ([a[:] for a in areas], [bytes(a) for a in areas])
        pieces = known[1]
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[state.phase], self.seat_hot[(state.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], len(state.stock), len(discard),
                       *self.zero_sides, *state.hands[seat]]),
            *pieces[side:], *pieces[:side],
            self.top_hot[discard[-1] if discard else CAPONE_NK],
            b"\1" if state.gavel_played else b"\0",
            _counts(discard, CAPONE_NK)
            if state.phase == CAPONE_TAKE and seat == state.seat else self.no_search]))
        self.put_scores(out, totals, side)
        return out


class RipperWriter(Writer):
    """``ripper``: :meth:`ObservationEncoder._ripper` from a :class:`RipperState`.

    The areas and wilds change only when cards are melded: their bytes (per seat), the
    suspect points and the alibied suspects (sums over every area) are remembered
    against a copy of them.
    """

    def __init__(self, encoder: ObservationEncoder, phases: int) -> None:
        super().__init__(encoder)
        n = self.players
        self.phase_hot = one_hots(phases)
        self.card_hot = one_hots(RIPPER_NK + 1)
        self.vote_hot = one_hots(RIPPER_NS + 1)
        self.no_search = bytes(RIPPER_NK)
        self.nobody = bytes(n)
        points = self.wide[n]
        assert self.wide == [*range(self.first, self.first + n),
                             *range(points, points + RIPPER_NS)]
        self.points = slice(points, points + RIPPER_NS)
        self._areas: tuple[list[list[int]], list[list[int]], list[bytes], bytes, Vector]
        self._areas = ([], [], [], b"", np.zeros(RIPPER_NS, np.float32))

    def _table(self, state: RipperState) -> tuple[list[list[int]], list[list[int]],
                                                   list[bytes], bytes, Vector]:
        """Per seat the bytes of its area and wilds; the alibied suspects (after the
        suspect points' places) as bytes; the suspect points over 50, clipped."""
        areas, wilds = state.areas, state.wilds
        points = [p / 50 for p in suspect_totals(areas, wilds, state.cards)]
        return ([a[:] for a in areas], [w[:] for w in wilds],
                [bytes(a) + bytes(w) for a, w in zip(areas, wilds, strict=True)],
                bytes(RIPPER_NS) + bytes(alibied(areas)),
                np.array(_clipped(points), dtype=np.float32))

    def __call__(self, state: RipperState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        order = self.orders[seat]
        to_act = None if over else state.to_act
        sizes = state.sizes
        yard = state.yard
        known = self._areas
        if known[0] != state.areas or known[1] != state.wilds:
            known = self._areas = self._table(state)
        pieces = known[2]
        caller = state.vote_caller
        votes = state.votes
        vote = votes[seat]
        queue = state.resign_queue
        extra = state.extra
        card_hot = self.card_hot
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[state.phase], self.seat_hot[(state.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], len(state.stock), len(yard),
                       *self.zero_sides, *state.hands[seat]]),
            *map(pieces.__getitem__, order),
            bytes((state.victims,)), known[3],
            card_hot[yard[-1] if yard else RIPPER_NK],
            self.seat_hot[n if caller is None else (caller - seat) % n],
            # (no vote and no Commissioner Resigns under way: most decisions)
            self.nobody if votes.count(None) == n
            else bytes([votes[s] is not None for s in order]),
            self.vote_hot[RIPPER_NS if vote is None else vote],
            bytes([s in queue for s in order]) if queue else self.nobody,
            card_hot[RIPPER_NK if extra is None else extra],
            b"\1" if state.gavel_played else b"\0",
            _counts(yard, RIPPER_NK)
            if state.phase == RIPPER_TAKE and seat == state.seat else self.no_search]))
        self.put_scores(out, totals, seat)
        out[self.points] = known[4]
        return out


class OklahomaWriter(Writer):
    """The Oklahoma family: :meth:`ObservationEncoder._oklahoma` from an
    :class:`OklahomaState` (see the module docstring).

    A side's list of melds changes only when the side melds or a layoff replaces one:
    its bytes (the natural cards, what the wilds stand for, the meld count) and its
    points are remembered per side against a copy of the list.  The melds are immutable
    values, so the copy's ``==`` is mostly identity checks.  (The meld count is a score
    of the reference's, but a count at most 36: it is written as a count, which gives
    the same ``float32``: the tests compare every entry.)
    """

    def __init__(self, encoder: ObservationEncoder, phases: int, values: Any) -> None:
        super().__init__(encoder)
        n = self.players
        self.values = values
        self.phase_hot = one_hots(phases)
        self.top_hot = one_hots(NCARDS + 1)
        assert self.wide[:n] == list(range(self.first, self.first + n))
        self.point_at = self.wide[n + 1::2]
        """Per relative side, where its melded points go."""
        self._sides: list[tuple[list[Meld], bytes, float]] = [
            self._side([]) for _ in range(n)]
        self._discard: tuple[list[int], bytes] = ([-1], b"")
        self._known: tuple[list[list[int]], list[bytes]] = ([], [])

    def _side(self, melds: list[Meld]) -> tuple[list[Meld], bytes, float]:
        """A side's melds: a copy, their bytes (with the count), points over the target."""
        natural, stands = bytearray(NCARDS), bytearray(NCARDS)
        for meld in melds:
            for c, s in meld.items:
                if c == s:
                    natural[c] += 1
                else:
                    stands[s] += 1
        points = sum(meld_value(meld, self.values) for meld in melds) / self.target
        return (melds[:], bytes(natural + stands) + bytes((len(melds), 0)),
                _clipped([points])[0])

    def __call__(self, state: OklahomaState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        order = self.orders[seat]
        to_act = None if over else state.to_act
        sizes = state.sizes
        discard = state.discard
        melds, sides = state.melds, self._sides
        blocks: list[bytes] = []
        points: list[float] = []
        for s in order:
            side = sides[s]  # (one read: a tuple is replaced whole, never changed)
            if side[0] != melds[s]:
                side = sides[s] = self._side(melds[s])
            blocks.append(side[1])
            points.append(side[2])
        pile = self._discard
        if pile[0] != discard:
            pile = self._discard = (discard[:], bytes(_counts(discard, NCARDS))
                                    + self.top_hot[discard[-1] if discard else NCARDS])
        known = self._known
        if known[0] != state.known:
            known = self._known = ([k[:] for k in state.known],
                                   [bytes(k) for k in state.known])
        pieces = known[1]
        out = self.finish(b"".join([
            self.seat_hot[n if to_act is None else (to_act - seat) % n],
            self.phase_hot[state.phase], self.seat_hot[(state.dealer - seat) % n],
            bytearray([*sizes[seat:], *sizes[:seat], len(state.stock), len(discard),
                       *self.zero_sides, *state.hands[seat]]),
            *blocks, pile[1], *map(pieces.__getitem__, order),
            bytes((state.rebuilds, state.last_turn))]))
        self.put_scores(out, totals, seat)
        for x, at in zip(points, self.point_at, strict=True):
            out[at] = x
        return out
