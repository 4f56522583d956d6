"""What a search bot asks of ``ripper`` beyond its rules
(:class:`~tablerummy.family.SearchHooks`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from ..family import SearchHooks
from ..variant import HandState
from . import actions as A
from .estimate import FEATURES, features
from .scoring import hand_scores
from .state import RipperState


class RipperSearch(SearchHooks):
    """Melds and layoffs (action ids ``MELD`` up to ``DISCARD``) guide a light rollout; a
    hand cut off before it ended stands at what it would score if the Ripper stayed at
    large now (no suspect doubled: the race is not decided until the hand ends), raised
    by the learned estimate of :mod:`.estimate`."""

    budgets: ClassVar[Mapping[tuple[str, int], int]] = {("ripper", 2): 600}
    """Measured 2026-12-05 (docs/benchmarks.md, What a searched move costs)."""

    estimate_file = Path(__file__).with_name("estimate.json")
    feature_names = FEATURES

    def progress_range(self, state: HandState) -> tuple[int, int] | None:
        return A.MELD, A.DISCARD

    def standing(self, state: HandState) -> list[float]:
        if state.is_over or not isinstance(state, RipperState):
            return [float(s) for s in state.scores()]
        scores, _ = hand_scores("at-large", state.areas, state.wilds, state.hands,
                                state.votes, state.cards)
        return [float(s) for s in scores]

    def features(self, state: HandState, side: int) -> list[float]:
        assert isinstance(state, RipperState)
        return features(state, side)


SEARCH = RipperSearch()
