"""What an operator's tools see of a running server (docs/web.md, "Operating it"):
``GET /healthz``, ``GET /metrics`` in the Prometheus text format, ``--log-format json``.
Each against a real ``tablerummy serve`` process."""

from __future__ import annotations

import asyncio
import json
import random
import re
import signal
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tablerummy.web.health import CHECK_EVERY, DatabaseCheck

from .conftest import Server
from .helpers import Seat, create, seated_pair
from .test_cluster import Play

SAMPLE = re.compile(r'^([a-z_:][a-z0-9_:]*)(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? '
                    r'(-?[0-9.e+-]+|\+Inf|NaN)$')


def scrape(server: Server) -> dict[str, float]:
    """The samples of ``/metrics``, checked line by line against the text format."""
    answer = httpx.get(server.url + "/metrics", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples: dict[str, float] = {}
    typed: set[str] = set()
    for line in answer.text.splitlines():
        if line.startswith("# TYPE "):
            typed.add(line.split()[2])
            continue
        if line.startswith("# HELP "):
            continue
        found = SAMPLE.match(line)
        assert found, f"not a sample line: {line!r}"
        name = found.group(1)
        assert name in typed or re.sub(r"_(bucket|sum|count)$", "", name) in typed, line
        samples[name + (found.group(2) or "")] = float(found.group(4))
    return samples


def test_healthz_and_metrics(server_factory: type[Server], tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path}/t.db",
                            env={"TABLERUMMY_SOCKETS_PER_ADDRESS": "3"})
    server.start()
    health = httpx.get(server.url + "/healthz", timeout=10)
    body = health.json()
    assert body["database"] == "ok" and not body["draining"]
    assert 0 <= body["loop_lag_ms"] <= body["loop_lag_max_ms"] < 60_000
    # 200 unless the event loop lagged past a second (a starved test machine's may)
    lagging = body["loop_lag_max_ms"] > 1000
    assert health.status_code == (503 if lagging else 200), body
    assert body["status"] == ("failing: event loop" if lagging else "ok"), body

    before = scrape(server)
    assert before["tablerummy_moves_total"] == 0
    table, _, seats = seated_pair(server.url, server.ws_url)
    play = Play(seats, random.Random(4))
    play.moves(9)
    watcher = Seat(server.ws_url, table, None)  # the third socket of this address
    with pytest.raises(Exception, match="429"):  # the fourth is refused by the quota
        connect(f"{server.ws_url}/ws/{table}", open_timeout=10, legacy=True)

    after = scrape(server)
    assert after["tablerummy_moves_total"] == 9
    assert after["tablerummy_move_seconds_count"] == 9
    assert after["tablerummy_commit_seconds_count"] == 9
    assert after['tablerummy_move_seconds_bucket{le="+Inf"}'] == 9
    assert after['tablerummy_commit_seconds_bucket{le="10"}'] <= 9
    assert after["tablerummy_move_seconds_sum"] > 0
    assert after['tablerummy_open_tables{status="playing"}'] == 1
    assert after["tablerummy_sockets"] == 3
    assert after["tablerummy_bot_queue"] == 0
    assert after['tablerummy_quota_refusals_total{kind="websocket"}'] == 1
    assert after['tablerummy_quota_refusals_total{kind="http"}'] == 0
    assert after["tablerummy_draining"] == 0
    watcher.close()


def test_log_format_json_one_object_a_line(server_factory: type[Server],
                                            tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path}/t.db", args=("--log-format", "json"))
    server.start()
    create(server.url, ["person", "person"])
    assert server.proc is not None and server.proc.stdout is not None
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(20) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal
    lines = server.proc.stdout.read().splitlines()
    events = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(e) for e in events)
    messages = [e["message"] for e in events]
    assert any(m.startswith("the web table is at http://127.0.0.1:") for m in messages)
    assert any(m.startswith("draining:") for m in messages), messages
    assert any(m.startswith("drained in") for m in messages), messages


def test_log_format_text_is_the_default(server_factory: type[Server], tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path}/t.db")
    server.start()
    assert server.proc is not None and server.proc.stdout is not None
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(20) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal
    first = server.proc.stdout.read().splitlines()[0]
    assert first.startswith("tablerummy: the web table is at http://127.0.0.1:")


def test_health_checks_share_one_database_question() -> None:
    """A visitor calling /healthz in a loop costs the database one SELECT a second."""
    asked = []

    class Store:
        async def ping(self) -> None:
            asked.append(1)
            await asyncio.sleep(0.05)

    async def scenario() -> None:
        check = DatabaseCheck(Store())  # type: ignore[arg-type]
        answers = await asyncio.gather(*(check.error() for _ in range(50)))
        assert answers == [None] * 50 and len(asked) == 1
        await check.error()
        assert len(asked) == 1  # the answer is reused for a second
        check._at -= CHECK_EVERY
        await check.error()
        assert len(asked) == 2

    asyncio.run(scenario())
