"""The skill share of a variant, as Borm & van der Genugten define relative skill.

Borm and van der Genugten (2001, "On a relative measure of skill for games with chance
elements", *TOP* 9) compare three players in the same seat against the same field:

* a **beginner** (here the ``random`` bot by default),
* a **strong** player (``greedy`` by default, or ``ismcts`` at a budget),
* a **clairvoyant** player, who knows the chance outcomes — here the strong player's
  search given the true deal: :class:`~tablerummy.bots.ismcts.ClairvoyantISMCTSBot`,
  the ISMCTS search started from the true position instead of determinizations.

Then the **learning effect** is the strong player's result minus the beginner's, the
**random effect** the clairvoyant's result minus the strong player's, and the **skill
share** learning / (learning + random) = (strong − beginner) / (clairvoyant − beginner):
the part of what perfect information could add that skill already gets.  0 is a game of
pure chance, 1 a game in which knowing the cards adds nothing to good play.

How it is measured here (``docs/lab.md``): every deal is played once per player and per
side of the table: the player under test holds every seat of that side (its partner
too, in team games), the ``field`` bot (default: the strong player) every other seat.  A
player's result in a deal is the mean over the sides it held of its win (1/0: the
``win`` measure) or of its final margin (its side's total less the best other side's:
the ``margin`` measure).  A deal with an abandoned game is left out whole, for every
player, so that the three stay paired; the intervals are a percentile bootstrap over
deals.  Since every player meets the same deals, luck cancels from the differences.

When the strong player is ``greedy``, "the same search given the true deal" does not
exist (greedy does not search: it prices moves from the unseen-card counts of its
observation), so the clairvoyant is ``ismcts`` with the options of ``--clairvoyant``.
Its random effect then holds the difference between the two ways of playing as well as
the value of the information: read it as a bound, and prefer an ``ismcts`` strong
player, whose clairvoyant differs from it in the information only.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..bots import parse_bot_name
from ..errors import OptionError
from ..simulate import GameResult, Setup, check_setup
from ..tournament import Task, check_backend, run_tasks
from ..userinput import shown
from .seats import CLAIRVOYANT, LAB_HOOKS
from .stats import bootstrap

ROLES = ("beginner", "strong", "clairvoyant")
"""The players under test, in the order of their entries (the field is the last entry)."""
MEASURES = ("win", "margin")


@dataclass(frozen=True)
class Players:
    """The three players under test and the field, as bot names."""

    beginner: str = "random"
    strong: str = "greedy"
    clairvoyant: str | None = None
    """ismcts settings for the clairvoyant (default: the strong player's if it is
    ismcts, else plain ``ismcts``)."""
    field: str | None = None
    """The bot at every other seat (default: the strong player)."""

    def entries(self) -> tuple[str, str, str, str]:
        """The run's entries: beginner, strong, clairvoyant, field."""
        return (self.beginner, self.strong, self.clairvoyant_name(),
                self.field or self.strong)

    def clairvoyant_name(self) -> str:
        """``clairvoyant:ismcts…`` with the search's settings."""
        search = self.clairvoyant
        if search is None:
            base, _ = parse_bot_name(self.strong)
            search = self.strong if base == "ismcts" else "ismcts"
        if search.strip().lower().startswith(CLAIRVOYANT):
            return search.strip()
        return f"{CLAIRVOYANT}{search.strip()}"


def skill_tasks(deals: int, sides: Sequence[Sequence[int]], players: int) -> list[Task]:
    """Every game: deal by deal, each player under test at each side of the table.

    A task's second number is ``role * len(sides) + side``; its seats give the tested
    entry (0, 1, 2: the role) to every seat of that side and the field (3) to the rest.
    """
    out: list[Task] = []
    for deal in range(deals):
        for role in range(len(ROLES)):
            for index, side in enumerate(sides):
                seats = tuple(role if seat in side else len(ROLES) for seat in range(players))
                out.append((deal, role * len(sides) + index, seats))
    return out


def tested_result(result: GameResult, side: int, measure: str) -> float:
    """The tested side's result in one game: a win (1/0) or its final margin."""
    if measure == "win":
        return 1.0 if result.winner == side else 0.0
    totals = [sum(h[i] for h in result.hand_scores) for i in range(len(result.sides))]
    return float(totals[side] - max(t for i, t in enumerate(totals) if i != side))


Unit = tuple[float, float, float]
"""One deal's results: beginner, strong, clairvoyant."""


def share_of(units: Sequence[Unit]) -> float | None:
    """(strong − beginner) / (clairvoyant − beginner) of the mean results; None when the
    clairvoyant does no better or worse than the beginner (no scale to measure on)."""
    n = len(units)
    b = math.fsum(u[0] for u in units) / n
    s = math.fsum(u[1] for u in units) / n
    c = math.fsum(u[2] for u in units) / n
    return None if c == b else (s - b) / (c - b)


