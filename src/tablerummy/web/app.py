"""The ASGI app: lobby and record endpoints over HTTP, the table over a websocket.

Routes (the protocol is documented in ``docs/web.md``):

- ``GET /`` the lobby page, ``GET /t/{id}`` a table page, ``GET /replay[/{id}]`` replays;
- ``GET /api/variants``, ``GET|POST /api/tables``, ``GET /api/tables/{id}``,
  ``POST /api/tables/{id}/join``, ``POST /api/tables/{id}/leave``,
  ``GET /api/tables/{id}/record``, ``POST /api/replay``;
- ``GET /healthz`` and ``GET /metrics`` for the operator (see :mod:`.ops`);
- ``WS /ws/{id}`` — say ``hello`` (with a seat token, or none to watch), then ``act``.

Every request passes the :class:`~.limits.Guard` first (headers, same origin, bounded
bodies, sockets per address); the quotas of :class:`~.limits.Settings` are checked here
and in the table manager.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import TablerummyError
from .analyses import Analyses
from .hints import Hints
from .limits import Guard, QuotaError, Settings, TokenBucket, Watchers, address_group
from .ops import Operations
from .protocol import (
    Act,
    AskHint,
    Hello,
    Ping,
    ProtocolError,
    Seen,
    dumps,
    error_message,
    message_id,
    parse_client,
    welcome_message,
)
from .rematch import ask_rematch
from .replay import Replays
from .rules_page import parse_options, rules_page
from .store import Store
from .tables import (
    FINISHED,
    Connection,
    LiveTable,
    TableError,
    TableManager,
    lobby_variants,
)

log = logging.getLogger("tablerummy.web")

STATIC = Path(str(resources.files("tablerummy.web") / "static"))


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()  # already counted and bounded by the Guard
    try:
        data = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("the request body is not JSON") from None
    except ValueError:  # an integer past Python's 4,300 digits
        raise ProtocolError("a number in the request body has too many digits") from None
    if not isinstance(data, dict):
        raise ProtocolError("the request body is a JSON object")
    return data


def _exact_seed(record: Any) -> Any:
    """A record sent back by a page, with its secret seed made whole again if need be.

    A page's JSON numbers are doubles: the 128-bit seed of a served record comes back
    rounded (a float).  Every hand of such a record carries its deck, so the seed deals
    nothing and is dropped; any other record is left for the replay to judge.
    """
    if not isinstance(record, dict) or not isinstance(record.get("seed"), float):
        return record
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands or not all(
            isinstance(h, dict) and h.get("deck") is not None for h in hands):
        return record
    return {key: value for key, value in record.items() if key != "seed"}


def _status(err: TablerummyError) -> int:
    return err.status if isinstance(err, TableError | QuotaError) else 400


def _address(conn: Request | WebSocket) -> str:
    return conn.client.host if conn.client else "unknown"


def create_app(db_url: str = "sqlite:///tablerummy.sqlite3", bot_delay: float = 0.6,
               tune_gc: bool = False, settings: Settings | None = None) -> Starlette:
    """The web table on the database at ``db_url`` (SQLAlchemy URL).

    ``settings`` are the server's limits (default: from the ``TABLERUMMY_*`` variables).

    ``tune_gc`` (for a process that only serves, as ``tablerummy serve``) makes the
    garbage collector's full passes rarer and shorter: after start-up every object is
    frozen out of them, and the youngest generation is collected less often.  Full
    passes over every live game were the longest pauses of a busy server.
    """
    state: dict[str, Any] = {}
    limits = settings if settings is not None else Settings.from_env()
    watchers = Watchers(limits)

    def manager() -> TableManager:
        return state["manager"]  # type: ignore[no-any-return]

    ops = Operations(manager)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db_url)
        state["manager"] = TableManager(store, bot_delay=bot_delay, settings=limits)
        state["replays"] = Replays(limits, manager().bots)
        state["hints"] = Hints(limits, manager().bots)
        state["analyses"] = Analyses(limits, manager().bots, store.db)
        app.state.tables = state["manager"]  # for tests and embedding
        resumed = await manager().resume_all()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        if tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(20_000, 20, 100)
        ops.start()
        try:
            yield
        finally:
            await state["hints"].close()
            await state["analyses"].close()
            await ops.stop()
            await manager().close()
            await store.aclose()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
        return endpoint

    async def variants(request: Request) -> Response:
        return JSONResponse({"variants": lobby_variants()})

    async def rules(request: Request) -> Response:
        try:
            found = rules_page(request.path_params["variant"],
                               parse_options(request.query_params.get("options")))
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse(found)

    async def list_tables(request: Request) -> Response:
        query = request.query_params
        page = query.get("page", "0")
        if not page.isdigit() or len(page) > 6:
            return _error("\"page\" is a page number from 0")
        return JSONResponse(await manager().lobby(
            variant=query.get("variant") or None, status=query.get("status") or None,
            page=int(page)))

    async def create_table(request: Request) -> Response:
        try:
            body = await _body(request)
            join = body.get("join")
            if join is not None and not isinstance(join, dict):
                raise ProtocolError("\"join\" is {\"seat\": N, \"name\": \"…\"}")
            sit = (join.get("seat"), join.get("name")) if join is not None else None
            table = await manager().create(body.get("variant"), body.get("options"),
                                           body.get("seats"),
                                           turn_seconds=body.get("turn_seconds"),
                                           address=address_group(_address(request), limits),
                                           join=sit, hints=body.get("hints"))
            out: dict[str, Any] = {"table": table.meta()}
            if join is not None:
                _, token = await manager().join(table.id, join.get("seat"), join.get("name"))
                out.update(token=token, seat=join.get("seat"), table=table.meta())
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse(out, status_code=201)

    async def get_table(request: Request) -> Response:
        try:
            table = await manager().get(request.path_params["table_id"])
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse({"table": table.meta()})

    async def join_table(request: Request) -> Response:
        try:
            body = await _body(request)
            table, token = await manager().join(request.path_params["table_id"],
                                                body.get("seat"), body.get("name"))
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse({"token": token, "seat": body.get("seat"), "table": table.meta()})

    async def leave_table(request: Request) -> Response:
        try:
            body = await _body(request)
            table = await manager().leave(request.path_params["table_id"], body.get("token"))
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse({"table": table.meta()})

    async def rematch(request: Request) -> Response:
        try:
            body = await _body(request)
            table, token, seat = await ask_rematch(manager(), request.path_params["table_id"],
                                                   body.get("token"),
                                                   address_group(_address(request), limits))
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse({"token": token, "seat": seat, "table": table.meta()})

    async def record(request: Request) -> Response:
        try:
            table = await manager().get(request.path_params["table_id"])
        except TablerummyError as err:
            return _error(str(err), _status(err))
        if table.status != FINISHED:
            # the record holds every deck: it would show all hands and the stock order
            return _error("the record is available once the game is over", 409)
        return Response(
            json.dumps(table.game.to_record(), indent=1), media_type="application/json",
            headers={"Content-Disposition":
                     f'attachment; filename="tablerummy-{table.id}.json"'},
        )

    async def replay(request: Request) -> Response:
        try:
            body = await _body(request)
            step = body.get("step", 0)
            if isinstance(step, bool) or not isinstance(step, int):
                raise ProtocolError("\"step\" is a number of actions")
            status, frame = await state["replays"].frame(
                address_group(_address(request), limits), _exact_seed(body.get("record")), step)
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse(frame, status_code=status)

    async def analyse(request: Request) -> Response:
        try:
            body = await _body(request)
            if "record" in body:
                body["record"] = _exact_seed(body["record"])
            job = await state["analyses"].start(
                manager(), address_group(_address(request), limits), body)
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse(job, status_code=202)

    async def analysis(request: Request) -> Response:
        try:
            status, body = await state["analyses"].status(request.path_params["job"])
        except TablerummyError as err:
            return _error(str(err), _status(err))
        return JSONResponse(body, status_code=status)

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table = await manager().get(ws.path_params["table_id"])
        except TablerummyError as err:
            await ws.send_text(dumps(error_message(str(err), 0)))
            await ws.close(code=4404)
            return
        await _serve_socket(ws, table, limits, watchers, state["hints"])

    routes = [
        *ops.routes(),
        Route("/", page("lobby.html")),
        Route("/t/{table_id}", page("table.html")),
        Route("/replay", page("replay.html")),
        Route("/replay/{table_id}", page("replay.html")),
        Route("/api/variants", variants),
        Route("/api/rules/{variant}", rules),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave_table, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route("/api/analyse/{job}", analysis),
        WebSocketRoute("/ws/{table_id}", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(Guard, settings=limits)
    ops.wrap(app)
    return app


def app_from_env() -> Starlette:
    """The app of one process of ``tablerummy serve --workers N`` (uvicorn's factory)."""
    return create_app(os.environ["TABLERUMMY_SERVE_DB"],
                      bot_delay=float(os.environ.get("TABLERUMMY_BOT_DELAY", "0.6")),
                      tune_gc=True)


async def _receive_text(ws: WebSocket) -> str | bytes | None:
    """The next frame's payload; raises WebSocketDisconnect when the client is gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is not None:
        return str(message["text"])
    return message.get("bytes") or b""


async def _writer(ws: WebSocket, conn: Connection) -> None:
    """Send a connection's queued messages in order; None means close."""
    with contextlib.suppress(Exception):
        while True:
            text = await conn.outbox.get()
            if text is None:
                await ws.close(code=conn.close_code)
                return
            await ws.send_text(text)


class _Throttle:
    """Messages per socket per second: over the rate, dropped (a message with an ``id`` is
    answered with an error carrying it; others get one error a second).

    Dropped messages are counted in a bucket of their own, ten seconds' worth refilled at
    the rate: a client that keeps sending faster than twice the rate empties it and is
    disconnected (it may reconnect); an admitted message does not refill it, or a steady
    flooder would never be closed.
    """

    def __init__(self, rate: float) -> None:
        self.bucket = TokenBucket(rate, 2 * rate)
        self.drops = TokenBucket(rate, 10 * rate)
        self.rate = rate
        self.warned = 0.0

    def admit(self) -> tuple[bool, str | None]:
        """Whether to handle the message, and an error to answer with (at most one a second)."""
        if self.bucket.take():
            return True, None
        if not self.drops.take(self.bucket.stamp):
            raise QuotaError("too many messages: disconnected")
        now = self.bucket.stamp
        if now - self.warned >= 1.0:
            self.warned = now
            return False, f"too many messages (at most {self.rate:g} a second): slow down"
        return False, None


async def _serve_socket(ws: WebSocket, table: LiveTable, limits: Settings,
                        watchers: Watchers, hints: Hints) -> None:
    conn: Connection | None = None
    watching = False
    writer: asyncio.Task[None] | None = None
    throttle = _Throttle(limits.messages_per_second)
    try:
        # greeting: wait for a valid hello; errors are answered, the socket stays open
        while conn is None:
            try:
                raw = await asyncio.wait_for(_receive_text(ws), limits.hello_timeout or None)
            except TimeoutError:
                await ws.send_text(dumps(error_message("say hello first", table.version)))
                await ws.close(code=4008)
                return
            try:
                admitted, warning = throttle.admit()
            except QuotaError as err:
                await ws.send_text(dumps(error_message(str(err), table.version)))
                await ws.close(code=4029)
                return
            if not admitted:
                if warning:
                    await ws.send_text(dumps(error_message(warning, table.version)))
                continue
            try:
                msg = parse_client(raw)
                if not isinstance(msg, Hello):
                    raise ProtocolError('say {"type": "hello", "token": …} first'
                                        " (no token: watch the table)")
                seat = table.seat_for_token(msg.token)
            except TablerummyError as err:
                await ws.send_text(dumps(error_message(str(err), table.version)))
                continue
            if seat is None:
                try:
                    watchers.enter(table.id)
                except QuotaError as err:
                    await ws.send_text(dumps(error_message(str(err), table.version)))
                    await ws.close(code=4029)
                    return
                watching = True
            conn = Connection(seat)
        writer = asyncio.create_task(_writer(ws, conn))
        async with table.lock:  # not while a move is being committed: only what is durable
            conn.post(dumps(welcome_message(table.game.variant, conn.seat, table.meta(),
                                            table.faces)))
            table.connections.add(conn)
            table.broadcast()  # the others see who came online; this one gets the state
        while True:
            raw = await _receive_text(ws)
            ref: str | int | None = None
            try:
                admitted, warning = throttle.admit()
            except QuotaError as err:
                conn.post(dumps(error_message(str(err), table.version)))
                conn.close(4029)  # a limit's close code, counted as a refusal in /metrics
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(writer), 5)
                return
            if not admitted:
                dropped = message_id(raw)
                if dropped is not None:
                    conn.post(dumps(error_message(
                        f"too many messages (at most {limits.messages_per_second:g} a second):"
                        " this one was dropped", table.version, dropped)))
                elif warning:
                    conn.post(dumps(error_message(warning, table.version)))
                continue
            try:
                msg = parse_client(raw)
                if isinstance(msg, Ping):
                    conn.post(dumps({"type": "pong", "id": msg.ref, "version": table.version}))
                    continue
                if isinstance(msg, Seen):
                    table.clock.mark_seen(conn.seat, msg.hand)
                    continue
                if isinstance(msg, Hello):
                    raise ProtocolError("already greeted: open a new connection to change seat")
                if isinstance(msg, AskHint):
                    ref = msg.ref
                    hints.ask(table, conn, ref, address_group(_address(ws), limits))
                    continue
                assert isinstance(msg, Act)
                ref = msg.ref
                await table.act(conn.seat, msg.action, msg.version)
                conn.post(dumps({"type": "ok", "id": ref, "version": table.version}))
            except TablerummyError as err:
                conn.post(dumps(error_message(str(err), table.version, ref)))
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # the socket was closed under us (e.g. by the writer)
        pass
    finally:
        if watching:
            watchers.leave(table.id)
        if conn is not None:
            conn.closed = True
            table.connections.discard(conn)
            table.broadcast()
            table.manager.release(table)
        if writer is not None:
            writer.cancel()
