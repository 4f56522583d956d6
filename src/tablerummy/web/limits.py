"""What keeps one client from taking the server down: settings, quotas and the guard.

Everything a stranger can send is bounded here, before the rest of the app sees it:

- :class:`Settings` — every limit, with its default and its ``TABLERUMMY_*`` variable;
- :class:`Guard` — an ASGI middleware in front of the app: security headers on every
  response; only the allowed host names (DNS rebinding); POSTs only as JSON, only from
  the server's own origin (or a configured one), bodies counted as they stream in and
  refused with 413 past the limit; websocket upgrades from a foreign origin refused,
  and at most so many sockets per address group;
- :class:`RateWindow` and :class:`TokenBucket` — tables created per address group per
  minute, replays per minute, messages per socket per second;
- :class:`Watchers` — spectator sockets per table and in all.

Client addresses are what uvicorn reports: the peer, or — behind a reverse proxy run
with ``--proxy-headers`` — the forwarded address (see ``docs/web.md``); quotas count
them by :func:`address_group`.  What arrives before the app (request heads, slow
requests, connections) is bounded in :mod:`.connections`.
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress
import json
import math
import os
import time
import unicodedata
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import TablerummyError
from ..userinput import is_digits, shown, whole_number

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_NAME = 40
"""Longest player name (characters, after control characters are taken out)."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
       "base-uri 'none'; form-action 'self'; object-src 'none'")
"""No inline or foreign script: a name or a log line can never run as code."""

SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SettingError(TablerummyError):
    """A server setting (environment variable) that is not a valid value."""


