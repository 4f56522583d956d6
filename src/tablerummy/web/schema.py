"""The web table's SQL schema (SQLAlchemy Core DDL) and its upgrade in place.

Only the shape of the data lives here: the tables and their columns, and how a database
made by an older version is brought up to date (the tables created, the columns it lacks
added).  What the rows mean — games, variants, card values — is the store's
(:mod:`.store`), which passes in what to fill the added columns with.

A table is stored as the header of its game record plus its seats, every accepted action
is one row ``(table, seq, text)``; the turn clock's notes, and the heartbeats of the
processes sharing a PostgreSQL database, have their own tables.
"""

from __future__ import annotations

from collections.abc import Callable

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
    inspect,
)

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
    # 1: the seats may ask for hints (see limits.check_hints); NULL (an older table): the
    # default for its seats
    Column("hints", Integer, nullable=True),
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

analyses_t = Table(
    "rummy_analyses", metadata,  # the analyses of finished games (web/analyses.py)
    Column("id", String(32), primary_key=True),
    Column("until", Float, nullable=False),  # dropped after; pushed on while it runs
    Column("state", String(16), nullable=False),  # running | done | failed
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("result", Text, nullable=True),  # the analysis as JSON, once done
    Column("error", Text, nullable=True),  # one line, once failed
    Column("status", Integer, nullable=False),  # the HTTP status of a failure
)

actions_t = Table(
    "rummy_actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("text", Text, nullable=False),
)

GROWN = (tables_t, seats_t)
"""The tables that later versions added columns to (all nullable: added in place)."""

Backfill = Callable[[Connection, list[Column[object]]], None]
"""Fills what an upgrade added: called in its transaction with the columns added (maybe
none: work that is due on every start of an older database's data)."""


def create_or_upgrade(engine: Engine, backfill: Backfill | None = None) -> list[Column[object]]:
    """Create the tables a database lacks and add the columns it lacks; the columns added.

    Decision: the upgrade is found from the columns present, not from a stored version
    number: every change so far added a nullable column, and a database from before any
    version number was kept upgrades the same way.
    """
    metadata.create_all(engine)
    found = inspect(engine)
    added: list[Column[object]] = []
    with engine.begin() as conn:
        for table in GROWN:
            have = {c["name"] for c in found.get_columns(table.name)}
            for column in table.columns:
                if column.name not in have:
                    kind = column.type.compile(dialect=engine.dialect)
                    conn.exec_driver_sql(
                        f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                    added.append(column)
        if backfill is not None:
            backfill(conn, added)
    return added
