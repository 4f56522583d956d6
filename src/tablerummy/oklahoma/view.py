"""A seat's observation of an Oklahoma-family hand in the engine's own compact form.

The observation dict (:meth:`.state.OklahomaState.observation`) speaks card texts, which
is what front ends and records want; a bot that counts cards would turn it back into
count vectors at every decision.  :class:`SeatView` holds the facts a bot decides from —
a subset of the observation, nothing more — as counts, ints and the table's
:class:`~.melds.Meld` values.  The seat's observer (:mod:`.observer`) makes both;
:meth:`SeatView.from_observation` makes the view from the dict, which is how the tests
show that it holds nothing the observation does not.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .melds import Meld
from .rules import Rules


class SeatView(NamedTuple):
    """What ``seat`` knows of the hand, as the engine holds it (tuples: it is read-only).

    A named tuple: made at every decision of a greedy bot, it costs a third of a frozen
    dataclass."""

    seat: int
    phase: str
    """``draw``, ``play`` or ``over``, as in the observation."""
    hand: tuple[int, ...]
    """The seat's own cards, a count vector by card number."""
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's melds on the table, in the order they were put down."""
    discard: tuple[int, ...]
    """The discard pile, bottom first (public: every card went down face up)."""
    last_turn: bool

    @classmethod
    def from_observation(cls, obs: dict[str, Any], rules: Rules) -> SeatView:
        """The view of an observation dict (what a bot reads when given the dict)."""
        from .observer import OklahomaObserver

        observer = OklahomaObserver(rules, str(obs["variant"]))
        observer.parse(obs)
        return observer.compact()
