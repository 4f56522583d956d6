"""What each seat knows of the others' hands in Jack the Ripper, and redealing the rest.

``shown[p]`` counts, per card kind, the cards every player has seen go into ``p``'s hand
and not seen leave it: cards drawn from Scotland Yard or taken from it after a Scene's
search (shown).  Scotland Yard went down face up and is known to all; the votes of the
others stay secret until the hand is over and are redrawn at random.  Phases that only a
holder of a card can be in tell that too: a player asked about Ripper Escapes holds it, a
player playing a Victim for Ripper Strikes holds a Victim.
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
from .cards import ESCAPES, NK, NS, NV, VICTIM, WILD
from .phases import Phase

if TYPE_CHECKING:
    from .state import RipperState

S = TypeVar("S", bound="RipperState")
_RESIGN = int(Phase.RESIGN)  # (a plain int: compared at every tracked discard)


def track(state: RipperState, action: int, shown: list[list[int]]) -> None:
    """Update ``shown`` for ``action``, which is about to be applied to ``state``."""
    seat = state.seat
    mine = shown[seat]
    if action in (A.DRAW_STOCK, A.VOTE_CALL) or A.VOTE <= action < A.MELD or action == A.PASS:
        return
    if action == A.DRAW_DISCARD:
        mine[state.yard[-1]] += 1
    elif action < A.LAYOFF:
        kind, n, w = A.MELD_FORMS[action - A.MELD]
        forget(mine, kind, n)
        forget(mine, WILD, w)
    elif action < A.LAYOFF_WILD:
        forget(mine, action - A.LAYOFF)
    elif action < A.DISCARD:
        forget(mine, WILD)
    elif action < A.TAKE:
        who = state.resign_queue[0] if state.phase == _RESIGN else seat
        forget(shown[who], action - A.DISCARD)
    elif action < A.PLAY_SUSPECT:
        mine[action - A.TAKE] += 1
    elif action == A.ESCAPE:
        forget(shown[state.actor], ESCAPES)
    else:
        forget(mine, A.card_of(action))


def determinizer(state: S, seat: int, track: bool = True, beliefs: bool = False
                 ) -> Callable[[Random], S]:
    """Determinizations of ``state`` for ``seat``, one per call with the given generator.

    The unseen cards and the places they may be are worked out once; ``track=False``
    leaves the public bookkeeping out of the results (faster playouts); ``beliefs``
    deals each other hand's unseen cards by its public leaning (:mod:`.beliefs`).
    """
    n = state.players
    base = state.shown if state.shown is not None else [[0] * NK for _ in range(n)]
    shown = [k[:] for k in base]
    actor = state.actor
    if actor != seat and state.phase == Phase.ESCAPE and not shown[actor][ESCAPES]:
        shown[actor][ESCAPES] = 1
    others = [p for p in range(n) if p != seat]
    pool = unseen_pool(state.cards.copies, state.hands[seat], *state.areas,
                       counts_of(state.yard, NK), *(shown[p] for p in others))
    slots = [state.sizes[p] - sum(shown[p]) for p in others] + [len(state.stock)]
    cards = pool_cards(pool, slots)
    known = [shown[p] for p in others]
    source, weights = state.deal_plan(others, track, beliefs)
    strike = actor != seat and state.phase == Phase.STRIKE
    secret = [p for p in others if state.votes[p] is not None and state.end is None]

    def deal(rng: Random) -> S:
        new = source.copy()  # (``shown`` and the leanings copied with it, when kept)
        new.forget_repeats()  # its keys hold the true hidden cards
        dealt = (deal_cards(rng, cards, slots) if weights is None
                 else deal_leaning(rng, cards, slots, weights))
        give_hands(new.hands, others, known, dealt)
        new.stock = dealt[-1]
        if strike:
            _give_victim(new, actor, others, rng)
        for p in secret:
            new.votes[p] = rng.randrange(NS)
        return new

    return deal


def determinize(state: S, seat: int, rng: Random) -> S:
    """A full position ``seat`` could be in, the unseen cards and votes redealt by ``rng``.

    The seat's public knowledge (``shown``) is kept, so that a determinization can be
    determinized again alike.
    """
    return determinizer(state, seat)(rng)


def _give_victim(state: RipperState, actor: int, others: list[int], rng: Random) -> None:
    """Ripper Strikes made ``actor`` play a Victim: make sure the redeal gave them one."""
    hand = state.hands[actor]
    if any(hand[VICTIM + v] for v in range(NV)):
        return
    places: list[list[int]] = [state.hands[p] for p in others if p != actor]
    for p_hand in places:
        victims = [VICTIM + v for v in range(NV) if p_hand[VICTIM + v]]
        if victims:
            v = victims[rng.randrange(len(victims))]
            give = [k for k in range(NK) if hand[k]]
            c = give[rng.randrange(len(give))]
            p_hand[v] -= 1
            p_hand[c] += 1
            hand[c] -= 1
            hand[v] += 1
            return
    victims = [i for i, k in enumerate(state.stock) if VICTIM <= k < VICTIM + NV]
    if victims:
        i = victims[rng.randrange(len(victims))]
        give = [k for k in range(NK) if hand[k]]
        c = give[rng.randrange(len(give))]
        hand[c] -= 1
        hand[state.stock[i]] += 1
        state.stock[i] = c
