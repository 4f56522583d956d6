"""Installing the toy family (``tests/toyrummy``) for a test, as a distribution would be.

A real install into a temporary venv takes too long for the suite, so the fixture does
what pip's install leaves behind that ``importlib.metadata`` reads: the package's
directory on the path and beside it a ``toyrummy-0.1.dist-info`` with ``METADATA`` and
``entry_points.txt`` (the entry points copied from ``tests/toyrummy/pyproject.toml``).
tablerummy then finds the ``toy`` variant through the ``tablerummy.variants`` entry
points exactly as for an installed package; subprocesses get the same two directories
on ``PYTHONPATH``.
"""

from __future__ import annotations

import importlib
import os
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TOY = Path(__file__).resolve().parent / "toyrummy"
SOURCE = TOY / "src"


def write_dist_info(where: Path) -> Path:
    """``toyrummy-VERSION.dist-info`` in ``where``, from the toy's ``pyproject.toml``."""
    project = tomllib.loads((TOY / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = where / f"{project['name']}-{project['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
        encoding="utf-8")
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines.extend(f"{name} = {value}" for name, value in entries.items())
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return info


def pythonpath(where: Path) -> str:
    """``PYTHONPATH`` for a subprocess that sees the toy installed (and what it had)."""
    parts = [str(SOURCE), str(where), *filter(None, [os.environ.get("PYTHONPATH")])]
    return os.pathsep.join(parts)


@contextmanager
def installed(where: Path) -> Iterator[str]:
    """The toy family installed in this process while the block runs; yields the
    ``PYTHONPATH`` for subprocesses.  Removed afterwards, so that the other tests see
    tablerummy's own variants only."""
    from tablerummy import registry

    write_dist_info(where)
    added = [str(SOURCE), str(where)]
    sys.path[:0] = added
    importlib.invalidate_caches()
    stale = sys.modules.get("toyrummy")
    if stale is not None and getattr(stale, "__file__", None) is None:
        del sys.modules["toyrummy"]  # tests/toyrummy, imported as a namespace package
    registry.reload()
    try:
        yield pythonpath(where)
    finally:
        for entry in added:
            sys.path.remove(entry)
        importlib.invalidate_caches()
        registry.reload()
