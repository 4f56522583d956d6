"""Hidden information stays hidden on the wire.

1. Two capone tables whose deals differ only in what seat p1 may not know (p0's hand,
   the stock below the cards drawn): every message p1 and the watchers receive is the
   same at both tables, move after move.
2. For every registered variant, each seat's messages are exactly what its own
   observation gives, and watchers get the public view with no hand and no moves.
"""

from __future__ import annotations

import contextlib
import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablerummy.game import Game
from tablerummy.present import table_view
from tablerummy.stacking import stacked_deck
from tablerummy.variant import get_variant
from tablerummy.web import create_app
from tablerummy.web.limits import Settings
from tablerummy.web.protocol import public_view
from tablerummy.web.tables import web_variants


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette would rather have httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    # the tests play as fast as they can: the flood guard (20 messages a second per
    # socket) would drop a move now and then
    settings = Settings(messages_per_second=1e6)
    app = create_app(f"sqlite:///{tmp_path / 'privacy.sqlite3'}", bot_delay=0.0,
                     settings=settings)
    with TestClient(app) as test_client:
        test_client.sockets = []
        try:
            yield test_client
        finally:
            for sock in test_client.sockets:
                sock.close()


class Socket:
    def __init__(self, client: Any, table: str, token: str | None) -> None:
        self.cm = client.websocket_connect(f"/ws/{table}")
        self.ws = self.cm.__enter__()
        client.sockets.append(self)
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        self.states: dict[int, dict[str, Any]] = {}
        self.log: list[str] = []
        welcome = self.ws.receive_json()
        assert welcome["type"] == "welcome"
        self.seat = welcome["seat"]
        self.wait(0)

    def wait(self, version: int) -> dict[str, Any]:
        """Read until the state of ``version``; keeps the last state of each version."""
        if self.states and max(self.states) >= version:
            return self.states[max(self.states)]
        while True:
            message: dict[str, Any] = self.ws.receive_json()
            if message["type"] == "state":
                self._keep(message)
                if message["version"] >= version:
                    return message

    def _keep(self, message: dict[str, Any]) -> None:
        """Keep the last state of each version, with this hand's whole log put together."""
        start = message["log_from"]
        self.log = self.log[:start] + message["log"] if start else message["log"]
        message["full_log"] = self.log
        self.states[message["version"]] = message

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        with contextlib.suppress(Exception):
            self.cm.__exit__(None, None, None)

    def act(self, text: str) -> dict[str, Any]:
        self.ws.send_text(json.dumps({"type": "act", "action": text, "id": text}))
        while True:
            message: dict[str, Any] = self.ws.receive_json()
            if message["type"] == "state":
                self._keep(message)
            elif message.get("id") == text:
                return message


def _table(client: Any, deck: list[str] | None, variant: str = "capone",
           players: int = 2) -> tuple[str, list[str]]:
    manager = client.app.state.tables
    table = client.portal.call(lambda: manager.create(
        variant, {"players": players}, ["person"] * players, 5, 1,
        [deck] if deck is not None else None))
    tokens = []
    for seat in range(players):
        reply = client.post(f"/api/tables/{table.id}/join", json={"seat": seat, "name": f"n{seat}"})
        assert reply.status_code == 200, reply.text
        tokens.append(reply.json()["token"])
    return table.id, tokens


def _public(message: dict[str, Any]) -> dict[str, Any]:
    """A message without what differs between two tables anyway (id, who is online,
    when the turn clock runs out)."""
    out = dict(message)
    out["table"] = {k: v for k, v in message["table"].items()
                    if k not in ("id", "seats", "watchers", "deadline")}
    return out


H1 = ["al-capone"] * 3 + ["jake-guzik"] * 2 + ["raid", "eliot-ness", "frank-nitti",
                                                "fred-burke", "samuel-hunt"]
A0 = ["murray-humphreys"] * 3 + ["ralph-capone"] * 3 + ["agent-meeting"] * 2 + [
    "mike-heitler", "william-white"]
