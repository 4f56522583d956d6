"""The ``greedy`` bot for ``ripper``: a one-turn heuristic that knows the Ripper race.

It scores a position from its seat's observation alone as *its own hand score if the
hand ended now* (area points with the current Ripper doubled, minus the cards in hand
that could not be played — the rulebook's scoring, computed by :mod:`ripper.scoring`)
*minus the best rival area*.  Each candidate play is judged by how much it moves that
number, plus a small allowance for what a card brings later (cards drawn, a search):

* **the race** — the suspect it *pushes* is the one where its own stake (Evidence and
  Suspect card in its area, and what it holds of them) is largest.  Melds, layoffs and
  Suspect cards that make a rival's suspect the Ripper score badly, Alibis that knock
  out a rival's suspect score well: both fall out of the doubling in the evaluation;
* **the vote** — it calls when its pushed suspect leads the race by a clear margin, and
  votes for the suspect it expects to be the Ripper (the leader, plus its own push);
* **Ripper Escapes** — held (never discarded) while Victims come down, played as soon
  as it may when 35 beats what the hand would give it; it avoids playing the fifth
  Victim when a rival may hold Ripper Escapes;
* **discard** — the card whose loss costs least, counting what it would give the next
  player (a layoff, an Alibi against its suspect, Ripper Escapes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..bots import Bot
from ..variant import Action, Observation, Variant
from . import actions as A
from .cards import (
    ALIBI,
    COMMISSIONER,
    ESCAPES,
    KINDS,
    NA,
    NE,
    NS,
    NV,
    SCENE,
    STRIKES,
    SUSPECT,
    SUSPECTS,
    VICTIM,
    WILD,
)
from .scoring import area_points, find_ripper, hand_penalty

if TYPE_CHECKING:
    from .cards import CardTable
    from .variant import Ripper

_INDEX = {kind: i for i, kind in enumerate(KINDS)}
_DRAW_VALUE = 1.2
"""What one unknown card drawn is worth early in a hand (points)."""
_GAVEL_BAR = 1.0
"""A Gavel card is played when it moves the evaluation by at least this much."""
_VOTE_MARGIN = 4
"""Points by which its pushed suspect must lead before the bot calls a vote."""


class _View:
    """The observation as count vectors, and the evaluation of positions built from it."""

    __slots__ = ("areas", "cards", "hand", "hand_sizes", "n", "seat", "stock", "top",
                 "victims", "wilds", "yard_size")

    def __init__(self, obs: Observation, cards: CardTable, seat: int) -> None:
        self.cards = cards
        self.seat = seat
        held = obs["hand"]
        self.hand = [int(held.get(k, 0)) for k in KINDS]
        self.areas = [[int(a.get(k, 0)) for k in KINDS] for a in obs["areas"]]
        self.wilds = [[int(w.get(s, 0)) for s in SUSPECTS] for w in obs["wilds"]]
        self.n = len(self.areas)
        self.hand_sizes = [int(x) for x in obs["hand_sizes"]]
        self.victims = int(obs["victims_in_play"])
        self.stock = int(obs["stock_size"])
        self.yard_size = int(obs["discard_size"])
        top = obs.get("discard_top")
        self.top = _INDEX[top] if top is not None else None

    # --- the race -----------------------------------------------------------------------

    def stake(self, seat: int, s: int) -> int:
        """Points of suspect ``s`` in ``seat``'s area (what doubling would double)."""
        area = self.areas[seat]
        pts = self.cards.points
        return ((area[s] + self.wilds[seat][s]) * pts[s]
                + area[SUSPECT + s] * pts[SUSPECT + s])

    def alibied(self, s: int) -> bool:
        return s < NA and any(area[ALIBI + s] for area in self.areas)

    def push(self) -> int:
        """The suspect the bot wants to be the Ripper: its largest stake, held cards too."""
        pts = self.cards.points
        hand = self.hand

        def worth(s: int) -> tuple[float, int]:
            held = hand[s] * pts[s] + hand[SUSPECT + s] * pts[SUSPECT + s]
            return (self.stake(self.seat, s) * 2 + held - (100 if self.alibied(s) else 0),
                    -self.cards.order[s])

        return max(range(NS), key=worth)

    def totals(self) -> list[int]:
        return [sum(self.stake(p, s) for p in range(self.n)) for s in range(NS)]

    def expected_ripper(self) -> int:
        """The leader of the race, counting the bot's own cards for the suspect it pushes."""
        pushed = self.push()
        pts = self.cards.points
        bonus = self.hand[pushed] * pts[pushed] + self.hand[SUSPECT + pushed] * 5
        totals = self.totals()
        totals[pushed] += bonus // 2
        candidates = [s for s in range(NS) if not self.alibied(s)]
        return min(candidates, key=lambda s: (-totals[s], self.cards.order[s]))

    def leads_by(self, s: int) -> int:
        totals = self.totals()
        rivals = [totals[t] for t in range(NS) if t != s and not self.alibied(t)]
        return totals[s] - max(rivals, default=0)

    # --- evaluation -----------------------------------------------------------------------

    def evaluate(self, hand: list[int] | None = None, areas: list[list[int]] | None = None,
                 wilds: list[list[int]] | None = None) -> float:
        """My score if the hand were caught now, minus the best rival area."""
        hand = self.hand if hand is None else hand
        areas = self.areas if areas is None else areas
        wilds = self.wilds if wilds is None else wilds
        ripper = find_ripper(areas, wilds, self.cards)
        mine = area_points(areas[self.seat], wilds[self.seat], self.cards, ripper)
        mine -= hand_penalty(hand, self.seat, areas, wilds, self.cards)
        rivals = [area_points(areas[p], wilds[p], self.cards, ripper)
                  for p in range(self.n) if p != self.seat]
        return mine - max(rivals, default=0)

    def draw_value(self, count: int) -> float:
        """Cards drawn help early and are a risk when the hand is nearly over."""
        late = self.stock < 6
        return count * (0.0 if late else _DRAW_VALUE)

    def rival_may_hold_escapes(self) -> bool:
        """Ripper Escapes is hidden (not in our hand, not in play, not on top of the yard)."""
        seen = self.hand[ESCAPES] or any(a[ESCAPES] for a in self.areas) or self.top == ESCAPES
        return not seen


