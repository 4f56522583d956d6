"""The turn clock of a live table: deadlines, away marks and the stand-in bot.

One :class:`TurnClock` per table runs its turns while the game is played
(:meth:`TurnClock.drive`).  When a bot is to act it plays after the visible pause.  When
a person is to act and the table has a clock (``turn_seconds``), it waits until the
seat's *deadline*; when that passes, the seat is marked **away** and the variant's
greedy bot (the *stand-in*) plays that turn.  The person takes the seat back by playing a
legal move (same token); nothing else does, nor resets the count of turns missed, so
whatever a seat sends, the game advances at least one move per clock period.  After
``ClockRules.missed_turns`` turns missed in a row the bot plays the seat for the rest of
the game.  Each of these is said in the table's log, as a note between the game's events.

Bots wait at the start of a hand until the people have read the last hand's scoring: a
hand's scoring dialog opens for every person at the table, and a bot that dealt itself
the first move of the next hand at once would move the table under it.  So before a bot
(or the stand-in) makes the first move of a hand after the first, the clock waits until
every person connected to this process has said ``{"type": "seen", "hand": N}`` (closed
the dialog of the N-th finished hand), or :data:`HAND_PAUSE` seconds.  Who counts: the
people whose sockets this process holds (someone offline cannot close a dialog: the set
time covers them, as it covers a table led by another process).

Deadlines, away marks, missed counts and notes are stored with the table, so a restart
finds the clock where it was (a deadline that passed meanwhile fires at once).  This is
the only code that sets them; the table (:mod:`.tables`) tells the clock what happened
(a move, a reload) and asks it who plays a seat.

The unit seam: the clock reaches its table through :class:`ClockTable` and the store
through :class:`ClockStore`, and takes its time source, its sleep and its wait as
arguments, so that it runs in a test with a fake table, store and time
(``tests/web/test_turnclock.py``) and no server.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import bot_names
from .store import SeatRow, TableRow

if TYPE_CHECKING:
    from ..game import Game

PLAYING = "playing"
"""The table's status while its game is played (``tables.PLAYING``)."""

STAND_IN = "greedy"
"""The bot that plays for a person whose time ran out (the variant's greedy bot)."""

HAND_PAUSE = float(os.environ.get("TABLERUMMY_HAND_PAUSE", "30"))
"""Longest wait (seconds) for the people to close a hand's scoring (decision: long enough
to read a breakdown, short enough that a person who walked away does not stall the bots;
``TABLERUMMY_HAND_PAUSE`` overrides it)."""


def stand_in(variant: str) -> str:
    names = bot_names(variant)
    return STAND_IN if STAND_IN in names else names[0]


@dataclass(frozen=True)
class ClockRules:
    """The server's turn-clock settings (the seconds per turn are each table's own)."""

    away_seconds: int = 15
    missed_turns: int = 3


class ClockTable(Protocol):
    """What the clock needs of its table (:class:`.tables.LiveTable`)."""

    row: TableRow
    game: Game
    lock: asyncio.Lock

    @property
    def id(self) -> str: ...

    def people_here(self) -> set[int]:
        """The seats whose people this process holds a socket of."""
        ...

    async def play_bot(self, seat: int, bot: str) -> None:
        """One move of ``bot`` for ``seat`` (the act of the bots and the stand-in)."""
        ...

    async def add_note(self, text: str) -> None:
        """Say ``text`` in this hand's log (stored)."""
        ...

    def broadcast(self) -> None: ...

    async def reload_locked(self) -> None:
        """Read the table as stored (its lock held): another process changed it."""
        ...


class ClockStore(Protocol):
    """What the clock stores (:class:`.store.Store`)."""

    async def time_out(self, table_id: str, deadline: float) -> bool: ...

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None: ...

    async def update_table(self, table_id: str, **values: Any) -> None: ...


async def wait_event(event: asyncio.Event, seconds: float) -> None:
    """Return when ``event`` is set or after ``seconds``, whichever comes first."""
    # asyncio.timeout, not wait_for: on 3.11 wait_for drops a cancellation that arrives
    # as the event is set, and the table's close would wait for the clock
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()


def who(spec: SeatRow) -> str:
    return f"p{spec.seat} ({spec.name})" if spec.name else f"p{spec.seat}"


Mark = tuple[float | None, int | None]
"""The clock as it was before a move (deadline, stand-in): put back if the move is lost."""


