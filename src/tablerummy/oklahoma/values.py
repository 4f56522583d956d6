"""Point tables of the Oklahoma family: one table per variant (and rule set), overridable.

The numbers are the rulebook's (the Oklahoma rulebook) except where it is silent; those
gaps are filled as ``docs/rules-oklahoma.md`` decides and are listed in
:func:`decided`.  ``--cards FILE`` may change any value, e.g. ``[meld] QS = 60``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import OptionError
from ..userinput import MAX_CARD_VALUE, shown
from .cards import JK, QS, rank_of

MELD_KEYS: tuple[str, ...] = (
    "A-high", "A-low", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    "QS", "wild-QS", "deuce-set", "JK",
)
"""Melded values: by the rank a card stands for (an ace high or low), ``QS`` for the natural
Queen of Spades, ``wild-QS`` for a wild standing for it, ``deuce-set`` per deuce of a
deuce-only set, ``JK`` a fixed value of a melded Joker (absent: as the card it stands for)."""

HAND_KEYS: tuple[str, ...] = (
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "QS", "JK",
)
"""Values of cards caught in hand (negative numbers, as the rulebook prints them)."""

RANK_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _ranks(low: range, low_value: int, high_value: int) -> dict[str, int]:
    return {RANK_KEYS[r - 1]: (low_value if r in low else high_value) for r in range(2, 14)}


def _fortune() -> dict[str, Any]:
    meld = {"A-high": 10, "A-low": 5, **_ranks(range(2, 8), 5, 10), "QS": 50, "wild-QS": 10}
    hand = {"A": -10, **_ranks(range(2, 8), -5, -10), "2": -10, "QS": -50}
    return {"meld": meld, "hand": hand, "bonus": 0}


def _arlington(scarne: bool, joker: bool) -> dict[str, Any]:
    meld: dict[str, int] = {"A-high": 20, "A-low": 20, **_ranks(range(2, 8), 5, 10), "QS": 50,
                            "wild-QS": 50 if scarne else 10, "deuce-set": 25}
    hand = {"A": -10, **_ranks(range(2, 8), -5, -10), "2": -20, "QS": -50 if scarne else -100}
    if joker:
        meld["JK"] = 100
        hand["JK"] = -200
    return {"meld": meld, "hand": hand, "bonus": 100}


def _heights() -> dict[str, Any]:
    meld = {"A-high": 20, "A-low": 5, **_ranks(range(2, 10), 5, 10), "QS": 50, "wild-QS": 50}
    del meld["2"]
    hand = {"A": -20, **_ranks(range(2, 10), -5, -10), "QS": -50, "JK": -20}
    del hand["2"]
    return {"meld": meld, "hand": hand, "bonus": 50}


def default_values(variant: str, scarne: bool = False, joker: bool = False) -> dict[str, Any]:
    """The default table of ``variant`` as plain data (what ``--cards`` overrides)."""
    if variant == "fortune":
        return _fortune()
    if variant == "arlington":
        return _arlington(scarne, joker)
    return _heights()


def decided(variant: str, scarne: bool = False) -> tuple[str, ...]:
    """Values the rulebook does not print, decided by this project (marked in ``rules``):
    a 2 in its own place (5), and under Parlett a 2 standing for Q♠ (10, as a queen)."""
    if variant == "fortune":
        return ("meld.2",)
    if variant == "arlington":
        return ("meld.2",) if scarne else ("meld.2", "meld.wild-QS")
    return ()


@dataclass(frozen=True)
class ValueTable:
    """The values as arrays for the hot path.

    ``pos_value[p]`` is the melded value of a card standing at rank position ``p``
    (1 = low ace, 2 … 13, 14 = high ace; an ace in a set is high), ``hand_value[c]`` the
    (negative) value of card ``c`` caught in hand.
    """

    data: Mapping[str, Any]
    pos_value: tuple[int, ...]
    natural_qs: int
    wild_qs: int
    deuce_set: int
    joker_fixed: int | None
    hand_value: tuple[int, ...]
    bonus: int

    @classmethod
    def build(cls, defaults: Mapping[str, Any], overrides: Mapping[str, Any] | None,
              variant: str) -> ValueTable:
        """``defaults`` with ``overrides`` applied; unknown keys are one-line errors."""
        data: dict[str, Any] = {"meld": dict(defaults["meld"]), "hand": dict(defaults["hand"]),
                                "bonus": defaults["bonus"]}
        for key, value in (overrides or {}).items():
            if key == "bonus":
                data["bonus"] = _number(value, "bonus")
                continue
            if key not in ("meld", "hand"):
                raise OptionError(f"--cards: {variant} has no table {shown(key)} "
                                  "(tables: meld, hand, bonus)")
            if not isinstance(value, Mapping):
                raise OptionError(f"--cards: {key} must be a table like {{K = 10}}")
            for name, number in value.items():
                lookup = {k.lower(): k for k in data[key]}
                found = lookup.get(str(name).lower())
                if found is None:
                    known = ", ".join(data[key])
                    raise OptionError(f"--cards: {variant} has no {key} value {shown(name)} "
                                      f"(values: {known})")
                data[key][found] = _number(number, f"{key}.{found}")
        meld, hand = data["meld"], data["hand"]
        pos_value = [0] * 15
        pos_value[1] = meld["A-low"]
        pos_value[14] = meld["A-high"]
        for r in range(2, 14):
            pos_value[r] = meld.get(RANK_KEYS[r - 1], 0)
        hand_value = [0] * 53
        for c in range(52):
            hand_value[c] = hand.get(RANK_KEYS[rank_of(c) - 1], 0)
        hand_value[QS] = hand["QS"]
        hand_value[JK] = hand.get("JK", 0)
        return cls(
            data=data, pos_value=tuple(pos_value), natural_qs=meld["QS"],
            wild_qs=meld["wild-QS"], deuce_set=meld.get("deuce-set", 0),
            joker_fixed=meld.get("JK"), hand_value=tuple(hand_value), bonus=data["bonus"],
        )


def _number(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_CARD_VALUE:
        raise OptionError(f"--cards: {what} must be a whole number from "
                          f"-{MAX_CARD_VALUE:,} to {MAX_CARD_VALUE:,}")
    return value
