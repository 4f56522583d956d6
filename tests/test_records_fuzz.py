"""Game records under Hypothesis: ``verify`` gives a result or a ``RecordError``, never
another exception, and the real command turns every bad record into exit status 2
with one line on stderr and no traceback.

Records come three ways: any JSON at all, plausible records built from the format's
keys, and real records of random games with one to three mutations.
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conformance.positions import all_tables, legal_pool, vocabulary
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerummy.bots import get_bot
from tablerummy.errors import RecordError
from tablerummy.game import Game
from tablerummy.variant import get_variant, variant_names
from tablerummy.verify import verify

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BASE_STEPS = 100
"""Actions in a mutated base record: enough for a few turns, cheap to replay."""

# --- the records ------------------------------------------------------------------------

LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
)
ANY_JSON = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=16,
)


@cache
def _bases() -> tuple[dict[str, Any], ...]:
    """Real records: one finished game, and a started game of every table."""
    out = []
    capone = get_variant("capone", {"players": 2, "target": 40})
    game = Game(capone, seed=1)
    bots = [get_bot("random", capone, s, seed=s) for s in range(2)]
    while not game.game_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
    out.append(game.to_record())
    for index, (name, options) in enumerate(all_tables()):
        variant = get_variant(name, options)
        game = Game(variant, seed=index)
        bots = [get_bot("random", variant, s, seed=s) for s in range(variant.players)]
        for _ in range(BASE_STEPS):
            seat = game.to_act
            if seat is None:
                break
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions()))
        out.append(game.to_record())
    return tuple(json.loads(json.dumps(r)) for r in out)


@cache
def _words() -> tuple[str, ...]:
    """Action texts and their words, card ids, variant and option names."""
    words: set[str] = set(variant_names())
    for name, options in all_tables():
        variant = get_variant(name, options)
        pool = legal_pool(variant, range(1), 150)
        words.update(variant.action_text(a) for a in pool)
        words.update(vocabulary(variant, pool))
        words.update(variant.options)
    return tuple(sorted(words))


EDGES: list[Any] = [
    0, 1, 2, 3, 4, 5, -1, 8, 200, 10**12, 10**30, -(2**63), "2", "4", " 4 ", "true", "false",
    "TRUE", True, False, "", " ", "\x00", "tablerummy/1", None, [], {}, [[]], {"": None},
    math.nan, math.inf, 1e308, -0.0, 2.0, 2.5,
]
PLAUSIBLE = st.deferred(lambda: st.one_of(
    ANY_JSON,
    st.sampled_from(_words()),
    # a copy of each edge: the lists and dicts among them would otherwise be the same
    # objects in every example, grown by one example's mutations (state outside the
    # strategy, which hypothesis reports as flaky) or even put inside themselves
    st.sampled_from(EDGES).map(copy.deepcopy),
))
"""Values that are nearly right somewhere in a record."""


@st.composite
def plausible_records(draw: st.DrawFn) -> dict[str, Any]:
    """Objects with the record's keys and values that are nearly right."""
    record: dict[str, Any] = {}
    if draw(st.booleans()):
        record["format"] = draw(st.sampled_from(["tablerummy/1", "tablerummy/2"]) | ANY_JSON)
    if draw(st.integers(0, 9)):
        record["variant"] = draw(st.sampled_from([*variant_names(), "Capone", "poker"]))
    if draw(st.booleans()):
        keys = st.sampled_from(_words()) | st.text(max_size=6)
        record["options"] = draw(st.dictionaries(keys, PLAUSIBLE, max_size=3))
    for key in ("seed", "first_dealer"):
        if draw(st.booleans()):
            record[key] = draw(PLAUSIBLE)
    if draw(st.booleans()):
        hands = []
        for _ in range(draw(st.integers(0, 3))):
            hand: dict[str, Any] = {}
            name = record.get("variant")
            if draw(st.booleans()) and name in variant_names():
                hand["deck"] = draw(st.permutations(get_variant(name).deck()))
            elif draw(st.booleans()):
                hand["deck"] = draw(PLAUSIBLE)
            if draw(st.booleans()):
                hand["actions"] = draw(st.lists(st.sampled_from(_words()) | LEAVES, max_size=6))
            hands.append(hand)
        record["hands"] = hands
    if draw(st.booleans()):
        record[draw(st.text(max_size=6))] = draw(PLAUSIBLE)
    return record


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out += _paths(child, (*path, i))
    return out


