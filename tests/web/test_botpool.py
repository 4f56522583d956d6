"""Bots decide in a process pool: a slow bot at twenty tables does not slow a person down.

This is a latency *guarantee* (not a benchmark): were bots deciding on the event loop,
every second of a slow bot's thinking would freeze every table of the server, and the
person's round trips would take up to seconds.  So the test asserts that no round trip
came near one bot's thinking time — not a figure in milliseconds, which a busy machine
can miss without anything being wrong (how fast the round trips are is measured by
``benchmarks/web_load.py``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx
import pytest

from .conftest import Server
from .helpers import Seat, create, join
from .slow_bot import THINKING

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
SLOW_TABLES = 20
MOVES = 220
WARM_UP = 20


def _versions(server: Server, tables: list[str]) -> int:
    return sum(httpx.get(f"{server.url}/api/tables/{t}", timeout=10).json()["table"]["version"]
               for t in tables)


def test_a_slow_bot_at_twenty_tables_leaves_a_person_fast(server_factory: type[Server],
                                                         tmp_path: Path) -> None:
    env = {"TABLERUMMY_BOT_MODULES": "slow_bot", "TABLERUMMY_BOT_WORKERS": "2",
           "TABLERUMMY_MESSAGES_PER_SECOND": "0",
           "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    server = server_factory(f"sqlite:///{tmp_path / 'pool.sqlite3'}", bot_delay=0.05, env=env)
    server.start()
    slow = [create(server.url, ["slow", "slow"])["table"]["id"] for _ in range(SLOW_TABLES)]
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"},
                  turn_seconds=0)
    table = made["table"]["id"]
    second = join(server.url, table, 1, "Bob")  # both seated: the game has started
    seats = [Seat(server.ws_url, table, made["token"]), Seat(server.ws_url, table, second)]
    deadline = time.monotonic() + 30
    while _versions(server, slow) == 0:  # the slow bots are at work
        assert time.monotonic() < deadline, "no slow bot moved in 30 s"
        time.sleep(0.2)
    before = _versions(server, slow)

    took: list[float] = []
    for i in range(MOVES):
        version = max(s.state["version"] for s in seats)
        states = [s.sync(version) for s in seats]
        if states[0]["view"]["scores"]["game_over"]:
            break
        to_act = states[0]["view"]["to_act"]
        legal = sorted(m["text"] for m in states[to_act]["legal"])
        start = time.perf_counter()
        answer = seats[to_act].act(legal[i % len(legal)], ref=i)
        took.append(time.perf_counter() - start)
        assert answer["type"] == "ok", answer
        time.sleep(0.01)  # a brisk person: the session spans seconds of slow-bot thinking
    during = _versions(server, slow) - before

    measured = sorted(took[WARM_UP:])
    assert len(measured) >= 100
    p99 = measured[int(0.99 * len(measured)) - 1]
    print(f"person's round trips: median {measured[len(measured) // 2] * 1000:.1f} ms,"
          f" p99 {p99 * 1000:.1f} ms over {len(measured)} moves; slow-bot moves meanwhile:"
          f" {during}")
    assert during >= 2, "the slow bots kept playing while the person played"
    assert measured[-1] < THINKING / 2, "a person's move waited for a bot's thinking"
    for seat in seats:
        seat.close()

    # the workers end with the server, even when it is killed without a goodbye
    assert server.proc is not None
    workers = _children(server.proc.pid)
    assert len(workers) >= 2
    server.kill9()
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "bot workers outlived the server"
        time.sleep(0.2)


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found
