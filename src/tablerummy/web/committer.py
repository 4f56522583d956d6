"""Moves committed with group commit: one committer per database backend.

Durability (a move is committed before it is acknowledged) costs one commit per batch,
not one per move: every move queued while the previous commit ran (PostgreSQL, and
SQLite with ``FULL``) or during one turn of the event loop (SQLite with ``NORMAL``) is
committed in one transaction.  Each move is checked against the table's ``version`` in
its transaction, so that of two processes committing a move of one table at once, the
second is refused (:class:`~.database.MoveConflict`).

- :class:`SqliteCommitter`: on the event loop's thread (``NORMAL``) or the worker thread
  (``FULL``, whose commits wait for the disk), on a connection kept for the moves, and
  the write-ahead log checkpointed off the loop.
- :class:`PostgresCommitter`: on an asynchronous connection of the event loop's own, one
  statement per move that also notifies the other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Update, bindparam, insert, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .database import CHANNEL, UNAVAILABLE, Database, MoveConflict, StoreError, libpq_url, short
from .metrics import METRICS
from .schema import actions_t, tables_t

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger("tablerummy.web")

Done = Future[None] | asyncio.Future[None]
Pending = tuple[str, int, str, dict[str, Any] | None, Done]
"""A move waiting for its commit: table, seq, text, table columns to update, its waiter."""

CHECKPOINT_EVERY = 1.0
"""Seconds between SQLite checkpoints while moves are being written."""


class Committer:
    """The moves waiting for their commit, and what every backend does with them."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._pending: list[Pending] = []

    @staticmethod
    def for_database(db: Database) -> Committer:
        return PostgresCommitter(db) if db.shared else SqliteCommitter(db)

    async def append(self, table_id: str, seq: int, text: str, status: str | None = None,
                     changes: dict[str, Any] | None = None) -> None:
        """Commit action ``seq`` of a table (and its new status); returns once durable.

        ``changes`` are more columns of the table's row to set in the same transaction
        (the turn clock's deadline).
        """
        started = time.monotonic()
        if status is not None:
            changes = dict(changes or {}, status=status)
        done = self._waiter()
        with self._lock:
            self._pending.append((table_id, seq, text, changes or None, done))
            self._started_locked()
        try:
            await (done if isinstance(done, asyncio.Future) else asyncio.wrap_future(done))
        except MoveConflict:
            raise
        except SQLAlchemyError as err:
            raise StoreError(f"{UNAVAILABLE} ({short(err)})") from None
        METRICS.committed(time.monotonic() - started)

    def _waiter(self) -> Done:
        return asyncio.get_running_loop().create_future()

    def _started_locked(self) -> None:
        """Make sure a writer will take the move just queued (called under the lock)."""
        raise NotImplementedError

    def _busy(self) -> bool:
        """Whether a batch is being written or is about to be (under the lock)."""
        return bool(self._pending)

    async def flush(self) -> None:
        """Return once every move handed to :meth:`append` so far is settled."""
        while True:
            with self._lock:
                idle = not self._busy()
            if idle:
                return
            await asyncio.sleep(0.005)

    @property
    def connection(self) -> Any:
        """The connection the moves are written on now (None: none opened yet)."""
        raise NotImplementedError

    async def aclose(self) -> None:
        """Close what belongs to the event loop (before :meth:`close`)."""

    def close(self) -> None:
        """Queue the closing work on the worker thread (the database then shuts it down)."""

    def _write_moves(self, conn: Connection, batch: list[Pending]) -> None:
        raise NotImplementedError

    def _write_one_sync(self, item: Pending) -> BaseException | None:
        """Commit one move on a connection of the pool; what went wrong, if anything."""
        try:
            with self.db.engine.begin() as conn:
                self._write_moves(conn, [item])
        except IntegrityError:  # the (table, seq) key: that move number is taken
            return MoveConflict()
        except Exception as err:
            return err
        return None


