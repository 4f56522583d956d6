"""The ``greedy`` bot for ``capone``: a one-turn heuristic that a club player would recognise.

It looks no further than the current turn and scores every candidate in points, from
the seat's observation alone:

* **draw** — the top of the Underworld when it scores at once (a layoff, or a meld
  with a pair in hand) or is a Raid that pays now, else two cards of the Case File;
  near the end of the Case File it ends a hand it is winning and avoids ending one it
  is losing;
* **play** — every meld and layoff (largest and most valuable first), then at most one
  Gavel card, the one with the best expected gain, as soon as it is expected to gain a
  point (in self-play, holding Gavel cards back for bigger gains lost about 2 games in 3);
* **discard** — the card whose loss costs least (dead cards first, pairs kept) plus
  what it would give the next player (a card they can lay off, a Raid against us).

Hidden cards are estimated from what the seat can count: each kind's copies minus
those in its own hand, in the play areas and on top of the Underworld, spread over the
other hands, the Case File and the Underworld below its top.  With all eight Al Capone
in its side's area the bot rushes to go out (the exclusion rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..bots import COMPACT, Bot
from ..variant import Action, Observation, Variant
from . import actions as A
from .cards import AGENT_MEETING, AL_CAPONE, ELIOT_NESS, NG, NK, RAID, SEARCH_WARRANT
from .state import REVEAL_COUNT
from .view import SeatView

if TYPE_CHECKING:
    from .cards import CardTable
    from .variant import Capone


# what a Gavel card in hand is worth while it waits for a good moment (points)
_GAVEL_KEEP = {AGENT_MEETING: 4.0, SEARCH_WARRANT: 3.0, ELIOT_NESS: 4.0, RAID: 3.0}
# what a Gavel card gives the next player when we discard it (points)
_GAVEL_DANGER = {AGENT_MEETING: 2.0, SEARCH_WARRANT: 1.5, ELIOT_NESS: 2.0, RAID: 1.0}


_NO_GAVELS = (0,) * (NK - NG)
"""The Gavel kinds' count in the play areas (they are never melded)."""


class _Seats:
    """What a table's seats and cards make constant for every decision of one bot: worked
    out once, since a search asks its greedy guides at every step of its rollouts."""

    __slots__ = ("cards", "n", "partners", "points", "side_of")

    def __init__(self, variant: Capone) -> None:
        self.cards: CardTable = variant.cards
        n = self.n = variant.players
        side_of = self.side_of = [variant.side_of(s) for s in range(n)]
        self.partners = [[s for s in range(n) if s != seat and side_of[s] == side_of[seat]]
                         for seat in range(n)]
        cards = self.cards
        # area points of 0 … 2 × copies + 2 cards: what a side holds plus what a gain
        # adds (every other copy, one more for a rounded expectation) stays below that
        self.points = [[cards.area_points(g, c) for c in range(2 * cards.copies[g] + 3)]
                       for g in range(NG)]


