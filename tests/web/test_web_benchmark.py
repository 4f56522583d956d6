"""The web benchmark's own arithmetic, and a short run of it against a real server.

Its figures are not asserted (no timing in tests); what is checked is that it plays,
counts what it measured, and summarises rounds as medians with their ranges.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@functools.cache
def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_load_benchmark", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _result(p99: float, moves_per_s: float, errors: int = 0) -> dict[str, Any]:
    figures = dict.fromkeys(_module().SUMMED, 1.0)
    return dict(figures, processes=2, seats="spread", tables=1000, think_s=3.0,
                p99_ms=p99, moves_per_s=moves_per_s, errors=errors,
                database_cpu_share=float("nan"))


def test_rounds_are_summarised_as_medians_with_their_ranges() -> None:
    bench = _module()
    rows = [_result(21.0, 310.0), _result(53.0, 320.0, errors=1), _result(14.0, 315.0)]
    other = dict(_result(9.0, 60.0), tables=200)
    merged = bench.summary([rows[0], other, rows[1], rows[2]])
    assert len(merged) == 2
    big = next(r for r in merged if r["tables"] == 1000)
    assert big["rounds"] == 3 and big["errors"] == 1
    assert big["p99_ms"] == 21.0 and big["p99_ms_range"] == [14.0, 53.0]
    assert big["moves_per_s"] == 315.0
    assert "database_cpu_share_range" not in big  # not measured: no range made up
    assert bench._span([1325.5, 1518.5]) == "1326-1518"
    assert bench._span([2.7, 3.32]) == "2.7-3.32"


@pytest.mark.slow
def test_a_short_run_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _module()
    bench.main(["--tables", "3", "--seconds", "2", "--warmup", "1", "--think", "0.1",
                "--rounds", "2", "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rounds = [r for r in lines if not r.get("summary")]
    assert [r["round"] for r in rounds] == [1, 2]
    assert all(r["moves"] > 0 and r["errors"] == 0 for r in rounds)
    assert all(r["p50_ms"] <= r["p99_ms"] <= r["p999_ms"] <= r["max_ms"] for r in rounds)
    (summary,) = [r for r in lines if r.get("summary")]
    assert summary["rounds"] == 2
    low, high = summary["moves_per_s_range"]
    assert low <= summary["moves_per_s"] <= high
