"""``toy`` for learning code: the observation tensor and the action space.

The tensor is written from the observer's view (:mod:`.observer`) and nothing else, so
it cannot show what the seat may not know.  Seats are relative (block 0 is the viewer),
so one network plays every seat; flags are 0 or 1, sizes are over the deck, totals over
the target (clipped to [-4, 4]).  The action space is the engine's ints (``IntSpace``):
no decision of ``toy`` is hidden from the other seats (the card drawn from the stock is
not part of the action).

Imported only by the adapters (it needs NumPy, an extra of tablerummy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np

from tablerummy.envs.spaces import ActionSpace, IntSpace
from tablerummy.envs.tensors import ObservationEncoder, Vector
from tablerummy.variant import HandState, Observation, Variant

from . import actions as A
from .cards import NCARDS
from .observer import Phase, ToyView, read
from .state import MAX_TURNS

LIMIT = 4.0
T = TypeVar("T")


def relative(items: Sequence[T], seat: int) -> list[T]:
    """Per-seat items from ``seat`` on, clockwise: the viewer first."""
    return [*items[seat:], *items[:seat]]


class ToyEncoder(ObservationEncoder):
    """The tensor of one ``toy`` table (its player count fixes the shape)."""

    def __init__(self, variant: Variant) -> None:  # the base's probe-built layout is
        self.variant = variant                       # not needed: the layout is fixed here
        self.players = n = variant.players
        self.nsides = len(variant.sides)
        self.target = variant.target or 1
        blocks = [
            ("to_act (relative seat; last: nobody)", n + 1),
            ("phase", len(Phase)),
            ("dealer (relative seat)", n),
            ("hand_sizes (relative seats) / 30", n),
            ("stock_size, discard_size / 30", 2),
            ("totals (relative seats) / target", n),
            ("hand (per card)", NCARDS),
            *((f"melded by seat +{i} (per card)", NCARDS) for i in range(n)),
            ("discard pile (per card)", NCARDS),
            ("discard_top (per card; last: empty)", NCARDS + 1),
            *((f"taken from the pile and held by seat +{i} (per card)", NCARDS)
              for i in range(n)),
            ("turn / turn limit", 1),
        ]
        self.layout = []
        offset = 0
        for label, size in blocks:
            self.layout.append((label, offset, size))
            offset += size
        self.shape = (offset,)

    def encode(self, observation: Observation) -> Vector:
        totals = observation.get("totals") or [0] * self.players
        return self.write(ToyView.from_observation(observation), totals)

    def encode_state(self, state: HandState, seat: int, totals: Sequence[int],
                     game_over: bool = False) -> Vector:
        return self.write(read(state, seat), totals, game_over)  # type: ignore[arg-type]

    def write(self, v: ToyView, totals: Sequence[int], game_over: bool = False) -> Vector:
        """The tensor of a view, with the game's ``totals`` (per seat)."""
        n = self.players
        seat = v.seat
        out = np.zeros(self.shape, dtype=np.float32)
        pos = 0

        def one_hot(size: int, index: int) -> None:
            nonlocal pos
            out[pos + index] = 1.0
            pos += size

        def values(numbers: Sequence[float]) -> None:
            nonlocal pos
            out[pos:pos + len(numbers)] = numbers
            pos += len(numbers)

        def cards(held: Sequence[int]) -> None:
            nonlocal pos
            for c in held:
                out[pos + c] = 1.0
            pos += NCARDS

        to_act = None if game_over else v.to_act
        one_hot(n + 1, n if to_act is None else (to_act - seat) % n)
        one_hot(len(Phase), int(v.phase))
        one_hot(n, (v.dealer - seat) % n)
        values([s / NCARDS for s in relative(v.sizes, seat)])
        values([v.stock_size / NCARDS, len(v.discard) / NCARDS])
        values([max(-LIMIT, min(LIMIT, t / self.target))
                for t in relative(totals, seat)])
        cards(v.hand)
        for melds in relative(v.melds, seat):
            cards([c for meld in melds for c in meld])
        cards(v.discard)
        one_hot(NCARDS + 1, v.discard[-1] if v.discard else NCARDS)
        for taken in relative(v.taken, seat):
            cards(taken)
        values([v.turn / MAX_TURNS])
        assert pos == self.shape[0]
        return out


def action_space(variant: Variant) -> ActionSpace:
    """The engine's action ints, none hidden from the others."""
    return IntSpace(variant, A.NUM_ACTIONS, range(0))
