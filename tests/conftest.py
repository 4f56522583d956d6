"""Shared test helpers: where the shared contract's examples live, and the benchmarks
loaded as modules."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_examples() -> Path:
    path = SHARED / "examples"
    if not path.is_dir():
        pytest.skip("../shared/examples is not beside this checkout")
    return path


@pytest.fixture
def benchmark(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """``benchmark("rows")`` loads ``benchmarks/rows.py`` as a module, registered in
    ``sys.modules`` while the test runs (its dataclasses look their module up)."""

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(f"{name}_benchmark",
                                                      ROOT / "benchmarks" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, spec.name, module)
        spec.loader.exec_module(module)
        return module

    return load


# CI replays the same Hypothesis examples every run (no flaky red builds from a new
# random draw); locally the search stays random so that it keeps finding new cases.
if os.environ.get("CI"):
    settings.register_profile("ci", derandomize=True, deadline=None)
    settings.load_profile("ci")
