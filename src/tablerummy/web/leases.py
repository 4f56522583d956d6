"""Leases: which server process runs a table's bots and turn clock (PostgreSQL).

A process lives while its heartbeat row (``rummy_workers``) is fresh; it *leads* the
tables whose ``lease_owner`` it is.  A table no living process leads is claimed with
``FOR UPDATE SKIP LOCKED``, so that of processes claiming at once each table goes to
exactly one of them.  :mod:`.cluster` decides when to beat and claim; this module is
the statements.
"""

from __future__ import annotations

import time

from sqlalchemy import insert, select, update

from .database import Database
from .schema import tables_t, workers_t


class Leases:
    """This process's heartbeat and the tables it leads, in the database ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def heartbeat(self, seconds: float) -> set[str]:
        """Say this process lives for ``seconds`` more; the tables it still leads."""
        return await self.db.run(self._heartbeat_sync, seconds)

    def _heartbeat_sync(self, seconds: float) -> set[str]:
        origin = self.db.origin
        with self.db.engine.begin() as conn:
            until = time.time() + seconds
            done = conn.execute(update(workers_t).where(workers_t.c.owner == origin)
                                .values(until=until)).rowcount
            if not done:
                conn.execute(insert(workers_t).values(owner=origin, until=until))
            # forget processes long gone (their tables were taken over meanwhile)
            conn.execute(workers_t.delete().where(workers_t.c.until < time.time() - 3600))
            return {r[0] for r in conn.execute(
                select(tables_t.c.id).where(tables_t.c.lease_owner == origin,
                                            tables_t.c.status.in_(("waiting", "playing"))))}

    async def claim(self, table_id: str | None = None, limit: int = 50) -> list[str]:
        """Lead tables that no living process leads (or ``table_id`` only, if so).

        ``FOR UPDATE SKIP LOCKED``: processes claiming at once never wait on each other,
        and each table goes to exactly one of them.
        """
        return await self.db.run(self._claim_sync, table_id, limit)

    def _claim_sync(self, table_id: str | None, limit: int) -> list[str]:
        if not self.db.shared:
            return []
        only = "AND t.id = %(id)s" if table_id is not None else ""
        with self.db.engine.begin() as conn:
            rows = conn.exec_driver_sql(
                "UPDATE rummy_tables SET lease_owner = %(me)s WHERE id IN ("
                " SELECT t.id FROM rummy_tables t WHERE t.status = 'playing' " + only +
                " AND (t.lease_owner IS NULL OR NOT EXISTS (SELECT 1 FROM rummy_workers w"
                "  WHERE w.owner = t.lease_owner AND w.until > %(now)s))"
                " ORDER BY t.created LIMIT %(limit)s FOR UPDATE SKIP LOCKED) RETURNING id",
                {"me": self.db.origin, "now": time.time(), "id": table_id, "limit": limit})
            return [r[0] for r in rows]

    async def release(self) -> None:
        """Give up every lease of this process (a clean shutdown: others take over now)."""
        await self.db.run(self._release_sync)

    def _release_sync(self) -> None:
        origin = self.db.origin
        with self.db.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.lease_owner == origin)
                         .values(lease_owner=None))
            conn.execute(workers_t.delete().where(workers_t.c.owner == origin))
