"""The repository's documents stand on their own: no link or mention leads outside it.

A user has a clone of this repository and nothing else, so every Markdown link must lead
to a file inside it, no text may send the reader to the rulebook files or the contract
files the project was built from (their words are in docs/ now), and the docs index lists
every page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache",
             ".pytest_cache", ".hypothesis", "build", "dist"}
TEXT = {".md", ".py", ".json", ".js", ".html", ".css", ".toml", ".txt", ".cfg", ".expected"}
OUTSIDE = re.compile(
    r"shared/|card-data\.md|SPEC\.md|DESIGN\.md|DEVELOPERS\.md"
    r"|al-capone\.txt|jack-the-ripper\.txt|oklahoma-family\.txt"
)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _files() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in
               path.relative_to(ROOT).parts):
            continue
        if path.is_file() and (path.suffix in TEXT or path.name == "Makefile"):
            found.append(path)
    return found


def _documents() -> list[Path]:
    """What a reader reads: every Markdown page, the package's docstrings, the scenario
    records and rule checklists, the benchmarks and examples."""
    read = ("src", "benchmarks", "examples", "tests/scenarios", "tests/conformance")
    return [p for p in _files() if p.suffix == ".md"
            or str(p.relative_to(ROOT)).startswith(read)]


def test_no_text_points_outside_the_repository() -> None:
    offenders = []
    for path in _documents():
        for number, line in enumerate(path.read_text("utf-8", "replace").splitlines(), 1):
            match = OUTSIDE.search(line)
            if match:
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not offenders, "\n".join(offenders[:40])


@pytest.mark.parametrize("page", sorted(p for p in _files() if p.suffix == ".md"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_links_stay_inside(page: Path) -> None:
    for target in LINK.findall(page.read_text("utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        resolved = (page.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{target} leaves the repository"
        assert resolved.exists(), f"{target} does not exist"


def test_the_docs_index_lists_every_page() -> None:
    index = (ROOT / "docs" / "README.md").read_text("utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/README.md does not link {page.name}"