class RipperGreedyBot(Bot):
    """Greedy: score now, push its suspect, alibi the rivals', keep Ripper Escapes."""

    name = "greedy"

    def __init__(self, variant: Variant, seat: int, seed: int | None = None) -> None:
        super().__init__(variant, seat, seed)
        self.ripper = cast("Ripper", variant)
        self._last_stock = -1
        self._stale = 0

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = _View(observation, self.ripper.cards, self.seat)
        phase = observation["phase"]
        acts = [cast(int, a) for a in legal]
        if phase == "draw":
            return self._draw(view, acts)
        if phase == "vote":
            return A.VOTE + view.expected_ripper()
        if phase == "take":
            return max(acts, key=lambda a: self._card_worth(view, a - A.TAKE))
        if phase == "escape":
            return A.ESCAPE if self._escape_pays(view) else A.PASS
        if phase == "resign":
            return self._discard(view, [a - A.DISCARD for a in acts])
        if phase == "strike":  # a Victim must be played: the best one
            return max(acts, key=lambda a: self._gavel_delta(view, a))
        if phase == "extra":
            return self._best_gavel(view, acts, bar=0.0)
        return self._play(view, acts, bool(observation["gavel_played"]))

    # --- draw (and the vote call) -----------------------------------------------------

    def _draw(self, view: _View, acts: list[int]) -> int:
        if A.VOTE_CALL in acts:
            pushed = view.push()
            if (view.expected_ripper() == pushed and view.stake(self.seat, pushed)
                    and view.leads_by(pushed) >= _VOTE_MARGIN):
                return A.VOTE_CALL
        if A.DRAW_DISCARD not in acts:
            return A.DRAW_STOCK
        if A.DRAW_STOCK not in acts:
            return A.DRAW_DISCARD
        # Nothing stops a hand in which everyone keeps taking Scotland Yard's top card:
        # after two of our turns without the Case File shrinking, we draw from it.
        if self.remembers:
            self._stale = self._stale + 1 if view.stock == self._last_stock else 0
            self._last_stock = view.stock
        if self._stale >= 2 or view.top is None:
            return A.DRAW_STOCK
        take = self._card_worth(view, view.top)
        return A.DRAW_DISCARD if take > _DRAW_VALUE + 1.0 else A.DRAW_STOCK

    def _card_worth(self, view: _View, k: int) -> float:
        """What one more card of kind ``k`` in hand is worth to us now (points)."""
        if k == ESCAPES:
            return 40.0 if view.victims >= 3 else 8.0
        hand = view.hand[:]
        before = view.evaluate(hand)
        hand[k] += 1
        gain = view.evaluate(hand) - before
        if k < NE:
            if view.hand[k] >= 2 or (k < NS and view.hand[WILD] and view.hand[k]):
                gain += 2.0  # a meld in reach
            if k == view.push():
                gain += 1.0
        elif k == WILD:
            gain += 2.0
        elif VICTIM <= k < SCENE + NV:
            gain += 5.0 if not view.victims else 3.0  # played next turn: +3 in the area
        elif ALIBI <= k < VICTIM:
            s = k - ALIBI
            if view.expected_ripper() == s and s != view.push():
                gain += 6.0
        elif SUSPECT <= k < ALIBI and k - SUSPECT == view.push():
            gain += 4.0
        return gain

    # --- play ---------------------------------------------------------------------------

    def _play(self, view: _View, acts: list[int], gavel_played: bool) -> int:
        if A.ESCAPE in acts and self._escape_pays(view):
            return A.ESCAPE
        base = view.evaluate()
        best: tuple[float, int] | None = None
        for a in acts:
            if A.MELD <= a < A.DISCARD:
                delta = self._evidence_delta(view, a) - base
                wilds_used = self._wilds_used(a)
                delta -= 0.5 * wilds_used  # keep wild cards for our own suspect
                if delta > 0 and (best is None or delta > best[0]):
                    best = (delta, a)
        if best is not None:
            return best[1]
        if not gavel_played:
            gavel = self._best_gavel(view, acts, bar=_GAVEL_BAR)
            if gavel != A.PASS:
                return gavel
        discards = [a - A.DISCARD for a in acts if A.DISCARD <= a < A.TAKE]
        return self._discard(view, discards)

    @staticmethod
    def _wilds_used(a: int) -> int:
        if a < A.LAYOFF:
            return A.MELD_FORMS[a - A.MELD][2]
        return 1 if a >= A.LAYOFF_WILD else 0

    def _evidence_delta(self, view: _View, a: int) -> float:
        hand = view.hand[:]
        areas = [x[:] for x in view.areas]
        wilds = [w[:] for w in view.wilds]
        mine = areas[self.seat]
        if a < A.LAYOFF:
            kind, n, w = A.MELD_FORMS[a - A.MELD]
            hand[kind] -= n
            mine[kind] += n
            if w:
                hand[WILD] -= w
                mine[WILD] += w
                wilds[self.seat][kind] += w
        elif a < A.LAYOFF_WILD:
            kind = a - A.LAYOFF
            hand[kind] -= 1
            mine[kind] += 1
        else:
            s = a - A.LAYOFF_WILD
            hand[WILD] -= 1
            mine[WILD] += 1
            wilds[self.seat][s] += 1
        return view.evaluate(hand, areas, wilds)

    def _best_gavel(self, view: _View, acts: list[int], bar: float) -> int:
        """The Gavel play that moves the evaluation most, if by at least ``bar``, else
        :data:`A.PASS` (which, in the play phase, means: no Gavel card now)."""
        base = view.evaluate()
        best, choice = bar, A.PASS
        for a in acts:
            if a < A.PLAY_SUSPECT or a >= A.ESCAPE:
                continue
            value = self._gavel_delta(view, a) - base
            if value >= best:
                best, choice = value, a
        return choice

    def _gavel_delta(self, view: _View, a: int) -> float:
        """The evaluation after a Gavel play, with an allowance for what it brings later."""
        hand = view.hand[:]
        areas = [x[:] for x in view.areas]
        mine = areas[self.seat]
        extra = 0.0
        if a < A.VICTIM_DRAW:  # Suspect or Alibi
            card = SUSPECT + a - A.PLAY_SUSPECT if a < A.PLAY_ALIBI else ALIBI + a - A.PLAY_ALIBI
            hand[card] -= 1
            mine[card] += 1
        elif a < A.SCENE_SEARCH:  # Victim
            v = (a - A.VICTIM_DRAW) if a < A.VICTIM_SCENE else (a - A.VICTIM_SCENE)
            hand[VICTIM + v] -= 1
            mine[VICTIM + v] += 1
            if a < A.VICTIM_SCENE:
                extra += view.draw_value(2)
            else:
                self._steal(areas, SCENE + v)
            if view.victims == NV - 1:  # the fifth: Ripper Escapes becomes playable
                if view.hand[ESCAPES]:
                    extra += 30.0
                elif view.rival_may_hold_escapes():
                    extra -= 15.0
        elif a < A.RESIGN:  # Scene
            v = (a - A.SCENE_SEARCH) if a < A.SCENE_VICTIM else (a - A.SCENE_VICTIM)
            hand[SCENE + v] -= 1
            mine[SCENE + v] += 1
            if a < A.SCENE_VICTIM:
                extra += 2.0 if view.yard_size else 0.0
            else:
                self._steal(areas, VICTIM + v)
        elif a == A.RESIGN:
            hand[COMMISSIONER] -= 1
            ends = any(size == 1 for p, size in enumerate(view.hand_sizes) if p != self.seat)
            extra += (3.0 if view.evaluate() > 0 else -10.0) if ends else -0.5
        else:  # Ripper Strikes
            hand[STRIKES] -= 1
            extra += view.draw_value(2) if a == A.STRIKES_DRAW else 4.0
        return view.evaluate(hand, areas) + extra

    def _steal(self, areas: list[list[int]], card: int) -> None:
        for p, area in enumerate(areas):
            if p != self.seat and area[card]:
                area[card] -= 1
                areas[self.seat][card] += 1
                return

    def _escape_pays(self, view: _View) -> bool:
        """35 and our Victims and Scenes, against what a caught hand would give us now."""
        pts = self.ripper.cards.points
        mine = view.areas[self.seat]
        escaped = pts[ESCAPES] + sum(mine[k] * pts[k] for k in range(VICTIM, SCENE + NV))
        rivals = max((sum(a[k] * pts[k] for k in range(VICTIM, SCENE + NV))
                      for p, a in enumerate(view.areas) if p != self.seat), default=0)
        return escaped - rivals > view.evaluate()

    # --- discard ---------------------------------------------------------------------------

    def _discard(self, view: _View, kinds: list[int]) -> int:
        base = view.evaluate()

        def cost(k: int) -> tuple[float, int]:
            hand = view.hand[:]
            hand[k] -= 1
            saved = view.evaluate(hand) - base  # the penalty we no longer risk
            return (self._keep(view, k) + self._danger(view, k) - saved, k)

        return A.DISCARD + min(kinds, key=cost)

    def _keep(self, view: _View, k: int) -> float:
        """What a card of kind ``k`` may still bring us this hand."""
        c = view.hand[k]
        pts = self.ripper.cards.points
        pushed = view.push()
        if k == ESCAPES:
            return 50.0
        if k < NE:
            value = pts[k] * (1.5 if c >= 2 else 0.5)
            if k == pushed:
                value += 2.0
            if any(a[k] + (w[k] if k < NS else 0) >= 3 for a, w in zip(view.areas, view.wilds,
                                                                      strict=True)):
                value += pts[k]
            return value
        if k == WILD:
            return 6.0
        if VICTIM <= k < SCENE + NV:
            return 4.0
        if SUSPECT <= k < ALIBI:
            return 6.0 if k - SUSPECT == pushed else 1.0
        if ALIBI <= k < VICTIM:
            return 4.0
        return 1.0  # Commissioner Resigns, Ripper Strikes

    def _danger(self, view: _View, k: int) -> float:
        """What the next player may gain by taking this card from Scotland Yard."""
        pushed = view.push()
        if k == ESCAPES:
            return 40.0
        if k < NE:
            melded = any(a[k] + (w[k] if k < NS else 0) >= 3
                         for a, w in zip(view.areas, view.wilds, strict=True))
            return float(self.ripper.cards.points[k]) if melded and view.victims else 0.3
        if k == WILD:
            return 3.0
        if ALIBI <= k < VICTIM and k - ALIBI == pushed:
            return 8.0  # an Alibi against the suspect we push
        if VICTIM <= k < VICTIM + NV:
            return 3.0 if not view.victims else 2.0
        return 1.0
