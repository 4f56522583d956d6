"""Scenario records of every variant, replayed through ``verify`` and checked.

Layout (see the scenario format notes): ``tests/scenarios/<variant>/NAME.json`` is a game
record (SPEC ``tablerummy/1``) plus a ``"rule"`` naming the rule it tests and its source;
``NAME.expected`` holds the keys ``tablerummy verify NAME.json --reveal`` must print, with
exactly these values, except:

- ``"state"`` may be partial: only the sub-keys given are compared;
- ``"error_contains"``: a substring of ``"error"`` (for a record whose last action is
  illegal), or — for a record that cannot be replayed at all (``"exit": 2``) — of the
  one line printed on stderr;
- ``"exit"``: the expected exit status (default 0 when ``ok`` is true, else 1);
- in ``"hands"``, a hand without ``"breakdown"`` leaves its breakdown unchecked here (the
  conformance run checks every breakdown adds up to the scores); the scenarios that pin
  the words and numbers of the scoring give it in full.

Records with ``"exit": 2`` always run through the real ``tablerummy verify`` command;
the others run in-process, and a fixed sample of them also through the command.

``RULES.md`` in each variant directory is the checklist of the rulebook; it names the
scenario files that test each rule as backticked file names (```deal-2p.json```).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablerummy.records import load_json
from tablerummy.verify import verify

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
RECORDS = sorted(SCENARIOS.glob("*/*.json"))
VARIANT_DIRS = sorted({r.parent for r in RECORDS})
ERROR_KEYS = {"ok", "hand", "index", "action", "error"}
SPECIAL = {"error_contains", "exit", "state"}
CLI_SAMPLE_EVERY = 8
"""Every 8th replayable record (sorted by path) also goes through the real command."""


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _expected(record: Path) -> dict[str, Any]:
    path = record.with_suffix(".expected")
    assert path.is_file(), f"{_id(record)} has no .expected file"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name} must hold a JSON object"
    return data


def _command() -> list[str]:
    """The installed ``tablerummy`` script beside this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("tablerummy")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "tablerummy"]


def _run_command(record: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_command(), "verify", str(record), "--reveal"],
                          capture_output=True, text=True, check=False, timeout=120)


def _exit_of(expected: dict[str, Any]) -> int:
    if "exit" in expected:
        return int(expected["exit"])
    return 0 if expected.get("ok", True) else 1


def _check(name: str, out: dict[str, Any], status: int, expected: dict[str, Any]) -> None:
    assert status == _exit_of(expected), f"{name}: exit {status}, output {out}"
    if out.get("ok") is False:
        assert set(out) == ERROR_KEYS, f"{name}: an error report holds exactly {ERROR_KEYS}"
        assert isinstance(out["error"], str) and out["error"], name
    for key, want in expected.items():
        if key in SPECIAL:
            continue
        assert key in out, f"{name}: verify printed no {key!r}"
        got = _unpinned_breakdowns_dropped(out[key], want) if key == "hands" else out[key]
        assert got == want, f"{name}: {key} is {out[key]!r}, expected {want!r}"
    if "error_contains" in expected:
        assert expected["error_contains"] in out.get("error", ""), (
            f"{name}: error {out.get('error')!r} lacks {expected['error_contains']!r}")
    if "state" in expected:
        assert "state" in out, f"{name}: no state printed"
        for key, want in expected["state"].items():
            assert key in out["state"], f"{name}: state has no {key!r}"
            assert out["state"][key] == want, (
                f"{name}: state.{key} is {out['state'][key]!r}, expected {want!r}")


def _unpinned_breakdowns_dropped(hands: Any, want: Any) -> Any:
    """``hands`` without the breakdowns that the expected hands do not give."""
    if not isinstance(hands, list) or not isinstance(want, list) or len(hands) != len(want):
        return hands
    return [
        {k: v for k, v in got.items() if k != "breakdown" or "breakdown" in exp}
        if isinstance(got, dict) and isinstance(exp, dict) else got
        for got, exp in zip(hands, want, strict=True)
    ]


