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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..variant import Observation, Variant

Vector = npt.NDArray[np.float32]
LIMIT = 4.0
"""Every entry is clipped to [-LIMIT, LIMIT]: only scores (totals over the target) can
reach past 1, and a side at four times the target has long won."""


@dataclass
class _Builder:
    """Collects named blocks in order; the layout is the same for every observation."""

    blocks: list[tuple[str, int]] = field(default_factory=list)
    values: list[float] = field(default_factory=list)

    def add(self, name: str, values: Sequence[float]) -> None:
        self.blocks.append((name, len(values)))
        self.values.extend(values)

    def counts(self, name: str, kinds: Sequence[str], counts: dict[str, int] | None,
               scale: float) -> None:
        counts = counts or {}
        self.add(name, [counts.get(k, 0) / scale for k in kinds])

    def one_hot(self, name: str, options: Sequence[object], value: object) -> None:
        self.add(name, [1.0 if value == option else 0.0 for option in options])


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
        builder = _Builder()
        self._fill(builder, _relative(observation, self.players))
        return np.clip(np.asarray(builder.values, dtype=np.float32), -LIMIT, LIMIT)


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


def _common(b: _Builder, obs: dict[str, Any], players: int, phases: Sequence[str],
            deck: int) -> None:
    """Blocks every variant has: turn, phase, sizes, dealer, scores."""
    seat_of = obs["_seat"]
    b.one_hot("to_act (relative seat; last: nobody)", [*range(players), None],
              seat_of(obs["to_act"]))
    b.one_hot("phase", phases, obs["phase"])
    b.one_hot("dealer (relative seat)", range(players), seat_of(obs["dealer"]))
    b.add("hand_sizes (relative seats)",
          [obs["hand_sizes"][s] / deck for s in obs["_seat_order"]])
    b.add("stock_size, discard_size", [obs["stock_size"] / deck, obs["discard_size"] / deck])
    target = obs["target"] or 1
    b.add("totals (relative sides) / target", [obs["totals"][s] / target
                                               for s in obs["_side_order"]])


def _capone(b: _Builder, obs: dict[str, Any]) -> None:
    from ..capone.cards import GANGSTERS, KINDS
    from ..capone.state import PHASES

    players = len(obs["hand_sizes"])
    _common(b, obs, players, PHASES, 86)
    b.counts("hand (per card kind) / 8", KINDS, obs["hand"], 8)
    for i, side in enumerate(obs["_side_order"]):
        b.counts(f"area of side +{i} (per gangster) / 8", GANGSTERS, obs["areas"][side], 8)
    b.one_hot("discard_top (per card kind; last: empty)", [*KINDS, None], obs["discard_top"])
    b.add("gavel_played", [float(bool(obs.get("gavel_played")))])
    searched: dict[str, int] = {}
    for card in obs.get("underworld", []):
        searched[card] = searched.get(card, 0) + 1
    b.counts("underworld during your search (per card kind) / 8", KINDS, searched, 8)


def _ripper(b: _Builder, obs: dict[str, Any]) -> None:
    from ..ripper.cards import KINDS, SUSPECTS
    from ..ripper.state import PHASES

    players = len(obs["hand_sizes"])
    seat_of = obs["_seat"]
    _common(b, obs, players, PHASES, 62)
    b.counts("hand (per card kind) / 5", KINDS, obs["hand"], 5)
    for i, seat in enumerate(obs["_seat_order"]):
        b.counts(f"area of seat +{i} (per card kind) / 5", KINDS, obs["areas"][seat], 5)
        b.counts(f"wilds of seat +{i} (per suspect) / 2", SUSPECTS, obs["wilds"][seat], 2)
    b.add("victims_in_play / 5", [obs["victims_in_play"] / 5])
    b.counts("suspect_points / 50", SUSPECTS, obs["suspect_points"], 50)
    b.add("alibied", [float(s in obs["alibied"]) for s in SUSPECTS])
    b.one_hot("discard_top (per card kind; last: empty)", [*KINDS, None], obs["discard_top"])
    vote = obs["vote"]
    b.one_hot("vote called_by (relative seat; last: no vote)", [*range(players), None],
              seat_of(vote["called_by"]))
    voted = {seat_of(s) for s in vote["voted"]}
    b.add("voted (relative seats)", [float(i in voted) for i in range(players)])
    b.one_hot("your vote (last: none)", [*SUSPECTS, None], vote["mine"])
    pending = {seat_of(s) for s in obs["resign_pending"]}
    b.add("must discard to Commissioner Resigns (relative seats)",
          [float(i in pending) for i in range(players)])
    b.one_hot("extra Gavel card to play (last: none)", [*KINDS, None], obs["extra"])
    b.add("gavel_played", [float(bool(obs.get("gavel_played")))])
    yard: dict[str, int] = {}
    for card in obs.get("yard", []):
        yard[card] = yard.get(card, 0) + 1
    b.counts("Scotland Yard during your search (per card kind) / 5", KINDS, yard, 5)


def _oklahoma(b: _Builder, obs: dict[str, Any]) -> None:
    from ..oklahoma.cards import IDS
    from ..oklahoma.state import PHASES

    players = len(obs["hand_sizes"])
    seat_of = obs["_seat"]
    _common(b, obs, players, PHASES, 105)
    cards = IDS  # 52 cards and the Joker
    b.counts("hand (per card) / 2", cards, _count(obs["hand"]), 2)
    for i, side in enumerate(obs["_side_order"]):
        natural: dict[str, int] = {}
        stands: dict[str, int] = {}
        for meld in obs["melds"][side]:
            for item in meld:
                card, _, means = item.partition("=")
                target = natural if not means else stands
                key = means or card
                target[key] = target.get(key, 0) + 1
        b.counts(f"natural cards melded by side +{i} / 2", cards, natural, 2)
        b.counts(f"cards wilds stand for in side +{i}'s melds / 2", cards, stands, 2)
        b.add(f"melds of side +{i} / 36", [len(obs["melds"][side]) / 36])
        b.add(f"melded points of side +{i} / target",
              [obs["melded_points"][side] / (obs["target"] or 1)])
    b.counts("discard pile as remembered (per card) / 2", cards, _count(obs["discard"]), 2)
    b.one_hot("discard_top (per card; last: empty)", [*cards, None], obs["discard_top"])
    for i, seat in enumerate(obs["_seat_order"]):
        b.counts(f"cards seat +{i} took from the pile and still holds / 2", cards,
                 _count(obs["known_hands"][seat]), 2)
    b.add("stock rebuilds / 3, last turn", [obs["rebuilds"] / 3, float(bool(obs["last_turn"]))])
    del seat_of


def _count(cards: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


_FAMILIES: dict[str, Callable[[_Builder, Observation], None]] = {
    "capone": _capone,
    "ripper": _ripper,
    "oklahoma": _oklahoma,
}