def _role_mean(units: Sequence[Unit], role: int) -> float:
    return math.fsum(u[role] for u in units) / len(units)


def learning_of(units: Sequence[Unit]) -> float:
    """The learning effect: the strong player's mean result less the beginner's."""
    return math.fsum(u[1] - u[0] for u in units) / len(units)


def random_of(units: Sequence[Unit]) -> float:
    """The random effect: the clairvoyant's mean result less the strong player's."""
    return math.fsum(u[2] - u[1] for u in units) / len(units)


@dataclass
class Skill:
    """The games of a skill run and what they show (:meth:`to_json`)."""

    setup: Setup
    players: Players
    deals: int
    measure: str
    nsides: int
    results: list[tuple[Task, GameResult]] = field(default_factory=list)
    total: int = 0
    """The games the run plays."""

    def add(self, task: Task, result: GameResult) -> None:
        self.results.append((task, result))

    def units(self) -> tuple[list[int], list[Unit], list[str]]:
        """The deals kept, their results per role, and every error message."""
        per_deal: dict[int, list[list[float]]] = {}
        broken: set[int] = set()
        errors: list[tuple[int, int, str]] = []
        for (deal, number, _), result in self.results:
            if result.error is not None:
                broken.add(deal)
                errors.append((deal, number, result.error))
                continue
            role, side = divmod(number, self.nsides)
            roles = per_deal.setdefault(deal, [[] for _ in ROLES])
            roles[role].append(tested_result(result, side, self.measure))
        kept = sorted(d for d in per_deal if d not in broken)
        units: list[Unit] = []
        for deal in kept:
            b, s, c = (math.fsum(v) / len(v) for v in per_deal[deal])
            units.append((b, s, c))
        return kept, units, [message for *_, message in sorted(errors)]

    def to_json(self, raw: bool = True) -> dict[str, Any]:
        kept, units, errors = self.units()
        names = dict(zip((*ROLES, "field"), self.players.entries(), strict=True))
        out: dict[str, Any] = {
            "variant": self.setup.variant,
            "options": dict(self.setup.options),
            "cards": dict(self.setup.cards) if self.setup.cards is not None else None,
            "seed": self.setup.seed,
            "measure": self.measure,
            "players": names,
            "deals": self.deals,
            "games": len(self.results),
            "deals_kept": len(kept),
            "errors": len(errors),
            "error_messages": errors[:20],
        }
        if units:
            out["result"] = {role: {"mean": _role_mean(units, i),
                                    "ci95": bootstrap(units, partial(_role_mean, role=i))}
                             for i, role in enumerate(ROLES)}
            out["learning_effect"] = {"value": learning_of(units),
                                      "ci95": bootstrap(units, learning_of)}
            out["random_effect"] = {"value": random_of(units),
                                    "ci95": bootstrap(units, random_of)}
            out["skill_share"] = {"value": share_of(units), "ci95": bootstrap(units, share_of)}
        if raw:
            out["raw"] = [{"deal": deal, **dict(zip(ROLES, unit, strict=True))}
                          for deal, unit in zip(kept, units, strict=True)]
        return out


def run_skill(base: Setup, players: Players, deals: int, measure: str = "win",
              workers: int = 1, backend: str = "local", address: str | None = None,
              on_result: Callable[[Task, GameResult], None] | None = None,
              dry: bool = False, journal: str | os.PathLike[str] | None = None) -> Skill:
    """Play every deal with each player under test at each side against the field.

    ``dry``: check every setting and count the games (:attr:`Skill.total`), play none.
    """
    if measure not in MEASURES:
        raise OptionError(f"--measure is win or margin, not {shown(measure)}")
    setup = Setup(base.variant, base.options, players.entries(), base.seed, base.cards,
                  hooks=LAB_HOOKS)
    variant = check_setup(setup, deals, workers, rotate=False)  # seated by skill_tasks
    if len(variant.sides) < 2:
        raise OptionError("the skill share needs at least two sides at the table")
    check_backend(backend, address)
    setup = Setup(setup.variant, dict(variant.options), setup.bots, setup.seed, setup.cards,
                  hooks=LAB_HOOKS)
    skill = Skill(setup, players, deals, measure, len(variant.sides))
    all_tasks = skill_tasks(deals, variant.sides, variant.players)
    skill.total = len(all_tasks)
    if dry:
        return skill
    for task, result in run_tasks(setup, all_tasks, workers, backend, address, journal):
        skill.add(task, result)
        if on_result is not None:
            on_result(task, result)
    return skill
