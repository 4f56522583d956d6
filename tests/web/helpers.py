"""Small clients of the web table for tests: HTTP calls and a websocket seat."""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

MY_TURN_OR_SCORING = ("() => document.body.dataset.toAct === '0'"
                      " || document.body.dataset.gameOver === 'yes'"
                      " || document.querySelector('dialog#scoring[open]') !== null")
"""What a page playing seat 0 against bots waits for: its turn, the end, or a hand's scoring.

The scoring counts because the bots wait (up to the hand pause) for the people to close it
before the next hand's first move: a test waiting for its turn alone would wait on them.
"""


def create(base: str, seats: list[str], join: dict[str, Any] | None = None,
           variant: str = "capone", options: dict[str, Any] | None = None,
           **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": variant, "options": options or {}, "seats": seats,
                            **extra}
    if join is not None:
        body["join"] = join
    response = httpx.post(base + "/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    return dict(response.json())


def join(base: str, table: str, seat: int, name: str) -> str:
    response = httpx.post(f"{base}/api/tables/{table}/join", json={"seat": seat, "name": name},
                          timeout=10)
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


class Seat:
    """A websocket client that says hello and reads until the state it waits for."""

    def __init__(self, ws_base: str, table: str, token: str | None) -> None:
        self.log: list[str] = []  # this hand's events, put together from the increments
        self.ws: ClientConnection = connect(f"{ws_base}/ws/{table}", open_timeout=10, legacy=True)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.seat = welcome["seat"]
        self.state = self.until(lambda m: m["type"] == "state")

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        assert isinstance(message, dict)
        if message["type"] == "state":
            self.state = message
            start = message["log_from"]
            self.log = self.log[:start] + message["log"] if start else message["log"]
        return message

    def until(self, test: Any, timeout: float = 10) -> dict[str, Any]:
        while True:
            message = self.recv(timeout)
            if test(message):
                return message

    def act(self, text: str, ref: int = 1) -> dict[str, Any]:
        """Send a move; the answer to it (ok or error)."""
        self.ws.send(json.dumps({"type": "act", "action": text, "id": ref}))
        return self.until(lambda m: m["type"] in ("ok", "error") and m.get("id") == ref)

    def sync(self, version: int) -> dict[str, Any]:
        """Read until the state of ``version`` (or later) has arrived."""
        if self.state["version"] >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= version)

    def close(self) -> None:
        self.ws.close()


def seated_pair(base: str, ws_base: str) -> tuple[str, dict[int, str], dict[int, Seat]]:
    """A new two-person capone table, Ann and Bob seated and connected: its id, the
    seats' tokens and their sockets."""
    made = create(base, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    tokens = {0: str(made["token"]), 1: join(base, table, 1, "Bob")}
    return table, tokens, {s: Seat(ws_base, table, tokens[s]) for s in (0, 1)}
