"""``toy`` for learning code: the observation tensor and the action space.

The tensor is defined once, by :meth:`ToyEncoder.fill`, which writes named blocks from
the family's observer (:mod:`.observer`) and nothing else, so it cannot show what the
seat may not know.  Seats are relative (block 0 is the viewer), so one network plays
every seat; flags are 0 or 1, sizes are over the deck, totals over the target (clipped
to [-4, 4]).  The action space is the engine's ints (``IntSpace``): no decision of
``toy`` is hidden from the other seats (the card drawn from the stock is not part of
the action).

Imported only by the adapters (it needs NumPy, an extra of tablerummy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import numpy as np

from tablerummy.envs.spaces import ActionSpace, IntSpace
from tablerummy.envs.tensors import ObservationEncoder, Vector
from tablerummy.variant import HandState, Observation, Variant

from . import actions as A
from .cards import NCARDS
from .observer import Phase, ToyObserver
from .state import MAX_TURNS

LIMIT = 4.0
"""Totals past four times the target are clipped (that side has long won)."""
T = TypeVar("T")


class BlockWriter(Protocol):
    """Where :meth:`ToyEncoder.fill` writes its named blocks (one per call)."""

    def one_hot(self, name: str, size: int, index: int) -> None: ...

    def values(self, name: str, size: int, values: Sequence[int] | None,
               divisor: float | tuple[float, ...] = 1) -> None: ...

    def numbers(self, name: str, values: Sequence[float],
                divisor: float | tuple[float, ...] = 1) -> None: ...


class _Blocks:
    """Writes the blocks into a float32 vector, or (with no size) records the layout."""

    def __init__(self, size: int | None = None) -> None:
        self.layout: list[tuple[str, int, int]] = []
        self.out = np.zeros(size or 0, dtype=np.float32)
        self.record = size is None
        self.pos = 0

    def _block(self, name: str, size: int) -> int:
        start = self.pos
        self.pos += size
        if self.record:
            self.layout.append((name, start, size))
        return start

    def one_hot(self, name: str, size: int, index: int) -> None:
        start = self._block(name, size)
        if not self.record:
            self.out[start + index] = 1.0

    def values(self, name: str, size: int, values: Sequence[int] | None,
               divisor: float | tuple[float, ...] = 1) -> None:
        start = self._block(name, size)
        if values is not None and not self.record:
            self.out[start:start + size] = np.divide(values, divisor)

    def numbers(self, name: str, values: Sequence[float],
                divisor: float | tuple[float, ...] = 1) -> None:
        start = self._block(name, len(values))
        if not self.record:
            self.out[start:start + len(values)] = np.clip(np.divide(values, divisor),
                                                          -LIMIT, LIMIT)


def relative(items: Sequence[T], seat: int) -> list[T]:
    """Per-seat items from ``seat`` on, clockwise: the viewer first."""
    return [*items[seat:], *items[:seat]]


def flags(cards: Sequence[int]) -> list[int]:
    """One 0/1 per card of the deck."""
    out = [0] * NCARDS
    for c in cards:
        out[c] = 1
    return out


class ToyEncoder(ObservationEncoder):
    """The tensor of one ``toy`` table (its player count fixes the shape)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.players = variant.players
        self.nsides = len(variant.sides)
        self.target = variant.target or 1
        probe = self.observer()  # any position: the layout does not depend on the cards
        probe.set_from(variant.new_hand(variant.deck(), 0), 0)
        blocks = _Blocks()
        self.fill(blocks, probe, [0] * self.players)
        self.layout = blocks.layout
        self.shape = (blocks.pos,)

    def observer(self) -> ToyObserver:
        return ToyObserver()

    def fill(self, b: BlockWriter, o: Any, totals: Sequence[int]) -> None:
        """The layout, written from observer ``o`` and the game's ``totals`` per seat."""
        assert isinstance(o, ToyObserver)
        v = o.compact()
        n = self.players
        seat = v.seat
        b.one_hot("to_act (relative seat; last: nobody)", n + 1,
                  n if o.to_act is None else (o.to_act - seat) % n)
        b.one_hot("phase", len(Phase), int(v.phase))
        b.one_hot("dealer (relative seat)", n, (v.dealer - seat) % n)
        b.values("hand_sizes (relative seats) / 30", n, relative(v.sizes, seat), NCARDS)
        b.values("stock_size, discard_size / 30", 2, [v.stock_size, len(v.discard)], NCARDS)
        b.numbers("totals (relative seats) / target", relative(totals, seat), self.target)
        b.values("hand (per card)", NCARDS, flags(v.hand))
        for i, melds in enumerate(relative(v.melds, seat)):
            b.values(f"melded by seat +{i} (per card)", NCARDS,
                     flags([c for meld in melds for c in meld]))
        b.values("discard pile (per card)", NCARDS, flags(v.discard))
        b.one_hot("discard_top (per card; last: empty)", NCARDS + 1,
                  v.discard[-1] if v.discard else NCARDS)
        for i, taken in enumerate(relative(v.taken, seat)):
            b.values(f"taken from the pile and held by seat +{i} (per card)", NCARDS,
                     flags(taken))
        b.values("turn / turn limit", 1, [v.turn], MAX_TURNS)

    def _tensor(self, o: ToyObserver, totals: Sequence[int]) -> Vector:
        blocks = _Blocks(self.shape[0])
        self.fill(blocks, o, totals)
        assert blocks.pos == self.shape[0]
        return blocks.out

    def encode(self, observation: Observation) -> Vector:
        o = self.observer()
        o.parse(observation)
        return self._tensor(o, observation.get("totals") or [0] * self.players)

    def encode_state(self, state: HandState, seat: int, totals: Sequence[int],
                     game_over: bool = False) -> Vector:
        o = self.observer()
        o.set_from(state, seat)
        if game_over:
            o.to_act = None
        return self._tensor(o, totals)


def action_space(variant: Variant) -> ActionSpace:
    """The engine's action ints, none hidden from the others."""
    return IntSpace(variant, A.NUM_ACTIONS, range(0))
