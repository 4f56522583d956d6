"""Calibration: which card-value scale makes strong-against-strong games as long as the
rulebook says, at every player count.

The printed card values of ``capone`` and ``ripper`` are not public, so tablerummy's are
its own (``docs/rules-capone.md``, ``docs/rules-ripper.md``); the rulebooks do say how
long a game lasts: Al Capone "usually 4–7" hands, Jack the Ripper "usually between 3 and
5".  This module plays the game shape (:mod:`.shape`, hands per game) with every value
of tablerummy's table multiplied by each of a list of scales — the rulebook's own numbers
(:data:`FACTS`: copies, the Letters' 3 points, Ripper Escapes' 35 and −2) kept — at each
player count, and proposes the scale whose games fall in the range at every count,
closest to the range's middle.  A scale is a ``--cards`` table (:func:`scaled_cards`),
so the current values stay one file away whatever becomes the default.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cardtables import PerVariant, scaled_cards
from ..errors import OptionError
from ..simulate import GameResult, Setup
from ..tournament import Task
from ..userinput import shown
from .shape import Shape, run_shape

RULEBOOK_RANGE: Mapping[str, tuple[float, float]] = PerVariant(lambda tables: tables.hands)
"""Hands per game, as the rulebooks put it (each family's :attr:`CardTables.hands
<tablerummy.family.CardTables.hands>`): "usually 4–7" (Al Capone), "usually between 3 and
5" (Jack the Ripper)."""


@dataclass
class Calibration:
    """Hands per game at every (scale, player count), and the proposal: the scale whose
    worst player count lies least outside the range (then: whose worst count lies
    closest to the range's middle)."""

    variant: str
    bots: tuple[str, ...]
    scales: tuple[float, ...]
    players: tuple[int, ...]
    deals: int
    seed: int
    options: Mapping[str, object] = field(default_factory=dict)
    cells: dict[tuple[float, int], Shape] = field(default_factory=dict)
    base: Mapping[str, Mapping[str, int]] | None = None
    """The card table the scales multiply (a ``--cards`` table); None: the defaults."""

    def to_json(self) -> dict[str, Any]:
        low, high = RULEBOOK_RANGE[self.variant]
        grid: dict[str, dict[str, Any]] = {}
        ranked: list[tuple[float, float, float]] = []
        errors = 0
        for scale in self.scales:
            row: dict[str, Any] = {}
            miss = distance = 0.0
            for players in self.players:
                data = self.cells[(scale, players)].to_json(raw=False)
                errors += data["errors"]
                hands = data.get("hands_per_game") or {"mean": None, "ci95": None, "n": 0}
                mean = hands["mean"]
                row[str(players)] = {"mean": mean, "ci95": hands["ci95"], "n": hands["n"],
                                     "in_range": mean is not None and low <= mean <= high}
                if mean is None:
                    miss = math.inf
                else:
                    miss = max(miss, low - mean, mean - high)
                    distance = max(distance, abs(mean - (low + high) / 2))
            grid[f"{scale:g}"] = row
            ranked.append((miss, distance, scale))
        tables: dict[str, str] = {}  # small values round alike: say which scales coincide
        for scale in self.scales:
            key = json.dumps(scaled_cards(self.variant, scale, self.base), sort_keys=True)
            first = tables.setdefault(key, f"{scale:g}")
            if first != f"{scale:g}":
                grid[f"{scale:g}"]["same_table_as"] = first
        miss, _, best = min(ranked)
        proposal = {"scale": best, "all_in_range": miss == 0,
                    "worst_miss": miss if math.isfinite(miss) else None,
                    "cards": scaled_cards(self.variant, best, self.base)}
        return {
            "variant": self.variant, "options": dict(self.options), "bots": list(self.bots),
            "seed": self.seed, "deals": self.deals, "players": list(self.players),
            "scales": list(self.scales), "base_cards": self.base,
            "rulebook_range": [low, high], "grid": grid,
            "default_in_range": grid.get("1", {}) != {} and all(
                cell["in_range"] for cell in grid["1"].values()),
            "proposal": proposal, "errors": errors,
        }


def run_calibration(variant: str, scales: Sequence[float], players: Sequence[int],
                    bots: Sequence[str], deals: int, seed: int = 0,
                    options: Mapping[str, object] | None = None, workers: int = 1,
                    backend: str = "local", address: str | None = None,
                    on_result: Callable[[Task, GameResult], None] | None = None,
                    base: Mapping[str, Mapping[str, int]] | None = None) -> Calibration:
    """The game shape of every (scale, player count); cells share the deals' seeds.

    ``base`` (a ``--cards`` table) is what the scales multiply: tablerummy's defaults
    when None, so that a calibration of another table is as easy as of today's."""
    if variant not in RULEBOOK_RANGE:
        known = " and ".join(RULEBOOK_RANGE)
        raise OptionError(f"calibration knows {known}, not {shown(variant)}")
    if not scales or not players:
        raise OptionError("give at least one scale and one player count")
    tables = {scale: scaled_cards(variant, scale, base) for scale in scales}  # checks them all
    given = dict(options or {})
    calibration = Calibration(variant, tuple(bots), tuple(scales), tuple(players), deals,
                              seed, given, base=base)
    for scale in scales:
        for count in players:
            setup = Setup(variant, {**given, "players": count}, tuple(bots), seed,
                          tables[scale])
            calibration.cells[(scale, count)] = run_shape(setup, deals, workers, backend,
                                                          address, on_result)
    return calibration
