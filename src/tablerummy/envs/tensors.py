"""Observation tensors: what one seat sees as a flat NumPy vector, layout named.

Each family defines its tensor once, in its package (``capone/encoding.py``, …), as a
subclass of :class:`ObservationEncoder` that writes named blocks (:class:`Blocks`) from
the facts of the family's observer (:class:`~tablerummy.family.Observer`): that
:meth:`~ObservationEncoder.fill` is the layout and the reference.  Both ways in read the
observer: :meth:`ObservationEncoder.encode` reads an observation dict into its facts
(``Game.observation(seat)``, which holds only what the seat may know);
:meth:`ObservationEncoder.encode_state` sets it from the engine's position, as the
adapters do at every decision, and writes the same vector by the family's fast writer
(:mod:`.writers`: the same blocks as bytes, several times cheaper).  The tests require
both to give the same tensor at every position and re-run the no-peeking check on them.
Seats and sides are *relative*: block 0 is always the viewer (or the viewer's side),
then clockwise, so one network can play every seat.
Counts are divided by the most copies a card can have, sizes by the deck, scores by the
target: every entry lies in [-1, 1] or a little beyond for scores past the target
(``float32``).

An encoder gives the ``shape`` and the ``layout`` (name, offset, size of each block) for
the docs and for users who slice the vector.  ``ObservationEncoder(variant)`` gives the
encoder of the variant's family (:func:`tablerummy.registry.family_of`).  The
information-state vector of the OpenSpiel adapter adds the hand's decisions as the seat
saw them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..variant import HandState, Observation, Variant

if TYPE_CHECKING:
    from ..family import Observer
    from ..game import Game

Vector = npt.NDArray[np.float32]
Write = Callable[[Any, int, Sequence[int], bool], Vector]
"""A writer of :meth:`ObservationEncoder.encode_state`: the tensor of what a seat sees of a
position (the position, the seat, the game's totals, whether the game is over)."""
LIMIT = 4.0
"""Every entry is clipped to [-LIMIT, LIMIT]: only scores (totals over the target) can
reach past 1, and a side at four times the target has long won."""


class Blocks:
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


class ObservationEncoder(ABC):
    """The observation tensor of one variant (with its options and player count).

    A family subclasses it with its observer (:meth:`observer`, which must be able to
    :meth:`~tablerummy.family.Observer.parse` a dict), its layout (:meth:`fill`) and,
    optionally, a fast writer (:meth:`writer`; by default the tensor is written through
    :meth:`fill`).  ``ObservationEncoder(variant)`` itself gives the encoder of the
    variant's family.
    """

    def __new__(cls, variant: Variant | None = None) -> ObservationEncoder:
        if cls is ObservationEncoder and variant is not None:
            from ..registry import family_of

            return family_of(variant).encoder(variant)
        return super().__new__(cls)  # (also a copy's: copy and pickle pass no variant)

    def __init__(self, variant: Variant) -> None:
        if getattr(self, "variant", None) is variant:
            return  # made by the family for ObservationEncoder(variant): initialized
        from ..game import Game

        self.variant = variant
        self.players = variant.players
        self.nsides = len(variant.sides)
        self.target = variant.target or 1
        first = Game(variant, seed=0).observation(0)
        probe = Blocks()
        self.fill(probe, self.parse(first), first["totals"])
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
        self.divisors = np.array(divisors, dtype=np.float32)
        """Per entry, what its raw number is divided by."""
        self.wide = [offset for (_, offset, size), (*_, wide)
                     in zip(self.layout, probe.blocks, strict=True) if wide
                     for offset in range(offset, offset + size)]
        """The entries that are scores (any number), in order."""
        self._wide = np.array(self.wide, dtype=np.intp)
        self._wide_divisors = [divisors[i] for i in self.wide]
        self.encode_state = self.writer()  # type: ignore[method-assign,assignment]

    # --- what a family defines ----------------------------------------------------------

    @abstractmethod
    def observer(self) -> Observer:
        """A fresh observer of the family."""

    def parse(self, observation: Observation) -> Observer:
        """An observer holding the facts of an observation dict."""
        observer = self.observer()
        observer.parse(observation)
        return observer

    @abstractmethod
    def fill(self, b: Blocks, o: Any, totals: Sequence[int]) -> None:
        """Write the named blocks of observer ``o`` (the game's ``totals`` around it):
        the layout's definition."""

    def writer(self) -> Write:
        """What :meth:`encode_state` is (the adapters' path, at every decision): a callable
        that sets an observer from the position and writes its tensor.  Default: through
        :meth:`fill`; a family may write the same bytes faster (:mod:`.writers`)."""
        return _ThroughLayout(self)

    # --- the tensors --------------------------------------------------------------------

    def encode(self, observation: Observation) -> Vector:
        """The tensor of ``observation`` (a dict from ``Game.observation(seat)``)."""
        return self._write(self.parse(observation), observation["totals"])

    def encode_state(self, state: HandState, seat: int, totals: Sequence[int],
                     game_over: bool = False) -> Vector:
        """The tensor of what ``seat`` sees of ``state`` (the game's ``totals`` around it),
        equal to :meth:`encode` of the observation dict, without building the dict.

        Each encoder replaces this method by its :meth:`writer` (one call less on the
        adapters' path)."""
        return self.writer()(state, seat, totals, game_over)

    def encode_game(self, game: Game, seat: int) -> Vector:
        """:meth:`encode_state` of the game's current hand."""
        return self.encode_state(game.state, seat, game.totals, game.game_over)

    def _write(self, o: Any, totals: Sequence[int]) -> Vector:
        builder = Blocks(self.shape[0])
        self.fill(builder, o, totals)
        if len(builder.raw) != self.shape[0] or len(builder.wide) != len(self._wide):
            raise ValueError("a block of the tensor was written with the wrong size")
        # counts are at most the divisor (the copies of a card, the deck): no clipping
        out: Vector = np.true_divide(np.frombuffer(bytes(builder.raw), dtype=np.uint8),
                                     self.divisors)
        wide = [x / d for x, d in zip(builder.wide, self._wide_divisors, strict=True)]
        if wide:
            if max(wide) > LIMIT or min(wide) < -LIMIT:
                wide = [min(LIMIT, max(-LIMIT, x)) for x in wide]
            out.put(self._wide, wide)
        return out

    # --- blocks every family has -----------------------------------------------------------

    def common(self, b: Blocks, o: Any, totals: Sequence[int], side: int, phases: int,
               deck: int) -> None:
        """Blocks every variant has: turn, phase, sizes, dealer, scores (``side``: the
        viewer's; ``phases``: how many; ``deck``: the cards of the deck)."""
        n = self.players
        seat = o.seat
        to_act = o.to_act
        b.one_hot("to_act (relative seat; last: nobody)", n + 1,
                  n if to_act is None else (to_act - seat) % n)
        b.one_hot("phase", phases, o.phase)
        b.one_hot("dealer (relative seat; last: unused)", n + 1, (o.dealer - seat) % n)
        sizes = o.sizes
        b.values("hand_sizes (relative seats)", n, [*sizes[seat:], *sizes[:seat]], deck)
        b.values("stock_size, discard_size", 2, [o.stock_size, o.discard_size], deck)
        b.numbers("totals (relative sides) / target", [*totals[side:], *totals[:side]],
                  self.target)


class _ThroughLayout:
    """The default :meth:`ObservationEncoder.writer`: set an observer, write its named
    blocks (an object, not a closure: an encoder is copied and pickled with it)."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.observer = encoder.observer()
        self.write = encoder._write

    def __call__(self, state: HandState, seat: int, totals: Sequence[int],
                 game_over: bool = False) -> Vector:
        observer = self.observer
        observer.set_from(state, seat)
        if game_over:
            observer.to_act = None  # type: ignore[attr-defined]
        return self.write(observer, totals)


def counts(items: Sequence[int], size: int) -> list[int]:
    """A count vector of card numbers."""
    out = [0] * size
    for item in items:
        out[item] += 1
    return out


def flags(seats: Sequence[int], seat: int, players: int) -> list[bool]:
    """One flag per relative seat: is it one of ``seats``?"""
    relative = {(s - seat) % players for s in seats}
    return [i in relative for i in range(players)]