class SqliteCommitter(Committer):
    """SQLite: a batch per turn of the event loop on its thread, or per commit on the
    worker thread (``FULL``, whose commits wait for the disk)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._writer_busy = False
        self._flush_scheduled = False
        self._writer: Connection | None = None
        """The group commit's own connection: taking one from the pool and giving it back
        (a rollback) for every batch cost about as much as writing the batch."""
        self._checkpointing = False
        self._last_checkpoint = time.monotonic()

    def _waiter(self) -> Done:
        return super()._waiter() if self.db.inline else Future()

    def _started_locked(self) -> None:
        if self.db.inline:
            # every move of this turn of the event loop goes into one transaction
            if not self._flush_scheduled:
                self._flush_scheduled = True
                asyncio.get_running_loop().call_soon(self._flush_inline)
        elif not self._writer_busy:
            self._writer_busy = True
            self.db.pool.submit(self._write_batches)

    def _busy(self) -> bool:
        return bool(self._pending) or self._writer_busy or self._flush_scheduled

    @property
    def connection(self) -> Any:
        return self._writer

    def close(self) -> None:
        self.db.pool.submit(self._checkpoint)
        self.db.pool.submit(self._close_writer)  # after any batch the worker is writing

    def _flush_inline(self) -> None:
        with self._lock:
            self._flush_scheduled = False
        self._write_batches(once=True)
        if self._checkpoint_due():
            self.db.pool.submit(self._checkpoint)

    def _checkpoint_due(self) -> bool:
        if self._checkpointing:
            return False
        if time.monotonic() - self._last_checkpoint < CHECKPOINT_EVERY:
            return False
        self._checkpointing = True
        self._last_checkpoint = time.monotonic()
        return True

    def _checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database (off the event loop)."""
        try:
            with self.db.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except SQLAlchemyError as err:  # the next one will try again
            log.warning("checkpoint failed: %s", short(err))
        finally:
            self._checkpointing = False

    def _write_batches(self, once: bool = False) -> None:
        while True:
            with self._lock:
                batch, self._pending = self._pending, []
                if not batch:
                    self._writer_busy = False
                    return
            self._write_batch(batch)
            if once:
                return
            if self._checkpoint_due():  # on the worker thread already
                self._checkpoint()

    def _write_batch(self, batch: list[Pending]) -> None:
        """Commit a batch in one transaction, then settle each move's future.

        Each move is checked against the table's ``version`` in the transaction: one
        whose version moved is refused (:class:`MoveConflict`); the ``(table, seq)``
        key refuses it too.
        """
        try:
            if self._writer is None:
                self._writer = self.db.engine.connect()
            with self._writer.begin():
                self._write_moves(self._writer, batch)
        except Exception as err:
            if not isinstance(err, MoveConflict):  # it may be broken: the next opens anew
                self._close_writer()
            # one bad row must not sink the others: retry them one by one (each on a
            # connection of the pool, checked before use)
            for item in batch:
                settle(item[4], self._write_one_sync(item))
            return
        for item in batch:
            settle(item[4], None)

    def _close_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(SQLAlchemyError):
                writer.close()

    def _write_moves(self, conn: Connection, batch: list[Pending]) -> None:
        conn.execute(_INSERT_ACTION, [
            {"table_id": t, "seq": s, "text": x} for t, s, x, _, _ in batch
        ])
        for t, seq, _, changes, _ in batch:
            stmt = _move_statement(_columns(changes))
            if conn.execute(stmt, _move_values(t, seq, changes)).rowcount != 1:
                raise MoveConflict


