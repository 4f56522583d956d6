"""What a search bot asks of ``capone`` beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from ..family import SearchHooks
from ..variant import HandState
from . import actions as A
from .estimate import FEATURES, features
from .state import CaponeState


class CaponeSearch(SearchHooks):
    """Melds and layoffs are the action ids from ``MELD`` up to ``DISCARD``: a light
    rollout prefers them (a uniformly random one mostly discards and hardly ever melds).
    A hand cut off is valued by the learned estimate of :mod:`.estimate`."""

    budgets: ClassVar[Mapping[tuple[str, int], int]] = {("capone", 2): 1500, ("capone", 4): 900}
    """Measured 2026-12-05 (docs/benchmarks.md, What a searched move costs)."""

    estimate_file = Path(__file__).with_name("estimate.json")
    feature_names = FEATURES

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        return A.MELD, A.DISCARD

    def features(self, state: HandState, side: int) -> list[float]:
        assert isinstance(state, CaponeState)
        return features(state, side)


SEARCH = CaponeSearch()
