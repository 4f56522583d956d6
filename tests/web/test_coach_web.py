"""The coach at the web table, against a real server process: hints over the websocket
(only for the seat to act, only to it), the ``hints`` option, and the analysis of a
finished game as a job with progress (``/api/analyse``).

The server runs the coach with a few search iterations (``TABLERUMMY_HINT_ITERATIONS``,
``TABLERUMMY_ANALYSIS_ITERATIONS``): what is tested is the way there and back, not how
good the coach is (tests/coach does that).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tablerummy.bots import get_bot
from tablerummy.game import Game
from tablerummy.variant import get_variant
from tablerummy.web.store import SeatRow, Store, TableRow
from tablerummy.web.tables import FINISHED, hash_token

from .conftest import Server
from .helpers import Seat, create, join

pytestmark = pytest.mark.slow

COACH_ENV = {"TABLERUMMY_HINT_ITERATIONS": "8", "TABLERUMMY_ANALYSIS_ITERATIONS": "4",
             "TABLERUMMY_ANALYSES_PER_MINUTE": "12", "TABLERUMMY_MESSAGES_PER_SECOND": "0",
             "TABLERUMMY_ANALYSIS_MOVES": "1000", "TABLERUMMY_ANALYSIS_PLAYOUTS": "3"}
"""A few iterations and playouts: a hint comes at once, a game is analysed in seconds."""

ANALYSIS_KEYS = {"seats", "moves", "mistakes", "chart"}
MOVE_KEYS = {"hand", "ply", "seat", "played", "best", "win_loss", "point_loss", "hindsight_best",
             "played_words", "best_words", "hindsight_words", "win_before"}


def finished_game(seed: int = 3, target: int = 25) -> Game:
    """A short capone game (one hand, to 25 points) played to its end by two greedy bots."""
    variant = get_variant("capone", {"target": target})
    game = Game(variant, seed=seed, log=True)
    bots = [get_bot("greedy", variant, s, seed=s) for s in range(variant.players)]
    while not game.game_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    return game


def store_finished(db: str, table: str, game: Game, hints: bool | None = None) -> None:
    """Store ``game`` as a finished table of two people (in a thread: no loop runs here)."""
    record = game.to_record()
    row = TableRow(id=table, created=time.time(), variant="capone", options=record["options"],
                   seed=game.seed, first_dealer=game.first_dealer, decks=None, status=FINISHED,
                   seats=[SeatRow(s, "person", None, f"Player {s}", hash_token(f"tok-{s}"))
                          for s in range(2)], hints=hints)
    texts = [text for hand in record["hands"] for text in hand["actions"]]

    async def store_all() -> None:
        store = Store(db)
        await store.create_table(row)
        for seq, text in enumerate(texts):
            await store.append(table, seq, text)
        store.close()

    worker = threading.Thread(target=asyncio.run, args=(store_all(),))
    worker.start()
    worker.join()


@pytest.fixture(scope="module")
def game() -> Game:
    return finished_game()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, game: Game) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('coach') / 'coach.sqlite3'}"
    store_finished(db, "done", game)
    store_finished(db, "coached", game, hints=True)
    srv = Server(db, env=COACH_ENV)
    srv.start()
    yield srv
    srv.stop()


def one_line(response: httpx.Response, status: int, says: str) -> None:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert says in error and "\n" not in error, error


# --- the option --------------------------------------------------------------------------

def test_hints_are_on_by_default_where_one_person_plays_bots(server: Server) -> None:
    base = server.url
    assert create(base, ["person", "greedy"])["table"]["hints"] is True
    assert create(base, ["person", "person"])["table"]["hints"] is False
    assert create(base, ["person", "person"], hints=True)["table"]["hints"] is True
    assert create(base, ["person", "greedy"], hints=False)["table"]["hints"] is False
    three = create(base, ["person", "person", "greedy"], options={"players": 3})
    assert three["table"]["hints"] is False  # two people: a hint would help one of them
    assert create(base, ["greedy", "greedy"])["table"]["hints"] is False  # no one to hint
    bad = httpx.post(base + "/api/tables", json={"variant": "capone", "seats": ["person", "greedy"],
                                                 "hints": "yes"}, timeout=10)
    one_line(bad, 400, "\"hints\" is true or false")


def test_a_rematch_keeps_the_option(server: Server, game: Game) -> None:
    # the stored finished table predates the option (NULL): two people, so off
    meta = httpx.get(server.url + "/api/tables/done", timeout=10).json()["table"]
    assert meta["hints"] is False
    again = httpx.post(server.url + "/api/tables/done/rematch", json={"token": "tok-0"},
                       timeout=10)
    assert again.status_code == 200, again.text
    assert again.json()["table"]["hints"] is False
    coached = httpx.post(server.url + "/api/tables/coached/rematch", json={"token": "tok-0"},
                         timeout=10)
    assert coached.status_code == 200, coached.text
    assert coached.json()["table"]["hints"] is True


# --- the hint message ----------------------------------------------------------------------

def to_play_phase(seats: dict[int, Seat]) -> int:
    """Play draws until the seat to act has three moves or more; that seat."""
    while True:
        state = seats[0].state
        actor = state["view"]["to_act"]
        mine = seats[actor].sync(state["version"])
        if len(mine["legal"]) >= 3:
            return int(actor)
        answer = seats[actor].act(mine["legal"][0]["text"])
        assert answer["type"] == "ok", answer
        seats[0].sync(answer["version"])


def hint(seat: Seat, ref: int) -> dict[str, Any]:
    seat.ws.send(json.dumps({"type": "hint", "id": ref}))
    return seat.until(lambda m: m["type"] in ("hint", "error") and m.get("id") == ref, 30)


def drain(seat: Seat, ref: int) -> list[dict[str, Any]]:
    """Every message ``seat`` gets until the pong of ``ref``."""
    seat.ws.send(json.dumps({"type": "ping", "id": ref}))
    got = []
    while True:
        message = seat.recv(30)
        got.append(message)
        if message["type"] == "pong" and message["id"] == ref:
            return got


def test_a_hint_answers_the_seat_to_act_and_no_one_else(server: Server) -> None:
    base, ws = server.url, server.ws_url
    made = create(base, ["person", "person"], join={"seat": 0, "name": "Ann"}, hints=True)
    table = made["table"]["id"]
    tokens = {0: str(made["token"]), 1: join(base, table, 1, "Bob")}
    seats = {s: Seat(ws, table, tokens[s]) for s in (0, 1)}
    watcher = Seat(ws, table, None)
    actor = to_play_phase(seats)
    other = seats[1 - actor]
    legal = {m["text"] for m in seats[actor].state["legal"]}

    answer = hint(seats[actor], 7)
    assert answer["type"] == "hint", answer
    assert answer["version"] == seats[actor].state["version"] and answer["seat"] == actor
    assert len(answer["hints"]) == 3
    for found in answer["hints"]:
        assert set(found) >= {"move", "words", "win", "margin", "reason"}
        assert found["move"] in legal and 0 <= found["win"] <= 1
        assert found["words"] and found["reason"]
    # the same position, the same hint (its search is seeded by the table and the seat)
    assert hint(seats[actor], 8)["hints"] == answer["hints"]

    refused = hint(other, 9)
    assert refused["type"] == "error" and "seat to act" in refused["message"]
    refused = hint(watcher, 10)
    assert refused["type"] == "error" and "join a seat" in refused["message"]

    # a second hint while one is worked out: refused, the first still answered
    seats[actor].ws.send(json.dumps({"type": "hint", "id": 11}))
    seats[actor].ws.send(json.dumps({"type": "hint", "id": 12}))
    got = {m["id"]: m for m in drain(seats[actor], 13) if m.get("id") in (11, 12)}
    while 11 not in got:
        message = seats[actor].recv(30)
        if message.get("id") == 11:
            got[11] = message
    assert got[11]["type"] == "hint"
    assert got[12]["type"] == "error" and "being worked out" in got[12]["message"]

    # nothing of any hint reached the other player or the watcher
    for seat in (other, watcher):
        heard = drain(seat, 99)
        assert not [m for m in heard if m["type"] == "hint"]
        text = json.dumps(heard)
        for found in answer["hints"]:
            assert found["reason"] not in text
    for seat in (*seats.values(), watcher):
        seat.close()


def test_a_hint_is_refused_in_one_line_where_the_option_is_off(server: Server) -> None:
    base, ws = server.url, server.ws_url
    made = create(base, ["person", "person"], join={"seat": 0, "name": "Ann"})
    table = made["table"]["id"]
    tokens = {0: str(made["token"]), 1: join(base, table, 1, "Bob")}
    seats = {s: Seat(ws, table, tokens[s]) for s in (0, 1)}
    actor = seats[0].state["view"]["to_act"]
    refused = hint(seats[actor], 1)
    assert refused["type"] == "error" and refused["message"] == "hints are off at this table"
    for seat in seats.values():
        seat.close()


# --- the analysis --------------------------------------------------------------------------

def poll(server: Server, job: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The running answers seen, and the last one (done or failed)."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        reply = httpx.get(f"{server.url}/api/analyse/{job}", timeout=10)
        body = reply.json()
        if reply.status_code != 200 or body["state"] != "running":
            return seen, body
        seen.append(body)
        time.sleep(0.2)
    raise AssertionError("the analysis did not end in 120 s")


def test_a_finished_table_is_analysed_as_a_job_with_progress(server: Server, game: Game) -> None:
    started = httpx.post(server.url + "/api/analyse", json={"table": "done"}, timeout=30)
    assert started.status_code == 202, started.text
    job = started.json()
    assert job["state"] == "running" and job["job"]
    # the event loop answers while the job runs: a table's facts, at once
    assert httpx.get(server.url + "/api/tables/done", timeout=5).status_code == 200
    running, last = poll(server, job["job"])
    # how many running answers a poll sees depends on the machine's speed (the relay of the
    # progress itself is tested without a clock below); what is seen must be consistent
    assert all(0 <= r["done"] <= r["total"] for r in running), running
    assert [r["done"] for r in running] == sorted(r["done"] for r in running), running
    assert last["state"] == "done" and last["done"] == last["total"] > 0
    analysis = last["analysis"]
    assert set(analysis) >= ANALYSIS_KEYS
    assert analysis["seats"] == [0, 1]
    decisions = sum(len(h.actions) for h in game.hands)
    assert 0 < len(analysis["moves"]) <= decisions
    for move in analysis["moves"]:
        assert set(move) >= MOVE_KEYS
        assert move["win_loss"] >= 0 and move["point_loss"] >= 0
    for seat in ("0", "1"):
        assert len(analysis["mistakes"][seat]) <= 3
        assert analysis["chart"][seat] and all(0 <= p["win"] <= 1 for p in analysis["chart"][seat])


def test_the_workers_progress_reaches_the_row_while_the_job_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The relay from the worker's progress file to the job's row, stepped by the test: a
    worker that waits until released, so the running row is seen whatever the machine."""
    from tablerummy.web import analyses as module
    from tablerummy.web.limits import Settings

    monkeypatch.setattr(module, "PROGRESS_EVERY", 0.01)
    monkeypatch.setattr(module, "ALIVE_EVERY", 3600.0)  # a row written for its progress only
    release = asyncio.Event()
    saved: list[tuple[str, int, int]] = []

    class Pool:
        async def job(self, busy: str, work: Any, *args: Any, long: bool = False) -> Any:
            assert work is module.analyse_job and long
            await release.wait()
            return 200, {"moves": [{}] * 5}

    class Rows:
        async def save(self, job: module.Job) -> None:
            saved.append((job.state, job.done, job.total))

    async def until(seen: tuple[str, int, int]) -> None:
        for _ in range(10_000):
            if seen in saved:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"{seen} never reached the row: {saved}")

    async def scenario() -> None:
        analyses = module.Analyses(Settings(), Pool(), None)  # type: ignore[arg-type]
        analyses.rows = Rows()  # type: ignore[assignment]
        job = module.Job("j1", time.time() + 60, "running")
        progress = analyses.folder / job.id
        task = asyncio.create_task(analyses._run(job, {}, None))
        for done in (1, 3, 5):
            progress.write_text(f"{done} 5")
            await until(("running", done, 5))
        release.set()
        await task
        assert saved[-1] == ("done", 5, 5) and not progress.exists()
        await analyses.close()

    asyncio.run(scenario())


