"""Redealing what one seat cannot see in an Oklahoma-family hand.

The state already keeps what every seat knows (:attr:`OklahomaState.known`): each discard
went down face up, so the discard pile is public; cards taken with the pile, or drawn
from a stock rebuilt from the pile, are known to be in their hand until they leave it,
and a rebuilt stock is known card by card.  The rest — the other hands' unknown cards and
a stock dealt face down — is redealt at random: uniformly, or with ``beliefs`` each other
hand's share in proportion to what that seat's public play says of it (:mod:`.beliefs`).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, TypeVar

from ..determinize import counts_of, deal_cards, deal_leaning, pool_cards, unseen_pool
from .cards import NCARDS, parse_card

if TYPE_CHECKING:
    from .state import OklahomaState
    from .variant import OklahomaVariant

S = TypeVar("S", bound="OklahomaState")
_TOTALS: dict[int, tuple[object, list[int]]] = {}


def deck_counts(variant: OklahomaVariant) -> list[int]:
    """The count vector of the variant's full deck (remembered per variant object)."""
    held = _TOTALS.get(id(variant))
    if held is None or held[0] is not variant:
        held = _TOTALS[id(variant)] = (
            variant, counts_of([parse_card(c) for c in variant.deck()], NCARDS))
    return held[1]


def determinizer(state: S, seat: int, track: bool = True, beliefs: bool = False, *,
                 total: list[int] | None = None) -> Callable[[Random], S]:
    """Determinizations of ``state`` for ``seat``, one per call with the given generator.

    ``total`` is the deck's count vector (computed from the variant when not given).
    The unseen cards and their places are worked out once for all the calls.
    ``track=False`` leaves the leanings (:attr:`OklahomaState.leanings`) out of the
    results: a search's playouts then note nothing (``known`` stays: observations show
    it).  ``beliefs`` deals each other hand's unseen cards by its leaning, the stock
    uniformly; a position without leanings deals uniformly.
    """
    if total is None:
        total = deck_counts(state.variant)
    n = state.players
    others = [p for p in range(n) if p != seat]
    known = state.known
    on_table = [0] * NCARDS
    for side in state.melds:
        for meld in side:
            for c, _ in meld.items:
                on_table[c] += 1
    seen = [state.hands[seat], on_table, counts_of(state.discard, NCARDS),
            *(known[p] for p in others)]
    if state.stock_known:
        seen.append(counts_of(state.stock, NCARDS))
    pool = unseen_pool(total, *seen)
    slots = [state.sizes[p] - sum(known[p]) for p in others]
    if not state.stock_known:
        slots.append(len(state.stock))
    cards = pool_cards(pool, slots)
    stock_hidden = not state.stock_known
    if track and state.leanings is not None:
        state.leanings.read()  # kept in the position: the next decision reads on from here
    leans = state.leans if beliefs else None  # (a copy: the state may play on)
    weights = None if leans is None else [
        *(leans[p] for p in others), *((None,) if stock_hidden else ())]
    source = state
    if not track and state.leanings is not None:
        source = state.copy()  # once: every deal copies it without the leanings
        source.leanings = None

    def deal(rng: Random) -> S:
        new = source.copy()
        dealt = (deal_cards(rng, cards, slots) if weights is None
                 else deal_leaning(rng, cards, slots, weights))
        hands = new.hands
        for p, got in zip(others, dealt, strict=False):
            hand = known[p][:]
            for c in got:
                hand[c] += 1
            hands[p] = hand
        if stock_hidden:
            new.stock = dealt[-1]
        new.forget_legal()
        return new

    return deal


def determinize(state: S, seat: int, rng: Random, total: list[int] | None = None) -> S:
    """A full position ``seat`` could be in, the unseen cards redealt by ``rng``."""
    return determinizer(state, seat, total=total)(rng)
