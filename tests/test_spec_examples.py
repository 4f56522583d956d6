"""The shared contract's example records verify exactly as their .expected files say."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_shared_examples_verify_as_expected(shared_examples: Path) -> None:
    records = sorted(shared_examples.glob("*.json"))
    assert records
    for record in records:
        expected = json.loads(record.with_suffix(".expected").read_text())
        run = subprocess.run(
            [sys.executable, "-m", "tablerummy", "verify", str(record)],
            capture_output=True, text=True, check=False,
        )
        out = json.loads(run.stdout)
        for key, value in expected.items():
            assert out[key] == value, (record.name, key)