def _mutate(draw: st.DrawFn, record: dict[str, Any]) -> None:
    """One change somewhere; the record's frame (options, hand keys) as often as the cards."""
    paths = _paths(record)[1:]
    frame = [p for p in paths if p[0] == "options" or len(p) < 3
             or (len(p) == 3 and p[2] not in ("deck", "actions"))]
    # (never an empty sampled_from: a record mutated down to nothing would make the
    # strategy's shape depend on the data, which hypothesis reports as flaky)
    pools = [st.sampled_from(p) for p in (frame, paths) if p]
    if not pools:
        return
    path = draw(st.one_of(pools), label="path")
    parent: Any = record
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    op = draw(st.sampled_from(["replace", "word", "delete", "duplicate", "swap", "truncate",
                               "nudge"]), label="op")
    if op == "replace":
        parent[key] = draw(PLAUSIBLE)
    elif op == "word":
        parent[key] = draw(st.sampled_from(_words()))
    elif op == "delete":
        del parent[key]
    elif op == "nudge":
        value = parent[key]
        if isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-100, -1, 1, 2, 10**6]))
        elif isinstance(value, str) and value:
            cut = draw(st.integers(0, len(value) - 1))
            parent[key] = value[:cut] + value[cut + 1:]
    elif isinstance(parent, list):
        other = draw(st.integers(0, len(parent) - 1))
        if op == "duplicate":
            parent.insert(other, copy.deepcopy(parent[key]))
        elif op == "swap":
            parent[key], parent[other] = parent[other], parent[key]
        else:
            del parent[key:]


@st.composite
def mutated_records(draw: st.DrawFn, variant: str | None = None) -> dict[str, Any]:
    bases = [b for b in _bases() if variant is None or b["variant"] == variant]
    record: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(bases), label="base"))
    for _ in range(draw(st.integers(1, 3))):
        _mutate(draw, record)
    return record


# --- the checks -------------------------------------------------------------------------

OK_KEYS = {"ok", "variant", "sides", "hands", "totals", "game_over", "winner", "to_act",
           "legal"}
FAIL_KEYS = {"ok", "hand", "index", "action", "error"}


def check_verify(data: Any, reveal: bool = False) -> tuple[dict[str, Any], int] | str:
    """``verify``'s result, checked for shape; or the RecordError's message."""
    before = copy.deepcopy(data)
    try:
        out, status = verify(data, reveal=reveal)
    except RecordError as err:
        message = str(err)
        assert message and "\n" not in message, repr(message)
        return message
    finally:
        assert _same(data, before), "verify changed the record it was given"
    json.dumps(out, allow_nan=False)
    if status == 0:
        assert out["ok"] is True
        assert set(out) == OK_KEYS | ({"state"} if reveal else set())
        assert (out["to_act"] is None) == (not out["legal"])
        assert not out["game_over"] or out["to_act"] is None
        assert out["legal"] == sorted(out["legal"])
    else:
        assert status == 1
        assert out["ok"] is False and set(out) == FAIL_KEYS
        assert isinstance(out["error"], str) and "\n" not in out["error"]
    return out, status


def _same(a: Any, b: Any) -> bool:
    """Equality that counts NaN equal to NaN (records may hold NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def test_bases_verify_cleanly() -> None:
    """The mutations start from records that are valid, so every failure is the mutation's."""
    bases = _bases()
    assert {b["variant"] for b in bases} == set(variant_names())
    for base in bases:
        result = check_verify(base)
        assert not isinstance(result, str) and result[1] == 0, result


@FUZZ
@given(data=ANY_JSON, reveal=st.booleans())
def test_any_json(data: Any, reveal: bool) -> None:
    check_verify(data, reveal)


@FUZZ
@given(data=plausible_records(), reveal=st.booleans())
def test_plausible_records(data: dict[str, Any], reveal: bool) -> None:
    check_verify(data, reveal)


