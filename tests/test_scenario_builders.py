"""The scenario builders write exactly the committed scenario records.

Every ``tests/scenarios/<variant>/build.py`` is a hand-run script that writes its variant's
records (``NAME.json``) and expectations (``NAME.expected``) from values worked out by hand.
A record edited without its builder, or a builder changed without being run, would make
the next run of the builder quietly undo or redo someone's change.  So each builder runs
here on a copy of ``tests/scenarios`` (with this interpreter and this checkout's
``src``), and the copy must come out byte for byte the same as the committed tree.

The builders that have a ``--check`` mode (the Oklahoma family's, ``okbuild.py``) run
with it, as their ``RULES.md`` says, and must report no disagreement with the engine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
BUILDERS = sorted(SCENARIOS.glob("*/build.py"))
SKIPPED = "__pycache__"
DISAGREE = re.compile(r"(\d+) disagree with the engine")


def _files(tree: Path) -> dict[str, bytes]:
    """Every file under ``tree`` (``__pycache__`` left out), by path relative to it."""
    return {path.relative_to(tree).as_posix(): path.read_bytes()
            for path in sorted(tree.rglob("*"))
            if path.is_file() and SKIPPED not in path.relative_to(tree).parts}


def _differences(committed: Path, built: Path) -> list[str]:
    """What differs between the two trees, one line a file."""
    before, after = _files(committed), _files(built)
    lines = [f"changed: {name}" for name in sorted(before.keys() & after.keys())
             if before[name] != after[name]]
    lines += [f"removed by the builder: {name}" for name in sorted(before.keys() - after.keys())]
    lines += [f"written by the builder, not committed: {name}"
              for name in sorted(after.keys() - before.keys())]
    return lines


def _run(builder: Path) -> subprocess.CompletedProcess[str]:
    """The builder, run as by hand: ``python build.py`` (``--check`` if it has one)."""
    args = ["--check"] if "--check" in builder.read_text(encoding="utf-8") else []
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])
    return subprocess.run([sys.executable, str(builder), *args], cwd=builder.parent.parent,
                          env=env, capture_output=True, text=True, check=False, timeout=120)


def test_every_variant_has_a_builder() -> None:
    variants = {p.parent.name for p in SCENARIOS.glob("*/*.json")}
    assert variants, "no scenario records found"
    assert variants == {b.parent.name for b in BUILDERS}


@pytest.mark.parametrize("builder", BUILDERS, ids=lambda p: p.parent.name)
def test_builder_writes_the_committed_records(builder: Path, tmp_path: Path) -> None:
    variant = builder.parent.name
    copy = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, copy, ignore=shutil.ignore_patterns(SKIPPED))

    done = _run(copy / variant / "build.py")

    assert done.returncode == 0, f"{variant}/build.py failed:\n{done.stdout}{done.stderr}"
    differences = _differences(SCENARIOS, copy)
    assert not differences, (
        f"{variant}/build.py does not write the committed records "
        f"({len(differences)} files differ; run it and compare, or update the builder):\n"
        + "\n".join(differences))
    disagreements = DISAGREE.search(done.stdout)
    assert disagreements is None or disagreements.group(1) == "0", (
        f"{variant}/build.py --check: the engine disagrees:\n{done.stdout}")
