"""``tablerummy tournament``: duplicate deals, standings, the CLI, and the Ray backend."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablerummy.cli import main
from tablerummy.simulate import Setup, play_game
from tablerummy.tournament import assignments, tasks, tournament
from tablerummy.variant import get_variant

KEYS = {"games", "bots", "win_rate", "win_interval", "rating", "mean_margin", "hands_per_game",
        "errors"}


def test_every_seating_of_the_bots_replays_each_deal() -> None:
    assert assignments(2, 2) == [(0, 1), (1, 0)]
    assert len(assignments(2, 3)) == 6  # every ordered pair of distinct bots
    assert assignments(4, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]  # teams swap places
    assert len(tasks(5, 2, 2)) == 10


def test_a_deal_is_the_same_cards_whatever_the_seating() -> None:
    setup = Setup("capone", {"players": 2}, ("greedy", "random"), seed=11)
    one = play_game(setup, 0, keep_record=True, seats=(0, 1), deal=3)
    two = play_game(setup, 1, keep_record=True, seats=(1, 0), deal=3)
    assert one.record is not None and two.record is not None
    assert one.record["hands"][0]["deck"] == two.record["hands"][0]["deck"]
    assert one.seed == two.seed == 14


def test_standings_credit_wins_margins_and_ratings() -> None:
    data = tournament(Setup("capone", {"players": 2}, ("greedy", "random"), seed=0),
                      6).to_json()
    assert set(data) >= KEYS
    assert data["games"] == 12 and data["errors"] == 0
    assert data["win_rate"]["greedy"] > 0.8 > data["win_rate"]["random"]
    low, high = data["win_interval"]["greedy"]
    assert low <= data["win_rate"]["greedy"] <= high
    assert data["mean_margin"]["greedy"] == -data["mean_margin"]["random"] > 0
    assert data["rating"]["greedy"]["mu"] > data["rating"]["random"]["mu"]


def test_team_tournaments_and_worker_processes_agree() -> None:
    setup = Setup("capone", {"players": 4}, ("greedy", "random"), seed=5)
    one = tournament(setup, 3).to_json()
    two = tournament(setup, 3, workers=2).to_json()
    assert one == two
    assert one["games"] == 6


def test_cli_prints_json_and_writes_csv(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "standings.csv"
    code = main(["tournament", "ripper", "--bots", "greedy,random", "--games", "2",
                 "--json", "--csv", str(out)])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= KEYS
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["bot"] for r in rows] == ["greedy", "random"]
    assert int(rows[0]["games"]) == data["played"]["greedy"]


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "capone", "--bots", "greedy,random", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "games completed" in out


@pytest.mark.parametrize("argv", [
    ["--bots", "greedy,nobody"],
    ["--games", "0"],
    ["--workers", "0"],
    ["--ray-address", "127.0.0.1:1"],
    ["--bots", "ismcts:iterations=x,greedy"],
    ["--csv", "/nonexistent-dir/x.csv"],
])
def test_cli_bad_input_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "capone", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablerummy") and err.count("\n") == 1


@pytest.mark.slow
def test_ray_backend_gives_the_local_results() -> None:
    pytest.importorskip("ray")
    setup = Setup("capone", {"players": 2}, ("ismcts:iterations=15:depth=4", "greedy"), seed=3)
    local = tournament(setup, 2).to_json()
    remote = tournament(setup, 2, workers=1, backend="ray").to_json()
    assert remote == local


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_ctrl_c_stops_the_pool_and_its_workers(command: str, tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the terminal's process group) ends the command with 130 and
    leaves no worker running.  Each game here takes many seconds: a pool that waits for
    its workers' running and queued games would hang past the guard."""
    bots = "ismcts:iterations=3000,greedy"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablerummy", command, "capone", "--bots", bots,
         "--games", "40", "--workers", "2", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers: set[int] = set()
    deadline = time.monotonic() + 60  # a guard against hanging, not a timing assertion
    while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        workers = _children(proc.pid)
    assert len(workers) >= 2, "the pool never started"
    time.sleep(1)  # the workers are inside their first games
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert b"Traceback" not in err, err.decode()[-500:]
    assert not [pid for pid in workers if _alive(pid)]


