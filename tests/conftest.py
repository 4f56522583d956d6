"""Shared test helpers: where the shared contract's examples live."""

from __future__ import annotations

import os
from pathlib import Path

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


# CI replays the same Hypothesis examples every run (no flaky red builds from a new
# random draw); locally the search stays random so that it keeps finding new cases.
if os.environ.get("CI"):
    settings.register_profile("ci", derandomize=True, deadline=None)
    settings.load_profile("ci")
