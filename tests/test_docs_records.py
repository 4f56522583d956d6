"""docs/records.md runs as written: each record block verifies to the block after it.

The page pairs a ```json record block with the next ```json verify block; every key the
page shows must be printed by ``verify`` with exactly that value (as the shared examples'
``.expected`` files work), and the exit status must match ``ok``.  The error lines the page
quotes are produced by the real command.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablerummy.verify import verify

PAGE = Path(__file__).resolve().parent.parent / "docs" / "records.md"


def _pairs() -> list[tuple[Any, dict[str, Any]]]:
    blocks = re.findall(r"```json (record|verify)\n(.*?)```", PAGE.read_text("utf-8"), re.S)
    pairs = []
    for (kind, text), (next_kind, next_text) in itertools.pairwise(blocks):
        if kind == "record" and next_kind == "verify":
            pairs.append((json.loads(text), json.loads(next_text)))
    return pairs


def test_the_page_has_examples() -> None:
    assert len(_pairs()) >= 2


@pytest.mark.parametrize("index", range(2))
def test_record_verifies_as_shown(index: int) -> None:
    record, shown = _pairs()[index]
    out, status = verify(record)
    assert status == (0 if shown["ok"] else 1)
    for key, value in shown.items():
        assert out[key] == value, key


def test_quoted_error_lines_are_real(tmp_path: Path) -> None:
    quoted = re.search(r"```text\n(.*?)```", PAGE.read_text("utf-8"), re.S)
    assert quoted is not None
    records = {
        "the deck is not a permutation": {"variant": "capone", "hands": [
            {"deck": ["al-capone", "raid", "raid"]}]},
        "has no option": {"variant": "capone", "options": {"player": 2}},
    }
    lines = quoted.group(1).strip().splitlines()
    for needle, record in records.items():
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record), "utf-8")
        run = subprocess.run([sys.executable, "-m", "tablerummy", "verify", str(path)],
                             capture_output=True, text=True, check=False)
        assert run.returncode == 2
        assert run.stdout == ""
        [line] = run.stderr.splitlines()
        assert line in lines, (needle, line)
    path = tmp_path / "game.json"
    path.write_text("x", "utf-8")
    run = subprocess.run([sys.executable, "-m", "tablerummy", "verify", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr.strip().replace(str(path), "game.json") in lines