class PostgresCommitter(Committer):
    """PostgreSQL: batches on the event loop's own asynchronous connection."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._async_writer: psycopg.AsyncConnection[Any] | None = None
        self._flusher: asyncio.Task[None] | None = None

    def _started_locked(self) -> None:
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._write_async())

    async def flush(self) -> None:
        while True:
            flusher = self._flusher
            if flusher is not None and not flusher.done():
                await asyncio.wait([flusher])
            elif not self._pending:
                return
            else:
                await asyncio.sleep(0.005)

    @property
    def connection(self) -> Any:
        return self._async_writer

    async def aclose(self) -> None:
        if self._async_writer is not None:
            await self._async_writer.close()
            self._async_writer = None

    def close(self) -> None:
        if self._async_writer is not None:  # outside the loop: just hang up
            self._async_writer.pgconn.finish()
            self._async_writer = None

    async def _write_async(self) -> None:
        """Commit the waiting moves in batches on this loop's own connection.

        Every move queued while a batch is written goes into the next (the group commit),
        with no thread between the loop and the database: handing each batch to a worker
        thread and its result back cost more CPU than the statements.  A batch that fails
        is tried again move by move on checked connections of the pool.
        """
        import psycopg

        loop = asyncio.get_running_loop()
        while self._pending:
            with self._lock:
                batch, self._pending = self._pending, []
            try:
                if self._async_writer is None or self._async_writer.closed:
                    self._async_writer = await psycopg.AsyncConnection.connect(
                        libpq_url(self.db.url), autocommit=True)
                conn = self._async_writer
                if len(batch) == 1:  # one statement: a transaction of its own
                    await self._move_async(conn, batch[0])
                else:
                    async with conn.transaction():
                        for item in batch:
                            await self._move_async(conn, item)
            except Exception as err:
                if isinstance(err, MoveConflict) and len(batch) == 1:
                    settle(batch[0][4], err)
                    continue
                if not isinstance(err, MoveConflict) and self._async_writer is not None:
                    await self._async_writer.close()  # it may be broken: the next opens anew
                    self._async_writer = None
                for item in batch:
                    result = await loop.run_in_executor(self.db.pool, self._write_one_sync, item)
                    settle(item[4], result)
                continue
            for item in batch:
                settle(item[4], None)

    async def _move_async(self, conn: psycopg.AsyncConnection[Any], item: Pending) -> None:
        cursor = await conn.execute(_pg_move(_columns(item[3])), self._pg_values(item),
                                    prepare=True)
        if len(await cursor.fetchall()) != 1:
            raise MoveConflict

    def _pg_values(self, item: Pending) -> dict[str, Any]:
        t, seq, text, changes, _ = item
        values = _move_values(t, seq, changes)
        values.update(w_text=text, w_note=f"{t}:{seq + 1}:{self.db.origin}")
        return values

    def _write_moves(self, conn: Connection, batch: list[Pending]) -> None:
        for item in batch:  # one statement per move (see _pg_move)
            if len(conn.exec_driver_sql(_pg_move(_columns(item[3])),
                                        self._pg_values(item)).all()) != 1:
                raise MoveConflict


_INSERT_ACTION = insert(actions_t)


@functools.cache
def _move_statement(columns: tuple[str, ...]) -> Update:
    """A move's version check and bump, setting ``columns`` too (``w_*`` parameters).

    Built once per set of columns (and cached by SQLAlchemy compiled): building and
    compiling the statement for each move cost more than SQLite's commit.
    """
    return (update(tables_t)
            .where(tables_t.c.id == bindparam("w_id"), tables_t.c.version == bindparam("w_seq"))
            .values(version=bindparam("w_next"),
                    **{column: bindparam(f"w_{column}") for column in columns}))


@functools.cache
def _pg_move(columns: tuple[str, ...]) -> str:
    """PostgreSQL: a move in one statement (psycopg's parameters, ``w_*``).

    It checks and bumps the table's version (setting ``columns`` too), inserts the
    action only if the version matched, and returns ``pg_notify(…)`` for the other
    processes (delivered at the commit); no row back: the move lost the race.  One
    execution, not an INSERT and an UPDATE: each cost more CPU than the database's work.
    """
    sets = "".join(f", {column} = %(w_{column})s" for column in columns)
    return ("WITH moved AS (UPDATE rummy_tables SET version = %(w_next)s" + sets +
            " WHERE id = %(w_id)s AND version = %(w_seq)s RETURNING id)"
            " INSERT INTO rummy_actions (table_id, seq, text)"
            " SELECT id, %(w_seq)s, %(w_text)s FROM moved"
            f" RETURNING pg_notify('{CHANNEL}', %(w_note)s)")


def _columns(changes: dict[str, Any] | None) -> tuple[str, ...]:
    return tuple(sorted(changes)) if changes else ()


def _move_values(table_id: str, seq: int, changes: dict[str, Any] | None) -> dict[str, Any]:
    values = {"w_id": table_id, "w_seq": seq, "w_next": seq + 1}
    if changes:
        values.update({f"w_{column}": value for column, value in changes.items()})
    return values


def settle(done: Done, err: BaseException | None) -> None:
    if isinstance(done, asyncio.Future):  # inline: on the loop's own thread
        if done.done():
            return
    elif not done.set_running_or_notify_cancel():
        return
    if err is None:
        done.set_result(None)
    else:
        done.set_exception(err)
