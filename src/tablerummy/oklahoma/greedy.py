"""The ``greedy`` bot for the Oklahoma family: a one-turn heuristic in points.

From the seat's observation alone it scores every candidate:

* **draw** — the whole discard pile when the meld it makes at once plus what the rest
  of the pile is worth to this hand (cards that pair up or run with it, minus the penalty
  of those that will not) beats a blind card from the stock: it *watches the pile's value*
  (the observation shows the whole pile, as every player saw it go down);
* **play** — every meld, layoff and Joker swap worth points, *high cards first*; a wild
  costs something to spend, and much more when the hand holds a Q♠ it has not melded yet
  and the wild is the last one (*wilds are held for Q♠*); going out beats everything;
* **discard** — the card whose loss costs least: wilds are kept, pairs and near
  neighbours in a suit are kept, and when an opponent is close to going out (three cards
  or fewer, or the hand's last turn) high cards are *dumped* first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..bots import COMPACT, Bot
from ..variant import Action, Observation, Variant
from . import actions as A
from .cards import IDS, JK, QS, rank_of, suit_of
from .melds import Meld, extend, meld_value
from .meldsearch import built
from .view import SeatView

if TYPE_CHECKING:
    from .rules import Rules


GOING_OUT = 1000.0
"""Going out ends the hand with every melded card counted and nothing caught."""
WILD_COST = 6.0
"""What spending a wild gives up (it could have made a better meld later)."""
QS_GUARD = 45.0
"""Extra cost of spending the last wild while an unmelded Q♠ waits in hand."""
PILE_BAR = 6.0
"""How much better than a card from the stock the pile must look."""
PILE_RISK = 0.6
PILE_RISK_DANGER = 1.5
"""Share of a pile card's penalty counted against taking it (it may be caught in hand)."""
DANGER_SIZE = 3
"""An opponent holding this few cards may go out on their next turn."""