class _View:
    """The seat's view, plus what the seat can infer from it (the hidden cards)."""

    __slots__ = (
        "_best_raid", "_random_value", "areas", "cards", "discard_below", "discard_top",
        "hand", "hand_sizes", "melds", "my_side", "n", "next_seat", "partners", "points",
        "seat", "side_of", "size", "stock", "unknown", "unknown_total",
    )

    def __init__(self, seen: SeatView, seats: _Seats) -> None:
        self.cards = seats.cards
        self.points: list[list[int]] = seats.points
        seat = self.seat = seen.seat
        self.n = seats.n
        self.side_of = seats.side_of
        self.my_side = self.side_of[seat]
        self.partners = seats.partners[seat]
        self.next_seat = (seat + 1) % self.n
        hand = self.hand = seen.hand
        self.size = sum(hand)
        self.hand_sizes = seen.hand_sizes
        areas = self.areas = seen.areas
        top = self.discard_top = seen.discard_top
        self.discard_below = max(0, seen.discard_size - 1)
        self.stock = seen.stock_size
        columns = list(zip(*areas, strict=True))  # each gangster's count in every area
        self.melds: list[bool] = [most >= 3 for most in map(max, columns)]
        on_table = [*map(sum, columns), *_NO_GAVELS]
        unknown = [d if d > 0 else 0 for d in
                   map(sub, map(sub, self.cards.copies, hand), on_table)]
        if top is not None and unknown[top]:
            unknown[top] -= 1
        self.unknown = unknown
        self.unknown_total = max(1, sum(unknown))
        self._best_raid: float | None = None
        self._random_value: float | None = None

    # --- the areas -------------------------------------------------------------------

    def melded(self, g: int) -> bool:
        return self.melds[g]

    def gain(self, g: int, cards: int, side: int | None = None) -> float:
        """Points that ``cards`` more of gangster ``g`` add to a side's area."""
        if cards <= 0:
            return 0.0
        have = self.areas[self.my_side if side is None else side][g]
        row = self.points[g]
        return float(row[have + cards] - row[have])

    def side_points(self, side: int) -> int:
        points = self.points
        return sum(points[g][c] for g, c in enumerate(self.areas[side]) if c)

    def lead(self) -> int:
        """This hand's area points of our side minus the best other side."""
        mine = self.side_points(self.my_side)
        others = [self.side_points(s) for s in range(len(self.areas)) if s != self.my_side]
        return mine - max(others, default=0)

    def excluding(self) -> bool:
        """Our side holds every Al Capone: going out now zeroes the other sides."""
        return self.areas[self.my_side][AL_CAPONE] == self.cards.copies[AL_CAPONE]

    # --- the hidden cards ------------------------------------------------------------

    def share(self, k: int, pool: int) -> float:
        """Expected copies of kind ``k`` among ``pool`` hidden cards."""
        return self.unknown[k] * min(pool, self.unknown_total) / self.unknown_total

    def raid_swing(self, g: int, side: int) -> float:
        """Points a Raid on ``g`` by ``side`` moves, counted for that side and against the rest."""
        if self.areas[side][g] < 3:
            return 0.0
        taken = sum(area[g] for s, area in enumerate(self.areas) if s != side)
        if not taken:
            return 0.0
        row = self.points[g]
        loss = sum(float(row[area[g]]) for s, area in enumerate(self.areas)
                   if s != side and area[g])
        return self.gain(g, taken, side) + loss

    def best_raid(self) -> float:
        if self._best_raid is None:
            self._best_raid = max((self.raid_swing(g, self.my_side) for g in range(NG)),
                                  default=0.0)
        return self._best_raid

    def card_value(self, k: int) -> float:
        """What one more card of kind ``k`` in hand is worth this turn (points)."""
        if k >= NG:
            if k == RAID:
                return max(self.best_raid(), 1.0) * 0.5
            return _GAVEL_KEEP[k] * 0.5
        points = float(self.cards.points[k])
        if self.melded(k):
            return self.gain(k, 1)
        if self.hand[k] >= 2:
            return self.gain(k, self.hand[k] + 1) / 1.5
        if self.hand[k] == 1 and self.unknown[k] >= 1:
            return points * 0.5
        return points * 0.1

    def random_card_value(self) -> float:
        """Expected :meth:`card_value` of one card from the Case File."""
        if self._random_value is None:
            unknown = self.unknown
            total = sum(unknown[k] * self.card_value(k) for k in range(NK) if unknown[k])
            self._random_value = total / self.unknown_total
        return self._random_value


