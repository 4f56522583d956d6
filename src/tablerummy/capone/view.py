"""A seat's observation of an Al Capone hand in the engine's own compact form.

The observation dict (:meth:`.state.CaponeState.observation`) speaks card ids, which is
what front ends and records want; a bot that counts cards would turn it back into count
vectors at every decision (for the greedy bot that was a third of its time, and the
search bot asks it at every step of its rollouts).  :class:`SeatView` holds the facts a
bot decides from — a subset of the observation, nothing more — as count vectors.  The
seat's observer (:mod:`.observer`) makes both; :meth:`SeatView.from_observation` makes
the view from the dict, which is how the tests show that it holds nothing the
observation does not.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class SeatView(NamedTuple):
    """What ``seat`` knows of the hand, as count vectors (tuples: it is read-only).

    A named tuple: made at every decision of a greedy bot, it costs a third of a frozen
    dataclass."""

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
        from .observer import CaponeObserver

        observer = CaponeObserver()
        observer.parse(obs)
        return observer.compact()
