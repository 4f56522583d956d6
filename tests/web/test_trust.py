"""A table one can trust online: secret deals, same origin only, quotas, bounded options.

In-process (Starlette's test client), as a browser or a script would call the server.
"""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablerummy.game import SECRET_SEED_BITS
from tablerummy.web import create_app
from tablerummy.web.limits import CSP, Settings
from tablerummy.web.tables import TableManager

from .conftest import Server
from .helpers import Seat, create

STATIC = Path(__file__).resolve().parents[2] / "src" / "tablerummy" / "web" / "static"
OPEN = {"tables_per_minute": 0, "open_tables": 0, "bot_workers": 0}

with warnings.catch_warnings():  # starlette would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """A client of a fresh server with the given settings (quotas off unless named)."""
    opened: list[Any] = []

    def make(**settings: Any) -> Any:
        app = create_app(f"sqlite:///{tmp_path / f'trust{len(opened)}.sqlite3'}",
                         bot_delay=0.0, settings=Settings(**{**OPEN, **settings}))
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def manager(client: Any) -> TableManager:
    return client.app.state.tables  # type: ignore[no-any-return]


def new_table(client: Any, seats: list[str], **extra: Any) -> Any:
    body = {"variant": "capone", "seats": seats, **extra}
    return client.post("/api/tables", json=body)


# --- deals no one can predict ----------------------------------------------------------------

def test_two_tables_created_in_the_same_microsecond_deal_differently(
        make_client: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client()
    frozen = 1_800_000_000.123456
    monkeypatch.setattr(time, "time", lambda: frozen)
    monkeypatch.setattr(time, "time_ns", lambda: int(frozen * 1e9))
    ids = [new_table(client, ["person", "person"]).json()["table"]["id"] for _ in range(2)]
    games = [manager(client).live[i].game for i in ids]
    assert [manager(client).live[i].row.created for i in ids] == [frozen, frozen]
    assert games[0].seed != games[1].seed
    assert games[0].hands[0].deck != games[1].hands[0].deck
    # 128 secret bits: at most a few of the top ones are zero by chance
    assert all(g.seed.bit_length() > SECRET_SEED_BITS - 16 for g in games)
    # the whole seed is stored (not cut to the database's 64-bit integers)
    row = client.portal.call(manager(client).store.load, ids[0])
    assert row.seed == games[0].seed


def test_nothing_sent_before_the_end_reveals_the_seed_or_the_decks(
        server_factory: type[Server], tmp_path: Path) -> None:
    # the test plays faster than a person: no message rate limit
    server = server_factory(f"sqlite:///{tmp_path / 'seed.sqlite3'}",
                            env={"TABLERUMMY_MESSAGES_PER_SECOND": "0"})
    server.start()
    made = create(server.url, ["person", "person"], join={"seat": 0, "name": "Ann"},
                  options={"target": 1})
    table = made["table"]["id"]
    second = httpx.post(f"{server.url}/api/tables/{table}/join",
                        json={"seat": 1, "name": "Bob"}, timeout=10).json()
    texts = [json.dumps(made), json.dumps(second),
             httpx.get(f"{server.url}/api/tables/{table}", timeout=10).text,
             httpx.get(f"{server.url}/api/tables", timeout=10).text]
    assert httpx.get(f"{server.url}/api/tables/{table}/record", timeout=10).status_code == 409
    seats = [Seat(server.ws_url, table, made["token"]), Seat(server.ws_url, table,
                                                             second["token"])]
    heard: list[str] = []
    for seat in seats:  # keep every text the server sends
        receive = seat.ws.recv

        def recording(timeout: float | None = None, _receive: Any = receive) -> Any:
            text = _receive(timeout=timeout)
            heard.append(text)
            return text
        # recv is overloaded (by ``decode``); the recorder stands in for all of it
        seat.ws.recv = recording  # type: ignore[method-assign,assignment]
    moves = 0
    while True:
        version = max(s.state["version"] for s in seats)
        states = [s.sync(version) for s in seats]
        if states[0]["view"]["scores"]["game_over"]:
            break
        texts.extend(heard)
        heard.clear()
        to_act = states[0]["view"]["to_act"]
        legal = sorted(m["text"] for m in states[to_act]["legal"])
        # always the Case File when it may be drawn: a hand of "draw discard" turns can go
        # on for ever (the deal comes from secrets, so any deal must end)
        move = "draw stock" if "draw stock" in legal else legal[moves % len(legal)]
        assert seats[to_act].act(move, ref=moves)["type"] == "ok"
        moves += 1
        assert moves < 2000, "the hand did not end"
    assert moves > 10
    record = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=10).json()
    seed = record["seed"]
    assert seed.bit_length() > SECRET_SEED_BITS - 16
    for secret in (str(seed), hex(seed)[2:], str(seed % 2**63), str(seed % 2**31)):
        assert not any(secret in text for text in texts), secret
    # nor the order of the deck: no message lists the stock
    stock = json.dumps(record["hands"][0]["deck"][-20:])[1:-1]
    assert not any(stock in text for text in texts)
    for seat in seats:
        seat.close()