def test_a_record_sent_by_the_replay_page_is_analysed_for_the_seats_asked(
        server: Server, game: Game) -> None:
    started = httpx.post(server.url + "/api/analyse",
                         json={"record": game.to_record(), "seats": [1]}, timeout=30)
    assert started.status_code == 202, started.text
    _, last = poll(server, started.json()["job"])
    assert last["state"] == "done", last
    analysis = last["analysis"]
    assert analysis["seats"] == [1] and {m["seat"] for m in analysis["moves"]} == {1}


def test_bad_analysis_requests_are_a_one_line_4xx(server: Server, game: Game) -> None:
    url = server.url + "/api/analyse"

    def post(body: Any) -> httpx.Response:
        return httpx.post(url, json=body, timeout=30)

    one_line(post({}), 400, "name a finished table")
    one_line(post({"table": "done", "record": {}}), 400, "name a finished table")
    one_line(post({"table": "nope"}), 404, "no table")
    one_line(post({"table": "done", "seats": "0"}), 400, "\"seats\" is a list")
    one_line(post({"table": "done", "seats": [5]}), 400, "there is no seat 5")
    one_line(post({"record": {"variant": "nope"}}), 400, "nope")
    unfinished = game.to_record()
    unfinished["hands"][-1]["actions"] = unfinished["hands"][-1]["actions"][:-3]
    one_line(post({"record": unfinished}), 400, "not over")
    broken = game.to_record()
    broken["hands"][0]["actions"][4] = "meld nothing"
    one_line(post({"record": broken}), 400, "hand 0, action 4")
    padded = game.to_record()
    padded["hands"].append({"deck": None, "actions": ["x"] * 1000})
    one_line(post({"record": padded}), 413, "at most 1000")
    playing = create(server.url, ["person", "greedy"])["table"]["id"]
    one_line(post({"table": playing}), 409, "once it is over")
    missing = httpx.get(server.url + "/api/analyse/no-such-job", timeout=10)
    one_line(missing, 404, "no such analysis")
    not_json = httpx.post(url, content=b"{", headers={"Content-Type": "application/json"},
                          timeout=10)
    one_line(not_json, 400, "not JSON")
    # the rate per address group (12 a minute on this server): the requests above that
    # got past their first checks counted
    replies = [post({"record": {"variant": "nope"}}) for _ in range(12)]
    assert 429 in [r.status_code for r in replies]
    one_line(next(r for r in replies if r.status_code == 429), 429, "a minute")


