"""What one seat may know of a Jack the Ripper hand: the family's one observer.

:meth:`RipperObserver.set_from` reads a position for a seat — the one place that decides
what a seat sees (its own vote, never the others' before the hand is over) — and
everything shown to a seat is derived from its facts: the observation dict of front
ends, records and the greedy bot (:meth:`~RipperObserver.dict`, which is also its
compact form) and the RL tensor (:mod:`.encoding` writes it from the facts).
:meth:`~RipperObserver.parse` reads an observation dict back into the same facts.

The facts are the engine's own count vectors, held by reference (reading a position
copies nothing): they are valid until the position changes; :meth:`dict` copies.  The
suspects' points and alibis are sums over every area, worked out when asked
(:meth:`~RipperObserver.suspect_points`, :meth:`~RipperObserver.alibied`), so a reader
that remembers them per table pays for them once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Observer
from ..variant import Observation
from .cards import KINDS, NK, NS, SUSPECTS, CardTable
from .phases import NAMES, Phase
from .scoring import alibied, suspect_totals

if TYPE_CHECKING:
    from .state import RipperState

_KIND = {kind: i for i, kind in enumerate(KINDS)}
_SUSPECT = {name: i for i, name in enumerate(SUSPECTS)}
_TAKE = int(Phase.TAKE)
_NOBODY: list[int] = []


class RipperObserver(Observer):
    """One seat's facts of a ``ripper`` hand (see the module's docs)."""

    __slots__ = ("areas", "cards", "dealer", "discard_size", "end", "extra", "final",
                 "gavel_played", "hand", "out", "phase", "points", "resign_pending", "scored",
                 "seat", "sizes", "stock_size", "to_act", "top", "turn", "victims", "vote",
                 "vote_caller", "voted", "votes", "wilds", "yard")

    seat: int
    dealer: int
    turn: int
    """The seat whose turn it is (the seat to act may be another: votes, Escapes)."""
    to_act: int | None
    phase: int
    """A :class:`~.phases.Phase` number."""
    gavel_played: bool
    hand: Sequence[int]
    """The seat's own cards, per card kind."""
    sizes: Sequence[int]
    areas: Sequence[Sequence[int]]
    """Per seat, per card kind."""
    wilds: Sequence[Sequence[int]]
    """Per seat, per suspect: the wild cards melded as that suspect's Evidence."""
    victims: int
    top: int | None
    discard_size: int
    stock_size: int
    vote_caller: int | None
    voted: Sequence[int]
    """The seats that have voted (not how)."""
    vote: int | None
    """The seat's own vote."""
    votes: Sequence[int | None] | None
    """Every seat's vote, once the hand is over (None before)."""
    resign_pending: Sequence[int]
    extra: int | None
    yard: Sequence[int] | None
    """Scotland Yard's cards while the seat's own search shows it, else None."""
    end: str | None
    final: dict[str, Any] | None
    """Once the hand is over: its ``scores``, ``breakdown``, ``outcome`` and ``ripper``, as
    read from a dict."""
    scored: RipperState | None
    """Once the hand is over: the hand, which :meth:`dict` asks for ``final`` (scoring
    is public, and slow beside a tensor: worked out only for the dict)."""
    cards: CardTable | None
    points: Sequence[int] | None
    out: Sequence[bool] | None

    def set_from(self, state: RipperState, seat: int) -> None:  # type: ignore[override]
        yard = state.yard
        votes = state.votes
        phase = state.phase
        end = state.end
        over = end is not None
        self.seat = seat
        self.dealer = state.dealer
        self.turn = state.seat
        self.to_act = None if over else state.actor
        self.phase = phase
        self.gavel_played = state.gavel_played
        self.hand = state.hands[seat]
        self.sizes = state.sizes
        self.areas = state.areas
        self.wilds = state.wilds
        self.victims = state.victims
        self.top = yard[-1] if yard else None
        self.discard_size = len(yard)
        self.stock_size = len(state.stock)
        self.vote_caller = state.vote_caller
        self.voted = (_NOBODY if votes.count(None) == len(votes)
                      else [p for p, v in enumerate(votes) if v is not None])
        self.vote = votes[seat]
        self.votes = votes if over else None
        self.resign_pending = state.resign_queue
        self.extra = state.extra
        self.yard = yard if phase == _TAKE and seat == state.seat else None
        self.end = end
        self.cards = state.cards
        self.points = self.out = None
        self.scored = state if over else None
        self.final = None

    def parse(self, obs: Observation) -> None:
        """The facts of an observation dict (what :meth:`dict` gives, read back)."""
        vote = obs["vote"]
        top, extra, mine = obs["discard_top"], obs["extra"], vote["mine"]
        yard = obs.get("yard")
        self.seat = int(obs["seat"])
        self.dealer = int(obs["dealer"])
        self.turn = int(obs["turn"])
        self.to_act = obs["to_act"]
        self.phase = NAMES.index(obs["phase"])
        self.gavel_played = bool(obs["gavel_played"])
        self.hand = _named(obs["hand"], KINDS)
        self.sizes = [int(n) for n in obs["hand_sizes"]]
        self.areas = [_named(area, KINDS) for area in obs["areas"]]
        self.wilds = [_named(wilds, SUSPECTS) for wilds in obs["wilds"]]
        self.victims = int(obs["victims_in_play"])
        self.top = None if top is None else _KIND[top]
        self.discard_size = int(obs["discard_size"])
        self.stock_size = int(obs["stock_size"])
        self.vote_caller = vote["called_by"]
        self.voted = list(vote["voted"])
        self.vote = None if mine is None else _SUSPECT[mine]
        votes = vote["votes"]
        self.votes = None if votes is None else [None if v is None else _SUSPECT[v]
                                                 for v in votes]
        self.resign_pending = list(obs["resign_pending"])
        self.extra = None if extra is None else _KIND[extra]
        self.yard = None if yard is None else [_KIND[t] for t in yard]
        self.end = obs["end"]
        self.cards = None
        self.points = _named(obs["suspect_points"], SUSPECTS)
        self.out = [name in obs["alibied"] for name in SUSPECTS]
        self.final = ({key: obs[key] for key in ("scores", "breakdown", "outcome", "ripper")}
                      if "scores" in obs else None)
        self.scored = None

    def suspect_points(self) -> Sequence[int]:
        """Per suspect: the points of its Evidence and Suspect card in every area."""
        if self.points is None:
            assert self.cards is not None
            self.points = suspect_totals(self.areas, self.wilds, self.cards)
        return self.points

    def alibied(self) -> Sequence[bool]:
        """Per suspect: whether an Alibi of theirs lies in some area."""
        if self.out is None:
            self.out = alibied(self.areas)
        return self.out

    def dict(self) -> Observation:
        hand = self.hand
        points = self.suspect_points()
        out = self.alibied()
        top, vote, votes, extra = self.top, self.vote, self.votes, self.extra
        obs: Observation = {
            "variant": "ripper",
            "seat": self.seat,
            "side": self.seat,
            "dealer": self.dealer,
            "turn": self.turn,
            "to_act": self.to_act,
            "phase": NAMES[self.phase],
            "gavel_played": self.gavel_played,
            "hand": {KINDS[k]: hand[k] for k in range(NK) if hand[k]},
            "hand_sizes": list(self.sizes),
            "areas": [{KINDS[k]: a[k] for k in range(NK) if a[k]} for a in self.areas],
            "wilds": [{SUSPECTS[s]: w[s] for s in range(NS) if w[s]} for w in self.wilds],
            "victims_in_play": self.victims,
            "suspect_points": {SUSPECTS[s]: points[s] for s in range(NS)},
            "alibied": [SUSPECTS[s] for s in range(NS) if out[s]],
            "discard_top": KINDS[top] if top is not None else None,
            "discard_size": self.discard_size,
            "stock_size": self.stock_size,
            "vote": {
                "called_by": self.vote_caller,
                "voted": list(self.voted),
                "mine": SUSPECTS[vote] if vote is not None else None,
                "votes": None if votes is None
                else [SUSPECTS[v] if v is not None else None for v in votes],
            },
            "resign_pending": list(self.resign_pending),
            "extra": KINDS[extra] if extra is not None else None,
            "end": self.end,
        }
        if self.yard is not None:  # what the Scene's search shows
            obs["yard"] = sorted(KINDS[c] for c in self.yard)
        if self.scored is not None:
            obs["scores"] = self.scored.scores()
            obs["breakdown"] = self.scored.breakdown_json()
            obs.update(self.scored.hand_report())
        elif self.final is not None:
            obs.update(self.final)
        return obs

    def compact(self) -> Observation:
        """The observation dict: the greedy bot reads it (it keeps its own counts)."""
        return self.dict()


def _named(counts: dict[str, int], names: Sequence[str]) -> list[int]:
    """A ``{name: count}`` dict of the observation as a count vector in ``names`` order."""
    return [int(counts.get(name, 0)) for name in names]
