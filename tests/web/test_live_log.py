"""The server side of two page fixes: the live log keeps each hand's end, a refused
``POST /api/tables`` leaves no table behind."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablerummy.web import create_app
from tablerummy.web.limits import Settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette would rather have httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    # the test plays as fast as it can: no message rate limit
    settings = Settings(messages_per_second=1e6, turn_seconds=0)
    app = create_app(f"sqlite:///{tmp_path / 'log.sqlite3'}", bot_delay=0.0, settings=settings)
    with TestClient(app) as test_client:
        yield test_client


class PageLog:
    """A websocket seat that keeps the log as table.js does: earlier hands and this one."""

    def __init__(self, client: Any, table: str, token: str) -> None:
        self.cm = client.websocket_connect(f"/ws/{table}")
        self.ws = self.cm.__enter__()
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert self.ws.receive_json()["type"] == "welcome"
        self.history: list[list[str]] = []
        self.log: list[str] = []
        self.state: dict[str, Any] = {}
        self.read_state()

    def keep(self, msg: dict[str, Any]) -> None:
        if "history" in msg:
            self.history = msg["history"]
        if msg.get("hand_log") is not None and "history" not in msg:
            self.history.append(msg["hand_log"])
        start = msg["log_from"]
        self.log = self.log[:start] + msg["log"] if start else msg["log"]
        self.state = msg

    def read_state(self) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = self.ws.receive_json()
            if msg["type"] == "state":
                self.keep(msg)
                return msg

    def until(self, version: int) -> None:
        while self.state.get("version", -1) < version:
            self.read_state()

    def act(self, text: str) -> None:
        self.ws.send_text(json.dumps({"type": "act", "action": text, "id": 1}))
        while True:
            msg = self.ws.receive_json()
            if msg["type"] == "state":
                self.keep(msg)
            elif msg.get("id") == 1:
                assert msg["type"] == "ok", msg
                return

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


def test_the_live_log_keeps_the_end_of_each_hand(client: Any) -> None:
    created = client.post("/api/tables", json={
        "variant": "capone", "options": {"players": 2, "target": 1000},
        "seats": ["person", "person"], "join": {"seat": 0, "name": "Ann"}}).json()
    table = created["table"]["id"]
    second = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Bob"}).json()
    seats = [PageLog(client, table, created["token"]), PageLog(client, table, second["token"])]
    rng = random.Random(3)
    hands_done = 0
    for _ in range(2000):
        game = client.app.state.tables.live[table].game
        seat = game.to_act
        seats[seat].act(rng.choice(seats[seat].state["legal"])["text"])
        version = seats[seat].state["version"]
        for page in seats:
            page.until(version)
        game = client.app.state.tables.live[table].game
        if len(game.hands) - 1 > hands_done:
            hands_done = len(game.hands) - 1
            for s, page in enumerate(seats):
                # what the page shows live is what a reload would show
                assert page.history == [game.events(s, h) for h in range(hands_done)]
                assert page.log == game.events(s)
                assert "the hand is over" in " ".join(page.history[-1])
            if hands_done == 2:
                break
    assert hands_done == 2
    for page in seats:
        page.close()


def test_a_refused_create_leaves_no_table(client: Any) -> None:
    before = client.get("/api/tables").json()["tables"]
    for join, says in [({"seat": 1, "name": "Ann"}, "bot"), ({"seat": 5, "name": "Ann"}, "seat"),
                       ({"seat": 0, "name": " "}, "name"), ("Ann", "join"),
                       ({"seat": "0", "name": "Ann"}, "seat")]:
        reply = client.post("/api/tables", json={
            "variant": "capone", "options": {"players": 2}, "seats": ["person", "random"],
            "join": join})
        assert reply.status_code == 400 and says in reply.json()["error"], (join, reply.text)
    assert client.get("/api/tables").json()["tables"] == before
    manager = client.app.state.tables
    stored = client.portal.call(lambda: manager.store.table_ids(("waiting", "playing")))
    assert stored == [t["id"] for t in before]
    ok = client.post("/api/tables", json={
        "variant": "capone", "options": {"players": 2}, "seats": ["person", "random"],
        "join": {"seat": 0, "name": "Ann"}})
    assert ok.status_code == 201 and ok.json()["seat"] == 0
