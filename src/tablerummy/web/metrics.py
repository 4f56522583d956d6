"""The server's numbers for a monitoring system, in the Prometheus text format (0.0.4).

Hand-written rather than ``prometheus_client``: the few counters and histograms below are
a page of code, and its multi-process mode (a directory of memory-mapped files shared by
the processes of ``--workers N``) would add a dependency and a directory to manage for
what a scrape of each process gives as well.  Each process answers for itself: run the
processes on ports of their own (as ``docs/web.md`` recommends anyway) and scrape each.

What is counted where:

- moves committed and the commit's time: :meth:`.store.Store.append`;
- a move's time in the server (waiting for its table, checking, committing):
  :meth:`.tables.LiveTable.act`;
- refusals by a limit (HTTP 429, a websocket refused or closed with 4029):
  :class:`RefusalCounter`, wrapped around the whole app;
- open tables, sockets, the bot pool's queue and the event loop's lag are read when
  scraped (:func:`exposition`).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from .limits import ASGIApp, Message, Receive, Scope, Send

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                   2.5, 5.0, 10.0)
"""Seconds: a move takes about a millisecond on a quiet server; the top buckets are for a
database that stalls (see ``docs/benchmarks.md``)."""


@dataclass
class Histogram:
    """Observations counted in cumulative buckets (upper bounds in seconds), sum and count."""

    bounds: tuple[float, ...] = LATENCY_BUCKETS
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * (len(self.bounds) + 1)

    def observe(self, seconds: float) -> None:
        self.counts[bisect_left(self.bounds, seconds)] += 1
        self.total += seconds
        self.count += 1

    def lines(self, name: str) -> Iterable[str]:
        running = 0
        for bound, count in zip(self.bounds, self.counts, strict=False):
            running += count
            yield f'{name}_bucket{{le="{_number(bound)}"}} {running}'
        yield f'{name}_bucket{{le="+Inf"}} {self.count}'
        yield f"{name}_sum {_number(self.total)}"
        yield f"{name}_count {self.count}"


@dataclass
class Metrics:
    """This process's counters and histograms (one instance: :data:`METRICS`)."""

    moves: int = 0
    refusals: dict[str, int] = field(default_factory=lambda: {"http": 0, "websocket": 0})
    move_seconds: Histogram = field(default_factory=Histogram)
    commit_seconds: Histogram = field(default_factory=Histogram)

    def committed(self, seconds: float) -> None:
        """A move is durable, ``seconds`` after it was handed to the store."""
        self.moves += 1
        self.commit_seconds.observe(seconds)


METRICS = Metrics()


def exposition(gauges: dict[str, tuple[str, float | dict[str, float]]],
               metrics: Metrics = METRICS) -> str:
    """The text a scrape gets: the counters, the histograms and ``gauges``.

    ``gauges`` maps a name (without the ``tablerummy_`` prefix) to its help text and
    value, or values by the ``status``-style label given as ``{label=value: number}``.
    """
    out: list[str] = []

    def head(name: str, kind: str, text: str) -> str:
        out.append(f"# HELP {name} {text}")
        out.append(f"# TYPE {name} {kind}")
        return name

    name = head("tablerummy_moves_total", "counter", "Moves committed by this process.")
    out.append(f"{name} {metrics.moves}")
    name = head("tablerummy_move_seconds", "histogram",
                "Time from a move's arrival to its commit (waiting for the table included).")
    out.extend(metrics.move_seconds.lines(name))
    name = head("tablerummy_commit_seconds", "histogram",
                "Time from a move's hand-over to the store to its commit (group commit).")
    out.extend(metrics.commit_seconds.lines(name))
    name = head("tablerummy_quota_refusals_total", "counter",
                "Requests and sockets refused or closed by a limit (HTTP 429, close 4029).")
    for kind, count in metrics.refusals.items():
        out.append(f'{name}{{kind="{kind}"}} {count}')
    for key, (text, value) in gauges.items():
        name = head(f"tablerummy_{key}", "gauge", text)
        if isinstance(value, dict):
            out.extend(f"{name}{{{label}}} {_number(v)}" for label, v in value.items())
        else:
            out.append(f"{name} {_number(value)}")
    return "\n".join(out) + "\n"


def _number(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(int(value)) if float(value).is_integer() else repr(float(value))


class RefusalCounter:
    """ASGI middleware: counts what a limit refused, wherever in the app it was refused."""

    def __init__(self, app: ASGIApp, metrics: Metrics = METRICS) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusals = self.metrics.refusals

        async def counting(message: Message) -> None:
            if _refused(message):
                refusals[kind] += 1
            await send(message)

        await self.app(scope, receive, counting)


def _refused(message: MutableMapping[str, Any]) -> bool:
    kind = message["type"]
    if kind in ("http.response.start", "websocket.http.response.start"):
        return bool(message.get("status") == 429)
    return kind == "websocket.close" and message.get("code") == 4029


Gauges = Callable[[], dict[str, tuple[str, float | dict[str, float]]]]
