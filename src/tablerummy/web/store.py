"""The web table's SQL store: every game as its record, one row per accepted action.

A table is stored as the header of its game record (variant, options, seed, first
dealer, forced decks) plus its seats, and every accepted action is one row
``(table, seq, text)``.  Replaying the rows rebuilds the game exactly, so a restart —
even after ``kill -9`` — finds every table where it was.

PostgreSQL work runs on one worker thread (the event loop must never wait on the
network), but for the moves, written by the event loop on an asynchronous connection of
its own; SQLite work runs on the event loop's thread (a local file: microseconds, and
cheaper than handing the GIL back and forth).  Appends are *group committed*: every
action queued while the previous commit ran (PostgreSQL) or during one turn of the event
loop (SQLite) is committed in one transaction, so durability (the action is committed
before it is acknowledged) costs one commit per batch, not one per move.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import os
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    Update,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..errors import TablerummyError
from .metrics import METRICS

if TYPE_CHECKING:
    import psycopg

T = TypeVar("T")

Done = Future[None] | asyncio.Future[None]
Pending = tuple[str, int, str, dict[str, Any] | None, Done]
"""A move waiting for its commit: table, seq, text, table columns to update, its waiter."""

SQLITE_BUSY_MS = 200
"""Milliseconds a SQLite statement waits for a lock another program holds (then fails)."""

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
    # several processes on one database (PostgreSQL): see docs/web.md, "Several processes"
    Column("version", Integer, nullable=True),  # moves committed: the move's version check
    Column("lease_owner", String(32), nullable=True),  # the process running bots and clock
    # the card values, as JSON (a --cards table); NULL: the defaults.  A database made
    # before the defaults of capone and ripper changed gets their old table (classic).
    Column("cards", Text, nullable=True),
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

workers_t = Table(
    "rummy_workers", metadata,
    Column("owner", String(32), primary_key=True),  # one server process
    Column("until", Float, nullable=False),  # its heartbeat: its leases hold until then
)

actions_t = Table(
    "rummy_actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("text", Text, nullable=False),
)


class StoreError(TablerummyError):
    """The database refused or could not be reached; the message says which."""


UNAVAILABLE = "the move was not saved: the database is unavailable, try again in a moment"
"""A move's error while the database cannot be reached (nothing changed)."""


class MoveConflict(StoreError):
    """Another process committed a move of the table first (the version check failed)."""

    def __init__(self, message: str = "the table moved on in another process") -> None:
        super().__init__(message)


CHANNEL = "tablerummy"
"""The PostgreSQL ``NOTIFY`` channel: payload ``TABLE:VERSION:ORIGIN`` per changed table."""


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
    lease_owner: str | None = None
    cards: dict[str, Any] | None = None
    """The card values the game is played with (a ``--cards`` table); None: the defaults."""


