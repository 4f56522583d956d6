"""What an operator's tools talk to: ``/healthz``, ``/metrics``, the drain, outage errors.

:class:`Operations` is made by :func:`.app.create_app` and wired in with three calls:
:meth:`Operations.routes`, :meth:`Operations.start` / :meth:`Operations.stop` in the
lifespan, and :meth:`Operations.wrap` around the app.  The pieces live in
:mod:`.health`, :mod:`.metrics` and :mod:`.drain`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .database import StoreError
from .drain import Drain, DrainGate
from .health import DatabaseCheck, LoopMonitor, health
from .metrics import CONTENT_TYPE, RefusalCounter, exposition

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from .tables import TableManager

log = logging.getLogger("tablerummy.web")


class Operations:
    """Health, metrics and the drain of one server process."""

    def __init__(self, manager: Callable[[], TableManager]) -> None:
        self.manager = manager
        self.monitor = LoopMonitor()
        self.drain = Drain()
        self.database: DatabaseCheck | None = None

    def routes(self) -> list[Route]:
        return [Route("/healthz", self.healthz), Route("/metrics", self.metrics)]

    def start(self) -> None:
        """In the lifespan's start-up, on the server's loop."""
        self.monitor.start()
        self.database = DatabaseCheck(self.manager().store)
        self.drain.install(self.manager())

    async def stop(self) -> None:
        """In the lifespan's shutdown: the commits under way are finished first."""
        await self.monitor.stop()
        await self.manager().store.flush()

    def wrap(self, app: Starlette) -> None:
        """Put the drain's gate and the refusal counter in front (after the app's own
        middleware: outermost), and answer database errors with 503."""
        app.add_exception_handler(StoreError, _unavailable)
        app.add_middleware(DrainGate, drain=self.drain)
        app.add_middleware(RefusalCounter)

    async def healthz(self, request: Request) -> Response:
        assert self.database is not None  # made at start-up
        status, body = await health(self.database, self.monitor, self.drain.draining)
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})

    async def metrics(self, request: Request) -> Response:
        manager = self.manager()
        tables: dict[str, float] = {'status="waiting"': 0, 'status="playing"': 0}
        sockets = 0
        for table in manager.live.values():
            key = f'status="{table.status}"'
            if key in tables:
                tables[key] += 1
            sockets += len(table.connections)
        gauges: dict[str, tuple[str, float | dict[str, float]]] = {
            "open_tables": ("Tables this process has open, by status.", tables),
            "sockets": ("Websockets of this process that said hello.", sockets),
            "bot_queue": ("Bot decisions waiting for or in the bot pool.",
                          manager.bots.waiting),
            "loop_lag_seconds": ("The event loop's lag at its last check.",
                                 self.monitor.lag),
            "draining": ("1 while the process drains (SIGTERM).",
                         float(self.drain.draining)),
        }
        return Response(exposition(gauges), media_type=CONTENT_TYPE,
                        headers={"Cache-Control": "no-store"})


async def _unavailable(request: Request, err: Exception) -> Response:
    """A database error in a request: 503 in one line, never a traceback."""
    log.warning("%s %s: %s", request.method, request.url.path, err)
    return JSONResponse({"error": f"{err}: try again in a moment"}, status_code=503,
                        headers={"Retry-After": "2"})

