"""What a player's public play says about the gangsters in its hand (Al Capone).

A searching bot that deals the unseen cards uniformly ignores what everyone at the table
saw: a player who lets a Ralph Capone lie in the Underworld and draws from the Case File
instead is unlikely to hold two Ralph Capones; one who takes it probably holds more.
Francis, Just & Neller ("Opponent Hand Estimation in the Game of Gin Rummy", EAAI-21)
found such estimates worth a significant edge.  Here each seat's public play moves a
*leaning* per card kind (:func:`tablerummy.determinize.lean`), and the determinizations
deal the unseen cards in proportion to it (:func:`tablerummy.determinize.deal_leaning`).

Everything read here is public — the action, the Underworld's top card, the play areas —
so a leaning is the same for every observer and no search peeks through it.

The factors are measured, not guessed: ``benchmarks/beliefs.py calibrate capone`` plays
greedy games and compares, right after each event, how many cards of the kind the
player's unseen hand really held with how many a uniform deal gives it (docs/bots.md,
Beliefs).  Greedy is the measured opponent; against others the factors are an estimate.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..determinize import dilute, lean
from . import actions as A
from .cards import NG

if TYPE_CHECKING:
    from .state import CaponeState

TOOK, PASSED, DISCARDED, KEPT, MELDED, NONE = (
    "took", "passed", "discarded", "kept", "melded", "none")
FACTORS: dict[str, float] = {
    TOOK: 2.93,
    PASSED: 0.75,
    DISCARDED: 0.34,
    KEPT: 0.0,
    MELDED: 0.0,
    NONE: 0.0,
}
"""How much each event multiplies the player's leaning towards the kind it names
(0: down to the floor of :data:`~tablerummy.determinize.LEAN_RANGE`):

* ``took`` — it took the Underworld's top card (or took the kind with a Search Warrant);
* ``passed`` — it drew from the Case File while the kind lay on top of the Underworld;
* ``discarded`` — it discarded the kind;
* ``kept`` — it ended its turn without laying off the kind, which it could have;
* ``melded`` — it melded the kind (what it still holds of it);
* ``none`` — an Agent Meeting showed it holds none (it gave all it had, or had none to
  give): a fact, not a measurement.

Measured by ``benchmarks/beliefs.py calibrate capone --games 300`` (2026-12-04, 176,000
events): a
greedy player never keeps a card it could lay off nor melds part of a set, hence the
zeros; against another player they are a strong lean, never a certainty (the floor)."""
FACTS = frozenset({NONE})
"""Events that state a fact rather than a tendency: not measured."""
BEFORE = frozenset({PASSED})
"""Events about the hand as it was *before* the action (passing on the Underworld's card
says what the hand held before the two cards drawn instead): the calibration measures
them there, and :func:`update` leans before it dilutes for the drawn cards."""


def events(state: CaponeState, action: int) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each."""
    seat = state.seat
    if action == A.DRAW_STOCK:
        if state.discard:
            yield seat, state.discard[-1], PASSED
    elif action == A.DRAW_DISCARD:
        yield seat, state.discard[-1], TOOK
    elif action < A.LAYOFF:
        yield seat, (action - A.MELD) // A.MELD_SIZES, MELDED
    elif action < A.DISCARD:
        return
    elif action < A.TAKE:
        kind = action - A.DISCARD
        yield seat, kind, DISCARDED
        areas = state.areas
        for g in range(NG):
            if g != kind and any(area[g] >= 3 for area in areas):
                yield seat, g, KEPT
    elif action < A.ASK_AROUND:
        yield seat, action - A.TAKE, TOOK
    elif action < A.ASK_DIRECTLY:
        g = action - A.ASK_AROUND
        n = state.players
        for step in range(1, n):  # those asked before the one who gave had none
            other = (seat + step) % n
            yield other, g, NONE
            if state.hands[other][g]:  # who gives is announced
                break
    elif action < A.SEARCH_INDIVIDUALLY:
        g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
        yield target, g, NONE  # it gives every one it has


def drawn(state: CaponeState, action: int) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards left from before, how many unseen it draws) for each hand
    that ``action`` makes draw from the Case File."""
    stock = len(state.stock)
    shown = state.shown

    def unseen(seat: int) -> int:
        return state.sizes[seat] - (sum(shown[seat]) if shown is not None else 0)

    if action in (A.DRAW_STOCK, A.DRAW_TWO):
        yield state.seat, unseen(state.seat), min(2, stock)
    elif A.ASK_AROUND <= action < A.ASK_DIRECTLY:
        g = action - A.ASK_AROUND
        for seat, _, _ in events(state, action):
            if state.hands[seat][g]:
                yield seat, unseen(seat) - 1, min(1, stock)
    elif A.ASK_DIRECTLY <= action < A.SEARCH_INDIVIDUALLY:
        g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
        given = state.hands[target][g]
        yield target, unseen(target) - given, min(given, stock)


def update(state: CaponeState, action: int, leans: list[list[float]]) -> None:
    """Move the leanings for ``action``, which is about to be applied to ``state``: the
    events first (on the hand before the action), then each hand that draws unseen cards
    is diluted towards uniform by them (:func:`~tablerummy.determinize.dilute`)."""
    for seat, kind, event in events(state, action):
        lean(leans[seat], kind, FACTORS[event])
    for seat, old, count in drawn(state, action):
        dilute(leans[seat], old, count)


def hidden(state: CaponeState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen, per card kind (the part a
    determinization redeals)."""
    shown = state.shown
    hand = state.hands[seat]
    if shown is None:
        return hand[:]
    return [h - s for h, s in zip(hand, shown[seat], strict=True)]
