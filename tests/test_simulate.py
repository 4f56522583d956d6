"""``tablerummy simulate`` and its library: reproducible, crediting wins as documented,
never crashing on a faulty bot, for every registered variant."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType

import pytest

from tablerummy import bots
from tablerummy.bots import Bot
from tablerummy.cli import main
from tablerummy.errors import OptionError
from tablerummy.records import replay
from tablerummy.simulate import (
    GameResult,
    Setup,
    Summary,
    bot_seed,
    play_game,
    seating,
    simulate,
    wilson,
)
from tablerummy.variant import Action, Observation, variant_names

SPEC_KEYS = {"games", "hands_per_game", "wins", "mean_hand_score", "errors"}


class _RaisingBot(Bot):
    """Fails on its third decision: the game must be abandoned, not the run."""

    name = "test-raising"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls >= 3:
            raise RuntimeError("boom")
        return legal[0]


class _IllegalBot(Bot):
    """Answers an action that is never legal."""

    name = "test-illegal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return "not an action"


@pytest.fixture
def faulty_bots() -> Iterator[None]:
    """The faulty bots, registered only while a test needs them."""
    for cls in (_RaisingBot, _IllegalBot):
        bots.register_bot()(cls)
    yield
    for cls in (_RaisingBot, _IllegalBot):
        bots._BOTS.pop((cls.name, "*"), None)


def _run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["simulate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_has_the_spec_keys_and_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run_cli(capsys, "capone", "--games", "6", "--bots", "greedy,random",
                                "--seed", "3", "--json")
    assert status == 0
    assert err == ""  # no progress bar with --json, nor when stderr is not a terminal
    data = json.loads(out)
    assert set(data) >= SPEC_KEYS
    assert data["games"] == 6 and data["errors"] == 0 and data["completed"] == 6
    assert set(data["wins"]) == {"greedy", "random"}
    assert sum(data["wins"].values()) == 6  # one side wins each two-player game
    assert data["played"] == {"greedy": 6, "random": 6}
    assert data["hands_per_game"] >= 1
    assert set(data["mean_hand_score"]) == {"greedy", "random"}
    assert data["options"]["players"] == 2
    for low, high in data["win_interval"].values():
        assert 0.0 <= low <= high <= 1.0


def test_results_do_not_depend_on_workers() -> None:
    setup = Setup("capone", {"players": 2}, ("greedy", "random"), seed=11)
    one = simulate(setup, 8, workers=1).to_json()
    two = simulate(setup, 8, workers=2).to_json()
    assert one == two
    again = simulate(setup, 8, workers=1).to_json()
    assert again == one


def test_game_i_uses_seed_s_plus_i_and_seats_rotate() -> None:
    setup = Setup("capone", {"players": 2}, ("greedy", "random"), seed=100)
    first = play_game(setup, 0, keep_record=True)
    second = play_game(setup, 1, keep_record=True)
    assert first.seed == 100 and second.seed == 101
    assert first.record is not None and first.record["seed"] == 100
    assert first.seats == (0, 1) and second.seats == (1, 0)
    assert seating(2, 4, 2) == (0, 1, 0, 1)
    assert seating(1, 2, 3) == (1, 2)
    assert bot_seed(5, 0) == bot_seed(5, 0) != bot_seed(5, 1)


def test_saved_records_replay_to_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, _ = _run_cli(capsys, "capone", "--games", "3", "--bots", "greedy,random",
                              "--players", "4", "--seed", "7", "--json", "--save",
                              str(tmp_path / "games"))
    assert status == 0
    files = sorted((tmp_path / "games").glob("*.json"))
    assert [f.name for f in files] == ["game-00000.json", "game-00001.json", "game-00002.json"]
    setup = Setup("capone", {"players": 4}, ("greedy", "random"), seed=7)
    for index, path in enumerate(files):
        record = json.loads(path.read_text())
        assert record["format"] == "tablerummy/1" and record["seed"] == 7 + index
        replayed = replay(record)
        assert replayed.error is None and replayed.game.game_over
        assert replayed.game.winner == play_game(setup, index).winner


def test_team_wins_are_credited_to_every_bot_on_the_winning_side() -> None:
    setup = Setup("capone", {"players": 4}, ("greedy", "random", "other"))
    summary = Summary(setup, 1)
    # seats p0…p3 played by entries 0, 1, 2, 0; sides [0, 2] and [1, 3]
    summary.add(GameResult(index=0, seed=0, seats=(0, 1, 2, 0), sides=((0, 2), (1, 3)),
                           winner=0, hand_scores=[[120, 10], [90, 30]], decisions=50))
    assert summary.wins == {"greedy": 1, "random": 0, "other": 1}
    assert summary.played == {"greedy": 1, "random": 1, "other": 1}
    scores = summary.to_json()["mean_hand_score"]
    # greedy sat on both sides: the mean of all four side-hand scores
    assert scores == {"greedy": 62.5, "random": 20.0, "other": 105.0}


def test_repeated_bot_names_get_their_own_labels() -> None:
    setup = Setup("capone", {"players": 2}, ("greedy", "greedy"), seed=1)
    data = simulate(setup, 4).to_json()
    assert set(data["wins"]) == {"greedy", "greedy#2"}
    assert sum(data["wins"].values()) == 4


@pytest.mark.usefixtures("faulty_bots")
def test_a_raising_bot_abandons_its_games_without_a_crash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run_cli(capsys, "capone", "--games", "4", "--bots",
                              "test-raising,random", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["errors"] == 4 and data["completed"] == 0
    assert data["wins"] == {"test-raising": 0, "random": 0}
    assert "raised RuntimeError: boom" in data["error_messages"][0]


@pytest.mark.usefixtures("faulty_bots")
def test_an_illegal_action_is_an_error_and_the_summary_still_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _run_cli(capsys, "capone", "--games", "2", "--bots", "test-illegal,random")
    assert status == 0
    assert "0 of 2 games completed" in out
    assert "illegal action" in err


def test_bad_settings_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in [
        (["capone", "--games", "0"], "--games"),
        (["capone", "--workers", "0"], "--workers"),
        (["capone", "--bots", "greedy,nosuch"], "no bot 'nosuch'"),
        (["capone", "--bots", "greedy,"], "--bots"),
        (["capone", "--players", "9"], "players=9"),
        (["nosuch"], "unknown variant"),
    ]:
        status, _out, err = _run_cli(capsys, *args)
        assert status == 2, args
        assert message in err and len(err.strip().splitlines()) == 1, err
        assert "Traceback" not in err


def test_setup_errors_raise_option_error() -> None:
    with pytest.raises(OptionError):
        simulate(Setup("capone", {}, ("random",)), 0)


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)


@pytest.mark.parametrize("variant", variant_names())
def test_every_registered_variant_simulates(variant: str) -> None:
    setup = Setup(variant, {"players": 2}, ("random", "random"), seed=42)
    data = simulate(setup, 2).to_json()
    assert data["errors"] == 0, data["error_messages"]
    assert data["completed"] == 2
    assert sum(data["wins"].values()) == 2


def test_the_playout_benchmark_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    benchmark: Callable[[str], ModuleType]) -> None:
    """A smoke run of benchmarks/playout.py (figures are not asserted: no timing in tests)."""
    module = benchmark("playout")
    out = tmp_path / "bench.json"
    assert module.main(["--seconds", "0.05", "--games", "2", "--variants", "capone",
                        "--rounds", "2", "--simulate-games", "2", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [(r["variant"], r["players"]) for r in data["rows"]] == [("capone", 2), ("capone", 4)]
    for row in data["rows"]:
        assert row["fast"]["decisions_per_s"] > 0 and row["checked"]["decisions_per_s"] > 0
        fast = row["fast"]
        assert len(fast["rounds"]) == 2 and fast["low"] <= fast["median"] <= fast["high"]
        assert row["greedy"]["errors"] == 0 and row["greedy"]["hands_per_game"] >= 1
        assert row["greedy"]["decisions_per_s"] > 0
    assert data["simulate_process"]["simulate"]["median"] > 0
    assert data["verify_startup"]["verify_s"]["median"] > 0
    assert "capone" in capsys.readouterr().out


def test_the_progress_bar_goes_to_a_terminal_on_stderr_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, out, err = _run_cli(capsys, "capone", "--games", "3", "--bots", "greedy,random")
    assert status == 0
    assert "3/3" in err and "3/3" not in out  # the bar's count, on stderr
    assert "greedy" in out and "hands per game" in out
    status, out, err = _run_cli(capsys, "capone", "--games", "3", "--bots", "greedy,random",
                                "--json")
    assert err == "" and json.loads(out)["games"] == 3  # --json: never a bar


def test_simulate_and_verify_import_only_what_they_use(tmp_path: Path) -> None:
    """Start-up: no rich, no process pool and no other variant for a plain run."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from tablerummy.cli import main\n"
        f"main(['simulate', 'capone', '--games', '2', '--bots', 'random,random', '--json',"
        f" '--save', {str(tmp_path)!r}])\n"
        f"main(['verify', {str(tmp_path / 'game-00000.json')!r}])\n"
        "loaded = [m for m in sys.modules if m.startswith(('rich', 'concurrent.futures',"
        " 'tablerummy.oklahoma', 'tablerummy.ripper', 'tomllib'))]\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert "LOADED []" in done.stderr, done.stderr
    record = (tmp_path / "game-00000.json").read_text(encoding="utf-8")
    assert record.count("\n") == 1  # compact: one line
    assert json.loads(record)["variant"] == "capone"
