"""Hostile values under Hypothesis: Unicode digits, huge numbers, deep nesting, long text.

Each reader of user input — option values (``-o`` text and JSON), the action notation
of every variant, game records, ``--cards`` files and the real command — answers with
its result or its one typed error, in one short line; never another exception.  The
values are the ones that broke them once: every character of Unicode category Nd
(``str.isdigit`` is true for ``"²"``, ``int`` refuses it), numbers past ``int``'s
4,300-digit limit, lists nested until ``repr`` and ``json`` give up, and texts past
the 10,000-character limit of an action.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conformance.positions import all_tables, legal_pool, vocabulary
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerummy.cli.options import load_cards, variant_from_args
from tablerummy.errors import NotationError, OptionError, RecordError, TablerummyError
from tablerummy.notation import MAX_ACTION_CHARS
from tablerummy.userinput import shown, whole_number
from tablerummy.variant import Variant, get_variant, variant_names
from tablerummy.verify import verify

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MESSAGE_CHARS = 400
"""The longest one-line message accepted: what a person reads, not a dump of the input."""

# --- the values ---------------------------------------------------------------------------

UNICODE_DIGIT = st.characters(categories=["Nd"])
SIGNS = st.sampled_from(["", "+", "-", "+-", "-+", "--", " ", "p", "m", "P", "M"])
DIGIT_TEXT = st.builds(
    lambda sign, digits, tail: sign + digits + tail,
    SIGNS,
    st.text(UNICODE_DIGIT, min_size=1, max_size=5)
    | st.lists(st.sampled_from("0123456789") | UNICODE_DIGIT, min_size=1, max_size=5).map(
        "".join),
    st.sampled_from(["", " ", "0", "e3", ".0"]),
)
"""Numbers as people type them, in any script's digits and with odd signs."""
HUGE_NUMBER = st.builds(lambda sign, n, d: sign + d * n, SIGNS, st.integers(19, 6000),
                        st.sampled_from("19") | UNICODE_DIGIT)
