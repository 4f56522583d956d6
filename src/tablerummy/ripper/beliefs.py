"""What a player's public play says about the cards in its hand (Jack the Ripper).

The same reasoning as Al Capone's (:mod:`tablerummy.capone.beliefs`, which says why): a
player who lets a card lie in Scotland Yard and draws from the Case File is unlikely to
hold more of it, one who takes it probably does, one who discards a kind holds few
others of it, and one who ends its turn without laying off Evidence it could have laid
off holds none.  Each event multiplies the player's leaning towards the card kind
(:func:`tablerummy.determinize.lean`); unseen cards drawn dilute it
(:func:`tablerummy.determinize.dilute`); the determinizations deal by it.

Everything read is public — the action, Scotland Yard's top card, the melds on the
table — so a leaning is the same for every observer and no search peeks through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..determinize import dilute, lean
from . import actions as A
from .cards import LETTERS, NS
from .phases import Phase

if TYPE_CHECKING:
    from .state import RipperState

TOOK, PASSED, DISCARDED, KEPT, MELDED = "took", "passed", "discarded", "kept", "melded"
FACTORS: dict[str, float] = {
    TOOK: 1.99,
    PASSED: 0.72,
    DISCARDED: 0.36,
    KEPT: 0.05,
    MELDED: 0.0,
}
"""How much each event multiplies the player's leaning towards the kind it names
(0: down to the floor of :data:`~tablerummy.determinize.LEAN_RANGE`):

* ``took`` — it took Scotland Yard's top card, or took the kind after a Scene's search;
* ``passed`` — it drew from the Case File while the kind lay on top of Scotland Yard;
* ``discarded`` — it discarded the kind (in its turn or to Commissioner Resigns);
* ``kept`` — it ended its turn without laying off Evidence of the kind, which it could
  have (a meld of it lay on the table and Victims were in play);
* ``melded`` — it melded the kind (what it still holds of it).

Measured by ``benchmarks/beliefs.py calibrate ripper --games 300`` (2026-12-04, 63,000
events, 2 players; 3 players gave the same within 0.13)."""
FACTS: frozenset[str] = frozenset()
"""Events that state a fact rather than a tendency: not measured (none here)."""
BEFORE = frozenset({PASSED})
"""Events about the hand before the action (see :data:`tablerummy.capone.beliefs.BEFORE`)."""
_RESIGN = int(Phase.RESIGN)
_EVIDENCE = (*range(NS), LETTERS)


def events(state: RipperState, action: int) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each."""
    seat = state.seat
    if action == A.DRAW_STOCK:
        if state.yard:
            yield seat, state.yard[-1], PASSED
    elif action == A.DRAW_DISCARD:
        yield seat, state.yard[-1], TOOK
    elif A.MELD <= action < A.LAYOFF:
        yield seat, A.MELD_FORMS[action - A.MELD][0], MELDED
    elif A.DISCARD <= action < A.TAKE:
        kind = action - A.DISCARD
        if state.phase == _RESIGN:
            yield state.resign_queue[0], kind, DISCARDED
            return
        yield seat, kind, DISCARDED
        if state.victims:
            for k in _EVIDENCE:
                if k != kind and state.melded(k):
                    yield seat, k, KEPT
    elif A.TAKE <= action < A.PLAY_SUSPECT:
        yield seat, action - A.TAKE, TOOK


def drawn(state: RipperState, action: int) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards before, how many unseen it draws) for each hand that
    ``action`` makes draw from the Case File."""
    if action == A.DRAW_STOCK:
        count = 1
    elif A.VICTIM_DRAW <= action < A.VICTIM_SCENE or action == A.STRIKES_DRAW:
        count = 2
    else:
        return
    seat = state.seat
    shown = state.shown
    unseen = state.sizes[seat] - (sum(shown[seat]) if shown is not None else 0)
    yield seat, unseen, min(count, len(state.stock))


def update(state: RipperState, action: int, leans: list[list[float]]) -> None:
    """Move the leanings for ``action``, which is about to be applied to ``state``: the
    events first (on the hand before the action), then the dilution for cards drawn."""
    for seat, kind, event in events(state, action):
        lean(leans[seat], kind, FACTORS[event])
    for seat, old, count in drawn(state, action):
        dilute(leans[seat], old, count)


def hidden(state: RipperState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen, per card kind (the part a
    determinization redeals)."""
    shown = state.shown
    hand = state.hands[seat]
    if shown is None:
        return hand[:]
    return [h - s for h, s in zip(hand, shown[seat], strict=True)]
