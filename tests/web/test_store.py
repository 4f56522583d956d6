"""The SQL store on SQLite and PostgreSQL: records in, the same records out."""

from __future__ import annotations

import asyncio

import pytest

from tablerummy.web.store import SeatRow, Store, StoreError, TableRow, engine_url


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
