"""What one seat knows of a Toy Rummy hand, written once: the observer.

:class:`ToyObserver` reads a position for a seat (:meth:`~ToyObserver.set_from`) into a
:class:`ToyView`; the front ends' dict, the greedy bot's view, the RL tensor and the
search's determinizations are all made from that view, so what a seat may know is
decided in this one place.  A seat knows its own hand, every meld, the whole discard
pile (it is spread face up), the sizes of the hands and of the stock, and the cards each
player took from the discard pile and still holds (everyone saw them taken).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, cast

from tablerummy.family import Observer
from tablerummy.variant import HandState, Observation

from .cards import IDS, INDEX

if TYPE_CHECKING:
    from .state import ToyState


class Phase(IntEnum):
    """Where a turn stands; the names are the observation's ``phase`` words."""

    DRAW = 0
    PLAY = 1
    OVER = 2

    @property
    def word(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class ToyView:
    """One seat's knowledge of a hand, as ints (a card is its int, see :mod:`.cards`)."""

    seat: int
    dealer: int
    to_act: int | None
    phase: Phase
    turn: int
    """Turns begun in this hand (the first is 0)."""
    hand: tuple[int, ...]
    """The seat's own cards, in order."""
    sizes: tuple[int, ...]
    melds: tuple[tuple[tuple[int, ...], ...], ...]
    """Per seat, its melds in the order made, each its cards in order."""
    discard: tuple[int, ...]
    """The discard pile, bottom first (its top is the last)."""
    stock_size: int
    taken: tuple[tuple[int, ...], ...]
    """Per seat, the cards it took from the discard pile and still holds."""
    end: str | None
    scores: tuple[int, ...] | None
    """Each seat's hand score once the hand is over (``None`` before)."""
    breakdown: list[list[list[str | int]]] | None

    @classmethod
    def from_observation(cls, obs: Observation) -> ToyView:
        """The view of an observation dict (what a bot or encoder given the dict reads)."""
        def cards(ids: list[str]) -> tuple[int, ...]:
            return tuple(INDEX[c] for c in ids)

        scores = obs.get("scores")
        return cls(
            seat=int(obs["seat"]), dealer=int(obs["dealer"]), to_act=obs["to_act"],
            phase=Phase[str(obs["phase"]).upper()], turn=int(obs["turn"]),
            hand=cards(obs["hand"]), sizes=tuple(int(n) for n in obs["hand_sizes"]),
            melds=tuple(tuple(cards(m) for m in melds) for melds in obs["melds"]),
            discard=cards(obs["discard"]), stock_size=int(obs["stock_size"]),
            taken=tuple(cards(t) for t in obs["taken"]), end=obs["end"],
            scores=None if scores is None else tuple(scores),
            breakdown=obs.get("breakdown"),
        )

    def as_dict(self) -> Observation:
        """The JSON-ready observation (see :meth:`ToyObserver.dict`)."""
        def ids(cards: tuple[int, ...]) -> list[str]:
            return [IDS[c] for c in cards]

        obs: Observation = {
            "variant": "toy",
            "seat": self.seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": self.phase.word,
            "turn": self.turn,
            "hand": ids(self.hand),
            "hand_sizes": list(self.sizes),
            "melds": [[ids(m) for m in melds] for melds in self.melds],
            "discard": ids(self.discard),
            "discard_top": IDS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "stock_size": self.stock_size,
            "taken": [ids(t) for t in self.taken],
            "end": self.end,
        }
        if self.scores is not None:
            obs["scores"] = list(self.scores)
            obs["breakdown"] = self.breakdown
        return obs


class ToyObserver(Observer):
    """The one observer of the family (see the module's docs).

    ``to_act`` is kept apart from the view so that a caller may clear it for a finished
    game (the RL tensor of a game that is over has nobody to act)."""

    __slots__ = ("to_act", "view")

    def __init__(self) -> None:
        self.view: ToyView | None = None
        self.to_act: int | None = None

    def set_from(self, state: HandState, seat: int) -> None:
        self.view = read(cast("ToyState", state), seat)
        self.to_act = self.view.to_act

    def parse(self, observation: Observation) -> None:
        """Read the facts back from an observation dict (the encoder's ``encode``)."""
        self.view = ToyView.from_observation(observation)
        self.to_act = self.view.to_act

    def dict(self) -> Observation:
        return self.compact().as_dict()

    def compact(self) -> ToyView:
        if self.view is None:
            raise RuntimeError("set_from() first")
        return self.view


def read(state: ToyState, seat: int) -> ToyView:
    """``seat``'s view of ``state``: the only function that reads a position for a seat."""
    over = state.end is not None
    return ToyView(
        seat=seat, dealer=state.dealer, to_act=state.to_act, phase=state.phase,
        turn=state.turn, hand=tuple(sorted(state.hands[seat])),
        sizes=tuple(len(h) for h in state.hands),
        melds=tuple(tuple(tuple(m) for m in melds) for melds in state.melds),
        discard=tuple(state.discard), stock_size=len(state.stock),
        taken=tuple(tuple(sorted(t)) for t in state.taken), end=state.end,
        scores=tuple(state.scores()) if over else None,
        breakdown=state.breakdown_json() if over else None,
    )


def known_elsewhere(view: ToyView) -> set[int]:
    """Every card the seat can place: its hand, the melds, the pile, the cards taken."""
    seen = set(view.hand) | set(view.discard)
    for melds in view.melds:
        for meld in melds:
            seen.update(meld)
    for taken in view.taken:
        seen.update(taken)
    return seen

