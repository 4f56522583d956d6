"""Several server processes on one PostgreSQL database (docs/web.md, "Several processes").

Two ``tablerummy serve`` processes on one database stand for two machines behind a load
balancer: the players of one table are connected to different processes, watchers to
either; one process is killed with SIGKILL mid-hand and the game goes on through the
other with every acknowledged move; a bot table's bot keeps playing when the process
that ran it dies.  And the one-line refusals: several workers on SQLite.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from typing import Any

import pytest
from sqlalchemy import create_engine, select

from tablerummy.web.store import MoveConflict, SeatRow, Store, TableRow, actions_t, engine_url
from tablerummy.web.store import metadata as schema

from .conftest import Server
from .helpers import Seat, create, join


@pytest.fixture
def pg(postgres_url: str) -> str:
    """The session's PostgreSQL database with a fresh schema."""
    engine = create_engine(engine_url(postgres_url))
    schema.drop_all(engine)
    engine.dispose()
    return postgres_url


def stored_actions(url: str, table: str) -> list[str]:
    engine = create_engine(engine_url(url))
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.execute(
                select(actions_t.c.text).where(actions_t.c.table_id == table)
                .order_by(actions_t.c.seq))]
    finally:
        engine.dispose()


def pick(state: dict[str, Any], rng: random.Random) -> str:
    """A move that ends a hand soon enough: draw from the stock, meld, else discard."""
    texts: list[str] = [m["text"] for m in state["legal"]]
    assert texts, {k: state[k] for k in ("version", "table", "log", "log_from")}
    for prefix in ("draw stock", "take", "meld"):
        choices = [t for t in texts if t.startswith(prefix)]
        if choices:
            return rng.choice(choices)
    discards = [t for t in texts if t.startswith("discard")]
    return rng.choice(discards or texts)


class Play:
    """Whoever is to act moves; every acknowledged move is kept, with its version."""

    def __init__(self, seats: dict[int, Seat], rng: random.Random) -> None:
        self.seats = seats
        self.rng = rng
        self.acked: dict[int, str] = {}  # version reached -> the move's text
        self.version = next(iter(seats.values())).state["version"]

    def moves(self, count: int) -> None:
        for _ in range(count):
            if self.hands_over():
                return
            self.one()

    def one(self) -> None:
        any_seat = next(iter(self.seats.values()))
        to_act = any_seat.sync(self.version)["view"]["to_act"]
        seat = self.seats[to_act]
        state = seat.sync(self.version)
        if not state["legal"]:  # its process has not heard of the last change yet
            state = seat.until(lambda m: m["type"] == "state" and m["legal"])
        text = pick(state, self.rng)
        answer = seat.act(text, ref=self.version + 1)
        assert answer["type"] == "ok", answer
        self.version = answer["version"]
        self.acked[self.version] = text

    def hands_over(self) -> int:
        state = next(iter(self.seats.values())).sync(self.version)
        return len(state["view"]["scores"]["hands"])

    def hand(self, most: int = 400) -> None:
        """Play until the first hand is over."""
        for _ in range(most):
            if self.hands_over():
                return
            self.one()
        raise AssertionError(f"the hand did not end in {most} moves")


