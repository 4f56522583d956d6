"""What a player's public play says about the cards in its hand (the Oklahoma family).

A searching bot that deals the unseen cards uniformly ignores what everyone at the table
saw: a player who lets a 7♥ lie on the discard pile and draws from the stock could not
(or would not) meld it, so it is unlikely to hold two more 7s or 6♥ 8♥; one who
discards a 7♥ is unlikely to keep its partners.  Here each seat's public play moves a
*leaning* per card kind (:func:`tablerummy.determinize.lean`), and the determinizations
deal the unseen cards in proportion to it (:func:`tablerummy.determinize.deal_leaning`).

A card's *partners* are the cards that would meld with it: the same rank in the other
suits (a set; two identical cards may sit in one), the same suit's neighbours (a
sequence: one place away, or two, an ace being low and high).  A wild (a 2 in
``fortune`` and ``arlington``, a Joker) melds with anything, so a wild on the pile has no
partners of its own, and the wild kinds are never anyone's rank or run partners.

Everything read here is public — the action, the discard pile's top card, the melds on
the table, hand sizes and the cards known to be in a hand — so a leaning is the same for
every observer and no search peeks through it.

The factors are measured, not guessed: ``benchmarks/beliefs.py calibrate fortune`` plays
greedy games and compares, right after each event, how many cards of the kind the
player's unseen hand really held with how many a uniform deal gives it (docs/bots.md,
Beliefs).  Greedy is the measured opponent; against others the factors are an estimate.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..determinize import dilute, lean
from . import actions as A
from .cards import rank_of, suit_of
from .melds import POS_CARD, RANK_CARDS
from .meldsearch import known_layoffs

if TYPE_CHECKING:
    from .rules import Rules
    from .state import OklahomaState

TOOK, TOOK_RANK, TOOK_RUN = "took", "took-rank", "took-run"
PASSED, PASSED_RANK, PASSED_RUN, PASSED_NEAR, PASSED_WILD = (
    "passed", "passed-rank", "passed-run", "passed-near", "passed-wild")
DISCARDED, DISCARDED_RANK, DISCARDED_RUN, DISCARDED_NEAR = (
    "discarded", "discarded-rank", "discarded-run", "discarded-near")
KEPT, KEPT_WILD, MELDED = "kept", "kept-wild", "melded"

FACTORS: dict[str, float] = {
    TOOK: 1.0,
    TOOK_RANK: 1.0,
    TOOK_RUN: 1.0,
    PASSED: 1.0,
    PASSED_RANK: 1.0,
    PASSED_RUN: 1.0,
    PASSED_NEAR: 1.0,
    PASSED_WILD: 1.0,
    DISCARDED: 1.0,
    DISCARDED_RANK: 1.0,
    DISCARDED_RUN: 1.0,
    DISCARDED_NEAR: 1.0,
    KEPT: 1.0,
    KEPT_WILD: 1.0,
    MELDED: 1.0,
}
FACTS: frozenset[str] = frozenset()
"""Events that state a fact rather than a tendency: not measured (none here — the
Oklahoma family has no question that a hand must answer truthfully)."""
BEFORE = frozenset({PASSED, PASSED_RANK, PASSED_RUN, PASSED_NEAR, PASSED_WILD})
"""Events about the hand as it was *before* the action (passing on the pile's top card
says what the hand held before the stock card drawn instead): the calibration measures
them there, and :func:`update` leans before it dilutes for the drawn card."""


def _row(top: int, distance: int) -> tuple[int, ...]:
    """The cards of ``top``'s suit exactly ``distance`` places away (an ace is low, next
    to the 2, and high, next to the king)."""
    row = POS_CARD[suit_of(top)]  # by position: 1 = low ace … 14 = high ace
    places = (1, 14) if rank_of(top) == 1 else (rank_of(top),)
    near = [row[q] for p in places for q in (p - distance, p + distance) if 1 <= q <= 14]
    return tuple(dict.fromkeys(c for c in near if c != top))


RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in RANK_CARDS[rank_of(top)] if c != top) for top in range(52))
"""Per natural card, the same rank in the other three suits (its set partners)."""
RUN: tuple[tuple[int, ...], ...] = tuple(_row(top, 1) for top in range(52))
"""Per natural card, its suit's neighbours one place away (its sequence partners)."""
NEAR: tuple[tuple[int, ...], ...] = tuple(_row(top, 2) for top in range(52))
"""Per natural card, its suit's cards two places away (a sequence with a gap between)."""