B0 = ["jack-mcgurn"] * 3 + ["johnny-torrio"] * 3 + ["search-warrant"] * 2 + [
    "mike-heitler", "william-white"]
STOCK_TOP = ["fred-burke", "samuel-hunt", "william-white", "mike-heitler", "al-capone",
             "jake-guzik", "frank-nitti", "raid"]
MOVES = [
    (0, "draw stock"), (0, "discard fred-burke"),
    (1, "draw stock"), (1, "discard mike-heitler"),
    (0, "draw stock"), (0, "discard al-capone"),
    (1, "draw discard"), (1, "meld al-capone al-capone al-capone al-capone"),
    (1, "discard william-white"),
    (0, "draw stock"), (0, "discard raid"),
]


def _play_capone(client: Any, p0_hand: list[str]) -> tuple[list[Socket], Socket]:
    variant = get_variant("capone")
    deck = stacked_deck(variant, 1, [p0_hand, H1], upcard="jake-guzik", stock_top=STOCK_TOP)
    table, tokens = _table(client, deck)
    seats = [Socket(client, table, tokens[0]), Socket(client, table, tokens[1])]
    watcher = Socket(client, table, None)
    for version, (seat, text) in enumerate(MOVES, start=1):
        answer = seats[seat].act(text)
        assert answer["type"] == "ok", (text, answer)
        for sock in (*seats, watcher):
            sock.wait(version)
    return seats, watcher


def test_a_seat_and_the_watchers_cannot_tell_deals_apart_that_differ_in_hidden_cards(
        client: Any) -> None:
    seats_a, watcher_a = _play_capone(client, A0)
    seats_b, watcher_b = _play_capone(client, B0)
    versions = range(len(MOVES) + 1)
    for v in versions:
        assert _public(seats_a[1].states[v]) == _public(seats_b[1].states[v]), v
        assert _public(watcher_a.states[v]) == _public(watcher_b.states[v]), v
    # the test can fail: p0's own messages do differ
    assert seats_a[0].states[0]["view"]["hand"] != seats_b[0].states[0]["view"]["hand"]
    # and p1 saw only what was public: p0's hand size, the discards, the melds
    last = seats_a[1].states[len(MOVES)]
    assert last["view"]["players"][0]["hand_size"] == 13
    raw = json.dumps(seats_a[1].states[0])
    assert "murray-humphreys" not in raw and "ralph-capone" not in raw
    assert "agent-meeting" not in raw
    for sock in (watcher_a, watcher_b):
        for message in sock.states.values():
            assert message["view"]["hand"] == [] and message["legal"] == []
            assert message["view"]["private"] == [] and message["view"]["seat"] is None


@pytest.mark.parametrize(("name", "players"),
                         [(name, 2) for name in web_variants()] + [("capone", 4)])
def test_every_variant_sends_each_seat_only_its_observation(client: Any, name: str,
                                                            players: int) -> None:
    table, tokens = _table(client, None, name, players)
    variant = get_variant(name, {"players": players})
    shadow = Game(variant, seed=5, first_dealer=1, log=True)
    seats = [Socket(client, table, t) for t in tokens]
    watcher = Socket(client, table, None)
    rng = random.Random(3)
    for version in range(1, 81):
        if shadow.game_over:
            break
        actor = shadow.to_act
        assert actor is not None
        legal = seats[actor].wait(version - 1)["legal"]
        assert sorted(m["text"] for m in legal) == shadow.legal_texts()
        text = rng.choice(legal)["text"]
        answer = seats[actor].act(text)
        assert answer["type"] == "ok", (text, answer)
        shadow.apply(text)
        for seat, sock in enumerate(seats):
            message = sock.wait(version)
            assert message["view"] == table_view(variant, shadow.observation(seat))
            assert message["full_log"] == shadow.events(seat)
            if seat != shadow.to_act:
                assert message["legal"] == []
        message = watcher.wait(version)
        assert message["view"] == public_view(table_view(variant, shadow.observation(0)))
        assert message["full_log"] == shadow.events(None)
        assert message["legal"] == [] and message["view"]["hand"] == []
