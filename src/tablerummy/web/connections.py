"""Connections before the app sees them: bounded heads, a deadline per request, caps.

uvicorn reads requests with no limit of its own: a request line and headers of any
size are buffered, a request whose bytes trickle in (slowloris) or never finish waits
for ever, and connections are not counted per client.  :class:`GuardedProtocol`, the
HTTP protocol ``tablerummy serve`` gives uvicorn (``http=``), is uvicorn's httptools
protocol (httptools comes with ``uvicorn[standard]``, the web extra's; its parser has
no bound on a head either, and h11's ``h11_max_incomplete_event_size`` bounds only
what is buffered, never the time) with those bounds added where the bytes arrive:

- the request line and headers together are at most ``Settings.max_head`` bytes,
  counted as they arrive: more, and the answer is ``431`` and the connection closed;
- every request must arrive whole — headers and body — within
  ``Settings.request_timeout`` seconds of its first byte (of the connection's opening,
  for the first): otherwise ``408`` (mid-body: the connection is closed);
- at most ``Settings.connections_per_address`` connections per address group
  (:func:`.limits.address_group`) and ``Settings.max_connections`` in all, counted from
  the TCP connection's opening to its closing, HTTP and websockets alike (the count
  follows the connection through the upgrade): more are answered ``429`` / ``503``
  and closed at once, so they hold no file descriptor.

Behind a reverse proxy (``--proxy-headers``) the proxy's connections are not capped per
address: every client comes through them, and the proxy bounds its own clients.

The protocol reads its settings from the ``TABLERUMMY_*`` environment once per process
(``tablerummy serve`` puts its command-line settings there), so each process of
``--workers N`` bounds its own connections alike.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import logging
import os
import resource
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .limits import Settings, address_group, default_hosts

log = logging.getLogger("tablerummy.web")

FD_RESERVE = 256
"""File descriptors kept free of client connections: the database, the bot pool, logs."""

_settings: Settings | None = None
_open: dict[str, int] = {}
_total = 0


def configure(settings: Settings | None) -> None:
    """Use ``settings`` in this process (None: read them from the environment again)."""
    global _settings
    _settings = settings


def current() -> Settings:
    global _settings
    if _settings is None:
        _settings = Settings.from_env()
    return _settings


def open_connections() -> dict[str, int]:
    """Open connections per address group in this process (for tests and metrics)."""
    return dict(_open)


def raise_fd_limit(wanted: int) -> int:
    """Raise this process's open-file limit towards ``wanted`` (up to the hard limit).

    The soft limit is 1024 on most systems: a thousand slow connections took every
    descriptor and the server could not accept anyone for over a minute.  Returns the
    number of connections that fit under the limit now (``wanted`` or fewer).
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + FD_RESERVE
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as err:
            log.warning("cannot raise the open-file limit to %d: %s", target, err)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - FD_RESERVE))


def for_serving(settings: Settings, bound: str) -> Settings:
    """The settings of ``tablerummy serve`` bound to ``bound``, made this process's own.

    The allowed hosts default to the bound address and the configured origins, and the
    connections are capped to what the open-file limit (raised if it can be) holds.
    """
    hosts = settings.allowed_hosts or default_hosts(bound, settings.origins)
    most = settings.max_connections
    fit = raise_fd_limit(most or 65_536)
    settings = dataclasses.replace(settings, allowed_hosts=hosts,
                                   max_connections=min(most, fit) if most else 0)
    configure(settings)
    return settings


def _trusted(forwarded: Any) -> Callable[[str], bool]:
    """Whether an address is one of uvicorn's ``--forwarded-allow-ips``."""
    raw = forwarded if forwarded is not None else os.environ.get(
        "FORWARDED_ALLOW_IPS", "127.0.0.1")
    items = [h.strip() for h in (raw.split(",") if isinstance(raw, str) else raw)]
    if "*" in items:
        return lambda host: True
    nets = []
    for item in items:
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            continue

    def check(host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in net for net in nets)
    return check


class _Slot:
    """One connection's place in the counts, given back exactly once."""

    __slots__ = ("group",)

    def __init__(self, group: str | None) -> None:
        self.group = group

    def release(self) -> None:
        global _total
        group, self.group = self.group, None
        if group is None:
            return
        _total -= 1
        if group:
            left = _open.get(group, 1) - 1
            if left > 0:
                _open[group] = left
            else:
                _open.pop(group, None)


def _answer(status: int, reason: str, text: str) -> bytes:
    body = text.encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n").encode() + body


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with bounded heads, request deadlines and connection caps."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = current()
        self._slot = _Slot(None)
        self._deadline: asyncio.TimerHandle | None = None
        self._head = 0  # bytes of the current request's head so far
        self._tail = b""  # the last bytes of the head so far (a CRLFCRLF split in two)
        self._in_body = False

    # --- counting connections ---------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        global _total
        super().connection_made(transport)
        limits = self.limits
        host = self.client[0] if self.client else ""
        group = address_group(host, limits)
        if self.config.proxy_headers and _proxy(self.config)(host):
            group = ""  # the proxy carries every client: not capped per address
        if limits.max_connections and _total >= limits.max_connections:
            self._refuse(503, "Service Unavailable", "the server is full: try again soon")
            return
        if group and limits.connections_per_address and (
                _open.get(group, 0) >= limits.connections_per_address):
            self._refuse(429, "Too Many Requests",
                         f"too many connections from your address (at most"
                         f" {limits.connections_per_address})")
            return
        _total += 1
        if group:
            _open[group] = _open.get(group, 0) + 1
        self._slot = _Slot(group)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._slot.release()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        """The websocket protocol takes the connection over, and its place in the count."""
        self._disarm()
        super().handle_websocket_upgrade()
        slot, self._slot = self._slot, _Slot(None)
        ws = self.transport.get_protocol()
        lost = ws.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            slot.release()
            lost(exc)
        ws.connection_lost = connection_lost  # type: ignore[method-assign]

    def _refuse(self, status: int, reason: str, text: str) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(_answer(status, reason, text))
            self.transport.close()

    # --- the head's size ----------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if not self._in_body and not self.transport.is_closing():
            room = self.limits.max_head - self._head
            if self.limits.max_head and len(data) > room:
                # the head must end (CRLF CRLF) within the room left
                window = self._tail + data
                if window.find(b"\r\n\r\n", 0, max(0, room) + len(self._tail)) < 0:
                    self._refuse(431, "Request Header Fields Too Large",
                                 f"the request line and headers are at most"
                                 f" {self.limits.max_head} bytes")
                    return
            self._head += len(data)
            self._tail = data[-3:]
        if self._deadline is None and not self._in_body and not self.transport.is_closing():
            self._arm()  # the first byte of a request after a response
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self._in_body = True
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_body = False
        self._head, self._tail = 0, b""
        self._disarm()

    # --- the request's deadline ---------------------------------------------------------

    def _arm(self) -> None:
        seconds = self.limits.request_timeout
        if seconds and self._deadline is None:
            self._deadline = self.loop.call_later(seconds, self._timed_out)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        idle = self.cycle is None or self.cycle.response_complete
        if idle and not self._in_body:
            self._refuse(408, "Request Timeout",
                         f"the request did not arrive within"
                         f" {self.limits.request_timeout:g} seconds")
        else:  # the app reads the body: it sees the client go
            self.transport.close()


_proxies: dict[int, Callable[[str], bool]] = {}


def _proxy(config: Any) -> Callable[[str], bool]:
    check = _proxies.get(id(config))
    if check is None:
        check = _proxies[id(config)] = _trusted(config.forwarded_allow_ips)
    return check