class CaponeGreedyBot(Bot):
    """Greedy: score now, use Gavel cards when they pay, keep pairs, feed nobody."""

    name = "greedy"
    reads: ClassVar[str] = COMPACT
    gavel_bar: ClassVar[float] = 1.0
    """Expected gain (points) a Gavel card must promise to be played."""
    late_stock: ClassVar[int] = 8
    """With this few cards left in the Case File (or 3 in hand) the bar drops …"""
    late_bar: ClassVar[float] = 0.5
    """… to this: a Gavel card still in hand when the hand ends is worth nothing."""
    stock_weight: ClassVar[float] = 1.5
    """How much more two unseen cards are worth than their value this turn (future use)."""

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        super().__init__(variant, seat, seed)
        self.capone = cast("Capone", variant)
        self._seats = _Seats(self.capone)
        self._last_stock = -1
        self._stale = 0

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.choose_compact(SeatView.from_observation(observation), legal)

    def choose_compact(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seen = cast(SeatView, view)
        facts = _View(seen, self._seats)
        if seen.phase == "draw":
            return self._draw(facts, legal)
        if seen.phase == "take":
            return self._take(facts, legal)
        return self._play(facts, legal, seen.gavel_played)

    # --- draw --------------------------------------------------------------------------

    def _draw(self, view: _View, legal: Sequence[Action]) -> Action:
        if A.DRAW_DISCARD not in legal:
            return legal[0]
        if A.DRAW_STOCK not in legal:
            return A.DRAW_DISCARD
        # Nothing in the rules stops a hand in which every player keeps taking the
        # Underworld: after two of our turns without the Case File shrinking, we draw it.
        if self.remembers:
            self._stale = self._stale + 1 if view.stock == self._last_stock else 0
            self._last_stock = view.stock
        if self._stale >= 2:
            return A.DRAW_STOCK
        if view.stock <= 2 and view.lead() > 0:
            # drawing the Case File dry ends a hand we are winning: bank it, even when
            # going out with every Al Capone would score more (the others need only keep
            # taking the Underworld to stop that, and the hand may win the game)
            return A.DRAW_STOCK
        top = view.discard_top
        if view.excluding() and top is not None and top < NG and (
                view.melded(top) or view.hand[top] >= 2):
            return A.DRAW_DISCARD  # one card that plays, not two: out sooner
        if view.stock <= 2 and view.lead() < 0:
            return A.DRAW_DISCARD  # drawing the Case File dry would end a hand we are losing
        take = 0.0
        if top is not None:
            if top < NG and (view.melded(top) or view.hand[top] >= 2):
                take = view.card_value(top) + 1.0
            elif top == RAID:
                take = view.best_raid() if not view.hand[RAID] else 0.0
        stock = view.random_card_value() * min(2, view.stock) * self.stock_weight
        return A.DRAW_DISCARD if take > stock else A.DRAW_STOCK

    # --- take (after Search Individually) --------------------------------------------

    def _take(self, view: _View, legal: Sequence[Action]) -> Action:
        def worth(action: Action) -> float:
            k = cast(int, action) - A.TAKE
            value = view.card_value(k)
            if k < NG and view.melded(k) and view.hand[k] == 0:
                value += 0.5  # a layoff today beats a pair's promise
            return value

        return max(legal, key=worth)

    # --- play --------------------------------------------------------------------------

    def _play(self, view: _View, legal: Sequence[Action], gavel_played: bool) -> Action:
        melds: list[tuple[float, int]] = []
        layoffs: list[tuple[float, int]] = []
        gavels: list[int] = []
        discards: list[int] = []
        for action in legal:
            a = cast(int, action)
            if A.MELD <= a < A.LAYOFF:
                g, k = divmod(a - A.MELD, A.MELD_SIZES)
                melds.append((view.gain(g, k + 3) + 0.01 * k, a))
            elif a < A.DISCARD:
                g = a - A.LAYOFF
                layoffs.append((view.gain(g, 1), a))
            elif a < A.TAKE:
                discards.append(a - A.DISCARD)
            elif a >= A.ASK_AROUND:
                gavels.append(a)
        if melds:
            return max(melds)[1]
        if layoffs:
            return max(layoffs)[1]
        if gavels and not gavel_played:  # valued only now: most turns end above
            value, best = max((self._gavel_value(view, a), a) for a in gavels)
            if value >= self._bar(view, best):
                return best
        return A.DISCARD + self._discard(view, discards)

    def _bar(self, view: _View, action: int) -> float:
        """How much a Gavel card must promise now, given how much of the hand is left."""
        if view.excluding():
            return 0.0 if action >= A.RAID else 1e9  # only what does not fill the hand
        if view.stock <= self.late_stock or view.size <= 3:
            return self.late_bar  # it will be worth nothing once the hand ends
        return self.gavel_bar

    def _gavel_value(self, view: _View, a: int) -> float:
        """Expected points a Gavel action brings (cards gained, cards denied)."""
        burns_stock_dry = False
        value = 0.0
        if a < A.ASK_DIRECTLY:  # Ask Around
            g = a - A.ASK_AROUND
            hidden_in_hands = sum(view.hand_sizes) - view.size
            pool_share = hidden_in_hands / view.unknown_total
            found = 1.0 - (1.0 - min(1.0, pool_share)) ** view.unknown[g]
            if view.melded(g) or view.hand[g] >= 2:
                per = view.gain(g, 1) if view.melded(g) else view.gain(g, view.hand[g] + 1)
            else:
                per = view.card_value(g)
            value = found * per
            burns_stock_dry = view.stock <= 1
        elif a < A.SEARCH_INDIVIDUALLY:  # Ask Directly
            g, target = divmod(a - A.ASK_DIRECTLY, A.MAX_SEATS)
            if target in view.partners:
                return 0.0
            expected = view.share(g, view.hand_sizes[target])
            value = expected * (view.gain(g, 1) + 0.5 * view.cards.points[g])
            if expected >= 0.5:
                whole = round(expected + 0.5)
                value = max(value, 0.6 * view.gain(g, whole))
            burns_stock_dry = view.stock <= expected
        elif a == A.SEARCH_INDIVIDUALLY:
            value = self._best_in_discard(view)
        elif a < A.DRAW_TWO:  # Search for a Set
            g = a - A.SEARCH_SET
            expected = view.share(g, view.discard_below)
            value = expected * view.gain(g, 1)
            if expected >= 0.5:
                value = max(value, 0.6 * view.gain(g, round(expected + 0.5)))
        elif a == A.DRAW_TWO:
            value = view.random_card_value() * min(2, view.stock) - 1.0
            burns_stock_dry = view.stock <= 2
        elif a == A.REVEAL_SEVEN:
            revealed = min(REVEAL_COUNT, view.stock)
            for g in range(NG):
                area = view.areas[view.my_side][g]
                if 3 <= area < view.cards.copies[g]:
                    expected = view.share(g, revealed)
                    value += expected * view.gain(g, 1)
                    if expected >= 0.5:
                        value += 0.3 * view.gain(g, round(expected + 0.5))
            burns_stock_dry = view.stock <= REVEAL_COUNT
        else:  # Raid
            value = view.raid_swing(a - A.RAID, view.my_side)
        if burns_stock_dry and view.lead() < 0:
            value -= 5.0  # emptying the Case File ends a hand we are losing
        return value

    def _best_in_discard(self, view: _View) -> float:
        """Expected value of the best card we could pick from the Underworld below its top."""
        pool = view.discard_below
        if pool <= 0:
            return view.card_value(view.discard_top) if view.discard_top is not None else 0.0
        chances = []
        for k in range(NK):
            if view.unknown[k]:
                present = 1.0 - (1.0 - min(1.0, pool / view.unknown_total)) ** view.unknown[k]
                chances.append((view.card_value(k), present))
        chances.sort(reverse=True)
        best, missing = 0.0, 1.0
        for value, present in chances:  # the best kind present wins
            best += missing * present * value
            missing *= 1.0 - present
        return best

    # --- discard -----------------------------------------------------------------------

    def _discard(self, view: _View, kinds: list[int]) -> int:
        return min(kinds, key=lambda k: (self._keep(view, k) + self._danger(view, k), k))

    def _keep(self, view: _View, k: int) -> float:
        """What we lose by giving up one card of kind ``k`` from our hand."""
        c = view.hand[k]
        if k >= NG:
            base = _GAVEL_KEEP[k]
            if k == RAID:
                base = max(1.0, min(12.0, view.best_raid()))
            return base if c == 1 else base * 0.4  # one Gavel card a turn: spares are cheap
        points = float(view.cards.points[k])
        if view.melded(k):
            return view.gain(k, 1)
        reachable = view.unknown[k]
        if c >= 3:
            return 3.0 * points
        if c == 2:
            return 2.0 * points + (1.0 if reachable else -2.0 * points)
        return points * 0.5 if reachable >= 2 else 0.0

    def _danger(self, view: _View, k: int) -> float:
        """What the next player gains by taking this card from the Underworld."""
        nxt = view.next_seat
        if view.side_of[nxt] == view.my_side:
            return 0.0
        side = view.side_of[nxt]
        if k >= NG:
            if k == RAID:
                return max((view.raid_swing(g, side) for g in range(NG)), default=0.0) * 0.5
            return _GAVEL_DANGER[k]
        if view.melded(k):
            return view.gain(k, 1, side) + 0.5
        return 0.5 if view.unknown[k] >= 2 else 0.1