def _refused_whole(record: Path) -> bool:
    """Whether the record expects exit 2 (read at collection: a bad file fails its test)."""
    try:
        return _exit_of(_expected(record)) == 2
    except (AssertionError, ValueError, TypeError):
        return False


def _replayable() -> list[Path]:
    return [r for r in RECORDS if not _refused_whole(r)]


def _broken() -> list[Path]:
    return [r for r in RECORDS if _refused_whole(r)]


@pytest.mark.parametrize("record", _replayable(), ids=_id)
def test_scenario_verifies_as_expected(record: Path) -> None:
    out, status = verify(load_json(record), reveal=True)
    _check(_id(record), out, status, _expected(record))


@pytest.mark.parametrize("record", _replayable()[::CLI_SAMPLE_EVERY], ids=_id)
def test_scenario_through_the_command(record: Path) -> None:
    run = _run_command(record)
    assert run.stderr == "", f"{_id(record)}: stderr {run.stderr!r}"
    _check(_id(record), json.loads(run.stdout), run.returncode, _expected(record))


def _check_broken(name: str, run: subprocess.CompletedProcess[str], contains: str) -> None:
    assert run.returncode == 2, f"{name}: exit {run.returncode}, stdout {run.stdout!r}"
    assert run.stdout == "", f"{name}: printed {run.stdout!r}"
    lines = run.stderr.splitlines()
    assert len(lines) == 1, f"{name}: stderr is not one line: {run.stderr!r}"
    assert "Traceback" not in run.stderr
    assert contains in lines[0], f"{name}: {lines[0]!r} lacks {contains!r}"


@pytest.mark.parametrize("record", _broken(), ids=_id)
def test_broken_record_is_refused_in_one_line(record: Path) -> None:
    expected = _expected(record)
    _check_broken(_id(record), _run_command(record), expected.get("error_contains", ""))


@pytest.mark.parametrize("text,contains", [
    ('{"format": "tablerummy/1", "variant": "capone", "hands": [', "is not JSON"),
    ("[1, 2, 3]", "a game record is a JSON object"),
    ("", "is not JSON"),
])
def test_unreadable_record_is_refused_in_one_line(tmp_path: Path, text: str,
                                                  contains: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    _check_broken("unreadable", _run_command(path), contains)


def test_missing_record_file_is_refused_in_one_line(tmp_path: Path) -> None:
    _check_broken("missing", _run_command(tmp_path / "nothing.json"), "cannot read")


# --- the RULES.md checklists -----------------------------------------------------------

_NAMED = re.compile(r"`([A-Za-z0-9_.-]+\.json)`")
_SOURCES = ("rulebook", ".md", "decision")
"""A rule cites a rulebook (by its name), a page of docs/ or one of the project's decisions."""


def test_there_are_scenarios() -> None:
    assert RECORDS, "no scenario records found"


@pytest.mark.parametrize("variant_dir", VARIANT_DIRS, ids=lambda p: p.name)
def test_rules_checklist_names_existing_scenarios(variant_dir: Path) -> None:
    rules = variant_dir / "RULES.md"
    assert rules.is_file(), f"{variant_dir.name} has no RULES.md checklist"
    named = set(_NAMED.findall(rules.read_text(encoding="utf-8")))
    assert named, f"{variant_dir.name}/RULES.md names no scenario"
    missing = sorted(n for n in named if not (variant_dir / n).is_file())
    assert not missing, f"{variant_dir.name}/RULES.md names missing scenarios: {missing}"


@pytest.mark.parametrize("record", RECORDS, ids=_id)
def test_scenario_names_its_rule(record: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    rule = data.get("rule") if isinstance(data, dict) else None
    assert isinstance(rule, str) and rule.strip(), f"{_id(record)} has no \"rule\""
    assert any(s in rule for s in _SOURCES), (
        f"{_id(record)}: the rule should name its source (a rulebook, decision, records.md "
        f"or 'decision'): {rule!r}")
