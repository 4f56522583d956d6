"""The README's, the API page's and the lab page's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablerummy import Game, get_variant

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "docs" / "api.md", ROOT / "docs" / "lab.md"]


def _blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_python_examples_run(path: Path) -> None:
    blocks = _blocks(path)
    assert blocks, f"{path.name} has no python examples"
    namespace: dict[str, object] = {
        "record": Game(get_variant("capone"), seed=3).to_record(),
    }
    for block in blocks:
        exec(compile(block, str(path), "exec"), namespace)