class TurnClock:
    """One table's turns: who plays a seat now, until when, and the loop that plays them.

    ``now`` (epoch seconds: deadlines are stored) and ``monotonic`` are the time sources;
    ``sleep(seconds)`` is the bots' visible pause; ``wait(event, seconds)`` waits for the
    event or the seconds.  ``shared``: the database is shared by several processes, so the
    stand-in is read from the stored table (see :meth:`derive_stand_in`).
    """

    def __init__(self, table: ClockTable, store: ClockStore, rules: ClockRules, *,
                 shared: bool = False, bot_delay: float = 0.6,
                 hand_pause: float | None = None,
                 now: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 wait: Callable[[asyncio.Event, float], Awaitable[None]] = wait_event,
                 ) -> None:
        self.table = table
        self.store = store
        self.rules = rules
        self.shared = shared
        self.bot_delay = bot_delay
        self.hand_pause = HAND_PAUSE if hand_pause is None else hand_pause
        self.now = now
        self.monotonic = monotonic
        self._sleep = sleep
        self._wait = wait
        self.standing_in: int | None = None
        """A person's seat whose turn the stand-in bot plays now."""
        self.moved = asyncio.Event()  # set by every move: wakes the loop
        self._task: asyncio.Task[None] | None = None
        self._seen: dict[int, int] = {}  # seat → the finished hands it has read
        self._seen_changed = asyncio.Event()
        self.deadline_reset = False
        """The deadline was set afresh on load: to be stored (:meth:`store_reset`)."""
        if shared:
            self.derive_stand_in()
        row = table.row
        if self.standing_in is None and row.deadline is None and row.status == PLAYING:
            # a table of an older version, or restarted while a bot stood in: a fresh turn
            row.deadline = self.deadline_for(table.game.to_act)
            self.deadline_reset = row.deadline is not None

    # --- deadlines ----------------------------------------------------------------------

    def deadline_for(self, seat: int | None) -> float | None:
        """When ``seat``'s turn, starting now, runs out; None when no clock runs for it."""
        row = self.table.row
        seconds = row.turn_seconds
        if seat is None or not seconds or row.status != PLAYING:
            return None
        spec = row.seats[seat]
        if spec.kind != "person" or spec.handed:
            return None
        if spec.away:
            seconds = min(seconds, self.rules.away_seconds)
        return self.now() + seconds

    async def store_reset(self) -> None:
        """Store the deadline set afresh on load, so that its event can be taken once."""
        if self.deadline_reset:
            await self.store.update_table(self.table.id, deadline=self.table.row.deadline)
            self.deadline_reset = False

    async def start(self) -> None:
        """Every seat is taken: the game starts, and the first turn's clock with it."""
        table = self.table
        table.row.deadline = self.deadline_for(table.game.to_act)
        await self.store.update_table(table.id, deadline=table.row.deadline)

    def next_turn(self) -> float | None:
        """A move began a new turn (or ended the game): the clock starts for the seat to
        act, and no one stands in for it.  Returns the deadline, to be committed with
        the move."""
        self.standing_in = None
        self.table.row.deadline = self.deadline_for(self.table.game.to_act)
        return self.table.row.deadline

    def mark(self) -> Mark:
        return self.table.row.deadline, self.standing_in

    def restore(self, mark: Mark) -> None:
        """Put the clock back as :meth:`mark` saw it (a move that was not committed)."""
        self.table.row.deadline, self.standing_in = mark

    def follow(self, deadline: float | None) -> None:
        """Another process committed moves: take its stored deadline."""
        self.table.row.deadline = deadline
        self.reread()

    # --- the stand-in -------------------------------------------------------------------

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, or one standing in for a person."""
        spec = self.table.row.seats[seat]
        if spec.kind == "bot" or spec.handed:
            return spec.bot
        if self.standing_in == seat:
            return stand_in(self.table.game.variant.name)
        return None

    def reread(self) -> None:
        """The table was read again (its row or game replaced): drop a stand-in whose
        turn is over, and (shared) take the stand-in the stored table says."""
        table = self.table
        seat = self.standing_in
        if seat is not None and (not table.row.seats[seat].away or table.game.to_act != seat
                                 or table.row.status != PLAYING):
            self.standing_in = None
        if self.shared:
            self.derive_stand_in()

    def derive_stand_in(self) -> None:
        """A person away whose turn has no deadline: the stand-in bot is playing it.

        That is how the stored table says it (the clock clears the deadline when its bot
        steps in), so that a process taking the table over — its leader having died
        mid-turn — plays the rest of the turn.
        """
        row = self.table.row
        seat = self.table.game.to_act
        if (seat is not None and row.status == PLAYING and row.turn_seconds
                and row.deadline is None and row.seats[seat].kind == "person"
                and row.seats[seat].away and not row.seats[seat].handed):
            self.standing_in = seat

    async def time_out(self, spec: SeatRow) -> None:
        """The seat's time ran out: mark it away (or hand it over) and stand in this turn."""
        table = self.table
        async with table.lock:
            row = table.row
            spec = row.seats[spec.seat]
            if table.game.to_act != spec.seat or row.deadline is None or (
                    row.deadline > self.now()):
                return  # they acted meanwhile
            if not await self.store.time_out(table.id, row.deadline):
                # the stored clock changed (another process took this event, or the
                # person acted there): read the table as it is
                await table.reload_locked()
                return
            bot = stand_in(table.game.variant.name)
            spec.away, spec.missed = True, spec.missed + 1
            if self.rules.missed_turns and spec.missed >= self.rules.missed_turns:
                spec.bot = bot
                text = (f"{who(spec)} missed {spec.missed} turns in a row: the {bot} bot"
                        " plays the seat for the rest of the game")
            else:
                text = f"{who(spec)} ran out of time: the {bot} bot plays this turn"
            self.standing_in = spec.seat
            row.deadline = None
            await self.store.update_seat(table.id, spec.seat, away=1, missed=spec.missed,
                                         bot=spec.bot)
            await table.add_note(text)
            table.broadcast()

    async def come_back(self, seat: int) -> None:
        """A person marked away played a move: the seat is theirs again (the clock
        restarts, the missed turns are forgiven).  Called only after a move was committed,
        with the table's lock held."""
        table = self.table
        spec = table.row.seats[seat]
        if not spec.away or spec.handed:
            return
        spec.away, spec.missed = False, 0
        if self.standing_in == seat:
            self.standing_in = None
        await self.store.update_seat(table.id, seat, away=0, missed=0)
        if table.game.to_act == seat:
            table.row.deadline = self.deadline_for(seat)
            await self.store.update_table(table.id, deadline=table.row.deadline)
        await table.add_note(f"{who(spec)} is back")
        self.moved.set()
        table.broadcast()

    # --- the pause while people read a hand's scoring ---------------------------------------

    def mark_seen(self, seat: int | None, hand: int) -> None:
        """The person at ``seat`` closed the scoring of the ``hand``-th finished hand."""
        if seat is None:
            return
        self._seen[seat] = max(self._seen.get(seat, 0), hand)
        self._seen_changed.set()

    def readers(self) -> set[int]:
        """The seats still reading the last hand's scoring (empty once the hand is under way)."""
        table = self.table
        game = table.game
        finished = len(game.hands) - 1
        if finished < 1 or game.hands[-1].actions or game.game_over:
            return set()
        return {seat for seat in table.people_here()
                if table.row.seats[seat].kind == "person"
                and self._seen.get(seat, 0) < finished}

    async def wait_for_readers(self) -> None:
        """Return when no person is reading the last hand's scoring, or after the pause."""
        deadline = self.monotonic() + self.hand_pause
        while self.readers():
            left = deadline - self.monotonic()
            if left <= 0:
                return
            self._seen_changed.clear()
            await self._wait(self._seen_changed, left)

    # --- the loop -----------------------------------------------------------------------

    def has_work(self) -> bool:
        """Whether the loop has something to do: a bot to play, or a deadline to watch."""
        table = self.table
        seat = table.game.to_act
        return (table.row.status == PLAYING and seat is not None
                and (self.bot_for(seat) is not None or table.row.deadline is not None))

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def run(self) -> None:
        """Start the loop (in a task of its own) unless it runs."""
        if not self.running:
            self._task = asyncio.create_task(self.drive())

    def stop(self) -> None:
        """Stop the loop (another process leads the table now)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def drive(self) -> None:
        """The turn loop: returns when a person is to act with no clock, or at the end."""
        while await self.step():
            pass

    async def step(self) -> bool:
        """One turn of the loop: a bot's move, a wait, or a time-out; False: nothing to do."""
        table = self.table
        if table.row.status != PLAYING:
            return False
        seat = table.game.to_act
        if seat is None:
            return False
        bot = self.bot_for(seat)
        if bot is not None:
            await self.wait_for_readers()  # the people read the last hand's scoring first
            await self._sleep(self.bot_delay)
            await table.play_bot(seat, bot)
            return True
        deadline = table.row.deadline
        if deadline is None:
            return False  # no clock: the person takes their time
        wait = deadline - self.now()
        if wait > 0:  # until the deadline, or until something moves
            self.moved.clear()
            await self._wait(self.moved, wait)
            return True
        await self.time_out(table.row.seats[seat])
        return True
