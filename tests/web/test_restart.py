"""kill -9 the server mid-game, start it again on the same database: nothing is lost."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import Server
from .helpers import Seat, create, join

pytestmark = pytest.mark.slow


def pick(state: dict[str, Any], rng: random.Random) -> str:
    """A move that keeps a hand short: draw from the stock, discard, meld now and then."""
    texts: list[str] = [m["text"] for m in state["legal"]]
    for prefix in ("draw stock", "take", "meld"):
        choices = [t for t in texts if t.startswith(prefix)]
        if choices:
            return rng.choice(choices)
    discards = [t for t in texts if t.startswith("discard")]
    return rng.choice(discards or texts)


def play(seats: dict[int, Seat], moves: int, rng: random.Random) -> int:
    """Play ``moves`` moves with whoever is to act; returns the version reached."""
    any_seat = next(iter(seats.values()))
    version: int = any_seat.state["version"]
    for _ in range(moves):
        to_act = any_seat.sync(version)["view"]["to_act"]
        seat = seats[to_act]
        state = seat.sync(version)
        answer = seat.act(pick(state, rng), ref=version + 1)
        assert answer["type"] == "ok", answer
        version = answer["version"]
    return version


def test_kill_9_mid_game_then_everything_resumes(server_factory: type[Server],
                                                  db_url: str) -> None:
    rng = random.Random(7)
    server = server_factory(db_url)
    server.start()
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table, tokens = made["table"]["id"], {0: made["token"]}
    tokens[1] = join(server.url, table, 1, "Bob")
    vs_bot = create(server.url, ["person", "random"], join={"seat": 0, "name": "Cy"})
    bot_table, bot_token = vs_bot["table"]["id"], vs_bot["token"]

    seats = {s: Seat(server.ws_url, table, tokens[s]) for s in (0, 1)}
    version = play(seats, 23, rng)  # the last move was acknowledged: it must survive
    before = {s: seats[s].sync(version) for s in (0, 1)}
    logs = {s: list(seats[s].log) for s in (0, 1)}
    human = Seat(server.ws_url, bot_table, bot_token)
    bot_version = human.state["version"]
    if human.state["view"]["to_act"] == 0:
        bot_version = play({0: human}, 1, rng)
    server.kill9()

    server.start()  # the same database and port
    again = {s: Seat(server.ws_url, table, tokens[s]) for s in (0, 1)}
    for s in (0, 1):
        state = again[s].state
        assert state["version"] == version
        assert state["view"] == before[s]["view"]
        assert again[s].log == logs[s] and state["log_from"] == 0
        assert [m["text"] for m in state["legal"]] == [m["text"] for m in before[s]["legal"]]
    # the game goes on to the end of the hand
    hands_done = 0
    for _ in range(40):
        version = play(again, 10, rng)
        hands_done = len(again[0].sync(version)["view"]["scores"]["hands"])
        if hands_done:
            break
    assert hands_done == 1

    # the bot's table came back and its bot plays on by itself
    human = Seat(server.ws_url, bot_table, bot_token)
    assert human.state["version"] >= bot_version
    version = human.state["version"]
    while human.sync(version)["view"]["to_act"] == 0:
        version = play({0: human}, 1, rng)
    state = human.until(lambda m: m["type"] == "state" and m["view"]["to_act"] == 0)
    assert state["version"] > version  # the bot drew and discarded
    assert state["table"]["status"] == "playing"
