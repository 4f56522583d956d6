"""One hand of Toy Rummy: the position, its legal actions and their effects.

Hands are lists of card ints, each player's melds a list of runs and sets (a layoff
extends one of the player's own runs), the piles lists with the top card last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Self, TypeVar

from tablerummy.events import listed, who
from tablerummy.variant import Action, HandState, Observation

from . import actions as A
from .cards import IDS, INDEX, NCARDS, name, points, suit
from .observer import Phase, ToyObserver, ToyView, known_elsewhere, read

if TYPE_CHECKING:
    from .variant import Toy

HAND_SIZE = 5
MAX_TURNS = 40
"""A hand ends after this many turns: taking the discard and discarding again could
otherwise go round for ever (the stock never shrinking)."""
OUT_BONUS = 10
"""What going out scores (besides the cards left in the other hands)."""


def extends(card: int, meld: Sequence[int]) -> bool:
    """Whether ``card`` lengthens ``meld``, a run (sets hold all three suits: full)."""
    lo, hi = meld[0], meld[-1]
    if suit(lo) == suit(hi) and suit(card) == suit(lo):  # a run, of the card's suit
        return card == lo - 1 or card == hi + 1
    return False


class ToyState(HandState):
    """A hand of ``toy``; build it with :meth:`Toy.new_hand`."""

    variant: Toy
    hands: list[list[int]]
    melds: list[list[list[int]]]
    taken: list[list[int]]
    stock: list[int]
    discard: list[int]
    seat: int
    phase: Phase
    turn: int
    out_seat: int | None

    def __init__(self, variant: Toy, deck: Sequence[str], dealer: int, log: bool = False):
        n = variant.players
        self.variant = variant
        self.dealer = dealer
        self.log = [] if log else None
        order = [INDEX[c] for c in deck]
        self.hands = [[] for _ in range(n)]
        dealt = HAND_SIZE * n
        for i in range(dealt):  # one card at a time, clockwise from the dealer's left
            self.hands[(dealer + 1 + i) % n].append(order[i])
        self.discard = [order[dealt]]
        self.stock = order[dealt + 1:][::-1]  # the deck's next card on top (last)
        self.melds = [[] for _ in range(n)]
        self.taken = [[] for _ in range(n)]
        self.seat = (dealer + 1) % n
        self.phase = Phase.DRAW
        self.turn = 0
        self.end = None
        self.out_seat = None

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.variant = self.variant
        new.dealer = self.dealer
        new.log = None
        new.hands = [h[:] for h in self.hands]
        new.melds = [[m[:] for m in melds] for melds in self.melds]
        new.taken = [t[:] for t in self.taken]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.seat = self.seat
        new.phase = self.phase
        new.turn = self.turn
        new.end = self.end
        new.out_seat = self.out_seat
        return new

    # --- queries ------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.end is not None else self.seat

    def legal_actions(self) -> list[Action]:
        if self.phase == Phase.DRAW:
            # a turn starts after a discard (or the deal's upcard) and with a stock left
            return [A.DRAW_STOCK, A.DRAW_DISCARD]
        if self.phase == Phase.OVER:
            return []
        hand = self.hands[self.seat]
        acts: list[Action] = []
        if len(hand) >= 2:  # a player never melds or lays off their last card
            held = set(hand)
            most = len(hand) - 1
            acts.extend(A.MELD + i for i, meld in enumerate(A.MELDS)
                        if len(meld) <= most and held.issuperset(meld))
            runs = self.melds[self.seat]
            acts.extend(A.LAYOFF + c for c in sorted(hand) if any(extends(c, m) for m in runs))
        acts.extend(A.DISCARD + c for c in sorted(hand))
        return acts

    def why_illegal(self, action: Action) -> str:
        if not isinstance(action, int) or not 0 <= action < A.NUM_ACTIONS:
            return "not a toy action"
        if self.end is not None:
            return "the hand is over"
        drawing = action in (A.DRAW_STOCK, A.DRAW_DISCARD)
        if self.phase == Phase.DRAW:
            return "draw first: 'draw stock' or 'draw discard'"
        if drawing:
            return "you have already drawn this turn"
        hand = self.hands[self.seat]
        if action < A.LAYOFF:
            missing = [c for c in A.MELDS[action - A.MELD] if c not in hand]
            if missing:
                return f"you do not hold {listed(name(c) for c in missing)}"
            return "a player never melds their last card (you go out by discarding it)"
        card = action - A.LAYOFF if action < A.DISCARD else action - A.DISCARD
        if card not in hand or action >= A.DISCARD:
            return f"you do not hold {name(card)}"
        if not any(extends(card, m) for m in self.melds[self.seat]):
            return f"{name(card)} does not lengthen a run of yours"
        return "a player never lays off their last card (you go out by discarding it)"

    # --- effects ------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        assert isinstance(action, int)
        seat = self.seat
        hand = self.hands[seat]
        if action == A.DRAW_STOCK:
            c = self.stock.pop()
            hand.append(c)
            self.phase = Phase.PLAY
            self._say(f"{who(seat)} drew from the stock",
                      {seat: f"{who(seat)} drew {name(c)} from the stock"})
        elif action == A.DRAW_DISCARD:
            c = self.discard.pop()
            hand.append(c)
            self.taken[seat].append(c)
            self.phase = Phase.PLAY
            self._say(f"{who(seat)} took {name(c)} from the discard pile")
        elif action < A.LAYOFF:
            meld = A.MELDS[action - A.MELD]
            for c in meld:
                self._give(seat, c)
            self.melds[seat].append(list(meld))
            self._say(f"{who(seat)} melded {listed(name(c) for c in meld)}")
        elif action < A.DISCARD:
            c = action - A.LAYOFF
            self._give(seat, c)
            run = next(m for m in self.melds[seat] if extends(c, m))
            if c < run[0]:
                run.insert(0, c)
            else:
                run.append(c)
            self._say(f"{who(seat)} laid off {name(c)}")
        else:
            c = action - A.DISCARD
            self._give(seat, c)
            self.discard.append(c)
            self._say(f"{who(seat)} discarded {name(c)}")
            self._next_turn(seat)

    def _give(self, seat: int, card: int) -> None:
        """Take ``card`` out of ``seat``'s hand (and out of what it is known to hold)."""
        self.hands[seat].remove(card)
        taken = self.taken[seat]
        if card in taken:
            taken.remove(card)

    def _next_turn(self, seat: int) -> None:
        if not self.hands[seat]:
            self._finish("went-out", seat)
            self._say(f"{who(seat)} went out")
        elif not self.stock:
            self._finish("stock-exhausted", None)
            self._say("the stock is used up: the hand is over")
        elif self.turn + 1 >= MAX_TURNS:
            self._finish("turn-limit", None)
            self._say(f"{MAX_TURNS} turns are played: the hand is over")
        else:
            self.seat = (seat + 1) % self.variant.players
            self.phase = Phase.DRAW
            self.turn += 1

    def _finish(self, end: str, out_seat: int | None) -> None:
        self.end = end
        self.out_seat = out_seat
        self.phase = Phase.OVER

    # --- results ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Melded points, and for the player who went out a bonus and the cards left in
        the other hands.  Never negative, so that every game reaches its target (with a
        penalty for cards in hand, random players sank below zero for ever).  For an
        unfinished hand: what it stands at (the search values cut-off rollouts so)."""
        left = sum(points(c) for hand in self.hands for c in hand)
        return [sum(points(c) for m in melds for c in m)
                + (OUT_BONUS + left if seat == self.out_seat else 0)
                for seat, melds in enumerate(self.melds)]

    def breakdown(self) -> list[list[tuple[str, int]]]:
        """Per seat: each meld as it lies (``meld Red 3, Red 4, Red 5`` 12); for the
        player who went out, the bonus and each card left in another hand."""
        out: list[list[tuple[str, int]]] = []
        for seat, melds in enumerate(self.melds):
            items = [(f"meld {listed(name(c) for c in m)}", sum(points(c) for c in m))
                     for m in melds]
            if seat == self.out_seat:
                items.append(("went out", OUT_BONUS))
                items.extend((f"left in p{p}'s hand: {name(c)}", points(c))
                             for p, hand in enumerate(self.hands) for c in sorted(hand))
            out.append(items)
        return out

    def tallies(self, actions: Sequence[Action]) -> dict[str, int]:
        """Whether someone went out, and the cards taken from the discard pile."""
        return {"went out": int(self.out_seat is not None),
                "discards taken": sum(a == A.DRAW_DISCARD for a in actions)}

    # --- what a seat knows -------------------------------------------------------------

    def observer(self) -> ToyObserver:
        """A fresh observer of the family (the one place that decides what a seat knows)."""
        return ToyObserver()

    def observation(self, seat: int) -> Observation:
        observer = ToyObserver()
        observer.set_from(self, seat)
        return observer.dict()

    def compact_observation(self, seat: int) -> ToyView:
        observer = ToyObserver()
        observer.set_from(self, seat)
        return observer.compact()

    def reveal(self) -> dict[str, Any]:
        return {
            "hands": [[IDS[c] for c in sorted(h)] for h in self.hands],
            "melds": [[[IDS[c] for c in m] for m in melds] for melds in self.melds],
            "stock": [IDS[c] for c in reversed(self.stock)],  # top first
            "discard": [IDS[c] for c in self.discard],
        }

    def determinize(self, seat: int, rng: Random) -> Self:
        return self.determinizer(seat)(rng)

    def determinizer(self, seat: int, track: bool = True, beliefs: bool = False
                     ) -> Callable[[Random], Self]:
        return determinizer(self, seat)  # (no leanings kept: a uniform deal)


S = TypeVar("S", bound=ToyState)


def determinizer(state: S, seat: int) -> Callable[[Random], S]:
    """Deals of what ``seat`` cannot see, worked out from its view alone: the cards it
    cannot place, in canonical order, shuffled into the other hands (beside the cards
    they are known to have taken) and the stock."""
    view: ToyView = read(state, seat)
    unseen = [c for c in range(NCARDS) if c not in known_elsewhere(view)]
    others = [p for p in range(len(view.sizes)) if p != seat]
    slots = [view.sizes[p] - len(view.taken[p]) for p in others]

    def deal(rng: Random) -> S:
        cards = unseen[:]
        rng.shuffle(cards)
        new = state.copy()
        start = 0
        for p, size in zip(others, slots, strict=True):
            new.hands[p] = [*view.taken[p], *cards[start:start + size]]
            start += size
        new.stock = cards[start:]
        return new

    return deal
