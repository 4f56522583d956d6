"""No client sees a move before it is committed.

A move is applied to the game in memory, then committed, then broadcast.  While the
commit runs, other things broadcast too (someone comes online, a table expires): such a
state must not show the move yet, or a crash before the commit would take back a move
that a client already saw (the kill -9 test found it under load: a bot's draw was shown
to a player who connected during its commit, then lost with the process).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tablerummy.web.limits import Settings
from tablerummy.web.store import Store, StoreError
from tablerummy.web.tables import Connection, TableManager


def versions(conn: Connection) -> list[int]:
    """The versions of the state messages queued for ``conn`` (and empties its outbox)."""
    found = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            message: dict[str, Any] = json.loads(text)
            if message["type"] == "state":
                found.append(message["version"])
    return found


def test_a_state_sent_during_a_commit_shows_only_what_is_committed(tmp_path: Path) -> None:
    async def scenario(fail: bool) -> None:
        store = Store(f"sqlite:///{tmp_path / f'durable{fail}.sqlite3'}")
        manager = TableManager(store, bot_delay=0.0, settings=Settings(
            tables_per_minute=0, open_tables=0, bot_workers=0))
        try:
            table = await manager.create("capone", {}, ["person", "person"])
            await manager.join(table.id, 0, "Ann")
            await manager.join(table.id, 1, "Bob")
            commit = asyncio.Event()
            real_append = store.append

            async def slow_append(*args: Any, **kwargs: Any) -> None:
                await commit.wait()
                if fail:
                    raise StoreError("the move could not be saved: disk full")
                await real_append(*args, **kwargs)

            store.append = slow_append  # type: ignore[method-assign]
            watcher = Connection(None)
            seat = table.game.to_act
            move = asyncio.create_task(table.act(seat, table.game.legal_texts()[0]))
            await asyncio.sleep(0.01)
            assert not move.done() and table.version == 1  # applied, not yet committed
            table.connections.add(watcher)
            table.broadcast()  # someone came online meanwhile
            assert versions(watcher) == []  # nothing shown while the move is in flight
            commit.set()
            if fail:
                try:
                    await move
                except StoreError:
                    pass
                else:
                    raise AssertionError("the failed commit was not reported")
                assert table.version == 0
                assert versions(watcher) == [0]  # the table as it is stored
            else:
                await move
                assert versions(watcher) == [1]  # the committed move, once
                row = await store.load(table.id)
                assert row is not None and len(row.actions) == 1
        finally:
            await manager.close()
            store.close()

    asyncio.run(scenario(fail=False))
    asyncio.run(scenario(fail=True))
