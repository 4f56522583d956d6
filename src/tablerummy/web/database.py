"""The database connection of the web table: the engine, where its statements run, errors.

Every part of the store (:mod:`.store`'s table rows, :mod:`.committer`, :mod:`.leases`)
runs its statements through one :class:`Database`: PostgreSQL work on one worker thread
(the event loop must never wait on the network), SQLite work on the event loop's thread
(a local file: microseconds, and cheaper than handing the GIL back and forth).
"""

from __future__ import annotations

import asyncio
import math
import os
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from ..errors import TablerummyError

T = TypeVar("T")

SQLITE_BUSY_MS = 200
"""Milliseconds a SQLite statement waits for a lock another program holds (then fails)."""

CHANNEL = "tablerummy"
"""The PostgreSQL ``NOTIFY`` channel: payload ``TABLE:VERSION:ORIGIN`` per changed table."""

UNAVAILABLE = "the move was not saved: the database is unavailable, try again in a moment"
"""A move's error while the database cannot be reached (nothing changed)."""


class StoreError(TablerummyError):
    """The database refused or could not be reached; the message says which."""


class MoveConflict(StoreError):
    """Another process committed a move of the table first (the version check failed)."""

    def __init__(self, message: str = "the table moved on in another process") -> None:
        super().__init__(message)


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


def make_engine(url: str) -> Engine:
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


class Database:
    """One database: its engine, its worker thread, and this process's name in it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sqlite = self.engine.dialect.name == "sqlite"
        # SQLite is a local file: its statements take microseconds, so they run on the
        # event loop's thread; a worker thread would cost more in GIL hand-offs (each
        # DBAPI call releases and retakes the GIL, waiting up to the 5 ms switch
        # interval behind a busy loop) than the statements themselves.
        # (With FULL, every commit waits for the disk: that waiting stays off the loop.)
        self.inline = self.sqlite and sqlite_sync() == "NORMAL"
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablerummy-db")
        self.shared = self.engine.dialect.name == "postgresql"
        """Several server processes may share this database (PostgreSQL)."""
        self.origin = secrets.token_hex(8)
        """This process's name in notifications and leases."""

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` where this database's statements run; a one-line error if it fails."""
        try:
            if self.inline:
                return fn(*args)
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        except SQLAlchemyError as err:
            raise StoreError(f"database error: {short(err)}") from None

    def close(self) -> None:
        """Wait for the worker thread's queued work, then close every connection."""
        self.pool.shutdown(wait=True)
        self.engine.dispose()


def short(err: BaseException) -> str:
    text = str(getattr(err, "orig", None) or err)
    return text.strip().splitlines()[0] if text.strip() else type(err).__name__


def safe_url(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(engine_url(url)).render_as_string(hide_password=True)
    except Exception:
        return "(the given URL)"
