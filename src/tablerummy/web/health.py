"""``GET /healthz``: whether this process should get traffic, for a load balancer.

A process is healthy when its database answers (``SELECT 1`` within
:data:`DB_TIMEOUT`), its event loop is not lagging (the longest lag of the last
:data:`LAG_WINDOW` seconds under :data:`MAX_LAG`) and it is not draining (SIGTERM:
see :mod:`.drain`).  Anything else is ``503`` with the same JSON body saying which, so
that a balancer takes the process out and a person can read why.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from typing import Any

from ..errors import TablerummyError
from .store import Store

DB_TIMEOUT = 2.0
"""Seconds the database has to answer the health check's ``SELECT 1``."""

CHECK_EVERY = 1.0
"""Seconds an answer of the database is reused by later health checks."""

MAX_LAG = 1.0
"""Seconds of event-loop lag past which the process says it is unhealthy: every socket
of the process waits that long for any answer."""

TICK = 0.25
"""Seconds between the lag monitor's wake-ups."""

LAG_WINDOW = 10.0
"""Seconds over which the worst lag is kept."""


class LoopMonitor:
    """How late the event loop wakes up a task that sleeps :data:`TICK` seconds."""

    def __init__(self) -> None:
        self.lag = 0.0
        self._recent: deque[tuple[float, float]] = deque()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(TICK)
            now = time.monotonic()
            self.lag = max(0.0, now - before - TICK)
            self._recent.append((now, self.lag))
            while self._recent and self._recent[0][0] < now - LAG_WINDOW:
                self._recent.popleft()

    @property
    def worst(self) -> float:
        """The longest lag of the last :data:`LAG_WINDOW` seconds."""
        return max((lag for _, lag in self._recent), default=self.lag)


class DatabaseCheck:
    """The database's answer to ``SELECT 1``, asked at most once per :data:`CHECK_EVERY`.

    Every request of ``/healthz`` shares the last answer, or the one being asked: a
    visitor calling it in a loop costs the database nothing more (PostgreSQL's
    statements share one worker thread with the game's).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._at = -math.inf
        self._answer: asyncio.Future[str | None] | None = None

    async def error(self) -> str | None:
        """None when the database answers in time; else what went wrong, in one line."""
        now = time.monotonic()
        if self._answer is None or (self._answer.done() and now - self._at >= CHECK_EVERY):
            self._at = now
            self._answer = asyncio.ensure_future(self._ask())
        return await asyncio.shield(self._answer)

    async def _ask(self) -> str | None:
        try:
            await asyncio.wait_for(self.store.ping(), DB_TIMEOUT)
        except TimeoutError:
            return f"no answer in {DB_TIMEOUT:g} s"
        except TablerummyError as err:
            return str(err)
        return None


async def health(database: DatabaseCheck, monitor: LoopMonitor,
                 draining: bool) -> tuple[int, dict[str, Any]]:
    """The status code and body of ``GET /healthz``."""
    problem = await database.error()
    worst = monitor.worst
    body: dict[str, Any] = {
        "status": "ok",
        "database": "ok" if problem is None else problem,
        "loop_lag_ms": round(monitor.lag * 1000, 1),
        "loop_lag_max_ms": round(worst * 1000, 1),
        "draining": draining,
    }
    failing = [what for what, bad in (("database", problem is not None),
                                      ("event loop", worst > MAX_LAG),
                                      ("draining", draining)) if bad]
    if failing:
        body["status"] = "failing: " + ", ".join(failing)
        return 503, body
    return 200, body
