"""Shared by every hand-run scenario builder (``<variant>/build.py``, ``okbuild.py``).

A builder describes each scenario in the rulebook's words and turns it into a record and
its ``.expected`` file.  What is the same for every variant lives here, so that the
records of all variants are built and laid out the same way: filler turns, the deal
description and the deck that deals it, applying the actions (stopping at the scenario's
illegal action), the record's keys, and the readable JSON layout.  The card names, the
expectation helpers and the scenarios themselves stay in each variant's script.

The builders are scripts, not a package: each one puts this directory on ``sys.path``
before importing this module, so ``python tests/scenarios/<variant>/build.py`` works from
anywhere.  ``tests/test_scenario_builders.py`` runs every builder on a copy of
``tests/scenarios`` and checks that it writes exactly the committed records.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerummy.cardtables import named_cards
from tablerummy.game import Game
from tablerummy.stacking import stacked_deck
from tablerummy.variant import Variant, get_variant

# --- readable card lists ---------------------------------------------------------------

def counted_cards(spec: str, kinds: Sequence[str]) -> list[str]:
    """``"3 frank-nitti, raid"`` → the list of card ids (each checked against ``kinds``).

    For the decks of card kinds with many copies (capone, ripper); Oklahoma's builders
    name every card by its own id instead.
    """
    out: list[str] = []
    for part in spec.split(","):
        words = part.split()
        if not words:
            continue
        count, kind = (int(words[0]), words[1]) if len(words) == 2 else (1, words[0])
        assert kind in kinds, kind
        out.extend([kind] * count)
    return out


# --- filler turns: expanded with the engine while building -----------------------------

Filler = Callable[[Game], list[str]]
Step = str | Filler


def burn_turns(turns: int, names: Sequence[str]) -> Filler:
    """``turns`` turns of 'draw stock' + discarding the very card drawn (hands unchanged).

    ``names`` maps the engine's card numbers to card ids: the filler reads the stock's top
    card from the engine, which is why it can only be expanded while building.
    """
    return _turns(turns, names, "stock", "draw stock")


def take_back_turns(turns: int, names: Sequence[str], pile: str) -> Filler:
    """``turns`` turns of 'draw discard' + discarding the card taken: hands and piles
    stay as they were (a position that comes back).  ``pile`` names the state's discard
    pile (``discard`` in capone, ``yard`` in ripper)."""
    return _turns(turns, names, pile, "draw discard")


def _turns(turns: int, names: Sequence[str], pile: str, draw: str) -> Filler:
    """Turns that draw the top card of the state's ``pile`` and discard it again."""
    def expand(game: Game) -> list[str]:
        texts: list[str] = []
        for _ in range(turns):
            top = names[getattr(game.state, pile)[-1]]
            for text in (draw, f"discard {top}"):
                game.apply(text)
                texts.append(text)
        return texts
    return expand


# --- scenario descriptions ---------------------------------------------------------------

@dataclass
class Deal:
    """One hand's deck: hands per seat (in full), the upcard, the top and bottom of the stock.

    ``literal`` writes the deck out card by card instead (for the deal scenarios, so that
    the deal is not checked against the same helper that stacks the others); the cards
    it leaves out follow in the deck's canonical order.  Variants subclass it to give
    ``upcard`` a default.
    """

    hands: Sequence[str] = ()
    upcard: str = ""
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
    options: dict[str, Any] = field(default_factory=lambda: {"players": 2})
    first_dealer: int = 1
    record_extra: dict[str, Any] = field(default_factory=dict)
    cards: str | None = None
    """A shipped card table's name (``"classic"``): the record's ``"cards"``, which it is
    built, replayed and scored with; None for the variant's default values."""


def rest_of_deck(deck: Sequence[str], used: Sequence[str]) -> list[str]:
    """The cards of ``deck`` not in ``used``, in the deck's canonical order."""
    left = Counter(deck)
    left.subtract(used)
    assert all(v >= 0 for v in left.values()), f"too many copies: {-left}"
    rest: list[str] = []
    for card in deck:
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    return rest


