"""Observation tensors written straight from the engine's position: the adapters' fast path.

:mod:`.tensors` defines each variant's layout once, by writing it from a seat view
(:mod:`.seatviews`) of the observation dict — the reference.  The adapters write the same
vector at every decision, so it has to be cheap: the writers here read the engine's
fields directly (no view, no named blocks) and lay the raw counts out in the layout's
order as one ``bytes`` object, which NumPy turns into the tensor in two calls (divide by
the per-entry divisors, put the scores in).  The tests hold every writer to the
reference at every position of random play, for every seat
(``tests/envs/test_spaces_tensors.py``): the layout still has one source, and a change
that forgets a writer fails there.

Why it is written this way (measured per decision, 2 CPUs, CPython 3.11):

- a list of ints becomes ``bytes`` at about 10 ns per entry, a list display with ``*``
  at about 1 ns: small tensors (``capone``, ``ripper``) are one list display, then one
  ``bytes``;
- the Oklahoma tensor (499 entries for 2 players) is mostly 53-entry count vectors that
  rarely change between two decisions (melds, the cards each seat took from the pile, the
  discard pile): each is turned into ``bytes`` once and remembered against what it was
  made from (a copy compared with ``==``, or the identities of the immutable melds), and
  the pieces are joined (a ``memcpy`` each);
- a memory holds one entry per block, shared by every seat (the blocks are public), so
  it is small and needs no limit; a miss costs what writing the block costs.
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


def _one_hots(size: int) -> list[tuple[int, ...]]:
    """Every one-hot vector of ``size`` entries, by the index of its 1."""
    return [tuple(int(i == j) for j in range(size)) for i in range(size)]


_BYTE = [bytes((i,)) for i in range(256)]
"""Each byte as a ``bytes`` of length 1."""


def _counts(items: Sequence[int], size: int) -> list[int]:
    out = [0] * size
    for item in items:
        out[item] += 1
    return out


class Writer:
    """What every family's writer shares: the divisors and where the scores go."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.players = n = encoder.players
        self.nsides = encoder.nsides
        self.target = encoder.target
        self.size = encoder.shape[0]
        self.divisors = encoder._divisors
        wide = encoder._wide
        self.wide = wide
        self.wide_divisors = encoder._wide_divisors
        first = int(wide[0]) if len(wide) else 0
        # scores in one run of entries (capone's totals) are written as a slice
        self.wide_run = (slice(first, first + len(wide))
                         if list(wide) == list(range(first, first + len(wide))) else None)
        self.seat_hot = _one_hots(n + 1)
        self.zero_sides = (0,) * self.nsides

    def finish(self, raw: bytes, wide: list[float]) -> Vector:
        """The tensor of the raw counts and the scores (already divided)."""
        if len(raw) != self.size:
            raise ValueError("a block of the tensor was written with the wrong size")
        out: Vector = np.true_divide(np.frombuffer(raw, dtype=np.uint8), self.divisors)
        if max(wide) > 4.0 or min(wide) < -4.0:  # LIMIT of .tensors
            wide = [min(4.0, max(-4.0, x)) for x in wide]
        if self.wide_run is not None:
            out[self.wide_run] = wide
        else:
            out.put(self.wide, wide)
        return out


