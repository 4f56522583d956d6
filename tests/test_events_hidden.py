"""Events in words keep hidden cards hidden and call each reader "you".

Random games of every variant and player count are walked with logging on.  After each
action, every seat's new lines (``HandState.events(seat)``) may name only cards that seat
could know at that moment.  The oracle is the observation: the cards that moved in what
the seat observes (a location-by-location difference of ``observation(seat)`` before and
after the action), the seat's own hand, the face-up top of the discard pile, the cards
an action's public text names and — for Reveal Seven, whose rule shows them to all — the
cards turned over.  A stock draw by another seat and a vote before scoring move nothing
the seat observes, so a line that names them fails.  The reader's own seat is never
written ``p<seat>``, every action is told, and a finished hand's log ends with who went
out and "the hand is over: …".
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tablerummy import get_variant
from tablerummy.capone import cards as capone_cards
from tablerummy.oklahoma.cards import IDS as OKLAHOMA_IDS
from tablerummy.oklahoma.cards import card_word, parse_card
from tablerummy.ripper import cards as ripper_cards
from tablerummy.variant import HandState, Variant

Location = tuple[Any, ...]

DERIVED = {"suspect_points", "alibied", "melded_points", "hand_sizes", "scores"}
"""Observation keys that hold facts derived from cards (points, suspects cleared), not cards."""

RULE_PHRASES = ("(Commissioner Resigns)", "for Commissioner Resigns")
"""A card's name used as the name of the rule being carried out, not as a card shown."""


def _names(variant: Variant) -> dict[str, str]:
    """Card id → the name the log uses for it."""
    if variant.name == "capone":
        return dict(capone_cards.NAMES)
    if variant.name == "ripper":
        return dict(ripper_cards.NAMES)
    return {cid: card_word(parse_card(cid)) for cid in OKLAHOMA_IDS}


def _locations(obs: Any, ids: set[str], path: Location = ()) -> Iterator[tuple[Location, str]]:
    """Every card an observation shows (one entry per copy) with the place holding it:
    a list (a hand, a pile, a meld) or one kind's count in a hand or area."""
    if isinstance(obs, dict):
        for key, value in obs.items():
            if key in DERIVED:
                continue
            if key in ids and isinstance(value, int) and not isinstance(value, bool):
                for _ in range(value):
                    yield (*path, key), key
            else:
                yield from _locations(value, ids, (*path, key))
    elif isinstance(obs, list):
        for index, value in enumerate(obs):
            if isinstance(value, str):
                yield from _locations(value, ids, path)
            else:
                yield from _locations(value, ids, (*path, index))
    elif isinstance(obs, str):
        for part in obs.split("="):  # an Oklahoma meld item: card=what it stands for
            if part in ids:
                yield path, part


def _places(obs: Any, ids: set[str]) -> dict[Location, Counter[str]]:
    places: dict[Location, Counter[str]] = {}
    for place, card in _locations(obs, ids):
        places.setdefault(place, Counter())[card] += 1
    return places


def _own_hand(obs: dict[str, Any], ids: set[str]) -> set[str]:
    return {card for _, card in _locations(obs.get("hand", {}), ids)}


class Namer:
    """Finds the card names a line mentions (longest names first, so that
    "Suspect: Montague Druitt" is not also read as "Montague Druitt")."""

    def __init__(self, names: dict[str, str]) -> None:
        self.by_name: dict[str, set[str]] = {}
        for cid, name in names.items():
            self.by_name.setdefault(name, set()).add(cid)
        ordered = sorted(self.by_name, key=len, reverse=True)
        self.pattern = re.compile("|".join(re.escape(n) for n in ordered))

    def named(self, line: str) -> set[str]:
        for phrase in RULE_PHRASES:
            line = line.replace(phrase, "")
        return {m.group(0) for m in self.pattern.finditer(line)}


def _pile(state: HandState) -> list[Any]:
    """The face-up discard pile's cards (each family names its pile its own way)."""
    return list(getattr(state, "yard", None) or getattr(state, "discard", []))


def _stock_names(state: HandState, names: dict[str, str]) -> Counter[str]:
    stock: list[Any] = list(getattr(state, "stock", []))
    if state.variant.name in ("capone", "ripper"):
        kinds = capone_cards.KINDS if state.variant.name == "capone" else ripper_cards.KINDS
        return Counter(names[kinds[c]] for c in stock)
    return Counter(names[OKLAHOMA_IDS[c]] for c in stock)


PRIVATE_VERBS = ("take", "vote")
"""Action texts only their actor sees: capone's kept card after a search, a secret vote.
(A ripper ``take`` after a Scene's search is shown to all: its log line says so.)"""