@pytest.mark.slow
def test_two_processes_one_hand(server_factory: type[Server], pg: str) -> None:
    """Players on different processes play a whole hand; watchers on either see it."""
    a, b = server_factory(pg), server_factory(pg)
    a.start()
    b.start()
    made = create(a.url, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    bob = join(b.url, table, 1, "Bob")  # the join is made through the other process
    seats = {0: Seat(a.ws_url, table, made["token"]), 1: Seat(b.ws_url, table, bob)}
    watchers = [Seat(a.ws_url, table, None), Seat(b.ws_url, table, None)]
    play = Play(seats, random.Random(3))
    play.hand()
    assert len(play.acked) == play.version > 10
    finals = [w.sync(play.version) for w in watchers]
    assert finals[0]["view"] == finals[1]["view"]  # the same public view from each process
    assert finals[0]["view"]["scores"]["hands"]
    assert watchers[0].log == watchers[1].log
    # every move is stored once, in order, as acknowledged
    assert stored_actions(pg, table) == [play.acked[v] for v in range(1, play.version + 1)]
    # the lobby of either process lists the table, as it stands
    for server in (a, b):
        listed = {t["id"]: t for t in _lobby(server)}
        assert listed[table]["version"] == play.version
    # and so does a process none of its clients use (from the stored tables)
    c = server_factory(pg)
    c.start()
    time.sleep(1.1)  # its lobby's list of stored tables is a second old at most
    listed = {t["id"]: t for t in _lobby(c)}
    assert listed[table]["version"] == play.version
    assert [s["name"] for s in listed[table]["seats"]] == ["Ann", "Bob"]


def _lobby(server: Server) -> list[dict[str, Any]]:
    import httpx

    tables: list[dict[str, Any]] = httpx.get(server.url + "/api/tables", timeout=10).json()[
        "tables"]
    return tables


@pytest.mark.slow
def test_kill_9_one_process_mid_hand(server_factory: type[Server], pg: str) -> None:
    """The process of one player dies: the hand ends through the other, nothing lost."""
    a, b = server_factory(pg), server_factory(pg)
    a.start()
    b.start()
    made = create(a.url, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    tokens = {0: made["token"], 1: join(b.url, table, 1, "Bob")}
    seats = {0: Seat(a.ws_url, table, tokens[0]), 1: Seat(b.ws_url, table, tokens[1])}
    watcher = Seat(b.ws_url, table, None)
    play = Play(seats, random.Random(11))
    play.moves(17)
    assert not play.hands_over()
    a.kill9()  # right after an acknowledged move, the process that leads the table
    seats[0] = Seat(b.ws_url, table, tokens[0])  # Ann reconnects, through the other one
    assert seats[0].state["version"] == play.version
    play.hand()
    assert watcher.sync(play.version)["view"]["scores"]["hands"]
    assert stored_actions(pg, table) == [play.acked[v] for v in range(1, play.version + 1)]


@pytest.mark.slow
def test_bot_table_survives_the_process_that_ran_its_bot(server_factory: type[Server],
                                                          pg: str) -> None:
    a, b = server_factory(pg), server_factory(pg)
    a.start()
    b.start()
    made = create(a.url, ["person", "random"])
    table = made["table"]["id"]  # made through a: a leads it and runs its bot
    time.sleep(1.5)  # waiting through a's heartbeats (a third of the 3 s lease) keeps it a's
    token = join(b.url, table, 0, "Cy")  # the game starts through b
    human = Seat(b.ws_url, table, token)
    rng = random.Random(5)
    play = Play({0: human}, rng)

    def bot_moves_after_me() -> None:
        while human.sync(play.version)["view"]["to_act"] == 0:
            play.one()
        state = human.until(lambda m: m["type"] == "state" and m["view"]["to_act"] == 0,
                            timeout=30)
        assert state["version"] > play.version  # the bot played its turn
        play.version = state["version"]

    bot_moves_after_me()
    a.kill9()
    for _ in range(3):  # b takes the table over once a's lease lapses; the bot plays on
        bot_moves_after_me()
    assert human.state["table"]["status"] == "playing"


@pytest.mark.slow
def test_quotas_on_tables_hold_across_processes(server_factory: type[Server], pg: str) -> None:
    """Open tables per address and bot-only tables are counted in the database."""
    quotas = {"TABLERUMMY_OPEN_TABLES": "2", "TABLERUMMY_BOT_TABLES": "1"}
    a, b = server_factory(pg, env=quotas), server_factory(pg, env=quotas)
    a.start()
    b.start()
    import httpx

    body = {"variant": "capone", "options": {}, "seats": ["person", "person"]}
    assert httpx.post(a.url + "/api/tables", json=body, timeout=10).status_code == 201
    assert httpx.post(b.url + "/api/tables", json=body, timeout=10).status_code == 201
    third = httpx.post(a.url + "/api/tables", json=body, timeout=10)
    assert third.status_code == 429 and "2 open tables" in third.json()["error"]

    bots = {"variant": "capone", "options": {}, "seats": ["random", "random"]}
    c = server_factory(pg, env={**quotas, "TABLERUMMY_OPEN_TABLES": "0"})
    d = server_factory(pg, env={**quotas, "TABLERUMMY_OPEN_TABLES": "0"})
    c.start()
    d.start()
    assert httpx.post(c.url + "/api/tables", json=bots, timeout=10).status_code == 201
    again = httpx.post(d.url + "/api/tables", json=bots, timeout=10)
    assert again.status_code == 429 and "bots only" in again.json()["error"]


def test_the_database_serializes_moves_of_one_table(pg: str) -> None:
    """Two processes' stores commit move 0 of one table at once: exactly one wins."""
    async def scenario() -> None:
        one, two = Store(pg), Store(pg)
        try:
            await one.create_table(TableRow(
                id="t", created=1.0, variant="capone", options={}, seed=1, first_dealer=0,
                decks=None, status="playing", seats=[SeatRow(0, "person"), SeatRow(1, "person")]))
            results = await asyncio.gather(one.append("t", 0, "draw stock"),
                                           two.append("t", 0, "draw discard"),
                                           return_exceptions=True)
            assert sum(r is None for r in results) == 1
            assert sum(isinstance(r, MoveConflict) for r in results) == 1
            row = await two.load("t")
            assert row is not None and len(row.actions) == 1
            await two.append("t", 1, "discard x")  # the next one goes on from the stored one
            with pytest.raises(MoveConflict):
                await one.append("t", 1, "discard y")
        finally:
            one.close()
            two.close()

    asyncio.run(scenario())


def test_workers_on_sqlite_refused_in_one_line(tmp_path: Any) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablerummy", "serve", "--db", f"sqlite:///{tmp_path}/t.db",
         "--workers", "2", "--port", "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--workers 2 needs a PostgreSQL --db" in lines[0], done.stderr


@pytest.mark.slow
def test_workers_2_on_one_port(server_factory: type[Server], pg: str) -> None:
    """``--workers 2``: two processes share the port; a game is played through it."""
    server = server_factory(pg, args=("--workers", "2"))
    server.start()
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    bob = join(server.url, table, 1, "Bob")
    # several connections: the kernel hands them to either process
    seats = {0: Seat(server.ws_url, table, made["token"]), 1: Seat(server.ws_url, table, bob)}
    watchers = [Seat(server.ws_url, table, None) for _ in range(4)]
    play = Play(seats, random.Random(2))
    play.moves(30)
    for watcher in watchers:
        assert watcher.sync(play.version)["version"] == play.version
    assert stored_actions(pg, table) == [play.acked[v] for v in range(1, play.version + 1)]


@pytest.mark.slow
def test_turn_clock_runs_once_and_outlives_its_process(server_factory: type[Server],
                                                       pg: str) -> None:
    """Both processes show a table whose people are away: one of them stands in, once;
    killed, the other one's clock goes on."""
    clock = {"TABLERUMMY_AWAY_SECONDS": "1", "TABLERUMMY_MISSED_TURNS": "0"}
    a, b = server_factory(pg, env=clock), server_factory(pg, env=clock)
    a.start()
    b.start()
    made = create(a.url, ["person", "person"], join={"seat": 0, "name": "Ann"},
                  turn_seconds=2)
    table = made["table"]["id"]  # a leads it: a runs its clock
    tokens = {0: made["token"], 1: join(b.url, table, 1, "Bob")}
    on_a = Seat(a.ws_url, table, tokens[0])
    on_b = Seat(b.ws_url, table, tokens[1])

    def timeouts(seat: Seat) -> list[str]:
        return [line for line in seat.log if "ran out of time" in line]

    def until_timeouts(seat: Seat, count: int) -> None:
        seat.until(lambda m: m["type"] == "state" and len(timeouts(seat)) >= count, 30)

    until_timeouts(on_a, 2)  # each seat's turn ran out once, and the bot played it
    until_timeouts(on_b, 2)
    assert timeouts(on_a) == timeouts(on_b)  # said once, the same on both processes
    assert len({line.split(" ran out")[0] for line in timeouts(on_b)}) == 2
    a.kill9()
    before = on_b.state["version"]
    until_timeouts(on_b, 4)  # b claims the table once a's lease lapses: the clock goes on
    assert on_b.state["version"] > before
    lines = timeouts(on_b)
    assert all(lines[i] != lines[i + 1] for i in range(len(lines) - 1))  # turns alternate


def test_bad_lease_seconds_refused_in_one_line(pg: str) -> None:
    import os

    done = subprocess.run(
        [sys.executable, "-m", "tablerummy", "serve", "--db", pg, "--port", "0"],
        capture_output=True, text=True, timeout=60,
        env=dict(os.environ, TABLERUMMY_LEASE_SECONDS="0.1"))
    assert done.returncode != 0 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "TABLERUMMY_LEASE_SECONDS" in lines[0], done.stderr