def engine_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver (SQLAlchemy's default is 2)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def libpq_url(url: str) -> str:
    """The database URL as libpq reads it (no SQLAlchemy driver name)."""
    return make_url(engine_url(url)).set(drivername="postgresql").render_as_string(
        hide_password=False)


def env_seconds(name: str, default: float, low: float, high: float) -> float:
    """A number of seconds from the environment variable ``name`` (unset: ``default``);
    outside ``low`` … ``high`` or not a number: a one-line :class:`StoreError`."""
    text = os.environ.get(name, "")
    if not text:
        return default
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:
        raise StoreError(f"{name} is a number of seconds from {low:g} to {high:g},"
                         f" not {text!r}")
    return seconds


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
            # another program holding the write lock: wait briefly, then the move is
            # refused with "try again" (the commit runs on the event loop: every socket
            # of the server would wait for as long as this)
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
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
        self._async_writer: psycopg.AsyncConnection[Any] | None = None  # PostgreSQL's
        self._flusher: asyncio.Task[None] | None = None
        self._writer: Connection | None = None
        """The group commit's own connection: taking one from the pool and giving it back
        (a rollback) for every batch cost about as much as writing the batch."""
        self._flush_scheduled = False
        self._checkpointing = False
        self._last_checkpoint = time.monotonic()
        self.shared = self._engine.dialect.name == "postgresql"
        """Several server processes may share this database (PostgreSQL)."""
        self.origin = secrets.token_hex(8)
        """This process's name in notifications and leases."""
        try:
            self._create_schema()
        except SQLAlchemyError as err:
            raise StoreError(f"cannot open database {_safe(url)}: {_short(err)}") from None

    def _create_schema(self) -> None:
        metadata.create_all(self._engine)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Upgrade a database made by an older version: add the columns it lacks."""
        from ..cardtables import NAMED_TABLES

        found = inspect(self._engine)
        with self._engine.begin() as conn:
            for table in (tables_t, seats_t):
                have = {c["name"] for c in found.get_columns(table.name)}
                for column in table.columns:
                    if column.name not in have:
                        kind = column.type.compile(dialect=self._engine.dialect)
                        conn.exec_driver_sql(
                            f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                        if column is tables_t.c.cards:  # its games were played with these
                            for variant, named in NAMED_TABLES.items():
                                conn.execute(update(tables_t).where(
                                    tables_t.c.variant == variant).values(
                                    cards=json.dumps(named["classic"])))
            conn.exec_driver_sql(
                "UPDATE rummy_tables SET version = (SELECT count(*) FROM rummy_actions a"
                " WHERE a.table_id = rummy_tables.id) WHERE version IS NULL")

    async def aclose(self) -> None:
        """:meth:`close`, with the connection of the loop closed as it should be."""
        if self._async_writer is not None:
            await self._async_writer.close()
            self._async_writer = None
        self.close()

    def close(self) -> None:
        if self._async_writer is not None:  # outside the loop: just hang up
            self._async_writer.pgconn.finish()
            self._async_writer = None
        if self._sqlite:
            self._pool.submit(self._checkpoint)
        self._pool.submit(self._close_writer)  # after any batch the worker is writing
        self._pool.shutdown(wait=True)
        self._engine.dispose()

    async def ping(self) -> None:
        """Raise :class:`StoreError` unless the database answers a ``SELECT 1``."""
        await self._run(self._ping_sync)

    def _ping_sync(self) -> None:
        with self._engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    async def flush(self) -> None:
        """Return once every move handed to :meth:`append` so far is settled."""
        while True:
            with self._lock:
                idle = not self._pending and not self._writer_busy and not self._flush_scheduled
            flusher = self._flusher
            if flusher is not None and not flusher.done():
                await asyncio.wait([flusher])
            elif idle:
                return
            else:
                await asyncio.sleep(0.005)

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
                creator=row.creator, version=0, lease_owner=row.lease_owner,
                cards=json.dumps(row.cards) if row.cards is not None else None,
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
            self._notify(conn, table_id)
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
            self._notify(conn, table_id)
            return bool(result.rowcount == 1)

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Set columns of a table's row (status, deadline)."""
        await self._run(self._update_sync, table_id, tables_t, (tables_t.c.id == table_id,),
                        values)

    async def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Set columns of a seat's row (away, missed, bot)."""
        await self._run(self._update_sync, table_id, seats_t,
                        (seats_t.c.table_id == table_id, seats_t.c.seat == seat), values)

    def _update_sync(self, table_id: str, table: Table, where: tuple[Any, ...],
                     values: dict[str, Any]) -> int:
        with self._engine.begin() as conn:
            done = conn.execute(update(table).where(*where).values(**values)).rowcount
            self._notify(conn, table_id)
            return int(done)

    async def time_out(self, table_id: str, deadline: float) -> bool:
        """Take the turn clock's event of ``deadline``: False when another process took it.

        The deadline is cleared only if it is still the one given, so of several
        processes that see the same deadline pass, exactly one stands in for the person.
        """
        done = await self._run(self._update_sync, table_id, tables_t,
                               (tables_t.c.id == table_id, tables_t.c.deadline == deadline),
                               {"deadline": None})
        return done == 1

    def _notify(self, conn: Any, table_id: str) -> None:
        """Tell the other processes (``LISTEN``) that a table changed, once this commits."""
        if self.shared:
            conn.exec_driver_sql(
                "SELECT pg_notify(%(channel)s, id || ':' || coalesce(version, 0) || ':' ||"
                " %(origin)s) FROM rummy_tables WHERE id = %(id)s",
                {"channel": CHANNEL, "origin": self.origin, "id": table_id})

    async def add_note(self, table_id: str, note: Note) -> None:
        await self._run(self._add_note_sync, table_id, note)

    def _add_note_sync(self, table_id: str, note: Note) -> None:
        for attempt in range(3):
            try:
                with self._engine.begin() as conn:
                    seq = conn.execute(select(func.count()).select_from(notes_t)
                                       .where(notes_t.c.table_id == table_id)).scalar_one()
                    conn.execute(insert(notes_t).values(
                        table_id=table_id, seq=seq, hand=note.hand, at=note.at, text=note.text))
                    self._notify(conn, table_id)
                return
            except IntegrityError:  # another process's note took the number: count again
                if attempt == 2:
                    raise

    async def expire_waiting(self, before: float, status: str) -> list[str]:
        """Give ``status`` to the tables still waiting that were created ``before``."""
        return await self._run(self._expire_sync, before, status)

    def _expire_sync(self, before: float, status: str) -> list[str]:
        with self._engine.begin() as conn:
            # UPDATE … RETURNING: of several processes sweeping at once, each table is
            # closed (and reported) by exactly one
            ids = [r[0] for r in conn.execute(
                update(tables_t).where(tables_t.c.status == "waiting",
                                       tables_t.c.created < before)
                .values(status=status).returning(tables_t.c.id))]
            for table_id in ids:
                self._notify(conn, table_id)
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

    async def load(self, table_id: str, since: int = 0) -> TableRow | None:
        """A stored table; with ``since``, only its actions from number ``since`` on."""
        return await self._run(self._load_sync, table_id, since)

    def _load_sync(self, table_id: str, since: int = 0) -> TableRow | None:
        with self._engine.connect() as conn:
            head = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if head is None:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            texts = conn.execute(
                select(actions_t.c.text).where(actions_t.c.table_id == table_id,
                                               actions_t.c.seq >= since)
                .order_by(actions_t.c.seq)
            ).all()
            notes = conn.execute(
                select(notes_t).where(notes_t.c.table_id == table_id).order_by(notes_t.c.seq)
            ).all()
        row = _head_row(head, seats)
        row.actions = [t[0] for t in texts]
        row.notes = [Note(n.hand, n.at, n.text) for n in notes]
        return row

    async def load_moves(self, table_id: str, since: int,
                         ) -> tuple[str, float | None, list[str]] | None:
        """A table's status, deadline and actions from number ``since`` on: one query.

        What another process's move changed (its seats and notes are not read).
        """
        return await self._run(self._load_moves_sync, table_id, since)

    def _load_moves_sync(self, table_id: str, since: int,
                         ) -> tuple[str, float | None, list[str]] | None:
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.status, tables_t.c.deadline, actions_t.c.text)
                .select_from(tables_t.outerjoin(actions_t, (actions_t.c.table_id == tables_t.c.id)
                                                & (actions_t.c.seq >= since)))
                .where(tables_t.c.id == table_id).order_by(actions_t.c.seq)).all()
        if not rows:
            return None
        return rows[0].status, rows[0].deadline, [r.text for r in rows if r.text is not None]

    async def open_rows(self) -> list[tuple[TableRow, int]]:
        """Every waiting or playing table's header and seats, with its version (the lobby)."""
        return await self._run(self._open_rows_sync)

    def _open_rows_sync(self) -> list[tuple[TableRow, int]]:
        with self._engine.connect() as conn:
            heads = conn.execute(select(tables_t).where(
                tables_t.c.status.in_(("waiting", "playing")))).all()
            seats: dict[str, list[Any]] = {}
            for s in conn.execute(
                    select(seats_t).join(tables_t, tables_t.c.id == seats_t.c.table_id)
                    .where(tables_t.c.status.in_(("waiting", "playing")))
                    .order_by(seats_t.c.table_id, seats_t.c.seat)):
                seats.setdefault(s.table_id, []).append(s)
        return [(_head_row(h, seats.get(h.id, [])), h.version or 0) for h in heads]

    async def count_open(self, creator: str | None = None) -> int:
        """Open tables of a creator, or (no creator) playing tables of bots only."""
        return await self._run(self._count_open_sync, creator)

    def _count_open_sync(self, creator: str | None) -> int:
        with self._engine.connect() as conn:
            if creator is not None:
                query = select(func.count()).select_from(tables_t).where(
                    tables_t.c.creator == creator,
                    tables_t.c.status.in_(("waiting", "playing")))
            else:
                people = select(seats_t.c.table_id).where(seats_t.c.kind == "person")
                query = select(func.count()).select_from(tables_t).where(
                    tables_t.c.status == "playing", tables_t.c.id.not_in(people))
            return int(conn.execute(query).scalar_one())

    # --- leases: which process runs a table's bots and clock (PostgreSQL) ---------------

    async def heartbeat(self, seconds: float) -> set[str]:
        """Say this process lives for ``seconds`` more; the tables it still leads."""
        return await self._run(self._heartbeat_sync, seconds)

    def _heartbeat_sync(self, seconds: float) -> set[str]:
        with self._engine.begin() as conn:
            until = time.time() + seconds
            done = conn.execute(update(workers_t).where(workers_t.c.owner == self.origin)
                                .values(until=until)).rowcount
            if not done:
                conn.execute(insert(workers_t).values(owner=self.origin, until=until))
            # forget processes long gone (their tables were taken over meanwhile)
            conn.execute(workers_t.delete().where(workers_t.c.until < time.time() - 3600))
            return {r[0] for r in conn.execute(
                select(tables_t.c.id).where(tables_t.c.lease_owner == self.origin,
                                            tables_t.c.status.in_(("waiting", "playing"))))}

    async def claim(self, table_id: str | None = None, limit: int = 50) -> list[str]:
        """Lead tables that no living process leads (or ``table_id`` only, if so).

        ``FOR UPDATE SKIP LOCKED``: processes claiming at once never wait on each other,
        and each table goes to exactly one of them.
        """
        return await self._run(self._claim_tables_sync, table_id, limit)

    def _claim_tables_sync(self, table_id: str | None, limit: int) -> list[str]:
        if not self.shared:
            return []
        only = "AND t.id = %(id)s" if table_id is not None else ""
        with self._engine.begin() as conn:
            rows = conn.exec_driver_sql(
                "UPDATE rummy_tables SET lease_owner = %(me)s WHERE id IN ("
                " SELECT t.id FROM rummy_tables t WHERE t.status = 'playing' " + only +
                " AND (t.lease_owner IS NULL OR NOT EXISTS (SELECT 1 FROM rummy_workers w"
                "  WHERE w.owner = t.lease_owner AND w.until > %(now)s))"
                " ORDER BY t.created LIMIT %(limit)s FOR UPDATE SKIP LOCKED) RETURNING id",
                {"me": self.origin, "now": time.time(), "id": table_id, "limit": limit})
            return [r[0] for r in rows]

    async def release_leases(self) -> None:
        """Give up every lease of this process (a clean shutdown: others take over now)."""
        await self._run(self._release_sync)

    def _release_sync(self) -> None:
        with self._engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.lease_owner == self.origin)
                         .values(lease_owner=None))
            conn.execute(workers_t.delete().where(workers_t.c.owner == self.origin))

    # --- actions: group commit ----------------------------------------------------------

    async def append(self, table_id: str, seq: int, text: str, status: str | None = None,
                     changes: dict[str, Any] | None = None) -> None:
        """Commit action ``seq`` of a table (and its new status); returns once durable.

        ``changes`` are more columns of the table's row to set in the same transaction
        (the turn clock's deadline).
        """
        started = time.monotonic()
        if status is not None:
            changes = dict(changes or {}, status=status)
        on_loop = self._inline or self.shared
        done: Done = asyncio.get_running_loop().create_future() if on_loop else Future()
        with self._lock:
            self._pending.append((table_id, seq, text, changes or None, done))
            if self.shared:
                if self._flusher is None or self._flusher.done():
                    self._flusher = asyncio.create_task(self._write_async())
                start = False
            elif self._inline:
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
        except MoveConflict:
            raise
        except SQLAlchemyError as err:
            raise StoreError(f"{UNAVAILABLE} ({_short(err)})") from None
        METRICS.committed(time.monotonic() - started)

    async def _write_async(self) -> None:
        """PostgreSQL: commit the waiting moves in batches on this loop's own connection.

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
                        libpq_url(self.url), autocommit=True)
                conn = self._async_writer
                if len(batch) == 1:  # one statement: a transaction of its own
                    await self._move_async(conn, batch[0])
                else:
                    async with conn.transaction():
                        for item in batch:
                            await self._move_async(conn, item)
            except Exception as err:
                if isinstance(err, MoveConflict) and len(batch) == 1:
                    _settle(batch[0][4], err)
                    continue
                if not isinstance(err, MoveConflict) and self._async_writer is not None:
                    await self._async_writer.close()  # it may be broken: the next opens anew
                    self._async_writer = None
                for item in batch:
                    result = await loop.run_in_executor(self._pool, self._write_one_sync, item)
                    _settle(item[4], result)
                continue
            for item in batch:
                _settle(item[4], None)

    async def _move_async(self, conn: psycopg.AsyncConnection[Any], item: Pending) -> None:
        cursor = await conn.execute(_pg_move(_columns(item[3])), self._pg_values(item),
                                    prepare=True)
        if len(await cursor.fetchall()) != 1:
            raise MoveConflict

    def _pg_values(self, item: Pending) -> dict[str, Any]:
        t, seq, text, changes, _ = item
        values = _move_values(t, seq, changes)
        values.update(w_text=text, w_note=f"{t}:{seq + 1}:{self.origin}")
        return values

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
        """Commit a batch in one transaction, then settle each move's future.

        Each move is checked against the table's ``version`` in the transaction (with the
        row lock that the ``UPDATE`` takes): of two processes committing a move of one
        table at once, the second finds the version moved and its move is refused
        (:class:`MoveConflict`); the ``(table, seq)`` key refuses it too.
        """
        try:
            if self._writer is None:
                self._writer = self._engine.connect()
            with self._writer.begin():
                self._write_moves(self._writer, batch)
        except Exception as err:
            if not isinstance(err, MoveConflict):  # it may be broken: the next opens anew
                self._close_writer()
            # one bad row must not sink the others: retry them one by one (each on a
            # connection of the pool, checked before use)
            if len(batch) == 1:
                self._write_one(batch[0])
                return
            for item in batch:
                self._write_one(item)
            return
        for item in batch:
            _settle(item[4], None)

    def _close_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(SQLAlchemyError):
                writer.close()

    def _write_moves(self, conn: Any, batch: list[Pending]) -> None:
        if self.shared:  # one statement per move (see _pg_move)
            for item in batch:
                if len(conn.exec_driver_sql(_pg_move(_columns(item[3])),
                                            self._pg_values(item)).all()) != 1:
                    raise MoveConflict
            return
        conn.execute(_INSERT_ACTION, [
            {"table_id": t, "seq": s, "text": x} for t, s, x, _, _ in batch
        ])
        for t, seq, _, changes, _ in batch:
            stmt = _move_statement(_columns(changes))
            if conn.execute(stmt, _move_values(t, seq, changes)).rowcount != 1:
                raise MoveConflict

    def _write_one(self, item: Pending) -> None:
        _settle(item[4], self._write_one_sync(item))

    def _write_one_sync(self, item: Pending) -> BaseException | None:
        """Commit one move on a connection of the pool; what went wrong, if anything."""
        try:
            with self._engine.begin() as conn:
                self._write_moves(conn, [item])
        except IntegrityError:  # the (table, seq) key: that move number is taken
            return MoveConflict()
        except Exception as err:
            return err
        return None


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


def _head_row(head: Any, seats: Sequence[Any]) -> TableRow:
    return TableRow(
        id=head.id, created=head.created, variant=head.variant,
        options=json.loads(head.options),
        seed=int(head.seed_text) if head.seed_text is not None else head.seed,
        first_dealer=head.first_dealer,
        decks=json.loads(head.decks) if head.decks is not None else None,
        status=head.status,
        seats=[SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.away),
                       s.missed or 0) for s in seats],
        turn_seconds=head.turn_seconds or 0, deadline=head.deadline, creator=head.creator,
        lease_owner=head.lease_owner,
        cards=json.loads(head.cards) if head.cards is not None else None,
    )


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