def _partners(rules: Rules, top: int, table: tuple[tuple[int, ...], ...]
              ) -> Iterator[int]:
    """The natural cards of ``table[top]`` (a 2 is a wild, not a partner, where 2s are
    wild)."""
    wild = rules.wild
    for c in table[top]:
        if not wild[c]:
            yield c


def events(state: OklahomaState, action: object) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each."""
    assert isinstance(action, tuple)
    seat = state.seat
    rules = state.rules
    kind = action[0]
    if kind == A.DISCARD:
        c = action[1]
        yield seat, c, DISCARDED
        if not rules.wild[c]:
            for p in _partners(rules, c, RANK):
                yield seat, p, DISCARDED_RANK
            for p in _partners(rules, c, RUN):
                yield seat, p, DISCARDED_RUN
            for p in _partners(rules, c, NEAR):
                yield seat, p, DISCARDED_NEAR
        yield from _kept(state, seat, c)
    elif action == A.DRAW:
        if not state.discard:
            return
        top = state.discard[-1]
        yield seat, top, PASSED
        if rules.wild[top]:
            return
        for p in _partners(rules, top, RANK):
            yield seat, p, PASSED_RANK
        for p in _partners(rules, top, RUN):
            yield seat, p, PASSED_RUN
        for p in _partners(rules, top, NEAR):
            yield seat, p, PASSED_NEAR
        for w in rules.wild_cards:
            yield seat, w, PASSED_WILD
    elif kind == A.PILE:
        top = state.discard[-1]
        yield seat, top, TOOK
        if not rules.wild[top]:
            for p in _partners(rules, top, RANK):
                yield seat, p, TOOK_RANK
            for p in _partners(rules, top, RUN):
                yield seat, p, TOOK_RUN
        yield from _melded(rules, seat, action[1])
    elif kind == A.MELD:
        yield from _melded(rules, seat, action[1])


def _melded(rules: Rules, seat: int, items: tuple[tuple[int, int], ...]
            ) -> Iterator[tuple[int, int, str]]:
    """A meld's natural kinds, once each: what the hand still holds of them."""
    wild = rules.wild
    for c in dict.fromkeys(c for c, _ in items):
        if not wild[c]:
            yield seat, c, MELDED


def _kept(state: OklahomaState, seat: int, discarded: int) -> Iterator[tuple[int, int, str]]:
    """The kinds that would lay off on ``seat``'s own melds (a player lays off on its own
    melds only), once each, but the one discarded: the turn ends without them."""
    melds = state.melds[seat]
    if not melds:
        return
    rules = state.rules
    wild = rules.wild
    fits: dict[int, None] = {}
    for meld in melds:
        for c, _ in known_layoffs(meld, rules)[1]:
            fits[c] = None
    for c in fits:
        if c != discarded:
            yield seat, c, KEPT_WILD if wild[c] else KEPT


def drawn(state: OklahomaState, action: object) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards left from before, how many unseen it draws) for the hand
    that ``action`` makes draw a card nobody has seen (a stock dealt face down; a stock
    rebuilt from the pile is known card by card, and the pile's cards are public)."""
    if action == A.DRAW and not state.stock_known and state.stock:
        seat = state.seat
        yield seat, state.sizes[seat] - sum(state.known[seat]), 1


def update(state: OklahomaState, action: object, leans: list[list[float]]) -> None:
    """Move the leanings for ``action``, which is about to be applied to ``state``: the
    events first (on the hand before the action), then the hand that draws an unseen
    card is diluted towards uniform by it (:func:`~tablerummy.determinize.dilute`)."""
    for seat, kind, event in events(state, action):
        lean(leans[seat], kind, FACTORS[event])
    for seat, old, count in drawn(state, action):
        dilute(leans[seat], old, count)


def hidden(state: OklahomaState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen, per card kind (the part a
    determinization redeals): its hand less the cards known to be in it."""
    return [h - k for h, k in zip(state.hands[seat], state.known[seat], strict=True)]
