"""Hints at the web table: the three best moves now, for the seat that asks, and only it.

A person at a table that offers hints (the ``hints`` option, see
:func:`.limits.check_hints`) sends ``{"type": "hint"}`` on their turn; the server asks
:func:`tablerummy.coach.hints` in the bot pool, from that seat's position (the coach
searches determinizations of the seat's own knowledge, never the true deal), and answers
that one connection with ``{"type": "hint", "hints": [...]}``.  Nothing of it goes to
any other socket: not a watcher's, not another player's, not the same seat's other tab.

A hint is a search of about a second of CPU, so it is bounded like the replays: one in
flight per seat, ``Settings.hints_per_minute`` per address group, and no more at once
than the pool's short jobs (:meth:`.botpool.BotPool.job`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
from typing import TYPE_CHECKING, Any

from ..errors import TablerummyError
from .botpool import BotPool
from .limits import QuotaError, RateWindow, Settings
from .protocol import dumps, error_message
from .store import TableRow
from .tables import Connection, LiveTable, TableError, hints_on, replay_row

if TYPE_CHECKING:
    from ..coach import Budget

log = logging.getLogger("tablerummy.web")


def scaled(budget: Budget, iterations: int, playouts: int = 0) -> Budget:
    """``budget`` with ``iterations`` and no time cap (0: as it is), and ``playouts``
    per candidate (0: as they are): the server's settings.

    A fixed number of iterations gives the same answer on any machine and under any
    load (the tests set a few); a time cap would cut a search short while a freshly
    started worker imports its modules.
    """
    changes: dict[str, Any] = {}
    if iterations:  # the playouts per move: no more than the iterations
        changes.update(iterations=iterations, seconds=None,
                       playouts=max(1, min(budget.playouts, iterations)))
    if playouts:
        changes["playouts"] = playouts
    return dataclasses.replace(budget, **changes) if changes else budget


def hint_seed(table_seed: int, seat: int, version: int) -> int:
    """The search's seed of a hint: the same position always gets the same hint."""
    return random.Random(f"tablerummy/{table_seed}/hint/{seat}/{version}").getrandbits(63)


def hint_job(row: TableRow, seat: int, seed: int, iterations: int) -> list[dict[str, Any]]:
    """In a worker: the hints for ``seat`` at the stored table's position (plain data)."""
    from ..coach import Budget, hints

    game = replay_row(row)
    budget = scaled(Budget.hint(), iterations)
    return [hint.to_json() for hint in hints(game, seat, budget=budget, seed=seed)]


class Hints:
    """The ``hint`` message's limits and its work in the pool (one per app)."""

    def __init__(self, settings: Settings, pool: BotPool) -> None:
        self.settings = settings
        self.pool = pool
        self.window = RateWindow(settings.hints_per_minute, 60.0)
        self.asking: set[tuple[str, int]] = set()
        """(table, seat) whose hint is being worked out: one at a time per seat."""
        self.tasks: set[asyncio.Task[None]] = set()

    def ask(self, table: LiveTable, conn: Connection, ref: str | int | None,
            group: str) -> None:
        """Start working out a hint for ``conn``'s seat, or raise a one-line refusal."""
        seat = conn.seat
        if seat is None:
            raise TableError("hints are for the players: join a seat to play")
        if not hints_on(table.row):
            raise TableError("hints are off at this table")
        if not table.offers(seat):
            raise TableError("a hint is for the seat to act: ask on your turn")
        key = (table.id, seat)
        if key in self.asking:
            raise QuotaError("a hint for your seat is being worked out: wait for it")
        if not self.window.take(group):
            raise QuotaError(f"too many hints from your address (at most"
                             f" {self.settings.hints_per_minute} a minute): wait a little")
        row = table.row
        # a copy: the table's row grows with its moves while the job waits to be sent
        snapshot = dataclasses.replace(row, actions=list(row.actions), seats=[], notes=[])
        version = table.version
        self.asking.add(key)
        task = asyncio.create_task(self._answer(table, conn, ref, key, snapshot, version))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _answer(self, table: LiveTable, conn: Connection, ref: str | int | None,
                      key: tuple[str, int], row: TableRow, version: int) -> None:
        seat = key[1]
        try:
            found = await self.pool.job(
                "the server is busy working out other hints: ask again in a moment",
                hint_job, row, seat, hint_seed(row.seed, seat, version),
                self.settings.hint_iterations)
        except TablerummyError as err:
            conn.post(dumps(error_message(str(err), table.version, ref)))
            return
        except Exception:
            log.exception("table %s: the hint for p%d failed", table.id, seat)
            conn.post(dumps(error_message("the hint could not be worked out", table.version,
                                          ref)))
            return
        finally:
            self.asking.discard(key)
        if table.version != version:
            conn.post(dumps(error_message("the table moved on while the hint was worked out:"
                                          " ask again", table.version, ref)))
            return
        message: dict[str, Any] = {"type": "hint", "version": version, "seat": seat,
                                   "hints": found}
        if ref is not None:
            message["id"] = ref
        conn.post(dumps(message))

    async def close(self) -> None:
        await cancel_all(self.tasks)


async def cancel_all(tasks: set[asyncio.Task[None]]) -> None:
    """Cancel ``tasks`` and wait for them (their ends are no news at shutdown)."""
    for task in list(tasks):
        task.cancel()
    for task in list(tasks):
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
