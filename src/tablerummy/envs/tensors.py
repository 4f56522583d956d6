"""Observation tensors: what one seat sees as a flat NumPy vector, layout named.

The layout is defined here, by writing the tensor from a seat view (:mod:`.seatviews`) of
the observation dict, which holds only what :meth:`tablerummy.Game.observation` shows
that seat: :meth:`ObservationEncoder.encode`.  :meth:`ObservationEncoder.encode_state`
writes the same vector straight from the engine's position (:mod:`.writers`: what the
adapters do at every decision, several times cheaper).  The tests require both to give
the same tensor at every position and re-run the no-peeking check on them.  Seats and
sides are *relative*: block 0 is always the viewer (or the viewer's side), then clockwise,
so one network can play every seat.
Counts are divided by the most copies a card can have, sizes by the deck, scores by the
target: every entry lies in [-1, 1] or a little beyond for scores past the target
(``float32``).

:class:`ObservationEncoder` gives the ``shape`` and the ``layout`` (name, offset, size of
each block) for the docs and for users who slice the vector.  The information-state
vector of the OpenSpiel adapter adds the hand's decisions as the seat saw them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..capone.cards import NG as _CAPONE_NG
from ..capone.cards import NK as _CAPONE_NK
from ..capone.state import PHASES as CAPONE_PHASES
from ..oklahoma.cards import NCARDS as _NCARDS
from ..oklahoma.state import PHASES as OKLAHOMA_PHASES
from ..ripper.cards import NK as _RIPPER_NK
from ..ripper.cards import NS as _RIPPER_NS
from ..ripper.state import PHASES as RIPPER_PHASES
from ..variant import HandState, Observation, Variant
from .seatviews import CaponeView, OklahomaView, RipperView, SeatView
from .writers import CaponeWriter, OklahomaWriter, RipperWriter

if TYPE_CHECKING:
    from ..game import Game

Vector = npt.NDArray[np.float32]
_CAPONE_PHASES, _RIPPER_PHASES, _OKLAHOMA_PHASES = map(
    len, (CAPONE_PHASES, RIPPER_PHASES, OKLAHOMA_PHASES))
LIMIT = 4.0
"""Every entry is clipped to [-LIMIT, LIMIT]: only scores (totals over the target) can
reach past 1, and a side at four times the target has long won."""


class _Builder:
    """Writes named blocks in order as raw numbers; the encoder divides each block by its
    divisor.

    Most entries are small counts and flags: they go into one list of bytes-sized ints
    (turned into an array at C speed by ``bytes``, much faster than ``np.array`` of a
    list), of which only the entries that are not zero are written.  Numbers that may be
    negative or large (scores) are *wide*: kept in a short list of their own, written
    over their places.  The first (probe) run records the blocks' names, sizes,
    divisors and which are wide.
    """

    __slots__ = ("blocks", "pos", "raw", "wide")

    def __init__(self, size: int | None = None) -> None:
        self.blocks: list[tuple[str, int, float | tuple[float, ...], bool]] | None = (
            None if size else [])
        self.raw: list[int] = [0] * (size or 0)
        self.wide: list[float] = []
        self.pos = 0

    def _record(self, name: str, size: int, divisor: float | tuple[float, ...],
                wide: bool = False) -> None:
        assert self.blocks is not None
        self.blocks.append((name, size, divisor, wide))
        self.raw.extend([0] * size)

    # (the writers below are on every tensor's path: each keeps to one call)

    def values(self, name: str, size: int, values: Sequence[int] | None,
               divisor: float | tuple[float, ...] = 1) -> None:
        """``size`` counts from 0 to 255 (``None``: all zero), each to be divided by
        ``divisor`` (one for the block, or one per count).  Too many or too few values
        change the list's length, which the encoder refuses."""
        start = self.pos
        end = self.pos = start + size
        if self.blocks is not None:
            self._record(name, size, divisor)
        if values is not None:
            self.raw[start:end] = values

    def numbers(self, name: str, values: Sequence[float],
                divisor: float | tuple[float, ...] = 1) -> None:
        """A wide block: any numbers (scores), each to be divided by ``divisor``."""
        self.pos += len(values)
        if self.blocks is not None:
            self._record(name, len(values), divisor, wide=True)
        self.wide.extend(values)

    def one_hot(self, name: str, size: int, index: int) -> None:
        start = self.pos
        self.pos = start + size
        if self.blocks is not None:
            self._record(name, size, 1)
        self.raw[start + index] = 1


