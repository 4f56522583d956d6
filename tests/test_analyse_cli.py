"""``tablerummy analyse`` as a user runs it: JSON, text, and bad input in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_cli_bad_input import one_line, refused, run
from test_coach import greedy_game

FAST = ("--iterations", "5", "--playouts", "1")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analyse") / "game.json"
    path.write_text(json.dumps(greedy_game("capone", 4, 8).to_record()))
    return path


def test_json_prints_the_analysis(record: Path) -> None:
    proc = run("analyse", str(record), "--seat", "p1", "--json", *FAST)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    data = json.loads(proc.stdout)
    assert data["seats"] == [1]
    assert data["moves"] and {m["seat"] for m in data["moves"]} == {1}
    assert {"mistakes", "chart"} <= set(data)
    again = run("analyse", str(record), "--seat", "1", "--json", *FAST)
    assert json.loads(again.stdout) == data  # --iterations: reproducible


def test_text_shows_mistakes_a_chart_and_every_decision(record: Path) -> None:
    proc = run("analyse", str(record), *FAST)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Analysis of a capone game (unfinished)" in out
    assert "p0:" in out and "p1:" in out
    assert "win chance, hand by hand" in out and "hand  1" in out
    assert any(c in out for c in "▁▂▃▄▅▆▇█")
    assert "Every decision" in out and "hindsight" in out
    flat = " ".join(out.split())  # a line may wrap a sentence
    assert re.search(r"1\. hand 1, move \d+: played [A-Z][^;]+; better: [A-Z]", flat) \
        or "no mistake found" in flat


def test_bad_input_is_one_line(record: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "not JSON" in refused("analyse", str(bad))
    assert "no seat p5" in refused("analyse", str(record), "--seat", "5", *FAST)
    assert "--seat" in refused("analyse", str(record), "--seat", "١", *FAST)
    assert "not a whole number" in refused("analyse", str(record), "--iterations", "٣")
    assert "seconds" in refused("analyse", str(record), "--seconds", "²")
    assert "seconds" in refused("analyse", str(record), "--seconds", "0")
    assert "not allowed with" in refused("analyse", str(record), "--seconds", "1",
                                         "--iterations", "3")
    assert "no such file" in refused("analyse", str(tmp_path / "none.json")).lower()
    data = json.loads(record.read_text())
    data["hands"][0]["actions"].append("meld x y z")
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data))
    proc = run("analyse", str(illegal), *FAST)
    assert "hand 0, action 8" in one_line(proc, 1) and proc.stdout == ""


def test_a_terminal_sees_a_progress_bar_then_the_analysis(record: Path, tmp_path: Path) -> None:
    from pty_terminal import PtyTerminal

    term = PtyTerminal(["analyse", str(record), "--seat", "0", *FAST], tmp_path, 80, 24)
    try:
        term.wait_until(lambda: term.proc.poll() is not None, guard=120)  # reading meanwhile
        term.settle(quiet=0.3)
        assert term.proc.wait(timeout=30) == 0
    finally:
        term.close()
    raw = term.raw.decode("utf-8", "replace")
    assert "analysing" in raw and "decisions" in raw  # the bar, counting decisions
    assert "Every decision" in term.text() + "\n".join(term.history())
    assert "Traceback" not in raw
