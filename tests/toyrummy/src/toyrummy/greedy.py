"""The ``greedy`` bot of ``toy``: one turn's worth of sense, from the seat's view alone.

Draw the discard top when it makes a meld or lengthens one's own run at once, else the
stock; then meld the meld worth most, lay off what fits, and discard the card that costs
most in hand among those that do not belong with another card of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerummy.bots import COMPACT, Bot
from tablerummy.variant import Action, Observation

from . import actions as A
from .cards import points, rank, suit
from .observer import Phase, ToyView
from .state import extends

PAIR_WORTH = 5
"""What a card that belongs with another card of the hand is worth keeping (points)."""


def _fits(card: int, hand: Sequence[int], runs: Sequence[Sequence[int]]) -> bool:
    """Whether ``card`` drawn into ``hand`` melds or lays off at once."""
    if any(extends(card, run) for run in runs):
        return True
    held = set(hand)
    room = len(hand)  # the hand after drawing, less the card that must stay
    return any(card in meld and len(meld) <= room and held.issuperset(c for c in meld if c != card)
               for meld in A.MELDS)


def _partners(card: int, hand: Sequence[int]) -> int:
    """Cards of the hand that may meld with ``card`` one day: same rank, or same suit
    within two ranks."""
    return sum(1 for c in hand if c != card and (
        rank(c) == rank(card) or (suit(c) == suit(card) and abs(c - card) <= 2)))


class ToyGreedy(Bot):
    """See the module's docs."""

    name = "greedy"
    reads = COMPACT

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.choose_compact(ToyView.from_observation(observation), legal)

    def choose_compact(self, view: ToyView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        runs = view.melds[view.seat]
        if view.phase == Phase.DRAW:
            top = view.discard[-1]
            return A.DRAW_DISCARD if _fits(top, view.hand, runs) else A.DRAW_STOCK
        ints = [a for a in legal if isinstance(a, int)]
        melds = [a for a in ints if A.MELD <= a < A.LAYOFF]
        if melds:
            return max(melds, key=lambda a: sum(points(c) for c in A.MELDS[a - A.MELD]))
        layoffs = [a for a in ints if A.LAYOFF <= a < A.DISCARD]
        if layoffs:
            return max(layoffs, key=lambda a: points(a - A.LAYOFF))
        discards = [a for a in ints if a >= A.DISCARD]
        return max(discards, key=lambda a: points(a - A.DISCARD)
                   - PAIR_WORTH * _partners(a - A.DISCARD, view.hand))