def test_the_analysis_row_is_read_by_any_process(db_url: str) -> None:
    """A job's state is a row: a second store on the same database reads it (SQLite and
    PostgreSQL)."""
    from tablerummy.web.analyses import AnalysisRows, Job

    db = db_url

    async def both() -> tuple[Job | None, Job | None]:
        one, two = Store(db), Store(db)
        rows = AnalysisRows(one.db)
        job = Job("j1", time.time() + 60, "running", 3, 10)
        await rows.create(job)
        seen = await AnalysisRows(two.db).load("j1")
        await rows.save(Job("gone", time.time() - 1, "done"))  # nothing to update: no row
        expired = Job("j2", time.time() - 1, "running")
        await rows.create(expired)
        lost = await AnalysisRows(two.db).load("j2")
        one.close()
        two.close()
        return seen, lost

    seen, lost = asyncio.run(both())
    assert seen is not None and (seen.state, seen.done, seen.total) == ("running", 3, 10)
    assert lost is None  # past its time: dropped


def test_the_servers_budget_settings() -> None:
    from tablerummy.coach import Budget
    from tablerummy.web.hints import scaled

    default = Budget.analysis()
    assert scaled(default, 0) == default
    few = scaled(Budget.hint(), 8)
    assert (few.iterations, few.playouts, few.seconds) == (8, 8, None)  # no time cap
    assert scaled(default, 0, 6) == Budget(default.iterations, default.seconds, 6)
