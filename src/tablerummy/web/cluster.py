"""Several server processes on one PostgreSQL database: notifications and leases.

Every process serves any client of any table.  The database is the one authority:

- a move is committed with a version check in its transaction (see
  :meth:`.store.Store.append`), so two processes can never both commit move N of a table;
- every committed change of a table sends ``NOTIFY tablerummy, 'TABLE:VERSION:ORIGIN'``
  (delivered when the transaction commits); each process ``LISTEN``s on one connection
  of its own, reads the new rows of the tables it has open (:meth:`LiveTable.catch_up`)
  and pushes the new state to its own sockets;
- bots, the turn clock and its notes are run by the one process that *leads* the table:
  ``rummy_tables.lease_owner``, claimed with ``FOR UPDATE SKIP LOCKED`` only when no
  living process leads it.  A process lives while its heartbeat row
  (``rummy_workers``) is fresh; when it dies (``kill -9``), its tables are claimed by
  the others within ``TABLERUMMY_LEASE_SECONDS``, which go on from the stored rows.

A process that stalls past its lease and wakes up finds on its next heartbeat that
it no longer leads the table and stops; until then the version check refuses any
move it would make twice, and the turn clock's event is taken by clearing the stored
deadline only if it is still the one seen (:meth:`.store.Store.time_out`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from ..errors import TablerummyError
from .database import CHANNEL, StoreError, env_seconds, libpq_url

if TYPE_CHECKING:
    import psycopg

    from .tables import TableManager

log = logging.getLogger("tablerummy.web")

LEASE_SECONDS = 10.0
"""How long a process's leases outlive its last heartbeat (``TABLERUMMY_LEASE_SECONDS``)."""


def lease_seconds() -> float:
    return env_seconds("TABLERUMMY_LEASE_SECONDS", LEASE_SECONDS, 1.0, 3600.0)


