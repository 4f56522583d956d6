"""What one seat may know of an Oklahoma-family hand: the family's one observer.

:meth:`OklahomaObserver.set_from` reads a position for a seat — the one place that
decides what a seat sees — and everything shown to a seat is derived from its facts: the
observation dict of front ends and records (:meth:`~OklahomaObserver.dict`), the greedy
bot's compact :class:`~.view.SeatView` (:meth:`~OklahomaObserver.compact`) and the RL
tensor (:mod:`.encoding` writes it from the facts).  :meth:`~OklahomaObserver.parse`
reads an observation dict back into the same facts, for code handed only the dict.

The facts are the engine's own values (count vectors, the table's immutable
:class:`~.melds.Meld` values), held by reference (reading a position copies nothing):
they are valid until the position changes; :meth:`dict` and :meth:`compact` copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import Observer
from ..variant import Observation
from .actions import parse_item
from .cards import NCARDS, card_id, card_ids, parse_card
from .melds import Meld, build, meld_value
from .phases import NAMES
from .rules import Rules
from .view import SeatView

if TYPE_CHECKING:
    from .state import OklahomaState


class OklahomaObserver(Observer):
    """One seat's facts of a hand of ``name`` played by ``rules`` (see the module's docs)."""

    __slots__ = ("dealer", "discard", "discard_size", "end", "final", "hand", "known",
                 "last_turn", "melds", "name", "out_seat", "phase", "rebuilds", "rules", "scored",
                 "seat", "sizes", "stock", "stock_size", "to_act")

    seat: int
    dealer: int
    to_act: int | None
    phase: int
    """A :class:`~.phases.Phase` number."""
    hand: Sequence[int]
    """The seat's own cards, per card number (52 and the Joker)."""
    sizes: Sequence[int]
    melds: Sequence[Sequence[Meld]]
    """Per seat, its melds on the table in the order they were put down."""
    discard: Sequence[int]
    """The discard pile, bottom first (public: every card went down face up)."""
    discard_size: int
    stock: Sequence[int] | None
    """The stock (top last) when every player knows it (rebuilt from the pile), else None."""
    stock_size: int
    known: Sequence[Sequence[int]]
    """Per seat, the cards it took from the pile (or a known stock) and still holds."""
    rebuilds: int
    last_turn: bool
    end: str | None
    out_seat: int | None
    final: dict[str, Any] | None
    """Once the hand is over: its ``scores``, ``breakdown`` and every ``hands``, as read
    from a dict."""
    scored: OklahomaState | None
    """Once the hand is over: the hand, which :meth:`dict` asks for ``final`` (every hand
    is laid down to be scored; slow beside a tensor: worked out only for the dict)."""

    def __init__(self, rules: Rules, name: str) -> None:
        self.rules = rules
        self.name = name

    def set_from(self, state: OklahomaState, seat: int) -> None:  # type: ignore[override]
        stock = state.stock
        end = state.end
        self.seat = seat
        self.dealer = state.dealer
        self.to_act = None if end is not None else state.seat
        self.phase = state.phase
        self.hand = state.hands[seat]
        self.sizes = state.sizes
        self.melds = state.melds
        self.discard = discard = state.discard
        self.discard_size = len(discard)
        self.stock = stock if state.stock_known else None
        self.stock_size = len(stock)
        self.known = state.known
        self.rebuilds = state.rebuilds
        self.last_turn = state.last_turn
        self.end = end
        self.out_seat = state.out_seat
        self.scored = None if end is None else state
        self.final = None

    def parse(self, obs: Observation) -> None:
        """The facts of an observation dict (what :meth:`dict` gives, read back)."""
        stock = obs["stock"]
        self.seat = int(obs["seat"])
        self.dealer = int(obs["dealer"])
        self.to_act = obs["to_act"]
        self.phase = NAMES.index(obs["phase"])
        self.hand = _counts(obs["hand"])
        self.sizes = [int(n) for n in obs["hand_sizes"]]
        rules = self.rules
        self.melds = [[_table_meld(texts, rules) for texts in side] for side in obs["melds"]]
        self.discard = [parse_card(text) for text in obs["discard"]]
        self.discard_size = len(self.discard)
        self.stock = None if stock is None else [parse_card(text) for text in reversed(stock)]
        self.stock_size = int(obs["stock_size"])
        self.known = [_counts(known) for known in obs["known_hands"]]
        self.rebuilds = int(obs["rebuilds"])
        self.last_turn = bool(obs["last_turn"])
        self.end = obs["end"]
        self.out_seat = obs["out_seat"]
        self.final = ({key: obs[key] for key in ("scores", "breakdown", "hands")}
                      if "scores" in obs else None)
        self.scored = None

    def melded_points(self, seat: int) -> int:
        """The points of ``seat``'s melds on the table."""
        values = self.rules.values
        return sum(meld_value(m, values) for m in self.melds[seat])

    def dict(self) -> Observation:
        discard, stock = self.discard, self.stock
        obs: Observation = {
            "variant": self.name,
            "seat": self.seat,
            "side": self.seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": NAMES[self.phase],
            "hand": card_ids(self.hand),
            "hand_sizes": list(self.sizes),
            "melds": [[m.texts() for m in side] for side in self.melds],
            "melded_points": [self.melded_points(s) for s in range(len(self.sizes))],
            "discard": [card_id(c) for c in discard],
            "discard_top": card_id(discard[-1]) if discard else None,
            "discard_size": self.discard_size,
            "stock_size": self.stock_size,
            "stock": None if stock is None else [card_id(c) for c in reversed(stock)],
            "known_hands": [card_ids(k) for k in self.known],
            "rebuilds": self.rebuilds,
            "last_turn": self.last_turn,
            "end": self.end,
            "out_seat": self.out_seat,
        }
        scored = self.scored
        if scored is not None:  # every hand is laid down to be scored
            obs["scores"] = scored.scores()
            obs["breakdown"] = scored.breakdown_json()
            obs["hands"] = [card_ids(h) for h in scored.hands]
        elif self.final is not None:
            obs.update(self.final)
        return obs

    def compact(self) -> SeatView:
        return SeatView(self.seat, NAMES[self.phase], tuple(self.hand), tuple(self.sizes),
                        tuple(map(tuple, self.melds)), tuple(self.discard), self.last_turn)


def _counts(texts: Sequence[str]) -> list[int]:
    """A count vector of card texts."""
    out = [0] * NCARDS
    for text in texts:
        out[parse_card(text)] += 1
    return out


def _table_meld(texts: Sequence[str], rules: Rules) -> Meld:
    """A meld on the table from its texts, its items kept in the order shown (a meld grown
    by layoffs is not always in the form a new meld of the same cards would take)."""
    items = tuple(parse_item(text) for text in texts)
    made = build(items, rules)
    if not isinstance(made, Meld):
        raise ValueError(f"not a meld on the table: {' '.join(texts)} ({made})")
    return Meld(made.kind, made.key, made.lo, items)
