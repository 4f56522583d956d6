"""Issue 28's accuracy check, read from its committed journal: over 50 analysed games of
the strongest bot against ``greedy``, the analysis ranks greedy's play as worse.

The games take hours of CPU (``benchmarks/coach.py ranking``), so the suite reads what
that run wrote, with the benchmark's own summary; a journal cut short, or a change of
judge that stops telling the two players apart, fails here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def test_the_analysis_ranks_greedy_worse_over_50_games(
        benchmark: Callable[[str], ModuleType]) -> None:
    coach = benchmark("coach")
    journal = ROOT / "benchmarks" / "journals" / "coach-ranking-ismcts1500.jsonl"
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == list(range(50))
    judge = (coach.RANKING_BUDGET.iterations, coach.RANKING_BUDGET.playouts, coach.RANKING_TOP)
    assert {tuple(r["budget"]) for r in rows} == {judge}  # one judge, the benchmark's own
    out = coach.summary(rows)
    for key in ("point_loss", "win_loss"):
        mean, low, _high = out[f"difference_{key}"]
        assert low > 0, f"greedy's {key} is not told from the strongest bot's: {mean}"
    assert out["games_greedy_worse_point_loss"] > 40
