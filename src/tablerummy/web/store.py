"""The web table's store: every game as its record, one row per accepted action.

A table is stored as the header of its game record (variant, options, seed, first
dealer, forced decks) plus its seats, and every accepted action is one row
``(table, seq, text)``.  Replaying the rows rebuilds the game exactly, so a restart —
even after ``kill -9`` — finds every table where it was.

:class:`Store` is what the server sees; it is made of parts that each know one thing:

- :mod:`.database` — the engine, where statements run (SQLite on the event loop's
  thread, PostgreSQL on a worker thread), the one-line errors;
- :mod:`.schema` — the DDL and the upgrade of an older database in place;
- :mod:`.committer` — the moves, group committed with the version check, one committer
  per backend;
- :mod:`.leases` — which process leads a table (PostgreSQL);
- this module — the rows of tables, seats and notes, and what they mean.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Column, Connection, Table, func, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .committer import Committer
from .database import (
    CHANNEL,
    UNAVAILABLE,
    Database,
    MoveConflict,
    StoreError,
    engine_url,
    env_seconds,
    libpq_url,
    safe_url,
    short,
    sqlite_sync,
)
from .leases import Leases
from .schema import actions_t, create_or_upgrade, metadata, notes_t, seats_t, tables_t

__all__ = [
    "CHANNEL", "UNAVAILABLE", "MoveConflict", "Note", "SeatRow", "Store", "StoreError",
    "TableRow", "actions_t", "engine_url", "env_seconds", "libpq_url", "metadata", "now",
    "sqlite_sync",
]

_safe = safe_url  # the name the CLI imports

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
    hints: bool | None = None
    """Its seats may ask for hints; None (a table stored before the option): the default."""


class Store:
    """Tables, their seats, notes and actions in SQL.

    Coroutines (``await store.append(...)``) are the interface for the server; the
    ``*_sync`` methods run where the database's statements run (:class:`.Database`).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.db = Database(url)
        self._engine = self.db.engine
        self._run = self.db.run
        self.shared = self.db.shared
        """Several server processes may share this database (PostgreSQL)."""
        self.origin = self.db.origin
        """This process's name in notifications and leases."""
        self.committer = Committer.for_database(self.db)
        self.leases = Leases(self.db)
        try:
            create_or_upgrade(self._engine, _backfill)
        except SQLAlchemyError as err:
            raise StoreError(f"cannot open database {safe_url(url)}: {short(err)}") from None

    async def append(self, table_id: str, seq: int, text: str, status: str | None = None,
                     changes: dict[str, Any] | None = None) -> None:
        """Commit action ``seq`` of a table (and its new status); returns once durable
        (see :meth:`.Committer.append`)."""
        await self.committer.append(table_id, seq, text, status, changes)

    async def flush(self) -> None:
        """Return once every move handed to :meth:`append` so far is settled."""
        await self.committer.flush()

    async def aclose(self) -> None:
        """:meth:`close`, with the connection of the loop closed as it should be."""
        await self.committer.aclose()
        self.close()

    def close(self) -> None:
        self.committer.close()
        self.db.close()

    async def ping(self) -> None:
        """Raise :class:`StoreError` unless the database answers a ``SELECT 1``."""
        await self._run(self._ping_sync)

    def _ping_sync(self) -> None:
        with self._engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

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
                hints=int(row.hints) if row.hints is not None else None,
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


def _backfill(conn: Connection, added: list[Column[object]]) -> None:
    """What an upgrade of an older database fills in: the meaning of the added columns."""
    from ..cardtables import NAMED_TABLES

    if tables_t.c.cards in added:  # its games were played with the tables of their day
        for variant, named in NAMED_TABLES.items():
            conn.execute(update(tables_t).where(tables_t.c.variant == variant).values(
                cards=json.dumps(named["classic"])))
    # the version check counts the moves committed: those of an older database's tables
    conn.exec_driver_sql(
        "UPDATE rummy_tables SET version = (SELECT count(*) FROM rummy_actions a"
        " WHERE a.table_id = rummy_tables.id) WHERE version IS NULL")


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
        hints=bool(head.hints) if head.hints is not None else None,
    )



def now() -> float:
    return time.time()
