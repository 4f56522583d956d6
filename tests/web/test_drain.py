"""SIGTERM drains a server process (docs/web.md, "Draining: SIGTERM"): two processes on
one PostgreSQL database, one of them stopped mid-game; its clients are closed with the
reconnect code, reconnect to the other and finish the game; every acknowledged move is
stored once."""

from __future__ import annotations

import json
import random
import signal
import time
from collections.abc import Callable
from typing import Any

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from tablerummy.web.store import libpq_url

from .conftest import Server
from .helpers import Seat, create, join, seated_pair
from .test_cluster import Play, pg, stored_actions

__all__ = ["pg"]  # the fixture, used by name below

pytestmark = pytest.mark.slow


def wait_for(test: Callable[[], Any], seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("not in time")


def _status(url: str) -> httpx.Response | None:
    answer = httpx.get(url, timeout=10)
    return answer if answer.status_code == 503 else None


def answers_until_closed(seat: Seat) -> list[dict[str, Any]]:
    """Every message the seat gets until its socket closes."""
    got: list[dict[str, Any]] = []
    with pytest.raises(ConnectionClosed):
        while True:
            got.append(seat.recv(timeout=20))
    return got


def test_sigterm_mid_game_clients_finish_on_the_other_process(server_factory: type[Server],
                                                               pg: str) -> None:
    # a's drain waits up to 30 s for the move the test holds (a loaded machine is slow)
    # the test's client plays the rest of the game far faster than a person: no throttle
    fast = {"TABLERUMMY_MESSAGES_PER_SECOND": "0"}
    a = server_factory(pg, env={"TABLERUMMY_DRAIN_SECONDS": "30", **fast})
    b = server_factory(pg, env=fast)
    a.start()
    b.start()
    made = create(a.url, ["person", "person"], join={"seat": 0, "name": "Ann"},
                  options={"players": 2, "target": 1})  # the game ends with its first hand
    table = made["table"]["id"]  # made through a: a leads it
    tokens = {0: made["token"], 1: join(b.url, table, 1, "Bob")}
    seats = {0: Seat(a.ws_url, table, tokens[0]), 1: Seat(b.ws_url, table, tokens[1])}
    watcher = Seat(a.ws_url, table, None)
    play = Play(seats, random.Random(8))
    play.moves(12)
    while seats[0].sync(play.version)["view"]["to_act"] != 0:
        play.one()

    # Ann's move is being committed when a is told to stop (the test holds the table's
    # row lock): a drains (new requests get 503, its health check says so), lets the
    # commit finish, acknowledges it, and only then closes her socket
    state = seats[0].sync(play.version)
    text = next(m["text"] for m in state["legal"])
    with psycopg.connect(libpq_url(pg)) as blocker:
        blocker.execute("SELECT 1 FROM rummy_tables WHERE id = %s FOR UPDATE", (table,))
        seats[0].ws.send(json.dumps({"type": "act", "action": text, "id": 99}))
        wait_for(lambda: blocker.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND query LIKE '%rummy_actions%'").fetchone() == (1,))
        assert a.proc is not None
        a.proc.send_signal(signal.SIGTERM)
        health = wait_for(lambda: _status(a.url + "/healthz"))
        assert health.status_code == 503 and health.json()["draining"] is True
        refused = httpx.get(a.url + "/api/tables", timeout=10)
        assert refused.status_code == 503 and "try again" in refused.json()["error"]
    answers = [m for m in answers_until_closed(seats[0]) if m.get("id") == 99]
    assert seats[0].ws.close_code == 1012  # "service restart": reconnect
    answers_until_closed(watcher)
    assert watcher.ws.close_code == 1012
    assert answers and answers[0]["type"] == "ok", answers  # the move in flight was kept
    play.version = answers[0]["version"]
    play.acked[play.version] = text
    assert a.proc.wait(30) in (0, -signal.SIGTERM)  # and a exits

    seats[0] = Seat(b.ws_url, table, tokens[0])  # Ann reconnects, to the other process
    assert seats[0].state["version"] == play.version
    for _ in range(1000):
        if seats[0].sync(play.version)["table"]["status"] == "finished":
            break
        play.one()
    assert seats[1].sync(play.version)["table"]["status"] == "finished"
    assert stored_actions(pg, table) == [play.acked[v] for v in range(1, play.version + 1)]



def test_sigterm_to_workers_drains_each(server_factory: type[Server], pg: str) -> None:
    """``--workers 2``: the supervisor passes SIGTERM on; each worker closes its sockets
    with the reconnect code, and everything stops."""
    server = server_factory(pg, args=("--workers", "2"))
    server.start()
    table, _, seats = seated_pair(server.url, server.ws_url)
    watchers = [Seat(server.ws_url, table, None) for _ in range(4)]  # on either worker
    assert server.proc is not None
    server.proc.send_signal(signal.SIGTERM)
    for client in [*seats.values(), *watchers]:
        answers_until_closed(client)
        assert client.ws.close_code == 1012
    assert server.proc.wait(30) in (0, -signal.SIGTERM)