class OklahomaGreedy(Bot):
    """One-turn greedy play for ``fortune``, ``arlington`` and ``arlington-heights``."""

    name: ClassVar[str] = "greedy"
    reads: ClassVar[str] = COMPACT

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        super().__init__(variant, seat, seed)
        rules = getattr(variant, "rules", None)
        if rules is None:
            raise TypeError("the Oklahoma greedy bot plays only the Oklahoma family")
        self.rules: Rules = rules

    # --- the decision ---------------------------------------------------------------------

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.choose_compact(SeatView.from_observation(observation, self.rules), legal)

    def choose_compact(self, view: Any, legal: Sequence[Action]) -> Action:
        assert isinstance(view, SeatView)
        hand = list(view.hand)
        danger = self._danger(view)
        if view.phase == "draw":
            return self._draw(view, legal, hand, danger)
        return self._play(view, legal, hand, danger)

    def _danger(self, view: SeatView) -> bool:
        sizes = view.hand_sizes
        others = [sizes[s] for s in range(len(sizes)) if s != self.seat]
        return view.last_turn or min(others) <= DANGER_SIZE

    # --- what a card in hand is worth ---------------------------------------------------

    def _penalty(self, c: int) -> float:
        return float(-self.rules.values.hand_value[c])

    def _potential(self, c: int, hand: Sequence[int]) -> float:
        """How likely ``c`` is to become part of a meld with the rest of ``hand``."""
        if self.rules.wild[c]:
            return 100.0
        r, s = rank_of(c), suit_of(c)
        score = 0.0
        for t in range(4):
            other = t * 13 + r - 1
            score += 12.0 * (hand[other] - (1 if other == c else 0))
        places = (1, 14) if r == 1 else (r,)
        for p in places:
            for d in (-2, -1, 1, 2):
                q = p + d
                if 1 <= q <= 14:
                    near = s * 13 + (1 if q == 14 else q) - 1
                    if near != c and not self.rules.wild[near] and hand[near]:
                        score += 8.0 if abs(d) == 1 else 4.0
        return score

    def _keep_value(self, c: int, hand: Sequence[int], danger: bool) -> float:
        weight = 2.5 if danger else 0.25
        return self._potential(c, hand) - weight * self._penalty(c)

    # --- draw ---------------------------------------------------------------------------

    def _draw(self, view: SeatView, legal: Sequence[Action], hand: list[int],
              danger: bool) -> Action:
        best: Action = A.DRAW
        best_score = PILE_BAR
        pile = view.discard[:-1]
        for action in legal:
            if not isinstance(action, tuple) or action[0] != A.PILE:
                continue
            meld = built(action[1], self.rules)
            after = hand[:]
            top = view.discard[-1]
            after[top] += 1
            for c, _ in meld.items:
                after[c] -= 1
            for c in pile:
                after[c] += 1
            score = float(meld_value(meld, self.rules.values))
            weight = PILE_RISK_DANGER if danger else PILE_RISK
            score += sum(0.5 * self._potential(c, after) - weight * self._penalty(c)
                         for c in pile)
            if sum(after) == 0:
                score += GOING_OUT
            if score > best_score:
                best, best_score = action, score
        return best

    # --- play ---------------------------------------------------------------------------

    def _wild_cost(self, used: int, hand: Sequence[int], holds_qs: bool) -> float:
        if not used:
            return 0.0
        wilds = sum(hand[c] for c in self.rules.wild_cards)
        cost = WILD_COST * used
        if holds_qs and wilds - used < 1:
            cost += QS_GUARD
        return cost

    def _play(self, view: SeatView, legal: Sequence[Action], hand: list[int],
              danger: bool) -> Action:
        size = sum(hand)
        holds_qs = hand[QS] > 0
        own = view.melds[self.seat]
        best: Action | None = None
        best_score = 0.0
        discards: list[int] = []
        for action in legal:
            assert isinstance(action, tuple)
            kind = action[0]
            if kind == A.DISCARD:
                discards.append(action[1])
                continue
            score = self._score_play(action, hand, size, holds_qs, own)
            if score > best_score or (score == best_score and best is not None
                                      and self.variant.action_text(action)
                                      < self.variant.action_text(best)):
                best, best_score = action, score
        if best is not None:
            return best
        return self._discard(discards, hand, danger, legal)

    def _score_play(self, action: tuple[Any, ...], hand: list[int], size: int,
                    holds_qs: bool, own: Sequence[Meld]) -> float:
        rules = self.rules
        kind = action[0]
        if kind == A.MELD:
            meld = built(action[1], rules)
            used = sum(1 for c, s in meld.items if c != s)
            score = meld_value(meld, rules.values) - self._wild_cost(used, hand, holds_qs)
            if any(c == QS for c, _ in meld.items):
                score += self._penalty(QS)  # no longer at risk in hand
            left = size - len(meld.items)
        elif kind == A.LAYOFF:
            _, c, s, k = action
            if k >= len(own):
                return 0.0
            old = own[k]
            new = extend(old, c, s, rules)
            if not isinstance(new, Meld):
                return 0.0
            gain = meld_value(new, rules.values) - meld_value(old, rules.values)
            score = gain - self._wild_cost(1 if c != s else 0, hand, holds_qs)
            if c == QS:
                score += self._penalty(QS)
            left = size - 1
        elif kind == A.SWAP:
            _, c, side, _k = action
            if side is not None:  # an opponent's Joker: it leaves their score
                return 40.0 + self._penalty(c)
            # our own: worth it only when the Joker can be melded again with a pair
            after = hand[:]
            after[c] -= 1
            pairs = any(after[x] >= 2 for x in range(52) if not rules.wild[x])
            return 5.0 if pairs else 0.0
        else:
            return 0.0
        if left == 0:
            score += GOING_OUT
        elif left == 1 and self._can_discard_last(hand, action):
            score += GOING_OUT / 2  # out by the discard that follows
        return score

    @staticmethod
    def _can_discard_last(hand: list[int], action: tuple[Any, ...]) -> bool:
        """One card left after ``action``: it can always be discarded (even a Q♠)."""
        after = hand[:]
        if action[0] == A.MELD:
            for c, _ in action[1]:
                after[c] -= 1
        else:
            after[action[1]] -= 1
        return any(after)

    def _discard(self, discards: list[int], hand: list[int], danger: bool,
                 legal: Sequence[Action]) -> Action:
        if not discards:
            return sorted(legal, key=self.variant.action_text)[0]
        after = hand[:]
        scored = sorted(discards, key=lambda c: (self._keep_value(c, after, danger),
                                                 c == JK, IDS[c]))
        return (A.DISCARD, scored[0])

