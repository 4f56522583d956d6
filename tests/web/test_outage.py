"""The database goes away mid-game (docs/web.md, "When the database goes away").

PostgreSQL is stopped (or another program locks the SQLite file) for about ten seconds
under a server that is serving a game: moves
are answered with a one-line "try again" error and change nothing, ``/healthz`` says 503,
the process never dies; once PostgreSQL is back the game goes on, and every move that was
acknowledged is stored, once, in order.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from .conftest import PgCluster, Server
from .helpers import seated_pair
from .test_cluster import Play, pick, stored_actions

pytestmark = pytest.mark.slow

OUTAGE = 10.0
"""Seconds PostgreSQL stays down."""


def moves_refused(play: Play, seconds: float, meanwhile: Callable[[], None]) -> int:
    """For ``seconds``, whoever is to act tries a move: each is refused with a one-line
    "try again" and changes nothing; ``meanwhile`` checks the server between moves."""
    start = time.monotonic()
    refused = 0
    while time.monotonic() - start < seconds:
        to_act = play.seats[0].sync(play.version)["view"]["to_act"]
        seat = play.seats[to_act]
        answer = seat.act(pick(seat.sync(play.version), play.rng), ref=1000 + refused)
        assert answer["type"] == "error", answer
        assert "try again" in answer["message"] and "\n" not in answer["message"], answer
        assert answer["version"] == play.version  # nothing changed
        refused += 1
        meanwhile()
        time.sleep(0.3)
    return refused


def test_postgresql_stopped_mid_game(server_factory: type[Server],
                                     pg_cluster: PgCluster) -> None:
    server = server_factory(pg_cluster.url)
    server.start()
    table, _, seats = seated_pair(server.url, server.ws_url)
    play = Play(seats, random.Random(6))
    play.moves(10)

    pg_cluster.stop()  # "fast": its connections are closed under the server

    def outage_checks() -> None:
        health = httpx.get(server.url + "/healthz", timeout=10)
        assert health.status_code == 503, health.text
        assert health.json()["database"] != "ok"
        lobby = httpx.get(server.url + "/api/tables", timeout=10)
        assert lobby.status_code in (200, 503), lobby.text
        if lobby.status_code == 503:
            assert "try again" in lobby.json()["error"]

    refused = moves_refused(play, OUTAGE, outage_checks)
    assert refused >= 3
    assert server.proc is not None and server.proc.poll() is None  # still serving
    for seat in seats.values():  # the states shown are still the acknowledged ones
        assert seat.sync(play.version)["version"] == play.version
    pg_cluster.start()

    # the first move after the outage may meet the reconnecting pool: "try again" is
    # what the error said, so the client does
    to_act = seats[0].sync(play.version)["view"]["to_act"]
    text = pick(seats[to_act].sync(play.version), play.rng)
    for attempt in range(40):
        answer = seats[to_act].act(text, ref=2000 + attempt)
        if answer["type"] == "ok":
            break
        assert "try again" in answer["message"], answer
        time.sleep(0.5)
    assert answer["type"] == "ok", answer
    play.version = answer["version"]
    play.acked[play.version] = text
    play.hand()
    assert stored_actions(pg_cluster.url, table) == [
        play.acked[v] for v in range(1, play.version + 1)]
    # the check's answer is shared for a second and its pooled connection may still
    # meet the restart once: it comes back to "ok" within a few checks
    deadline = time.monotonic() + 20  # a guard against hanging, not a timing assertion
    while True:
        health = httpx.get(server.url + "/healthz", timeout=10)
        if health.json()["database"] == "ok" or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert health.json()["database"] == "ok", health.text  # (its lag: a loaded machine's)
    server.stop()
    assert server.proc.stdout is not None
    assert "Traceback" not in server.proc.stdout.read()


def test_sqlite_locked_by_another_program(server_factory: type[Server], tmp_path: Path) -> None:
    """Another program holds the SQLite file's write lock for 10 s: moves are refused
    with "try again" (each after a short wait, not SQLite's usual 5 s on the event loop),
    then play goes on."""
    path = tmp_path / "tables.sqlite3"
    server = server_factory(f"sqlite:///{path}")
    server.start()
    table, _, seats = seated_pair(server.url, server.ws_url)
    play = Play(seats, random.Random(13))
    play.moves(10)

    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # the write lock, held

    def answered() -> None:  # the event loop is not held: other requests are answered
        assert httpx.get(server.url + "/api/variants", timeout=10).status_code == 200

    refused = moves_refused(play, OUTAGE, answered)
    assert refused >= 3  # (SQLite's usual 5 s wait would allow 2 in the 10 s)
    locker.execute("ROLLBACK")
    locker.close()
    play.hand()
    assert stored_actions(f"sqlite:///{path}", table) == [
        play.acked[v] for v in range(1, play.version + 1)]
    server.stop()
    assert server.proc is not None and server.proc.stdout is not None
    assert "Traceback" not in server.proc.stdout.read()
