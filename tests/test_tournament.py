"""``tablerummy tournament``: duplicate deals, standings, the CLI, and the Ray backend."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tablerummy.cli import main
from tablerummy.simulate import Setup, play_game
from tablerummy.tournament import assignments, tasks, tournament

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