class ObservationEncoder:
    """The observation tensor of one variant (with its options and player count)."""

    def __init__(self, variant: Variant) -> None:
        from ..game import Game

        self.variant = variant
        self.players = variant.players
        self.nsides = len(variant.sides)
        self.target = variant.target or 1
        family = variant.name if variant.name in ("capone", "ripper") else "oklahoma"
        self._fill: Callable[[ObservationEncoder, _Builder, Any], None] = _FILLS[family]
        self._from_observation: Callable[[Observation], SeatView] = _VIEWS[family]
        probe = _Builder()
        self._fill(self, probe, self._from_observation(Game(variant, seed=0).observation(0)))
        assert probe.blocks is not None
        self.layout: list[tuple[str, int, int]] = []
        offset = 0
        for name, size, _, _ in probe.blocks:
            self.layout.append((name, offset, size))
            offset += size
        self.shape = (offset,)
        divisors = [x for _, size, d, _ in probe.blocks
                    for x in (d if isinstance(d, tuple) else (d,) * size)]
        # a count over its divisor in float32 is the float64 quotient rounded to float32:
        # the divisors' binary periods are too short for a double rounding to differ
        self._divisors = np.array(divisors, dtype=np.float32)
        self._wide = np.array([offset for (_, offset, size), (*_, wide)
                               in zip(self.layout, probe.blocks, strict=True) if wide
                               for offset in range(offset, offset + size)], dtype=np.intp)
        self._wide_divisors = [divisors[i] for i in self._wide]
        self._writer: Callable[[Any, int, Sequence[int], bool], Vector]
        if family == "capone":
            self._writer = CaponeWriter(self, _CAPONE_PHASES)
        elif family == "ripper":
            self._writer = RipperWriter(self, _RIPPER_PHASES)
        else:
            self._writer = OklahomaWriter(self, _OKLAHOMA_PHASES,
                                          variant.rules.values)  # type: ignore[attr-defined]

    def encode(self, observation: Observation) -> Vector:
        """The tensor of ``observation`` (a dict from ``Game.observation(seat)``)."""
        return self._write(self._from_observation(observation))

    def encode_state(self, state: HandState, seat: int, totals: Sequence[int],
                     game_over: bool = False) -> Vector:
        """The tensor of what ``seat`` sees of ``state`` (the game's ``totals`` around it),
        equal to :meth:`encode` of the observation dict, without building the dict (the
        family's writer of :mod:`.writers` reads the engine's fields)."""
        return self._writer(state, seat, totals, game_over)

    def encode_game(self, game: Game, seat: int) -> Vector:
        """:meth:`encode_state` of the game's current hand."""
        return self.encode_state(game.state, seat, game.totals, game.game_over)

    def _write(self, view: SeatView) -> Vector:
        builder = _Builder(self.shape[0])
        self._fill(self, builder, view)
        if len(builder.raw) != self.shape[0] or len(builder.wide) != len(self._wide):
            raise ValueError("a block of the tensor was written with the wrong size")
        # counts are at most the divisor (the copies of a card, the deck): no clipping
        out: Vector = np.true_divide(np.frombuffer(bytes(builder.raw), dtype=np.uint8),
                                     self._divisors)
        wide = [x / d for x, d in zip(builder.wide, self._wide_divisors, strict=True)]
        if wide:
            if max(wide) > LIMIT or min(wide) < -LIMIT:
                wide = [min(LIMIT, max(-LIMIT, x)) for x in wide]
            out.put(self._wide, wide)
        return out

    # --- the blocks ---------------------------------------------------------------------

    def _common(self, b: _Builder, v: SeatView, phases: int, deck: int) -> None:
        """Blocks every variant has: turn, phase, sizes, dealer, scores."""
        n = self.players
        seat = v.seat
        to_act = v.to_act
        b.one_hot("to_act (relative seat; last: nobody)", n + 1,
                  n if to_act is None else (to_act - seat) % n)
        b.one_hot("phase", phases, v.phase)
        b.one_hot("dealer (relative seat; last: unused)", n + 1, (v.dealer - seat) % n)
        sizes = v.sizes
        b.values("hand_sizes (relative seats)", n, [*sizes[seat:], *sizes[:seat]], deck)
        b.values("stock_size, discard_size", 2, [v.stock_size, v.discard_size], deck)
        totals, side = v.totals, v.side
        b.numbers("totals (relative sides) / target", [*totals[side:], *totals[:side]],
                  self.target)

    def _capone(self, b: _Builder, v: CaponeView) -> None:
        NK, NG = _CAPONE_NK, _CAPONE_NG
        self._common(b, v, _CAPONE_PHASES, 86)
        b.values("hand (per card kind) / 8", NK, v.hand, 8)
        for i in range(self.nsides):
            b.values(f"area of side +{i} (per gangster) / 8", NG,
                     v.areas[(v.side + i) % self.nsides], 8)
        b.one_hot("discard_top (per card kind; last: empty)", NK + 1,
                  NK if v.top is None else v.top)
        b.values("gavel_played", 1, [v.gavel_played])
        b.values("underworld during your search (per card kind) / 8", NK, v.underworld, 8)

    def _ripper(self, b: _Builder, v: RipperView) -> None:
        n = self.players
        seat = v.seat
        NK, NS = _RIPPER_NK, _RIPPER_NS
        self._common(b, v, _RIPPER_PHASES, 62)
        b.values("hand (per card kind) / 5", NK, v.hand, 5)
        for i in range(n):
            b.values(f"area of seat +{i} (per card kind) / 5", NK, v.areas[(seat + i) % n], 5)
            b.values(f"wilds of seat +{i} (per suspect) / 2", NS, v.wilds[(seat + i) % n], 2)
        b.values("victims_in_play / 5", 1, [v.victims], 5)
        b.numbers("suspect_points / 50", v.suspect_points, 50)
        b.values("alibied", NS, v.alibied)
        b.one_hot("discard_top (per card kind; last: empty)", NK + 1,
                  NK if v.top is None else v.top)
        caller = v.vote_caller
        b.one_hot("vote called_by (relative seat; last: no vote)", n + 1,
                  n if caller is None else (caller - seat) % n)
        b.values("voted (relative seats)", n, _flags(v.voted, seat, n))
        b.one_hot("your vote (last: none)", NS + 1, NS if v.vote is None else v.vote)
        b.values("must discard to Commissioner Resigns (relative seats)", n,
                 _flags(v.resign_pending, seat, n))
        b.one_hot("extra Gavel card to play (last: none)", NK + 1,
                  NK if v.extra is None else v.extra)
        b.values("gavel_played", 1, [v.gavel_played])
        b.values("Scotland Yard during your search (per card kind) / 5", NK, v.yard, 5)

    def _oklahoma(self, b: _Builder, v: OklahomaView) -> None:
        n = self.players
        seat = v.seat
        NCARDS = _NCARDS
        self._common(b, v, _OKLAHOMA_PHASES, 105)
        b.values("hand (per card) / 2", NCARDS, v.hand, 2)  # 52 cards and the Joker
        for i in range(self.nsides):
            side = (v.side + i) % self.nsides
            b.values(f"natural cards melded by side +{i} / 2", NCARDS, v.natural[side], 2)
            b.values(f"cards wilds stand for in side +{i}'s melds / 2", NCARDS,
                     v.stands[side], 2)
            b.numbers(f"melds of side +{i} / 36, melded points / target",
                      [v.melds[side], v.points[side]], (36, self.target))
        b.values("discard pile as remembered (per card) / 2", NCARDS, v.discard, 2)
        b.one_hot("discard_top (per card; last: empty)", NCARDS + 1,
                  NCARDS if v.top is None else v.top)
        for i in range(n):
            b.values(f"cards seat +{i} took from the pile and still holds / 2", NCARDS,
                     v.known[(seat + i) % n], 2)
        b.values("stock rebuilds / 3, last turn", 2, [v.rebuilds, v.last_turn], (3, 1))


def _flags(seats: Sequence[int], seat: int, players: int) -> list[bool]:
    """One flag per relative seat: is it one of ``seats``?"""
    relative = {(s - seat) % players for s in seats}
    return [i in relative for i in range(players)]


_FILLS: dict[str, Callable[[ObservationEncoder, _Builder, Any], None]] = {
    "capone": ObservationEncoder._capone,
    "ripper": ObservationEncoder._ripper,
    "oklahoma": ObservationEncoder._oklahoma,
}
_VIEWS: dict[str, Callable[[Observation], SeatView]] = {
    "capone": CaponeView.from_observation,
    "ripper": RipperView.from_observation,
    "oklahoma": OklahomaView.from_observation,
}
