"""What a player's public play says about the cards in its hand (Jack the Ripper).

The same reasoning as Al Capone's (:mod:`tablerummy.capone.beliefs`, which says why): a
player who lets a card lie in Scotland Yard and draws from the Case File is unlikely to
hold more of it, one who takes it probably does, one who discards a kind holds few
others of it, and one who ends its turn without laying off Evidence it could have laid
off holds none.  Each event multiplies the player's leaning towards the card kind
(:func:`tablerummy.determinize.lean`); unseen cards drawn dilute it
(:func:`tablerummy.determinize.dilute`); the determinizations deal by it.  As in Al
Capone, the position notes each action's public facts (:func:`note`) and reads the notes
only when a deal asks (leaning at every action made random playouts 1.5 × slower).

Everything read is public — the action, Scotland Yard's top card, the melds on the
table — so a leaning is the same for every observer and no search peeks through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..determinize import Leanings, Note, dilute, lean
from ..mystery import MysteryState
from . import actions as A
from .cards import LETTERS, NK, NS
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


def note(state: RipperState, action: int) -> Note | None:
    """The public facts ``action`` (about to be applied to ``state``) leans by, or None:
    ``(seat, action, …)`` with what the action needs — Scotland Yard's top card, who
    discards and whether Victims are in play (Evidence can be laid off only then), the
    unseen cards of a hand that draws and how many it draws.  Which Evidence lies melded
    is not taken here (it cost 5 µs, most of a note's time): it first lies melded by a
    meld, so the reader knows it from the meld notes before (:func:`lean_note`)."""
    seat = state.seat
    stock = len(state.stock)
    if action == A.DRAW_STOCK:
        top = state.yard[-1] if state.yard else -1
        return (seat, action, top, state.unseen(seat), min(1, stock))
    if action == A.DRAW_DISCARD:
        return (seat, action, state.yard[-1])
    if A.MELD <= action < A.LAYOFF:
        return (seat, action)
    if A.DISCARD <= action < A.TAKE:
        if state.phase == _RESIGN:
            return (state.resign_queue[0], action, False)
        return (seat, action, state.victims > 0)
    if A.TAKE <= action < A.PLAY_SUSPECT:
        return (seat, action)
    if A.VICTIM_DRAW <= action < A.VICTIM_SCENE or action == A.STRIKES_DRAW:
        return (seat, action, -1, state.unseen(seat), min(2, stock))
    return None


def _events(noted: Note | None, melded: int) -> Iterator[tuple[int, int, str]]:
    """The belief events of a note: (seat, card kind, event); ``melded`` has bit ``k``
    set for each Evidence kind (a suspect's, Letters) melded on the table."""
    if noted is None:
        return
    seat, action = noted[0], noted[1]
    if action == A.DRAW_STOCK:
        if noted[2] >= 0:
            yield seat, noted[2], PASSED
    elif action == A.DRAW_DISCARD:
        yield seat, noted[2], TOOK
    elif A.MELD <= action < A.LAYOFF:
        yield seat, A.MELD_FORMS[action - A.MELD][0], MELDED
    elif A.DISCARD <= action < A.TAKE:
        kind = action - A.DISCARD
        yield seat, kind, DISCARDED
        if noted[2]:
            for k in _EVIDENCE:
                if melded >> k & 1 and k != kind:
                    yield seat, k, KEPT
    elif A.TAKE <= action < A.PLAY_SUSPECT:
        yield seat, action - A.TAKE, TOOK


def _drawn(noted: Note | None) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards before, how many unseen it draws) for the hand that the
    noted action makes draw from the Case File."""
    if noted is None:
        return
    action = noted[1]
    if action == A.DRAW_STOCK or A.VICTIM_DRAW <= action < A.VICTIM_SCENE \
            or action == A.STRIKES_DRAW:
        yield noted[0], noted[3], noted[4]


def events(state: RipperState, action: int) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each (what the calibration counts)."""
    melded = sum(1 << k for k in _EVIDENCE if state.melded(k))
    return _events(note(state, action), melded)


def drawn(state: RipperState, action: int) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards before, how many unseen it draws) for each hand that
    ``action`` makes draw from the Case File."""
    return _drawn(note(state, action))


def lean_note(noted: Note, leans: list[list[float]], melded: int) -> int:
    """Move the leanings by one note: the events first (on the hand before the action),
    then the dilution for cards drawn.  ``melded``: the Evidence melded before this note
    (see :func:`_events`); returned with this note's meld added."""
    for seat, kind, event in _events(noted, melded):
        lean(leans[seat], kind, FACTORS[event])
    for seat, old, count in _drawn(noted):
        dilute(leans[seat], old, count)
    action = noted[1]
    if A.MELD <= action < A.LAYOFF:
        melded |= 1 << A.MELD_FORMS[action - A.MELD][0]
    return melded


def leanings(players: int) -> Leanings:
    """The leanings of a new hand (every card kind weighs 1)."""
    return Leanings(lean_note, players, NK)


def hidden(state: MysteryState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen (what the calibration compares)."""
    return state.hidden(seat)
