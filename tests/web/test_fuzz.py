"""Protocol fuzz on the real wire: garbage, wrong tokens, other seats' moves.

Every bad message gets an error answer, the table does not change, and the server
keeps serving (a legal move still works afterwards).
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import Server
from .helpers import Seat, create, join

pytestmark = pytest.mark.slow


def garbage(rng: random.Random) -> str | bytes:
    """One random malformed or illegal client message."""
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 80)))
    if kind == 2:
        return json.dumps(rng.choice([[], [1, 2], 3, None, "act", True, 1.5]))
    if kind == 3:
        return json.dumps({"type": rng.choice(["", "ACT", "move", "hello!", 7, None])})
    if kind == 4:
        return json.dumps({"type": "act"})
    if kind == 5:
        return json.dumps({"type": "act", "action": rng.choice([None, 3, [], {}, "", "   "])})
    if kind == 6:
        return json.dumps({"type": "act", "action": "draw " + "x" * rng.randrange(600, 5000)})
    if kind == 7:
        words = ["draw", "meld", "layoff", "discard", "play", "take", "stock", "raid",
                 "al-capone", "p9", "frank", "=", "m1", "2C=7H", "vote", "ü", "\x00"]
        return json.dumps({"type": "act", "action": " ".join(
            rng.choice(words) for _ in range(rng.randrange(1, 6)))})
    if kind == 8:
        return json.dumps({"type": "act", "action": "draw stock", "version": rng.choice(
            [-1, 10**9, "3", True])})
    if kind == 9:
        return json.dumps({"type": "hello", "token": "t" * rng.randrange(0, 200)})
    if kind == 10:
        return "{" * rng.randrange(1, 3000)
    return json.dumps({"type": "act", "action": "discard al-capone", "id": {"x": 1}})


def error_answer(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m["type"] == "error")


def test_garbage_wrong_tokens_and_other_seats_moves(server_factory: type[Server],
                                                    tmp_path: Any) -> None:
    # one error answer per message, as fast as the test sends them: no rate limit here
    server = server_factory(f"sqlite:///{tmp_path / 'fuzz.sqlite3'}",
                            env={"TABLERUMMY_MESSAGES_PER_SECOND": "0"})
    server.start()
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    tokens = {0: made["token"], 1: join(server.url, table, 1, "Bob")}
    seats = {s: Seat(server.ws_url, table, tokens[s]) for s in (0, 1)}
    watcher = Seat(server.ws_url, table, None)
    to_act = seats[0].state["view"]["to_act"]
    other = 1 - to_act
    before = seats[to_act].sync(0)
    version = before["version"]
    legal = [m["text"] for m in before["legal"]]
    assert legal and seats[other].sync(0)["legal"] == []

    rng = random.Random(2024)
    for i in range(150):
        target = rng.choice([seats[0], seats[1], watcher])
        message = garbage(rng)
        target.ws.send(message)
        answer = error_answer(target)
        assert answer["message"] and "\n" not in answer["message"], (message, answer)
        assert answer["version"] == version, i

    # legal moves, but from the wrong seat or from a watcher
    for text in legal:
        answer = seats[other].act(text, ref=77)
        assert answer["type"] == "error" and f"p{to_act}'s turn" in answer["message"]
        answer = watcher.act(text, ref=78)
        assert answer["type"] == "error" and "spectators" in answer["message"]
    # a stale version is refused
    seats[to_act].ws.send(json.dumps({"type": "act", "action": legal[0], "version": 99, "id": 5}))
    assert "moved on" in error_answer(seats[to_act])["message"]

    # wrong tokens: a refusal, and the socket may still say hello properly
    with connect(f"{server.ws_url}/ws/{table}", open_timeout=10) as ws:
        for token in ("nope", tokens[0][:-1] + "x", "", made["token"].upper()):
            ws.send(json.dumps({"type": "hello", "token": token}))
            reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "error" and "token" in reply["message"], reply
        ws.send(json.dumps({"type": "act", "action": legal[0]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "error"  # no hello yet
    # a token of another table holds no seat here
    elsewhere = create(server.url, ["person", "random"], join={"seat": 0, "name": "Cy"})
    with connect(f"{server.ws_url}/ws/{table}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": elsewhere["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "error"
    with connect(f"{server.ws_url}/ws/no-such-table", open_timeout=10) as ws:
        assert "no table" in json.loads(ws.recv(timeout=10))["message"]

    # nothing changed, and the table still plays
    after = seats[to_act].act("ping-free", ref=9)  # one more illegal text
    assert after["type"] == "error" and after["version"] == version
    seats[to_act].ws.send(json.dumps({"type": "ping", "id": 1}))
    assert seats[to_act].until(lambda m: m["type"] == "pong")["version"] == version
    current = seats[to_act].state
    assert current["version"] == version
    assert current["view"] == before["view"]
    assert seats[to_act].act(legal[0], ref=10)["type"] == "ok"
    assert seats[other].sync(version + 1)["version"] == version + 1
    status = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()
    assert status["table"]["version"] == version + 1

    # the HTTP side refuses bad requests with one-line errors too
    body: object
    for body in ([], {"variant": "nope"}, {"variant": "capone", "seats": ["person"]},
                 {"variant": "capone", "seats": ["person", "martian"]},
                 {"variant": "capone", "options": {"players": 9}, "seats": []}):
        reply = httpx.post(server.url + "/api/tables", json=body, timeout=10)
        assert reply.status_code == 400 and reply.json()["error"], body
    reply = httpx.post(f"{server.url}/api/tables/{table}/join",
                       json={"seat": 1, "name": "Eve"}, timeout=10)
    assert reply.status_code == 409
    reply = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=10)
    assert reply.status_code == 409  # the record shows every deck: only once the game is over
