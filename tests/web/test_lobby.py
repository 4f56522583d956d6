"""The HTTP side in-process: lobby, joining, bots playing a whole game, records, replays."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablerummy.records import replay
from tablerummy.web import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette would rather have httpx2
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    app = create_app(f"sqlite:///{tmp_path / 'lobby.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as test_client:
        yield test_client


def test_pages_and_static_files_are_served(client: Any) -> None:
    for path in ("/", "/t/anything", "/replay", "/replay/anything", "/static/table.js",
                 "/static/common.js", "/static/table.css", "/static/lobby.js",
                 "/static/replay.js"):
        reply = client.get(path)
        assert reply.status_code == 200, path
    assert "text/html" in client.get("/").headers["content-type"]


def test_the_lobby_offers_variants_with_options_and_bots(client: Any) -> None:
    variants = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
    capone = variants["capone"]
    assert {o["name"] for o in capone["options"]} >= {"players", "teams", "target"}
    assert "random" in capone["bots"]
    # a bot kept for measurements plays by name but is not offered to newcomers
    assert "ismcts" in capone["bots"] and "ismcts-uniform" not in capone["bots"]
    made = client.post("/api/tables", json={"variant": "capone",
                                            "seats": ["person", "ismcts-uniform"]})
    assert made.status_code == 201


def test_joining_refuses_what_it_must(client: Any) -> None:
    table = client.post("/api/tables", json={
        "variant": "capone", "options": {"players": 3},
        "seats": ["person", "random", "person"]}).json()["table"]
    assert table["status"] == "waiting"
    url = f"/api/tables/{table['id']}/join"
    for body, says in [({"seat": 1, "name": "A"}, "bot"), ({"seat": 7, "name": "A"}, "seat"),
                       ({"seat": 0, "name": "  "}, "name"), ({"seat": 0, "name": "x" * 41}, "40"),
                       ({"seat": "0", "name": "A"}, "seat")]:
        reply = client.post(url, json=body)
        assert reply.status_code == 400 and says in reply.json()["error"], body
    assert client.post(url, json={"seat": 0, "name": "Ann"}).status_code == 200
    assert client.post(url, json={"seat": 0, "name": "Bob"}).status_code == 409
    assert client.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "waiting"
    assert client.post(url, json={"seat": 2, "name": "Bob"}).status_code == 200
    assert client.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "playing"
    assert client.get("/api/tables/nope").status_code == 404


@pytest.mark.slow
def test_bots_play_a_whole_game_and_its_record_replays(client: Any) -> None:
    made = client.post("/api/tables", json={
        "variant": "capone", "options": {"target": 20}, "seats": ["random", "greedy"]})
    assert made.status_code == 201
    table = made.json()["table"]
    assert table["status"] == "playing"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status = client.get(f"/api/tables/{table['id']}").json()["table"]["status"]
        if status == "finished":
            break
        time.sleep(0.05)
    assert status == "finished"
    assert table["id"] not in client.app.state.tables.live  # released: nobody watches
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    reply = client.get(f"/api/tables/{table['id']}/record")
    assert reply.status_code == 200 and "attachment" in reply.headers["content-disposition"]
    record = reply.json()
    played = replay(record)
    assert played.error is None and played.game.game_over

    total = sum(len(h["actions"]) for h in record["hands"])
    first = client.post("/api/replay", json={"record": record, "step": 0}).json()
    assert first["step"] == 0 and first["steps"] == total and first["action"] is None
    assert len(first["views"]) == 2 and all(v["hand"] for v in first["views"])
    three = client.post("/api/replay", json={"record": record, "step": 3}).json()
    assert three["action"] == record["hands"][0]["actions"][2] and three["actor"] in (0, 1)
    end = client.post("/api/replay", json={"record": record, "step": 10**6}).json()
    assert end["step"] == total and end["views"][0]["scores"]["game_over"]

    broken = dict(record, hands=[dict(record["hands"][0], actions=["draw stock", "fly"])])
    frame = client.post("/api/replay", json={"record": broken, "step": 2}).json()
    assert frame["step"] == 1 and "fly" in frame["error"]
    for body in ({"record": {"variant": "nope"}}, {"record": [], "step": 1},
                 {"record": record, "step": "x"}):
        reply = client.post("/api/replay", json=body)
        assert reply.status_code == 400 and "\n" not in reply.json()["error"], body
    reply = client.post("/api/replay", content=b"not json",
                        headers={"Content-Type": "application/json"})
    assert reply.status_code == 400
