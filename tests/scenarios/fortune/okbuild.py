"""Shared by the Oklahoma-family scenario builders (``fortune``, ``arlington``,
``arlington-heights``): readable deals, filler turns, and the record writer.

Each variant's ``build.py`` (run by hand, not by pytest) describes its scenarios with
:func:`scenario` and calls :func:`main`.  Every expected value there is written by hand
from the rulebook and card-data.md; the engine only expands *filler* turns (draw the
stock's top card and discard that same card) and, when ``--check`` is given, reports
where the engine disagrees with the hand-written expectation so that a person can look.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerummy.game import Game
from tablerummy.oklahoma.cards import IDS, parse_card
from tablerummy.stacking import stacked_deck
from tablerummy.variant import get_variant
from tablerummy.verify import verify


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


def ended(end: str, scores: list[int]) -> dict[str, Any]:
    return {"complete": True, "end": end, "scores": scores}


def out(scores: list[int]) -> dict[str, Any]:
    return ended("went-out", scores)


def exhausted(scores: list[int]) -> dict[str, Any]:
    return ended("stock-exhausted", scores)


DRAW_ONLY = ["draw stock"]

Filler = Callable[[Game], list[str]]
Step = str | Filler


def burn(turns: int) -> Filler:
    """``turns`` turns of 'draw stock' and discarding the very card drawn."""
    def expand(game: Game) -> list[str]:
        texts: list[str] = []
        for _ in range(turns):
            top = IDS[game.state.stock[-1]]  # type: ignore[attr-defined]
            for text in ("draw stock", f"discard {top}"):
                game.apply(text)
                texts.append(text)
        return texts
    return expand


@dataclass
class Deal:
    """One hand's deck: every seat's hand (in full), the upcard, the stock's top and bottom."""

    hands: Sequence[str] = ()
    up: str = ""
    top: str = ""
    bottom: str = ""
    literal: list[str] | None = None


@dataclass
class Scenario:
    name: str
    rule: str
    description: str
    deals: list[Deal]
    actions: list[list[Step]]
    expected: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    first_dealer: int = 1


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

    # --- building ---------------------------------------------------------------------

    def rest_of_deck(self, used: Sequence[str], options: dict[str, Any]) -> list[str]:
        deck = get_variant(self.variant, options).deck()
        left = Counter(deck)
        left.subtract(used)
        assert all(v >= 0 for v in left.values()), f"too many copies: {-left}"
        rest = []
        for c in deck:
            if left[c] > 0:
                left[c] -= 1
                rest.append(c)
        return rest

    def deck_for(self, options: dict[str, Any], dealer: int, deal: Deal) -> list[str]:
        variant = get_variant(self.variant, options)
        if deal.literal is not None:
            return deal.literal + self.rest_of_deck(deal.literal, options)
        hands = [cards(h) for h in deal.hands]
        assert all(len(h) == variant.hand_size for h in hands), \
            f"give every hand in full ({[len(h) for h in hands]})"
        top, bottom = cards(deal.top), cards(deal.bottom)
        middle = self.rest_of_deck([c for h in hands for c in h] + [deal.up] + top + bottom,
                                   options)
        return stacked_deck(variant, dealer, hands, deal.up, top + middle + bottom)

    def build(self, s: Scenario) -> tuple[dict[str, Any], dict[str, Any]]:
        options = {"players": 2, **s.options}
        variant = get_variant(self.variant, options)
        decks = [self.deck_for(options, (s.first_dealer + i) % variant.players, d)
                 for i, d in enumerate(s.deals)]
        game = Game(variant, seed=7, first_dealer=s.first_dealer, decks=decks)
        failed = False
        hands_out = []
        for deck, steps in zip(decks, s.actions, strict=True):
            texts: list[str] = []
            for step in steps:
                if isinstance(step, str):
                    texts.append(step)
                    if not failed:
                        try:
                            game.apply(step)
                        except ValueError:
                            failed = True  # the scenario's illegal action ends the story
                else:
                    assert not failed
                    texts.extend(step(game))
            hands_out.append({"deck": deck, "actions": texts})
        record = {
            "format": "tablerummy/1", "variant": self.variant, "rule": s.rule,
            "description": s.description, "options": options, "seed": 7,
            "first_dealer": s.first_dealer, "hands": hands_out,
        }
        expected = dict(s.expected)
        if "legal" in expected:
            expected["legal"] = sorted(expected["legal"])
        return record, expected

    # --- writing ------------------------------------------------------------------------

    def write(self, name: str, record: dict[str, Any], expected: dict[str, Any]) -> None:
        text = dump_record(record)
        assert json.loads(text) == record
        (self.here / f"{name}.json").write_text(text, encoding="utf-8")
        (self.here / f"{name}.expected").write_text(
            json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    def main(self) -> None:
        check = "--check" in sys.argv
        for old in [*self.here.glob("*.json"), *self.here.glob("*.expected")]:
            old.unlink()
        disagreements = 0
        for s in self.scenarios:
            record, expected = self.build(s)
            self.write(s.name, record, expected)
            if check:
                disagreements += report(s.name, record, expected)
        for name, record, expected in self.raw:
            (self.here / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n",
                                                    encoding="utf-8")
            (self.here / f"{name}.expected").write_text(json.dumps(expected, indent=1) + "\n",
                                                        encoding="utf-8")
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
        if got.get(key) != want:
            print(f"{name}: {key}\n  engine:   {got.get(key)}\n  expected: {want}")
            bad += 1
    return 1 if bad else 0


def dump_record(record: dict[str, Any]) -> str:
    """JSON, readable: decks 13 cards a line, one action a line."""
    lines = ["{"]
    for key in [k for k in record if k != "hands"]:
        lines.append(f'  {json.dumps(key)}: {json.dumps(record[key], ensure_ascii=False)},')
    lines.append('  "hands": [')
    for h, entry in enumerate(record["hands"]):
        lines.append("    {")
        deck = entry["deck"]
        rows = [", ".join(json.dumps(c) for c in deck[i:i + 13]) for i in range(0, len(deck), 13)]
        lines.append('      "deck": [')
        lines.extend(f"        {row}," if i < len(rows) - 1 else f"        {row}"
                     for i, row in enumerate(rows))
        lines.append("      ],")
        actions = entry["actions"]
        if actions:
            lines.append('      "actions": [')
            lines.extend(f"        {json.dumps(a)}," if i < len(actions) - 1
                         else f"        {json.dumps(a)}" for i, a in enumerate(actions))
            lines.append("      ]")
        else:
            lines.append('      "actions": []')
        lines.append("    }," if h < len(record["hands"]) - 1 else "    }")
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"
