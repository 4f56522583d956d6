"""benchmarks/rows.py, the journals of issue 29's long rows: status and the paired
comparison read what the journals hold, and nothing is played by them."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from tablerummy.tournament import tournament


def test_status_and_compare_read_the_journals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str],
                                              benchmark: Callable[[str], ModuleType]) -> None:
    rows = benchmark("rows")
    monkeypatch.setattr(rows, "JOURNALS", tmp_path)
    one = rows.Row("one", "capone", ("greedy", "random"))
    two = rows.Row("two", "capone", ("random", "greedy"))
    for row, deals in ((one, 3), (two, 2)):
        tournament(row.setup(), deals, 1, journal=row.journal)
    standings = rows.status((one, two))
    assert [s["games"] for s in standings] == [6, 4] and standings[0]["of"] == 400
    capsys.readouterr()
    out = rows.compare(one, two)
    assert json.loads(capsys.readouterr().out) == out
    assert out["games"] == 4  # the games both hold: two deals, both seatings
    assert 0 <= out["first"] <= 1 and 0 <= out["second"] <= 1
    low, high = out["interval"]
    assert low <= out["difference"] <= high
    assert out["difference"] == pytest.approx(out["first"] - out["second"])


def test_a_lab_run_keeps_its_journal_and_is_done_with_its_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        benchmark: Callable[[str], ModuleType]) -> None:
    pytest.importorskip("matplotlib")
    rows = benchmark("rows")
    monkeypatch.setattr(rows, "JOURNALS", tmp_path / "benchmarks" / "journals")
    lab = rows.LabRun("tiny-shape", ("shape", "capone", "--bots", "greedy", "--games", "2",
                                     "--seed", "0"))
    assert rows.lab_status(lab) == {"lab": "tiny-shape", "games_kept": 0, "done": False,
                                    "hours": 0.0}
    rows.run((), 1, None, (lab,))
    report = tmp_path / "docs" / "lab" / "tiny-shape"
    assert (report / "index.html").exists()
    # the command the report prints to reproduce it names no path of this checkout
    command = json.loads((report / "data.json").read_text())["command"]
    assert command.endswith("--report docs/lab/tiny-shape") and str(tmp_path) not in command
    status = rows.lab_status(lab)
    assert (status["games_kept"], status["done"]) == (2, True)
    [span] = [json.loads(line) for line in rows.times_file().read_text().splitlines()]
    assert span["step"] == "tiny-shape" and span["games"] == [0, 2] and span["finished"]
    assert span["workers"] == 1 and isinstance(span["compiled"], bool) and span["seconds"] >= 0
    rows.run((), 1, None, (lab,))  # done: nothing played, nothing noted
    assert len(rows.times_file().read_text().splitlines()) == 1


def test_a_lab_run_plays_at_the_players_its_name_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        benchmark: Callable[[str], ModuleType]) -> None:
    """Three bots left to ``lab spread``'s default play at three seats: the run's players
    reach the command, so a 2-player spread is one on the skill runs' deals."""
    pytest.importorskip("matplotlib")
    rows = benchmark("rows")
    for lab in rows.LAB_RUNS:
        assert f"-{lab.players}p-" in lab.name, lab.name
    monkeypatch.setattr(rows, "JOURNALS", tmp_path / "benchmarks" / "journals")
    lab = rows.LabRun("tiny-2p-spread", ("spread", "capone", "--population",
                                         "random,greedy,greedy", "--games", "1", "--seed",
                                         "0"))
    rows.run((), 1, None, (lab,))
    header = json.loads(lab.journal.read_text().splitlines()[0])
    report = json.loads((lab.report / "data.json").read_text())
    assert header["options"]["players"] == report["options"]["players"] == 2
    assert report["games"] == 6  # three bots, every ordered pair of two seats


def test_every_row_pins_what_a_change_of_the_defaults_would_alter(
        benchmark: Callable[[str], ModuleType]) -> None:
    """A journal holds the games of the bots its header names: a row whose spec left a
    changed default unnamed would, resumed, slip another player into its games."""
    from tablerummy.bots import parse_bot_name

    rows = benchmark("rows")
    assert len({r.name for r in rows.ROWS}) == len(rows.ROWS)
    pinned = {"iterations", "estimate", "prior", "tree"}
    for row in rows.ROWS:
        for spec in row.bots:
            name, options = parse_bot_name(spec)
            if name == "ismcts":
                assert pinned <= set(options), (row.name, spec)
    assert rows.CANDIDATE in {r.bots[0] for r in rows.ROWS if r.variant == "capone"}


def test_run_plays_the_first_rows_then_the_labs_then_the_last_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        benchmark: Callable[[str], ModuleType]) -> None:
    """The lab runs wait for the first rows, not for the last (the 2 s row and more points
    of the curve); a step whose time ran out ends the run."""
    rows = benchmark("rows")
    monkeypatch.setattr(rows, "JOURNALS", tmp_path)
    monkeypatch.setattr(rows, "_finished", lambda step: False)
    played: list[str] = []

    def play(step: object, workers: int, left: float | None) -> bool:
        played.append(step.name)  # type: ignore[attr-defined]
        return len(played) < 4

    monkeypatch.setattr(rows, "_play", play)
    last, first = rows.LAST_ROWS[0], rows.FIRST_ROWS[-1]
    rows.run((last, first), 2, None, rows.LAB_RUNS[:1])
    assert played == [first.name, rows.LAB_RUNS[0].name, last.name]
    played.clear()
    rows.run(rows.ROWS, 2, None, rows.LAB_RUNS)
    assert played == [r.name for r in rows.FIRST_ROWS[:4]]
    noted = [json.loads(line)["step"] for line in rows.times_file().read_text().splitlines()]
    assert noted == [first.name, rows.LAB_RUNS[0].name, last.name, *played]


