"""Notation under Hypothesis: every legal action round-trips, in any lenient spelling,
and no text whatever makes ``parse_action`` raise anything but ``NotationError``.

Runs over every registered variant (with its conformance entry's option sets when it
has one), so a new variant is fuzzed as soon as it is registered.  The actions come
from a pool of every distinct legal action met in random games of each table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache

import pytest
from conformance.entries import ENTRIES
from conformance.entry import meld_tokens
from conformance.positions import all_tables, legal_pool, vocabulary
from conformance.spelling import MeldPositions, respell
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerummy.errors import NotationError
from tablerummy.variant import Action, Variant, get_variant, variant_names

TABLES = all_tables()
VARIANTS = sorted({name for name, _ in TABLES})
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def _variant(index: int) -> Variant:
    name, options = TABLES[index]
    return get_variant(name, options)


@cache
def _pool(index: int) -> list[Action]:
    return legal_pool(_variant(index))


@cache
def _words(index: int) -> tuple[str, ...]:
    return tuple(vocabulary(_variant(index), _pool(index)))


def _tables_of(name: str) -> list[int]:
    return [i for i, (n, _) in enumerate(TABLES) if n == name]


def _meld_positions(name: str) -> MeldPositions:
    for entry in ENTRIES:
        if entry.name == name:
            return entry.meld_positions
    return meld_tokens


def _table_id(table: tuple[str, Mapping[str, object]]) -> str:
    name, options = table
    return name + "[" + ",".join(f"{k}={v}" for k, v in options.items()) + "]"


def test_tables_cover_every_variant() -> None:
    assert set(VARIANTS) == set(variant_names())


@pytest.mark.parametrize("index", range(len(TABLES)), ids=[_table_id(t) for t in TABLES])
def test_every_legal_action_round_trips(index: int) -> None:
    """Canonical text → parse → the same action, for every action met in play."""
    variant = _variant(index)
    pool = _pool(index)
    assert len(pool) > 2
    for action in pool:
        text = variant.action_text(action)
        assert text == " ".join(text.split()), f"canonical text {text!r} has odd spacing"
        assert variant.parse_action(text) == action, text


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
@FUZZ
@given(data=st.data(), rnd=st.randoms(use_true_random=False))
def test_lenient_spellings_round_trip(name: str, data: st.DataObject,
                                      rnd: random.Random) -> None:
    """Extra spaces, case, meld cards in any order, unique prefixes of card ids."""
    index = data.draw(st.sampled_from(_tables_of(name)), label="table")
    variant = _variant(index)
    action = data.draw(st.sampled_from(_pool(index)), label="action")
    text = variant.action_text(action)
    lenient = respell(text, frozenset(variant.deck()), rnd, _meld_positions(name))
    try:
        back = variant.parse_action(lenient)
    except NotationError as err:
        raise AssertionError(f"{lenient!r} (for {text!r}) does not parse: {err}") from err
    assert back == action, f"{lenient!r} parses to {variant.action_text(back)!r}, not {text!r}"


def _check_parse(variant: Variant, text: object) -> None:
    """Either an action whose canonical text parses back to it, or a one-line NotationError."""
    try:
        action: Action = variant.parse_action(text)  # type: ignore[arg-type]
    except NotationError as err:
        message = str(err)
        assert message and "\n" not in message, repr(message)
        return
    canonical = variant.action_text(action)
    assert variant.parse_action(canonical) == action, (text, canonical)


@st.composite
def _token_soup(draw: st.DrawFn, index: int) -> str:
    """Words the parser knows, cut, cased and mixed with junk: the texts near the edge."""
    words = _words(index)
    known = st.sampled_from(words)
    cut = known.flatmap(lambda w: st.integers(0, len(w)).map(lambda n: w[:n]))
    junk = st.one_of(
        st.text(max_size=6),
        st.sampled_from(["p0", "p1", "p3", "p4", "p9", "p-1", "p", "=", "==", "m0", "m1",
                         "m99", "wild=", "0", "-1", "99999999999999999999", ",", "_", "\x00",
                         "\u00e9", "\u0130", "\ufb01", "10", "JK=", "=JK"]),
    )
    parts = draw(st.lists(st.one_of(known, known, cut, junk), max_size=10))
    seps = draw(st.lists(st.sampled_from([" ", "  ", ",", "\t", "\n", "=", "_", ""]),
                         min_size=len(parts), max_size=len(parts)))
    text = "".join(p + s for p, s in zip(parts, seps, strict=True))
    return text.upper() if draw(st.booleans()) else text


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
@FUZZ
@given(data=st.data())
def test_random_text_is_an_action_or_a_notation_error(name: str, data: st.DataObject) -> None:
    index = data.draw(st.sampled_from(_tables_of(name)), label="table")
    text = data.draw(st.one_of(st.text(), _token_soup(index)), label="text")
    _check_parse(_variant(index), text)


@pytest.mark.parametrize("index", range(len(TABLES)), ids=[_table_id(t) for t in TABLES])
def test_non_text_is_a_notation_error(index: int) -> None:
    """The web and records hand the parser whatever JSON they got; only text is an action."""
    variant = _variant(index)
    for value in (None, 3, 2.5, True, b"draw stock", ["draw", "stock"], {"draw": "stock"}):
        with pytest.raises(NotationError):
            variant.parse_action(value)  # type: ignore[arg-type]
