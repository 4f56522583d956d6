"""Observation tensors: one seat's observation dict as a flat NumPy vector, layout named.

The tensors are built from :meth:`tablerummy.Game.observation` — the one observer every
front end and bot uses — and from nothing else, so they can hold no card the seat may not
see (the tests re-run the no-peeking check on them).  Seats and sides are *relative*: block
0 is always the viewer (or the viewer's side), then clockwise, so one network can play
every seat.  Counts are divided by the most copies a card can have, sizes by the deck,
scores by the target: every entry lies in [-1, 1] or a little beyond for scores past the
target (``float32``).

:class:`ObservationEncoder` gives the ``shape`` and the ``layout`` (name, offset, size of
each block) for the docs and for users who slice the vector.  The information-state
vector of :func:`info_state` adds the hand's decisions as the seat saw them (see there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..variant import Observation, Variant

Vector = npt.NDArray[np.float32]
LIMIT = 4.0
"""Every entry is clipped to [-LIMIT, LIMIT]: only scores (totals over the target) can
reach past 1, and a side at four times the target has long won."""


class _Builder:
    """Writes named blocks in order into one array; the layout is the same every time.

    The first (probe) run records the blocks' names and sizes; later runs write into a
    preallocated array, touching only the entries that are not zero (hands and areas are
    sparse), which keeps an observation tensor to a few microseconds per block.
    """

    def __init__(self, size: int = 0) -> None:
        self.blocks: list[tuple[str, int]] = []
        self.out = np.zeros(size, dtype=np.float32)
        self.probe = size == 0
        self.pos = 0

    def _block(self, name: str, size: int) -> int:
        start = self.pos
        self.pos += size
        if self.probe:
            self.blocks.append((name, size))
        return start

    def add(self, name: str, values: Sequence[float]) -> None:
        start = self._block(name, len(values))
        if not self.probe:
            self.out[start:self.pos] = values

    def counts(self, name: str, index: dict[str, int], counts: dict[str, int] | None,
               scale: float) -> None:
        start = self._block(name, len(index))
        if not self.probe and counts:
            out = self.out
            for kind, count in counts.items():
                out[start + index[kind]] = count / scale

    def one_hot(self, name: str, index: dict[object, int], value: object) -> None:
        start = self._block(name, len(index))
        if not self.probe:
            self.out[start + index[value]] = 1.0


def _index(options: Sequence[object]) -> dict[object, int]:
    return {option: i for i, option in enumerate(options)}


class ObservationEncoder:
    """The observation tensor of one variant (with its options and player count)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.players = variant.players
        self.nsides = len(variant.sides)
        self._fill: Callable[[_Builder, Observation], None] = _FAMILIES[_family(variant)]
        probe = _Builder()
        from ..game import Game

        self._fill(probe, _relative(Game(variant, seed=0).observation(0), self.players))
        self.layout: list[tuple[str, int, int]] = []
        offset = 0
        for name, size in probe.blocks:
            self.layout.append((name, offset, size))
            offset += size
        self.shape = (offset,)

    def encode(self, observation: Observation) -> Vector:
        """The tensor of ``observation`` (a dict from ``Game.observation(seat)``)."""
        builder = _Builder(self.shape[0])
        self._fill(builder, _relative(observation, self.players))
        return np.clip(builder.out, -LIMIT, LIMIT, out=builder.out)


def _family(variant: Variant) -> str:
    return variant.name if variant.name in ("capone", "ripper") else "oklahoma"


def _relative(obs: Observation, players: int) -> dict[str, Any]:
    """The observation with seat numbers turned so that the viewer is 0."""
    seat = obs["seat"]
    nsides = len(obs["sides"])
    side = obs["side"]
    rel = dict(obs)
    rel["_seat"] = lambda s: None if s is None else (s - seat) % players
    rel["_side_order"] = [(side + i) % nsides for i in range(nsides)]
    rel["_seat_order"] = [(seat + i) % players for i in range(players)]
    return rel


_SEATS = [_index([*range(n), None]) for n in range(9)]
"""Per player count, relative seats 0 … n−1 and ``None`` (nobody) as one-hot indices."""


def _common(b: _Builder, obs: dict[str, Any], players: int, phases: dict[object, int],
            deck: int) -> None:
    """Blocks every variant has: turn, phase, sizes, dealer, scores."""
    seat_of = obs["_seat"]
    seats = _SEATS[players]
    b.one_hot("to_act (relative seat; last: nobody)", seats, seat_of(obs["to_act"]))
    b.one_hot("phase", phases, obs["phase"])
    b.one_hot("dealer (relative seat; last: unused)", seats, seat_of(obs["dealer"]))
    sizes = obs["hand_sizes"]
    b.add("hand_sizes (relative seats)", [sizes[s] / deck for s in obs["_seat_order"]])
    b.add("stock_size, discard_size", [obs["stock_size"] / deck, obs["discard_size"] / deck])
    target = obs["target"] or 1
    totals = obs["totals"]
    b.add("totals (relative sides) / target", [totals[s] / target for s in obs["_side_order"]])


@cache
def _capone_index() -> tuple[dict[str, int], dict[str, int], dict[object, int],
                             dict[object, int]]:
    from ..capone.cards import GANGSTERS, KINDS
    from ..capone.state import PHASES

    return (_index(KINDS), _index(GANGSTERS),  # type: ignore[return-value]
            _index([*KINDS, None]), _index(PHASES))


