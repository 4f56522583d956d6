"""Positions and option sets for the fuzz tests, for every registered variant.

Variants with a conformance entry use its option sets; any other registered variant
is still fuzzed, with the player counts it accepts.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tablerummy.errors import OptionError
from tablerummy.game import Game
from tablerummy.variant import Action, Variant, get_variant, variant_names

from .entries import ENTRIES


def option_sets(name: str) -> list[Mapping[str, object]]:
    known = [o for entry in ENTRIES if entry.name == name for o in entry.option_sets]
    if known:  # a variant may have several entries (arlington: with and without Joker)
        return known
    out: list[Mapping[str, object]] = []
    for players in (2, 4):
        try:
            get_variant(name, {"players": players})
        except OptionError:
            continue
        out.append({"players": players})
    return out


def all_tables() -> list[tuple[str, Mapping[str, object]]]:
    """Every registered variant with each of its option sets."""
    return [(name, options) for name in variant_names() for options in option_sets(name)]


def legal_pool(variant: Variant, seeds: range = range(2), steps: int = 600) -> list[Action]:
    """Every distinct legal action met in random games, in the order first met.

    The parser does not depend on the position, so a pool of actions that really occur
    stands in for "every legal action" at a fraction of the cost of fresh positions.
    """
    seen: dict[Action, None] = {}
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(variant, seed=seed)
        for _ in range(steps):
            legal = game.legal_actions()
            if game.game_over or not legal:
                break
            seen.update(dict.fromkeys(legal))
            game.apply(legal[rng.randrange(len(legal))], checked=False)
    return list(seen)


def vocabulary(variant: Variant, actions: list[Action]) -> list[str]:
    """The words of the actions' texts, and the card ids."""
    words = set(variant.deck())
    for action in actions:
        words.update(variant.action_text(action).split())
    return sorted(words)