class Cluster:
    """This process's part in a shared database: its heartbeat, leases and listener."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = manager.store
        self.lease = lease_seconds()
        self._tasks: list[asyncio.Task[None]] = []
        self._claims: set[str] = set()
        self._pending: set[asyncio.Task[None]] = set()
        self._reads: list[tuple[str, int, asyncio.Future[
            tuple[str, float | None, list[str]] | None]]] = []
        self._reader: asyncio.Task[None] | None = None
        self._read_conn: psycopg.AsyncConnection[Any] | None = None

    async def start(self) -> int:
        """Heartbeat, lead the tables no one leads, listen; returns how many it leads."""
        await self.store.leases.heartbeat(self.lease)
        listening = asyncio.Event()
        self._tasks.append(asyncio.create_task(self._listen(listening)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(listening.wait(), 10)
        taken = await self._claim_orphans()
        self._tasks.append(asyncio.create_task(self._leases()))
        return taken

    async def close(self) -> None:
        for task in [*self._tasks, *self._pending]:
            task.cancel()
        for task in [*self._tasks, *self._pending]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._reader is not None:
            self._reader.cancel()
        if self._read_conn is not None:
            await self._read_conn.close()
        with contextlib.suppress(TablerummyError):
            await self.store.leases.release()  # the others take over at once

    # --- leases -------------------------------------------------------------------------

    def claim_soon(self, table_id: str) -> None:
        """Try to lead one table now (a new game, a move made here of a table no one leads)."""
        if table_id in self._claims:
            return
        self._claims.add(table_id)
        self.spawn(self._claim_one(table_id))

    def spawn(self, coro: object) -> None:
        task = asyncio.ensure_future(coro)  # type: ignore[call-overload]
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _claim_one(self, table_id: str) -> None:
        try:
            for found in await self.store.leases.claim(table_id):
                await self._take(found)
        except TablerummyError as err:
            log.warning("table %s: cannot claim it: %s", table_id, err)
        finally:
            self._claims.discard(table_id)

    async def _claim_orphans(self) -> int:
        taken = 0
        for table_id in await self.store.leases.claim():
            await self._take(table_id)
            taken += 1
        return taken

    async def _take(self, table_id: str) -> None:
        """This process leads the table now: load it (fresh) and let its turns run."""
        live = table_id in self.manager.live
        try:
            table = await self.manager.get(table_id)
            if live:
                await table.catch_up()
        except TablerummyError as err:  # the others it claimed must still be taken
            log.error("table %s cannot be led: %s", table_id, err)
            return
        table.owned = True
        table.schedule_turns()

    async def _leases(self) -> None:
        """Every third of the lease: heartbeat, drop lapsed leases, take orphaned tables."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                # only tables led before the beat: one claimed meanwhile is not in it
                before = {t.id for t in self.manager.live.values() if t.owned}
                mine = await self.store.leases.heartbeat(self.lease)
                for table in list(self.manager.live.values()):
                    if table.owned and table.id in before and table.id not in mine:
                        log.warning("table %s: another process leads it now", table.id)
                        table.disown()
                    if not table.owned:
                        self.manager.release(table)
                await self._claim_orphans()
            except TablerummyError as err:
                log.warning("leases: %s", err)

    # --- reading other processes' moves -------------------------------------------------

    async def read_moves(self, table_id: str, since: int,
                         ) -> tuple[str, float | None, list[str]] | None:
        """A table's status, deadline and actions from ``since`` on (see ``load_moves``).

        Reads are *grouped* like commits: every table asked for while a read runs goes
        into the next one, a single query on a connection of the event loop's own
        (asynchronous, so no thread hand-off), whatever the number of tables.
        """
        done: asyncio.Future[tuple[str, float | None, list[str]] | None] = (
            asyncio.get_running_loop().create_future())
        self._reads.append((table_id, since, done))
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read_batches())
        return await done

    async def _read_batches(self) -> None:
        import psycopg

        while self._reads:
            batch, self._reads = self._reads, []
            try:
                if self._read_conn is None or self._read_conn.closed:
                    self._read_conn = await psycopg.AsyncConnection.connect(
                        libpq_url(self.store.url), autocommit=True)
                wanted: dict[str, int] = {}
                for table_id, since, _ in batch:
                    wanted[table_id] = min(since, wanted.get(table_id, since))
                cursor = await self._read_conn.execute(
                    "SELECT t.id, t.status, t.deadline, a.seq, a.text FROM"
                    " unnest(%s::text[], %s::int[]) AS w(id, since)"
                    " JOIN rummy_tables t ON t.id = w.id"
                    " LEFT JOIN rummy_actions a ON a.table_id = t.id AND a.seq >= w.since"
                    " ORDER BY t.id, a.seq",
                    (list(wanted), list(wanted.values())))
                found: dict[str, tuple[str, float | None, list[tuple[int, str]]]] = {}
                for table_id, status, deadline, seq, text in await cursor.fetchall():
                    entry = found.setdefault(table_id, (status, deadline, []))
                    if text is not None:
                        entry[2].append((seq, text))
            except psycopg.Error as err:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(StoreError(f"database error: {err}"))
                continue
            for table_id, since, done in batch:
                if done.done():
                    continue
                got = found.get(table_id)
                done.set_result(None if got is None else (
                    got[0], got[1], [text for seq, text in got[2] if seq >= since]))

    # --- notifications ------------------------------------------------------------------

    async def _listen(self, listening: asyncio.Event) -> None:
        """``LISTEN`` on a connection of its own; reconnect (and catch up) when it breaks."""
        import psycopg

        url = libpq_url(self.store.url)
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    listening.set()
                    if not first:  # notifications may have been missed meanwhile
                        for table in list(self.manager.live.values()):
                            self.spawn(table.catch_up())
                    first = False
                    async for note in conn.notifies():
                        self._notified(note.payload)
            except psycopg.Error as err:
                log.warning("listening for other processes' moves: %s; again in 1 s", err)
                await asyncio.sleep(1.0)

    def _notified(self, payload: str) -> None:
        table_id, _, rest = payload.partition(":")
        version_text, _, origin = rest.partition(":")
        if origin == self.store.origin:
            return  # this process's own change: already shown
        table = self.manager.live.get(table_id)
        if table is None:
            return  # no client of this process has it open
        version = int(version_text) if version_text.isdigit() else table.version
        known = max(table.version, table.heard)
        table.heard = max(table.heard, version)
        if version < table.version:
            return
        # a version not heard of yet: a move (one query); one already heard of (the table
        # is there, or reading it): seats, notes or the clock changed
        self.spawn(table.catch_up(moves_only=version > known))
