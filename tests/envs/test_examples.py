"""The RL examples and docs/rl.md's code run as written (short runs)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rl_page_examples_run() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    page = (ROOT / "docs" / "rl.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, "docs/rl.md", "exec"), {})


@pytest.mark.slow
def test_maskable_ppo_trains_a_few_thousand_steps() -> None:
    pytest.importorskip("sb3_contrib")
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "maskable_ppo.py"), "--steps", "2048",
         "--eval-hands", "5"], capture_output=True, text=True, check=False, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    assert re.search(r"MaskablePPO [+-]\d\.\d{3}, random [+-]\d\.\d{3}", run.stdout)


@pytest.mark.slow
def test_openspiel_ismcts_plays_against_greedy() -> None:
    pytest.importorskip("pyspiel")
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_ismcts.py"), "--hands", "2",
         "--simulations", "8"], capture_output=True, text=True, check=False, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "ISMCTS (OpenSpiel) minus greedy, per hand:" in run.stdout
