"""What a player's public play says about the gangsters in its hand (Al Capone).

A searching bot that deals the unseen cards uniformly ignores what everyone at the table
saw: a player who lets a Ralph Capone lie in the Underworld and draws from the Case File
instead is unlikely to hold two Ralph Capones; one who takes it probably holds more.
Francis, Just & Neller ("Opponent Hand Estimation in the Game of Gin Rummy", EAAI-21)
found such estimates worth a significant edge.  Here each seat's public play moves a
*leaning* per card kind (:func:`tablerummy.determinize.lean`), and the determinizations
deal the unseen cards in proportion to it (:func:`tablerummy.determinize.deal_leaning`).
The position notes the public facts of each action as it is played (:func:`note`, about
1 µs) and its :class:`~tablerummy.determinize.Leanings` read the notes only when a deal
asks: leaning at every action made random playouts of the true position 1.9 × slower.

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

from ..determinize import Leanings, Note, dilute, lean
from ..mystery import MysteryState
from . import actions as A
from .cards import NG, NK

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
them there, and :func:`lean_note` leans before it dilutes for the drawn cards."""


def note(state: CaponeState, action: int) -> Note | None:
    """The public facts ``action`` (about to be applied to ``state``) leans by, or None:
    ``(seat, action, …)`` with what the action needs — the Underworld's top card, who
    gave to an Agent Meeting and how many, the unseen cards of a hand that draws and how
    many it draws.  What a discard could have laid off is not taken here (it cost 4 µs,
    most of a note's time): a gangster can be laid off once some area holds 3 of it,
    which first happens by a meld, so the reader knows it from the meld notes before
    (:func:`lean_note`'s memory)."""
    seat = state.seat
    stock = len(state.stock)
    if action == A.DRAW_STOCK:
        top = state.discard[-1] if state.discard else -1
        return (seat, action, top, state.unseen(seat), min(2, stock))
    if action == A.DRAW_DISCARD:
        return (seat, action, state.discard[-1])
    if action < A.LAYOFF:
        return (seat, action)
    if action < A.DISCARD:
        return None
    if action < A.ASK_AROUND:
        return (seat, action)
    if action < A.ASK_DIRECTLY:
        g = action - A.ASK_AROUND
        n = state.players
        for step in range(1, n):
            other = (seat + step) % n
            if state.hands[other][g]:  # who gives is announced
                return (seat, action, n, other, state.unseen(other) - 1, min(1, stock))
        return (seat, action, n, -1, 0, 0)
    if action < A.SEARCH_INDIVIDUALLY:
        g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
        given = state.hands[target][g]  # how many is announced
        return (seat, action, state.unseen(target) - given, min(given, stock))
    if action == A.DRAW_TWO:
        return (seat, action, -1, state.unseen(seat), min(2, stock))
    return None


def _events(noted: Note | None, melded: int) -> Iterator[tuple[int, int, str]]:
    """The belief events of a note: (seat, card kind, event); ``melded`` has bit ``g``
    set for each gangster that some area holds 3 or more of (so can be laid off)."""
    if noted is None:
        return
    seat, action = noted[0], noted[1]
    if action == A.DRAW_STOCK:
        if noted[2] >= 0:
            yield seat, noted[2], PASSED
    elif action == A.DRAW_DISCARD:
        yield seat, noted[2], TOOK
    elif action < A.LAYOFF:
        yield seat, (action - A.MELD) // A.MELD_SIZES, MELDED
    elif action < A.TAKE:
        kind = action - A.DISCARD
        yield seat, kind, DISCARDED
        for g in range(NG):
            if melded >> g & 1 and g != kind:
                yield seat, g, KEPT
    elif action < A.ASK_AROUND:
        yield seat, action - A.TAKE, TOOK
    elif action < A.ASK_DIRECTLY:
        g = action - A.ASK_AROUND
        n, giver = noted[2], noted[3]
        for step in range(1, n):  # those asked before the one who gave had none
            other = (seat + step) % n
            if other == giver:
                break
            yield other, g, NONE
    elif action < A.SEARCH_INDIVIDUALLY:
        g, target = divmod(action - A.ASK_DIRECTLY, A.MAX_SEATS)
        yield target, g, NONE  # it gives every one it has


def _drawn(noted: Note | None) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards left from before, how many unseen it draws) per hand that
    the noted action makes draw from the Case File."""
    if noted is None:
        return
    seat, action = noted[0], noted[1]
    if action in (A.DRAW_STOCK, A.DRAW_TWO):
        yield seat, noted[3], noted[4]
    elif A.ASK_AROUND <= action < A.ASK_DIRECTLY:
        if noted[3] >= 0:
            yield noted[3], noted[4], noted[5]
    elif A.ASK_DIRECTLY <= action < A.SEARCH_INDIVIDUALLY:
        yield (action - A.ASK_DIRECTLY) % A.MAX_SEATS, noted[2], noted[3]


def events(state: CaponeState, action: int) -> Iterator[tuple[int, int, str]]:
    """The belief events ``action`` makes, about to be applied to ``state``:
    (seat, card kind, event) for each (what the calibration counts)."""
    melded = sum(1 << g for g in range(NG) if any(area[g] >= 3 for area in state.areas))
    return _events(note(state, action), melded)


def drawn(state: CaponeState, action: int) -> Iterator[tuple[int, int, int]]:
    """(seat, its unseen cards before, how many unseen it draws) for each hand that
    ``action`` makes draw from the Case File."""
    return _drawn(note(state, action))


def lean_note(noted: Note, leans: list[list[float]], melded: int) -> int:
    """Move the leanings by one note: the events first (on the hands before the action),
    then each hand that drew unseen cards is diluted towards uniform by them
    (:func:`~tablerummy.determinize.dilute`).  ``melded``: the gangsters melded before
    this note (see :func:`_events`); returned with this note's meld added."""
    for seat, kind, event in _events(noted, melded):
        lean(leans[seat], kind, FACTORS[event])
    for seat, old, count in _drawn(noted):
        dilute(leans[seat], old, count)
    action = noted[1]
    if A.MELD <= action < A.LAYOFF:
        melded |= 1 << (action - A.MELD) // A.MELD_SIZES
    return melded


def leanings(players: int) -> Leanings:
    """The leanings of a new hand (every card kind weighs 1)."""
    return Leanings(lean_note, players, NK)


def hidden(state: MysteryState, seat: int) -> list[int]:
    """What of ``seat``'s hand nobody else has seen (what the calibration compares)."""
    return state.hidden(seat)