@pytest.mark.parametrize("variant", variant_names())
@FUZZ
@given(data=st.data(), reveal=st.booleans())
def test_mutated_records(variant: str, data: st.DataObject, reveal: bool) -> None:
    check_verify(data.draw(mutated_records(variant)), reveal)


@cache
def _short_bases() -> tuple[dict[str, Any], ...]:
    """One record per variant, a few actions long, so that sweeping it stays cheap."""
    out = []
    for name in variant_names():
        base = copy.deepcopy(next(b for b in _bases()[1:] if b["variant"] == name))
        base["hands"] = base["hands"][:1]
        base["hands"][0]["actions"] = base["hands"][0]["actions"][:6]
        out.append(base)
    return tuple(out)


@pytest.mark.parametrize("variant", variant_names())
def test_frame_sweep(variant: str) -> None:
    """Every edge value, and a deletion, at every place of a record's frame.

    Random mutations rarely land on one option's value; this sweeps them all.
    """
    base = next(b for b in _short_bases() if b["variant"] == variant)
    frame = [p for p in _paths(base)[1:] if p[-1] not in range(1, 10**6)]
    for path in frame:
        for value in [*EDGES, "__delete__"]:
            record = copy.deepcopy(base)
            parent: Any = record
            for key in path[:-1]:
                parent = parent[key]
            if value == "__delete__":
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            try:
                check_verify(record)
            except AssertionError:
                raise
            except Exception as err:
                raise AssertionError(f"{path} = {value!r}: {type(err).__name__}: {err}") from err


# --- engine bugs found by the fuzz, now fixed: kept as regression tests -------------------


def test_infinite_option_value() -> None:
    assert isinstance(check_verify({"variant": "capone", "options": {"target": math.inf}}), str)


def test_fractional_option_value_is_refused() -> None:
    assert isinstance(check_verify({"variant": "capone", "options": {"players": 2.5}}), str)


# --- the real command -------------------------------------------------------------------


def _commands() -> list[list[str]]:
    script = Path(sys.executable).with_name("tablerummy")
    module = [sys.executable, "-m", "tablerummy"]
    return [[str(script)], module] if script.exists() else [module]


def _run(command: list[str], path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, "verify", str(path)], capture_output=True, text=True,
                          check=False, timeout=120)


def _assert_refused(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablerummy"), run.stderr
    return lines[0]


def _write(directory: Path, content: bytes | Any) -> Path:
    path = directory / "record.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path


BAD_FILES: dict[str, Callable[[Path], Path]] = {
    "not-json": lambda d: _write(d, b'{"variant": "capone",'),
    "empty": lambda d: _write(d, b""),
    "binary": lambda d: _write(d, bytes(range(256))),
    "a-list": lambda d: _write(d, [1, 2, 3]),
    "deep": lambda d: _write(d, b"[" * 100_000 + b"]" * 100_000),
    "unknown-variant": lambda d: _write(d, {"variant": "poker"}),
    "bad-option": lambda d: _write(d, {"variant": "capone", "options": {"players": 9}}),
    "short-deck": lambda d: _write(d, {"variant": "capone", "hands": [{"deck": ["raid"]}]}),
    "missing": lambda d: d / "no-such-record.json",
    "directory": lambda d: d,
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_command_refuses_bad_files(case: str, tmp_path: Path) -> None:
    for command in _commands()[: 1 if case != "not-json" else None]:
        _assert_refused(_run(command, BAD_FILES[case](tmp_path)))


def test_command_refuses_huge_integer(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"variant": "capone", "seed": ' + b"9" * 5000 + b"}")
    _assert_refused(_run(_commands()[0], path))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(mutated_records(), plausible_records()))
def test_command_agrees_with_the_function(data: dict[str, Any]) -> None:
    """The command prints what ``verify`` returns, or refuses what it refuses."""
    expected = check_verify(data)
    with tempfile.TemporaryDirectory() as directory:
        run = _run(_commands()[0], _write(Path(directory), data))
    if isinstance(expected, str):
        assert expected in _assert_refused(run)
    else:
        out, status = expected
        assert run.returncode == status, run.stderr
        assert json.loads(run.stdout) == out