def _public_cards(variant: Variant, text: str, ids: set[str]) -> set[str]:
    verb = text.split()[0]
    if verb == "vote" or (verb == "take" and variant.name == "capone"):
        return set()
    return {t for t in re.split(r"[\s=]+", text) if t in ids}


def walk(variant: Variant, seed: int, check: Callable[..., None], steps: int = 4000) -> None:
    """Play one random hand with logging on, calling ``check`` after every action."""
    rng = random.Random(seed)
    state = variant.new_hand(variant.shuffled_deck(rng), rng.randrange(variant.players),
                             log=True)
    seats = range(variant.players)
    names = _names(variant)
    ids = set(names)
    for _ in range(steps):
        if state.is_over:
            break
        before = {s: state.observation(s) for s in seats}
        lines = {s: len(state.events(s)) for s in seats}
        stock = _stock_names(state, names)
        actor = state.to_act
        action = rng.choice(state.legal_actions())
        text = variant.action_text(action)
        state.apply_unchecked(action)
        after = {s: state.observation(s) for s in seats}
        revealed: set[str] = set()
        if "reveal-seven" in text:  # the rule turns the cards over for everyone
            revealed = set((stock - _stock_names(state, names)).keys())
        public = {names[c] for c in _public_cards(variant, text, ids)} | revealed
        check(state, actor, text, before, after, lines, public)
    assert state.is_over, "the random hand did not end"


def _allowed(names: dict[str, str], ids: set[str], before: dict[str, Any],
             after: dict[str, Any]) -> set[str]:
    """The names of the cards a seat may read about after one action: every card of a
    place (a hand, a pile, a meld, an area's count of a kind) whose cards changed."""
    a, b = _places(before, ids), _places(after, ids)
    moved: set[str] = set()
    for place in a.keys() | b.keys():
        old, new = a.get(place, Counter()), b.get(place, Counter())
        if old != new:
            moved |= old.keys() | new.keys()
    moved |= _own_hand(before, ids) | _own_hand(after, ids)
    moved |= {obs["discard_top"] for obs in (before, after) if obs.get("discard_top")}
    return {names[c] for c in moved}


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("capone", {"players": 2}), ("capone", {"players": 3}),
    ("capone", {"players": 4}), ("capone", {"players": 4, "teams": False}),
    ("ripper", {"players": 2}), ("ripper", {"players": 3}), ("ripper", {"players": 4}),
    ("fortune", {"players": 2}), ("fortune", {"players": 5}),
    ("arlington", {"players": 2, "joker": True, "joker_swap": "anyone"}),
    ("arlington", {"players": 4}),
    ("arlington-heights", {"players": 2}), ("arlington-heights", {"players": 3}),
]


CONFIG_IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for n, o in CONFIGS]


def _check_hand(name: str, options: dict[str, Any], seed: int) -> None:
    variant = get_variant(name, options)
    names = _names(variant)
    ids = set(names)
    namer = Namer(names)

    def check(state: HandState, actor: int, text: str, before: dict[int, Any],
              after: dict[int, Any], lines: dict[int, int], public: set[str]) -> None:
        everyone: set[str] | None = None
        for seat, start in lines.items():
            allowed = _allowed(names, ids, before[seat], after[seat]) | public
            everyone = allowed if everyone is None else everyone & allowed
            new = state.events(seat)[start:]
            for line in new:
                where = f"{name} {options} seed {seed}, p{seat} reads after p{actor} {text!r}"
                assert not re.search(rf"\bp{seat}\b", line), f"{where}: {line!r}"
                leaked = namer.named(line) - allowed
                assert not leaked, f"{where}: {line!r} names {leaked}"
                if seat != actor and (text == "draw stock" or text.startswith("vote ")) \
                        and f"p{actor} " in line:  # not the stock rebuilt below the top card
                    assert not namer.named(line), f"{where}: {line!r}"
        assert everyone is not None
        assert len(state.events(None)) > min(lines.values()), f"{text!r} was not told"
        for line in state.events(None)[min(lines.values()):]:
            leaked = namer.named(line) - everyone
            assert not leaked, f"{name} {options} seed {seed}, public {line!r}: {leaked}"
        if state.is_over:
            final = state.events(None)
            assert final[-1].startswith("the hand is over: "), final[-3:]
            out = getattr(state, "out_seat", None)
            if state.end == "went-out":
                assert f"p{out} went out" in final[-2], final[-3:]
                assert state.events(out)[-2] == "you went out"

    walk(variant, seed, check)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_no_line_names_a_card_its_reader_may_not_know(name: str, options: dict[str, Any]) -> None:
    _check_hand(name, options, 0)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=CONFIG_IDS)
def test_many_hands_keep_hidden_cards_hidden(name: str, options: dict[str, Any]) -> None:
    for seed in range(1, 7):
        _check_hand(name, options, seed)
