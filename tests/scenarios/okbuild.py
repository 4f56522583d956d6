"""Shared by the Oklahoma-family scenario builders (``fortune``, ``arlington``,
``arlington-heights``): card lists in Oklahoma's card ids, the expectation helpers, the
:class:`Builder` that collects a variant's scenarios, and the ``--check`` report.  What
every variant's builder shares lives in ``scenario_tools.py`` beside this module.

Each variant's ``build.py`` (run by hand) describes its scenarios with
:func:`scenario` and calls :func:`main`.  Every expected value there is written by hand
from the rulebook and decision; the engine only expands *filler* turns (draw the
stock's top card and discard that same card) and, when ``--check`` is given, reports
where the engine disagrees with the hand-written expectation so that a person can look.
``tests/test_scenario_builders.py`` runs each builder with ``--check`` on a copy of
``tests/scenarios``: it must report no disagreement and write exactly the committed records.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tablerummy.oklahoma.cards import IDS, parse_card
from tablerummy.verify import verify

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scenario_tools lives beside it

import scenario_tools
from scenario_tools import Deal as Deal  # re-exported: the builders import it from here
from scenario_tools import Filler, Scenario, burn_turns
from scenario_tools import Step as Step  # re-exported: the builders import it from here


def cards(spec: str) -> list[str]:
    """``"KH KD 2C"`` → card ids (checked)."""
    out = []
    for word in spec.split():
        c = parse_card(word)
        assert IDS[c] == word, f"write card ids exactly: {word!r}"
        out.append(word)
    return out


def hand(spec: str) -> list[str]:
    """A hand as ``verify --reveal`` prints it: sorted card ids."""
    return sorted(cards(spec))


def open_hand() -> dict[str, Any]:
    return {"complete": False, "end": None, "scores": None}


Items = list[list[Any]]


def ended(end: str, scores: list[int], breakdown: list[Items] | None = None) -> dict[str, Any]:
    """A finished hand; ``breakdown`` (per side, ``[label, points]`` items) pins the words
    and numbers of its scoring."""
    hand: dict[str, Any] = {"complete": True, "end": end, "scores": scores}
    if breakdown is not None:
        assert [sum(p for _, p in side) for side in breakdown] == scores, breakdown
        hand["breakdown"] = breakdown
    return hand


def out(scores: list[int], breakdown: list[Items] | None = None) -> dict[str, Any]:
    return ended("went-out", scores, breakdown)


def exhausted(scores: list[int], breakdown: list[Items] | None = None) -> dict[str, Any]:
    return ended("stock-exhausted", scores, breakdown)


def in_hand(names: str, points: int) -> Items:
    """Breakdown items of cards left in hand, all at ``points``: ``in_hand("3♠ 4♠", -5)``."""
    return [[f"{name} in hand", points] for name in names.split()]


DRAW_ONLY = ["draw stock"]

def burn(turns: int) -> Filler:
    """``turns`` turns of 'draw stock' and discarding the very card drawn."""
    return burn_turns(turns, IDS)


class Builder:
    """Collects one variant's scenarios and writes them into its directory."""

    def __init__(self, variant: str, here: Path) -> None:
        self.variant = variant
        self.here = here
        self.scenarios: list[Scenario] = []
        self.raw: list[tuple[str, dict[str, Any], dict[str, Any]]] = []

    def scenario(self, name: str, rule: str, description: str, *, deal: Deal | None = None,
                 deals: list[Deal] | None = None, actions: list[Step] | None = None,
                 hands_actions: list[list[Step]] | None = None, expected: dict[str, Any],
                 options: dict[str, Any] | None = None, first_dealer: int = 1) -> None:
        assert all(s.name != name for s in self.scenarios), name
        the_deals = deals if deals is not None else [deal] if deal is not None else []
        the_actions = hands_actions if hands_actions is not None else [actions or []]
        self.scenarios.append(Scenario(name, rule, description, the_deals, the_actions,
                                       expected, dict(options or {}), first_dealer))

    def broken(self, name: str, record: dict[str, Any], expected: dict[str, Any]) -> None:
        self.raw.append((name, record, expected))

    def build(self, s: Scenario) -> tuple[dict[str, Any], dict[str, Any]]:
        return scenario_tools.build(self.variant, s, cards, {"players": 2, **s.options})

    def main(self) -> None:
        check = "--check" in sys.argv
        scenario_tools.clear(self.here)
        disagreements = 0
        for s in self.scenarios:
            record, expected = self.build(s)
            scenario_tools.write(self.here, s.name, record, expected, 13)
            if check:
                disagreements += report(s.name, record, expected)
        for name, record, expected in self.raw:
            scenario_tools.write_raw(self.here, name, record, expected)
        print(f"wrote {len(self.scenarios) + len(self.raw)} records into {self.here}"
              + (f"; {disagreements} disagree with the engine" if check else ""))


def report(name: str, record: dict[str, Any], expected: dict[str, Any]) -> int:
    """Print where the engine's ``verify`` differs from the expectation (for review)."""
    got, _ = verify(json.loads(json.dumps(record)), reveal=True)
    bad = 0
    for key, want in expected.items():
        if key in ("exit",):
            continue
        if key == "error_contains":
            if want not in str(got.get("error")):
                print(f"{name}: error {got.get('error')!r} lacks {want!r}")
                bad += 1
            continue
        if key == "state":
            for sub, value in want.items():
                if got.get("state", {}).get(sub) != value:
                    print(f"{name}: state.{sub}\n  engine:   {got.get('state', {}).get(sub)}"
                          f"\n  expected: {value}")
                    bad += 1
            continue
        value = got.get(key)
        if key == "hands" and isinstance(value, list):  # unpinned breakdowns: not compared
            value = [{k: v for k, v in h.items() if k != "breakdown" or "breakdown" in w}
                     for h, w in zip(value, want, strict=False)]
        if value != want:
            print(f"{name}: {key}\n  engine:   {got.get(key)}\n  expected: {want}")
            bad += 1
    return 1 if bad else 0
