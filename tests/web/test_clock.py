"""The turn clock: an absent person's turn is played by the greedy bot, and the game goes on.

A real server process, two people on websockets; one of them stops playing.  The waits
here are the clock's own seconds (the test waits for the server to act, it does not
measure how fast).
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import Server
from .helpers import Seat, create, join

pytestmark = pytest.mark.slow

CLOCK = {"TABLERUMMY_AWAY_SECONDS": "2", "TABLERUMMY_MISSED_TURNS": "2",
         "TABLERUMMY_MESSAGES_PER_SECOND": "0"}


def _table(server: Server, seconds: int) -> tuple[str, dict[int, Seat]]:
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"},
                  options={}, turn_seconds=seconds)
    table = made["table"]["id"]
    tokens = {0: made["token"], 1: join(server.url, table, 1, "Bob")}
    return table, {s: Seat(server.ws_url, table, tokens[s]) for s in (0, 1)}


def _play_turn(seat: Seat) -> None:
    """Play the first legal moves until the turn passes."""
    state = seat.state
    while state["view"]["to_act"] == seat.seat and not state["view"]["scores"]["game_over"]:
        answer = seat.act(state["legal"][0]["text"], ref=state["version"])
        assert answer["type"] == "ok", answer
        state = seat.sync(answer["version"])


def _until_log(seat: Seat, words: str, timeout: float = 20) -> dict[str, Any]:
    return seat.until(lambda m: m["type"] == "state" and any(words in line
                                                              for line in seat.log), timeout)


def test_time_out_stand_in_come_back_and_hand_over(server_factory: type[Server],
                                                   tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'clock.sqlite3'}", env=CLOCK)
    server.start()
    _, seats = _table(server, 3)
    late = seats[0].state["view"]["to_act"]
    other = 1 - late
    start = seats[late].state
    assert start["table"]["turn_seconds"] == 3 and start["table"]["deadline"] > time.time()

    # the late one does nothing: the greedy bot plays that turn, and the log says so
    _until_log(seats[late], "ran out of time")
    line = next(t for t in seats[late].log if "ran out of time" in t)
    assert line == f"p{late} ({'Ann' if late == 0 else 'Bob'}) ran out of time:" \
                   " the greedy bot plays this turn"
    seats[late].until(lambda m: m["type"] == "state" and m["view"]["to_act"] == other)
    assert seats[late].state["table"]["seats"][late]["away"]
    assert seats[late].state["version"] > start["version"]
    _until_log(seats[other], line)  # everyone reads it

    # a refused move does not take the seat back
    answer = seats[late].act("draw stock", ref=1)
    assert answer["type"] == "error" and "turn" in answer["message"]
    assert seats[late].act("flarp", ref=2)["type"] == "error"
    # a move played does (on the seat's next turn, on the away clock: 2 s)
    seats[other].sync(seats[late].state["version"])
    _play_turn(seats[other])
    state = seats[late].until(lambda m: m["type"] == "state" and m["view"]["to_act"] == late)
    assert state["table"]["seats"][late]["away"]
    assert not any("is back" in line for line in seats[late].log)
    # the answer comes after the table's new state (the same socket, in order)
    assert seats[late].act(state["legal"][0]["text"], ref=3)["type"] == "ok"
    assert any("is back" in line for line in seats[late].log)
    assert not seats[late].state["table"]["seats"][late]["away"]
    _play_turn(seats[late])

    # two turns missed in a row: the bot plays the seat for the rest of the game
    seats[other].until(lambda m: m["type"] == "state" and m["view"]["to_act"] == other)
    _play_turn(seats[other])  # late misses a turn (3 s), then, marked away, another (2 s)
    seats[other].until(lambda m: m["type"] == "state" and m["view"]["to_act"] == other)
    _play_turn(seats[other])
    _until_log(seats[late], "missed 2 turns in a row")
    assert seats[late].state["table"]["seats"][late]["handed"]
    answer = seats[late].act("draw stock", ref=2)
    assert answer["type"] == "error" and "rest of the game" in answer["message"]
    # and the game goes on without them
    version = seats[other].state["version"]
    for _ in range(3):
        seats[other].until(lambda m: m["type"] == "state" and m["view"]["to_act"] == other)
        _play_turn(seats[other])
    assert seats[other].state["version"] > version + 3
    for seat in seats.values():
        seat.close()


def test_the_clock_survives_a_restart_and_zero_turns_it_off(server_factory: type[Server],
                                                            tmp_path: Path) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'clock.sqlite3'}", env=CLOCK)
    server.start()
    table, seats = _table(server, 4)
    deadline = seats[0].state["table"]["deadline"]
    late = seats[0].state["view"]["to_act"]
    for seat in seats.values():
        seat.close()
    server.kill9()
    server.start()
    meta = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["table"]
    if meta["deadline"] is not None:  # it has not run out yet: it is the stored one
        assert meta["deadline"] == pytest.approx(deadline, abs=1e-3)
    watcher = Seat(server.ws_url, table, None)
    _until_log(watcher, "ran out of time")
    assert time.time() >= deadline
    assert watcher.state["table"]["seats"][late]["away"]
    # the note is stored with the table: it is still there after another kill -9
    watcher.close()
    server.kill9()
    server.start()
    again = Seat(server.ws_url, table, None)
    assert any("ran out of time" in line for line in again.log)
    again.close()

    _, seats = _table(server, 0)
    assert seats[0].state["table"]["turn_seconds"] == 0
    assert seats[0].state["table"]["deadline"] is None
    for seat in seats.values():
        seat.close()


def test_a_seat_that_timed_out_cannot_stall_the_game_with_junk(server_factory: type[Server],
                                                               tmp_path: Path) -> None:
    # the stand-in waits a second before each move: on the old server any message
    # within it took the seat back, cancelled the move and restarted the clock
    server = server_factory(f"sqlite:///{tmp_path / 'stall.sqlite3'}", bot_delay=1.0,
                            env={**CLOCK, "TABLERUMMY_MISSED_TURNS": "100"})
    server.start()
    _, seats = _table(server, 1)
    late = seats[0].state["view"]["to_act"]
    _until_log(seats[late], "ran out of time")
    version = seats[late].state["version"]
    sent = 0
    while seats[late].state["version"] <= version:  # junk, ten a second, until a move
        seats[late].ws.send(json.dumps({"type": "act", "action": "flarp", "id": sent}))
        sent += 1
        assert sent < 150, "the stand-in never moved"
        with contextlib.suppress(TimeoutError):
            seats[late].until(lambda m: m["type"] == "state", timeout=0.1)
    assert sent > 3
    assert seats[late].state["table"]["seats"][late]["away"]
    assert not any("is back" in line for line in seats[late].log)
    for seat in seats.values():
        seat.close()
