"""The web table's SQL store: every game as its record, one row per accepted action.

A table is stored as the header of its game record (variant, options, seed, first
dealer, forced decks) plus its seats, and every accepted action is one row
``(table, seq, text)``.  Replaying the rows rebuilds the game exactly, so a restart —
even after ``kill -9`` — finds every table where it was.

PostgreSQL work runs on one worker thread (the event loop must never wait on the
network); SQLite work runs on the event loop's thread (a local file: microseconds, and
cheaper than handing the GIL back and forth).  Appends are *group committed*: every
action queued while the previous commit ran (PostgreSQL) or during one turn of the event
loop (SQLite) is committed in one transaction, so durability (the action is committed
before it is acknowledged) costs one commit per batch, not one per move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from ..errors import TablerummyError

T = TypeVar("T")

Done = Future[None] | asyncio.Future[None]
Pending = tuple[str, int, str, dict[str, Any] | None, Done]
"""A move waiting for its commit: table, seq, text, table columns to update, its waiter."""

CHECKPOINT_EVERY = 1.0
"""Seconds between SQLite checkpoints while moves are being written."""

log = logging.getLogger("tablerummy.web")

metadata = MetaData()

tables_t = Table(
    "rummy_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("variant", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("decks", Text, nullable=True),
    Column("status", String(16), nullable=False),
    # added by later versions (nullable, so that older databases are upgraded in place)
    Column("seed_text", Text, nullable=True),  # the whole seed (secret seeds have 128 bits)
    Column("turn_seconds", Integer, nullable=True),  # the turn clock; 0 or NULL: off
    Column("deadline", Float, nullable=True),  # when the seat to act runs out of time
    Column("creator", String(64), nullable=True),  # a digest of the creating address
)

seats_t = Table(
    "rummy_seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("away", Integer, nullable=True),  # 1: the turn clock ran out, a bot stands in
    Column("missed", Integer, nullable=True),  # turns missed in a row
)

notes_t = Table(
    "rummy_notes", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("hand", Integer, nullable=False),
    Column("at", Integer, nullable=False),  # how many of the hand's events came before
    Column("text", Text, nullable=False),
)

actions_t = Table(
    "rummy_actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("text", Text, nullable=False),
)


class StoreError(TablerummyError):
    """The database refused or could not be reached; the message says which."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "person" or "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    away: bool = False
    missed: int = 0

    @property
    def handed(self) -> bool:
        """A person's seat handed to a bot for the rest of the game (the turn clock)."""
        return self.kind == "person" and self.bot is not None


@dataclass
class Note:
    """A line the table adds to a hand's log (the turn clock's), after ``at`` events."""

    hand: int
    at: int
    text: str


@dataclass
class TableRow:
    """A stored table: its record header, seats, status and action texts."""

    id: str
    created: float
    variant: str
    options: dict[str, Any]
    seed: int
    first_dealer: int
    decks: list[list[str] | None] | None
    status: str
    seats: list[SeatRow]
    actions: list[str] = field(default_factory=list)
    turn_seconds: int = 0
    deadline: float | None = None
    creator: str | None = None
    notes: list[Note] = field(default_factory=list)


def engine_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver (SQLAlchemy's default is 2)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def sqlite_sync() -> str:
    """SQLite's ``synchronous`` setting: ``TABLERUMMY_SQLITE_SYNC``, NORMAL by default."""
    sync = os.environ.get("TABLERUMMY_SQLITE_SYNC", "NORMAL").upper()
    if sync not in ("NORMAL", "FULL", "EXTRA"):
        raise StoreError(f"TABLERUMMY_SQLITE_SYNC is NORMAL, FULL or EXTRA, not {sync!r}")
    return sync


def _make_engine(url: str) -> Engine:
    try:
        parsed = make_url(engine_url(url))
    except Exception as err:  # SQLAlchemy raises ArgumentError and friends
        raise StoreError(f"not a database URL: {url!r} ({err})") from None
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"check_same_thread": False})

        sync = sqlite_sync()

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
            # NORMAL: a commit survives the server's death (kill -9 included), not a power
            # cut; FULL also fsyncs each commit (see docs/web.md for what it costs)
            cursor.execute(f"PRAGMA synchronous={sync}")
            cursor.execute("PRAGMA busy_timeout=5000")
            # checkpoints (which fsync the database file) run on the worker thread, so
            # that a commit on the event loop never waits for the disk
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return engine
    try:
        return create_engine(parsed, pool_pre_ping=True)
    except Exception as err:
        raise StoreError(f"cannot use database {url!r}: {err}") from None


