"""benchmarks/compiled.py: the mypyc-compiled copy that long runs may use plays the very
games the source plays, and is compiled where it says."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.mark.slow
def test_the_compiled_copy_plays_the_sources_games(
        tmp_path: Path, benchmark: Callable[[str], ModuleType]) -> None:
    compiled = benchmark("compiled")
    into = compiled.build(tmp_path / "compiled")
    for name in ("capone", "ripper", "arlington-heights"):  # a table of every family
        plain = compiled._played(compiled.SOURCE, name, {}, 1, 30)
        fast = compiled._played(into, name, {}, 1, 30)
        assert plain["compiled"] == [] and fast["compiled"] == list(compiled.MODULES)
        assert fast["digest"] == plain["digest"], name
