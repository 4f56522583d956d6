"""What each seat knows of the others' hands in Al Capone, and redealing the rest.

``shown[p]`` counts, per card kind, the cards every player has seen go into ``p``'s hand
and not seen leave it: cards taken from the Underworld, the answers to Ask Around and Ask
Directly, the Evidence a Search for a Set or Reveal Seven showed.  It is the same for
every observer (nothing in Al Capone shows a card to one other player only), so one
vector per seat serves all.  :func:`track` updates it before an action is applied.

The Underworld is taken as known to every seat (each card went in face up); the one
exception, the card a Search Individually keeps, is treated as inferable from the pile
(see docs/bots.md: a simplification, the kept card stays unknown in the searcher's hand).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, TypeVar

from ..determinize import (
    counts_of,
    deal_cards,
    deal_leaning,
    forget,
    give_hands,
    pool_cards,
    unseen_pool,
)
from . import actions as A
from .cards import NK, REVEAL_COUNT, SEARCH_WARRANT
from .phases import Phase

if TYPE_CHECKING:
    from .state import CaponeState

S = TypeVar("S", bound="CaponeState")


def track(state: CaponeState, action: int, shown: list[list[int]]) -> None:
    """Update ``shown`` for ``action``, which is about to be applied to ``state``."""
    seat = state.seat
    mine = shown[seat]
    if action == A.DRAW_STOCK:
        return
    if action == A.DRAW_DISCARD:
        mine[state.discard[-1]] += 1
    elif action < A.LAYOFF:
        g, k = divmod(action - A.MELD, A.MELD_SIZES)
        forget(mine, g, k + 3)
    elif action < A.DISCARD:
        forget(mine, action - A.LAYOFF)
    elif action < A.TAKE:
        forget(mine, action - A.DISCARD)
    elif action < A.ASK_AROUND:
        return  # the kept card is shown to nobody
    else:
        forget(mine, A.gavel_of(action))
        if A.ASK_AROUND <= action < A.ASK_DIRECTLY:
            g = action - A.ASK_AROUND
            n = state.players
            for step in range(1, n):
                other = (seat + step) % n
                if state.hands[other][g]:  # who gives is announced
                    forget(shown[other], g)
                    mine[g] += 1
                    break
        elif A.ASK_DIRECTLY <= action < A.SEARCH_INDIVIDUALLY:
            g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
            mine[g] += state.hands[target][g]  # how many were given is announced
            shown[target][g] = 0
        elif A.SEARCH_SET <= action < A.DRAW_TWO:
            g = action - A.SEARCH_SET
            mine[g] += state.discard.count(g)
        elif action == A.REVEAL_SEVEN:
            melds = set(state.incomplete_melds(state.side_of[seat]))
            for c in state.stock[-REVEAL_COUNT:]:
                if c in melds:
                    mine[c] += 1


def determinizer(state: S, seat: int, track: bool = True, beliefs: bool = False
                 ) -> Callable[[Random], S]:
    """Determinizations of ``state`` for ``seat``, one per call with the given generator.

    Reads only what ``seat`` knows: its hand, the areas, the Underworld, hand sizes, the
    stock's size and the public ``shown`` cards of the other hands.  What does not change
    from one determinization to the next (the unseen cards, the places) is worked out
    once, so a search bot pays only for the deal.  ``track=False`` leaves the public
    bookkeeping out of the results (faster playouts; they cannot be determinized again).
    ``beliefs`` deals each other hand's unseen cards by its public leaning
    (:mod:`.beliefs`) instead of uniformly.
    """
    n = state.players
    shown = state.shown if state.shown is not None else [[0] * NK for _ in range(n)]
    others = [p for p in range(n) if p != seat]
    limbo = [0] * NK
    if state.phase == Phase.TAKE:  # the Search Warrant goes on the pile after the choice
        limbo[SEARCH_WARRANT] = 1
    pool = unseen_pool(state.copies, state.hands[seat], *state.areas, limbo,
                       counts_of(state.discard, NK), *(shown[p] for p in others))
    slots = [state.sizes[p] - sum(shown[p]) for p in others] + [len(state.stock)]
    cards = pool_cards(pool, slots)
    known = [shown[p][:] for p in others]
    source, weights = state.deal_plan(others, track, beliefs)

    def deal(rng: Random) -> S:
        new = source.copy()  # (``shown`` and the leanings copied with it, when kept)
        new.forget_repeats()  # its keys hold the true hidden cards
        dealt = (deal_cards(rng, cards, slots) if weights is None
                 else deal_leaning(rng, cards, slots, weights))
        give_hands(new.hands, others, known, dealt)
        new.stock = dealt[-1]
        return new

    return deal


def determinize(state: S, seat: int, rng: Random) -> S:
    """A full position ``seat`` could be in, the unseen cards redealt by ``rng``.

    The seat's public knowledge (``shown``) is kept, so that a determinization can be
    determinized again alike (what a :class:`~tablerummy.bots.Sampler` does).
    """
    return determinizer(state, seat)(rng)
