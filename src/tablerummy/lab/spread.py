"""The spread of fitted ratings over a population of bots, after Duersch, Lambrecht &
Oechssler (2020, "Measuring skill and chance in games", *European Economic Review* 127).

Their idea: in a game of skill, players of different ability get ratings far apart; in a
game of chance, ratings fitted to the same schedule of games stay close together, however
different the players.  So fit ratings to a population of players of graded strength
and compare their spread with the spread that pure chance gives on the same games.

Here the population is a list of bots (default: ``random``, ``greedy`` and ``ismcts`` at
three budgets), every deal is played with every seating of them (the tournament's
duplicate design), and the ratings are the tournament's: one pass of openskill's
Plackett-Luce updates over the games in deal order, each game ranking its sides by final
total.  Measures (``docs/lab.md``):

* each bot's rating ``mu``, with a percentile-bootstrap interval over deals;
* the **spread**: the standard deviation of the ``mu`` over the population (and their
  range, best minus worst), with a bootstrap interval over deals;
* the **chance spread**: the same fit on the same games with every game's ranking
  replaced by a random order of its sides (:data:`CHANCE_FITS` fits, a fixed seed):
  what the spread is when nothing but luck decides, for this schedule;
* **spread over chance**: spread / chance spread; near 1 says chance, far above says
  skill.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import OptionError
from ..simulate import GameResult, Setup, check_setup
from ..tournament import Ranked, Task, check_backend, fit_ratings, run_tasks, side_ranks, tasks
from .seats import LAB_HOOKS

DEFAULT_POPULATION = ("random", "greedy", "ismcts:iterations=30:prior=1:tree=1",
                      "ismcts:iterations=100:prior=1:tree=1",
                      "ismcts:iterations=300:prior=1:tree=1")
"""Bots of graded strength, from the beginner up, cheap enough for a quick run: the
search fully guided by greedy at 30, 100 and 300 iterations (the default search before
2026-12-05, whose strength by budget docs/bots.md measured).  A population with today's
default (``ismcts``, the table's budget of about half a second a move) is a
``--population`` away."""
RESAMPLES = 200
"""Bootstrap resamples of the spread: each refits every rating (openskill is slow)."""
CHANCE_FITS = 20
"""Fits with random rankings that make the chance spread."""
SEED = 12
"""The bootstrap's and the chance fits' seed (fixed: the same games, the same numbers)."""


def spread_of(mus: Sequence[float]) -> float:
    """The population standard deviation of the ratings."""
    return statistics.pstdev(mus)


def _percentiles(values: list[float]) -> list[float] | None:
    if len(values) < 2:
        return None
    ordered = sorted(values)

    def at(p: float) -> float:
        position = (len(ordered) - 1) * p
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    return [at(0.025), at(0.975)]


@dataclass
class Spread:
    """The games of a spread run and what they show (:meth:`to_json`)."""

    setup: Setup
    deals: int
    resamples: int = RESAMPLES
    results: list[tuple[Task, GameResult]] = field(default_factory=list)
    total: int = 0
    """The games the run plays."""

    def add(self, task: Task, result: GameResult) -> None:
        self.results.append((task, result))

    def by_deal(self) -> list[list[Ranked]]:
        """The rated games of each deal, deals and seatings in order."""
        deals: dict[int, list[Ranked]] = {}
        for (deal, _, _), result in sorted(self.results, key=lambda item: item[0][:2]):
            ranked = side_ranks(result)
            if ranked is not None:
                deals.setdefault(deal, []).append(ranked)
        return [deals[d] for d in sorted(deals)]

    def to_json(self) -> dict[str, Any]:
        labels = self.setup.labels
        entries = len(labels)
        deals = self.by_deal()
        games = [g for deal in deals for g in deal]
        errors = [r.error for _, r in self.results if r.error is not None]
        out: dict[str, Any] = {
            "variant": self.setup.variant,
            "options": dict(self.setup.options),
            "cards": dict(self.setup.cards) if self.setup.cards is not None else None,
            "seed": self.setup.seed,
            "population": list(labels),
            "deals": self.deals,
            "games": len(self.results),
            "rated_games": len(games),
            "errors": len(errors),
            "error_messages": [str(e) for e in errors[:20]],
        }
        if not games:
            return out
        fitted = [r.mu for r in fit_ratings(entries, games)]
        rng = random.Random(SEED)
        boot_mus: list[list[float]] = []
        for _ in range(self.resamples if len(deals) > 1 else 0):
            sample = [g for _ in deals for g in deals[rng.randrange(len(deals))]]
            boot_mus.append([r.mu for r in fit_ratings(entries, sample)])
        chance = []
        for _ in range(CHANCE_FITS):
            shuffled = []
            for sides, _ in games:
                order = list(range(1, len(sides) + 1))
                rng.shuffle(order)
                shuffled.append((sides, order))
            chance.append(spread_of([r.mu for r in fit_ratings(entries, shuffled)]))
        spread = spread_of(fitted)
        chance_mean = statistics.fmean(chance)
        out["rating"] = {label: {"mu": fitted[i],
                                 "ci95": _percentiles([m[i] for m in boot_mus])}
                         for i, label in enumerate(labels)}
        out["spread"] = {"value": spread, "ci95": _percentiles([spread_of(m)
                                                                for m in boot_mus])}
        out["range"] = {"value": max(fitted) - min(fitted),
                        "ci95": _percentiles([max(m) - min(m) for m in boot_mus])}
        out["chance_spread"] = {"value": chance_mean, "ci95": _percentiles(chance)}
        out["spread_over_chance"] = spread / chance_mean if chance_mean else None
        out["resamples"] = len(boot_mus)
        out["chance_fits"] = CHANCE_FITS
        return out


def run_spread(setup: Setup, deals: int, workers: int = 1, backend: str = "local",
               address: str | None = None,
               on_result: Callable[[Task, GameResult], None] | None = None,
               resamples: int = RESAMPLES, dry: bool = False,
               journal: str | os.PathLike[str] | None = None) -> Spread:
    """Play every deal with every seating of the population and collect the games.

    ``dry``: check every setting and count the games (:attr:`Spread.total`), play none.
    """
    if len(setup.bots) < 2:
        raise OptionError("--population needs at least two bots to spread")
    setup = replace(setup, hooks=LAB_HOOKS)
    variant = check_setup(setup, deals, workers)
    check_backend(backend, address)
    setup = replace(setup, options=dict(variant.options))
    spread = Spread(setup, deals, resamples)
    all_tasks = tasks(deals, variant.players, len(setup.bots))
    spread.total = len(all_tasks)
    if dry:
        return spread
    for task, result in run_tasks(setup, all_tasks, workers, backend, address, journal):
        spread.add(task, result)
        if on_result is not None:
            on_result(task, result)
    return spread
