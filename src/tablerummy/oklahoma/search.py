"""What a search bot asks of the Oklahoma family beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import ClassVar

from ..family import SearchHooks
from ..variant import Action, HandState
from . import actions as A
from .estimate import FEATURES, features
from .state import OklahomaState

_PROGRESS = frozenset((A.PILE, A.MELD, A.LAYOFF))
"""The verbs that put cards on the table (taking the pile melds its top card)."""


def _progresses(action: Action) -> bool:
    return action[0] in _PROGRESS  # type: ignore[index]


class OklahomaSearch(SearchHooks):
    """A light rollout prefers taking the pile, melds and layoffs (actions are tuples,
    not numbered: tested by their verb); a hand cut off is valued by the learned estimate
    of :mod:`.estimate` in fortune, by its standing in the Arlington tables."""

    budgets: ClassVar[Mapping[tuple[str, int], int]] = {("fortune", 2): 700, ("arlington", 2): 700,
               ("arlington-heights", 2): 800}
    """Measured 2026-12-05 (docs/benchmarks.md, What a searched move costs)."""

    estimate_file = Path(__file__).with_name("estimate.json")
    feature_names = FEATURES
    stands = frozenset(("arlington", "arlington-heights"))
    """Decided 2026-12-06 on the first deals of each table's row against greedy, each game
    paired with the learned search's on the same deal and seating: the standing won
    +26 points in arlington (78 % against 52 %, 100 games; the learned fit's R² is 0.34)
    and +10 in arlington-heights (70 % against 60 %, 50 games; R² 0.36); in fortune, +2 (56 %
    against 54 %: no difference, and its fit explains twice as much, R² 0.63), so fortune
    keeps the learned estimate (docs/benchmarks.md, Bot strength)."""

    def progress(self, state: HandState) -> Callable[[Action], bool] | None:
        return _progresses

    def features(self, state: HandState, side: int) -> list[float]:
        assert isinstance(state, OklahomaState)
        return features(state, side)


SEARCH = OklahomaSearch()