def test_the_budget_table_shows_each_budget_played_or_not(
        capsys: pytest.CaptureFixture[str], benchmark: Callable[[str], ModuleType]) -> None:
    rows = benchmark("rows")
    point = {"line": "learned, prior=tree=0.3", "iterations": 1500, "cpu_s_a_move": 0.43,
             "games": 400, "win_rate": 0.775, "win_interval": [0.732, 0.813]}
    other = {**point, "line": "learned", "iterations": 300}  # not the default's line
    rows.budget_table([point, other])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[2:] == ["| 0.1 s | 300 | – | 0 | not yet played | – |",
                         "| 0.5 s | 1500 | 0.43 | 400 | 77.5% | 73.2% – 81.3% |",
                         "| 2 s | 7500 | – | 0 | not yet played | – |"]


def test_a_rows_command_plays_the_rows_own_games(
        benchmark: Callable[[str], ModuleType]) -> None:
    """``run`` plays a row by ``tablerummy tournament``: the setup that command makes (and
    writes in the journal's header) must be the row's, or resuming would refuse or, worse,
    slip other games into the row."""
    from tablerummy.cli import _parser
    from tablerummy.cli.simulate_cmd import _setup
    from tablerummy.simulate import Setup, check_setup

    rows = benchmark("rows")
    for row in rows.ROWS:
        command = row.command(2)
        assert command[1:4] == ["-m", "tablerummy", "tournament"]
        args = _parser().parse_args(command[3:])
        setup = _setup(args)
        variant = check_setup(setup, args.games, args.workers)
        made = Setup(setup.variant, dict(variant.options), setup.bots, setup.seed, setup.cards)
        assert made == row.setup(), row.name
        assert (args.games, args.journal) == (rows.DEALS, str(row.journal))


GROUP = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import signal, time; "
                          "signal.signal(signal.SIGINT, signal.SIG_IGN); time.sleep(600)"])
print(child.pid, file=open(sys.argv[1], "w"), flush=True)
time.sleep(600)
"""


def test_when_time_is_up_no_process_of_the_step_outlives_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        benchmark: Callable[[str], ModuleType]) -> None:
    """A step whose child ignores Ctrl-C and outlives its parent, as a tournament's pool
    worker can: when the step's time is up, the child is gone too."""
    rows = benchmark("rows")
    pid_file = tmp_path / "child.pid"

    class Step:
        name = "orphan-maker"
        journal = tmp_path / "none.jsonl"

        def command(self, workers: int) -> list[str]:
            return [sys.executable, "-c", GROUP, str(pid_file)]

    step = Step()
    monkeypatch.setattr(rows, "_kept", lambda step: 0)
    assert rows._play(step, 1, 3.0) is False
    child = int(pid_file.read_text())
    for _ in range(100):  # SIGKILL is sent: let the kernel finish it
        if not alive(child):
            break
        time.sleep(0.05)
    assert not alive(child)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead and not yet reaped, does not)."""
    try:
        return not Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except FileNotFoundError:
        return False


def test_the_budget_plots_labels_do_not_cover_each_other(
        benchmark: Callable[[str], ModuleType]) -> None:
    """Points of several lines at nearly the same cost: every label finds a spot of its own,
    inside the axes."""
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = benchmark("rows")
    fig = Figure(figsize=(6.4, 3.6), dpi=120, layout="constrained")
    ax = fig.add_subplot()
    labels: list[tuple[str, float, float, str]] = []
    for n, colour in enumerate(("C0", "C1", "C2")):
        xs, ys = [0.09, 0.43, 0.5, 0.53, 0.9], [58 + 4 * n, 76 + n, 70 + 3 * n, 76 - n, 79 + n]
        ax.plot(xs, ys, marker="o", color=colour, label=colour)
        labels += [(f"{1000 + n} it., 400 games", x, y, colour)
                   for x, y in zip(xs, ys, strict=True)]
    ax.set_xscale("log")
    ax.set_xlim(0.05, 1.6)
    ax.legend(loc="lower right")
    rows._place_labels(fig, ax, labels)
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    inside = ax.get_window_extent(renderer)
    boxes = [t.get_window_extent(renderer) for t in ax.texts]
    assert len(boxes) == len(labels)
    for i, box in enumerate(boxes):
        assert inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1)
        assert not any(box.overlaps(other) for other in boxes[i + 1:])


def test_the_budget_plots_labels_keep_off_the_lines_and_intervals(
        benchmark: Callable[[str], ModuleType]) -> None:
    """Where there is room, a label lies across neither a line nor an error bar: the first
    spot, just right of and above a point, would cross the rising line."""
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = benchmark("rows")
    fig = Figure(figsize=(6.4, 3.6), dpi=120, layout="constrained")
    ax = fig.add_subplot()
    xs, ys = [0.1, 0.12, 0.5], [50.0, 53.0, 90.0]
    ax.errorbar(xs, ys, yerr=[[6, 6, 6], [6, 6, 6]], marker="o", capsize=3, label="line")
    ax.set_xscale("log")
    ax.set_xlim(0.05, 1.0)
    ax.set_ylim(30, 100)
    ax.legend(loc="lower right")
    rows._place_labels(fig, ax, [(f"{n} it., 400 games", x, y, "C0")
                                 for n, x, y in zip((300, 400, 1500), xs, ys, strict=True)])
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    drawn = [ax.transData.transform_path(path) for path in
             (*(line.get_path() for line in ax.lines if line.get_linestyle() != "None"),
              *(path for bars in ax.collections for path in bars.get_paths()))]
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        assert not any(path.intersects_bbox(box, filled=False) for path in drawn), \
            text.get_text()