class Store:
    """Tables and their actions in SQL, all on one worker thread.

    Coroutines (``await store.append(...)``) are the interface for the server; the
    ``*_sync`` methods run on the worker thread.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine = _make_engine(url)
        # SQLite is a local file: its statements take microseconds, so they run on the
        # event loop's thread; a worker thread would cost more in GIL hand-offs (each
        # DBAPI call releases and retakes the GIL, waiting up to the 5 ms switch
        # interval behind a busy loop) than the statements themselves.
        # (With FULL, every commit waits for the disk: that waiting stays off the loop.)
        self._sqlite = self._engine.dialect.name == "sqlite"
        self._inline = self._sqlite and sqlite_sync() == "NORMAL"
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablerummy-db")
        self._lock = threading.Lock()
        self._pending: list[Pending] = []
        self._writer_busy = False
        self._flush_scheduled = False
        self._checkpointing = False
        self._last_checkpoint = time.monotonic()
        try:
            self._create_schema()
        except SQLAlchemyError as err:
            raise StoreError(f"cannot open database {_safe(url)}: {_short(err)}") from None

    def _create_schema(self) -> None:
        metadata.create_all(self._engine)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Upgrade a database made by an older version: add the columns it lacks."""
        found = inspect(self._engine)
        with self._engine.begin() as conn:
            for table in (tables_t, seats_t):
                have = {c["name"] for c in found.get_columns(table.name)}
                for column in table.columns:
                    if column.name not in have:
                        kind = column.type.compile(dialect=self._engine.dialect)
                        conn.exec_driver_sql(
                            f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")

    def close(self) -> None:
        if self._sqlite:
            self._pool.submit(self._checkpoint)
        self._pool.shutdown(wait=True)
        self._engine.dispose()

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            if self._inline:
                return fn(*args)
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        except SQLAlchemyError as err:
            raise StoreError(f"database error: {_short(err)}") from None

    # --- tables -------------------------------------------------------------------------

    async def create_table(self, row: TableRow) -> None:
        await self._run(self._create_table_sync, row)

    def _create_table_sync(self, row: TableRow) -> None:
        with self._engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=row.id, created=row.created, variant=row.variant,
                options=json.dumps(row.options),
                # the column is 64 bits: the whole seed is in seed_text
                seed=row.seed % 2**63, seed_text=str(row.seed),
                first_dealer=row.first_dealer,
                decks=json.dumps(row.decks) if row.decks is not None else None,
                status=row.status, turn_seconds=row.turn_seconds, deadline=row.deadline,
                creator=row.creator,
            ))
            conn.execute(insert(seats_t), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token_hash": s.token_hash, "away": int(s.away),
                 "missed": s.missed}
                for s in row.seats
            ])

    async def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str,
                         status: str | None) -> bool:
        """Give a free person seat to ``name``; False when someone took it first."""
        return await self._run(self._claim_sync, table_id, seat, name, token_hash, status)

    def _claim_sync(self, table_id: str, seat: int, name: str, token_hash: str,
                    status: str | None) -> bool:
        with self._engine.begin() as conn:
            result = conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                       seats_t.c.kind == "person", seats_t.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash)
            )
            if result.rowcount != 1:
                return False
            if status is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                             .values(status=status))
            return True

    async def leave_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Free a person's seat of a waiting table; False when it is not theirs (any more)."""
        return await self._run(self._leave_sync, table_id, seat, token_hash)

    def _leave_sync(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self._engine.begin() as conn:
            result = conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                       seats_t.c.token_hash == token_hash)
                .values(name=None, token_hash=None)
            )
            return bool(result.rowcount == 1)

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Set columns of a table's row (status, deadline)."""
        await self._run(self._update_sync, tables_t, (tables_t.c.id == table_id,), values)

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Set columns of a seat's row (away, missed, bot)."""
        await self._run(self._update_sync, seats_t,
                        (seats_t.c.table_id == table_id, seats_t.c.seat == seat), values)

    def _update_sync(self, table: Table, where: tuple[Any, ...], values: dict[str, Any]) -> None:
        with self._engine.begin() as conn:
            conn.execute(update(table).where(*where).values(**values))

    async def add_note(self, table_id: str, note: Note) -> None:
        await self._run(self._add_note_sync, table_id, note)

    def _add_note_sync(self, table_id: str, note: Note) -> None:
        with self._engine.begin() as conn:
            seq = conn.execute(select(func.count()).select_from(notes_t)
                               .where(notes_t.c.table_id == table_id)).scalar_one()
            conn.execute(insert(notes_t).values(table_id=table_id, seq=seq, hand=note.hand,
                                                at=note.at, text=note.text))

    async def expire_waiting(self, before: float, status: str) -> list[str]:
        """Give ``status`` to the tables still waiting that were created ``before``."""
        return await self._run(self._expire_sync, before, status)

    def _expire_sync(self, before: float, status: str) -> list[str]:
        with self._engine.begin() as conn:
            ids = [r[0] for r in conn.execute(
                select(tables_t.c.id).where(tables_t.c.status == "waiting",
                                            tables_t.c.created < before))]
            if ids:
                conn.execute(update(tables_t).where(tables_t.c.id.in_(ids),
                                                    tables_t.c.status == "waiting")
                             .values(status=status))
            return ids

    async def table_ids(self, statuses: tuple[str, ...]) -> list[str]:
        return await self._run(self._table_ids_sync, statuses)

    def _table_ids_sync(self, statuses: tuple[str, ...]) -> list[str]:
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.id).where(tables_t.c.status.in_(statuses))
                .order_by(tables_t.c.created)
            )
            return [r[0] for r in rows]

    async def load(self, table_id: str) -> TableRow | None:
        return await self._run(self._load_sync, table_id)

    def _load_sync(self, table_id: str) -> TableRow | None:
        with self._engine.connect() as conn:
            head = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if head is None:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            texts = conn.execute(
                select(actions_t.c.text).where(actions_t.c.table_id == table_id)
                .order_by(actions_t.c.seq)
            ).all()
            notes = conn.execute(
                select(notes_t).where(notes_t.c.table_id == table_id).order_by(notes_t.c.seq)
            ).all()
        return TableRow(
            id=head.id, created=head.created, variant=head.variant,
            options=json.loads(head.options),
            seed=int(head.seed_text) if head.seed_text is not None else head.seed,
            first_dealer=head.first_dealer,
            decks=json.loads(head.decks) if head.decks is not None else None,
            status=head.status,
            seats=[SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.away),
                           s.missed or 0) for s in seats],
            actions=[t[0] for t in texts],
            turn_seconds=head.turn_seconds or 0, deadline=head.deadline, creator=head.creator,
            notes=[Note(n.hand, n.at, n.text) for n in notes],
        )

    # --- actions: group commit ----------------------------------------------------------

    async def append(self, table_id: str, seq: int, text: str, status: str | None = None,
                     changes: dict[str, Any] | None = None) -> None:
        """Commit action ``seq`` of a table (and its new status); returns once durable.

        ``changes`` are more columns of the table's row to set in the same transaction
        (the turn clock's deadline).
        """
        if status is not None:
            changes = dict(changes or {}, status=status)
        done: Done = asyncio.get_running_loop().create_future() if self._inline else Future()
        with self._lock:
            self._pending.append((table_id, seq, text, changes or None, done))
            if self._inline:
                # every move of this turn of the event loop goes into one transaction
                start = not self._flush_scheduled
                self._flush_scheduled = True
                if start:
                    asyncio.get_running_loop().call_soon(self._flush_inline)
                start = False
            else:
                start = not self._writer_busy
                self._writer_busy = True
        if start:
            self._pool.submit(self._write_batches)
        try:
            await (done if isinstance(done, asyncio.Future) else asyncio.wrap_future(done))
        except SQLAlchemyError as err:
            raise StoreError(f"the move could not be saved: {_short(err)}") from None

    def _flush_inline(self) -> None:
        with self._lock:
            self._flush_scheduled = False
        self._write_batches(once=True)
        if self._checkpoint_due():
            self._pool.submit(self._checkpoint)

    def _checkpoint_due(self) -> bool:
        if not self._sqlite or self._checkpointing:
            return False
        if time.monotonic() - self._last_checkpoint < CHECKPOINT_EVERY:
            return False
        self._checkpointing = True
        self._last_checkpoint = time.monotonic()
        return True

    def _checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database (off the event loop)."""
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except SQLAlchemyError as err:  # the next one will try again
            log.warning("checkpoint failed: %s", _short(err))
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
        """Commit a batch in one transaction, then settle each move's future."""
        try:
            with self._engine.begin() as conn:
                conn.execute(insert(actions_t), [
                    {"table_id": t, "seq": s, "text": x} for t, s, x, _, _ in batch
                ])
                for t, _, _, changes, _ in batch:
                    if changes:
                        conn.execute(update(tables_t).where(tables_t.c.id == t)
                                     .values(**changes))
        except Exception as err:
            # one bad row must not sink the others: retry them one by one
            if len(batch) == 1:
                _settle(batch[0][4], err)
                return
            for item in batch:
                self._write_one(item)
            return
        for item in batch:
            _settle(item[4], None)

    def _write_one(self, item: Pending) -> None:
        table_id, seq, text, changes, done = item
        try:
            with self._engine.begin() as conn:
                conn.execute(insert(actions_t).values(table_id=table_id, seq=seq, text=text))
                if changes:
                    conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                                 .values(**changes))
        except Exception as err:
            _settle(done, err)
        else:
            _settle(done, None)


def _settle(done: Done, err: BaseException | None) -> None:
    if isinstance(done, asyncio.Future):  # inline: on the loop's own thread
        if done.done():
            return
    elif not done.set_running_or_notify_cancel():
        return
    if err is None:
        done.set_result(None)
    else:
        done.set_exception(err)


def _short(err: BaseException) -> str:
    text = str(getattr(err, "orig", None) or err)
    return text.strip().splitlines()[0] if text.strip() else type(err).__name__


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(engine_url(url)).render_as_string(hide_password=True)
    except Exception:
        return "(the given URL)"


def now() -> float:
    return time.time()