def _capone(b: _Builder, obs: dict[str, Any]) -> None:
    kinds, gangsters, top, phases = _capone_index()
    _common(b, obs, len(obs["hand_sizes"]), phases, 86)
    b.counts("hand (per card kind) / 8", kinds, obs["hand"], 8)
    for i, side in enumerate(obs["_side_order"]):
        b.counts(f"area of side +{i} (per gangster) / 8", gangsters, obs["areas"][side], 8)
    b.one_hot("discard_top (per card kind; last: empty)", top, obs["discard_top"])
    b.add("gavel_played", [float(bool(obs.get("gavel_played")))])
    b.counts("underworld during your search (per card kind) / 8", kinds,
             _count(obs.get("underworld", ())), 8)


@cache
def _ripper_index() -> tuple[dict[str, int], dict[str, int], dict[object, int],
                             dict[object, int], dict[object, int]]:
    from ..ripper.cards import KINDS, SUSPECTS
    from ..ripper.state import PHASES

    return (_index(KINDS), _index(SUSPECTS),  # type: ignore[return-value]
            _index([*KINDS, None]), _index([*SUSPECTS, None]), _index(PHASES))


def _ripper(b: _Builder, obs: dict[str, Any]) -> None:
    kinds, suspects, kind_or_none, suspect_or_none, phases = _ripper_index()
    players = len(obs["hand_sizes"])
    seat_of = obs["_seat"]
    _common(b, obs, players, phases, 62)
    b.counts("hand (per card kind) / 5", kinds, obs["hand"], 5)
    for i, seat in enumerate(obs["_seat_order"]):
        b.counts(f"area of seat +{i} (per card kind) / 5", kinds, obs["areas"][seat], 5)
        b.counts(f"wilds of seat +{i} (per suspect) / 2", suspects, obs["wilds"][seat], 2)
    b.add("victims_in_play / 5", [obs["victims_in_play"] / 5])
    b.counts("suspect_points / 50", suspects, obs["suspect_points"], 50)
    b.counts("alibied", suspects, dict.fromkeys(obs["alibied"], 1), 1)
    b.one_hot("discard_top (per card kind; last: empty)", kind_or_none, obs["discard_top"])
    vote = obs["vote"]
    b.one_hot("vote called_by (relative seat; last: no vote)", _SEATS[players],
              seat_of(vote["called_by"]))
    voted = {seat_of(s) for s in vote["voted"]}
    b.add("voted (relative seats)", [float(i in voted) for i in range(players)])
    b.one_hot("your vote (last: none)", suspect_or_none, vote["mine"])
    pending = {seat_of(s) for s in obs["resign_pending"]}
    b.add("must discard to Commissioner Resigns (relative seats)",
          [float(i in pending) for i in range(players)])
    b.one_hot("extra Gavel card to play (last: none)", kind_or_none, obs["extra"])
    b.add("gavel_played", [float(bool(obs.get("gavel_played")))])
    b.counts("Scotland Yard during your search (per card kind) / 5", kinds,
             _count(obs.get("yard", ())), 5)


@cache
def _oklahoma_index() -> tuple[dict[str, int], dict[object, int], dict[object, int]]:
    from ..oklahoma.cards import IDS
    from ..oklahoma.state import PHASES

    return _index(IDS), _index([*IDS, None]), _index(PHASES)  # type: ignore[return-value]


def _oklahoma(b: _Builder, obs: dict[str, Any]) -> None:
    cards, top, phases = _oklahoma_index()  # 52 cards and the Joker
    _common(b, obs, len(obs["hand_sizes"]), phases, 105)
    b.counts("hand (per card) / 2", cards, _count(obs["hand"]), 2)
    target = obs["target"] or 1
    for i, side in enumerate(obs["_side_order"]):
        natural: dict[str, int] = {}
        stands: dict[str, int] = {}
        for meld in obs["melds"][side]:
            for item in meld:
                card, _, means = item.partition("=")
                if means:
                    stands[means] = stands.get(means, 0) + 1
                else:
                    natural[card] = natural.get(card, 0) + 1
        b.counts(f"natural cards melded by side +{i} / 2", cards, natural, 2)
        b.counts(f"cards wilds stand for in side +{i}'s melds / 2", cards, stands, 2)
        b.add(f"melds of side +{i} / 36, melded points / target",
              [len(obs["melds"][side]) / 36, obs["melded_points"][side] / target])
    b.counts("discard pile as remembered (per card) / 2", cards, _count(obs["discard"]), 2)
    b.one_hot("discard_top (per card; last: empty)", top, obs["discard_top"])
    for i, seat in enumerate(obs["_seat_order"]):
        b.counts(f"cards seat +{i} took from the pile and still holds / 2", cards,
                 _count(obs["known_hands"][seat]), 2)
    b.add("stock rebuilds / 3, last turn", [obs["rebuilds"] / 3, float(bool(obs["last_turn"]))])


def _count(cards: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


_FAMILIES: dict[str, Callable[[_Builder, Observation], None]] = {
    "capone": _capone,
    "ripper": _ripper,
    "oklahoma": _oklahoma,
}
