"""What a live table has already said to each reader: its state messages, kept per reader.

A table sends every connection a state message after each move; many connections read
the same seat (or watch), and each message is built from the seat's observation, the
hand's events in that seat's words and the table's facts.  :class:`ViewCache` builds each
message once per version of the table and reader, and what goes into it once per what it
depends on:

- the messages, until the next move (a new version) or broadcast (who is online changed);
- the table's facts (:meth:`ViewTable.meta`), likewise;
- each reader's events of the current hand, read so far: each new event is read once
  (reading the whole hand again for every message was a fifth of building it);
- each reader's summary of the last hand, until the next hand ends.

The table's notes (the turn clock's) are merged into the events where they happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..present import View
from ..variant import Observation
from .protocol import dumps, hand_summary, seat_message
from .store import Note, TableRow

if TYPE_CHECKING:
    from ..game import Game

Key = tuple[int | None, bool, int, bool]
"""A message's reader and what it carries: seat, with history, log from, hand done."""


class ViewTable(Protocol):
    """What the cache reads of its table (:class:`.tables.LiveTable`)."""

    row: TableRow
    game: Game
    faces: Any

    @property
    def version(self) -> int: ...

    def meta(self) -> dict[str, Any]: ...

    def offers(self, seat: int) -> bool:
        """Whether ``seat`` is offered its legal moves now (its turn, its to play)."""
        ...


def merge_notes(events: list[str], notes: list[Note], hand: int) -> list[str]:
    """A hand's events with the table's notes of that hand put where they happened."""
    mine = [n for n in notes if n.hand == hand]
    if not mine:
        return events
    out: list[str] = []
    index = 0
    for note in mine:
        out.extend(events[index:note.at])
        index = max(index, note.at)
        out.append(note.text)
    out.extend(events[index:])
    return out


class ViewCache:
    """The state messages of one table, per reader (see the module)."""

    def __init__(self, table: ViewTable) -> None:
        self.table = table
        self._messages: dict[Key, tuple[str, int]] = {}
        self._version = -1
        self._meta: dict[str, Any] | None = None
        self._read: dict[int | None, tuple[int, list[str]]] = {}
        self._summaries: dict[int | None, tuple[tuple[int, bool], View | None]] = {}

    # --- what changed -------------------------------------------------------------------

    def changed(self) -> None:
        """The table's facts may have changed without a move (a broadcast follows)."""
        self._messages.clear()
        self._meta = None
        self._version = self.table.version

    def noted(self) -> None:
        """A note was added to the log: the messages say it from now on."""
        self._messages.clear()

    def forget(self) -> None:
        """The game was rebuilt (replayed): nothing read of the old one holds."""
        self._messages.clear()
        self._meta = None
        self._read.clear()
        self._summaries.clear()

    def _fresh(self) -> None:
        """Forget the messages and facts of an older version."""
        if self._version != self.table.version:
            self._messages.clear()
            self._meta = None
            self._version = self.table.version

    # --- reading ------------------------------------------------------------------------

    def events(self, seat: int | None, hand: int | None = None) -> list[str]:
        """A hand's events as ``seat`` may read them, with the table's notes among them."""
        game = self.table.game
        index = len(game.hands) - 1 if hand is None else hand
        return list(merge_notes(self._events_read(seat, index), self.table.row.notes, index))

    def _events_read(self, seat: int | None, hand: int) -> list[str]:
        """A hand's events in ``seat``'s words (read it, do not change it); those of the
        current hand are kept per reader, and each new event is read once."""
        game = self.table.game
        if hand != len(game.hands) - 1:
            return game.events(seat, hand)
        kept = self._read.get(seat)
        if kept is None or kept[0] != hand:
            kept = self._read[seat] = (hand, [])
        texts = kept[1]
        texts.extend(game.events(seat, hand, len(texts)))
        return texts

    def _summary(self, seat: int | None, obs: Observation) -> View | None:
        """The last hand's summary for ``seat``: built once per finished hand and reader."""
        game = self.table.game
        key = (len(game.hands), game.game_over)
        kept = self._summaries.get(seat)
        if kept is None or kept[0] != key:
            kept = self._summaries[seat] = (
                key, hand_summary(game.variant, obs, spectator=seat is None))
        return kept[1]

    def facts(self) -> dict[str, Any]:
        """The table's :meth:`~ViewTable.meta` for the state messages: like them, built
        again after each move and broadcast only (every change of the facts is broadcast)."""
        self._fresh()
        if self._meta is None:
            self._meta = self.table.meta()
        return self._meta

    def _history(self, seat: int | None) -> list[list[str]]:
        """The earlier hands' events as ``seat`` may read them (like ``Game.events``)."""
        return [self.events(seat, index) for index in range(len(self.table.game.hands) - 1)]

    def message_for(self, seat: int | None, with_history: bool = False,
                    log_from: int = 0, hand_done: bool = False) -> tuple[str, int]:
        """The state message for a seat (None: watchers), built from its observation.

        ``log_from`` is how many of this hand's events the connection already has: only
        the new ones are sent.  ``hand_done``: a hand ended since the connection's last
        message, so the message carries that whole hand's events (its going-out discard
        and "the hand is over" came after the last increment).  Returns the message and
        the number of events so far.
        """
        self._fresh()
        key = (seat, with_history, log_from, hand_done)
        cached = self._messages.get(key)
        if cached is not None:
            return cached
        table = self.table
        game = table.game
        obs = game.observation(0 if seat is None else seat)
        index = len(game.hands) - 1
        events = merge_notes(self._events_read(seat, index), table.row.notes, index)
        legal = game.legal_texts() if seat is not None and table.offers(seat) else None
        text = dumps(seat_message(
            game.variant, obs, events, legal, self.facts(), table.version,
            history=self._history(seat) if with_history else None, spectator=seat is None,
            log_from=min(log_from, len(events)),
            hand_log=(game.events(seat, len(game.hands) - 2)
                      if hand_done and len(game.hands) > 1 else None),
            faces=table.faces, last=self._summary(seat, obs),
        ))
        self._messages[key] = (text, len(events))
        return text, len(events)