def deck_for(variant: Variant, dealer: int, deal: Deal,
             cards: Callable[[str], list[str]]) -> list[str]:
    """The deck (top card first) that deals ``deal``; ``cards`` reads a card list."""
    deck = variant.deck()
    if deal.literal is not None:
        return deal.literal + rest_of_deck(deck, deal.literal)
    hands = [cards(h) for h in deal.hands]
    assert all(len(h) == variant.hand_size for h in hands), \
        f"give every hand in full ({[len(h) for h in hands]})"
    top, bottom = cards(deal.top), cards(deal.bottom)
    middle = rest_of_deck(deck, [c for h in hands for c in h] + [deal.upcard] + top + bottom)
    return stacked_deck(variant, dealer, hands, deal.upcard, top + middle + bottom)


# --- building ----------------------------------------------------------------------------

def play(game: Game, decks: Sequence[list[str]],
         actions: Sequence[Sequence[Step]]) -> list[dict[str, Any]]:
    """The record's hands: each deck with its actions, filler turns expanded.

    An action the engine refuses is the scenario's illegal action: it is still written,
    and nothing after it is applied (the record stops being replayable there).
    """
    failed = False
    hands_out = []
    for deck, steps in zip(decks, actions, strict=True):
        texts: list[str] = []
        for step in steps:
            if isinstance(step, str):
                texts.append(step)
                if not failed:
                    try:
                        game.apply(step)
                    except ValueError:
                        failed = True  # the scenario's illegal action; nothing after it counts
            else:
                assert not failed
                texts.extend(step(game))
        hands_out.append({"deck": deck, "actions": texts})
    return hands_out


def build(variant_name: str, s: Scenario, cards: Callable[[str], list[str]],
          options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario's record and expectation (``legal`` sorted, as ``verify`` prints it)."""
    the_options = s.options if options is None else options
    table = None if s.cards is None else named_cards(variant_name, s.cards)
    assert s.cards is None or table is not None, f"{variant_name} ships no table {s.cards!r}"
    variant = get_variant(variant_name, the_options, cards=table)
    decks = [deck_for(variant, (s.first_dealer + i) % variant.players, d, cards)
             for i, d in enumerate(s.deals)]
    game = Game(variant, seed=7, first_dealer=s.first_dealer, decks=decks)
    record = {
        "format": "tablerummy/1",
        "variant": variant_name,
        "rule": s.rule,
        "description": s.description,
        "options": the_options,
        **({"cards": s.cards} if s.cards is not None else {}),
        "seed": 7,
        "first_dealer": s.first_dealer,
        "hands": play(game, decks, s.actions),
        **s.record_extra,
    }
    expected = dict(s.expected)
    if "legal" in expected:
        expected["legal"] = sorted(expected["legal"])
    return record, expected


# --- writing -----------------------------------------------------------------------------

def dump_record(record: dict[str, Any], per_line: int) -> str:
    """JSON, readable: decks ``per_line`` cards a line, one action a line."""
    lines = ["{"]
    for key in [k for k in record if k != "hands"]:
        lines.append(f'  {json.dumps(key)}: {json.dumps(record[key], ensure_ascii=False)},')
    lines.append('  "hands": [')
    for h, entry in enumerate(record["hands"]):
        lines.append("    {")
        deck = entry["deck"]
        if isinstance(deck, list) and all(isinstance(c, str) for c in deck):
            rows = [", ".join(json.dumps(c) for c in deck[i:i + per_line])
                    for i in range(0, len(deck), per_line)]
            lines.append('      "deck": [')
            lines.extend(f"        {row}," if i < len(rows) - 1 else f"        {row}"
                         for i, row in enumerate(rows))
            lines.append("      ],")
        else:
            lines.append(f'      "deck": {json.dumps(deck)},')
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


def write(here: Path, name: str, record: dict[str, Any], expected: dict[str, Any],
          per_line: int) -> None:
    """``NAME.json`` (laid out by :func:`dump_record`) and ``NAME.expected``."""
    text = dump_record(record, per_line)
    assert json.loads(text) == record
    (here / f"{name}.json").write_text(text, encoding="utf-8")
    (here / f"{name}.expected").write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_raw(here: Path, name: str, record: dict[str, Any], expected: dict[str, Any]) -> None:
    """A broken record, written as given."""
    (here / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    (here / f"{name}.expected").write_text(json.dumps(expected, indent=1) + "\n",
                                           encoding="utf-8")


def clear(here: Path) -> None:
    """Remove the records built last time, so that a renamed scenario leaves no orphan."""
    for old in [*here.glob("*.json"), *here.glob("*.expected")]:
        old.unlink()