LONG_TEXT = st.builds(lambda c, n: c * n, st.sampled_from(["x", "7h ", "p1", "²", " ", "é"]),
                      st.integers(MAX_ACTION_CHARS // 2 - 10, MAX_ACTION_CHARS + 50))
TEXTS = st.one_of(DIGIT_TEXT, HUGE_NUMBER, LONG_TEXT, st.text(max_size=20))


def nest(value: Any, depth: int, kind: str) -> Any:
    for _ in range(depth):
        value = [value] if kind == "list" else {"k": value}
    return value


NESTED = st.builds(nest, st.sampled_from([2, "2", "draw stock", None]), st.integers(1, 3000),
                   st.sampled_from(["list", "dict"]))
NUMBERS = st.one_of(st.integers(), st.integers(min_value=10**40, max_value=10**4200),
                    st.integers(max_value=-(10**40), min_value=-(10**4200)),
                    st.floats(allow_nan=True))
VALUES = st.one_of(TEXTS, NESTED, NUMBERS, st.booleans(), st.none())
"""Anything a JSON record or the web may hold where a value belongs."""


def one_line(err: BaseException) -> str:
    message = str(err)
    assert message and "\n" not in message, repr(message[:200])
    assert len(message) <= MESSAGE_CHARS, message[:200] + "…"
    return message


# --- option values ------------------------------------------------------------------------

@cache
def _option_names() -> tuple[tuple[str, str], ...]:
    return tuple((name, spec.name) for name in variant_names()
                 for spec in get_variant(name).option_specs)


@pytest.mark.slow
@FUZZ
@given(option=st.sampled_from(_option_names()), value=VALUES)
def test_an_option_value_is_read_or_refused_in_one_line(option: tuple[str, str],
                                                        value: Any) -> None:
    name, key = option
    try:
        variant = get_variant(name, {key: value})
    except OptionError as err:
        one_line(err)
        return
    # what was read is a plain value of the option's kind, not a Unicode digit read as one
    read = variant.options[key]
    assert isinstance(read, (int, bool, str))
    if isinstance(value, str) and isinstance(read, int) and not isinstance(read, bool):
        assert value.strip().lstrip("+-").isascii()


@pytest.mark.slow
@FUZZ
@given(option=st.sampled_from(_option_names()), value=TEXTS, key_text=TEXTS)
def test_dash_o_text_is_read_or_refused_in_one_line(option: tuple[str, str], value: str,
                                                    key_text: str) -> None:
    name, key = option
    for pair in (f"{key}={value}", f"{key_text}={value}", value):
        args = argparse.Namespace(variant=name, option=[pair], cards=None)
        try:
            variant_from_args(args)
        except OptionError as err:
            one_line(err)


@pytest.mark.parametrize("digit", ["²", "١", "٣", "໒", "𝟐", "２"])
def test_no_unicode_digit_is_a_number(digit: str) -> None:
    """Every option that takes a number refuses digits of other scripts (int() reads some)."""
    for name, key in _option_names():
        spec = next(s for s in get_variant(name).option_specs if s.name == key)
        if type(spec.default) is not int:
            continue
        with pytest.raises(OptionError, match="whole number"):
            get_variant(name, {key: digit})


# --- notation -----------------------------------------------------------------------------

TABLES = all_tables()


@cache
def _variant(index: int) -> Variant:
    name, options = TABLES[index]
    return get_variant(name, options)


@cache
def _words(index: int) -> tuple[str, ...]:
    variant = _variant(index)
    return tuple(vocabulary(variant, legal_pool(variant, range(1), 300)))


@st.composite
def hostile_actions(draw: st.DrawFn, index: int) -> str:
    """Real words of the variant with a number, a seat or a meld in some other digits."""
    words = list(draw(st.lists(st.sampled_from(_words(index)), min_size=1, max_size=6)))
    odd = draw(st.lists(TEXTS | DIGIT_TEXT.map(lambda t: "p" + t.strip())
                        | DIGIT_TEXT.map(lambda t: "m" + t.strip()), min_size=1, max_size=3))
    for token in odd:
        words.insert(draw(st.integers(0, len(words))), token)
    return " ".join(words)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(TABLES)),
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(TABLES)])
@FUZZ
@given(data=st.data())
def test_notation_reads_or_refuses_hostile_text_in_one_line(index: int,
                                                            data: st.DataObject) -> None:
    variant = _variant(index)
    text = data.draw(hostile_actions(index), label="text")
    try:
        action = variant.parse_action(text)
    except NotationError as err:
        message = one_line(err)
        if len(text) > MAX_ACTION_CHARS:
            assert f"at most {MAX_ACTION_CHARS:,} characters" in message
        return
    assert len(text) <= MAX_ACTION_CHARS
    assert variant.parse_action(variant.action_text(action)) == action


@pytest.mark.parametrize("name", variant_names())
def test_an_action_text_over_the_limit_is_refused_before_it_is_read(name: str) -> None:
    variant = get_variant(name)
    legal = "draw stock"
    assert variant.parse_action(legal + " " * (MAX_ACTION_CHARS - len(legal))) is not None
    for text in (legal + " " * (MAX_ACTION_CHARS - len(legal) + 1), "x" * 10_000_000):
        with pytest.raises(NotationError, match="at most 10,000 characters"):
            variant.parse_action(text)


# --- records ------------------------------------------------------------------------------

PLACES = ("options.players", "options.target", "options.key", "seed", "first_dealer", "format",
          "variant", "action", "deck")


def _record(name: str, place: str, value: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"format": "tablerummy/1", "variant": name,
                              "options": {"players": 2}, "seed": 3,
                              "hands": [{"actions": ["draw stock"]}]}
    if place.startswith("options."):
        key = place.split(".")[1]
        if key == "key":  # the value as an option's name (a record's keys are text)
            key = value if isinstance(value, str) else "players"
        record["options"][key] = value
    elif place == "action":
        record["hands"][0]["actions"].insert(0, value)
    elif place == "deck":
        record["hands"][0]["deck"] = [value]
    else:
        record[place] = value
    return record


