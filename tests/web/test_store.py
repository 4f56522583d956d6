"""The SQL store on SQLite and PostgreSQL: records in, the same records out."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tablerummy.cardtables import NAMED_TABLES
from tablerummy.web.store import Note, SeatRow, Store, StoreError, TableRow, engine_url
from tablerummy.web.tables import replay_row


def _row(table_id: str) -> TableRow:
    return TableRow(id=table_id, created=1.0, variant="capone", options={"players": 2},
                    seed=99, first_dealer=1, decks=None, status="waiting",
                    seats=[SeatRow(0, "person"), SeatRow(1, "bot", "random")])


def test_tables_seats_and_group_committed_actions_round_trip(db_url: str) -> None:
    async def scenario() -> None:
        store = Store(db_url)
        try:
            await store.create_table(_row("t1"))
            await store.create_table(_row("t2"))
            assert await store.claim_seat("t1", 0, "Ann", "h" * 64, "playing")
            assert not await store.claim_seat("t1", 0, "Eve", "e" * 64, None)  # taken
            assert not await store.claim_seat("t1", 1, "Eve", "e" * 64, None)  # a bot
            # many tables' moves at once: batched, each committed exactly once, in order
            await asyncio.gather(*(
                store.append(t, i, f"move {t} {i}") for i in range(40) for t in ("t1", "t2")))
            with pytest.raises(StoreError):  # the same move number twice
                await store.append("t1", 5, "again")
            await store.append("t2", 40, "last", status="finished")
            row = await store.load("t1")
            assert row is not None
            assert row.actions == [f"move t1 {i}" for i in range(40)]
            assert row.status == "playing" and row.seats[0].name == "Ann"
            assert row.seats[1].bot == "random" and row.options == {"players": 2}
            assert await store.table_ids(("waiting", "playing")) == ["t1"]
            other = await store.load("t2")
            assert other is not None and other.status == "finished"
            assert other.actions[-1] == "last" and len(other.actions) == 41
            assert await store.load("nope") is None
        finally:
            store.close()

    asyncio.run(scenario())


def test_secret_seeds_the_turn_clock_and_an_older_database(db_url: str) -> None:
    from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text, create_engine

    # a database made before the turn clock: the store adds the columns it lacks
    old = MetaData()
    Table("rummy_tables", old, Column("id", String(32), primary_key=True),
          Column("created", Float, nullable=False), Column("variant", String(64)),
          Column("options", Text), Column("seed", Integer), Column("first_dealer", Integer),
          Column("decks", Text), Column("status", String(16)))
    Table("rummy_seats", old, Column("table_id", String(32), primary_key=True),
          Column("seat", Integer, primary_key=True), Column("kind", String(16)),
          Column("bot", String(64)), Column("name", String(64)),
          Column("token_hash", String(64)))
    engine = create_engine(engine_url(db_url))
    old.create_all(engine)
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO rummy_tables VALUES ('old', 1.0, 'capone', '{}', 42, 0, NULL,"
            " 'playing')")
        conn.exec_driver_sql(
            "INSERT INTO rummy_tables VALUES ('old-fortune', 1.0, 'fortune', '{}', 43, 0, NULL,"
            " 'playing')")
    engine.dispose()

    async def scenario() -> None:
        store = Store(db_url)
        try:
            before = await store.load("old")
            assert before is not None and before.seed == 42 and before.turn_seconds == 0
            # its game began with the card values of its day: it goes on with them
            assert before.cards == NAMED_TABLES["capone"]["classic"]
            assert replay_row(before).variant.card_values == before.cards
            assert replay_row(before).variant.cards.set_value[0] == 75  # type: ignore[attr-defined]
            fortune = await store.load("old-fortune")
            assert fortune is not None and fortune.cards is None  # no other table existed
            row = _row("t1")
            row.seed, row.turn_seconds, row.deadline = 2**127 + 5, 60, 1234.5
            await store.create_table(row)
            await store.update_seat("t1", 0, away=1, missed=2, bot="greedy")
            await store.add_note("t1", Note(0, 3, "p0 ran out of time"))
            await store.append("t1", 0, "draw stock", changes={"deadline": 99.0})
            loaded = await store.load("t1")
            assert loaded is not None and loaded.seed == 2**127 + 5
            assert loaded.cards is None  # a new table: the defaults
            assert loaded.turn_seconds == 60 and loaded.deadline == 99.0
            seat = loaded.seats[0]
            assert seat.away and seat.missed == 2 and seat.handed
            assert loaded.notes == [Note(0, 3, "p0 ran out of time")]
            assert await store.claim_seat("t1", 0, "Ann", "h" * 64, None)
            assert not await store.leave_seat("t1", 0, "x" * 64)
            assert await store.leave_seat("t1", 0, "h" * 64)
            assert await store.expire_waiting(2.0, "expired") == ["t1"]
            assert await store.table_ids(("waiting",)) == []
        finally:
            store.close()

    asyncio.run(scenario())


def test_urls_and_unreachable_databases_give_one_line_errors() -> None:
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("sqlite:///x.db") == "sqlite:///x.db"
    for url in ("not a url", "postgresql://nobody:secret@127.0.0.1:1/none",
                "sqlite:////nonexistent-dir/x/y.db"):
        with pytest.raises(StoreError) as err:
            Store(url)
        assert "\n" not in str(err.value) and "secret" not in str(err.value)


def test_serve_refuses_a_bad_database_in_one_line() -> None:
    import subprocess
    import sys

    for url in ("nonsense", "postgresql://nobody:pw@127.0.0.1:1/x"):
        run = subprocess.run([sys.executable, "-m", "tablerummy", "serve", "--db", url],
                             capture_output=True, text=True, timeout=60, check=False)
        assert run.returncode == 2
        assert run.stderr.startswith("tablerummy: ") and run.stderr.count("\n") == 1
        assert "pw@" not in run.stderr  # no password in messages


def _writer(store: Store) -> Any:
    """The connection the store writes moves on (PostgreSQL: the event loop's own)."""
    return store.committer.connection


def test_a_broken_write_connection_is_replaced(db_url: str) -> None:
    """The moves are written on a connection kept for them; if it breaks (the database
    restarted), that batch is committed on checked connections of the pool and the next
    on a new connection: nothing is lost and nothing fails."""
    async def scenario() -> None:
        store = Store(db_url)
        try:
            await store.create_table(_row("t"))
            await store.append("t", 0, "first")
            writer = _writer(store)
            assert writer is not None
            if store.shared:
                writer.pgconn.finish()
            else:
                writer.connection.dbapi_connection.close()
            await store.append("t", 1, "second")
            await store.append("t", 2, "third")
            assert _writer(store) not in (None, writer)
            row = await store.load("t")
            assert row is not None and row.actions == ["first", "second", "third"]
        finally:
            await store.aclose()

    asyncio.run(scenario())


def test_the_schema_knows_nothing_of_the_games() -> None:
    """The DDL and its upgrade import no game, variant or card table: what the rows mean
    (e.g. the card values an upgrade fills in) is the store's."""
    import ast
    from pathlib import Path

    from tablerummy.web import schema

    tree = ast.parse(Path(schema.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module is not None}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert all(isinstance(node, ast.Import) or node.level == 0
               for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom))
    assert imported <= {"__future__", "collections.abc", "sqlalchemy"}