class CaponeWriter(Writer):
    """``capone``: :meth:`ObservationEncoder._capone` from a :class:`CaponeState`.

    The areas change only when cards are melded: their ``bytes`` (per side) are
    remembered against a copy of them.
    """

    def __init__(self, encoder: ObservationEncoder, phases: int) -> None:
        super().__init__(encoder)
        self.phase_hot = _one_hots(phases)
        self.top_bytes = [bytes(h) for h in _one_hots(CAPONE_NK + 1)]
        self.no_search = bytes(CAPONE_NK)
        self._areas: tuple[list[list[int]], list[bytes]] = ([], [])

    def __call__(self, state: CaponeState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        to_act = None if over else state.to_act
        side = state.side_of[seat]
        sizes = state.sizes
        discard = state.discard
        seat_hot = self.seat_hot
        areas = state.areas
        known = self._areas
        if known[0] != areas:
            known = self._areas = ([a[:] for a in areas], [bytes(a) for a in areas])
        pieces = known[1]
        raw = b"".join([
            bytes([*seat_hot[n if to_act is None else (to_act - seat) % n],
                   *self.phase_hot[state.phase], *seat_hot[(state.dealer - seat) % n],
                   *sizes[seat:], *sizes[:seat], len(state.stock), len(discard),
                   *self.zero_sides, *state.hands[seat]]),
            *pieces[side:], *pieces[:side],
            self.top_bytes[discard[-1] if discard else CAPONE_NK],
            b"\1" if state.gavel_played else b"\0",
            bytes(_counts(discard, CAPONE_NK))
            if state.phase == CAPONE_TAKE and seat == state.seat else self.no_search])
        target = self.target
        return self.finish(raw, [t / target for t in (*totals[side:], *totals[:side])])


class RipperWriter(Writer):
    """``ripper``: :meth:`ObservationEncoder._ripper` from a :class:`RipperState`.

    The areas and wilds change only when cards are melded: their ``bytes`` (per seat),
    the suspect points and the alibied suspects (sums over every area) are remembered
    against a copy of them.
    """

    def __init__(self, encoder: ObservationEncoder, phases: int) -> None:
        super().__init__(encoder)
        self.phase_hot = _one_hots(phases)
        self.card_bytes = [bytes(h) for h in _one_hots(RIPPER_NK + 1)]
        self.seat_bytes = [bytes(h) for h in self.seat_hot]
        self.vote_bytes = [bytes(h) for h in _one_hots(RIPPER_NS + 1)]
        self.no_search = bytes(RIPPER_NK)
        self.nobody = bytes(self.players)
        self._areas: tuple[list[list[int]], list[list[int]], list[bytes], bytes, list[float]]
        self._areas = ([], [], [], b"", [])

    def __call__(self, state: RipperState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        order = (*range(seat, n), *range(seat))
        to_act = None if over else state.to_act
        sizes = state.sizes
        yard = state.yard
        seat_hot = self.seat_hot
        card_bytes = self.card_bytes
        areas, wilds = state.areas, state.wilds
        known = self._areas
        if known[0] != areas or known[1] != wilds:
            known = self._areas = (
                [a[:] for a in areas], [w[:] for w in wilds],
                [bytes(a) + bytes(w) for a, w in zip(areas, wilds, strict=True)],
                # the suspect points' places (scores, written after) and the alibied
                bytes(RIPPER_NS) + bytes(alibied(areas)),
                [p / 50 for p in suspect_totals(areas, wilds, state.cards)])
        pieces = known[2]
        caller = state.vote_caller
        votes = state.votes
        vote = votes[seat]
        queue = state.resign_queue
        extra = state.extra
        nobody = self.nobody
        raw = b"".join([
            bytes([*seat_hot[n if to_act is None else (to_act - seat) % n],
                   *self.phase_hot[state.phase], *seat_hot[(state.dealer - seat) % n],
                   *sizes[seat:], *sizes[:seat], len(state.stock), len(yard),
                   *self.zero_sides, *state.hands[seat]]),
            *[pieces[s] for s in order],
            _BYTE[state.victims], known[3],
            card_bytes[yard[-1] if yard else RIPPER_NK],
            self.seat_bytes[n if caller is None else (caller - seat) % n],
            # (no vote and no Commissioner Resigns under way: most decisions)
            nobody if votes.count(None) == n
            else bytes([votes[s] is not None for s in order]),
            self.vote_bytes[RIPPER_NS if vote is None else vote],
            bytes([s in queue for s in order]) if queue else nobody,
            card_bytes[RIPPER_NK if extra is None else extra],
            b"\1" if state.gavel_played else b"\0",
            bytes(_counts(yard, RIPPER_NK))
            if state.phase == RIPPER_TAKE and seat == state.seat else self.no_search])
        target = self.target
        return self.finish(raw, [*(t / target for t in (*totals[seat:], *totals[:seat])),
                                 *known[4]])


class OklahomaWriter(Writer):
    """The Oklahoma family: :meth:`ObservationEncoder._oklahoma` from an
    :class:`OklahomaState`, in ``bytes`` pieces (see the module docstring).

    A side's list of melds changes only when the side melds or a layoff replaces one:
    what they add up to (the natural cards and what the wilds stand for, as ``bytes``;
    the meld count; the points) is remembered per side against a copy of the list.  The
    melds are immutable values, so the copy's ``==`` is mostly identity checks.
    """

    def __init__(self, encoder: ObservationEncoder, phases: int, values: Any) -> None:
        super().__init__(encoder)
        self.values = values
        self.phase_hot = _one_hots(phases)
        self.top_bytes = [bytes(h) for h in _one_hots(NCARDS + 1)]
        self._sides: list[tuple[list[Meld], bytes, float, int]] = [
            self._sum([]) for _ in range(self.players)]
        self._discard: tuple[list[int], bytes] = ([-1], b"")
        self._known: tuple[list[list[int]], list[bytes]] = ([], [])

    def _sum(self, melds: list[Meld]) -> tuple[list[Meld], bytes, float, int]:
        """A side's melds: a copy, their cards as ``bytes``, their count / 36, points."""
        natural, stands = [0] * NCARDS, [0] * NCARDS
        for meld in melds:
            for c, s in meld.items:
                if c == s:
                    natural[c] += 1
                else:
                    stands[s] += 1
        points = sum(meld_value(meld, self.values) for meld in melds)
        # (b"\0\0": the places of the meld count and the points, scores written after)
        return (melds[:], bytes(natural) + bytes(stands) + b"\0\0", len(melds) / 36, points)

    def __call__(self, state: OklahomaState, seat: int, totals: Sequence[int],
                 over: bool) -> Vector:
        n = self.players
        order = (*range(seat, n), *range(seat))
        to_act = None if over else state.to_act
        sizes = state.sizes
        discard = state.discard
        seat_hot = self.seat_hot
        parts = [bytes([*seat_hot[n if to_act is None else (to_act - seat) % n],
                        *self.phase_hot[state.phase], *seat_hot[(state.dealer - seat) % n],
                        *sizes[seat:], *sizes[:seat], len(state.stock), len(discard),
                        *self.zero_sides, *state.hands[seat]])]
        target = self.target
        wide = [t / target for t in (*totals[seat:], *totals[:seat])]
        melds, sides = state.melds, self._sides
        for s in order:
            side = sides[s]
            if side[0] != melds[s]:
                side = sides[s] = self._sum(melds[s])
            parts.append(side[1])
            wide += (side[2], side[3] / target)
        pile = self._discard
        if pile[0] != discard:
            pile = self._discard = (discard[:], bytes(_counts(discard, NCARDS))
                                    + self.top_bytes[discard[-1] if discard else NCARDS])
        parts.append(pile[1])
        known = self._known
        if known[0] != state.known:
            known = self._known = ([k[:] for k in state.known], [bytes(k) for k in state.known])
        pieces = known[1]
        parts += [pieces[s] for s in order]
        parts.append(bytes((state.rebuilds, state.last_turn)))
        return self.finish(b"".join(parts), wide)