# --- same origin only --------------------------------------------------------------------------

def test_every_response_carries_the_security_headers(make_client: Callable[..., Any]) -> None:
    client = make_client()
    for path in ("/", "/t/x", "/replay", "/static/lobby.js", "/api/tables", "/api/tables/x"):
        headers = client.get(path).headers
        assert headers["content-security-policy"] == CSP, path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self';" in CSP and "unsafe-inline" not in CSP.split("style-src")[0]


def test_the_pages_have_no_inline_script() -> None:
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert "javascript:" not in html, page.name


def test_posts_are_json_from_this_origin_only(make_client: Callable[..., Any]) -> None:
    client = make_client(origins=("https://friends.example",))
    body = {"variant": "capone", "seats": ["person", "person"]}
    form = client.post("/api/tables", data={"variant": "capone", "seats": "person"})
    assert form.status_code == 415 and "application/json" in form.json()["error"]
    plain = client.post("/api/tables", content=json.dumps(body),
                        headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    foreign = client.post("/api/tables", json=body, headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403 and "other sites" in foreign.json()["error"]
    assert client.post("/api/tables", json=body,
                       headers={"Origin": "null"}).status_code == 403
    assert manager(client).listing()["total"] == 0  # nothing was created
    own = client.post("/api/tables", json=body, headers={"Origin": "http://testserver"})
    assert own.status_code == 201
    listed = client.post("/api/tables", json=body,
                         headers={"Origin": "https://friends.example"})
    assert listed.status_code == 201
    assert client.post("/api/tables", json=body).status_code == 201  # no Origin: a script


def test_names_lose_control_characters_and_are_bounded(make_client: Callable[..., Any]) -> None:
    client = make_client()
    table = new_table(client, ["person", "person"]).json()["table"]["id"]
    joined = client.post(f"/api/tables/{table}/join",
                         json={"seat": 0, "name": "A\x00n\u202en\x1b[31m\tLee\n"})
    assert joined.status_code == 200
    assert joined.json()["table"]["seats"][0]["name"] == "Ann[31m Lee"
    for name in ("x" * 41, "\x00\x01\u200b", "  ", 7):
        reply = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": name})
        assert reply.status_code == 400 and reply.json()["error"], name


# --- quotas and bounded options ---------------------------------------------------------------

def test_tables_per_minute_and_open_tables_per_address(make_client: Callable[..., Any]) -> None:
    client = make_client(tables_per_minute=3)
    for _ in range(3):
        assert new_table(client, ["person", "person"]).status_code == 201
    refused = new_table(client, ["person", "person"])
    assert refused.status_code == 429 and "a minute" in refused.json()["error"]

    client = make_client(open_tables=2)
    for _ in range(2):
        assert new_table(client, ["person", "person"]).status_code == 201
    refused = new_table(client, ["person", "person"])
    assert refused.status_code == 429 and "open tables" in refused.json()["error"]


def test_bot_only_tables_are_capped_or_refused(make_client: Callable[..., Any]) -> None:
    client = make_client(bot_tables=0)
    refused = new_table(client, ["greedy", "random"])
    assert refused.status_code == 403 and "bots only" in refused.json()["error"]
    client = make_client(bot_tables=1)
    assert new_table(client, ["greedy", "random"]).status_code == 201
    refused = new_table(client, ["greedy", "greedy"])
    assert refused.status_code == 429 and "at most 1" in refused.json()["error"]
    assert new_table(client, ["person", "greedy"]).status_code == 201


def test_a_table_of_bots_alone_stops_at_the_simulations_limit(
        make_client: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody can leave a table of bots: past the decision limit (lowered here) it is
    closed as expired, as ``simulate`` abandons such a game, and plays no more."""
    import tablerummy.simulate

    monkeypatch.setattr(tablerummy.simulate, "MAX_DECISIONS", 30)
    client = make_client(bot_tables=1)
    created = new_table(client, ["greedy", "random"])
    assert created.status_code == 201
    table = created.json()["table"]["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table}").json()["table"]
        if info["status"] != "playing":
            break
        time.sleep(0.05)
    assert info["status"] == "expired"
    assert info["version"] == 30
    time.sleep(0.3)
    assert client.get(f"/api/tables/{table}").json()["table"]["version"] == 30
    # the slot is free again: another table of bots alone may start
    assert new_table(client, ["greedy", "greedy"]).status_code == 201


def test_options_and_the_turn_clock_are_bounded(make_client: Callable[..., Any]) -> None:
    client = make_client()
    for options in ({"target": 1e30}, {"target": 2001}, {"target": 10**40}):
        reply = new_table(client, ["person", "person"], options=options)
        assert reply.status_code == 400 and "at most 2000" in reply.json()["error"], options
    assert new_table(client, ["person", "person"],
                     options={"target": 2000}).status_code == 201
    for seconds in (-1, "60", 1.5, True, 10**9):
        reply = new_table(client, ["person", "person"], turn_seconds=seconds)
        assert reply.status_code == 400 and "turn_seconds" in reply.json()["error"], seconds
    default = new_table(client, ["person", "person"]).json()["table"]
    assert default["turn_seconds"] == 120
    off = new_table(client, ["person", "person"], turn_seconds=0).json()["table"]
    assert off["turn_seconds"] == 0


def test_a_socket_that_floods_is_slowed_then_closed(make_client: Callable[..., Any]) -> None:
    client = make_client(messages_per_second=5)
    table = new_table(client, ["person", "person"]).json()["table"]["id"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        for _ in range(200):
            ws.send_text(json.dumps({"type": "ping"}))
        answers = []
        with pytest.raises(Exception):  # noqa: B017 - the server closes the socket
            while True:
                answers.append(json.loads(ws.receive_text()))
    pongs = [a for a in answers if a["type"] == "pong"]
    errors = [a["message"] for a in answers if a["type"] == "error"]
    assert 0 < len(pongs) <= 20
    assert any("too many messages" in e and "slow down" in e for e in errors)
    assert "too many messages: disconnected" in errors[-1]


def test_a_socket_that_never_says_hello_is_closed(make_client: Callable[..., Any]) -> None:
    client = make_client(hello_timeout=0.2)
    table = new_table(client, ["person", "person"]).json()["table"]["id"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert "say hello first" in json.loads(ws.receive_text())["message"]
        assert ws.receive()["type"] == "websocket.close"


def test_waiting_tables_expire(make_client: Callable[..., Any]) -> None:
    client = make_client(waiting_expiry=1)
    table = new_table(client, ["person", "person"]).json()["table"]["id"]
    assert client.get(f"/api/tables/{table}").json()["table"]["status"] == "waiting"
    for _ in range(100):  # the sweeper looks every second
        if client.get(f"/api/tables/{table}").json()["table"]["status"] == "expired":
            break
        time.sleep(0.1)
    assert client.get(f"/api/tables/{table}").json()["table"]["status"] == "expired"
    assert client.get("/api/tables").json()["total"] == 0
    refused = client.post(f"/api/tables/{table}/join", json={"seat": 0, "name": "Late"})
    assert refused.status_code in (400, 409)


def test_the_lobby_puts_tables_with_people_first_and_pages(
        make_client: Callable[..., Any]) -> None:
    client = make_client(lobby_page=3)
    real = new_table(client, ["person", "greedy"], join={"seat": 0, "name": "Ann"}).json()
    for _ in range(6):  # a flood of empty tables, made after the real one
        new_table(client, ["person", "person"])
    ripper = client.post("/api/tables", json={"variant": "ripper",
                                              "seats": ["person", "person"]}).json()
    first = client.get("/api/tables").json()
    assert first["total"] == 8 and first["pages"] == 3 and len(first["tables"]) == 3
    assert first["tables"][0]["id"] == real["table"]["id"]
    ids = {t["id"] for p in range(3) for t in client.get(f"/api/tables?page={p}").json()["tables"]}
    assert len(ids) == 8
    only = client.get("/api/tables?variant=ripper").json()
    assert [t["id"] for t in only["tables"]] == [ripper["table"]["id"]]
    playing = client.get("/api/tables?status=playing").json()
    assert [t["id"] for t in playing["tables"]] == [real["table"]["id"]]
    assert client.get("/api/tables?page=x").status_code == 400


def test_a_person_may_leave_a_waiting_table(make_client: Callable[..., Any]) -> None:
    client = make_client()
    made = new_table(client, ["person", "person"], join={"seat": 0, "name": "Ann"}).json()
    table = made["table"]["id"]
    wrong = client.post(f"/api/tables/{table}/leave", json={"token": "nope"})
    assert wrong.status_code == 400
    left = client.post(f"/api/tables/{table}/leave", json={"token": made["token"]})
    assert left.status_code == 200 and not left.json()["table"]["seats"][0]["taken"]
    again = client.post(f"/api/tables/{table}/join", json={"seat": 0, "name": "Bea"})
    assert again.status_code == 200
    client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Cy"})
    late = client.post(f"/api/tables/{table}/leave", json={"token": again.json()["token"]})
    assert late.status_code == 409 and "started" in late.json()["error"]


def test_a_record_sent_back_by_a_page_replays_though_its_seed_came_back_rounded(
        make_client: Callable[..., Any]) -> None:
    client = make_client()
    table = new_table(client, ["greedy", "greedy"], options={"target": 1}).json()["table"]["id"]
    for _ in range(600):
        if client.get(f"/api/tables/{table}").json()["table"]["status"] == "finished":
            break
        time.sleep(0.05)
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["seed"] > 2**64
    # what JSON.parse and JSON.stringify make of it: a double
    rounded = json.loads(json.dumps(dict(record, seed=float(record["seed"]))))
    frame = client.post("/api/replay", json={"record": rounded, "step": 10**6}).json()
    assert frame["error"] is None and frame["step"] == frame["steps"] > 0
    # a record without every deck still needs an exact seed
    partial = dict(rounded, hands=[dict(h, deck=None) for h in rounded["hands"]])
    reply = client.post("/api/replay", json={"record": partial, "step": 1})
    assert reply.status_code == 400 and "seed" in reply.json()["error"]


def test_settings_come_from_the_environment_and_bad_ones_are_one_line_errors() -> None:
    from tablerummy.web.limits import SettingError

    settings = Settings.from_env({"TABLERUMMY_OPEN_TABLES": "3", "TABLERUMMY_HELLO_TIMEOUT": "2.5",
                                  "TABLERUMMY_ORIGINS": "https://a.example/, http://b.example"})
    assert settings.open_tables == 3 and settings.hello_timeout == 2.5
    assert settings.origins == ("https://a.example", "http://b.example")
    for name, raw in (("OPEN_TABLES", "-1"), ("OPEN_TABLES", "١٢"), ("HELLO_TIMEOUT", "nan"),
                      ("HELLO_TIMEOUT", "inf"), ("TURN_SECONDS", "2.5"), ("MAX_BODY", "")):
        with pytest.raises(SettingError) as err:
            Settings.from_env({f"TABLERUMMY_{name}": raw})
        assert f"TABLERUMMY_{name}" in str(err.value) and "\n" not in str(err.value)
