"""Bots wait at the start of a hand until the people have read the last hand's scoring.

A hand's scoring dialog opens for every person at the table; a bot that dealt itself the
first move of the next hand at once would move the table under it.  So before a bot (or
the turn clock's stand-in) makes the first move of a hand after the first, the table
waits until every person connected to this process has said ``{"type": "seen", "hand":
N}`` (closed the dialog of the N-th finished hand), or :data:`HAND_PAUSE` seconds.

Who counts: the people whose sockets this process holds (someone offline cannot close a
dialog: the set time covers them, as it covers a table led by another process).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tables import LiveTable

HAND_PAUSE = float(os.environ.get("TABLERUMMY_HAND_PAUSE", "30"))
"""Longest wait (seconds) for the people to close a hand's scoring (decision: long enough
to read a breakdown, short enough that a person who walked away does not stall the bots;
``TABLERUMMY_HAND_PAUSE`` overrides it)."""


class _Seen:
    def __init__(self) -> None:
        self.hands: dict[int, int] = {}  # seat → the finished hands it has read
        self.changed = asyncio.Event()


_SEEN: weakref.WeakKeyDictionary[LiveTable, _Seen] = weakref.WeakKeyDictionary()


def _of(table: LiveTable) -> _Seen:
    found = _SEEN.get(table)
    if found is None:
        found = _SEEN[table] = _Seen()
    return found


def mark_seen(table: LiveTable, seat: int | None, hand: int) -> None:
    """The person at ``seat`` closed the scoring of the ``hand``-th finished hand."""
    if seat is None:
        return
    seen = _of(table)
    seen.hands[seat] = max(seen.hands.get(seat, 0), hand)
    seen.changed.set()


def readers(table: LiveTable) -> set[int]:
    """The seats still reading the last hand's scoring (empty once the hand is under way)."""
    game = table.game
    finished = len(game.hands) - 1
    if finished < 1 or game.hands[-1].actions or game.game_over:
        return set()
    seen = _of(table).hands
    return {c.seat for c in table.connections if c.seat is not None
            and table.row.seats[c.seat].kind == "person"
            and seen.get(c.seat, 0) < finished}


async def wait_for_readers(table: LiveTable) -> None:
    """Return when no person is reading the last hand's scoring, or after the pause."""
    deadline = time.monotonic() + HAND_PAUSE
    seen = _of(table)
    while readers(table):
        left = deadline - time.monotonic()
        if left <= 0:
            return
        seen.changed.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(left):
                await seen.changed.wait()