@FUZZ
@given(name=st.sampled_from(variant_names()), place=st.sampled_from(PLACES), value=VALUES)
def test_a_record_is_verified_or_refused_in_one_line(name: str, place: str, value: Any) -> None:
    record = _record(name, place, value)
    try:
        out, status = verify(record)
    except RecordError as err:
        message = one_line(err)
        if place == "action" and isinstance(value, str) and len(value) > MAX_ACTION_CHARS:
            assert f"at most {MAX_ACTION_CHARS:,} characters" in message
        return
    json.dumps(out)  # printable, whatever the record held
    assert status in (0, 1)
    if status == 1:
        assert out["ok"] is False
        one_line(TablerummyError(out["error"]))
        assert isinstance(out["action"], str) and len(out["action"]) <= MAX_ACTION_CHARS


# --- card files ---------------------------------------------------------------------------

CARD_VALUES = st.one_of(
    NUMBERS.filter(lambda v: not isinstance(v, float)),
    TEXTS, st.integers(1, 3000).map(lambda d: "@nest" + str(d)),
)


def _card_file(directory: Path, value: Any, key: str, suffix: str) -> str:
    path = directory / f"cards{suffix}"
    if suffix == ".json":
        text = json.dumps({key: {"points": value}})
        if isinstance(value, str) and value.startswith("@nest"):
            depth = int(value[5:])
            text = text.replace(json.dumps(value), "[" * depth + "1" + "]" * depth)
    else:
        if isinstance(value, str) and value.startswith("@nest"):
            depth = int(value[5:])
            literal = "[" * depth + "1" + "]" * depth
        else:
            literal = json.dumps(value) if not isinstance(value, int) else str(value)
        text = f'["{key}"]\npoints = {literal}\n'
    path.write_text(text, encoding="utf-8")
    return str(path)


@FUZZ
@given(name=st.sampled_from(variant_names()), value=CARD_VALUES,
       key=st.sampled_from(["al-capone", "jack", "K", "meld", "x" * 5000]),
       suffix=st.sampled_from([".json", ".toml"]))
def test_a_card_file_is_read_or_refused_in_one_line(name: str, value: Any, key: str,
                                                    suffix: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = _card_file(Path(directory), value, key, suffix)
        try:
            get_variant(name, cards=load_cards(name, path))
        except OptionError as err:
            one_line(err)


# --- the real command ---------------------------------------------------------------------

def _command() -> list[str]:
    script = Path(sys.executable).with_name("tablerummy")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablerummy"]


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=(DIGIT_TEXT | HUGE_NUMBER).filter(lambda v: whole_number(v) not in range(2, 9)),
       command=st.sampled_from(["rules", "simulate", "play"]))
def test_the_command_refuses_hostile_numbers_in_one_line(value: str, command: str) -> None:
    proc = subprocess.run([*_command(), command, "fortune", "-o", f"players={value}"],
                          input="quit\n", capture_output=True, text=True, check=False,
                          timeout=120)
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 2, (shown(value), proc.returncode, proc.stderr)
    assert len(proc.stderr.splitlines()) == 1


# --- the web's messages ------------------------------------------------------------------

@FUZZ
@given(value=VALUES)
def test_a_web_message_type_is_refused_in_one_line(value: Any) -> None:
    """The table's socket echoes an unknown message type: bounded, however it is nested."""
    pytest.importorskip("starlette")
    from tablerummy.web.protocol import ProtocolError, parse_client

    if isinstance(value, (list, dict)):  # as the socket receives it: text, at most 4 kB
        text = '{"type": ' + "[" * 990 + "]" * 990 + "}"
    else:
        text = json.dumps({"type": value})[:4000]
    try:
        parse_client(text)
    except ProtocolError as err:
        one_line(err)
