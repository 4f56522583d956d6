"""A seat's observation of an Al Capone hand in the engine's own compact form.

The observation dict (:meth:`.state.CaponeState.observation`) speaks card ids, which is
what front ends and records want; a bot that counts cards would turn it back into count
vectors at every decision (for the greedy bot that was a third of its time, and the
search bot asks it at every step of its rollouts).  :class:`SeatView` holds the facts a
bot decides from — a subset of the observation, nothing more — as count vectors.
:meth:`SeatView.from_observation` builds the same view from the dict, which is how the
tests show that it holds nothing the observation does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import KINDS, NG

_INDEX = {kind: i for i, kind in enumerate(KINDS)}


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` knows of the hand, as count vectors (tuples: it is read-only)."""

    seat: int
    phase: str
    """``draw``, ``play``, ``take`` or ``over``, as in the observation."""
    gavel_played: bool
    hand: tuple[int, ...]
    """The seat's own cards, a count vector by card kind."""
    hand_sizes: tuple[int, ...]
    areas: tuple[tuple[int, ...], ...]
    """Every side's play area, a count vector by gangster."""
    discard_top: int | None
    """The kind on top of the Underworld (the only card of it anyone sees)."""
    discard_size: int
    stock_size: int

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> SeatView:
        """The view of an observation dict (what a bot reads when given the dict)."""
        held = obs["hand"]
        top = obs.get("discard_top")
        return cls(
            seat=int(obs["seat"]),
            phase=str(obs["phase"]),
            gavel_played=bool(obs["gavel_played"]),
            hand=tuple(int(held.get(k, 0)) for k in KINDS),
            hand_sizes=tuple(int(n) for n in obs["hand_sizes"]),
            areas=tuple(tuple(int(area.get(k, 0)) for k in KINDS[:NG]) for area in obs["areas"]),
            discard_top=_INDEX[top] if top is not None else None,
            discard_size=int(obs["discard_size"]),
            stock_size=int(obs["stock_size"]),
        )
