"""Turns at a live table: bots play their seats, and the turn clock plays for absent people.

One task per table (:func:`drive`) runs while the game is played.  When a bot is to act it
asks the bot pool for a move after the visible pause.  When a person is to act and the
table has a clock (``turn_seconds``), it waits until the seat's *deadline*; when that
passes, the seat is marked **away** and the variant's greedy bot plays that turn.  The
person takes the seat back by playing a legal move (same token); nothing else does,
nor resets the count of turns missed, so whatever a seat sends, the game advances at
least one move per clock period.  After ``Settings.missed_turns`` turns missed in a row
the bot plays the seat for the rest of the game.  Each of these is said in the table's
log, as a note between the game's events.

Deadlines, away marks, missed counts and notes are stored with the table, so a restart
finds the clock where it was (a deadline that passed meanwhile fires at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bots import bot_names
from .handpause import wait_for_readers
from .store import Note, SeatRow

if TYPE_CHECKING:
    from .tables import LiveTable

STAND_IN = "greedy"
"""The bot that plays for a person whose time ran out (the variant's greedy bot)."""


def stand_in(variant: str) -> str:
    names = bot_names(variant)
    return STAND_IN if STAND_IN in names else names[0]


@dataclass(frozen=True)
class ClockRules:
    """The server's turn-clock settings (the seconds per turn are each table's own)."""

    away_seconds: int = 15
    missed_turns: int = 3


def deadline_for(table: LiveTable, seat: int | None, now: float | None = None) -> float | None:
    """When ``seat``'s turn, starting now, runs out; None when no clock runs for it."""
    seconds = table.row.turn_seconds
    if seat is None or not seconds or table.status != "playing":
        return None
    spec = table.row.seats[seat]
    if spec.kind != "person" or spec.handed:
        return None
    if spec.away:
        seconds = min(seconds, table.manager.clock.away_seconds)
    return (time.time() if now is None else now) + seconds


def who(spec: SeatRow) -> str:
    return f"p{spec.seat} ({spec.name})" if spec.name else f"p{spec.seat}"


async def drive(table: LiveTable) -> None:
    """The table's turn loop: returns when a person is to act with no clock, or at the end."""
    while table.status == "playing":
        seat = table.game.to_act
        if seat is None:
            return
        spec = table.row.seats[seat]
        bot = table.bot_for(seat)
        if bot is not None:
            await wait_for_readers(table)  # the people read the last hand's scoring first
            await asyncio.sleep(table.manager.bot_delay)
            await table.play_bot(seat, bot)
            continue
        deadline = table.row.deadline
        if deadline is None:
            return  # no clock: the person takes their time
        wait = deadline - time.time()
        if wait > 0:  # until the deadline, or until something moves
            table.moved.clear()
            # asyncio.timeout, not wait_for: on 3.11 wait_for drops a cancellation that
            # arrives as the event is set, and the table's close would wait for the clock
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await table.moved.wait()
            continue
        await time_out(table, spec)


async def time_out(table: LiveTable, spec: SeatRow) -> None:
    """The seat's time ran out: mark it away (or hand it over) and stand in this turn."""
    async with table.lock:
        if table.game.to_act != spec.seat or table.row.deadline is None or (
                table.row.deadline > time.time()):
            return  # they acted meanwhile
        if not await table.manager.store.time_out(table.id, table.row.deadline):
            # the stored clock changed (another process took this event, or the person
            # acted there): read the table as it is
            await table._catch_up_locked()
            return
        rules = table.manager.clock
        bot = stand_in(table.game.variant.name)
        spec.away, spec.missed = True, spec.missed + 1
        if rules.missed_turns and spec.missed >= rules.missed_turns:
            spec.bot = bot
            text = (f"{who(spec)} missed {spec.missed} turns in a row: the {bot} bot plays"
                    " the seat for the rest of the game")
        else:
            text = f"{who(spec)} ran out of time: the {bot} bot plays this turn"
        table.standing_in = spec.seat
        table.row.deadline = None
        await table.manager.store.update_seat(table.id, spec.seat, away=1, missed=spec.missed,
                                              bot=spec.bot)
        await table.add_note(text)
        table.broadcast()


async def come_back(table: LiveTable, seat: int) -> None:
    """A person marked away played a move: the seat is theirs again (the clock restarts,
    the missed turns are forgiven).  Called only after a move was committed."""
    spec = table.row.seats[seat]
    if not spec.away or spec.handed:
        return
    spec.away, spec.missed = False, 0
    if table.standing_in == seat:
        table.standing_in = None
    await table.manager.store.update_seat(table.id, seat, away=0, missed=0)
    if table.game.to_act == seat:
        table.row.deadline = deadline_for(table, seat)
        await table.manager.store.update_table(table.id, deadline=table.row.deadline)
    await table.add_note(f"{who(spec)} is back")
    table.moved.set()
    table.broadcast()


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
