"""The toy family (``tests/toyrummy``, installed beside tablerummy) at the web table.

A real server process that has never heard of ``toy`` finds it through its entry point:
the lobby offers it, two people play a whole game over the websocket protocol with the
moves the server offers (each with a label in words and a control of the page), a bot
plays a seat, and the finished game's record replays.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from toy_install import installed

from .conftest import Server
from .helpers import Seat, create, join


@pytest.fixture(scope="module")
def toy_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with installed(tmp_path_factory.mktemp("site")) as path:
        yield path


@pytest.mark.slow
def test_a_toy_table_plays_to_the_end_over_the_websocket(
        server_factory: type[Server], tmp_path: Path, toy_path: str) -> None:
    # no pause for the people to read a hand's scoring before the bot deals on
    server = server_factory(f"sqlite:///{tmp_path / 'toy.sqlite3'}", bot_delay=0.0,
                            env={"PYTHONPATH": toy_path, "TABLERUMMY_MESSAGES_PER_SECOND": "0",
                                 "TABLERUMMY_HAND_PAUSE": "0"})
    server.start()
    offered = httpx.get(f"{server.url}/api/variants", timeout=10).json()["variants"]
    toy = next(v for v in offered if v["name"] == "toy")
    assert {o["name"] for o in toy["options"]} == {"players", "target"}
    assert "greedy" in json.dumps(toy)
    rules = httpx.get(f"{server.url}/api/rules/toy", timeout=10)
    assert rules.status_code == 200 and "Toy Rummy" in rules.text

    # no turn clock: on a loaded machine a slow turn would hand the people's seats to the
    # stand-in bot, which could then play the whole game without them
    made = create(server.url, ["person", "person", "greedy"], join={"seat": 0, "name": "Ann"},
                  variant="toy", options={"players": 3, "target": 30}, turn_seconds=0)
    table = made["table"]["id"]
    tokens = {0: str(made["token"]), 1: join(server.url, table, 1, "Bob")}
    seats = {s: Seat(server.ws_url, table, tokens[s]) for s in (0, 1)}
    moves = 0
    heard: set[str] = set()  # what Ann read of every hand
    while True:
        version = max(s.state["version"] for s in seats.values())
        states = {s: sock.sync(version) for s, sock in seats.items()}
        heard.update(seats[0].log)
        view = states[0]["view"]
        if view["scores"]["game_over"]:
            break
        to_act = view["to_act"]
        if to_act == 2:  # the bot's turn: wait for its move
            seats[0].until(lambda m, v=version: m["type"] == "state" and m["version"] > v)
            continue
        legal = states[to_act]["legal"]
        for move in legal:  # every move has a label in words and a control of the page
            assert move["label"] and not move["label"].startswith(move["verb"] + " ")
            assert move["cards"] or move["pile"] is not None or move["group"]
        other = 1 - to_act
        assert states[other]["legal"] == []
        hand = [c["id"] for g in states[to_act]["view"]["hand"] for c in g["cards"]]
        assert not set(hand) & {c["id"] for g in states[other]["view"]["hand"]
                                for c in g["cards"]}
        texts = [m["text"] for m in legal]
        melds = [t for t in texts if t.startswith(("meld", "layoff"))]
        # the stock when it may be drawn (a game of "draw discard" may go round for long)
        move = "draw stock" if "draw stock" in texts else (melds or texts)[moves % len(
            melds or texts)]
        assert seats[to_act].act(move, ref=moves)["type"] == "ok"
        moves += 1
        assert moves < 3000, "the game did not end"
    assert moves >= 4
    assert any(line.startswith(("p2 drew", "p2 took")) for line in heard)  # the bot played
    final = states[0]["view"]
    assert final["breakdown"] is not None or final["scores"]["hands"]
    assert max(final["scores"]["totals"]) >= 30
    reply = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=10)
    assert reply.status_code == 200
    record = reply.json()
    assert record["variant"] == "toy"
    total = sum(len(h["actions"]) for h in record["hands"])
    end = httpx.post(f"{server.url}/api/replay", json={"record": record, "step": 10**6},
                     timeout=30).json()
    assert end["step"] == total and end["views"][0]["scores"]["game_over"]
    for sock in seats.values():
        sock.close()
