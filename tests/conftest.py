"""Shared test helpers: where the shared contract's examples live."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_examples() -> Path:
    path = SHARED / "examples"
    if not path.is_dir():
        pytest.skip("../shared/examples is not beside this checkout")
    return path
