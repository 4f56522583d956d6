"""SIGTERM: hand this process's clients over to the others without losing a move.

On SIGTERM (a deploy, ``systemctl stop``, the ``--workers`` supervisor stopping a worker)
the process *drains* before uvicorn's own shutdown runs:

1. it stops accepting: new HTTP requests get ``503`` (``/healthz`` says ``draining``,
   so a load balancer stops sending traffic) and new websockets are refused;
2. moves that arrive now are refused with an ``error`` that says to reconnect (the client
   sends them again on its new connection: nothing was committed);
3. the moves being committed are finished: every table's lock is taken in turn (a move
   holds it from check to commit) and the store's queue is flushed, so each of them is
   acknowledged on its socket;
4. every socket is closed with :data:`RECONNECT` (1012, "service restart"): the page and
   any client reconnect, through the load balancer, to another process;
5. then uvicorn shuts down as usual (the app's lifespan gives up this process's leases:
   another process leads its tables from its next heartbeat).

Steps 3 and 4 wait at most ``TABLERUMMY_DRAIN_SECONDS`` (default :data:`DRAIN_SECONDS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

from .limits import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    from .tables import TableManager

log = logging.getLogger("tablerummy.web")

RECONNECT = 1012
"""The websocket close code of a drained socket: "service restart", reconnect."""

RECONNECT_REASON = "the server is restarting: reconnect"

DRAIN_SECONDS = 10.0
"""Longest wait for the moves in flight and the sockets' last messages."""


def drain_seconds() -> float:
    from .database import env_seconds

    return env_seconds("TABLERUMMY_DRAIN_SECONDS", DRAIN_SECONDS, 0.0, 3600.0)


class Drain:
    """This process's drain: the flag the gate and the tables read, and the procedure."""

    def __init__(self) -> None:
        self.draining = False
        self.done = asyncio.Event()
        self.seconds = drain_seconds()
        self._previous: Any = None
        self._task: asyncio.Task[None] | None = None

    def install(self, manager: TableManager) -> None:
        """Drain on SIGTERM, then hand the signal to the handler that was there (uvicorn's).

        Only from the main thread (where a server's loop runs); elsewhere (an app in a
        test's thread) nothing is installed.
        """
        loop = asyncio.get_running_loop()
        try:
            self._previous = signal.getsignal(signal.SIGTERM)

            def on_term(sig: int, frame: FrameType | None) -> None:
                if self._task is None:
                    self._task = loop.create_task(self._drain_then_exit(manager, sig, frame))

            signal.signal(signal.SIGTERM, on_term)
        except ValueError:  # not the main thread
            self._previous = None

    async def _drain_then_exit(self, manager: TableManager, sig: int,
                               frame: FrameType | None) -> None:
        try:
            await self.run(manager)
        finally:
            previous: Callable[[int, FrameType | None], Any] | int | None = self._previous
            if callable(previous):
                previous(sig, frame)
            else:  # no handler of uvicorn's: the default action
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.kill(os.getpid(), signal.SIGTERM)

    async def run(self, manager: TableManager) -> None:
        """Steps 1-4 of the module's procedure (bounded by :attr:`seconds`)."""
        started = time.monotonic()
        self.draining = True
        manager.draining = True
        log.info("draining: %d tables open, %d sockets", len(manager.live),
                 sum(len(t.connections) for t in manager.live.values()))
        deadline = started + self.seconds
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.seconds):
                for table in list(manager.live.values()):
                    async with table.lock:  # the move being committed, if any, is done
                        pass
                await manager.store.flush()
        for table in list(manager.live.values()):
            for conn in list(table.connections):
                conn.close(RECONNECT)
        # let the writers send what is queued (the last acknowledgements) and close
        while time.monotonic() < deadline and any(
                not conn.outbox.empty() for t in manager.live.values() for conn in t.connections):
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.05)
        log.info("drained in %.2f s", time.monotonic() - started)
        self.done.set()


class DrainGate:
    """ASGI middleware: while draining, new requests get 503 and new sockets are refused.

    ``/healthz`` is let through (it says ``draining``), so is ``/metrics``.
    """

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        self.app = app
        self.drain = drain

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.drain.draining or scope["type"] not in ("http", "websocket") or scope.get(
                "path") in ("/healthz", "/metrics"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": RECONNECT,
                        "reason": RECONNECT_REASON})
            return
        body = b'{"error": "the server is restarting: try again"}'
        await send({"type": "http.response.start", "status": 503,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"retry-after", b"1"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