@dataclass(frozen=True)
class Settings:
    """The server's limits.  Each field can be set by ``TABLERUMMY_<FIELD>`` (upper case).

    Numbers of 0 turn a quota off (``turn_seconds`` 0: no turn clock by default).
    """

    max_body: int = 1_000_000
    """Bytes of a request body (a replayed record is the largest); more: 413."""
    ws_max_size: int = 65_536
    """Bytes of a websocket message, enforced by the protocol layer before buffering."""
    tables_per_minute: int = 10
    """Tables one address may create in a minute; more: 429."""
    open_tables: int = 6
    """Waiting or playing tables created by one address at once; more: 429."""
    sockets_per_address: int = 32
    """Open websockets per address; more are refused (429)."""
    hello_timeout: float = 30.0
    """Seconds a new socket has to say hello before it is closed."""
    messages_per_second: float = 20.0
    """Messages a socket may send per second (bursts of twice that); more are dropped."""
    bot_tables: int = 4
    """Tables with no person seat playing at once, server-wide (0: refused)."""
    waiting_expiry: float = 3600.0
    """Seconds a table may wait for its players before it is closed."""
    turn_seconds: int = 120
    """The turn clock of a new table when the request names none (0: no clock)."""
    max_turn_seconds: int = 86_400
    """Longest turn clock a table may ask for."""
    away_seconds: int = 15
    """The turn clock of a seat marked away (shorter, so the game goes on)."""
    missed_turns: int = 3
    """Turns missed in a row after which a bot plays the seat for the rest of the game."""
    bot_workers: int = 2
    """Processes deciding bot moves (0: a thread of the server process)."""
    lobby_page: int = 50
    """Tables per page of ``GET /api/tables``."""
    origins: tuple[str, ...] = ()
    """Origins allowed besides the server's own (``https://example.org``), comma-separated."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names a request may name in its ``Host`` header (DNS rebinding), comma-separated;
    empty: any (``tablerummy serve`` fills in its bound address and origins); ``*``: any."""
    max_head: int = 16_384
    """Bytes of a request line and headers together; more: 431 and the connection closed."""
    request_timeout: float = 10.0
    """Seconds a request has, from its first byte (or the connection's opening), to arrive
    whole, headers and body; then 408 (or, mid-body, the connection closed)."""
    connections_per_address: int = 64
    """Open connections per address group, HTTP and websockets alike; more: 429, closed."""
    max_connections: int = 4096
    """Open connections of one server process; more: 503, closed (file descriptors)."""
    ipv4_prefix: int = 32
    """Bits of an IPv4 address that make one client for the quotas (32: the address)."""
    ipv6_prefix: int = 64
    """Bits of an IPv6 address that make one client (64: a household's network)."""
    watchers_per_table: int = 50
    """Spectator sockets of one table (per process); more: refused."""
    watchers: int = 2000
    """Spectator sockets of the whole process; more: refused."""
    replay_moves: int = 20_000
    """Actions of a record ``POST /api/replay`` replays; more: 413."""
    replays_per_minute: int = 120
    """Replay frames one address group may ask for in a minute; more: 429."""
    replay_seconds: float = 2.0
    """CPU seconds one replay may take in the worker; more: 413."""
    hints_per_minute: int = 30
    """Hints one address group may ask for in a minute (each is a search); more: refused."""
    hint_iterations: int = 0
    """Search iterations of a hint, with no time cap (0: the coach's ``Budget.hint()``,
    about 1 s of CPU); tests set a few so that a hint comes at once, the same each time."""
    analysis_workers: int = 1
    """Processes analysing finished games, apart from the bots' (0: a thread)."""
    analyses_per_minute: int = 4
    """Analyses one address group may start in a minute; more: 429."""
    analysis_iterations: int = 0
    """Search iterations per decision of an analysis, with no time cap (0: the coach's
    ``Budget.analysis()``); tests set a few so that a game is analysed in seconds."""
    analysis_playouts: int = 0
    """Playouts per candidate move of an analysis (0: the coach's ``Budget.analysis()``,
    24); fewer: quicker and less accurate (docs/coach.md, Accuracy)."""
    analysis_moves: int = 2_000
    """Actions and hands of a record an analysis takes; more: 413."""
    analysis_seconds: float = 1_800.0
    """CPU seconds one analysis may take in its worker; more: it stops with an error."""
    analysis_keep: float = 900.0
    """Seconds a finished analysis is kept for its page to fetch, then dropped."""

    @classmethod
    def from_env(cls, env: MutableMapping[str, str] | None = None, **given: Any) -> Settings:
        """Defaults, overridden by ``TABLERUMMY_*`` variables, overridden by ``given``."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            raw = env.get(f"TABLERUMMY_{f.name.upper()}")
            if raw is None:
                continue
            values[f.name] = _parse(f.name, f.type, raw)
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)


def _parse(name: str, kind: Any, raw: str) -> Any:
    var = f"TABLERUMMY_{name.upper()}"
    if "tuple" in str(kind):
        items = [o.strip().rstrip("/") for o in raw.split(",") if o.strip()]
        return tuple(host_name(o) if name == "allowed_hosts" else o for o in items)
    value: float | None
    if kind in (int, "int"):
        value = whole_number(raw.strip())
    else:
        try:
            value = float(raw) if is_digits(raw.strip().replace(".", "", 1)) else None
        except ValueError:
            value = None
    if value is None or not math.isfinite(value) or value < 0:
        raise SettingError(f"{var} is a number of 0 or more, not {shown(raw)}")
    return value


def settings_env(settings: Settings) -> dict[str, str]:
    """``settings`` as the ``TABLERUMMY_*`` variables that give them (another process's)."""
    out = {}
    for f in dataclasses.fields(settings):
        value = getattr(settings, f.name)
        out[f"TABLERUMMY_{f.name.upper()}"] = (
            ",".join(value) if isinstance(value, tuple) else str(value))
    return out


def clean_name(name: Any) -> str:
    """A player's name as shown: control and format characters out, spaces folded."""
    if not isinstance(name, str):
        raise QuotaError("give a name to sit down", 400)
    kept = "".join(" " if ch.isspace() else "" if unicodedata.category(ch).startswith("C")
                   else ch for ch in name)
    text = " ".join(kept.split())
    if not text:
        raise QuotaError("give a name to sit down", 400)
    if len(text) > MAX_NAME:
        raise QuotaError(f"a name has at most {MAX_NAME} characters", 400)
    return text


class QuotaError(TablerummyError):
    """A request refused by a limit; ``status`` is its HTTP status (429 by default)."""

    def __init__(self, message: str, status: int = 429) -> None:
        super().__init__(message)
        self.status = status


# --- counting --------------------------------------------------------------------------------

@dataclass
class RateWindow:
    """At most ``limit`` events per ``seconds`` per key (a sliding window)."""

    limit: int
    seconds: float = 60.0
    _events: dict[str, deque[float]] = field(default_factory=dict)

    def take(self, key: str, now: float | None = None) -> bool:
        """Count one event for ``key``; False (and not counted) when over the limit."""
        if self.limit <= 0:
            return True
        now = time.monotonic() if now is None else now
        if len(self._events) > 10_000:  # forget the keys that have gone quiet
            for stale in [k for k, q in self._events.items() if q[-1] < now - self.seconds]:
                del self._events[stale]
        queue = self._events.setdefault(key, deque())
        while queue and queue[0] <= now - self.seconds:
            queue.popleft()
        if len(queue) >= self.limit:
            return False
        queue.append(now)
        return True


@dataclass
class TokenBucket:
    """``rate`` tokens a second, up to ``burst``; one per message."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float | None = None) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Watchers:
    """Spectator sockets of this process: at most so many per table, and in all.

    Each watcher costs a state message per move; 40 addresses with 25 watchers each put
    another player's p99 at 1.5 s.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tables: dict[str, int] = {}
        self.total = 0

    def enter(self, table_id: str) -> None:
        """Count one more watcher of ``table_id``, or raise :class:`QuotaError`."""
        most, here = self.settings.watchers_per_table, self.tables.get(table_id, 0)
        if most and here >= most:
            raise QuotaError(f"this table has {here} spectators (at most {most}): try later")
        if self.settings.watchers and self.total >= self.settings.watchers:
            raise QuotaError("the server has as many spectators as it takes: try later")
        self.tables[table_id] = here + 1
        self.total += 1

    def leave(self, table_id: str) -> None:
        left = self.tables.get(table_id, 1) - 1
        if left > 0:
            self.tables[table_id] = left
        else:
            self.tables.pop(table_id, None)
        self.total -= 1


def client_address(scope: Scope) -> str:
    """The address quotas count by: the peer, or the proxy's forwarded address."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


@functools.lru_cache(maxsize=65_536)
def _group(host: str, ipv4_prefix: int, ipv6_prefix: int) -> str:
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    bits = min(ipv4_prefix if ip.version == 4 else ipv6_prefix, ip.max_prefixlen)
    if bits == ip.max_prefixlen:
        return str(ip)
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


def address_group(host: str, settings: Settings) -> str:
    """The client a quota counts: ``host`` cut to its network prefix.

    One machine on IPv6 is usually given a whole /64 and may pick any address in it, so
    counting exact addresses would give it billions of quotas; an IPv4 address is one
    client (or many behind one NAT) and stays whole by default.  An exact address
    (``1.2.3.4``) stays as it is written, so stored counts keep their keys.
    """
    return _group(host, settings.ipv4_prefix, settings.ipv6_prefix)


# --- the guard in front of the app -----------------------------------------------------------

def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def own_origin(scope: Scope) -> str | None:
    host = _header(scope, b"host")
    if host is None:
        return None
    secure = scope.get("scheme") in ("https", "wss")
    return f"{'https' if secure else 'http'}://{host}".lower()


def origin_allowed(scope: Scope, settings: Settings) -> bool:
    """No Origin header (not a browser), the server's own origin, or a configured one."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    return origin == own_origin(scope) or origin in {o.lower() for o in settings.origins}


def host_name(host: str) -> str:
    """The name part of a ``Host`` header or a ``--host``: no port, no brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("", "0.0.0.0", "::")


def default_hosts(bound: str, origins: tuple[str, ...]) -> tuple[str, ...]:
    """The host names a server bound to ``bound`` answers by default.

    Its own address (a loopback one: every loopback name), each configured origin's
    host, and — bound to every interface — the machine's names and addresses.
    """
    name = host_name(bound)
    names: list[str] = [name] if name not in WILDCARDS else []
    if name in LOOPBACK_NAMES or name.startswith("127.") or name in WILDCARDS:
        names += LOOPBACK_NAMES
    if name in WILDCARDS:
        import socket

        machine = {socket.gethostname(), socket.getfqdn()}
        names += [n.lower() for n in machine if n]
        for each in machine:
            try:
                names += [str(info[4][0]).lower() for info in socket.getaddrinfo(each, None)]
            except OSError:
                continue
    names += [host_name(o.split("://", 1)[-1]) for o in origins]
    return tuple(dict.fromkeys(n for n in names if n))


def host_allowed(scope: Scope, settings: Settings) -> bool:
    """The request names one of ``allowed_hosts`` in its ``Host`` (none listed: any).

    A page of another site whose name was pointed at this server's address (DNS
    rebinding) is same-origin to the browser; only the ``Host`` it sends gives it away.
    """
    allowed = settings.allowed_hosts
    if not allowed or "*" in allowed:
        return True
    # every Host header: a second one must not slip a foreign name past the first
    return all(host_name(bytes(value).decode("latin-1")) in allowed
               for key, value in scope.get("headers", []) if key == b"host")


class Guard:
    """ASGI middleware: headers, allowed hosts, same origin, JSON POSTs, bounded bodies,
    socket quota."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.sockets: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not host_allowed(scope, self.settings):
            await _refuse_host(scope, send)
            return
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        if scope["method"] not in ("POST", "PUT", "PATCH", "DELETE"):
            await self.app(scope, receive, send_with_headers)
            return
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if not origin_allowed(scope, self.settings):
            await _refuse(send_with_headers, 403, "requests from other sites are refused")
            return
        if kind != "application/json":
            await _refuse(send_with_headers, 415, "send the request body as application/json")
            return
        limit = self.settings.max_body
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await _refuse(send_with_headers, 400, "a bad Content-Length")
                return
            if int(length) > limit:  # refused before a byte of it is read
                await _refuse(send_with_headers, 413, f"request too large (at most {limit} bytes)")
                return
        # count the body as it streams in (chunked requests give no length up front)
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse(send_with_headers, 413, f"request too large (at most {limit} bytes)")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not origin_allowed(scope, self.settings):
            await _deny_socket(scope, send, 403, "connections from other sites are refused")
            return
        address = address_group(client_address(scope), self.settings)
        limit = self.settings.sockets_per_address
        if limit and self.sockets.get(address, 0) >= limit:
            await _deny_socket(scope, send, 429,
                               f"too many connections from your address (at most {limit})")
            return
        self.sockets[address] = self.sockets.get(address, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.sockets[address] - 1
            if left:
                self.sockets[address] = left
            else:
                del self.sockets[address]


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


async def _refuse_host(scope: Scope, send: Send) -> None:
    message = "this server does not answer to that host name"
    if scope["type"] == "websocket":
        await _deny_socket(scope, send, 421, message)
        return
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": 421,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


async def _deny_socket(scope: Scope, send: Send, status: int, message: str) -> None:
    """Refuse a websocket upgrade: with an HTTP answer where the server can, else close."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"error": message}).encode()
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                *SECURITY_HEADERS]})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 4003 if status == 403 else 4029})


# --- what a table may ask for ----------------------------------------------------------------

OPTION_FACTOR = 10
"""A numeric option (the target score) may be at most this many times the rulebook's."""


def check_options(variant: Any) -> None:
    """Refuse numeric options past ``OPTION_FACTOR`` times the rulebook's value.

    A game to ``1e30`` points never ends: it would hold a table, and its bots, forever.
    """
    for spec in variant.option_specs:
        default = spec.default
        if isinstance(default, bool) or not isinstance(default, int) or spec.choices:
            continue
        value = variant.options.get(spec.name, default)
        most = OPTION_FACTOR * default
        if isinstance(value, bool) or not isinstance(value, int) or value > most:
            raise QuotaError(f"option {spec.name} is at most {most} on this server"
                             f" ({OPTION_FACTOR} times the rulebook's {default})", 400)


def check_turn_seconds(value: Any, settings: Settings) -> int:
    """The turn clock a table asks for: 0 (off) or a number of seconds up to the limit."""
    if value is None:
        return settings.turn_seconds
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value <= settings.max_turn_seconds):
        raise QuotaError(f"\"turn_seconds\" is 0 (no clock) or from 1 to"
                         f" {settings.max_turn_seconds}", 400)
    return value


def check_hints(value: Any, people: int, seats: int) -> bool:
    """Whether a new table offers hints: ``value`` as asked, or the default.

    Decision: on by default where one person plays and every other seat is a bot (the
    person learns, no one else is at a disadvantage); off by default where two people
    or more sit, bots or not (a hint is help one player would have over another), but
    such a table may ask for them: every seat then has them, and the table's facts
    (``hints``) say so to all.  A table of bots only has no one to hint.
    """
    if value is None:
        return people == 1 and seats > 1
    if not isinstance(value, bool):
        raise QuotaError("\"hints\" is true or false", 400)
    return value and people > 0