def test_the_pools_hand_out_one_game_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress bar steps when a result comes back: with batches of games it stood
    still for a minute and then jumped (and its time left with it)."""
    import tablerummy.simulate as simulate
    import tablerummy.tournament as tournament_module

    seen: list[int] = []

    def fake_pool(work, batches, workers):  # type: ignore[no-untyped-def]
        for batch in batches:
            seen.append(len(batch[1]))
            yield from work(*batch)

    monkeypatch.setattr(simulate, "in_pool", fake_pool)
    monkeypatch.setattr(tournament_module, "in_pool", fake_pool)
    setup = Setup("capone", {"players": 2}, ("greedy", "random"), 0)
    assert len(list(simulate.play_games(setup, 5, workers=2))) == 5
    tournament(setup, 3, workers=2)
    assert seen == [1] * (5 + 3 * 2)


def _cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_a_journal_resumes_a_run_and_gives_the_uninterrupted_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "row.jsonl"
    base = ["tournament", "capone", "--bots", "greedy,random", "--seed", "7", "--json"]
    _cli_json([*base, "--games", "3", "--journal", str(journal)], capsys)
    assert len(journal.read_text().splitlines()) == 1 + 6  # its header, 3 deals × 2 seatings
    # killed while writing a game: the cut-off line is dropped and the game played again
    with journal.open("a") as out:
        out.write('{"deal": 3, "assignment"')
    played: list[object] = []
    # the options as the command line writes them (the variant's, filled in)
    setup = Setup("capone", dict(get_variant("capone").options), ("greedy", "random"), seed=7)

    resumed = tournament(setup, 5, on_result=lambda t, r: played.append(r),
                         journal=journal).to_json()
    assert len(played) == 10  # the journal's 6 first, then only deals 3 and 4 played
    assert len(journal.read_text().splitlines()) == 1 + 10
    fresh = _cli_json([*base, "--games", "5"], capsys)
    assert resumed == fresh
    # a journal's games beyond --games are not counted
    fewer = _cli_json([*base, "--games", "2", "--journal", str(journal)], capsys)
    assert fewer == _cli_json([*base, "--games", "2"], capsys)


@pytest.mark.parametrize(("content", "message"), [
    ('{"journal": "tablerummy games journal", "variant": "ripper"}\n', "another run"),
    ("hello\n", "is not a journal of games"),
    (None, "not UTF-8"),
])
def test_a_journal_of_something_else_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        message: str) -> None:
    journal = tmp_path / "row.jsonl"
    if content is None:
        journal.write_bytes(b"\xff\xfe\n")
    else:
        journal.write_text(content)
    before = journal.read_bytes()
    code = main(["tournament", "capone", "--bots", "greedy,random", "--games", "1",
                 "--journal", str(journal)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert journal.read_bytes() == before


def test_a_journal_with_a_broken_game_line_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "row.jsonl"
    argv = ["tournament", "capone", "--bots", "greedy,random", "--games", "1", "--json",
            "--journal", str(journal)]
    assert main(argv) == 0
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([lines[0], '{"deal": "x"}', *lines[2:]]) + "\n")
    capsys.readouterr()
    assert main(argv) == 2
    assert "line 2" in capsys.readouterr().err


def test_a_journal_read_only_leaves_a_line_being_written_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tablerummy.journal import Journal

    journal = tmp_path / "row.jsonl"
    assert main(["tournament", "capone", "--bots", "greedy,random", "--games", "1", "--json",
                 "--journal", str(journal)]) == 0
    with journal.open("a") as out:
        out.write('{"deal": 1, "assign')  # another process is writing this line
    before = journal.read_bytes()
    setup = Setup("capone", dict(get_variant("capone").options), ("greedy", "random"))
    with Journal(journal, setup, read_only=True) as reader:
        assert len(reader.done) == 2
        with pytest.raises(RuntimeError):
            reader.add(*next(iter(reader.done.values())))
    assert journal.read_bytes() == before
