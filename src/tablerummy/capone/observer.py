"""What one seat may know of an Al Capone hand: the family's one observer.

:meth:`CaponeObserver.set_from` reads a position for a seat — the one place that decides
what a seat sees — and everything shown to a seat is derived from its facts: the
observation dict of front ends and records (:meth:`~CaponeObserver.dict`), the greedy
bot's compact :class:`~.view.SeatView` (:meth:`~CaponeObserver.compact`) and the RL
tensor (:mod:`.encoding` writes it from the facts).  :meth:`~CaponeObserver.parse`
reads an observation dict back into the same facts, for code handed only the dict.

The facts are the engine's own count vectors, held by reference (reading a position
copies nothing): they are valid until the position changes, and :meth:`dict` and
:meth:`compact` copy what they return.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Observer
from ..variant import Observation
from .cards import GANGSTERS, KINDS, NG, NK
from .phases import NAMES, Phase
from .view import SeatView

if TYPE_CHECKING:
    from .state import CaponeState

_KIND = {kind: i for i, kind in enumerate(KINDS)}
_TAKE = int(Phase.TAKE)


class CaponeObserver(Observer):
    """One seat's facts of a ``capone`` hand (see the module's docs)."""

    __slots__ = ("areas", "dealer", "discard_size", "end", "final", "gavel_played", "hand",
                 "phase", "scored", "seat", "side", "sizes", "stock_size", "to_act", "top",
                 "underworld")

    seat: int
    side: int
    dealer: int
    to_act: int | None
    phase: int
    """A :class:`~.phases.Phase` number."""
    gavel_played: bool
    hand: Sequence[int]
    """The seat's own cards, per card kind."""
    sizes: Sequence[int]
    """Every seat's hand size."""
    areas: Sequence[Sequence[int]]
    """Per side, per gangster: its play area."""
    top: int | None
    """The kind on top of the Underworld (the only card of it anyone sees)."""
    discard_size: int
    stock_size: int
    underworld: Sequence[int] | None
    """The Underworld's cards while the seat's own Search Warrant shows it, else None."""
    end: str | None
    final: dict[str, Any] | None
    """Once the hand is over: its ``scores`` and ``breakdown`` (public), as read from a dict."""
    scored: CaponeState | None
    """Once the hand is over: the hand, which :meth:`dict` asks for ``final`` (scoring
    is public, and slow beside a tensor: worked out only for the dict)."""

    def set_from(self, state: CaponeState, seat: int) -> None:  # type: ignore[override]
        discard = state.discard
        phase = state.phase
        end = state.end
        self.seat = seat
        self.side = state.side_of[seat]
        self.dealer = state.dealer
        self.to_act = None if end is not None else state.seat
        self.phase = phase
        self.gavel_played = state.gavel_played
        self.hand = state.hands[seat]
        self.sizes = state.sizes
        self.areas = state.areas
        self.top = discard[-1] if discard else None
        self.discard_size = len(discard)
        self.stock_size = len(state.stock)
        self.underworld = discard if phase == _TAKE and seat == state.seat else None
        self.end = end
        self.scored = None if end is None else state
        self.final = None

    def parse(self, obs: Observation) -> None:
        """The facts of an observation dict (what :meth:`dict` gives, read back)."""
        held = obs["hand"]
        top = obs["discard_top"]
        underworld = obs.get("underworld")
        self.seat = int(obs["seat"])
        self.side = int(obs["side"])
        self.dealer = int(obs["dealer"])
        self.to_act = obs["to_act"]
        self.phase = NAMES.index(obs["phase"])
        self.gavel_played = bool(obs["gavel_played"])
        self.hand = [int(held.get(kind, 0)) for kind in KINDS]
        self.sizes = [int(n) for n in obs["hand_sizes"]]
        self.areas = [[int(area.get(g, 0)) for g in GANGSTERS] for area in obs["areas"]]
        self.top = None if top is None else _KIND[top]
        self.discard_size = int(obs["discard_size"])
        self.stock_size = int(obs["stock_size"])
        self.underworld = None if underworld is None else [_KIND[t] for t in underworld]
        self.end = obs["end"]
        self.final = ({"scores": obs["scores"], "breakdown": obs["breakdown"]}
                      if "scores" in obs else None)
        self.scored = None

    def dict(self) -> Observation:
        hand = self.hand
        top = self.top
        obs: Observation = {
            "variant": "capone",
            "seat": self.seat,
            "side": self.side,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": NAMES[self.phase],
            "gavel_played": self.gavel_played,
            "hand": {KINDS[k]: hand[k] for k in range(NK) if hand[k]},
            "hand_sizes": list(self.sizes),
            "areas": [{KINDS[g]: a[g] for g in range(NG) if a[g]} for a in self.areas],
            "discard_top": KINDS[top] if top is not None else None,
            "discard_size": self.discard_size,
            "stock_size": self.stock_size,
            "end": self.end,
        }
        if self.underworld is not None:  # what the warrant shows
            obs["underworld"] = sorted(KINDS[c] for c in self.underworld)
        if self.scored is not None:
            obs["scores"] = self.scored.scores()
            obs["breakdown"] = self.scored.breakdown_json()
        elif self.final is not None:
            obs.update(self.final)
        return obs

    def compact(self) -> SeatView:
        return SeatView(self.seat, NAMES[self.phase], self.gavel_played, tuple(self.hand),
                        tuple(self.sizes), tuple(map(tuple, self.areas)), self.top,
                        self.discard_size, self.stock_size)
